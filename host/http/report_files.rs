//! The monthly report and a pantry's TEFAP records as CSV (`/staff/reports.csv?month=`,
//! `/staff/tefap.csv?pantry=&month=`), made for the session's account like the pick list's:
//! personal, so never cached; signed out 401, without a staff grant 403, another pantry 404, a
//! malformed month 400.
use super::downloads::{plain, signed_in};
use crate::{
    catalog::{Lang, query_lang},
    domain::{reports::EligibilityBasis, staff::PantryStaff},
    service::{
        Error,
        reports::{self, ReportTitles, TefapTitles},
        staff::Staff,
    },
    state::AppState,
};
use axum::{
    Router,
    extract::{Query, State},
    http::{HeaderMap, HeaderValue, StatusCode, Uri, header},
    response::{IntoResponse, Response},
    routing::get,
};
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new().route("/staff/reports.csv", get(report_csv)).route("/staff/tefap.csv", get(tefap_csv))
}

async fn staff_of(state: &AppState, headers: &HeaderMap) -> Result<Staff<PantryStaff>, Response> {
    let user = signed_in(state, headers).await?;
    match Staff::<PantryStaff>::resolve(state, user).await {
        Ok(Some(staff)) => Ok(staff),
        Ok(None) => Err(plain(StatusCode::FORBIDDEN, "For pantry staff only.")),
        Err(error) => {
            tracing::warn!(%error, "report CSV: grants not read");
            Err(plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again."))
        }
    }
}

fn csv_file(name: &str, body: Vec<u8>) -> Response {
    let mut res = (StatusCode::OK, body).into_response();
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("text/csv; charset=utf-8"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    res
}

const BAD_MONTH: &str = "A month is written as YYYY-MM.";

async fn report_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let lang = Lang::negotiate(query_lang(uri.path_and_query().map_or("", |p| p.as_str())), &headers);
    let staff = match staff_of(&state, &headers).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let zone = reports::report_zone(&state, &staff).await;
    let Ok(month) = reports::month_of(query.get("month").map(String::as_str), state.clock.now(), zone) else {
        return plain(StatusCode::BAD_REQUEST, BAD_MONTH);
    };
    let report = match reports::report(&state, &staff, month).await {
        Ok(report) => report,
        Err(error) => {
            tracing::error!(%error, "report CSV not made");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let text = |key: &str| state.catalog.text(lang, key).to_owned();
    let titles = ReportTitles {
        place: text("staff.reports.place"),
        day: text("staff.reports.day"),
        total: text("staff.reports.total"),
        columns: [
            "orders",
            "pickedUp",
            "noShows",
            "households",
            "newHouseholds",
            "children",
            "adults",
            "seniors",
            "items",
            "pounds",
            "distributionDays",
        ]
        .map(|k| state.catalog.text(lang, &format!("staff.reports.{k}")).to_owned()),
    };
    match reports::report_csv(&report, &titles) {
        Ok(body) => csv_file(&format!("report-{}.csv", month.code()), body),
        Err(error) => {
            tracing::error!(%error, "report CSV not written");
            plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.")
        }
    }
}

async fn tefap_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    uri: Uri,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let lang = Lang::negotiate(query_lang(uri.path_and_query().map_or("", |p| p.as_str())), &headers);
    let staff = match staff_of(&state, &headers).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let pantry = match query.get("pantry").filter(|p| !p.is_empty()) {
        Some(p) => match crate::pages::shared::row_id(p) {
            Some(id) => Some(id),
            None => return plain(StatusCode::NOT_FOUND, "Not found."),
        },
        None => None,
    };
    let records = match reports::tefap_records(&state, &staff, pantry, query.get("month").map(String::as_str)).await {
        Ok(Ok(records)) => records,
        Ok(Err(())) => return plain(StatusCode::BAD_REQUEST, BAD_MONTH),
        Err(Error::NotFound(_)) => return plain(StatusCode::NOT_FOUND, "Not found."),
        Err(error) => {
            tracing::error!(%error, "TEFAP CSV not made");
            return plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.");
        }
    };
    let text = |key: &str| state.catalog.text(lang, key).to_owned();
    let titles = TefapTitles {
        columns: [
            "staff.reports.day",
            "staff.tefap.order",
            "staff.tefap.recipient",
            "staff.tefap.householdSize",
            "staff.tefap.basis",
            "staff.tefap.homeless",
            "staff.reports.children",
            "staff.reports.adults",
            "staff.reports.seniors",
            "staff.tefap.state",
            "staff.tefap.keepUntil",
        ]
        .map(&text),
        basis: EligibilityBasis::ALL
            .into_iter()
            .map(|b| (b.code(), text(&format!("staff.tefap.basis.{}", b.code()))))
            .collect(),
        yes: text("staff.tefap.yes"),
    };
    match reports::tefap_csv(&records, &titles) {
        Ok(body) => csv_file(&format!("tefap-{}-{}.csv", records.pantry_id, records.month), body),
        Err(error) => {
            tracing::error!(%error, "TEFAP CSV not written");
            plain(StatusCode::SERVICE_UNAVAILABLE, "Please try again.")
        }
    }
}
