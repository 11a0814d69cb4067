//! The delivery schedule page (`/staff/delivery-schedule`, food bank admins): a delivery
//! program's weekly hours and one-off days, cut by the server into delivery windows for its
//! publishing horizon. Each form posts here with the form token and its `intent` (`add`,
//! `delete`, `horizon`); done, 303 back with `done=` naming it; refused, the page again (422 with
//! each field's code, 404 for a row or program not theirs).
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page, schedule_form,
    shared::row_id,
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::delivery_schedules::{DeliveryHorizonInput, DeliverySchedule, DeliveryScheduleInput},
    service::{self as services, delivery_schedules as service, staff::Staff},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-delivery-schedule",
    patterns: &["/staff/delivery-schedule"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffDeliverySchedulePage {
    #[serde(skip_serializing_if = "Option::is_none")]
    schedule: Option<DeliverySchedule>,
    /// The admin's food banks have no delivery program yet.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    no_programs: bool,
    /// The form just done (after its 303): `add`, `delete` or `horizon`.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
}

const INTENTS: [&str; 3] = ["add", "delete", "horizon"];

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let program = ctx.query.get("program").and_then(|p| row_id(p));
    let done = ctx.query.get("done").and_then(|d| INTENTS.iter().find(|i| *i == d)).map(|d| (*d).to_owned());
    match service::delivery_schedule(&ctx.state, &admin, program).await {
        Ok(schedule) => Loaded::ok(StaffDeliverySchedulePage { schedule: Some(schedule), done, ..Default::default() }),
        // A program asked for by id that is not theirs is not found; none at all is a page saying so.
        Err(services::Error::NotFound(_)) if program.is_some() => Loaded::not_found(),
        Err(services::Error::NotFound(_)) => {
            Loaded::ok(StaffDeliverySchedulePage { no_programs: true, ..Default::default() })
        }
        Err(error) => {
            tracing::error!(%error, "delivery schedule page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffDeliverySchedulePage::default())
        }
    }
}

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let form = &ctx.form;
    let program_id = row_id(form.text("program")).unwrap_or_default();
    let intent = form.text("intent").to_owned();
    let state = &ctx.state;
    let done = match intent.as_str() {
        "add" => {
            let input = DeliveryScheduleInput { program_id, hours: schedule_form::hours(form) };
            service::save_row(state, &admin, None, &input).await
        }
        "delete" => service::delete_row(state, &admin, row_id(form.text("id")).unwrap_or_default()).await,
        "horizon" => {
            let input = DeliveryHorizonInput { program_id, horizon_days: schedule_form::horizon_days(form) };
            service::set_horizon(state, &admin, &input).await
        }
        _ => Err(services::Error::Invalid("Unknown action.".into())),
    };
    match done {
        Ok(_) => Acted::to(format!("/staff/delivery-schedule?program={program_id}&done={intent}")),
        Err(error) => Acted::refused(error).keeping(schedule_form::kept(form, &[])),
    }
}
