//! `/api/v1/staff/schedule...`: a pantry's weekly hours and one-off days, its publishing horizon
//! and its closed days (pantry staff and their food banks' admins), as the `/staff/schedule` page
//! edits them. Bad input is 422 with each field's code; another pantry's row is 404.
use super::{super::ApiResult, super::Body, super::PathParams, super::QueryParams, super::ok, Caller};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::schedules::{ClosedDayInput, HorizonInput, Schedule, ScheduleDone, ScheduleInput},
    service::schedules as service,
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ScheduleQuery {
    /// The pantry (default: the caller's first).
    #[param(value_type = Option<super::super::params::RowId>, inline)]
    pantry: Option<Id>,
}

#[utoipa::path(
    get, path = "/staff/schedule",
    summary = "One of the caller's pantries' weekly hours, one-off days, publishing horizon and closed days (with the orders still booked on them)",
    params(ScheduleQuery),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = Schedule))
)]
pub(super) async fn schedule(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    QueryParams(q): QueryParams<ScheduleQuery>,
) -> ApiResult<Schedule> {
    ok(service::schedule(&state, &staff, q.pantry).await?)
}

#[utoipa::path(
    post, path = "/staff/schedule",
    request_body = ScheduleInput,
    summary = "Add weekly hours (weekday) or a one-off day (date) to a pantry; its pickup times for the horizon are made at once",
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn add_row(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    Body(input): Body<ScheduleInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::save_row(&state, &staff, None, &input).await?)
}

#[utoipa::path(
    put, path = "/staff/schedule/{id}",
    request_body = ScheduleInput,
    summary = "Change a row of hours: its empty future times are made again; times with orders are never moved",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn change_row(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(input): Body<ScheduleInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::save_row(&state, &staff, Some(id), &input).await?)
}

#[utoipa::path(
    delete, path = "/staff/schedule/{id}",
    summary = "Remove a row of hours with the empty future times it made; times with orders stay",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn remove_row(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<ScheduleDone> {
    ok(service::delete_row(&state, &staff, id).await?)
}

#[utoipa::path(
    put, path = "/staff/schedule-horizon",
    request_body = HorizonInput,
    summary = "Set how many days ahead (1 to 120) a pantry publishes its pickup times",
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn horizon(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    Body(input): Body<HorizonInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::set_horizon(&state, &staff, &input).await?)
}

#[utoipa::path(
    post, path = "/staff/closed-days",
    request_body = ClosedDayInput,
    summary = "Close a pantry on a date or a range with a reason shoppers read: its times there stop being offered, and every shopper booked there is asked (message and e-mail) to choose another time",
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn close(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    Body(input): Body<ClosedDayInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::close_days(&state, &staff, &input).await?)
}

#[utoipa::path(
    delete, path = "/staff/closed-days/{id}",
    summary = "Open a closed range again: its times are offered again",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn reopen(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<ScheduleDone> {
    ok(service::reopen(&state, &staff, id).await?)
}
