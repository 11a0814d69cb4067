//! A pantry's items kept by its staff (`/staff/items`, `/api/v1/staff/items`): add one from the
//! food bank's catalog or as a new product, edit it, hide or show it, and give its product a photo.
//! The fields are judged once, by `domain::items`; each change is written with its audit entry
//! (`item.create|update|hide|show|photo`) in one transaction. What the shop shows follows at once:
//! the cache-scope triggers on the rows written bump the pantry's stock and the catalog.
use crate::service::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::{
        audit::AuditEntry,
        staff::grants::StaffPantryRow,
        staff::items::{ItemRow, ProductFields},
    },
    domain::{
        Id,
        audit::AuditAction,
        items::{Choice, ItemFacts, item_errors, source_code},
        messages,
        staff::PantryStaff,
    },
    infra::images::{self, Photo, PhotoProblem},
    model::staff_items::{CatalogProduct, ItemForm, Named, StaffItem, StaffItems},
};

fn staff_item(r: ItemRow) -> StaffItem {
    StaffItem {
        id: r.id,
        product_id: r.product_id,
        shared: r.product_food_bank.is_none(),
        name: r.name,
        name_es: r.name_es,
        amount: r.amount,
        unit_id: r.unit_id,
        unit: r.unit,
        category_id: r.category_id,
        category: r.category,
        source: r.source,
        active: r.active,
        quantity: r.quantity,
        photo: r.photo,
    }
}

fn named(rows: Vec<(Id, String)>) -> Vec<Named> {
    rows.into_iter().map(|(id, name)| Named { id, name }).collect()
}

fn item_not_found() -> Error {
    Error::not_found(&messages::ITEM_NOT_FOUND)
}

async fn pantries_of(state: &Context, staff: &Staff<PantryStaff>) -> Result<Vec<StaffPantryRow>> {
    Ok(state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?)
}

/// The caller's pantry `pantry` (the first of theirs when None).
async fn pantry_of(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
) -> Result<(StaffPantryRow, Vec<StaffPantryRow>)> {
    let pantries = pantries_of(state, staff).await?;
    let chosen = match pantry {
        Some(id) => pantries.iter().find(|p| p.id == id),
        None => pantries.first(),
    }
    .cloned()
    .ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))?;
    Ok((chosen, pantries))
}

/// The pantry of an item the caller keeps; another pantry's item is NotFound, like none.
async fn item_place(state: &Context, staff: &Staff<PantryStaff>, item: Id) -> Result<StaffPantryRow> {
    let pantry =
        state.store.item_pantry(item).await?.filter(|p| staff.reach.has_pantry(*p)).ok_or_else(item_not_found)?;
    Ok(pantry_of(state, staff, Some(pantry)).await?.0)
}

/// The pantry's items (active first, then by name) and the form's choices.
pub async fn items(state: &Context, staff: &Staff<PantryStaff>, pantry: Option<Id>) -> Result<StaffItems> {
    let (chosen, pantries) = pantry_of(state, staff, pantry).await?;
    let mut items: Vec<StaffItem> =
        state.store.pantry_item_rows(chosen.id, None).await?.into_iter().map(staff_item).collect();
    items.sort_by_key(|i| (!i.active, i.name.to_lowercase(), i.id));
    let catalog = state
        .store
        .catalog_of(chosen.food_bank_id)
        .await?
        .into_iter()
        .map(|(id, name, bank)| CatalogProduct { id, name, shared: bank.is_none() })
        .collect();
    Ok(StaffItems {
        pantries: pantries.into_iter().map(|p| Named { id: p.id, name: p.label }).collect(),
        pantry_id: chosen.id,
        items,
        catalog,
        units: named(state.store.unit_names().await?),
        categories: named(state.store.category_names().await?),
    })
}

/// The form's text fields trimmed: an empty Spanish name is none.
fn product_fields(form: &ItemForm) -> ProductFields {
    ProductFields {
        name: form.name.trim().to_owned(),
        name_es: form.name_es.as_deref().map(str::trim).filter(|n| !n.is_empty()).map(str::to_owned),
        amount: form.amount,
        unit_id: form.unit_id,
    }
}

