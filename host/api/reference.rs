//! Reference lists the survey offers: genders and races, named in the caller's language.
use super::{ApiResult, localize::name_in, ok};
use crate::{catalog::Lang, model::reference::IdName, state::AppState};
use axum::{Router, extract::State, routing::get};
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new().route("/genders", get(genders)).route("/races", get(races))
}

async fn genders(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(named_in(lang, state.store.genders().await?))
}

async fn races(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<IdName>> {
    ok(named_in(lang, state.store.races().await?))
}

fn named_in(lang: Lang, list: Vec<IdName>) -> Vec<IdName> {
    list.into_iter().map(|i| IdName { name: name_in(lang, i.name), ..i }).collect()
}

pub fn openapi() -> Value {
    use super::openapi::operation;
    let list = json!({ "type": "array", "items": { "$ref": "#/components/schemas/IdName" } });
    json!({
        "paths": {
            "/genders": { "get": operation("Genders offered by the survey", list.clone(), false) },
            "/races": { "get": operation("Races offered by the survey", list, false) }
        },
        "schemas": {
            "IdName": { "type": "object", "required": ["id", "name"],
                        "properties": { "id": { "type": "integer" }, "name": { "type": "string" } } }
        }
    })
}
