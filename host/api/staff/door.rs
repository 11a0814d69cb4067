//! The door without a connection (issue 50), volunteers and up at their pantries:
//! `GET /api/v1/staff/pantries/{pantryId}/door`, the day a device takes along, and
//! `POST /api/v1/staff/door`, one action the device recorded, sent once it is back online (each
//! with the key the device made: a resend records nothing twice).
use super::{
    super::{ApiError, ApiResult, Body, PathParams, ok},
    Caller,
};
use crate::{
    domain::{
        Id,
        forms::{FieldCode, FieldError},
        staff::Volunteer,
    },
    model::door::{DoorDay, DoorOutcome},
    service::{
        door::{self as service, DoorWhat, HouseholdRef},
        households::{IntakeForm, VisitForm},
    },
    state::AppState,
};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::ToSchema;

/// What the action is.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) enum DoorKind {
    CheckIn,
    NoShow,
    Household,
    Visit,
}

/// A household registered at the door, its fields as the volunteer typed them.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct DoorIntake {
    first_name: String,
    last_name: String,
    /// `YYYY-MM-DD` or `MM/DD/YYYY`, or empty.
    birth_date: String,
    phone: String,
    postal_code: String,
    /// People in the household, as typed.
    size: String,
}

/// A walk-in visit recorded at the door: the pounds given, TEFAP foods given and on what basis,
/// and the household's typed signature where the food bank asks for one.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct DoorVisit {
    pounds: String,
    /// `income`, `program`, `emergency` or `homeless` when TEFAP foods were given; else empty.
    tefap_basis: String,
    signed_name: String,
}

/// One action a device recorded.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DoorSend {
    /// Made by the device for this action, 8 to 64 letters, digits, `-` or `_`.
    #[schema(min_length = 8, max_length = 64)]
    key: String,
    /// When it was recorded (a visit counts on that day when it is at most 48 hours old).
    at: DateTime<Utc>,
    action: DoorKind,
    /// checkIn and noShow: the order.
    #[serde(rename = "orderID")]
    order_id: Option<Id>,
    /// household and visit: the caller's pantry.
    #[serde(rename = "pantryID")]
    pantry_id: Option<Id>,
    /// visit: the household, when the server has it...
    #[serde(rename = "householdID")]
    household_id: Option<Id>,
    /// ...or the key of its registration sent before.
    household_key: Option<String>,
    household: Option<DoorIntake>,
    visit: Option<DoorVisit>,
}

fn required(field: &'static str) -> ApiError {
    ApiError::invalid(vec![FieldError::new(
        field,
        FieldCode::Required,
        format!("{field} is required for this action."),
    )])
}

impl DoorSend {
    fn what(self) -> Result<DoorWhat, ApiError> {
        let order = || self.order_id.ok_or_else(|| required("orderID"));
        let pantry = || self.pantry_id.ok_or_else(|| required("pantryID"));
        Ok(match self.action {
            DoorKind::CheckIn => DoorWhat::CheckIn { order: order()? },
            DoorKind::NoShow => DoorWhat::NoShow { order: order()? },
            DoorKind::Household => {
                let pantry = pantry()?;
                let h = self.household.ok_or_else(|| required("household"))?;
                DoorWhat::Household {
                    pantry,
                    form: IntakeForm {
                        first_name: h.first_name,
                        last_name: h.last_name,
                        birth_date: h.birth_date,
                        phone: h.phone,
                        postal_code: h.postal_code,
                        size: h.size,
                        ..IntakeForm::default()
                    },
                }
            }
            DoorKind::Visit => {
                let pantry = pantry()?;
                let household = match (self.household_id, self.household_key) {
                    (Some(id), _) => HouseholdRef::Id(id),
                    (None, Some(key)) => HouseholdRef::Key(key),
                    (None, None) => return Err(required("householdID")),
                };
                let v = self.visit.ok_or_else(|| required("visit"))?;
                let tefap = !v.tefap_basis.trim().is_empty();
                DoorWhat::Visit {
                    pantry,
                    household,
                    form: VisitForm {
                        lines: Vec::new(),
                        pounds: v.pounds,
                        tefap,
                        tefap_basis: v.tefap_basis,
                        signed_name: v.signed_name,
                        signed_drawing: String::new(),
                    },
                }
            }
        })
    }
}

#[utoipa::path(
    get, path = "/staff/pantries/{pantryId}/door",
    summary = "The day a device takes along to work the door without a connection: the pantry's orders of the day (number, name, time, units, state, the caller's actions) and the households its door may serve (name, the phone's last four digits, ZIP, size, TEFAP status); taking it is logged",
    params(("pantryId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["volunteer"])),
    responses((status = 200, description = "successful", body = DoorDay))
)]
pub(super) async fn door_day(
    State(state): State<AppState>,
    Caller(staff): Caller<Volunteer>,
    PathParams(pantry): PathParams<Id>,
) -> ApiResult<DoorDay> {
    ok(service::day(&state, &staff, pantry).await?)
}

#[utoipa::path(
    post, path = "/staff/door",
    summary = "One action the door recorded on a device (a check-in, a no-show, a walk-in household, a walk-in visit), sent once back online: done, again (its key was recorded before, nothing more is) or a conflict with the order's state now",
    request_body = DoorSend,
    security(("bearer" = ["volunteer"])),
    responses((status = 200, description = "successful", body = DoorOutcome))
)]
pub(super) async fn door_send(
    State(state): State<AppState>,
    Caller(staff): Caller<Volunteer>,
    Body(body): Body<DoorSend>,
) -> ApiResult<DoorOutcome> {
    let (key, at) = (body.key.clone(), body.at);
    let what = body.what()?;
    ok(service::send(&state, &staff, &key, at, what).await?)
}
