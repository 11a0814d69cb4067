//! On the road: the driver reports each stop (Delivered closes the order at once; nobody home and
//! refused wait), and the coordinator closes a failed stop as not delivered, its stock back as a
//! no-show's, exactly once.
use super::{Context, Error, Result, opened, refused};
use crate::{
    domain::{
        Id, messages,
        order_states::StaffAction,
        runs::{StopOutcome, check_confirm, check_outcome},
        staff::{Driver, FoodBankAdmin},
    },
    service::staff::Staff,
};

/// The driver's (or the coordinator's) report at a stop of a run on the road.
pub async fn report(
    state: &Context,
    caller: &Staff<Driver>,
    run_id: Id,
    stop_id: Id,
    outcome: StopOutcome,
) -> Result<()> {
    opened(state, caller, run_id).await?;
    let now = state.clock.now();
    let by = caller.user_id;
    state
        .store
        .write(|txn| async move {
            let run = txn.run(run_id).await?.ok_or_else(|| Error::not_found(&messages::RUN_NOT_FOUND))?;
            let stops = txn.stops_of(vec![run_id]).await?;
            let stop =
                stops.iter().find(|s| s.id == stop_id).ok_or_else(|| Error::not_found(&messages::STOP_NOT_FOUND))?;
            check_outcome(run.started_at.is_some(), stop.state).map_err(refused)?;
            if !txn.set_stop_outcome(stop_id, outcome, by, now).await? {
                return Err(refused(crate::domain::runs::RunRefusal::OrderClosed));
            }
            if outcome == StopOutcome::Delivered {
                crate::service::orders::act_in(&txn, state.channels(), stop.order_id, StaffAction::CheckIn, by, now)
                    .await?;
            }
            Ok(())
        })
        .await?;
    state.mail_written.notify_one();
    Ok(())
}

/// The coordinator closes a stop the driver could not deliver: the order is not delivered (a
/// no-show), its stock back on the shelves and the shopper told, once.
pub async fn confirm(state: &Context, admin: &Staff<FoodBankAdmin>, run_id: Id, stop_id: Id) -> Result<()> {
    let now = state.clock.now();
    let by = admin.user_id;
    let (_, window) = opened(state, admin, run_id).await?;
    if !super::coordinates(admin, &window) {
        return Err(Error::Forbidden((&messages::STAFF_ONLY).into()));
    }
    state
        .store
        .write(|txn| async move {
            let stops = txn.stops_of(vec![run_id]).await?;
            let stop =
                stops.iter().find(|s| s.id == stop_id).ok_or_else(|| Error::not_found(&messages::STOP_NOT_FOUND))?;
            check_confirm(stop.outcome, stop.state).map_err(refused)?;
            if !txn.confirm_stop(stop_id, now).await? {
                return Err(refused(crate::domain::runs::RunRefusal::NothingToConfirm));
            }
            crate::service::orders::act_in(&txn, state.channels(), stop.order_id, StaffAction::MarkNoShow, by, now)
                .await?;
            Ok(())
        })
        .await?;
    state.mail_written.notify_one();
    Ok(())
}
