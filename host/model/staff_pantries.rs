//! A food bank admin's pantries (`/staff/pantries-admin`, `/api/v1/staff/pantries-admin`): the
//! list, the form that adds or edits one, (de)activating it and its photos.
use crate::domain::Id;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One pantry of the admin's food banks, as its form edits it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPantry {
    pub id: Id,
    pub food_bank_id: Id,
    pub name: String,
    pub address_line1: String,
    pub city: String,
    /// The state's abbreviation.
    pub state: String,
    pub zip: String,
    pub latitude: f64,
    pub longitude: f64,
    /// IANA, such as `America/New_York`.
    pub time_zone: String,
    pub phone: Option<String>,
    pub instructions: Option<String>,
    /// Only shoppers holding a referral code (or a grant) may order.
    pub restricted: bool,
    pub pickup: bool,
    pub delivery: bool,
    /// Listed in search, its page and the sitemap (false: deactivated, its orders kept).
    pub active: bool,
    /// Photo paths of this site, in order.
    pub photos: Vec<String>,
}

/// A food bank the admin keeps pantries for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminFoodBank {
    pub id: Id,
    pub name: String,
    pub time_zone: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminPantries {
    pub food_banks: Vec<AdminFoodBank>,
    /// Active first, then by name.
    pub pantries: Vec<AdminPantry>,
}

/// Adds a pantry (`POST`) or edits one (`PUT`). Without `latitude`/`longitude`, a new pantry is
/// placed at its ZIP's centre (the offline ZIP table) and an edited one keeps its place unless its
/// ZIP changed.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryForm {
    /// The food bank (adding only; default: the admin's first).
    #[serde(default)]
    pub food_bank_id: Option<Id>,
    #[serde(default)]
    #[schema(max_length = 120)]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub address_line1: String,
    /// Default: the ZIP's city.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub city: Option<String>,
    #[serde(default)]
    #[schema(max_length = 10)]
    pub zip: String,
    #[serde(default)]
    #[schema(max_length = 64)]
    pub time_zone: String,
    /// `(614) 555-0100`.
    #[serde(default)]
    #[schema(max_length = 20)]
    pub phone: Option<String>,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub instructions: Option<String>,
    #[serde(default)]
    pub latitude: Option<f64>,
    #[serde(default)]
    pub longitude: Option<f64>,
    #[serde(default)]
    pub restricted: bool,
    #[serde(default = "yes")]
    pub pickup: bool,
    #[serde(default)]
    pub delivery: bool,
}

fn yes() -> bool {
    true
}

/// Activates (`true`) or deactivates a pantry.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryActive {
    pub active: bool,
}
