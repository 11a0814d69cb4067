//! Today (`/staff`), the staff console's home: for the pantry being worked on and the day
//! (`?date=`, its today by default), each pickup time's and delivery window's room and orders by
//! state, the items running low, the next closed days and, for an admin, the messages the outbox
//! gave up on. A volunteer's home has none of these: the layout's navigation takes them to
//! check-in. Anyone a delivery run is given to (a driver above all) finds it listed here.
use super::{
    LoadCtx, Loaded, Page,
    staff_guard::{guarded_at, id_param},
};
use crate::{
    domain::staff::{Driver, PantryStaff},
    model::{runs::MyRun, staff_console::StaffToday},
    service::{
        self as services,
        staff::Staff,
        staff::console::{self as service},
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-today",
    patterns: &["/staff"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, load),
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffTodayPage {
    /// None for a volunteer.
    #[serde(skip_serializing_if = "Option::is_none")]
    today: Option<StaffToday>,
    /// The delivery runs given to the caller, from yesterday on.
    runs: Vec<MyRun>,
}

async fn load(ctx: LoadCtx, member: Staff<Driver>) -> Loaded {
    let unavailable = |error: services::Error| {
        tracing::error!(%error, "today not loaded");
        Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffTodayPage::default())
    };
    let runs = match services::runs::mine(&ctx.state, &member).await {
        Ok(runs) => runs,
        Err(error) => return unavailable(error),
    };
    let staff = match Staff::<PantryStaff>::resolve(&ctx.state, member.user_id).await {
        Ok(Some(staff)) => staff,
        Ok(None) => return Loaded::ok(StaffTodayPage { today: None, runs }),
        Err(error) => return unavailable(error),
    };
    let pantry = id_param(&ctx.query, "pantry");
    let date = ctx.query.get("date").and_then(|d| d.parse().ok());
    match service::today(&ctx.state, &staff, pantry, date).await {
        Ok(today) => Loaded::ok(StaffTodayPage { today: Some(today), runs }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => unavailable(error),
    }
}
