//! The staff side's JSON shapes (`/api/v1/staff/...` and the `/staff` pages' data): the day's
//! queue, one order as the packing table sees it, and check-in matches. States are named by code
//! (SUBMITTED, PACKING, READY, PICKED_UP, CANCELLED, NO_SHOW), which the app words from its catalog.
use crate::domain::{Id, order_states::StaffAction};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Longest reason for a pantry's cancel (the shopper reads it).
pub const MAX_REASON_LEN: usize = 500;
/// Longest check-in search text.
pub const MAX_SEARCH_LEN: usize = 100;

/// A pantry the caller works at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffPantry {
    pub id: Id,
    pub label: String,
}

/// How many of the day's orders are in one state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateCount {
    pub state: String,
    pub count: usize,
}

/// One order in the queue (and a check-in match).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueOrder {
    pub id: Id,
    /// The state's code.
    pub state: String,
    pub shopper_name: String,
    pub household_size: Option<i32>,
    pub pantry_label: Option<String>,
    /// The pickup (or delivery) day and local times, "HH:MM".
    pub day: Option<NaiveDate>,
    pub starts: Option<String>,
    pub ends: Option<String>,
    pub lines: i64,
    pub units: i64,
    /// Staff placed it for the household (a phone order).
    pub by_phone: bool,
    /// What the caller may do with it now (check-in matches: only `checkIn`).
    pub actions: Vec<StaffAction>,
}

/// The orders of one pickup time (or delivery window).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueueGroup {
    pub starts: Option<String>,
    pub ends: Option<String>,
    /// The group's orders (matching the search, when there is one).
    pub count: usize,
    /// Those listed: all of them, some (the first listed group of a day over the rows a queue
    /// lists) or none (a group before `from` or after the rows ran out: its count and a link).
    pub orders: Vec<QueueOrder>,
}

/// The day's orders of a pantry (`/staff`, `/staff/pantries/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQueue {
    pub pantry: StaffPantry,
    /// Every pantry the caller packs for, to switch to.
    pub pantries: Vec<StaffPantry>,
    pub date: NaiveDate,
    /// The pickup time ("HH:MM") the listing starts at, when asked for.
    pub from: Option<String>,
    /// The most orders listed at once: a busy day is read a pickup time at a time.
    pub rows_at_most: usize,
    /// Per state, in the states' order, over the whole day (not only the orders listed).
    pub counts: Vec<StateCount>,
    pub pickups: Vec<QueueGroup>,
    /// The food bank's delivery orders of the day, for its admin; empty for pantry staff.
    pub deliveries: Vec<QueueGroup>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffShopper {
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    pub household_size: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffLine {
    pub id: Id,
    pub name: String,
    pub quantity: i32,
    /// Packed units: the quantity, or fewer once marked short.
    pub packed: i32,
    pub is_substitute_ok: bool,
}

/// One change of the order's state.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffEvent {
    pub from: Option<String>,
    pub to: String,
    /// Who made it; null for the server's no-show job.
    pub by: Option<String>,
    pub reason: Option<String>,
    /// The wall clock of the order's place (the pickup pantry's zone, else the food bank's), with
    /// the offset in force then.
    #[schema(value_type = String, format = DateTime)]
    pub at: crate::domain::time::PlaceTime,
}

/// An order as the packing table sees it (`/staff/orders/{id}`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrder {
    pub id: Id,
    pub state: String,
    pub pantry_label: Option<String>,
    pub is_delivery: bool,
    pub day: Option<NaiveDate>,
    pub starts: Option<String>,
    pub ends: Option<String>,
    pub shopper: StaffShopper,
    /// Staff placed it for the household (a phone order).
    pub by_phone: bool,
    pub lines: Vec<StaffLine>,
    pub history: Vec<StaffEvent>,
    pub actions: Vec<StaffAction>,
    /// Lines may be marked short now.
    pub can_short: bool,
    pub cancel_reason: Option<String>,
}

/// `POST /staff/orders/{id}/state` body.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateChange {
    pub action: StaffAction,
    /// Required to cancel: the shopper reads it.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub reason: Option<String>,
}

/// `PUT /staff/orders/{id}/lines/{lineId}` body.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShortLine {
    /// Units packed, fewer than now.
    #[schema(minimum = 0)]
    pub packed: i32,
}
