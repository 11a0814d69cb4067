//! Delivery runs (issue 51): the coordinator (the food bank's admin) keeps the program's drivers
//! (`drivers`), shares a window's packed deliveries among them and starts each run (`plan`); the driver follows the run sheet and
//! reports each stop, and the coordinator closes a failed one as not delivered (`road`). Each write
//! is one transaction that reads what it decides on and asks `domain::runs` and
//! `domain::order_states`; order states change through the staff's one path
//! (`service::orders::act_in`), so stock, history and the shopper's news are as for any other change.
mod drivers;
mod plan;
mod road;

pub use drivers::{add_driver, remove_driver};
pub use plan::{make, move_stop, set_driver, start};
pub use road::{confirm, report};

use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::runs::{RunRow, RunWindow, StopRow},
    domain::{
        Id, messages,
        orders::StatusType,
        runs::check_outcome,
        staff::{Driver, FoodBankAdmin, Needs},
    },
    geo::{GeoPoint, LocatedBy},
    model::runs::{MyRun, RunDriver, RunSheet, RunStop, RunView, RunWindowView, RunsBoard},
};
use chrono::NaiveDate;

/// A run change the run's state does not allow: 409 with its refusal's code.
fn refused(r: crate::domain::runs::RunRefusal) -> Error {
    Error::Conflict(r.refusal().into())
}

/// Where the window's routes start and end: the program's depot, else the food bank's ZIP centre.
fn depot(window: &RunWindow) -> Option<GeoPoint> {
    window
        .depot
        .map(|(lat, lng)| GeoPoint::new(lat, lng))
        .or_else(|| crate::geo::geocode(&window.food_bank_postal_code))
}

/// Where a stop stands on the map: its saved address's point, else its ZIP's centre.
fn point(at: Option<(f64, f64)>, postal_code: &str) -> Option<GeoPoint> {
    at.map(|(lat, lng)| GeoPoint::new(lat, lng)).or_else(|| crate::geo::geocode(postal_code))
}

fn window_view(w: &RunWindow) -> RunWindowView {
    RunWindowView {
        id: w.id,
        program_id: w.program_id,
        program_name: w.program_name.clone(),
        day: w.day,
        starts: w.starts.format("%H:%M").to_string(),
        ends: w.ends.format("%H:%M").to_string(),
        depot_is_zip_centre: w.depot.is_none(),
    }
}

/// A maps search for the address, which phones open in their maps app.
fn maps_url(s: &StopRow) -> String {
    let line2 = s.address_line2.as_deref().map(|l| format!(" {l}")).unwrap_or_default();
    let text = format!("{}{line2}, {}, {} {}", s.address_line1, s.city, s.province, s.postal_code);
    let query = serde_urlencoded::to_string([("query", text)]).unwrap_or_default();
    format!("https://www.google.com/maps/search/?api=1&{query}")
}

fn stop_view(s: &StopRow, started: bool) -> RunStop {
    let located_by = match s.located_by.as_deref().and_then(LocatedBy::parse) {
        Some(LocatedBy::Address) if s.at.is_some() => LocatedBy::Address,
        _ => LocatedBy::Zip,
    };
    RunStop {
        id: s.id,
        order_id: s.order_id,
        position: s.position,
        name: s.name.clone(),
        address_line1: s.address_line1.clone(),
        address_line2: s.address_line2.clone(),
        city: s.city.clone(),
        province: s.province.clone(),
        postal_code: s.postal_code.clone(),
        maps_url: maps_url(s),
        phone: s.phone.clone(),
        notes: s.notes.clone(),
        items: s.items,
        state: s.state.code().into(),
        outcome: s.outcome,
        confirmed: s.confirmed,
        located_by,
        reportable: check_outcome(started, s.state).is_ok(),
    }
}

fn run_view(run: &RunRow, stops: &[StopRow], drivers: &[RunDriver]) -> RunView {
    RunView {
        id: run.id,
        number: run.number,
        driver_user_id: run.driver_user_id,
        driver_name: run.driver_user_id.and_then(|d| drivers.iter().find(|x| x.user_id == d)).map(|d| d.name.clone()),
        miles: (run.miles * 10.0).round() / 10.0,
        started_at: run.started_at,
        stops: stops.iter().filter(|s| s.run_id == run.id).map(|s| stop_view(s, run.started_at.is_some())).collect(),
    }
}

