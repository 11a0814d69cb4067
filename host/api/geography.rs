//! Counties, for the TEFAP residency question.
//!
//! Counties are answered from the database, so their ids can be stored with a
//! response. A state's counties missing there are first added from the embedded ZIP
//! table's county list (every county some ZIP code lies in), so any US ZIP works.
use super::{ApiError, ApiResult, PathParams, ok};
use crate::{
    domain::{forms::is_valid_zip, messages},
    model::tefap::County,
    service::tefap,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(by_postal_code)).routes(routes!(of_province))
}

#[utoipa::path(get, path = "/counties/postalcode/{postalCode}",
    summary = "The counties of a ZIP code's state, sorted by name; the ZIP's own county has isMatch",
    params(("postalCode" = inline(super::params::Zip), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<County>)))]
async fn by_postal_code(State(state): State<AppState>, PathParams(zip): PathParams<String>) -> ApiResult<Vec<County>> {
    let zip = zip.trim();
    if !is_valid_zip(zip) {
        return Err(ApiError::BadRequest(messages::INVALID_ZIP.into()));
    }
    ok(tefap::counties_for_zip(&state, zip)
        .await?
        .ok_or_else(|| ApiError::not_found(&messages::COUNTIES_NOT_LOADED))?)
}

#[utoipa::path(get, path = "/provinces/{provinceId}/counties", summary = "The counties of a state, sorted by name",
    params(("provinceId" = inline(super::params::RowId), Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<County>)))]
async fn of_province(
    State(state): State<AppState>,
    PathParams(province_id): PathParams<i64>,
) -> ApiResult<Vec<County>> {
    ok(tefap::counties_of_province(&state, province_id)
        .await?
        .ok_or_else(|| ApiError::not_found(&messages::COUNTIES_NOT_LOADED))?)
}