/// Judges the form against the food bank's catalog and the reference lists; `keeps_own` says the
/// item keeps a product of the food bank's own, whose fields the form then edits.
async fn check(state: &Context, food_bank: Id, form: &ItemForm, keeps_own: bool) -> Result<()> {
    let catalog = state.store.catalog_of(food_bank).await?;
    let units = state.store.unit_names().await?;
    let categories = state.store.category_names().await?;
    let known =
        |id: Option<Id>, list: &[(Id, String)]| id.map(|id| Choice { known: list.iter().any(|(i, _)| *i == id) });
    let facts = ItemFacts {
        product: if keeps_own {
            None
        } else {
            form.product_id.map(|id| Choice { known: catalog.iter().any(|(i, _, _)| *i == id) })
        },
        name: &form.name,
        name_es: form.name_es.as_deref(),
        amount: form.amount,
        unit: known(form.unit_id, &units),
        category: known(form.category_id, &categories),
        source: form.source.as_deref(),
    };
    let errors = item_errors(&facts);
    if errors.is_empty() { Ok(()) } else { Err(Error::fields(errors)) }
}

fn audit(
    staff: &Staff<PantryStaff>,
    pantry: &StaffPantryRow,
    action: AuditAction,
    id: Id,
    before: Option<&StaffItem>,
    after: Option<&StaffItem>,
) -> AuditEntry {
    AuditEntry::change(
        staff.user_id,
        (pantry.food_bank_id, Some(pantry.id)),
        action,
        format!("inventoryItem:{id}"),
        before,
        after,
    )
}

/// Adds an item to the caller's pantry `form.pantry_id` (their first when None).
pub async fn create(state: &Context, staff: &Staff<PantryStaff>, form: &ItemForm) -> Result<StaffItem> {
    let (pantry, _) = pantry_of(state, staff, form.pantry_id).await?;
    check(state, pantry.food_bank_id, form, false).await?;
    // Checked above: an unknown source was refused there.
    let source = source_code(form.source.as_deref()).ok().flatten();
    let now = state.clock.now();
    let pantry = &pantry;
    state
        .store
        .write(|tx| async move {
            let product = match form.product_id {
                Some(id) => id,
                None => tx.insert_product(pantry.food_bank_id, &product_fields(form), now).await?,
            };
            let id = tx.insert_item(pantry.id, product, source, now).await?;
            tx.set_item_category(id, form.category_id).await?;
            let after =
                tx.pantry_item_rows(pantry.id, Some(id)).await?.pop().map(staff_item).ok_or_else(item_not_found)?;
            tx.audit(audit(staff, pantry, AuditAction::ItemCreate, id, None, Some(&after)), now).await?;
            Ok(after)
        })
        .await
}

/// Edits an item: another product of the catalog (`form.product_id`), or the fields of its own
/// product when it is the food bank's; its category and source. The product's fields change at
/// every pantry that stocks it, so when another does, only the food bank's admin changes them
/// and the change log files it under the food bank, not one pantry.
pub async fn update(state: &Context, staff: &Staff<PantryStaff>, id: Id, form: &ItemForm) -> Result<StaffItem> {
    let pantry = item_place(state, staff, id).await?;
    let current = state.store.pantry_item_rows(pantry.id, Some(id)).await?.pop().ok_or_else(item_not_found)?;
    let switches = form.product_id.is_some_and(|p| p != current.product_id);
    let keeps_own = !switches && current.product_food_bank == Some(pantry.food_bank_id);
    check(state, pantry.food_bank_id, form, keeps_own).await?;
    let current_fields = ProductFields {
        name: current.name.clone(),
        name_es: current.name_es.clone(),
        amount: current.amount,
        unit_id: current.unit_id,
    };
    let edits_product = keeps_own && product_fields(form) != current_fields;
    let shared = edits_product && shared_product(state, staff, &pantry, current.product_id).await?;
    // Checked above: an unknown source was refused there.
    let source = source_code(form.source.as_deref()).ok().flatten();
    let now = state.clock.now();
    let pantry = &pantry;
    state
        .store
        .write(|tx| async move {
            let before =
                tx.pantry_item_rows(pantry.id, Some(id)).await?.pop().map(staff_item).ok_or_else(item_not_found)?;
            let product = if switches { form.product_id.unwrap_or(before.product_id) } else { before.product_id };
            if edits_product {
                tx.update_product(product, &product_fields(form)).await?;
            }
            tx.update_item(id, product, source, now).await?;
            tx.set_item_category(id, form.category_id).await?;
            let after =
                tx.pantry_item_rows(pantry.id, Some(id)).await?.pop().map(staff_item).ok_or_else(item_not_found)?;
            let mut entry = audit(staff, pantry, AuditAction::ItemUpdate, id, Some(&before), Some(&after));
            if shared {
                // It took effect at every pantry that stocks the product: the food bank's entry.
                entry.pantry_location_id = None;
            }
            tx.audit(entry, now).await?;
            Ok(after)
        })
        .await
}

