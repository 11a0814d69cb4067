//! The food bank admin's team (`/staff/team`, `/api/v1/staff/team`): the grants at their food
//! banks and pantries, and granting a role to an e-mail there, by the same service as `orderahead
//! staff add` ([`super::staff_accounts::add_staff`]: the account is made when there is none and
//! the invitation mailed). An admin grants only at their own food banks and those banks' pantries.
use super::{Context, Error, Result, staff::Staff, staff_accounts::add_staff};
use crate::{
    db::repo::staff::{GrantPlace, GrantRefused},
    domain::{
        forms::{FieldCode, FieldError, is_valid_email},
        messages,
        staff::{FoodBankAdmin, StaffRole},
    },
    model::staff_team::{GrantDone, NewGrant, Team, TeamGrant, TeamPlace},
};

fn by_name(mut places: Vec<(crate::domain::Id, String)>) -> Vec<TeamPlace> {
    places.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    places.into_iter().map(|(id, name)| TeamPlace { id, name }).collect()
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
    let role = StaffRole::from_code(grant.role.trim());
    let place = match (role, grant.food_bank_id, grant.pantry_id) {
        (Some(r), Some(bank), None) if r.is_food_bank_wide() => Some(GrantPlace::FoodBank(bank)),
        (Some(r), None, Some(pantry)) if !r.is_food_bank_wide() => Some(GrantPlace::Pantry(pantry)),
        _ => None,
    };
    match (role, place) {
        (None, _) => errors.push(FieldError::new("role", FieldCode::Choice, "Choose admin, staff or volunteer.")),
        (Some(_), None) => errors.push(FieldError::new(
            "place",
            FieldCode::Choice,
            "An admin is granted at a food bank, staff and volunteers at a pantry.",
        )),
        _ => {}
    }
    let (Some(role), Some(place), true) = (role, place, errors.is_empty()) else { return Err(Error::fields(errors)) };
    let ours = match place {
        GrantPlace::FoodBank(id) => admin.reach.food_banks.contains(&id),
        GrantPlace::Pantry(id) => admin.reach.has_pantry(id),
    };
    if !ours {
        return Err(Error::Forbidden((&messages::STAFF_ONLY).into()));
    }
    match add_staff(&state.store, &state.public_url, &email, role, place).await {
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
