//! `/api/v1/staff/delivery-schedule...`: a delivery program's weekly hours, one-off days and
//! publishing horizon (its food bank's admins: delivery is food-bank-wide), as the
//! `/staff/delivery-schedule` page edits them. Bad input is 400 with each field's code; another
//! food bank's program or row is 404.
use super::{super::ApiResult, super::Body, super::PathParams, super::QueryParams, super::ok, Caller};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::{
        delivery_schedules::{DeliveryHorizonInput, DeliverySchedule, DeliveryScheduleInput},
        schedules::ScheduleDone,
    },
    service::delivery_schedules as service,
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct DeliveryScheduleQuery {
    /// The delivery program (default: the caller's first).
    #[param(value_type = Option<super::super::params::RowId>, inline)]
    program: Option<Id>,
}

#[utoipa::path(
    get, path = "/staff/delivery-schedule",
    summary = "One of the caller's food banks' delivery programs: its weekly hours, one-off days and publishing horizon",
    params(DeliveryScheduleQuery),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = DeliverySchedule))
)]
pub(super) async fn delivery_schedule(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    QueryParams(q): QueryParams<DeliveryScheduleQuery>,
) -> ApiResult<DeliverySchedule> {
    ok(service::delivery_schedule(&state, &admin, q.program).await?)
}

#[utoipa::path(
    post, path = "/staff/delivery-schedule",
    request_body = DeliveryScheduleInput,
    summary = "Add weekly hours (weekday) or a one-off day (date) to a delivery program; its delivery windows for the horizon are made at once",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn add_delivery_row(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(input): Body<DeliveryScheduleInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::save_row(&state, &admin, None, &input).await?)
}

#[utoipa::path(
    put, path = "/staff/delivery-schedule/{id}",
    request_body = DeliveryScheduleInput,
    summary = "Change a row of delivery hours: its empty future windows are made again; windows with orders are never moved",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn change_delivery_row(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(input): Body<DeliveryScheduleInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::save_row(&state, &admin, Some(id), &input).await?)
}

#[utoipa::path(
    delete, path = "/staff/delivery-schedule/{id}",
    summary = "Remove a row of delivery hours with the empty future windows it made; windows with orders stay",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn remove_delivery_row(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<ScheduleDone> {
    ok(service::delete_row(&state, &admin, id).await?)
}

#[utoipa::path(
    put, path = "/staff/delivery-schedule-horizon",
    request_body = DeliveryHorizonInput,
    summary = "Set how many days ahead (1 to 120) a delivery program publishes its delivery windows",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = ScheduleDone))
)]
pub(super) async fn delivery_horizon(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(input): Body<DeliveryHorizonInput>,
) -> ApiResult<ScheduleDone> {
    ok(service::set_horizon(&state, &admin, &input).await?)
}
