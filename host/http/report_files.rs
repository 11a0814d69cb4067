//! The monthly report and a pantry's TEFAP records as CSV (`/staff/reports.csv?month=`,
//! `/staff/tefap.csv?pantry=&month=`), made for the session's account like the pick list's:
//! personal, so never cached; signed out 401, without a staff grant 403, another pantry 404, a
//! malformed month 400.
use super::answers::{Say, csv_file, failed, say, staff_for};
use crate::{
    catalog::Lang,
    domain::{reports::EligibilityBasis, staff::PantryStaff},
    service::reports::{self, ReportTitles, TefapTitles},
    state::AppState,
};
use axum::{
    Router,
    extract::{Query, State},
    http::HeaderMap,
    response::Response,
    routing::get,
};
use std::collections::HashMap;

pub fn router() -> Router<AppState> {
    Router::new().route("/staff/reports.csv", get(report_csv)).route("/staff/tefap.csv", get(tefap_csv))
}

async fn report_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let staff = match staff_for::<PantryStaff>(&state, &headers, lang).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let zone = reports::report_zone(&state, &staff).await;
    let Ok(month) = reports::month_of(query.get("month").map(String::as_str), state.clock.now(), zone) else {
        return say(&state, lang, Say::BadMonth);
    };
    let report = match reports::report(&state, &staff, month).await {
        Ok(report) => report,
        Err(error) => return failed(&state, lang, error, "report CSV not made"),
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
            "delivered",
            "notDelivered",
            "visits",
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
        Err(error) => failed(&state, lang, error.into(), "report CSV not written"),
    }
}

async fn tefap_csv(
    State(state): State<AppState>,
    headers: HeaderMap,
    lang: Lang,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let staff = match staff_for::<PantryStaff>(&state, &headers, lang).await {
        Ok(staff) => staff,
        Err(res) => return res,
    };
    let pantry = match query.get("pantry").filter(|p| !p.is_empty()) {
        Some(p) => match crate::pages::shared::row_id(p) {
            Some(id) => Some(id),
            None => return say(&state, lang, Say::NotFound),
        },
        None => None,
    };
    let records = match reports::tefap_export(&state, &staff, pantry, query.get("month").map(String::as_str)).await {
        Ok(Ok(records)) => records,
        Ok(Err(())) => return say(&state, lang, Say::BadMonth),
        Err(error) => return failed(&state, lang, error, "TEFAP CSV not made"),
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
            .chain([("homeless", text("staff.tefap.basis.homeless"))])
            .collect(),
        yes: text("staff.tefap.yes"),
        walk_in: text("staff.tefap.walkIn"),
    };
    match reports::tefap_csv(&records, &titles) {
        Ok(body) => csv_file(&format!("tefap-{}-{}.csv", records.pantry_id, records.month), body),
        Err(error) => failed(&state, lang, error.into(), "TEFAP CSV not written"),
    }
}
