//! `GET /api/v1/staff/pick-list`: the pick list of one of the caller's pantries (pantry staff and
//! admins of it), as the `/staff/pick-list` page shows it.
use super::{super::ApiResult, super::QueryParams, super::ok, Caller};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::pick_list::PickList,
    service::pick_list::{self as service, PickListQuery},
    state::AppState,
};
use axum::extract::State;
use chrono::NaiveDate;
use serde::Deserialize;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub(super) struct PickListParams {
    /// The pantry (default: the caller's first).
    #[param(value_type = Option<crate::api::params::RowId>, inline)]
    pantry: Option<Id>,
    /// The day (default: the pantry's today).
    date: Option<NaiveDate>,
    /// Only pickup times starting at or after this time of the pantry's day, "HH:MM".
    #[param(value_type = Option<String>, max_length = 8)]
    from: Option<crate::api::params::Bounded<8>>,
    /// Only pickup times starting before this time, "HH:MM".
    #[param(value_type = Option<String>, max_length = 8)]
    to: Option<crate::api::params::Bounded<8>>,
}

#[utoipa::path(
    get, path = "/staff/pick-list",
    summary = "The pick list: how much of each item the day's (or range's) orders still to hand over take, by category, and one packing slip per order",
    params(PickListParams),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = PickList))
)]
pub(super) async fn pick_list(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    QueryParams(q): QueryParams<PickListParams>,
) -> ApiResult<PickList> {
    let query = PickListQuery {
        pantry: q.pantry,
        date: q.date,
        from: q.from.map(|t| t.0),
        to: q.to.map(|t| t.0),
        orders: Vec::new(),
    };
    ok(service::pick_list(&state, &staff, &query, state.clock.now()).await?)
}
