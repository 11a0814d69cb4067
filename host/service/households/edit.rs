//! Staff correct a kept household (issue 49 item 2: "a new or edited household"): every intake
//! field, checked as at intake, in one transaction with its name keys and its audit entry. A
//! record the edit makes alike to another (three of first name, last name, birth date and phone)
//! is then listed on the household's page, where staff answer "same household" (merge) or leave it.
use super::{IntakeForm, Subject, checked, intake_place, own};
use crate::{
    db::repo::audit::AuditEntry,
    domain::{Id, audit::AuditAction, messages, staff::Volunteer, time::local_today},
    service::{Context, Error, Result, staff::Staff},
};

/// Edits household `id` (of a food bank of the caller's) at the caller's pantry `pantry`.
pub async fn edit(state: &Context, staff: &Staff<Volunteer>, id: Id, pantry: Id, form: &IntakeForm) -> Result<()> {
    let h = own(state, &staff.reach, id).await?;
    let place = intake_place(state, staff, pantry).await?;
    if place.food_bank_id != h.food_bank_id {
        return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND));
    }
    let now = state.clock.now();
    let new = checked(form, h.food_bank_id, local_today(now, place.tz)).map_err(Error::fields)?;
    let (new, by, where_) = (&new, staff.user_id, (place.food_bank_id, Some(place.id)));
    state
        .store
        .write(|txn| async move {
            if !txn.update_household(id, new, now).await? {
                return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND));
            }
            // Which household, never its facts: the audit log is read more widely than a record.
            let subject = Subject { household_id: id };
            let entry = AuditEntry::change(
                by,
                where_,
                AuditAction::HouseholdEdit,
                format!("household:{id}"),
                None::<&Subject>,
                Some(&subject),
            );
            txn.audit(entry, now).await?;
            Ok::<_, Error>(())
        })
        .await
}
