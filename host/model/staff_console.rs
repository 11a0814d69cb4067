//! The staff console's shapes: the frame every staff page is drawn in (its navigation, pantry
//! switcher and search), the Today page's figures, and what the console's search found.
use super::staff::{QueueOrder, StaffPantry, StateCount};
use crate::domain::Id;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// What the staff layout needs of the caller: the sections their strongest grant opens, the
/// pantries they may switch between and the one they work on (the one asked for, else the one
/// they chose last, else the first).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct Console {
    /// The signed-in staff member: the device's copy of a door's day is theirs alone (issue 50).
    #[serde(rename = "userID")]
    pub user_id: Id,
    /// `volunteer`, `staff` or `admin`: the strongest grant.
    pub role: String,
    pub sections: Vec<&'static str>,
    pub pantries: Vec<StaffPantry>,
    pub pantry: Option<Id>,
    /// Whether the layout's search finds orders (pantry staff and admins).
    pub can_search: bool,
}

/// A pickup time or delivery window of the day on the Today page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodaySlot {
    /// Local times, "HH:MM".
    pub starts: String,
    pub ends: String,
    /// None: unlimited.
    pub capacity: Option<i32>,
    pub booked: i32,
    pub full: bool,
    /// Its orders by state, in the states' order; states with none left out.
    pub counts: Vec<StateCount>,
}

/// An item at or under its low-stock level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodayLow {
    pub id: Id,
    pub product: String,
    pub quantity: i32,
    pub low_at: i32,
}

/// A closed range of the pantry's days from today on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TodayClosed {
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub reason: String,
}

/// The Today page: a pantry's day at a glance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffToday {
    pub pantry: StaffPantry,
    pub date: NaiveDate,
    /// The day's orders by state, pickups and deliveries together.
    pub totals: Vec<StateCount>,
    pub pickups: Vec<TodaySlot>,
    /// The food bank's delivery windows of the day, for its admin; empty for pantry staff.
    pub deliveries: Vec<TodaySlot>,
    pub low: Vec<TodayLow>,
    pub closed: Vec<TodayClosed>,
    /// Messages the outbox gave up on (every food bank's: the outbox is the host's), for admins.
    pub given_up: Option<u64>,
}

/// The console search's answer: orders of every day the caller may see, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffFound {
    pub search: String,
    pub orders: Vec<QueueOrder>,
}