async fn drivers_of(state: &Context, program_id: Id) -> Result<Vec<RunDriver>> {
    Ok(state
        .store
        .program_drivers(program_id)
        .await?
        .into_iter()
        .map(|d| RunDriver { user_id: d.user_id, name: if d.name.is_empty() { d.email } else { d.name } })
        .collect())
}

/// Whether `staff` coordinates the window's runs: the admin of its food bank.
fn coordinates<R: Needs>(staff: &Staff<R>, window: &RunWindow) -> bool {
    staff.reach.food_banks.contains(&window.food_bank_id)
}

/// The run and its window, when the caller may open it: its driver (while they drive for its
/// program) or its coordinator. Another driver's run is 403, a run that is not there 404.
async fn opened<R: Needs>(state: &Context, caller: &Staff<R>, run_id: Id) -> Result<(RunRow, RunWindow)> {
    let not_found = || Error::not_found(&messages::RUN_NOT_FOUND);
    let run = state.store.run(run_id).await?.ok_or_else(not_found)?;
    let window = state.store.run_window(run.delivery_time_id).await?.ok_or_else(not_found)?;
    let drives = run.driver_user_id == Some(caller.user_id) && caller.reach.programs.contains(&run.program_id);
    if drives || coordinates(caller, &window) {
        Ok((run, window))
    } else {
        Err(Error::Forbidden((&messages::NOT_YOUR_RUN).into()))
    }
}

/// The coordinator's board for `date` (the food bank's today by default): the day's windows and,
/// for `window` (the first by default), its runs, drivers and the orders waiting for a run.
pub async fn board(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    date: Option<NaiveDate>,
    window: Option<Id>,
) -> Result<RunsBoard> {
    let banks: Vec<Id> = admin.reach.food_banks.iter().copied().collect();
    let asked = match window {
        Some(id) => {
            let w = state.store.run_window(id).await?.filter(|w| coordinates(admin, w));
            Some(w.ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?)
        }
        None => None,
    };
    let zone = super::staff::content::food_bank_zone(state, admin).await?;
    let date =
        asked.as_ref().map(|w| w.day).or(date).unwrap_or_else(|| state.clock.now().with_timezone(&zone).date_naive());
    let windows = state.store.run_windows_on(banks, date).await?;
    let chosen = asked.or_else(|| windows.first().cloned());
    let (runs, waiting, drivers) = match &chosen {
        Some(w) => {
            let drivers = drivers_of(state, w.program_id).await?;
            let runs = state.store.runs_of_window(w.id).await?;
            let stops = state.store.stops_of(runs.iter().map(|r| r.id).collect()).await?;
            let routed: Vec<Id> = stops.iter().map(|s| s.order_id).collect();
            let waiting = state.store.routable(w.id).await?.iter().filter(|r| !routed.contains(&r.order_id)).count();
            (runs.iter().map(|r| run_view(r, &stops, &drivers)).collect(), waiting, drivers)
        }
        None => (Vec::new(), 0, Vec::new()),
    };
    Ok(RunsBoard {
        date,
        windows: windows.iter().map(window_view).collect(),
        window: chosen.as_ref().map(window_view),
        runs,
        waiting,
        drivers,
    })
}

/// The run sheet: the run's stops in route order with what the driver needs at each door.
pub async fn sheet<R: Needs>(state: &Context, caller: &Staff<R>, run_id: Id) -> Result<RunSheet> {
    let (run, window) = opened(state, caller, run_id).await?;
    let stops = state.store.stops_of(vec![run.id]).await?;
    let drivers = drivers_of(state, run.program_id).await?;
    Ok(RunSheet {
        window: window_view(&window),
        run: run_view(&run, &stops, &drivers),
        coordinates: coordinates(caller, &window),
    })
}

/// The runs given to the caller from yesterday on (a run that ran late is still there to finish).
pub async fn mine(state: &Context, caller: &Staff<Driver>) -> Result<Vec<MyRun>> {
    let since = state.clock.now().date_naive() - chrono::Duration::days(1);
    let runs = state.store.runs_of_driver(caller.user_id, since).await?;
    let mut out = Vec::with_capacity(runs.len());
    for (run, window) in runs.iter().filter(|(r, _)| caller.reach.programs.contains(&r.program_id)) {
        let stops = state.store.stops_of(vec![run.id]).await?;
        out.push(MyRun {
            id: run.id,
            number: run.number,
            window: window_view(window),
            stops: stops.iter().filter(|s| s.state != StatusType::Cancelled).count(),
            started: run.started_at.is_some(),
        });
    }
    Ok(out)
}
