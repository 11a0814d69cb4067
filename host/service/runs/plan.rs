//! The coordinator's plan: a window's packed deliveries shared among drivers (`geo::split`), each
//! run ordered as a route from the depot (`geo::route`); a stop moved by hand re-routes both runs;
//! a run given its driver and started, its orders then out for delivery.
use super::{Context, Error, Result, coordinates, depot, point, refused};
use crate::{
    db::repo::runs::{NewRun, RunRow, RunWindow},
    domain::{
        Id,
        forms::{FieldCode, FieldError},
        messages,
        order_states::StaffAction,
        orders::StatusType,
        runs::{MAX_DRIVERS, RunRefusal, check_plan_change, check_start},
        staff::FoodBankAdmin,
    },
    geo::{self, GeoPoint},
    service::staff::Staff,
};

/// The window of `window_id` when the admin coordinates it.
async fn coordinated(state: &Context, admin: &Staff<FoodBankAdmin>, window_id: Id) -> Result<RunWindow> {
    let window = state.store.run_window(window_id).await?.filter(|w| coordinates(admin, w));
    window.ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))
}

/// The run of `run_id` and its window when the admin coordinates it.
async fn coordinated_run(state: &Context, admin: &Staff<FoodBankAdmin>, run_id: Id) -> Result<(RunRow, RunWindow)> {
    let not_found = || Error::not_found(&messages::RUN_NOT_FOUND);
    let run = state.store.run(run_id).await?.ok_or_else(not_found)?;
    let window = state.store.run_window(run.delivery_time_id).await?.filter(|w| coordinates(admin, w));
    Ok((run, window.ok_or_else(not_found)?))
}

/// Shares the window's packed deliveries in no started run among `drivers` runs (fewer when
/// there are fewer orders), replacing the runs not started yet; a run keeps the driver its number
/// had. How many runs there are now.
pub async fn make(state: &Context, admin: &Staff<FoodBankAdmin>, window_id: Id, drivers: i64) -> Result<usize> {
    let drivers = usize::try_from(drivers).ok().filter(|n| (1..=MAX_DRIVERS).contains(n)).ok_or_else(|| {
        Error::fields(vec![FieldError::new("drivers", FieldCode::Choice, messages::DRIVERS_OUT_OF_RANGE.english)])
    })?;
    let window = coordinated(state, admin, window_id).await?;
    let now = state.clock.now();
    let window = &window;
    state
        .store
        .write(|txn| async move {
            txn.lock_window(window.id).await?;
            let routable = txn.routable(window.id).await?;
            if routable.is_empty() {
                return Err(Error::refused(&messages::NO_DELIVERIES_TO_SPLIT));
            }
            let runs = txn.runs_of_window(window.id).await?;
            let kept: Vec<&RunRow> = runs.iter().filter(|r| r.started_at.is_some()).collect();
            let first = kept.iter().map(|r| r.number).max().unwrap_or(0) + 1;
            let planned_driver =
                |number: i32| runs.iter().find(|r| r.started_at.is_none() && r.number == number)?.driver_user_id;
            let Some(depot) = depot(window).or_else(|| routable.iter().find_map(|r| point(r.at, &r.postal_code)))
            else {
                return Err(Error::refused(&messages::NO_DELIVERIES_TO_SPLIT));
            };
            // An address with no point at all (an unknown ZIP) waits at the depot: the route
            // starts there and the driver reads its address.
            let stops: Vec<(Id, GeoPoint)> =
                routable.iter().map(|r| (r.order_id, point(r.at, &r.postal_code).unwrap_or(depot))).collect();
            txn.drop_planned_runs(window.id).await?;
            let shares = geo::split(depot, &stops, drivers);
            for (share, number) in shares.iter().zip(first..) {
                let (route, miles) = geo::route(depot, share);
                let run = NewRun {
                    number,
                    driver_user_id: planned_driver(number),
                    miles,
                    orders: route.iter().map(|(id, _)| *id).collect(),
                };
                txn.insert_run(window, &run, now).await?;
            }
            Ok(kept.len() + shares.len())
        })
        .await
}

