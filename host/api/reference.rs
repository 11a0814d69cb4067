//! Reference lists the survey offers: genders and races, named in the caller's language.
use super::{ApiResult, localize::name_in, ok};
use crate::{catalog::Lang, model::reference::IdName, state::AppState};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(genders)).routes(routes!(races))
}

#[utoipa::path(get, path = "/genders", summary = "Genders offered by the survey",
    responses((status = 200, description = "successful", body = Vec<IdName>)))]
async fn genders(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(named_in(lang, state.store.genders().await?))
}

#[utoipa::path(get, path = "/races", summary = "Races offered by the survey",
    responses((status = 200, description = "successful", body = Vec<IdName>)))]
async fn races(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(named_in(lang, state.store.races().await?))
}

fn named_in(lang: Lang, list: Vec<IdName>) -> Vec<IdName> {
    list.into_iter().map(|i| IdName { name: name_in(lang, i.name), ..i }).collect()
}
