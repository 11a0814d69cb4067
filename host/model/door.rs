//! The door's day on a device and the answers to what it sends (issue 50).
use crate::domain::{Id, order_states::StaffAction, time::PlaceTime};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// What a device keeps to work a pantry's day without a connection: the day's orders and the
/// households the door may serve, with only the fields the door needs.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorDay {
    /// Who took it: the device drops it when another staff member's page opens.
    #[serde(rename = "userID")]
    pub user_id: Id,
    #[serde(rename = "pantryID")]
    pub pantry_id: Id,
    pub pantry_label: String,
    pub day: NaiveDate,
    /// When this copy was made, at the pantry's wall clock.
    #[schema(value_type = String, format = DateTime)]
    pub prepared_at: PlaceTime,
    /// When the device must drop it: 24 hours after the day ends.
    pub expires_at: DateTime<Utc>,
    /// Whether a visit needs the household's signature (a food bank rule).
    pub visit_signature: bool,
    pub orders: Vec<DoorOrder>,
    pub households: Vec<DoorHousehold>,
}

/// One order of the day.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorOrder {
    pub id: Id,
    pub name: String,
    /// Local "HH:MM".
    pub starts: String,
    pub ends: String,
    pub units: i64,
    /// The state's code.
    pub state: String,
    /// What the caller may do with it now.
    pub actions: Vec<StaffAction>,
}

/// One household of the directory.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorHousehold {
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    /// The phone's last four digits.
    pub phone_end: Option<String>,
    pub postal_code: String,
    pub size: i32,
    /// `valid`, `due` (lapsed or never decided).
    pub tefap: &'static str,
}

/// What the server did with an action a device sent.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DoorOutcome {
    pub key: String,
    /// `done` (recorded now), `again` (this key was recorded before: nothing more was), or
    /// `conflict` (refused: what happened meanwhile is in `code` and `state`).
    pub outcome: &'static str,
    /// The order handed over, the household registered or the visit recorded.
    pub id: Option<Id>,
    /// A conflict's refusal code (the app words it from its catalog).
    pub code: Option<String>,
    /// A conflict's English text, for API clients.
    pub message: Option<String>,
    /// An order's state on the server now.
    pub state: Option<String>,
}
