//! Files made for the signed-in account from the session cookie, beside the pages they belong to:
//! the pick list as CSV (`/staff/pick-list.csv`, the page's query; personal, so never cached;
//! signed out is 401, without a grant 403, another pantry 404), and beside the order pages an
//! order number's QR code (`/account/orders/{id}/qr.svg`), which the check-in screen scans.
//! The stock page's CSV (`/staff/stock.csv?pantry=`) and the admin's filtered audit log
//! (`/staff/audit.csv`, the audit page's query) are made the same way.
use crate::{
    api::session_cookie,
    catalog::{Lang, query_lang},
    domain::staff::{FoodBankAdmin, PantryStaff},
    infra::auth,
    pages::staff_pick_list::query_of,
    service::{
        Error,
        pick_list::{self, CsvTitles},
        staff::Staff,
        staff_audit,
    },
    state::AppState,
};
use axum::{
    Router,
    extract::{Path, Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
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

/// The account the session cookie names; else the answer to give.
pub(super) async fn signed_in(state: &AppState, headers: &HeaderMap) -> Result<crate::domain::Id, Response> {
    let Some(token) = session_cookie::token(headers) else {
        return Err(plain(StatusCode::UNAUTHORIZED, "Please log in."));
    };
    match auth::user_of(&state.tokens, &state.store, token).await {
        Ok(Ok(id)) => Ok(id),
        Ok(Err(_)) => Err(plain(StatusCode::UNAUTHORIZED, "Please log in.")),
        Err(error) => {
            tracing::warn!(%error, "download: session not checked");
            Err(plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again."))
        }
    }
}

/// The order's number (as its pages show it) as a QR code. It draws the number in the address and
/// nothing else, so it reads no order and needs no session: the app's pages show it whether the
/// shopper signed in by cookie or by bearer token only (an image cannot send the token).
async fn order_qr(Path(id): Path<String>) -> Response {
    let Some(id) = crate::pages::shared::row_id(&id) else { return plain(StatusCode::NOT_FOUND, "Not found.") };
    let Some(svg) = crate::service::order_code::qr_svg(id) else {
        return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
    };
    let mut res = (StatusCode::OK, svg).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=86400"));
    res
}

pub(super) fn plain(status: StatusCode, text: &'static str) -> Response {
    let mut res = (status, text).into_response();
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    res
}

async fn pick_list_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let lang = Lang::negotiate(query_lang(uri.path_and_query().map_or("", |p| p.as_str())), &headers);
    let user = match signed_in(&state, &headers).await {
        Ok(user) => user,
        Err(res) => return res,
    };
    let staff = match Staff::<PantryStaff>::resolve(&state, user).await {
        Ok(Some(staff)) => staff,
        Ok(None) => return plain(StatusCode::FORBIDDEN, "For pantry staff only."),
        Err(error) => {
            tracing::warn!(%error, "pick list CSV: grants not read");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let list = match pick_list::pick_list(&state, &staff, &query_of(&query), crate::db::now()).await {
        Ok(list) => list,
        Err(Error::NotFound(_)) => return plain(StatusCode::NOT_FOUND, "Not found."),
        Err(Error::Invalid(_)) => {
            return plain(StatusCode::BAD_REQUEST, "A time is written as HH:MM, the start first.");
        }
        Err(error) => {
            tracing::error!(%error, "pick list CSV not made");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let text = |key| state.catalog.text(lang, key);
    let titles = CsvTitles {
        category: text("staff.pick.category"),
        item: text("staff.order.item"),
        quantity: text("staff.pick.quantity"),
        orders: text("staff.pick.orders"),
        uncategorised: text("staff.pick.uncategorised"),
    };
    let body = match pick_list::to_csv(&list, &titles) {
        Ok(body) => body,
        Err(error) => {
            tracing::error!(%error, "pick list CSV not written");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    let disposition = format!("attachment; filename=\"{}\"", pick_list::csv_file_name(&list));
    if let Ok(value) = HeaderValue::from_str(&disposition) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    res
}

/// The pantry's items with quantities and limits as CSV (`service::stock::export_csv`), which
/// imports again unchanged.
async fn stock_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let user = match signed_in(&state, &headers).await {
        Ok(user) => user,
        Err(res) => return res,
    };
    let staff = match Staff::<PantryStaff>::resolve(&state, user).await {
        Ok(Some(staff)) => staff,
        Ok(None) => return plain(StatusCode::FORBIDDEN, "For pantry staff only."),
        Err(error) => {
            tracing::warn!(%error, "stock CSV: grants not read");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let pantry = query.get("pantry").and_then(|p| crate::pages::shared::row_id(p));
    let (name, body) = match crate::service::stock::export_csv(&state, &staff, pantry).await {
        Ok(file) => file,
        Err(Error::NotFound(_)) => return plain(StatusCode::NOT_FOUND, "Not found."),
        Err(error) => {
            tracing::error!(%error, "stock CSV not made");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    res
}

/// The admin's audit log as CSV (`/staff/audit.csv`), filtered as the page's query filters it
/// (`pages::staff_audit::ask_of`); a bad filter is 400 naming the fields.
async fn audit_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let lang = Lang::negotiate(query_lang(uri.path_and_query().map_or("", |p| p.as_str())), &headers);
    let user = match signed_in(&state, &headers).await {
        Ok(user) => user,
        Err(res) => return res,
    };
    let admin = match Staff::<FoodBankAdmin>::resolve(&state, user).await {
        Ok(Some(admin)) => admin,
        Ok(None) => return plain(StatusCode::FORBIDDEN, "For food bank admins only."),
        Err(error) => {
            tracing::warn!(%error, "audit CSV: grants not read");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let bad_filter = |fields: Vec<&str>| {
        let mut res = (StatusCode::BAD_REQUEST, format!("Check the filter: {}.", fields.join(", "))).into_response();
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
        res
    };
    let ask = match crate::pages::staff_audit::ask_of(&query) {
        Ok(ask) => ask,
        Err(errors) => return bad_filter(errors.iter().map(|e| e.field).collect()),
    };
    let entries = match staff_audit::export(&state, &admin, &ask).await {
        Ok(entries) => entries,
        Err(Error::NotFound(_)) => return plain(StatusCode::NOT_FOUND, "Not found."),
        Err(Error::Fields { fields, .. }) => return bad_filter(fields.iter().map(|e| e.field).collect()),
        Err(error) => {
            tracing::error!(%error, "audit CSV not made");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let text = |key: &str| state.catalog.text(lang, key).to_owned();
    let titles = staff_audit::CsvTitles {
        when: text("staff.audit.when"),
        who: text("staff.audit.who"),
        pantry: text("staff.audit.where"),
        action: text("staff.audit.what"),
        subject: text("staff.audit.subject"),
        field: text("staff.audit.field"),
        before: text("staff.audit.before"),
        after: text("staff.audit.after"),
    };
    let body = match staff_audit::to_csv(&entries, &titles) {
        Ok(body) => body,
        Err(error) => {
            tracing::error!(%error, "audit CSV not written");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    h.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("attachment; filename=\"audit-log.csv\""));
    res
}
