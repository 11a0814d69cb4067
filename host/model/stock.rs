//! The stock page (`/staff/stock`), an item's history and the CSV import's preview, and their API
//! under /api/v1/staff/stock: what the pantry holds, what open orders hold of it, every movement,
//! and the limits staff keep on an item and on the pantry's order size.
use crate::domain::{Id, stock::StockReason};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A pantry the caller keeps stock at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockPantry {
    pub id: Id,
    pub name: String,
}

/// One change of an item's quantity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockMovement {
    pub id: i64,
    /// Units added (positive) or taken (negative).
    pub delta: i64,
    pub quantity_after: i64,
    pub reason: StockReason,
    /// Who made it; none for the server (the no-show job).
    pub by: Option<String>,
    /// The order that caused it.
    pub order_id: Option<Id>,
    /// In the pantry's zone, with its offset.
    #[schema(value_type = String, format = DateTime)]
    pub at: crate::domain::time::PlaceTime,
}

/// A limit staff keep: `value` units (or items per order) every `every` `scope`s.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLimit {
    pub id: Id,
    pub value: i64,
    pub every: i64,
    /// DAY, WEEK, MONTH, ORDER or ACCOUNT.
    pub scope: String,
    /// As the shopper reads it ("This item has a limit of 2 every 1 week").
    pub message: String,
}

/// One item of the pantry with its stock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockItem {
    /// The inventory item (the id shoppers order by).
    pub id: Id,
    pub product_id: Id,
    pub product: String,
    /// On hand: what shoppers can still order.
    pub on_hand: i64,
    /// Units on open orders (submitted, packing, ready) not yet handed over.
    pub held: i64,
    /// At or under this many on hand the item is running low (the Today page lists it); None: never.
    pub low_at: Option<i32>,
    pub is_active: bool,
    pub last_movement: Option<StockMovement>,
    pub limits: Vec<StaffLimit>,
}

/// `/staff/stock`: a pantry's items.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockList {
    /// The caller's pantries, by name.
    pub pantries: Vec<StockPantry>,
    pub pantry_id: Id,
    /// The pantry's own order-size limit (items per order), if it has one.
    pub order_size_limit: Option<StaffLimit>,
    /// By product name.
    pub items: Vec<StockItem>,
}

/// `/staff/stock/{itemId}`: an item with its movements, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockItemHistory {
    pub pantry_id: Id,
    pub item: StockItem,
    pub movements: Vec<StockMovement>,
}

/// Stock in or out: `units` received, damaged or given out, or the count of a recount.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockEntryRequest {
    /// received, recount, damaged or given_out.
    pub reason: String,
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub units: i64,
}

/// A limit on an item: `value` units every `every` `scope`s (one limit per scope; setting it again
/// replaces it).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LimitRequest {
    /// DAY, WEEK, MONTH, ORDER or ACCOUNT.
    pub scope: String,
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub value: i64,
    /// N in "every N days"; 1 when left out.
    #[serde(default)]
    #[schema(minimum = 1, maximum = 1000)]
    pub every: Option<i64>,
}

/// The pantry's order-size limit: at most `value` items per order; none removes it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSizeRequest {
    #[schema(minimum = 0, maximum = 1_000_000)]
    pub value: Option<i64>,
}

/// A CSV upload for a pantry (the app reads the file and sends its text).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockImportRequest {
    pub pantry_id: Id,
    /// The file's text: a header line naming itemId (or product) and quantity (or received).
    pub csv: String,
}

/// One row of an import's preview: what it changes, or why it cannot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreviewRow {
    /// The file's line number.
    pub line: u64,
    pub item_id: Option<Id>,
    pub product: Option<String>,
    pub before: Option<i64>,
    pub after: Option<i64>,
    /// recount (quantity) or received.
    pub reason: Option<StockReason>,
    /// The row's refusal code (importUnknownItem, importBadNumber, importDuplicateRow, importBadRow).
    pub error: Option<String>,
    pub error_message: Option<String>,
}

/// An upload's preview, kept under `token` until applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportPreview {
    pub token: String,
    pub pantry_id: Id,
    pub rows: Vec<ImportPreviewRow>,
    pub errors: usize,
    /// Rows that change a quantity.
    pub changes: usize,
}

/// What Apply did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportApplied {
    pub pantry_id: Id,
    pub changed: usize,
}
