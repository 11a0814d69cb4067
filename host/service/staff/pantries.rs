//! A food bank admin's pantries (`/staff/pantries-admin`, `/api/v1/staff/pantries-admin`): add one
//! (placed at its ZIP's centre from the offline ZIP table, or where its pin was dropped), edit it,
//! deactivate or reactivate it, and give it photos. The fields are judged once, by
//! `domain::network`; each change is written with its audit entry (`pantry.create|update|
//! deactivate|activate|photo`) in one transaction. Search, the pantry's page and the sitemap follow
//! at once (the triggers bump the pantry's and the directory's cache scopes); a deactivated pantry
//! keeps its orders, which its staff still see.
use crate::service::{Context, Error, Result, staff::Staff, staff::items::photo_refusal};
use crate::{
    db::repo::{
        audit::AuditEntry,
        staff::pantries::{PantryAdminRow, PantryFields},
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        network::{PantryFacts, pantry_errors},
        staff::FoodBankAdmin,
    },
    geo::{self, ZipInfo},
    infra::images::{self, Photo},
    model::staff_pantries::{AdminFoodBank, AdminPantries, AdminPantry, PantryForm},
};

fn admin_pantry(r: PantryAdminRow) -> AdminPantry {
    AdminPantry {
        id: r.id,
        food_bank_id: r.food_bank_id,
        name: r.label,
        address_line1: r.address_line1,
        city: r.city,
        state: r.state,
        zip: r.zip,
        latitude: r.latitude,
        longitude: r.longitude,
        time_zone: r.time_zone,
        phone: r.phone,
        instructions: r.instructions,
        restricted: r.restricted,
        pickup: r.pickup,
        delivery: r.delivery,
        active: r.active,
        photos: r.photos,
    }
}

fn not_found() -> Error {
    Error::not_found(&messages::PANTRY_NOT_FOUND)
}

fn banks(admin: &Staff<FoodBankAdmin>) -> Vec<Id> {
    admin.reach.food_banks.iter().copied().collect()
}

/// The admin's food banks and all their pantries (active first, then by name).
pub async fn pantries(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<AdminPantries> {
    let food_banks = state
        .store
        .admin_food_banks(banks(admin))
        .await?
        .into_iter()
        .map(|(id, name, time_zone)| AdminFoodBank { id, name, time_zone })
        .collect();
    let mut pantries: Vec<AdminPantry> =
        state.store.admin_pantries(banks(admin), None).await?.into_iter().map(admin_pantry).collect();
    pantries.sort_by_key(|p| (!p.active, p.name.to_lowercase(), p.id));
    Ok(AdminPantries { food_banks, pantries })
}

/// One of the admin's pantries; another food bank's is NotFound, like none.
async fn one(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id) -> Result<PantryAdminRow> {
    state.store.admin_pantries(banks(admin), Some(id)).await?.pop().ok_or_else(not_found)
}

fn trimmed(text: &Option<String>) -> Option<String> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
}

/// The form judged: its fields as they will be written, and the ZIP's entry of the table.
/// `place` is where the pantry is now (editing): kept unless the form moves the pin or the ZIP.
fn judged(form: &PantryForm, place: Option<(&str, f64, f64)>) -> Result<(PantryFields, ZipInfo)> {
    let zip_text = form.zip.trim();
    let zip = geo::zip_table().lookup(zip_text);
    let name = form.name.trim();
    let line1 = form.address_line1.trim();
    let time_zone = form.time_zone.trim();
    let phone = trimmed(&form.phone);
    let instructions = trimmed(&form.instructions);
    let facts = PantryFacts {
        name,
        address_line1: line1,
        zip: zip_text,
        zip_known: zip.is_some(),
        time_zone,
        phone: phone.as_deref(),
        instructions: instructions.as_deref(),
        latitude: form.latitude,
        longitude: form.longitude,
        pickup: form.pickup,
        delivery: form.delivery,
    };
    let errors = pantry_errors(&facts);
    let Some(zip) = zip.filter(|_| errors.is_empty()) else { return Err(Error::fields(errors)) };
    let (latitude, longitude) = match (form.latitude, form.longitude, place) {
        (Some(lat), Some(lng), _) => (lat, lng),
        (_, _, Some((old_zip, lat, lng))) if old_zip == zip.zip => (lat, lng),
        _ => (zip.lat, zip.lng),
    };
    let city = trimmed(&form.city).or_else(|| zip.city.map(str::to_owned)).unwrap_or_default();
    let fields = PantryFields {
        label: name.to_owned(),
        address_line1: line1.to_owned(),
        city,
        latitude,
        longitude,
        time_zone: time_zone.to_owned(),
        phone,
        instructions,
        restricted: form.restricted,
        pickup: form.pickup,
        delivery: form.delivery,
    };
    Ok((fields, zip))
}

