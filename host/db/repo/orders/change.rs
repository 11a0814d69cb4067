//! Cancelling an order and moving it to another pickup time, delivery time or pantry.
use super::*;
use crate::domain::order_changes::{
    ChangeRefusal, check_cancel, check_delivery_change, check_new_delivery_time, check_new_pantry,
    check_new_pickup_time, check_pickup_change,
};
use crate::domain::order_states::check_shopper_move;

fn changed(r: ChangeRefusal) -> Fail {
    rule(r.refusal())
}

pub(super) async fn cancel_in(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    now: DateTime<Utc>,
) -> Step<OrderRow> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    check_cancel(&facts, now).map_err(changed)?;
    // Conditional on the status read above, so a concurrent change cannot be cancelled twice.
    let updated = order::Entity::update_many()
        .col_expr(order::Column::StatusTypeId, Expr::value(StatusType::Cancelled.id()))
        .col_expr(order::Column::CancelledAt, Expr::value(Some(now)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .filter(order::Column::StatusTypeId.eq(row.status_type_id))
        .exec(c)
        .await?;
    if updated.rows_affected != 1 {
        return Err(changed(ChangeRefusal::CannotChange));
    }
    let from = StatusType::from_id(row.status_type_id);
    super::super::staff_orders::record_event(c, row.id, from, StatusType::Cancelled, Some(user_id), None, now).await?;
    // What is still held: lines the pantry marked short gave the rest back already.
    let deltas = super::super::staff_orders::held_units(c, row.id).await?;
    move_stock(c, &deltas, now).await?;
    view_in(c, row.id, now).await
}

/// A packed order is no longer the shopper's to move (`order_states::check_shopper_move`).
fn not_packed(row: &order::Model) -> Step<()> {
    match StatusType::from_id(row.status_type_id) {
        Some(state) => check_shopper_move(state).map_err(|r| rule(r.refusal())),
        None => Ok(()),
    }
}

pub(super) async fn order_lines<C: ConnectionTrait>(c: &C, order_id: Id) -> StoreResult<Vec<order_item::Model>> {
    Ok(order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(order_id))
        .order_by_asc(order_item::Column::Id)
        .all(c)
        .await?)
}

pub(super) async fn view_in(c: &DatabaseTransaction, order_id: Id, now: DateTime<Utc>) -> Step<OrderRow> {
    let row = order::Entity::find_by_id(order_id).one(c).await?.ok_or_else(|| not_found(&messages::ORDER_NOT_FOUND))?;
    order_views(c, vec![row], now).await?.pop().ok_or_else(|| not_found(&messages::ORDER_NOT_FOUND))
}

/// The pickup order's pantry, if the order may still change.
pub(super) async fn changeable_pickup(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    now: DateTime<Utc>,
) -> Step<(order::Model, Id)> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    let pantry_id = check_pickup_change(&facts, row.pantry_location_id, now).map_err(changed)?;
    not_packed(&row)?;
    Ok((row, pantry_id))
}

pub(super) async fn change_time_in(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    pickup_time_id: Id,
    now: DateTime<Utc>,
) -> Step<OrderRow> {
    let (row, pantry_id) = changeable_pickup(c, user_id, order_id, now).await?;
    let pantry = shopping::pantry_facts(c, pantry_id).await?;
    let time = shopping::pickup_time(c, pickup_time_id).await?;
    let grants = access_grants(c, user_id).await?;
    let tz = pantry.as_ref().map_or(chrono_tz::UTC, |p| p.tz);
    check_new_pickup_time(pantry_id, pantry.as_ref().map(|p| &p.pantry), time.as_ref(), tz, &grants, now)
        .map_err(changed)?;
    order::Entity::update_many()
        .col_expr(order::Column::PickupTimeId, Expr::value(Some(pickup_time_id)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .exec(c)
        .await?;
    view_in(c, row.id, now).await
}

pub(super) async fn change_delivery_in(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    delivery_time_id: Id,
    now: DateTime<Utc>,
) -> Step<OrderRow> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    let current = check_delivery_change(&facts, now).map_err(changed)?;
    not_packed(&row)?;
    let new = shopping::delivery_facts(c, delivery_time_id)
        .await?
        .ok_or_else(|| not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
    let grants = access_grants(c, user_id).await?;
    check_new_delivery_time(row.food_bank_id, current, &new.time, new.tz, &grants, now).map_err(changed)?;
    order::Entity::update_many()
        .col_expr(order::Column::DeliveryTimeId, Expr::value(Some(new.time.id)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .exec(c)
        .await?;
    view_in(c, row.id, now).await
}

pub(super) async fn change_location_in(
    c: &DatabaseTransaction,
    user_id: Id,
    change: &OrderLocationChange,
    now: DateTime<Utc>,
) -> Step<OrderRow> {
    let (row, _) = changeable_pickup(c, user_id, change.order_id, now).await?;
    let pantry = shopping::pantry_facts(c, change.location_id)
        .await?
        .ok_or_else(|| not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    check_new_pantry(row.food_bank_id, &pantry.pantry).map_err(changed)?;
    let time = shopping::pickup_time(c, change.pickup_time_id).await?;
    let mut shop = shopping::pickup_shop(c, &pantry, Some(user_id)).await?;
    // This order's own units are neither a past order nor taken stock once it moves.
    shop.past_orders.retain(|o| o.id != row.id);
    let lines = order_lines(c, row.id).await?;
    for inv in shop.inventory.iter_mut() {
        inv.quantity +=
            lines.iter().filter(|l| l.inventory_item_id == inv.id).map(|l| i64::from(l.quantity)).sum::<i64>();
    }
    // Each line moves to the new pantry's stock of the same product; a product it lacks keeps
    // its old id, which that inventory does not hold, so the check answers "No Available Stock".
    let target = |l: &order_item::Model| {
        shop.inventory.iter().find(|i| i.pantry_item_id == l.pantry_item_id).map_or(l.inventory_item_id, |i| i.id)
    };
    let cart: Vec<CartLine> =
        lines.iter().map(|l| CartLine { inventory_item_id: target(l), quantity: i64::from(l.quantity) }).collect();
    let slot = Slot { pantry: Some(pantry), pickup: time, delivery: None };
    let grants = access_grants(c, user_id).await?;
    check(&slot, &cart, &shop, &grants, now)?;

    let mut deltas: BTreeMap<Id, i64> = BTreeMap::new();
    for (line, new) in lines.iter().zip(&cart) {
        *deltas.entry(line.inventory_item_id).or_insert(0) += i64::from(line.quantity);
        *deltas.entry(new.inventory_item_id).or_insert(0) -= new.quantity;
    }
    move_stock(c, &deltas, now).await?;
    for (line, new) in lines.iter().zip(&cart) {
        if line.inventory_item_id != new.inventory_item_id {
            order_item::Entity::update_many()
                .col_expr(order_item::Column::InventoryItemId, Expr::value(new.inventory_item_id))
                .filter(order_item::Column::Id.eq(line.id))
                .exec(c)
                .await?;
        }
    }
    let (pantry_id, time_id) = (slot.pantry.as_ref().map(|p| p.pantry.id), slot.pickup.as_ref().map(|t| t.id));
    order::Entity::update_many()
        .col_expr(order::Column::PantryLocationId, Expr::value(pantry_id))
        .col_expr(order::Column::PickupTimeId, Expr::value(time_id))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .exec(c)
        .await?;
    view_in(c, row.id, now).await
}
