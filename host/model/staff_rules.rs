//! A food bank's TEFAP rules as the admin's settings page shows them (`/staff/settings`).
use crate::domain::Id;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodBankRules {
    pub id: Id,
    pub name: String,
    /// Months a TEFAP decision stands before the household recertifies (1-36).
    pub tefap_valid_months: u32,
    /// A walk-in visit needs the household's signature.
    pub visit_signature: bool,
    /// Months without a login or an order after which a shopper account is deleted; absent never.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inactive_account_months: Option<u32>,
    /// Staff grants act only in sessions that proved a second factor.
    pub require_second_factor: bool,
}
