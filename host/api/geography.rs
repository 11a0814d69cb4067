//! Counties, for the TEFAP residency question.
//!
//! Counties are answered from the database, so their ids can be stored with a
//! response. A state's counties missing there are first added from the embedded ZIP
//! table's county list (every county some ZIP code lies in), so any US ZIP works.
use super::{ApiError, ApiResult, PathParams, ok};
use crate::{domain::forms::is_valid_zip, model::tefap::County, state::AppState};
use axum::{Router, extract::State, routing::get};
use serde_json::{Value, json};

/// §8: "county failure: message or An error occurred loading counties".
pub const COUNTIES_NOT_LOADED: &str = "An error occurred loading counties";

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/counties/postalcode/{postalCode}", get(by_postal_code))
        .route("/provinces/{provinceId}/counties", get(of_province))
}

async fn by_postal_code(State(state): State<AppState>, PathParams(zip): PathParams<String>) -> ApiResult<Vec<County>> {
    let zip = zip.trim();
    if !is_valid_zip(zip) {
        return Err(ApiError::BadRequest(crate::domain::messages::INVALID_ZIP.into()));
    }
    ok(state.store.counties_for_zip(zip).await?.ok_or_else(|| ApiError::NotFound(COUNTIES_NOT_LOADED.into()))?)
}

async fn of_province(
    State(state): State<AppState>,
    PathParams(province_id): PathParams<i64>,
) -> ApiResult<Vec<County>> {
    ok(state
        .store
        .counties_of_province(province_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(COUNTIES_NOT_LOADED.into()))?)
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let list = json!({ "type": "array", "items": { "$ref": "#/components/schemas/County" } });
    json!({
        "paths": {
            "/counties/postalcode/{postalCode}": { "get": with_params(
                operation("The counties of a ZIP code's state, sorted by name; the ZIP's own county has isMatch", list.clone(), false),
                &[("postalCode", "path", "zip")]) },
            "/provinces/{provinceId}/counties": { "get": with_params(
                operation("The counties of a state, sorted by name", list, false),
                &[("provinceId", "path", "id")]) }
        },
        "schemas": {
            "County": { "type": "object", "properties": {
                "id": { "type": "integer" }, "name": { "type": "string" }, "provinceId": { "type": "integer" },
                "description": { "type": "string", "nullable": true }, "isMatch": { "type": "boolean" } } }
        }
    })
}
