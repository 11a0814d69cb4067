//! The monthly report (`/staff/reports`) and the TEFAP records list (`/staff/tefap`).
use super::staff_items::Named;
use crate::domain::Id;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// A month's or a day's counts at one place.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct ReportCounts {
    /// Orders placed.
    pub orders: u32,
    pub picked_up: u32,
    pub no_shows: u32,
    /// Deliveries handed over, and those closed as not delivered (counted in the two above too).
    pub delivered: u32,
    pub not_delivered: u32,
    /// Walk-in visits: households served without an order.
    pub visits: u32,
    /// Households with an order or a visit, each counted once (unduplicated).
    pub households: u32,
    /// Households whose first order ever at the place is in the month (month totals only).
    pub new_households: u32,
    /// People 0 to 17 of the households served (picked up), from their TEFAP records.
    pub children: u32,
    /// People 18 to 59.
    pub adults: u32,
    /// People 60 and over.
    pub seniors: u32,
    /// Units handed over (picked-up orders; packed quantities where packing changed them).
    pub items: i64,
    /// Their pounds, where known (see `domain::reports::pounds`), to one decimal.
    pub pounds: f64,
    /// Days with at least one order picked up or a visit.
    pub distribution_days: u32,
}

/// One day of a place's month.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDay {
    pub day: NaiveDate,
    pub orders: u32,
    pub picked_up: u32,
    pub no_shows: u32,
    /// Deliveries handed over, and those closed as not delivered (counted in the two above too).
    pub delivered: u32,
    pub not_delivered: u32,
    pub visits: u32,
    pub households: u32,
    pub items: i64,
    pub pounds: f64,
}

/// A food bank (all its pantries and deliveries) or one pantry.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportPlace {
    /// `foodBank` or `pantry`.
    pub kind: String,
    pub id: Id,
    pub name: String,
    pub totals: ReportCounts,
}

/// The monthly report of the places the caller reaches.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MonthlyReport {
    /// `YYYY-MM`.
    pub month: String,
    pub previous_month: String,
    pub next_month: String,
    /// Food banks first (admins only), then pantries by name.
    pub places: Vec<ReportPlace>,
    /// The place shown by day: `foodBank:ID` or `pantry:ID`.
    pub selected: String,
    /// Every day of the month at the selected place, first to last.
    pub days: Vec<ReportDay>,
}

/// One TEFAP record: only what 7 CFR 251.10(a) asks, and the people by age the monthly form counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TefapRecordLine {
    /// The order the record is of; None for a walk-in visit.
    pub order_id: Option<Id>,
    /// The household of a walk-in visit (its page is where staff look it up); None for an order.
    pub household_id: Option<Id>,
    /// The local day the order was placed, or the visit made.
    pub served_on: NaiveDate,
    pub recipient_name: String,
    pub household_size: Option<i32>,
    /// `income`, `programs` or `emergency`; None when the answers on file did not say.
    pub basis: Option<String>,
    pub is_homeless: bool,
    pub children: Option<i32>,
    pub adults: Option<i32>,
    pub seniors: Option<i32>,
    /// The order's state now: `submitted`, `packing`, `ready`, `pickedUp`, `cancelled`, `noShow`...;
    /// `walkIn` for a visit.
    pub state: String,
    /// Kept at least until this day.
    pub keep_until: NaiveDate,
}

/// A pantry's TEFAP records of a month.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TefapRecords {
    pub month: String,
    pub previous_month: String,
    pub next_month: String,
    /// The pantries the caller reaches (the filter's choices).
    pub pantries: Vec<Named>,
    pub pantry_id: Id,
    pub records: Vec<TefapRecordLine>,
}
