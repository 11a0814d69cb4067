//! Delivery runs (issue 51). `/staff/runs`, the coordinator's board (the food bank's admin): a
//! day's delivery windows (`?date=`, `?window=`), the chosen window's runs with their drivers,
//! routes and stops, and the forms that make the runs (`intent=make`, `drivers`), move a stop
//! (`move`: `from`, `stop`, `run`), give a run its driver (`driver`: `run`, `driver`), start it (`start`)
//! and close a failed stop as not delivered (`confirm`: `run`, `stop`); and keep the program's
//! drivers (`addDriver`: `program`, `email`; `removeDriver`: `program`, `driver`). `/staff/runs/{runId}`,
//! the driver's run sheet (the run's driver, or the admin), phone-first and printable, with each
//! stop's report (`intent=report`: `stop`, `outcome`). Done, 303 back; refused, 422 re-rendered.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::row_id,
    staff_guard::{guarded, guarded_action, id_param},
};
use crate::{
    domain::{
        Id,
        runs::StopOutcome,
        staff::{Driver, FoodBankAdmin},
    },
    model::runs::{RunSheet, RunsBoard},
    service::{self as services, runs as service, staff::Staff},
};
use serde::Serialize;
use utoipa::ToSchema;

pub const BOARD: Page = Page {
    id: "staff-runs",
    patterns: &["/staff/runs"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, board),
    action: Some(|ctx| guarded_action(ctx, plan)),
};

pub const SHEET: Page = Page {
    id: "staff-run",
    patterns: &["/staff/runs/{runId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, sheet),
    action: Some(|ctx| guarded_action(ctx, report)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffRunsPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<RunsBoard>,
    /// What was just done: made, moved, driver, started, confirmed, driverAdded or driverRemoved.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffRunPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet: Option<RunSheet>,
    /// The stop just reported, and how.
    #[serde(skip_serializing_if = "Option::is_none")]
    reported: Option<StopOutcome>,
}

fn done(ctx: &LoadCtx, known: &[&str]) -> Option<String> {
    ctx.query.get("done").filter(|d| known.contains(&d.as_str())).cloned()
}

async fn board(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let date = ctx.query.get("date").and_then(|d| d.parse().ok());
    let window = id_param(&ctx.query, "window");
    let done = done(&ctx, &["made", "moved", "driver", "started", "confirmed", "driverAdded", "driverRemoved"]);
    match service::board(&ctx.state, &admin, date, window).await {
        Ok(board) => Loaded::ok(StaffRunsPage { board: Some(board), done }),
        Err(error) => Loaded::with_status(super::failure_status(&error, "staff runs"), StaffRunsPage::default()),
    }
}

fn id_field(ctx: &ActionCtx, name: &str) -> Id {
    row_id(ctx.form.text(name).trim()).unwrap_or(0)
}

async fn plan(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let state = &ctx.state;
    let window = id_field(&ctx, "window");
    let back = |what: &str| Acted::to(format!("/staff/runs?window={window}&done={what}"));
    let done = match ctx.form.text(super::INTENT) {
        "make" => {
            let drivers = ctx.form.text("drivers").trim().parse::<i64>().unwrap_or(0);
            let made = service::make(state, &admin, window, drivers).await;
            return match made {
                Ok(_) => back("made"),
                Err(error) => Acted::refused(error).keeping(vec![("drivers", ctx.form.text("drivers").to_owned())]),
            };
        }
        "move" => {
            let (from, stop, to) = (id_field(&ctx, "from"), id_field(&ctx, "stop"), id_field(&ctx, "run"));
            service::move_stop(state, &admin, from, stop, to).await.map(|_| "moved")
        }
        "driver" => {
            let driver = row_id(ctx.form.text("driver").trim());
            service::set_driver(state, &admin, id_field(&ctx, "run"), driver).await.map(|_| "driver")
        }
        "start" => service::start(state, &admin, id_field(&ctx, "run")).await.map(|_| "started"),
        "addDriver" => {
            let email = ctx.form.text("email").to_owned();
            return match service::add_driver(state, &admin, id_field(&ctx, "program"), &email).await {
                Ok(_) => back("driverAdded"),
                Err(error) => Acted::refused(error).keeping(vec![("email", email)]),
            };
        }
        "removeDriver" => service::remove_driver(state, &admin, id_field(&ctx, "program"), id_field(&ctx, "driver"))
            .await
            .map(|_| "driverRemoved"),
        "confirm" => {
            service::confirm(state, &admin, id_field(&ctx, "run"), id_field(&ctx, "stop")).await.map(|_| "confirmed")
        }
        _ => Err(services::Error::Invalid("Unknown form.".into())),
    };
    match done {
        Ok(what) => back(what),
        Err(error) => Acted::refused(error),
    }
}

async fn sheet(ctx: LoadCtx, caller: Staff<Driver>) -> Loaded {
    let run = id_param(&ctx.params, "runId").unwrap_or(0);
    let reported = ctx.query.get("reported").and_then(|o| StopOutcome::from_code(o));
    match service::sheet(&ctx.state, &caller, run).await {
        Ok(sheet) => Loaded::ok(StaffRunPage { sheet: Some(sheet), reported }),
        Err(error) => Loaded::with_status(super::failure_status(&error, "staff run"), StaffRunPage::default()),
    }
}

async fn report(ctx: ActionCtx, caller: Staff<Driver>) -> Acted {
    let run = id_param(&ctx.params, "runId").unwrap_or(0);
    let Some(outcome) = StopOutcome::from_code(ctx.form.text("outcome")) else {
        return Acted::refused(services::Error::Invalid("Unknown form.".into()));
    };
    match service::report(&ctx.state, &caller, run, id_field(&ctx, "stop"), outcome).await {
        Ok(()) => Acted::to(format!("/staff/runs/{run}?reported={}", outcome.code())),
        Err(error) => Acted::refused(error),
    }
}
