//! Files made for the signed-in account from the session cookie, beside the pages they belong to:
//! the pick list as CSV (`/staff/pick-list.csv`, the page's query; personal, so never cached;
//! signed out is 401, without a grant 403, another pantry 404), and beside the order pages an
//! order number's QR code (`/account/orders/{id}/qr.svg`), which the check-in screen scans.
//! The stock page's CSV (`/staff/stock.csv?pantry=`) and the admin's filtered audit log
//! (`/staff/audit.csv`, the audit page's query) are made the same way.
use super::answers::{Say, csv_file, failed, plain_text, say, staff_for};
use crate::{
    catalog::Lang,
    domain::{
        audit::AuditAction,
        staff::{FoodBankAdmin, PantryStaff},
    },
    pages::staff_pick_list::query_of,
    service::{
        Error,
        pick_list::{self, CsvTitles},
        staff::audit,
    },
    state::AppState,
};
use axum::{
    Router,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/staff/pick-list.csv", get(pick_list_csv))
        .route("/staff/stock.csv", get(stock_csv))
        .route("/staff/audit.csv", get(audit_csv))
        .route("/account/orders/{id}/qr.svg", get(order_qr))
}

/// The order's number (as its pages show it) as a QR code. It draws the number in the address and
/// nothing else, so it reads no order and needs no session: the app's pages show it whether the
/// shopper signed in by cookie or by bearer token only (an image cannot send the token).
async fn order_qr(State(state): State<AppState>, lang: Lang, Path(id): Path<String>) -> Response {
    let Some(id) = crate::pages::shared::row_id(&id) else { return say(&state, lang, Say::NotFound) };
    let Some(svg) = crate::service::order_code::qr_svg(id) else { return say(&state, lang, Say::TryAgain) };
    let mut res = (StatusCode::OK, svg).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    res
}

async fn pick_list_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let staff = match staff_for::<PantryStaff>(&state, &headers, lang).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let list = match pick_list::pick_list(&state, &staff, &query_of(&query), state.clock.now()).await {
        Ok(list) => list,
        Err(Error::Invalid(_)) => return say(&state, lang, Say::BadTimes),
        Err(error) => return failed(&state, lang, error, "pick list CSV not made"),
    };
    let text = |key| state.catalog.text(lang, key);
    let titles = CsvTitles {
        category: text("staff.pick.category"),
        item: text("staff.order.item"),
        quantity: text("staff.pick.quantity"),
        orders: text("staff.pick.orders"),
        uncategorised: text("staff.pick.uncategorised"),
    };
    match pick_list::to_csv(&list, &titles) {
        Ok(body) => csv_file(&pick_list::csv_file_name(&list), body),
        Err(error) => failed(&state, lang, error.into(), "pick list CSV not written"),
    }
}

/// The pantry's items with quantities and limits as CSV (`service::stock::export_csv`), which
/// imports again unchanged.
async fn stock_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let staff = match staff_for::<PantryStaff>(&state, &headers, lang).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let pantry = query.get("pantry").and_then(|p| crate::pages::shared::row_id(p));
    match crate::service::stock::export_csv(&state, &staff, pantry).await {
        Ok((name, body)) => csv_file(&name, body),
        Err(error) => failed(&state, lang, error, "stock CSV not made"),
    }
}

/// The admin's audit log as CSV (`/staff/audit.csv`), filtered as the page's query filters it
/// (`pages::staff_audit::ask_of`); a bad filter is 400 naming the fields.
async fn audit_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let admin = match staff_for::<FoodBankAdmin>(&state, &headers, lang).await {
        Ok(admin) => admin,
        Err(res) => return res,
    };
    let bad_filter = |fields: Vec<&str>| {
        let check = state.catalog.text(lang, "staff.audit.badFilter");
        plain_text(StatusCode::BAD_REQUEST, format!("{check} {}", fields.join(", ")))
    };
    let ask = match crate::pages::staff_audit::ask_of(&query) {
        Ok(ask) => ask,
        Err(errors) => return bad_filter(errors.iter().map(|e| e.field).collect()),
    };
    let entries = match audit::export(&state, &admin, &ask).await {
        Ok(entries) => entries,
        Err(Error::Fields { fields, .. }) => return bad_filter(fields.iter().map(|e| e.field).collect()),
        Err(error) => return failed(&state, lang, error, "audit CSV not made"),
    };
    let text = |key: &str| state.catalog.text(lang, key).to_owned();
    let titles = audit::CsvTitles {
        when: text("staff.audit.when"),
        who: text("staff.audit.who"),
        system: text("staff.audit.system"),
        pantry: text("staff.audit.where"),
        action: text("staff.audit.what"),
        subject: text("staff.audit.subject"),
        field: text("staff.audit.field"),
        before: text("staff.audit.before"),
        after: text("staff.audit.after"),
        actions: AuditAction::ALL.iter().map(|a| (a.code(), text(&a.text_key()))).collect(),
    };
    match audit::to_csv(&entries, &titles) {
        Ok(body) => csv_file("audit-log.csv", body.into_bytes()),
        Err(error) => failed(&state, lang, error.into(), "audit CSV not written"),
    }
}
