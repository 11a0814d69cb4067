//! Reference lists the survey offers: genders and races, named in the caller's language.
use super::{ApiResult, ok};
use crate::{catalog::Lang, model::reference::IdName, service::reference, state::AppState};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(genders)).routes(routes!(races))
}

#[utoipa::path(get, path = "/genders", summary = "Genders offered by the survey",
    security(()),
    responses((status = 200, description = "successful", body = Vec<IdName>)))]
async fn genders(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(reference::genders(&state, lang).await?)
}

#[utoipa::path(get, path = "/races", summary = "Races offered by the survey",
    security(()),
    responses((status = 200, description = "successful", body = Vec<IdName>)))]
async fn races(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(reference::races(&state, lang).await?)
}
