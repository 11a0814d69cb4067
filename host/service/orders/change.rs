//! Cancelling an order and moving it to another pickup time, delivery time or pantry: each asks
//! `domain::order_changes` whether the order may still change, and to what.
use super::{
    Error, Result,
    submit::{Slot, book, check, lock_user, record, take},
};
use crate::{
    db::repo::{
        Write,
        orders::{ChangingOrder, OrderRow, SlotRef},
        shopping::SiteFacts,
    },
    domain::{
        Id,
        cart::CartLine,
        messages,
        order_changes::{
            ChangeRefusal, check_cancel, check_delivery_change, check_new_delivery_time, check_new_pantry,
            check_new_pickup_time, check_pickup_change,
        },
        order_states::check_shopper_move,
        orders::{OrderFacts, StatusType},
        stock::StockReason,
    },
    model::orders::OrderLocationChange,
};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

fn changed(r: ChangeRefusal) -> Error {
    Error::refused(r.refusal())
}

/// The shopper's order with what the time rules read, its row locked first.
async fn order_to_change(txn: &Write, user_id: Id, order_id: Id) -> Result<(ChangingOrder, OrderFacts)> {
    lock_user(txn, user_id).await?;
    txn.order_for_change(user_id, order_id).await?.ok_or_else(|| Error::not_found(&messages::ORDER_NOT_FOUND))
}

/// A packed order is no longer the shopper's to move (`order_states::check_shopper_move`).
fn not_packed(order: &ChangingOrder) -> Result<()> {
    match StatusType::from_id(order.status_type_id) {
        Some(state) => check_shopper_move(state).map_err(|r| Error::refused(r.refusal())),
        None => Ok(()),
    }
}

/// The order as written, for the answer.
async fn view(txn: &Write, order_id: Id, now: DateTime<Utc>) -> Result<OrderRow> {
    txn.order_view(order_id, now).await?.ok_or_else(|| Error::not_found(&messages::ORDER_NOT_FOUND))
}

pub(super) async fn cancel(txn: &Write, user_id: Id, order_id: Id, now: DateTime<Utc>) -> Result<OrderRow> {
    let (order, facts) = order_to_change(txn, user_id, order_id).await?;
    check_cancel(&facts, now).map_err(changed)?;
    // Conditional on the status read above, so a concurrent change cannot be cancelled twice.
    if !txn.cancel_order(&order, now).await? {
        return Err(changed(ChangeRefusal::CannotChange));
    }
    let from = StatusType::from_id(order.status_type_id);
    txn.record_order_event(order.id, from, StatusType::Cancelled, Some(user_id), None, now).await?;
    // What is still held goes back: lines the pantry marked short gave the rest back already.
    let deltas = txn.held_units(order.id).await?;
    let moved = take(txn, &deltas, now).await?;
    record(txn, &moved, StockReason::OrderCancelled, Some(user_id), order.id, now).await?;
    txn.release_slot(order.id).await?;
    view(txn, order.id, now).await
}

pub(super) async fn pickup_time(
    txn: &Write,
    user_id: Id,
    order_id: Id,
    pickup_time_id: Id,
    now: DateTime<Utc>,
) -> Result<OrderRow> {
    let (order, facts) = order_to_change(txn, user_id, order_id).await?;
    let pantry_id = check_pickup_change(&facts, order.pantry_location_id, now).map_err(changed)?;
    not_packed(&order)?;
    let pantry = txn.pantry_facts(pantry_id).await?;
    let time = txn.pickup_time(pickup_time_id).await?;
    let grants = txn.access_grants(user_id, now).await?;
    let tz = pantry.as_ref().map_or(chrono_tz::UTC, |p| p.tz);
    check_new_pickup_time(pantry_id, pantry.as_ref().map(|p| &p.pantry), time.as_ref(), tz, &grants, now)
        .map_err(changed)?;
    txn.release_slot(order.id).await?;
    book(txn, SlotRef::Pickup(pickup_time_id)).await?;
    txn.set_pickup(order.id, None, pickup_time_id, now).await?;
    view(txn, order.id, now).await
}

