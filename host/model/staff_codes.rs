//! A food bank admin's referral codes (`/staff/codes`, `/api/v1/staff/codes`): the list with how
//! many shoppers claimed each, a new code, expiring one now.
use crate::domain::{Id, time::PlaceTime};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCode {
    pub id: Id,
    pub code: String,
    pub description: Option<String>,
    /// `pantries`, `foodBank` or `delivery`.
    pub scope: String,
    /// The pantries it opens, by name.
    pub pantries: Vec<String>,
    /// In the food bank's zone, with the offset: the instant it stops working.
    #[schema(value_type = Option<String>, format = DateTime)]
    pub expires_at: Option<PlaceTime>,
    /// Still claimable: active and not expired.
    pub usable: bool,
    /// Shoppers holding it.
    pub claims: u64,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: PlaceTime,
}

/// A pantry a code can open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodePantry {
    pub id: Id,
    pub name: String,
    pub restricted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminCodes {
    /// Newest first.
    pub codes: Vec<AdminCode>,
    /// The admin's pantries, by name.
    pub pantries: Vec<CodePantry>,
}

/// A new code. Without `code`, one is generated.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CodeForm {
    #[serde(default)]
    #[schema(max_length = 32)]
    pub code: Option<String>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub description: Option<String>,
    /// `pantries`, `foodBank` or `delivery`.
    #[serde(default)]
    #[schema(max_length = 20)]
    pub scope: String,
    /// The pantries of a `pantries` code.
    #[serde(default)]
    pub pantry_ids: Vec<Id>,
    /// The food bank of a `foodBank` or `delivery` code (default: the admin's first).
    #[serde(default)]
    pub food_bank_id: Option<Id>,
    /// None: never expires.
    #[serde(default)]
    pub expires_at: Option<DateTime<Utc>>,
}
