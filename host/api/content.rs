//! GET /content/infocards, GET /messages and PUT /messages/{id}/read: see
//! [`crate::service::content`] for what they answer.
use super::{
    ApiResult, PathParams, QueryParams,
    auth::{AuthUser, MaybeUser},
    ok,
};
use crate::{
    catalog::Lang,
    model::content::{InfoCard, Message},
    service::content::{food_bank_code, info_cards, mark_read as mark_message_read, messages_for},
    state::AppState,
};
use axum::{
    Router,
    extract::State,
    routing::{get, put},
};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/content/infocards", get(general_cards))
        .route("/content/infocards/{foodBankCode}", get(food_bank_cards))
        .route("/messages", get(messages))
        .route("/messages/{id}/read", put(mark_read))
}

async fn general_cards(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<InfoCard>> {
    ok(info_cards(&state, None, lang).await?)
}

async fn food_bank_cards(
    State(state): State<AppState>,
    PathParams(code): PathParams<String>,
    lang: Lang,
) -> ApiResult<Vec<InfoCard>> {
    let code = food_bank_code(&state, &code).await?;
    ok(info_cards(&state, Some(&code), lang).await?)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MessagesQuery {
    food_bank_code: Option<String>,
}

async fn messages(
    State(state): State<AppState>,
    user: MaybeUser,
    QueryParams(q): QueryParams<MessagesQuery>,
    lang: Lang,
) -> ApiResult<Vec<Message>> {
    ok(messages_for(&state, q.food_bank_code.as_deref(), user.0.map(|u| u.id), lang).await?)
}

async fn mark_read(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<i64>) -> ApiResult<Value> {
    mark_message_read(&state, user.id, id).await?;
    ok(json!({ "id": id, "isRead": true }))
}

pub fn openapi() -> Value {
    use super::openapi::{operation, with_params};
    let cards = json!({ "type": "array", "items": { "$ref": "#/components/schemas/InfoCard" } });
    json!({
        "paths": {
            "/content/infocards": { "get": operation(
                "Public info cards shown everywhere, by section order then card order; modalContent is sanitised HTML",
                cards.clone(), false) },
            "/content/infocards/{foodBankCode}": { "get": with_params(operation(
                "Public info cards shown everywhere plus the food bank's, by section order then card order",
                cards, false), &[("foodBankCode", "path", "string")]) },
            "/messages": { "get": with_params(operation(
                "Signed in: the caller's upcoming orders (type order, soonest first); then unexpired notifications, general plus the food bank's, newest first, with isRead for the caller",
                json!({ "type": "array", "items": { "$ref": "#/components/schemas/Message" } }), false),
                &[("foodBankCode", "query", "string")]) },
            "/messages/{id}/read": { "put": with_params(operation(
                "Mark a notification read for the caller (idempotent)",
                json!({ "type": "object", "properties": { "id": { "type": "integer" }, "isRead": { "type": "boolean" } } }), true),
                &[("id", "path", "id")]) }
        },
        "schemas": {
            "InfoCard": { "type": "object", "properties": {
                "id": { "type": "integer" }, "title": { "type": "string" },
                "images": { "type": "array", "items": { "type": "string" } },
                "description": { "type": "string", "nullable": true },
                "actionButtonText": { "type": "string", "nullable": true },
                "modalTitle": { "type": "string", "nullable": true },
                "modalContent": { "type": "string", "nullable": true, "description": "HTML: p, br, strong, em, ul, ol, li, h2-h4, a[href http/https/mailto]" },
                "order": { "type": "integer" },
                "section": { "type": "object", "nullable": true, "properties": {
                    "id": { "type": "integer" }, "name": { "type": "string" },
                    "order": { "type": "integer" }, "hideTitle": { "type": "boolean" } } },
                "textColor": { "type": "string", "nullable": true },
                "backgroundColor": { "type": "string", "nullable": true } } },
            "Message": { "type": "object", "properties": {
                "type": { "type": "string", "enum": ["notification", "order"] },
                // anyOf: an order's fields may happen to satisfy the notification shape too.
                "data": { "anyOf": [
                    { "type": "object", "properties": {
                        "id": { "type": "integer" }, "title": { "type": "string" },
                        "description": { "type": "string", "nullable": true },
                        "details": { "type": "string", "nullable": true, "description": "sanitised HTML" },
                        "created": { "type": "string", "format": "date-time" },
                        "foodBankCode": { "type": "string", "nullable": true } } },
                    { "type": "object", "description": "an order, as GET /orders/{id} answers it" } ] },
                "isRead": { "type": "boolean" } } }
        }
    })
}
