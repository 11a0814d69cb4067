//! The pantry's changes to an order: a state change (Start Packing, Mark Ready, Check In, Mark
//! No-Show, Cancel, and the no-show job's) and a line packed short. Each locks the order's row,
//! asks `domain::order_states` whether the change is allowed from the state it is in now, and
//! writes it with an UPDATE conditional on that state, so of two staff pressing different buttons
//! at once the second is judged on the first one's result. A change that closes the order gives
//! back what it still holds (its stock and its place in the slot) through the same path as the
//! shopper's own cancel, in the same transaction: exactly once.
use super::{
    Error, Result,
    submit::{record, take},
};
use crate::service::notices::Channels;
use crate::{
    db::repo::{Write, staff::orders::ActingOrder},
    domain::{
        Id, messages,
        order_states::{StaffAction, StateRefusal, check_action, check_short, is_no_show_due},
        orders::StatusType,
        stock::StockReason,
    },
};
use chrono::{DateTime, Duration, Utc};
use std::collections::BTreeMap;

pub(crate) fn state_refused(r: StateRefusal) -> Error {
    Error::Conflict(r.refusal().into())
}

async fn locked(txn: &Write, order_id: Id) -> Result<ActingOrder> {
    txn.lock_order(order_id).await?.ok_or_else(|| Error::not_found(&messages::ORDER_NOT_FOUND))
}

/// Does `action` to the order for `by` (None: the server's no-show job); `reason` is a cancel's,
/// which the shopper reads. The order as it was, and its new state.
pub(super) async fn act(
    txn: &Write,
    channels: Channels<'_>,
    order_id: Id,
    action: StaffAction,
    by: Option<Id>,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(ActingOrder, StatusType)> {
    let order = locked(txn, order_id).await?;
    apply(txn, channels, order, action, by, reason, now).await
}

/// The no-show job's close of one order: No-Show when, under its lock, it is still a pickup
/// waiting for its hand-over whose window ended more than `grace` ago; None when it is not (any
/// more: staff handed it over, or another host's job closed it first).
pub(super) async fn no_show(
    txn: &Write,
    channels: Channels<'_>,
    order_id: Id,
    grace: Duration,
    now: DateTime<Utc>,
) -> Result<Option<(ActingOrder, StatusType)>> {
    let order = locked(txn, order_id).await?;
    let due = order.window.is_some_and(|w| is_no_show_due(order.state, order.is_pickup, w, grace, now));
    if !due {
        return Ok(None);
    }
    apply(txn, channels, order, StaffAction::MarkNoShow, None, None, now).await.map(Some)
}

async fn apply(
    txn: &Write,
    channels: Channels<'_>,
    order: ActingOrder,
    action: StaffAction,
    by: Option<Id>,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> Result<(ActingOrder, StatusType)> {
    let order_id = order.id;
    let to = check_action(order.state, action, order.window, now).map_err(state_refused)?;
    let reason = reason.filter(|_| action == StaffAction::Cancel);
    if !txn.set_order_state(&order, to, reason, now).await? {
        // Only without the row lock: another writer changed it between the read and the write.
        return Err(state_refused(StateRefusal::NotFromHere));
    }
    txn.record_order_event(order_id, Some(order.state), to, by, reason, now).await?;
    if action.returns_stock() {
        let held = txn.held_units(order_id).await?;
        let moved = take(txn, &held, now).await?;
        let reason = if action == StaffAction::MarkNoShow { StockReason::NoShow } else { StockReason::OrderCancelled };
        record(txn, &moved, reason, by, order_id, now).await?;
        txn.release_slot(order_id).await?;
    }
    super::news::tell(txn, channels, &order, to, reason, now).await?;
    Ok((order, to))
}

/// Marks a line short for `by`: `packed` of its units leave the pantry, the rest go back to stock.
pub(super) async fn short_line(
    txn: &Write,
    order_id: Id,
    line_id: Id,
    packed: i32,
    by: Id,
    now: DateTime<Utc>,
) -> Result<i32> {
    let order = locked(txn, order_id).await?;
    let line =
        txn.packed_line(order_id, line_id).await?.ok_or_else(|| Error::not_found(&messages::ORDER_LINE_NOT_FOUND))?;
    let back = check_short(order.state, line.packed, packed).map_err(state_refused)?;
    if !txn.set_packed(order_id, line_id, line.packed, packed, now).await? {
        return Err(state_refused(StateRefusal::NotShorter));
    }
    let moved = take(txn, &BTreeMap::from([(line.inventory_item_id, i64::from(back))]), now).await?;
    record(txn, &moved, StockReason::ShortLine, Some(by), order_id, now).await?;
    Ok(packed)
}
