//! Two kept records of one household merged (issue 49 item 2): the household's page lists the
//! records sharing three of first name, last name, birth date and phone with it, and staff answer
//! "same household". One transaction with its audit entry: the record kept takes the other's
//! visits, orders, accounts and TEFAP decisions (`Write::merge_households`).
use super::{Subject, identity, own};
use crate::{
    db::repo::audit::AuditEntry,
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError},
        households::{DUPLICATE_AT, shared_facts},
        messages,
        staff::Volunteer,
    },
    service::{Context, Error, Result, staff::Staff},
};

/// Merges household `other` into `kept` (both of one food bank of the caller's, and alike as the
/// duplicate check judges), at the caller's pantry `pantry`.
pub async fn merge(state: &Context, staff: &Staff<Volunteer>, kept: Id, other: Id, pantry: Id) -> Result<()> {
    let kept = own(state, &staff.reach, kept).await?;
    let other = own(state, &staff.reach, other).await?;
    if kept.id == other.id || kept.food_bank_id != other.food_bank_id {
        return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND));
    }
    // Only what the page offered: a merge cannot be undone, so it needs the same evidence.
    if shared_facts(&identity(&kept), &identity(&other)) < DUPLICATE_AT {
        return Err(Error::fields(vec![FieldError::new(
            "merge",
            FieldCode::Choice,
            "Only a household listed as possibly the same can be merged.",
        )]));
    }
    let now = state.clock.now();
    let place = (kept.food_bank_id, staff.reach.has_pantry(pantry).then_some(pantry));
    let (kept, other, by) = (&kept, &other, staff.user_id);
    state
        .store
        .write(|txn| async move {
            if !txn.merge_households(kept, other, now).await? {
                return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND));
            }
            let entry = AuditEntry::change(
                by,
                place,
                AuditAction::HouseholdMerge,
                format!("household:{}", kept.id),
                Some(&Subject { household_id: other.id }),
                Some(&Subject { household_id: kept.id }),
            );
            txn.audit(entry, now).await?;
            Ok::<_, Error>(())
        })
        .await
}
