//! Pantries, food banks, their times and inventory (spec §3), in the spec's JSON names.
//! Shared by the locations, limits, orders and referral answers.
use crate::domain::limits::EffectiveLimit;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CountyRef {
    pub id: i64,
    pub name: String,
}

/// A street address; `province` is the state abbreviation ("OH").
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub id: i64,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    pub county: Option<CountyRef>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub country_code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodBankAddress {
    pub province: String,
    pub postal_code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodBank {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub home_page_url: Option<String>,
    pub is_enabled: bool,
    #[serde(rename = "isTEFAPEnabled")]
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
    /// IANA zone its delivery windows are written in.
    pub time_zone: String,
    pub address: FoodBankAddress,
}

/// A food bank serving a searched point (`GET /foodbanks/locations`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyFoodBank {
    #[serde(flatten)]
    pub food_bank: FoodBank,
    /// Miles to its nearest pantry in range, or to its office when none is.
    pub distance: f64,
    /// Its active pantries within the largest search radius.
    pub pantry_count: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub id: i64,
    pub storage_path: String,
}

/// One entry of an `attachmentCollection`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttachmentEntry {
    pub sequence_number: i32,
    pub attachment: Attachment,
}

/// Local wall-clock day and times of the pantry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickupTime {
    pub id: i64,
    #[serde(rename = "pantryLocationID")]
    pub pantry_location_id: i64,
    pub pickup_day: NaiveDate,
    pub pickup_start_time: NaiveTime,
    pub pickup_end_time: NaiveTime,
    /// Orders the time may take; null: unlimited.
    pub capacity: Option<i32>,
    /// Orders it can still take; null: unlimited. A time with 0 is full and cannot be chosen.
    pub remaining: Option<i32>,
}

impl From<&crate::domain::pickup::PickupTime> for PickupTime {
    fn from(t: &crate::domain::pickup::PickupTime) -> Self {
        Self {
            id: t.id,
            pantry_location_id: t.pantry_location_id,
            pickup_day: t.pickup_day,
            pickup_start_time: t.pickup_start_time,
            pickup_end_time: t.pickup_end_time,
            capacity: t.seats.capacity,
            remaining: t.seats.remaining(),
        }
    }
}

/// Local wall-clock day and times of the food bank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTime {
    pub id: i64,
    pub delivery_day: NaiveDate,
    pub delivery_start_time: NaiveTime,
    pub delivery_end_time: NaiveTime,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: i64,
    #[serde(rename = "entityDeliveryProgramID")]
    pub entity_delivery_program_id: i64,
    /// Orders the window may take; null: unlimited.
    pub capacity: Option<i32>,
    /// Orders it can still take; null: unlimited. A window with 0 is full and cannot be chosen.
    pub remaining: Option<i32>,
}

