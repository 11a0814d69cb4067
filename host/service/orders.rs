//! The shopper's orders: reading them (GET /orders, /orders/{id} and /orders/{id}/items, and the
//! /account/orders page), placing one, cancelling it and moving it to another time or pantry.
//! Another shopper's order is NotFound, like one that does not exist. Each write is one store
//! transaction that asks host/domain (`submission`, `order_changes`) for every decision.
use super::{Context, Error, Result};
use crate::{
    domain::{Id, messages},
    model::locations::{DeliveryTime, PickupTime},
    model::orders::{Idempotency, Order, OrderItem, OrderLocationChange, OrderRefused, OrderSubmission},
};

impl From<OrderRefused> for Error {
    fn from(r: OrderRefused) -> Self {
        match r {
            OrderRefused::NotFound(what) => Error::not_found(what),
            OrderRefused::Rule(refusal) => Error::refused(refusal),
            OrderRefused::Unanswered(due) => Error::Refused { refusal: due.refusal().into(), step: Some(due.step()) },
        }
    }
}

/// Every order of the shopper, as the order history lists them.
pub async fn list(state: &Context, user_id: Id) -> Result<Vec<Order>> {
    Ok(state.store.orders_of(user_id).await?.into_iter().map(Order::from).collect())
}

pub async fn show(state: &Context, user_id: Id, order_id: Id) -> Result<Order> {
    state
        .store
        .order_of(user_id, order_id)
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
    Ok(state.store.submit_order(user_id, submission, idempotency.as_ref()).await??)
}

/// Cancels the order and gives its stock back; the cancelled order.
pub async fn cancel(state: &Context, user_id: Id, order_id: Id) -> Result<Order> {
    Ok(state.store.cancel_order(user_id, order_id).await??.into())
}

/// Moves a pickup order to another valid pickup time of its pantry.
pub async fn change_time(state: &Context, user_id: Id, order_id: Id, pickup_time_id: Id) -> Result<Order> {
    Ok(state.store.change_pickup_time(user_id, order_id, pickup_time_id).await??.into())
}

/// Moves a delivery order to another valid window of its delivery program.
pub async fn change_delivery(state: &Context, user_id: Id, order_id: Id, delivery_time_id: Id) -> Result<Order> {
    Ok(state.store.change_delivery_time(user_id, order_id, delivery_time_id).await??.into())
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

/// Moves the pickup order `order_id` to another pantry of its food bank; `change` must name the
/// same order (its body repeats the id).
pub async fn change_location(
    state: &Context,
    user_id: Id,
    order_id: Id,
    change: &OrderLocationChange,
) -> Result<Order> {
    if change.order_id != order_id {
        return Err(Error::Invalid("OrderId does not match the order in the path.".into()));
    }
    Ok(state.store.change_location(user_id, change).await??.into())
}
