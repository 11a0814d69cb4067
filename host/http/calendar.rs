//! "Add to calendar" (issue 54): an order's `.ics` beside its page (`/account/orders/{id}/calendar.ics`,
//! for the session cookie's shopper as the order page is: signed out 401, another's order 404),
//! and a shopper's private feed (`/calendar/{token}/orders.ics`), which calendar apps fetch without
//! signing in: the token is the key, so an unknown or reset one is 404. Both are personal, so
//! `private, no-store` and never in the page cache. The path's token is not logged: the request
//! span names a path only at debug level, and nothing here writes it.
use super::answers::{Say, failed, say, signed_in};
use crate::{
    catalog::Lang,
    service::calendar::{self, Words},
    state::AppState,
};
use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/account/orders/{id}/calendar.ics", get(order_file))
        .route("/calendar/{token}/orders.ics", get(feed))
}

/// The event's texts in `lang`, from the app's message catalog.
fn words(state: &AppState, lang: Lang) -> Words {
    let text = |key: &str| state.catalog.text(lang, key).to_owned();
    Words {
        lang,
        pickup_summary: text("orders.calendar.pickupSummary"),
        delivery_summary: text("orders.calendar.deliverySummary"),
        order_number: text("orders.calendar.orderNumber"),
        when: text("orders.calendar.when"),
        instructions: text("orders.calendar.instructions"),
        reminder: text("orders.calendar.reminder"),
        feed_name: text("orders.calendar.feedName"),
    }
}

fn calendar_file(body: String, name: Option<&str>) -> Response {
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/calendar; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Some(value) = name.and_then(|n| HeaderValue::from_str(&format!("attachment; filename=\"{n}\"")).ok()) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    res
}

async fn order_file(State(state): State<AppState>, headers: HeaderMap, lang: Lang, Path(id): Path<String>) -> Response {
    let Some(id) = crate::pages::shared::row_id(&id) else { return say(&state, lang, Say::NotFound) };
    let user = match signed_in(&state, &headers, lang).await {
        Ok(user) => user,
        Err(res) => return res,
    };
    match calendar::order_file(&state, user, id, &words(&state, lang)).await {
        Ok(body) => calendar_file(body, Some(&format!("order-{id:X}.ics"))),
        Err(error) => failed(&state, lang, error, "order calendar file not made"),
    }
}

async fn feed(State(state): State<AppState>, lang: Lang, Path(token): Path<String>) -> Response {
    match calendar::feed_file(&state, &token, |owner_lang| words(&state, owner_lang)).await {
        // Inline: a calendar app reads it; a browser shows or saves it.
        Ok(body) => calendar_file(body, None),
        Err(error) => failed(&state, lang, error, "calendar feed not made"),
    }
}

/// The path as a log line may name it: a feed's token (the key to a shopper's orders) left out.
pub(super) fn loggable(path: &str) -> std::borrow::Cow<'_, str> {
    match path.strip_prefix("/calendar/") {
        Some(_) => "/calendar/{token}".into(),
        None => path.into(),
    }
}