impl From<&crate::domain::delivery::DeliveryTime> for DeliveryTime {
    fn from(t: &crate::domain::delivery::DeliveryTime) -> Self {
        Self {
            id: t.id,
            delivery_day: t.delivery_day,
            delivery_start_time: t.delivery_start_time,
            delivery_end_time: t.delivery_end_time,
            food_bank_id: t.food_bank_id,
            entity_delivery_program_id: t.entity_delivery_program_id,
            capacity: t.seats.capacity,
            remaining: t.seats.remaining(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryLocation {
    pub id: i64,
    pub label: String,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: i64,
    pub food_bank: FoodBank,
    pub address: Address,
    #[serde(rename = "addressID")]
    pub address_id: i64,
    /// Miles from the searched point; null outside a search.
    pub distance: Option<f64>,
    pub is_restricted: bool,
    pub pickup_instructions: Option<String>,
    /// IANA zone its pickup times are written in.
    pub time_zone: String,
    pub attachment_collection: Vec<AttachmentEntry>,
    /// Only the valid ones: later than now in the pantry's zone, soonest first.
    pub pantry_location_pickup_times: Vec<PickupTime>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Code {
    pub code: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Name {
    pub name: String,
}

/// §3 Limit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub id: i64,
    pub value: i32,
    pub limit_time_scope_amount: i32,
    pub limit_time_scope: Code,
    pub limit_type: Code,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryItem {
    pub id: i64,
    pub name: String,
    /// The Spanish name, if the food bank gave one (not in spec); the English one shows where
    /// it is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_es: Option<String>,
    pub description: Option<String>,
    pub amount: Option<f64>,
    pub each_quantity: Option<i32>,
    pub unit_of_measure: Option<Name>,
    pub donation_package_type: Option<Name>,
    /// The product's own limits.
    pub limits: Vec<Limit>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct InventorySubcategory {
    #[serde(rename = "pantrySubcategoryID")]
    pub pantry_subcategory_id: i64,
    #[serde(rename = "pantrySubcategory")]
    pub pantry_subcategory: Name,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventoryItem {
    pub id: i64,
    #[serde(rename = "pantryItemID")]
    pub pantry_item_id: i64,
    pub quantity: i32,
    pub pantry_item: PantryItem,
    pub weight_pounds: f64,
    /// The product's photos.
    pub attachment_collection: Vec<AttachmentEntry>,
    /// How many more the caller may take, and why (spec §5).
    pub effective_limit: EffectiveLimit,
    pub all_effective_limits: Vec<EffectiveLimit>,
    /// Limits on this inventory item itself (on top of the product's).
    pub limits: Vec<Limit>,
    pub pantry_inventory_subcategories: Vec<InventorySubcategory>,
    pub pantry_inventory_item_source: Option<Code>,
    pub created: DateTime<Utc>,
}

impl InventoryItem {
    /// The item as a page in `lang` names it: the product's Spanish name on Spanish pages where
    /// it has one (each language's page is rendered and cached apart).
    pub fn in_language(mut self, lang: crate::catalog::Lang) -> Self {
        if lang == crate::catalog::Lang::ES
            && let Some(es) = self.pantry_item.name_es.clone()
        {
            self.pantry_item.name = es;
        }
        self
    }
}

/// `value` of the inventory calls: `{items: [...]}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct InventoryList {
    pub items: Vec<InventoryItem>,
}

/// A category (subcategory) with items at a pantry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Category {
    pub id: i64,
    pub name: String,
    pub order: i32,
    pub image_url: Option<String>,
}

/// A product a food bank has in stock, for its home-page carousel.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InventoryOverviewEntry {
    #[serde(rename = "subcategoryID")]
    pub subcategory_id: Option<i64>,
    pub label: String,
    pub image_url: Option<String>,
    pub source_code: Option<String>,
}

/// `GET /locations/geocode/{text}`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeocodeResult {
    pub latitude: f64,
    pub longitude: f64,
    pub postal_code: String,
    /// County name ("Franklin County").
    pub county: String,
    /// State abbreviation.
    pub province: String,
    pub city: Option<String>,
}

/// §3 "Order limit result".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLimitResult {
    pub limit: Option<i64>,
    pub message: String,
    pub next_available_order_date: Option<NaiveDate>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitOrderItem {
    #[serde(rename = "pantryItemID")]
    pub pantry_item_id: i64,
    #[serde(rename = "pantryInventoryItemID")]
    pub pantry_inventory_item_id: i64,
    pub quantity: i32,
}

/// A past order as the limit rules count it (`GET /limits/.../orders`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitOrder {
    pub id: i64,
    pub created: DateTime<Utc>,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: i64,
    #[serde(rename = "pantryLocationID")]
    pub pantry_location_id: Option<i64>,
    #[serde(rename = "pantryLocationPickupTimeID")]
    pub pantry_location_pickup_time_id: Option<i64>,
    #[serde(rename = "foodBankDeliveryTimeID")]
    pub food_bank_delivery_time_id: Option<i64>,
    pub pantry_order_items: Vec<LimitOrderItem>,
}

/// `GET /locations/{id}/access`: what the server decided about the caller at the pantry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PantryAccess {
    pub can_order: bool,
}