/// Shows an item in the shop (`active`) or hides it; the shop pages follow at once.
pub async fn set_active(state: &Context, staff: &Staff<PantryStaff>, id: Id, active: bool) -> Result<StaffItem> {
    let pantry = item_place(state, staff, id).await?;
    let now = state.clock.now();
    let pantry = &pantry;
    state
        .store
        .write(|tx| async move {
            let before =
                tx.pantry_item_rows(pantry.id, Some(id)).await?.pop().map(staff_item).ok_or_else(item_not_found)?;
            if before.active == active {
                return Ok(before);
            }
            tx.set_item_active(id, active, now).await?;
            let after = StaffItem { active, ..before.clone() };
            let action = if active { AuditAction::ItemShow } else { AuditAction::ItemHide };
            tx.audit(audit(staff, pantry, action, id, Some(&before), Some(&after)), now).await?;
            Ok(after)
        })
        .await
}

/// Whether the product is stocked at another pantry too (its fields are then the food bank's);
/// refused for a caller who is not the food bank's admin.
async fn shared_product(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: &StaffPantryRow,
    product: Id,
) -> Result<bool> {
    if !state.store.product_stocked_elsewhere(product, pantry.id).await? {
        return Ok(false);
    }
    if !staff.reach.food_banks.contains(&pantry.food_bank_id) {
        return Err(Error::Conflict((&messages::PRODUCT_OF_THE_FOOD_BANK).into()));
    }
    Ok(true)
}

/// Why a photo is refused, as the caller reads it.
pub fn photo_refusal(problem: PhotoProblem) -> Error {
    let kind = match problem {
        PhotoProblem::TooLarge => &messages::PHOTO_TOO_LARGE,
        PhotoProblem::WrongType => &messages::PHOTO_WRONG_TYPE,
        PhotoProblem::TooManyPixels => &messages::PHOTO_TOO_MANY_PIXELS,
        PhotoProblem::Unreadable => &messages::PHOTO_UNREADABLE,
        // Other photos are being decoded: the caller is told to try again in a moment.
        PhotoProblem::Busy => return Error::Busy,
    };
    Error::Invalid(kind.into())
}

/// Gives the item's product the photo `upload` (JPEG, PNG or WebP up to 5 MB), re-encoded and
/// shrunk by the server and kept by the file store; the product's earlier photos go.
pub async fn photo(state: &Context, staff: &Staff<PantryStaff>, id: Id, upload: Vec<u8>) -> Result<StaffItem> {
    let pantry = item_place(state, staff, id).await?;
    let current = state.store.pantry_item_rows(pantry.id, Some(id)).await?.pop().ok_or_else(item_not_found)?;
    if current.product_food_bank != Some(pantry.food_bank_id) {
        return Err(Error::Conflict((&messages::SHARED_PRODUCT).into()));
    }
    if upload.is_empty() {
        return Err(Error::Invalid((&messages::PHOTO_MISSING).into()));
    }
    let shared = shared_product(state, staff, &pantry, current.product_id).await?;
    // Decoding and encoding take a while on a large photo: off the request threads.
    let photo: Photo = tokio::task::spawn_blocking(move || images::reencode(&upload))
        .await
        .map_err(|e| Error::Internal(e.into()))?
        .map_err(photo_refusal)?;
    let now = state.clock.now();
    // Content-addressed, so a file stored for a write that then fails is harmless and reused.
    let name = state.files.put(photo.bytes, Photo::EXT, now).await?;
    let (name, pantry) = (&name, &pantry);
    state
        .store
        .write(|tx| async move {
            let before =
                tx.pantry_item_rows(pantry.id, Some(id)).await?.pop().map(staff_item).ok_or_else(item_not_found)?;
            tx.set_product_photo(before.product_id, &name.url_path()).await?;
            let after = StaffItem { photo: Some(name.url_path()), ..before.clone() };
            let mut entry = audit(staff, pantry, AuditAction::ItemPhoto, id, Some(&before), Some(&after));
            if shared {
                // It took effect at every pantry that stocks the product: the food bank's entry.
                entry.pantry_location_id = None;
            }
            tx.audit(entry, now).await?;
            Ok(after)
        })
        .await
}
