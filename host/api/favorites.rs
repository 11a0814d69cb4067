//! The signed-in shopper's favourite pantry (§4 "Favorite toggle": stored on the
//! server when signed in). One favourite: storing another replaces it.
use super::{ApiError, ApiResult, PathParams, auth::AuthUser, ok};
use crate::{model::referrals::PantryRef, state::AppState};
use axum::{
    Router,
    extract::State,
    routing::{get, put},
};
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account/favorite", get(load).delete(clear))
        .route("/account/favorite/{locationId}", put(store))
}

/// The favourite pantry, or `null` when there is none.
async fn load(State(state): State<AppState>, user: AuthUser) -> ApiResult<Option<PantryRef>> {
    ok(state.store.favorite_pantry(user.id).await?)
}

async fn store(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(location_id): PathParams<i64>,
) -> ApiResult<PantryRef> {
    let pantry = state.store.set_favorite_pantry(user.id, location_id).await?;
    ok(pantry.ok_or_else(|| ApiError::not_found("Pantry"))?)
}

/// Clearing when there is no favourite succeeds too; the value is the (now empty) favourite.
async fn clear(State(state): State<AppState>, user: AuthUser) -> ApiResult<Option<PantryRef>> {
    state.store.clear_favorite_pantry(user.id).await?;
    ok(None)
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let pantry = json!({ "allOf": [{ "$ref": "#/components/schemas/PantryRef" }], "nullable": true });
    json!({
        "paths": {
            "/account/favorite": {
                "get": operation("The caller's favourite pantry, or null", pantry.clone(), true),
                "delete": operation("Clear the caller's favourite pantry (value null)", pantry.clone(), true)
            },
            "/account/favorite/{locationId}": { "put": with_params(
                operation("Make a pantry the caller's favourite (replacing any other); 404 for an unknown pantry",
                    json!({ "$ref": "#/components/schemas/PantryRef" }), true),
                &[("locationId", "path", "id")]) }
        },
        "schemas": {}
    })
}
