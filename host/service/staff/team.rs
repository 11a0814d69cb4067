//! The food bank admin's team (`/staff/team`, `/api/v1/staff/team`): the grants at their food
//! banks and pantries, and granting a role to an e-mail there, by the same service as `orderahead
//! staff add` ([`crate::service::staff::accounts::add_staff`]: the account is made when there is none and
//! the invitation mailed). An admin grants only at their own food banks and those banks' pantries.
use crate::service::{
    Context, Error, Result,
    staff::Staff,
    staff::accounts::{GrantShown, InvitedBy, add_staff},
};
use crate::{
    db::repo::{
        audit::AuditEntry,
        staff::grants::{GrantPlace, GrantRefused},
        staff::team::GrantOnAccount,
    },
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError, is_valid_email},
        messages,
        staff::{FoodBankAdmin, StaffRole},
    },
    model::staff_team::{GrantChange, GrantChanged, GrantDone, NewGrant, Team, TeamGrant, TeamPlace},
};

fn by_name(mut places: Vec<(crate::domain::Id, String)>) -> Vec<TeamPlace> {
    places.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    places.into_iter().map(|(id, name)| TeamPlace { id, name }).collect()
}

/// A role that fits its place: admin at a food bank, staff or volunteer at a pantry.
fn role_and_place(
    role: &str,
    food_bank_id: Option<Id>,
    pantry_id: Option<Id>,
) -> std::result::Result<(StaffRole, GrantPlace), FieldError> {
    let role = StaffRole::from_code(role.trim());
    let place = match (role, food_bank_id, pantry_id) {
        (Some(r), Some(bank), None) if r.is_food_bank_wide() => Some(GrantPlace::FoodBank(bank)),
        (Some(r), None, Some(pantry)) if !r.is_food_bank_wide() => Some(GrantPlace::Pantry(pantry)),
        _ => None,
    };
    match (role, place) {
        (Some(role), Some(place)) => Ok((role, place)),
        (None, _) => Err(FieldError::new("role", FieldCode::Choice, "Choose admin, staff or volunteer.")),
        (Some(_), None) => Err(FieldError::new(
            "place",
            FieldCode::Choice,
            "An admin is granted at a food bank, staff and volunteers at a pantry.",
        )),
    }
}

fn is_ours(admin: &Staff<FoodBankAdmin>, place: GrantPlace) -> bool {
    match place {
        GrantPlace::FoodBank(id) => admin.reach.food_banks.contains(&id),
        GrantPlace::Pantry(id) => admin.reach.has_pantry(id),
        // Drivers are given on the runs page, which reads the program's food bank.
        GrantPlace::DeliveryProgram(_) => false,
    }
}

/// The admin's food banks, their pantries and every grant there.
pub async fn team(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<Team> {
    let banks: Vec<_> = admin.reach.food_banks.iter().copied().collect();
    let pantries: Vec<_> = admin.reach.pantries.iter().copied().collect();
    let food_banks = by_name(state.store.food_bank_names(banks.clone()).await?);
    let pantries_named = by_name(state.store.pantry_labels(pantries.clone()).await?);
    let mut grants: Vec<TeamGrant> = state
        .store
        .grants_at(banks, pantries)
        .await?
        .into_iter()
        .map(|g| {
            let place = match (g.food_bank_id, g.pantry_id) {
                (Some(id), _) => food_banks.iter().find(|b| b.id == id).map(|b| b.name.clone()),
                (None, Some(id)) => pantries_named.iter().find(|p| p.id == id).map(|p| p.name.clone()),
                (None, None) => None,
            };
            TeamGrant {
                id: g.id,
                email: g.email,
                name: format!("{} {}", g.first_name, g.last_name).trim().to_owned(),
                role: g.role,
                food_bank_id: g.food_bank_id,
                pantry_id: g.pantry_id,
                place: place.unwrap_or_default(),
            }
        })
        .collect();
    grants.sort_by(|a, b| {
        (a.food_bank_id.is_none(), &a.place, &a.email).cmp(&(b.food_bank_id.is_none(), &b.place, &b.email))
    });
    Ok(Team { food_banks, pantries: pantries_named, grants })
}

/// Grants `grant.role` to the account of `grant.email` at one of the admin's places and mails the
/// invitation: admin at a food bank, staff or volunteer at a pantry.
pub async fn grant(state: &Context, admin: &Staff<FoodBankAdmin>, grant: &NewGrant) -> Result<GrantDone> {
    let email = grant.email.trim().to_lowercase();
    let mut errors = Vec::new();
    if !is_valid_email(&email) {
        errors.push(FieldError::new("email", FieldCode::Email, "Enter a valid e-mail address."));
    }
    let chosen = role_and_place(&grant.role, grant.food_bank_id, grant.pantry_id);
    if let Err(e) = &chosen {
        errors.push(e.clone());
    }
    let (Ok((role, place)), true) = (chosen, errors.is_empty()) else { return Err(Error::fields(errors)) };
    if !is_ours(admin, place) {
        return Err(Error::Forbidden((&messages::STAFF_ONLY).into()));
    }
    let filed = match place {
        GrantPlace::FoodBank(b) => filed_at(state, Some(b), None).await?,
        GrantPlace::Pantry(p) => filed_at(state, None, Some(p)).await?,
        GrantPlace::DeliveryProgram(_) => return Err(Error::Forbidden((&messages::STAFF_ONLY).into())),
    };
    let by = InvitedBy { admin: admin.user_id, filed };
    match add_staff(&state.store, &state.public_url, &email, role, place, Some(by), state.clock.now()).await {
        Ok(granted) => {
            // The invitation is in the outbox: this host's sender sends it now.
            state.mail_written.notify_one();
            Ok(GrantDone { email, new_account: granted.new_account })
        }
        Err(error) if error.downcast_ref::<GrantRefused>().is_some() => {
            Err(Error::fields(vec![FieldError::new("place", FieldCode::Choice, error.to_string())]))
        }
        Err(error) => Err(Error::Internal(error)),
    }
}

/// The grant `id` when it is at one of the admin's places (else not found: another food bank's
/// grants are not theirs to see), and not their own.
async fn theirs(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id) -> Result<GrantOnAccount> {
    let not_found = || Error::not_found(&messages::GRANT_NOT_FOUND);
    let grant = state.store.grant_by_id(id).await?.ok_or_else(not_found)?;
    let place = match (grant.food_bank_id, grant.pantry_id) {
        (Some(bank), _) => GrantPlace::FoodBank(bank),
        (None, Some(pantry)) => GrantPlace::Pantry(pantry),
        (None, None) => return Err(not_found()),
    };
    if !is_ours(admin, place) {
        return Err(not_found());
    }
    if grant.user_id == admin.user_id {
        return Err(Error::fields(vec![FieldError::new(
            "grant",
            FieldCode::Choice,
            "You cannot change or revoke your own grant.",
        )]));
    }
    Ok(grant)
}

impl<'a> From<&'a GrantOnAccount> for GrantShown<'a> {
    fn from(g: &'a GrantOnAccount) -> Self {
        Self { email: &g.email, role: &g.role, food_bank_id: g.food_bank_id, pantry_id: g.pantry_id, program_id: None }
    }
}