pub(super) async fn delivery_time(
    txn: &Write,
    user_id: Id,
    order_id: Id,
    delivery_time_id: Id,
    now: DateTime<Utc>,
) -> Result<OrderRow> {
    let (order, facts) = order_to_change(txn, user_id, order_id).await?;
    let current = check_delivery_change(&facts, now).map_err(changed)?;
    not_packed(&order)?;
    let new = txn
        .delivery_facts(delivery_time_id)
        .await?
        .ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
    let grants = txn.access_grants(user_id, now).await?;
    check_new_delivery_time(order.food_bank_id, current, &new.time, new.tz, &grants, now).map_err(changed)?;
    txn.release_slot(order.id).await?;
    book(txn, SlotRef::Delivery(new.time.id)).await?;
    txn.set_delivery_time(order.id, new.time.id, now).await?;
    view(txn, order.id, now).await
}

/// Moves a pickup order to another pantry of its food bank and a pickup time there, its stock
/// from the old pantry's inventory to the new one's.
pub(super) async fn location(
    txn: &Write,
    user_id: Id,
    change: &OrderLocationChange,
    now: DateTime<Utc>,
) -> Result<OrderRow> {
    let (order, facts) = order_to_change(txn, user_id, change.order_id).await?;
    check_pickup_change(&facts, order.pantry_location_id, now).map_err(changed)?;
    not_packed(&order)?;
    let pantry = txn
        .pantry_facts(change.location_id)
        .await?
        .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    check_new_pantry(order.food_bank_id, &pantry.pantry).map_err(changed)?;
    let time = txn.pickup_time(change.pickup_time_id).await?;
    let mut shop = txn.shop(&SiteFacts::Pickup(pantry.clone()), Some(user_id), now).await?;
    // This order's own units are neither a past order nor taken stock once it moves.
    shop.past_orders.retain(|o| o.id != order.id);
    let lines = txn.order_lines(order.id).await?;
    for inv in shop.inventory.iter_mut() {
        inv.quantity +=
            lines.iter().filter(|l| l.inventory_item_id == inv.id).map(|l| i64::from(l.quantity)).sum::<i64>();
    }
    // Each line moves to the new pantry's stock of the same product; a product it lacks keeps
    // its old id, which that inventory does not hold, so the check answers "No Available Stock".
    let cart: Vec<CartLine> = lines
        .iter()
        .map(|l| CartLine {
            inventory_item_id: shop
                .inventory
                .iter()
                .find(|i| i.pantry_item_id == l.pantry_item_id)
                .map_or(l.inventory_item_id, |i| i.id),
            quantity: i64::from(l.quantity),
        })
        .collect();
    let grants = txn.access_grants(user_id, now).await?;
    let slot = Slot { pantry: Some(&pantry.pantry), pickup: time.as_ref(), delivery: None };
    check(&slot, &cart, &shop, &grants, now)?;
    let Some(time) = time else { return Err(Error::refused(&messages::INVALID_PICKUP_TIME)) };

    let mut deltas: BTreeMap<Id, i64> = BTreeMap::new();
    for (line, new) in lines.iter().zip(&cart) {
        *deltas.entry(line.inventory_item_id).or_insert(0) += i64::from(line.quantity);
        *deltas.entry(new.inventory_item_id).or_insert(0) -= new.quantity;
    }
    let moved = take(txn, &deltas, now).await?;
    record(txn, &moved, StockReason::OrderMoved, Some(user_id), order.id, now).await?;
    txn.release_slot(order.id).await?;
    book(txn, SlotRef::Pickup(time.id)).await?;
    for (line, new) in lines.iter().zip(&cart) {
        if line.inventory_item_id != new.inventory_item_id {
            txn.set_line_stock(line.id, new.inventory_item_id).await?;
        }
    }
    txn.set_pickup(order.id, Some(pantry.pantry.id), time.id, now).await?;
    view(txn, order.id, now).await
}
