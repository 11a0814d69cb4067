//! `/api/hsds`: the food bank network as Open Referral HSDS 3.0, public and read-only (issue 54).
//! Its answers are HSDS's own shapes (snake_case, paginated the HSDS way), not our envelope; its
//! failures are our envelope, as every API failure. It has its own OpenAPI document
//! (`/api/hsds/openapi.json`, adapted from HSDS's): its schemas are HSDS's published ones, which the
//! app never calls, so they stay out of the app's document and the TypeScript made from it.
use super::{ApiError, PathParams, QueryParams, middleware};
use crate::{
    model::hsds::Page,
    service::{self, hsds::Dataset},
    state::AppState,
};
use axum::{
    Json, Router,
    extract::State,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde::{Deserialize, Serialize};
use std::sync::{Arc, LazyLock};

static OPENAPI: LazyLock<serde_json::Value> =
    LazyLock::new(|| serde_json::from_str(include_str!("hsds.openapi.json")).expect("hsds.openapi.json is JSON"));

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(meta))
        .route("/openapi.json", get(|| async { Json(&*OPENAPI).into_response() }))
        .route("/organizations", get(organizations))
        .route("/organizations/{id}", get(organization))
        .route("/services", get(services))
        .route("/services/{id}", get(service_by_id))
        .route("/service_at_locations", get(service_at_locations))
        .route("/service_at_locations/{id}", get(service_at_location))
        .route("/export.zip", get(export))
        .fallback(|| async { ApiError::NotFound("No such API path.".into()) })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("This method is not allowed on this path.".into())
        })
        .layer(axum::middleware::from_fn(middleware::time_limit))
        .layer(axum::middleware::from_fn(middleware::localize_failures))
}

#[derive(Deserialize)]
struct ListQuery {
    page: Option<i64>,
    per_page: Option<i64>,
    organization_id: Option<String>,
}

/// The directory as the cache keeps it: built again only after a write to what it shows.
async fn dataset(state: &AppState) -> Result<Arc<Dataset>, ApiError> {
    let built = state
        .hsds
        .get_or_load("directory", &state.store, || async {
            let built = service::hsds::build(state).await?;
            Ok::<_, service::Error>((Arc::new(built.dataset), built.scopes))
        })
        .await?;
    Ok(built)
}

/// An HSDS answer: revalidated on every use, like the public pages the same data is on.
fn answer<T: Serialize>(value: &T) -> Response {
    let mut res = Json(value).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    res
}

/// `GET /api/hsds/`: the HSDS version and where the API's document is.
pub(crate) async fn meta(State(state): State<AppState>) -> Response {
    answer(&service::hsds::meta(&state))
}

fn page<T: Serialize>(items: Vec<T>, q: &ListQuery) -> Result<Response, ApiError> {
    let page: Page<T> = service::hsds::page(items, q.page, q.per_page)?;
    Ok(answer(&page))
}

async fn organizations(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<ListQuery>,
) -> Result<Response, ApiError> {
    let d = dataset(&state).await?;
    page(d.organizations.iter().map(|o| o.listed()).collect(), &q)
}

async fn organization(State(state): State<AppState>, PathParams(id): PathParams<String>) -> Result<Response, ApiError> {
    Ok(answer(dataset(&state).await?.organization(&id)?))
}

async fn services(State(state): State<AppState>, QueryParams(q): QueryParams<ListQuery>) -> Result<Response, ApiError> {
    let d = dataset(&state).await?;
    page(d.services_of(q.organization_id.as_deref()), &q)
}

async fn service_by_id(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> Result<Response, ApiError> {
    Ok(answer(dataset(&state).await?.service(&id)?))
}

async fn service_at_locations(
    State(state): State<AppState>,
    QueryParams(q): QueryParams<ListQuery>,
) -> Result<Response, ApiError> {
    let d = dataset(&state).await?;
    page(d.service_at_locations_of(q.organization_id.as_deref()), &q)
}

async fn service_at_location(
    State(state): State<AppState>,
    PathParams(id): PathParams<String>,
) -> Result<Response, ApiError> {
    Ok(answer(&dataset(&state).await?.service_at_location(&id)?))
}

async fn export(State(state): State<AppState>) -> Result<Response, ApiError> {
    let d = dataset(&state).await?;
    let bytes = d.zip()?.to_vec();
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip"),
            (header::CONTENT_DISPOSITION, "attachment; filename=\"hsds-export.zip\""),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        bytes,
    )
        .into_response())
}
