//! The schedule page (`/staff/schedule`, pantry staff and their food banks' admins): a pantry's
//! weekly hours and one-off days, its publishing horizon and its closed days with the orders
//! still booked on them. Each form posts here with the form token and its `intent` (`add`,
//! `delete`, `horizon`, `close`, `reopen`); done, 303 back with `done=` naming it; refused, the
//! page again (422 with each field's code, 404 for a row not theirs).
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page, schedule_form,
    shared::row_id,
    staff_guard::{guarded_action, guarded_at},
};
use crate::{
    domain::staff::PantryStaff,
    model::schedules::{ClosedDayInput, HorizonInput, Schedule, ScheduleInput},
    service::{self as services, schedules as service, staff::Staff},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-schedule",
    patterns: &["/staff/schedule"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffSchedulePage {
    #[serde(skip_serializing_if = "Option::is_none")]
    schedule: Option<Schedule>,
    /// The form just done (after its 303): `add`, `delete`, `horizon`, `close` or `reopen`.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
}

const INTENTS: [&str; 5] = ["add", "delete", "horizon", "close", "reopen"];

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let pantry = ctx.query.get("pantry").and_then(|p| row_id(p));
    let done = ctx.query.get("done").and_then(|d| INTENTS.iter().find(|i| *i == d)).map(|d| (*d).to_owned());
    match service::schedule(&ctx.state, &staff, pantry).await {
        Ok(schedule) => Loaded::ok(StaffSchedulePage { schedule: Some(schedule), done }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "schedule page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffSchedulePage::default())
        }
    }
}

async fn act(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let form = &ctx.form;
    let pantry_id = row_id(form.text("pantry")).unwrap_or_default();
    let id = row_id(form.text("id")).unwrap_or_default();
    let intent = form.text("intent").to_owned();
    let state = &ctx.state;
    let done = match intent.as_str() {
        "add" => {
            let input = ScheduleInput { pantry_id, hours: schedule_form::hours(form) };
            service::save_row(state, &staff, None, &input).await
        }
        "delete" => service::delete_row(state, &staff, id).await,
        "horizon" => {
            let input = HorizonInput { pantry_id, horizon_days: schedule_form::horizon_days(form) };
            service::set_horizon(state, &staff, &input).await
        }
        "close" => {
            let input = ClosedDayInput {
                pantry_id,
                first_day: form.text("firstDay").to_owned(),
                last_day: form.optional("lastDay"),
                reason: form.text("reason").to_owned(),
            };
            service::close_days(state, &staff, &input).await
        }
        "reopen" => service::reopen(state, &staff, id).await,
        _ => Err(services::Error::Invalid("Unknown action.".into())),
    };
    match done {
        Ok(_) => Acted::to(format!("/staff/schedule?pantry={pantry_id}&done={intent}")),
        Err(error) => Acted::refused(error).keeping(schedule_form::kept(form, &["firstDay", "lastDay", "reason"])),
    }
}
