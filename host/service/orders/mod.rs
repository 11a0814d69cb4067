//! The shopper's orders: reading them (GET /orders, /orders/{id} and /orders/{id}/items, and the
//! /account/orders page), placing one (`submit.rs`), cancelling it and moving it to another time or
//! pantry (`change.rs`). Another shopper's order is NotFound, like one that does not exist. Each
//! write is sequenced here, in one write transaction: it locks the shopper's row, reads the facts
//! through the repository, asks host/domain (`submission`, `order_limits`, `checkout_questions`,
//! `order_changes`) for every decision, then has the repository write the rows. A refusal rolls
//! everything back.
mod change;
mod news;
pub mod phone;
mod staff;
mod submit;

use super::{Context, Error, Result};
use crate::{
    db::repo::StoreError,
    domain::{Id, messages, order_states::StaffAction, orders::StatusType},
    model::{
        locations::{DeliveryTime, PickupTime},
        orders::{IDEMPOTENCY_WINDOW, Idempotency, Order, OrderItem, OrderLocationChange, OrderSubmission},
    },
};

/// The answer for a key already used within the window (`found`, by `order_with_key`): the first
/// order for the same request, a refusal for a different one; `None` when the key is unused or expired.
fn answer_for_key(found: Option<(Id, Option<String>)>, idem: &Idempotency) -> Option<Result<Id>> {
    found.map(|(id, fingerprint)| match fingerprint {
        // Orders placed before fingerprints were stored match on the key alone, as they did then.
        Some(f) if f != idem.fingerprint => Err(Error::refused(&messages::IDEMPOTENCY_KEY_REUSED)),
        _ => Ok(id),
    })
}

/// Every order of the shopper, as the order history lists them.
pub async fn list(state: &Context, user_id: Id) -> Result<Vec<Order>> {
    Ok(state.store.orders_of(user_id, state.clock.now()).await?.into_iter().map(Order::from).collect())
}

pub async fn show(state: &Context, user_id: Id, order_id: Id) -> Result<Order> {
    state
        .store
        .order_of(user_id, order_id, state.clock.now())
        .await?
        .map(Order::from)
        .ok_or_else(|| Error::not_found(&messages::ORDER_NOT_FOUND))
}

pub async fn items(state: &Context, user_id: Id, order_id: Id) -> Result<Vec<OrderItem>> {
    let lines = state
        .store
        .order_items_of(user_id, order_id)
        .await?
        .ok_or_else(|| Error::not_found(&messages::ORDER_NOT_FOUND))?;
    Ok(lines.into_iter().map(OrderItem::from).collect())
}

/// Place Order: the new order's id. The submission's shape is the caller's to check first
/// (`OrderSubmission::validate`, whose field errors only an API answer can carry). With an
/// idempotency key, a retry of the same request answers the first order's id and places nothing.
pub async fn submit(
    state: &Context,
    user_id: Id,
    submission: &OrderSubmission,
    idempotency_key: Option<String>,
) -> Result<Id> {
    let idempotency = idempotency_key.map(|key| Idempotency { key, fingerprint: submission.fingerprint() });
    let idem = idempotency.as_ref();
    let now = state.clock.now();
    let placed = state
        .store
        .write(|txn| async move { submit::place(&txn, state.channels(), user_id, submission, idem, None, now).await });
    match placed.await {
        // Two requests raced past the look-up (only possible without the row lock):
        // the loser answers as if it had come second.
        Err(Error::Store(StoreError::Conflict(m))) => {
            let Some(idem) = idem else { return Err(Error::Store(StoreError::Conflict(m))) };
            let found = state.store.order_with_key(user_id, &idem.key, now - IDEMPOTENCY_WINDOW).await?;
            answer_for_key(found, idem).unwrap_or(Err(Error::Store(StoreError::Conflict(m))))
        }
        other => other,
    }
    .inspect(|_| state.mail_written.notify_one())
}

/// Cancels the order and gives its stock back; the cancelled order.
pub async fn cancel(state: &Context, user_id: Id, order_id: Id) -> Result<Order> {
    state
        .store
        .write(|txn| async move { change::cancel(&txn, user_id, order_id, state.clock.now()).await })
        .await
        .map(Order::from)
}

/// Moves a pickup order to another valid pickup time of its pantry.
pub async fn change_time(state: &Context, user_id: Id, order_id: Id, pickup_time_id: Id) -> Result<Order> {
    state
        .store
        .write(
            |txn| async move { change::pickup_time(&txn, user_id, order_id, pickup_time_id, state.clock.now()).await },
        )
        .await
        .map(Order::from)
}

/// Moves a delivery order to another valid window of its delivery program (whose stock the order
/// already holds, so no stock moves).
pub async fn change_delivery(state: &Context, user_id: Id, order_id: Id, delivery_time_id: Id) -> Result<Order> {
    state
        .store
        .write(|txn| async move {
            change::delivery_time(&txn, user_id, order_id, delivery_time_id, state.clock.now()).await
        })
        .await
        .map(Order::from)
}