/// Where an audit entry about a grant at `food_bank_id` / `pantry_id` is filed: its food bank,
/// and its pantry when it has one.
async fn filed_at(state: &Context, food_bank_id: Option<Id>, pantry_id: Option<Id>) -> Result<(Id, Option<Id>)> {
    match (food_bank_id, pantry_id) {
        (Some(bank), _) => Ok((bank, None)),
        (None, Some(pantry)) => {
            let row = state.store.staff_pantries(vec![pantry]).await?.pop();
            let row = row.ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))?;
            Ok((row.food_bank_id, Some(pantry)))
        }
        (None, None) => Err(Error::not_found(&messages::GRANT_NOT_FOUND)),
    }
}

/// Gives grant `id` another role and/or place among the admin's.
pub async fn change(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    id: Id,
    change: &GrantChange,
) -> Result<GrantChanged> {
    let before = theirs(state, admin, id).await?;
    let (role, place) =
        role_and_place(&change.role, change.food_bank_id, change.pantry_id).map_err(|e| Error::fields(vec![e]))?;
    if !is_ours(admin, place) {
        return Err(Error::Forbidden((&messages::STAFF_ONLY).into()));
    }
    let (bank, pantry) = match place {
        GrantPlace::FoodBank(b) => (Some(b), None),
        GrantPlace::Pantry(p) => (None, Some(p)),
        GrantPlace::DeliveryProgram(_) => return Err(Error::Forbidden((&messages::STAFF_ONLY).into())),
    };
    let after =
        GrantOnAccount { role: role.code().to_owned(), food_bank_id: bank, pantry_id: pantry, ..before.clone() };
    let filed = filed_at(state, bank, pantry).await?;
    let now = state.clock.now();
    let (after, before) = (&after, &before);
    state
        .store
        .write(|tx| async move {
            tx.change_grant(id, role.code(), bank, pantry).await?;
            let entry = AuditEntry::change(
                admin.user_id,
                filed,
                AuditAction::StaffGrantUpdate,
                format!("staffGrant:{id}"),
                Some(&GrantShown::from(before)),
                Some(&GrantShown::from(after)),
            );
            tx.audit(entry, now).await?;
            Ok(GrantChanged { email: before.email.clone(), signed_out: false })
        })
        .await
}

/// Removes grant `id`; when it was the account's last, all its sessions end at once.
pub async fn revoke(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id) -> Result<GrantChanged> {
    let before = theirs(state, admin, id).await?;
    let filed = filed_at(state, before.food_bank_id, before.pantry_id).await?;
    let now = state.clock.now();
    let before = &before;
    state
        .store
        .write(|tx| async move {
            let signed_out = tx.revoke_grant(id).await?;
            let entry = AuditEntry::change(
                admin.user_id,
                filed,
                AuditAction::StaffGrantRevoke,
                format!("staffGrant:{id}"),
                Some(&GrantShown::from(before)),
                None,
            );
            tx.audit(entry, now).await?;
            Ok(GrantChanged { email: before.email.clone(), signed_out })
        })
        .await
}
