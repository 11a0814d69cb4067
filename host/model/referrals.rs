//! Referral codes (spec §3 "Referral code") and the compact pantry and food bank
//! shapes they, favourites and TEFAP answers embed.
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct IdRef {
    pub id: i64,
}

/// §3 pantry `address`: province is the state's abbreviation.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceAddress {
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub county: Option<IdRef>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
}

/// §3 pantry `foodBank (id, code, address.province)`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct FoodBankBrief {
    pub id: i64,
    pub code: String,
    pub address: ProvinceOnly,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct ProvinceOnly {
    pub province: String,
}

/// A pantry location without its schedule or photos.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryRef {
    pub id: i64,
    pub label: String,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: i64,
    pub food_bank: FoodBankBrief,
    pub address: PlaceAddress,
    #[serde(rename = "addressID")]
    pub address_id: i64,
    pub is_restricted: bool,
    pub pickup_instructions: Option<String>,
}

/// §3 food bank: `address (province, postalCode)`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodBankRef {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub home_page_url: Option<String>,
    pub is_enabled: bool,
    #[serde(rename = "isTEFAPEnabled")]
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
    pub address: FoodBankAddress,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodBankAddress {
    pub province: String,
    pub postal_code: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralCode {
    pub id: i64,
    pub code: String,
    pub created: DateTime<Utc>,
    /// Whether the signed-in caller holds the code; false for visitors.
    pub is_applied: bool,
    pub referral_code_pantry_locations: Vec<ReferralCodePantryLocation>,
    pub referral_code_pantry_location_ids: Vec<i64>,
    pub referral_code_food_banks: Vec<ReferralCodeFoodBank>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralCodePantryLocation {
    pub pantry_location: PantryRef,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferralCodeFoodBank {
    pub food_bank: FoodBankRef,
    pub is_delivery_enabled: bool,
}

/// One entry of a claim answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClaimResult {
    pub code: String,
    pub is_applied_successfully: bool,
}