/// Moves the pickup order `order_id` to another pantry of its food bank; `change` must name the
/// same order (its body repeats the id). Its stock moves from the old pantry's inventory to the
/// new one's.
pub async fn change_location(
    state: &Context,
    user_id: Id,
    order_id: Id,
    change: &OrderLocationChange,
) -> Result<Order> {
    if change.order_id != order_id {
        return Err(Error::Invalid("OrderId does not match the order in the path.".into()));
    }
    state
        .store
        .write(|txn| async move { change::location(&txn, user_id, change, state.clock.now()).await })
        .await
        .map(Order::from)
}

/// The pantry's `action` on an order for `by` (None: the server's no-show job), as the state rule
/// allows from the state it is in when the write begins; a cancel or no-show gives its stock
/// back; a device's action keeps its key with it (`once`). The new state. Access is the caller's
/// to check first (`service::staff`).
pub(crate) async fn staff_act(
    state: &Context,
    order_id: Id,
    action: StaffAction,
    by: Option<Id>,
    reason: Option<&str>,
    now: chrono::DateTime<chrono::Utc>,
    once: Option<&crate::domain::door::Once<'_>>,
) -> Result<StatusType> {
    let acted = state
        .store
        .write(|txn| async move {
            let acted = staff::act(&txn, state.channels(), order_id, action, by, reason, now).await?;
            if let (Some(once), Some(by)) = (once, by) {
                txn.keep_door_action(once.key, by, once.kind, order_id, now).await?;
            }
            Ok::<_, Error>(acted)
        })
        .await?;
    // The shopper's news, if any, is in the outbox now.
    state.mail_written.notify_one();
    Ok(acted.1)
}

/// `action` on an order by staff member `by`, inside a transaction another service sequences (a
/// delivery run's start, a stop's outcome): the same rule, stock and news as [`staff_act`]; the
/// caller wakes the outbox's sender once it commits. The new state.
pub(crate) async fn act_in(
    txn: &crate::db::repo::Write,
    channels: crate::service::notices::Channels<'_>,
    order_id: Id,
    action: StaffAction,
    by: Id,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<StatusType> {
    staff::act(txn, channels, order_id, action, Some(by), None, now).await.map(|(_, to)| to)
}

/// Orders the no-show job looks at in one run; the rest wait for the next.
const NO_SHOWS_PER_RUN: u64 = 500;

/// The no-show job: every pickup order still waiting whose window ended more than `grace` ago
/// becomes No-Show, each in its own transaction (its stock back, its history written by no one).
/// How many it closed.
pub(crate) async fn close_no_shows(state: &Context, grace: chrono::Duration) -> Result<usize> {
    let now = state.clock.now();
    let due = state.store.overdue_pickups(now - grace, NO_SHOWS_PER_RUN).await?;
    let mut closed = 0;
    for order_id in due {
        let done = state
            .store
            .write(|txn| async move { staff::no_show(&txn, state.channels(), order_id, grace, now).await })
            .await;
        match done {
            Ok(Some(_)) => {
                closed += 1;
                state.mail_written.notify_one();
            }
            Ok(None) => {}
            // One order's failure does not keep the others open.
            Err(e) => tracing::error!(order_id, error = %e, "no-show not recorded"),
        }
    }
    Ok(closed)
}

/// The pantry (`by`) marks a line packed short: `packed` units of it leave, the rest go back to stock.
pub(crate) async fn short_line(
    state: &Context,
    order_id: Id,
    line_id: Id,
    packed: i32,
    by: Id,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<i32> {
    state.store.write(|txn| async move { staff::short_line(&txn, order_id, line_id, packed, by, now).await }).await
}

/// The times an order may move to, as Change offers them: its pantry's pickup times, or the
/// windows of its own delivery program (only that program's stock can fill it).
pub enum TimesOffered {
    Pickup(Vec<PickupTime>),
    Delivery(Vec<DeliveryTime>),
}

/// The shopper's order with the times it may move to.
pub async fn times_offered(state: &Context, user_id: Id, order_id: Id) -> Result<(Order, TimesOffered)> {
    let order = show(state, user_id, order_id).await?;
    let times = match (&order.delivery_time, order.pantry_location_id) {
        (Some(window), _) => {
            let all = super::shop::delivery_times(state, order.food_bank_id).await?;
            let program = window.entity_delivery_program_id;
            TimesOffered::Delivery(all.into_iter().filter(|d| d.entity_delivery_program_id == program).collect())
        }
        (None, Some(pantry)) => {
            TimesOffered::Pickup(super::shop::pantry(state, pantry).await?.pantry_location_pickup_times)
        }
        (None, None) => TimesOffered::Pickup(Vec::new()),
    };
    Ok((order, times))
}

/// Moves the order to the time `time_id` of its kind: a pickup time for a pickup order, a
/// delivery window for a delivery order (as Change's form names one without saying which).
pub async fn change_to(state: &Context, user_id: Id, order_id: Id, time_id: Id) -> Result<Order> {
    if show(state, user_id, order_id).await?.delivery_time_id.is_some() {
        change_delivery(state, user_id, order_id, time_id).await
    } else {
        change_time(state, user_id, order_id, time_id).await
    }
}