fn audit(
    admin: &Staff<FoodBankAdmin>,
    pantry: &AdminPantry,
    action: AuditAction,
    before: Option<&AdminPantry>,
    after: Option<&AdminPantry>,
) -> AuditEntry {
    AuditEntry::change(
        admin.user_id,
        (pantry.food_bank_id, Some(pantry.id)),
        action,
        format!("pantryLocation:{}", pantry.id),
        before,
        after,
    )
}

async fn reread(tx: &crate::db::repo::Write, food_bank: Id, id: Id) -> Result<AdminPantry> {
    tx.admin_pantries(vec![food_bank], Some(id)).await?.pop().map(admin_pantry).ok_or_else(not_found)
}

/// Adds a pantry to the admin's food bank `form.foodBankId` (their first when None).
pub async fn create(state: &Context, admin: &Staff<FoodBankAdmin>, form: &PantryForm) -> Result<AdminPantry> {
    let food_bank = match form.food_bank_id {
        Some(id) if admin.reach.food_banks.contains(&id) => id,
        Some(_) => return Err(Error::not_found(&messages::FOOD_BANK_NOT_FOUND)),
        None => *admin.reach.food_banks.first().ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?,
    };
    let (fields, zip) = judged(form, None)?;
    let now = state.clock.now();
    let (fields, zip) = (&fields, &zip);
    state
        .store
        .write(|tx| async move {
            let id = tx.insert_pantry(food_bank, fields, zip, now).await?;
            let after = reread(&tx, food_bank, id).await?;
            tx.audit(audit(admin, &after, AuditAction::PantryCreate, None, Some(&after)), now).await?;
            Ok(after)
        })
        .await
}

/// Edits one of the admin's pantries (active or not).
pub async fn update(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id, form: &PantryForm) -> Result<AdminPantry> {
    let current = one(state, admin, id).await?;
    let (fields, zip) = judged(form, Some((&current.zip, current.latitude, current.longitude)))?;
    let now = state.clock.now();
    let (fields, zip) = (&fields, &zip);
    state
        .store
        .write(|tx| async move {
            let before = reread(&tx, current.food_bank_id, id).await?;
            tx.update_pantry(id, current.address_id, fields, zip).await?;
            let after = reread(&tx, current.food_bank_id, id).await?;
            tx.audit(audit(admin, &after, AuditAction::PantryUpdate, Some(&before), Some(&after)), now).await?;
            Ok(after)
        })
        .await
}

/// Deactivates a pantry (gone from search, its page and the sitemap; its orders kept) or
/// activates it again.
pub async fn set_active(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id, active: bool) -> Result<AdminPantry> {
    let current = one(state, admin, id).await?;
    let now = state.clock.now();
    state
        .store
        .write(|tx| async move {
            let before = reread(&tx, current.food_bank_id, id).await?;
            if before.active == active {
                return Ok(before);
            }
            tx.set_pantry_active(id, active).await?;
            let after = AdminPantry { active, ..before.clone() };
            let action = if active { AuditAction::PantryActivate } else { AuditAction::PantryDeactivate };
            tx.audit(audit(admin, &after, action, Some(&before), Some(&after)), now).await?;
            Ok(after)
        })
        .await
}

/// Adds the photo `upload` to a pantry (the items' rules: JPEG, PNG or WebP up to 5 MB,
/// re-encoded and shrunk by the server, kept by the file store), after its others.
pub async fn photo(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id, upload: Vec<u8>) -> Result<AdminPantry> {
    let current = one(state, admin, id).await?;
    if upload.is_empty() {
        return Err(Error::Invalid((&messages::PHOTO_MISSING).into()));
    }
    // Decoding and encoding take a while on a large photo: off the request threads.
    let photo: Photo = tokio::task::spawn_blocking(move || images::reencode(&upload))
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .map_err(photo_refusal)?;
    let now = state.clock.now();
    // Content-addressed, so a file stored for a write that then fails is harmless and reused.
    let name = state.files.put(photo.bytes, Photo::EXT, now).await?;
    let name = &name;
    state
        .store
        .write(|tx| async move {
            let before = reread(&tx, current.food_bank_id, id).await?;
            tx.add_pantry_photo(id, &name.url_path()).await?;
            let after = reread(&tx, current.food_bank_id, id).await?;
            tx.audit(audit(admin, &after, AuditAction::PantryPhoto, Some(&before), Some(&after)), now).await?;
            Ok(after)
        })
        .await
}
