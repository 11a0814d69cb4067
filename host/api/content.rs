//! Home-page info cards and the messages list (notifications plus, for a signed-in
//! shopper, their upcoming orders).
//!
//! Only public cards are served (§7 "Content service ... public only"). Messages put
//! the caller's upcoming orders first, soonest first, then notifications newest
//! first; expired notifications are left out. An unknown food bank code is a 404.
mod html;

use crate::catalog::Lang;

use super::{
    ApiError, ApiResult, PathParams, QueryParams,
    auth::{AuthUser, MaybeUser},
    ok,
};
use crate::{
    db::now,
    model::{
        content::{InfoCard, Message, MessageData},
        orders::Order,
    },
    state::AppState,
};
use axum::{
    Router,
    extract::State,
    routing::{get, put},
};
use serde::Deserialize;
use serde_json::{Value, json};

/// §8 "Messages: Error loading messages" is the client's text; this is ours for a bad code.
const UNKNOWN_FOOD_BANK: &str = "Food bank not found";
const MAX_CODE_LEN: usize = 32;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/content/infocards", get(general_cards))
        .route("/content/infocards/{foodBankCode}", get(food_bank_cards))
        .route("/messages", get(messages))
        .route("/messages/{id}/read", put(mark_read))
}

/// The stored spelling of `code`, or a 404 for a code no food bank has.
async fn food_bank_code(state: &AppState, code: &str) -> Result<String, ApiError> {
    let code = code.trim();
    if code.is_empty() || code.len() > MAX_CODE_LEN {
        return Err(ApiError::BadRequest(format!("A food bank code has 1 to {MAX_CODE_LEN} characters.")));
    }
    state.store.food_bank_code(code).await?.ok_or_else(|| ApiError::NotFound(UNKNOWN_FOOD_BANK.into()))
}

pub(crate) fn sanitized(mut cards: Vec<InfoCard>) -> Vec<InfoCard> {
    for c in &mut cards {
        c.modal_content = c.modal_content.as_deref().map(html::sanitize);
    }
    cards
}

async fn general_cards(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<InfoCard>> {
    ok(sanitized(state.store.info_cards(None, lang).await?))
}

async fn food_bank_cards(
    State(state): State<AppState>,
    PathParams(code): PathParams<String>,
    lang: Lang,
) -> ApiResult<Vec<InfoCard>> {
    let code = food_bank_code(&state, &code).await?;
    ok(sanitized(state.store.info_cards(Some(&code), lang).await?))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MessagesQuery {
    food_bank_code: Option<String>,
}

/// The day and start of an order's pickup or delivery, for soonest-first order.
fn starts(o: &Order) -> (Option<chrono::NaiveDate>, Option<chrono::NaiveTime>) {
    match (&o.pickup_time, &o.delivery_time) {
        (Some(p), _) => (Some(p.pickup_day), Some(p.pickup_start_time)),
        (None, Some(d)) => (Some(d.delivery_day), Some(d.delivery_start_time)),
        (None, None) => (None, None),
    }
}

async fn messages(
    State(state): State<AppState>,
    user: MaybeUser,
    QueryParams(q): QueryParams<MessagesQuery>,
    lang: Lang,
) -> ApiResult<Vec<Message>> {
    ok(messages_for(&state, q.food_bank_code.as_deref(), user.0.map(|u| u.id), lang).await?)
}

/// The shopper's upcoming orders (soonest first), then the notifications for them and the food
/// bank; a visitor (`user_id` None) gets the general notifications only. Shared with /messages.
pub(crate) async fn messages_for(
    state: &AppState,
    food_bank_code: Option<&str>,
    user_id: Option<i64>,
    lang: Lang,
) -> Result<Vec<Message>, ApiError> {
    let code = match food_bank_code.filter(|c| !c.trim().is_empty()) {
        Some(c) => Some(self::food_bank_code(state, c).await?),
        None => None,
    };
    let mut out = Vec::new();
    if let Some(user_id) = user_id {
        // `isUpcoming` is `domain::orders::OrderFacts::is_upcoming`, the rule of `upcoming_orders`.
        let mut upcoming: Vec<Order> =
            state.store.orders_of(user_id).await?.into_iter().filter(|o| o.is_upcoming).collect();
        upcoming.sort_by_key(|o| (starts(o), o.id));
        out.extend(upcoming.into_iter().map(|o| Message { data: MessageData::Order(Box::new(o)), is_read: false }));
    }
    for (mut note, is_read) in state.store.notifications(code.as_deref(), user_id, now(), lang).await? {
        note.details = note.details.as_deref().map(html::sanitize);
        out.push(Message { data: MessageData::Notification(note), is_read });
    }
    Ok(out)
}

async fn mark_read(State(state): State<AppState>, user: AuthUser, PathParams(id): PathParams<i64>) -> ApiResult<Value> {
    if !state.store.mark_notification_read(user.id, id).await? {
        return Err(ApiError::not_found("Message"));
    }
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
