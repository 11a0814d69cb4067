//! Orders (spec §3 Order, §7 order calls): what a shopper submits, and the
//! orders and order lines read back, in the spec's JSON names.
use super::locations::{Address, AttachmentEntry, DeliveryTime, PickupTime};
use crate::domain::{
    Id,
    forms::{FieldCode, FieldError},
};

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Not in spec: the app never sends more, so more is a broken or hostile client.
pub const MAX_ORDER_LINES: usize = 500;
/// Not in spec: units of one line; stock columns are 32-bit.
pub const MAX_LINE_QUANTITY: i64 = 10_000;
/// Longest accepted `Idempotency-Key` header (the column is a varchar).
pub const MAX_IDEMPOTENCY_KEY_LEN: usize = 255;

/// `POST /order` body (spec §3 "Order submission"). Serialised back, it is the
/// canonical form an `Idempotency-Key` fingerprint is taken of.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct OrderSubmission {
    #[serde(rename = "pantryLocationID", default)]
    pub pantry_location_id: Option<Id>,
    #[serde(rename = "pantryLocationPickupTimeID", default)]
    pub pickup_time_id: Option<Id>,
    #[serde(rename = "foodBankDeliveryTimeID", default)]
    pub delivery_time_id: Option<Id>,
    #[serde(rename = "foodInsecureNeighborAddressID", default)]
    pub address_id: Option<Id>,
    #[serde(rename = "pantryOrderItems")]
    #[schema(max_items = 500)]
    pub items: Vec<OrderSubmissionItem>,
}

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema)]
pub struct OrderSubmissionItem {
    #[serde(rename = "pantryInventoryItemID")]
    pub inventory_item_id: Id,
    /// The app always sends false; stored as given.
    #[serde(rename = "isSubstituteOk", default)]
    pub is_substitute_ok: bool,
    #[schema(minimum = 1, maximum = 10000)]
    pub quantity: i64,
}

/// How long an `Idempotency-Key` answers with its first order.
pub const IDEMPOTENCY_WINDOW: chrono::Duration = chrono::Duration::hours(24);

/// A client's `Idempotency-Key` with the fingerprint of the request it came with.
#[derive(Debug, Clone)]
pub struct Idempotency {
    pub key: String,
    pub fingerprint: String,
}

impl OrderSubmission {
    /// SHA-256 (hex) of the canonical JSON: field order, spacing and unknown fields
    /// of the sent body do not change it, any value that matters does.
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let canonical = serde_json::to_vec(self).unwrap_or_default();
        Sha256::digest(&canonical).iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Shape checks only (the rules run in the store's transaction): line count and quantities.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let errors = line_errors(&self.items);
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// The shape rules of a list of order lines: how many, and each quantity.
fn line_errors(items: &[OrderSubmissionItem]) -> Vec<FieldError> {
    {
        let mut errors = Vec::new();
        if items.len() > MAX_ORDER_LINES {
            errors.push(FieldError::new(
                "pantryOrderItems",
                FieldCode::TooMany,
                format!("At most {MAX_ORDER_LINES} lines per order"),
            ));
        }
        if items.iter().any(|i| !(1..=MAX_LINE_QUANTITY).contains(&i.quantity)) {
            errors.push(FieldError::new(
                "pantryOrderItems.quantity",
                FieldCode::OutOfRange,
                format!("Each quantity must be between 1 and {MAX_LINE_QUANTITY}"),
            ));
        }
        errors
    }
}

/// `POST /cart/check` body: the cart (as order lines) at a pantry or a delivery window.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct CartCheck {
    #[serde(rename = "pantryLocationID", default)]
    pub pantry_location_id: Option<Id>,
    #[serde(rename = "foodBankDeliveryTimeID", default)]
    pub delivery_time_id: Option<Id>,
    #[serde(rename = "pantryOrderItems")]
    #[schema(max_items = 500)]
    pub items: Vec<OrderSubmissionItem>,
    /// False: stock only (the checkout's inventory step); true: stock and the shopper's limits.
    #[serde(rename = "withLimits", default)]
    pub with_limits: bool,
}

/// Units the cart check takes out of one line, and why (the app words the reason).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartRemoval {
    #[serde(rename = "pantryInventoryItemID")]
    pub inventory_item_id: Id,
    pub quantity: i64,
    pub reason: crate::domain::cart::RemovalReason,
    /// The limit that holds the units back, when `reason` is `limit`.
    pub effective_limit: Option<crate::domain::limits::EffectiveLimit>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartCheckResult {
    pub removed: Vec<CartRemoval>,
    /// The site's per-order item limit (spec §5)...
    pub order_limit: crate::domain::limits::OrderSizeLimit,
    /// ...and where the whole cart stands against it: at blocks adding, over blocks checkout.
    pub order_limit_status: crate::domain::limits::LimitStatus,
}

impl CartCheck {
    /// Shape checks: one site, and the lines' count and quantities.
    pub fn validate(&self) -> Result<(), Vec<FieldError>> {
        let mut errors = line_errors(&self.items);
        if self.pantry_location_id.is_some() == self.delivery_time_id.is_some() {
            errors.push(FieldError::new(
                "pantryLocationID",
                FieldCode::Choice,
                "Send pantryLocationID or foodBankDeliveryTimeID, not both.",
            ));
        }
        if errors.is_empty() { Ok(()) } else { Err(errors) }
    }
}

/// `PUT /orders/{id}/location` body (spec §3 "Set-location payload").
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
pub struct OrderLocationChange {
    #[serde(rename = "OrderId", alias = "orderId")]
    pub order_id: Id,
    #[serde(rename = "LocationId", alias = "locationId")]
    pub location_id: Id,
    #[serde(rename = "PickupTimeId", alias = "pickupTimeId")]
    pub pickup_time_id: Id,
}

/// An order as listed and shown (spec §3 Order). Pickup fields are absent on
/// delivery orders and delivery fields on pickup orders.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: Id,
    /// When it was placed, at the wall clock of its place (the pickup pantry's zone, else the food
    /// bank's) with the offset: the day it shows is that place's day.
    #[schema(value_type = String, format = DateTime)]
    pub created: crate::domain::time::PlaceTime,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: Id,
    #[serde(rename = "pantryLocationID", skip_serializing_if = "Option::is_none")]
    pub pantry_location_id: Option<Id>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pantry_location: Option<OrderPantryLocation>,
    #[serde(rename = "pantryLocationPickupTimeID", skip_serializing_if = "Option::is_none")]
    pub pickup_time_id: Option<Id>,
    #[serde(rename = "pantryLocationPickupTime", skip_serializing_if = "Option::is_none")]
    pub pickup_time: Option<PickupTime>,
    #[serde(rename = "foodBankDeliveryTimeID", skip_serializing_if = "Option::is_none")]
    pub delivery_time_id: Option<Id>,
    #[serde(rename = "foodBankDeliveryTime", skip_serializing_if = "Option::is_none")]
    pub delivery_time: Option<DeliveryTime>,
    #[serde(rename = "foodInsecureNeighborAddressID", skip_serializing_if = "Option::is_none")]
    pub address_id: Option<Id>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub food_insecure_neighbor_address: Option<DeliveryAddress>,
    pub pantry_order_status_type: OrderStatusType,
    /// Spec §4: not completed or cancelled, has a time, within 2 hours of it.
    pub can_change_or_cancel: bool,
    /// Spec §4: not cancelled, pickup or delivery day today or later.
    pub is_upcoming: bool,
    /// Why the pantry cancelled the order, in its own words; absent unless it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cancel_reason: Option<String>,
}

