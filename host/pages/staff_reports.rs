//! The monthly report (`/staff/reports?month=YYYY-MM&place=pantry:ID`): an admin's food bank and
//! each pantry, pantry staff their pantries, volunteers none; and a pantry's TEFAP records
//! (`/staff/tefap?pantry=ID&month=YYYY-MM`). Both download as CSV (`http::downloads`).
use super::{
    LoadCtx, Loaded, Page,
    shared::row_id,
    staff_guard::{guarded, guarded_at},
};
use crate::{
    domain::staff::PantryStaff,
    model::reports::{MonthlyReport, TefapRecords},
    service::{self as services, reports as service, staff::Staff},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const REPORTS: Page = Page {
    id: "staff-reports",
    patterns: &["/staff/reports"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, reports),
    action: None,
};

pub const TEFAP: Page = Page {
    id: "staff-tefap",
    patterns: &["/staff/tefap"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, tefap),
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffReportsPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<MonthlyReport>,
    /// The month typed is not a `YYYY-MM` month (the page answers 400 and says so at the field).
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_month: Option<String>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffTefapPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    records: Option<TefapRecords>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bad_month: Option<String>,
}

fn unavailable<T: Serialize + Default>(error: services::Error) -> Loaded {
    tracing::error!(%error, "report page not loaded");
    Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, T::default())
}

async fn reports(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let typed = ctx.query.get("month").map(String::as_str);
    let Ok(month) = service::month_of(typed, ctx.state.clock.now(), service::report_zone(&ctx.state, &staff).await)
    else {
        let page = StaffReportsPage { bad_month: typed.map(str::to_owned), ..StaffReportsPage::default() };
        return Loaded::with_status(StatusCode::BAD_REQUEST, page);
    };
    match service::report(&ctx.state, &staff, month).await {
        Ok(report) => Loaded::ok(StaffReportsPage {
            report: Some(service::page(&report, ctx.query.get("place").map(String::as_str))),
            ..StaffReportsPage::default()
        }),
        Err(error) => unavailable::<StaffReportsPage>(error),
    }
}

async fn tefap(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let pantry = match ctx.query.get("pantry").filter(|p| !p.is_empty()) {
        Some(p) => match row_id(p) {
            Some(id) => Some(id),
            None => return Loaded::not_found(),
        },
        None => None,
    };
    let typed = ctx.query.get("month").map(String::as_str);
    match service::tefap_records(&ctx.state, &staff, pantry, typed).await {
        Ok(Ok(records)) => Loaded::ok(StaffTefapPage { records: Some(records), ..StaffTefapPage::default() }),
        Ok(Err(())) => Loaded::with_status(
            StatusCode::BAD_REQUEST,
            StaffTefapPage { bad_month: typed.map(str::to_owned), ..StaffTefapPage::default() },
        ),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => unavailable::<StaffTefapPage>(error),
    }
}
