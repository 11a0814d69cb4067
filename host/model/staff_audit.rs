//! The food bank admin's audit page (`/staff/audit`, `/api/v1/staff/audit`): the newest staff
//! changes at their food banks, who made them, when, where, and what changed.
use super::staff_items::Named;
use crate::domain::Id;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

/// One field that changed, its values as text (None: absent on that side).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditChange {
    pub field: String,
    pub before: Option<String>,
    pub after: Option<String>,
}

/// One change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLine {
    pub id: i64,
    /// In the zone of its pantry, else of its food bank, with the offset.
    #[schema(value_type = String, format = DateTime)]
    pub at: crate::domain::time::PlaceTime,
    /// The e-mail of who made it (empty for the system's own entries).
    pub who: String,
    /// Made by the server's own jobs (the retention job), not a person.
    pub by_system: bool,
    /// The pantry it was at, if any.
    pub pantry: Option<String>,
    /// A stable code, e.g. `item.update`.
    pub action: String,
    /// What it touched, e.g. `inventoryItem:12`.
    pub subject: String,
    /// The fields that differ between before and after.
    pub changes: Vec<AuditChange>,
}

/// A page of the log, newest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    /// The admin's pantries, by name (the filter's choices).
    pub pantries: Vec<Named>,
    pub pantry_id: Option<Id>,
    /// Everyone who made changes at the admin's food banks, by e-mail (the person filter's choices).
    pub people: Vec<Named>,
    pub person_id: Option<Id>,
    /// The kinds of change in the log (the filter's choices), e.g. `item.update`.
    pub actions: Vec<String>,
    pub action: Option<String>,
    /// The filter's first and last day.
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
    pub entries: Vec<AuditLine>,
    /// Pass as `before` for the next (older) page; None: this is the last.
    pub next_before: Option<i64>,
}