/// The pantry of a pickup order, as the order summary shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPantryLocation {
    pub id: Id,
    pub label: String,
    #[serde(rename = "foodBankID")]
    pub food_bank_id: Id,
    #[serde(rename = "addressID")]
    pub address_id: Id,
    pub address: Address,
    pub is_restricted: bool,
    pub pickup_instructions: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostalAddress {
    pub address_line1: String,
    #[serde(default)]
    pub address_line2: Option<String>,
    pub city: String,
    /// State abbreviation.
    pub province: String,
    pub postal_code: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub country_code: Option<String>,
}

/// The delivery address as it was when the order was placed (`foodInsecureNeighborAddress`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct DeliveryAddress {
    pub name: String,
    pub address: PostalAddress,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderStatusType {
    pub id: Id,
    /// SUBMITTED, PACKING, READY, PICKED_UP (completed), CANCELLED, NO_SHOW (counted as cancelled).
    pub code: String,
    pub name: String,
    pub is_successfully_completed_type: bool,
    pub is_cancelled_type: bool,
    pub is_in_progress_type: bool,
}

/// One line of an order (`pantryOrderItems`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub id: Id,
    #[serde(rename = "pantryInventoryItemID")]
    pub inventory_item_id: Id,
    pub quantity: i64,
    pub is_substitute_ok: bool,
    pub pantry_inventory_item: OrderInventoryItem,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderInventoryItem {
    pub id: Id,
    #[serde(rename = "pantryItemID")]
    pub pantry_item_id: Id,
    pub pantry_item: OrderPantryItem,
    /// Pounds per unit when the order was placed.
    pub weight_pounds: f64,
    pub attachment_collection: Vec<AttachmentEntry>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct OrderPantryItem {
    pub name: String,
    pub description: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn submission_reads_the_spec_names_and_checks_quantities() {
        let s: OrderSubmission = serde_json::from_value(json!({
            "pantryLocationID": 3, "pantryLocationPickupTimeID": 7, "foodBankDeliveryTimeID": null,
            "pantryOrderItems": [{ "pantryInventoryItemID": 11, "isSubstituteOk": false, "quantity": 2 }]
        }))
        .unwrap();
        assert_eq!(
            (s.pantry_location_id, s.pickup_time_id, s.delivery_time_id, s.address_id),
            (Some(3), Some(7), None, None)
        );
        assert!(s.validate().is_ok());
        let bad = OrderSubmission { items: vec![OrderSubmissionItem { quantity: 0, ..s.items[0] }], ..s };
        assert_eq!(bad.validate().unwrap_err()[0].field, "pantryOrderItems.quantity");
    }

    #[test]
    fn location_change_reads_pascal_case() {
        let c: OrderLocationChange =
            serde_json::from_value(json!({ "OrderId": 1, "LocationId": 2, "PickupTimeId": 3 })).unwrap();
        assert_eq!((c.order_id, c.location_id, c.pickup_time_id), (1, 2, 3));
    }
}
