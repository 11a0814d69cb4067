//! The schedule page (`/staff/schedule`) and its API (`/api/v1/staff/schedule...`): a pantry's
//! weekly hours and one-off days, its publishing horizon, and its closed days with the orders
//! booked on them.
use super::staff::StaffPantry;
use crate::domain::Id;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One row of opening hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleEntry {
    pub id: Id,
    /// 0 = Monday … 6 = Sunday for a weekly row; None for a one-off day.
    pub weekday: Option<u8>,
    /// The date of a one-off day.
    pub date: Option<NaiveDate>,
    /// Local time, `HH:MM`.
    pub opens: String,
    pub closes: String,
    pub slot_minutes: i32,
    /// Orders per slot; None: unlimited.
    pub capacity: Option<i32>,
}

/// An order booked on a closed day: the shopper was asked to choose another time.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedDayOrder {
    pub order_id: Id,
    pub shopper_name: String,
    pub pickup_day: NaiveDate,
    /// `HH:MM`.
    pub start: String,
    pub end: String,
}

/// A closed range of dates, with the orders still booked on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedDay {
    pub id: Id,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub reason: String,
    pub orders: Vec<ClosedDayOrder>,
}

/// A closed range as shoppers read it on the pantry's page ("Closed Dec 24–26: Holiday").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedNotice {
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub reason: String,
}

/// A pantry's schedule as its staff edit it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Schedule {
    pub pantry: StaffPantry,
    /// Every pantry the caller edits schedules of, by label.
    pub pantries: Vec<StaffPantry>,
    /// Days ahead shoppers see.
    pub horizon_days: i32,
    /// Weekly rows by weekday, then one-off days by date.
    pub entries: Vec<ScheduleEntry>,
    /// Closed ranges that have not ended, soonest first.
    pub closed_days: Vec<ClosedDay>,
}

/// A row of hours as staff write it, whoever keeps the schedule: `weekday` (weekly) or `date`
/// (one-off day). Times are local to the owner (a pantry's zone, or its food bank's for a delivery
/// program); the row is cut into times of `slotMinutes` each.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Hours {
    #[serde(default)]
    #[schema(minimum = 0, maximum = 6)]
    pub weekday: Option<i32>,
    /// `YYYY-MM-DD`.
    #[serde(default)]
    pub date: Option<String>,
    /// Local time, `HH:MM`.
    pub opens: String,
    pub closes: String,
    pub slot_minutes: i32,
    /// Orders per slot; empty: unlimited.
    #[serde(default)]
    pub capacity: Option<i32>,
}

/// A new or changed row of a pantry's opening hours.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleInput {
    pub pantry_id: Id,
    #[serde(flatten)]
    pub hours: Hours,
}

/// The publishing horizon.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HorizonInput {
    pub pantry_id: Id,
    #[schema(minimum = 1, maximum = 120)]
    pub horizon_days: i32,
}

/// A new closed range (one day: `lastDay` = `firstDay` or left out).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClosedDayInput {
    pub pantry_id: Id,
    /// `YYYY-MM-DD`.
    pub first_day: String,
    #[serde(default)]
    pub last_day: Option<String>,
    /// What shoppers read, e.g. "Holiday".
    #[schema(max_length = 200)]
    pub reason: String,
}

/// What a write did: the row it made or changed, and the pickup times made and removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleDone {
    pub id: Option<Id>,
    pub times_made: u64,
    pub times_removed: u64,
    /// Shoppers told to choose another time (closing days).
    pub orders_told: usize,
}
