//! Delivery runs' shapes (issue 51): the coordinator's board of a window's runs, and the run sheet
//! a driver follows on a phone or on paper. Times are the window's local wall clock; the app's
//! formatters write them.
use crate::{
    domain::{Id, runs::StopOutcome},
    geo::LocatedBy,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A delivery window as the runs pages name it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunWindowView {
    pub id: Id,
    #[serde(rename = "programID")]
    pub program_id: Id,
    pub program_name: String,
    pub day: NaiveDate,
    /// Local times, "HH:MM".
    pub starts: String,
    pub ends: String,
    /// The program has no depot of its own: its routes start from the food bank's ZIP centre.
    pub depot_is_zip_centre: bool,
}

/// One stop: what the driver needs at the door, and where the order stands.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunStop {
    pub id: Id,
    #[serde(rename = "orderID")]
    pub order_id: Id,
    pub position: i32,
    pub name: String,
    pub address_line1: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    /// Opens the phone's maps app at the address.
    pub maps_url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    /// The saved address's delivery notes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    /// Units in the order's bags.
    pub items: i64,
    /// The order's state code (READY, OUT_FOR_DELIVERY, PICKED_UP, NO_SHOW, CANCELLED).
    pub state: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<StopOutcome>,
    /// The coordinator closed it as not delivered.
    pub confirmed: bool,
    /// How the route placed it: the address itself, or only its ZIP's centre (so the order on the
    /// route is a guess there).
    pub located_by: LocatedBy,
    /// The driver may report it now (the run is on the road and the order still out).
    pub reportable: bool,
}

/// A run: its driver, its route's estimated miles and its stops in order.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunView {
    pub id: Id,
    pub number: i32,
    #[serde(rename = "driverUserID", skip_serializing_if = "Option::is_none")]
    pub driver_user_id: Option<Id>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub driver_name: Option<String>,
    /// Straight-line miles of the round trip from the depot, rounded to a tenth.
    pub miles: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub started_at: Option<DateTime<Utc>>,
    pub stops: Vec<RunStop>,
}

/// A driver the coordinator may give a run to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunDriver {
    #[serde(rename = "userID")]
    pub user_id: Id,
    pub name: String,
}

/// The coordinator's board: a day's delivery windows and, for the chosen one, its runs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunsBoard {
    pub date: NaiveDate,
    pub windows: Vec<RunWindowView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window: Option<RunWindowView>,
    pub runs: Vec<RunView>,
    /// Packed and ready orders of the window in no run yet.
    pub waiting: usize,
    pub drivers: Vec<RunDriver>,
}

/// A driver's run, as the driver's page (and its printed sheet) shows it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunSheet {
    pub window: RunWindowView,
    pub run: RunView,
    /// The caller coordinates (the food bank's admin), so the page links back to the board.
    pub coordinates: bool,
}

/// A run given to the caller, on their Today page.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyRun {
    pub id: Id,
    pub number: i32,
    pub window: RunWindowView,
    pub stops: usize,
    pub started: bool,
}

/// Split a window's packed orders among this many drivers.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MakeRuns {
    pub drivers: i64,
}

/// What the driver reports at a stop.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StopReport {
    pub outcome: StopOutcome,
}

/// Move a stop to another run of its window.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveStop {
    #[serde(rename = "runID")]
    pub run_id: Id,
}
