//! The delivery schedule page (`/staff/delivery-schedule`) and its API
//! (`/api/v1/staff/delivery-schedule...`): a delivery program's weekly hours and one-off days, cut
//! into delivery windows for its publishing horizon, kept by its food bank's admins.
use super::schedules::{Hours, ScheduleEntry};
use crate::domain::Id;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A delivery program the admin keeps the schedule of.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryProgramRef {
    pub id: Id,
    pub name: String,
    /// Shoppers see an inactive program's windows only once it is active again.
    pub is_active: bool,
}

/// A delivery program's schedule as its food bank's admins edit it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliverySchedule {
    pub program: DeliveryProgramRef,
    /// Every delivery program of the caller's food banks, by food bank and name.
    pub programs: Vec<DeliveryProgramRef>,
    /// Days ahead shoppers see.
    pub horizon_days: i32,
    /// Weekly rows by weekday, then one-off days by date (times local to the food bank).
    pub entries: Vec<ScheduleEntry>,
}

/// A new or changed row of a delivery program's hours, in its food bank's zone.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryScheduleInput {
    pub program_id: Id,
    #[serde(flatten)]
    pub hours: Hours,
}

/// A delivery program's publishing horizon.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryHorizonInput {
    pub program_id: Id,
    #[schema(minimum = 1, maximum = 120)]
    pub horizon_days: i32,
}