/// Moves a stop of run `from_run` to another planned run of its window and re-routes both.
pub async fn move_stop(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    from_run: Id,
    stop_id: Id,
    to_run: Id,
) -> Result<()> {
    let (_, window) = coordinated_run(state, admin, to_run).await?;
    let window = &window;
    state
        .store
        .write(|txn| async move {
            txn.lock_window(window.id).await?;
            let runs = txn.runs_of_window(window.id).await?;
            let stops = txn.stops_of(runs.iter().map(|r| r.id).collect()).await?;
            let stop = stops
                .iter()
                .find(|s| s.id == stop_id && s.run_id == from_run)
                .ok_or_else(|| Error::not_found(&messages::STOP_NOT_FOUND))?;
            let from =
                runs.iter().find(|r| r.id == stop.run_id).ok_or_else(|| Error::not_found(&messages::RUN_NOT_FOUND))?;
            let to = runs.iter().find(|r| r.id == to_run).ok_or_else(|| Error::not_found(&messages::RUN_NOT_FOUND))?;
            check_plan_change(from.started_at.is_some()).map_err(refused)?;
            check_plan_change(to.started_at.is_some()).map_err(refused)?;
            if from.id == to.id {
                return Ok(());
            }
            let depot = depot(window).unwrap_or(GeoPoint::new(0.0, 0.0));
            let at = |s: &crate::db::repo::runs::StopRow| point(s.at, &s.postal_code).unwrap_or(depot);
            // The run that takes the stop first: set_route moves it there.
            for run in [to, from] {
                let share: Vec<(Id, GeoPoint)> = stops
                    .iter()
                    .filter(|s| if s.id == stop_id { run.id == to.id } else { s.run_id == run.id })
                    .map(|s| (s.order_id, at(s)))
                    .collect();
                let (route, miles) = geo::route(depot, &share);
                let orders: Vec<Id> = route.iter().map(|(id, _)| *id).collect();
                if !txn.set_route(run.id, &orders, miles).await? {
                    return Err(refused(RunRefusal::Started));
                }
            }
            Ok(())
        })
        .await
}

/// Gives a planned run its driver (None: nobody yet): one who drives for the window's program.
pub async fn set_driver(state: &Context, admin: &Staff<FoodBankAdmin>, run_id: Id, driver: Option<Id>) -> Result<()> {
    let (run, _) = coordinated_run(state, admin, run_id).await?;
    if let Some(driver) = driver {
        let drives = state.store.program_drivers(run.program_id).await?.iter().any(|d| d.user_id == driver);
        if !drives {
            return Err(Error::fields(vec![FieldError::new(
                "driver",
                FieldCode::Choice,
                messages::NOT_A_DRIVER_HERE.english,
            )]));
        }
    }
    state
        .store
        .write(|txn| async move {
            if txn.set_run_driver(run_id, driver).await? { Ok(()) } else { Err(refused(RunRefusal::Started)) }
        })
        .await
}

/// The run leaves the depot: each of its orders still packed and ready is out for delivery (the
/// shopper told), in one transaction with the run's start. How many orders went out.
pub async fn start(state: &Context, admin: &Staff<FoodBankAdmin>, run_id: Id) -> Result<usize> {
    coordinated_run(state, admin, run_id).await?;
    let now = state.clock.now();
    let by = admin.user_id;
    let sent = state
        .store
        .write(|txn| async move {
            let run = txn.run(run_id).await?.ok_or_else(|| Error::not_found(&messages::RUN_NOT_FOUND))?;
            let stops = txn.stops_of(vec![run_id]).await?;
            let going: Vec<Id> = stops.iter().filter(|s| s.state == StatusType::Ready).map(|s| s.order_id).collect();
            check_start(run.started_at.is_some(), run.driver_user_id.is_some(), going.len()).map_err(refused)?;
            if !txn.start_run(run_id, by, now).await? {
                return Err(refused(RunRefusal::Started));
            }
            for order_id in &going {
                crate::service::orders::act_in(&txn, state.channels(), *order_id, StaffAction::SendOut, by, now)
                    .await?;
            }
            Ok(going.len())
        })
        .await?;
    state.mail_written.notify_one();
    Ok(sent)
}
