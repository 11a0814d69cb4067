//! The program's drivers, as the coordinator keeps them on the runs board: a driver is added by
//! e-mail (the account made and the invitation mailed when there is none, by the team's one path,
//! `staff::accounts::add_staff`) and removed, their planned runs then waiting for another driver.
//! Both are in the food bank's audit log.
use super::{Context, Error, Result};
use crate::{
    db::repo::{audit::AuditEntry, staff::grants::GrantPlace},
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError, is_valid_email},
        messages,
        staff::{FoodBankAdmin, StaffRole},
    },
    service::staff::{
        Staff,
        accounts::{GrantShown, InvitedBy, add_staff},
    },
};

/// The food bank of the program, when it is the admin's.
async fn coordinated(state: &Context, admin: &Staff<FoodBankAdmin>, program_id: Id) -> Result<Id> {
    let bank = state.store.program_food_bank(program_id).await?.filter(|b| admin.reach.food_banks.contains(b));
    bank.ok_or_else(|| Error::not_found(&messages::DELIVERY_PROGRAM_NOT_FOUND))
}

/// Makes the account of `email` a driver of the program and mails the invitation; whether the
/// account was made for it.
pub async fn add_driver(state: &Context, admin: &Staff<FoodBankAdmin>, program_id: Id, email: &str) -> Result<bool> {
    let email = email.trim().to_lowercase();
    if !is_valid_email(&email) {
        return Err(Error::fields(vec![FieldError::new("email", FieldCode::Email, "Enter a valid e-mail address.")]));
    }
    let bank = coordinated(state, admin, program_id).await?;
    let by = InvitedBy { admin: admin.user_id, filed: (bank, None) };
    let place = GrantPlace::DeliveryProgram(program_id);
    let granted =
        add_staff(&state.store, &state.public_url, &email, StaffRole::Driver, place, Some(by), state.clock.now())
            .await
            .map_err(Error::Internal)?;
    state.mail_written.notify_one();
    Ok(granted.new_account)
}

/// Ends a driver's driving for the program.
pub async fn remove_driver(state: &Context, admin: &Staff<FoodBankAdmin>, program_id: Id, user_id: Id) -> Result<()> {
    let bank = coordinated(state, admin, program_id).await?;
    let driver = state.store.program_drivers(program_id).await?.into_iter().find(|d| d.user_id == user_id);
    let driver = driver.ok_or_else(|| Error::not_found(&messages::GRANT_NOT_FOUND))?;
    let now = state.clock.now();
    let driver = &driver;
    state
        .store
        .write(|txn| async move {
            if !txn.remove_driver(program_id, user_id).await? {
                return Err(Error::not_found(&messages::GRANT_NOT_FOUND));
            }
            let shown = GrantShown {
                email: &driver.email,
                role: StaffRole::Driver.code(),
                food_bank_id: None,
                pantry_id: None,
                program_id: Some(program_id),
            };
            let entry = AuditEntry::change(
                admin.user_id,
                (bank, None),
                AuditAction::StaffGrantRevoke,
                format!("driverGrant:{program_id}:{user_id}"),
                Some(&shown),
                None,
            );
            txn.audit(entry, now).await?;
            Ok(())
        })
        .await
}
