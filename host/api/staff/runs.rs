//! `/api/v1/staff/runs...` and `/api/v1/staff/delivery-windows/{id}/runs` (issue 51): the delivery
//! runs as the `/staff/runs` pages work them. The coordinator (the food bank's admin) makes a
//! window's runs, moves stops, gives a run its driver, starts it and closes a failed stop; a
//! driver reads the runs given to them and reports each stop. Another driver's run is 403; a run,
//! stop or window that is not there (or another food bank's) 404.
use super::{super::ApiResult, super::Body, super::PathParams, super::ok, Caller};
use crate::{
    domain::{
        Id,
        staff::{Driver, FoodBankAdmin},
    },
    model::runs::{MakeRuns, MoveStop, RunSheet, RunsBoard, StopReport},
    service::runs as service,
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(make_runs))
        .routes(routes!(run_sheet))
        .routes(routes!(report_stop))
        .routes(routes!(move_stop))
        .routes(routes!(set_driver))
        .routes(routes!(start_run))
        .routes(routes!(confirm_stop))
}

#[utoipa::path(
    post, path = "/staff/delivery-windows/{id}/runs",
    request_body = MakeRuns,
    summary = "Share the window's packed deliveries in no started run among this many drivers, each run a route from the program's depot (runs not started are made again)",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = RunsBoard))
)]
async fn make_runs(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(input): Body<MakeRuns>,
) -> ApiResult<RunsBoard> {
    service::make(&state, &admin, id, input.drivers).await?;
    ok(service::board(&state, &admin, None, Some(id)).await?)
}

#[utoipa::path(
    get, path = "/staff/runs/{id}",
    summary = "A run sheet: the run's stops in route order with name, address, phone, notes and items (its driver, or the coordinator)",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["driver"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn run_sheet(
    State(state): State<AppState>,
    Caller(caller): Caller<Driver>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<RunSheet> {
    ok(service::sheet(&state, &caller, id).await?)
}

#[utoipa::path(
    post, path = "/staff/runs/{id}/stops/{stopId}",
    request_body = StopReport,
    summary = "Report a stop of a run on the road: delivered (the order is completed), nobody home or refused (the coordinator then closes it)",
    params(("id" = inline(super::super::params::RowId), Path), ("stopId" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["driver"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn report_stop(
    State(state): State<AppState>,
    Caller(caller): Caller<Driver>,
    PathParams((id, stop_id)): PathParams<(Id, Id)>,
    Body(input): Body<StopReport>,
) -> ApiResult<RunSheet> {
    service::report(&state, &caller, id, stop_id, input.outcome).await?;
    ok(service::sheet(&state, &caller, id).await?)
}

#[utoipa::path(
    post, path = "/staff/runs/{id}/stops/{stopId}/move",
    request_body = MoveStop,
    summary = "Move a stop of a planned run to another planned run of its window; both are routed again",
    params(("id" = inline(super::super::params::RowId), Path), ("stopId" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn move_stop(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams((id, stop_id)): PathParams<(Id, Id)>,
    Body(input): Body<MoveStop>,
) -> ApiResult<RunSheet> {
    service::move_stop(&state, &admin, id, stop_id, input.run_id).await?;
    ok(service::sheet(&state, &admin, input.run_id).await?)
}

/// The driver a run is given to.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
struct RunDriverChoice {
    /// None: nobody yet.
    #[serde(rename = "driverUserID", default)]
    driver_user_id: Option<Id>,
}

#[utoipa::path(
    post, path = "/staff/runs/{id}/driver",
    request_body = RunDriverChoice,
    summary = "Give a planned run its driver, one who drives for the window's delivery program",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn set_driver(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(input): Body<RunDriverChoice>,
) -> ApiResult<RunSheet> {
    service::set_driver(&state, &admin, id, input.driver_user_id).await?;
    ok(service::sheet(&state, &admin, id).await?)
}

#[utoipa::path(
    post, path = "/staff/runs/{id}/start",
    summary = "The run leaves the depot: its packed orders are out for delivery and their shoppers told",
    params(("id" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn start_run(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<RunSheet> {
    service::start(&state, &admin, id).await?;
    ok(service::sheet(&state, &admin, id).await?)
}

#[utoipa::path(
    post, path = "/staff/runs/{id}/stops/{stopId}/confirm",
    summary = "Close a stop the driver could not deliver: the order is not delivered, its stock back once, the shopper told",
    params(("id" = inline(super::super::params::RowId), Path), ("stopId" = inline(super::super::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = RunSheet))
)]
async fn confirm_stop(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams((id, stop_id)): PathParams<(Id, Id)>,
) -> ApiResult<RunSheet> {
    service::confirm(&state, &admin, id, stop_id).await?;
    ok(service::sheet(&state, &admin, id).await?)
}
