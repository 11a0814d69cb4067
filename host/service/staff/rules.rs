//! A food bank admin's TEFAP rules (`/staff/settings`, issue 49 items 3 and 5): how many months
//! a TEFAP decision stands before the household recertifies, and whether a walk-in visit needs
//! the household's signature, and how long a shopper account may go unused before the retention
//! job deletes it (issue 53 item 4; never unless set). Each change is written in the audit log
//! (`foodBank.rules`).
use crate::{
    db::repo::{audit::AuditEntry, tefap_rules::TefapRules},
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError},
        messages,
        staff::FoodBankAdmin,
        tefap::TEFAP_VALID_RANGE,
    },
    model::staff_rules::FoodBankRules,
    service::{Context, Error, Result, staff::Staff},
};
use serde::Serialize;

/// The rules of each food bank the admin runs, in name order.
pub async fn rules(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<Vec<FoodBankRules>> {
    let mut banks = state.store.food_bank_names(admin.reach.food_banks.iter().copied().collect()).await?;
    banks.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    let mut shown = Vec::with_capacity(banks.len());
    for (id, name) in banks {
        let r = state.store.tefap_rules(id).await?;
        shown.push(FoodBankRules {
            id,
            name,
            tefap_valid_months: r.valid_months,
            visit_signature: r.visit_signature,
            inactive_account_months: r.inactive_account_months,
            require_second_factor: r.require_second_factor,
        });
    }
    Ok(shown)
}

/// What the audit log keeps of a change.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Kept {
    tefap_valid_months: u32,
    visit_signature: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    inactive_account_months: Option<u32>,
    require_second_factor: bool,
}

/// Months a shopper account may go unused before the retention job deletes it, when set.
pub const INACTIVE_RANGE: std::ops::RangeInclusive<u32> = 6..=120;

/// The rules as the form sends them.
pub struct RulesForm<'a> {
    /// Whole months a TEFAP decision stands (1 to 36).
    pub months: &'a str,
    pub visit_signature: bool,
    /// Whole months (6 to 120) an account may go unused; empty: never deleted.
    pub inactive_months: &'a str,
    pub require_second_factor: bool,
}

/// Sets the food bank's rules from the form's texts.
pub async fn set_rules(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    food_bank_id: Id,
    form: RulesForm<'_>,
) -> Result<()> {
    let RulesForm { months, visit_signature, inactive_months, require_second_factor } = form;
    if !admin.reach.food_banks.contains(&food_bank_id) {
        return Err(Error::not_found(&messages::FOOD_BANK_NOT_FOUND));
    }
    let months = match months.trim().parse::<u32>() {
        Ok(m) if TEFAP_VALID_RANGE.contains(&m) => m,
        _ => {
            let message = format!(
                "Enter a whole number of months from {} to {}.",
                TEFAP_VALID_RANGE.start(),
                TEFAP_VALID_RANGE.end()
            );
            return Err(Error::fields(vec![FieldError::new("tefapValidMonths", FieldCode::OutOfRange, message)]));
        }
    };
    let inactive_account_months = match inactive_months.trim() {
        "" => None,
        text => match text.parse::<u32>() {
            Ok(m) if INACTIVE_RANGE.contains(&m) => Some(m),
            _ => {
                let message = format!(
                    "Leave it empty, or enter a whole number of months from {} to {}.",
                    INACTIVE_RANGE.start(),
                    INACTIVE_RANGE.end()
                );
                let error = FieldError::new("inactiveAccountMonths", FieldCode::OutOfRange, message);
                return Err(Error::fields(vec![error]));
            }
        },
    };
    let now = state.clock.now();
    let new = TefapRules { valid_months: months, visit_signature, inactive_account_months, require_second_factor };
    let by = admin.user_id;
    state
        .store
        .write(|txn| async move {
            let old = txn.tefap_rules(food_bank_id).await?;
            if old == new {
                return Ok(());
            }
            txn.set_tefap_rules(food_bank_id, new).await?;
            let kept = |r: TefapRules| Kept {
                tefap_valid_months: r.valid_months,
                visit_signature: r.visit_signature,
                inactive_account_months: r.inactive_account_months,
                require_second_factor: r.require_second_factor,
            };
            let entry = AuditEntry::change(
                by,
                (food_bank_id, None),
                AuditAction::FoodBankRules,
                format!("foodBank:{food_bank_id}"),
                Some(&kept(old)),
                Some(&kept(new)),
            );
            txn.audit(entry, now).await?;
            Ok::<_, Error>(())
        })
        .await
}
