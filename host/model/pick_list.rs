//! The pick list's JSON shape (`/api/v1/staff/pick-list` and the `/staff/pick-list` page's
//! data): how much of each item the day's orders take, by category, and one packing slip per order.
use super::staff::StaffPantry;
use crate::domain::Id;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// How much of one item the chosen orders take.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickTotal {
    /// The product (pantry item).
    pub item_id: Id,
    pub name: String,
    /// Units to pack: the sum of the lines' quantities (packed quantities of lines marked short).
    pub quantity: i64,
    /// How many orders have it.
    pub orders: u64,
}

/// The totals of one shop category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickCategory {
    /// The category's name; null for items in none, which come last.
    pub category: Option<String>,
    /// By name.
    pub items: Vec<PickTotal>,
}

/// One line of a packing slip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlipLine {
    pub name: String,
    pub quantity: i32,
    /// Units to pack: the quantity, or fewer once marked short.
    pub packed: i32,
    pub is_substitute_ok: bool,
}

/// One order's packing slip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PackingSlip {
    pub id: Id,
    /// The state's code.
    pub state: String,
    pub shopper_name: String,
    /// The pickup time's local start and end, "HH:MM".
    pub starts: String,
    pub ends: String,
    pub lines: Vec<SlipLine>,
}

/// The pick list of a pantry's day (`/staff/pick-list`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PickList {
    pub pantry: StaffPantry,
    /// Every pantry the caller packs for, to switch to.
    pub pantries: Vec<StaffPantry>,
    pub date: NaiveDate,
    /// The range of pickup starts, "HH:MM", when one was asked for.
    pub from: Option<String>,
    pub to: Option<String>,
    /// The orders it was asked for alone (ticked in the queue); empty: every order in the range.
    pub orders: Vec<Id>,
    /// How many orders the list covers.
    pub order_count: u64,
    /// Packing slips come for at most this many orders (a busy day is printed a range at a time).
    pub slips_at_most: u64,
    /// By category in the shop's order.
    pub totals: Vec<PickCategory>,
    /// By pickup time, then number; empty when the list covers more than `slips_at_most` orders.
    pub slips: Vec<PackingSlip>,
}
