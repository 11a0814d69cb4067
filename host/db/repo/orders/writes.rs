//! The rows an order write changes, inside the transaction `service::orders` holds open: each
//! write does what it is told, after the service has asked the rules.
use super::*;
use crate::{
    db::repo::{Write, param, stock::Moved},
    domain::orders::StatusType,
    model::orders::IDEMPOTENCY_WINDOW,
};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    Condition, DbErr, Statement,
    sea_query::{Expr, ExprTrait},
};
use std::collections::BTreeMap;

/// A take the stock could not give.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockMissing {
    /// Someone else took it since the check (or more was asked than a row can hold).
    Short,
    /// The row is gone or no longer offered.
    Withdrawn,
}

/// The slot an order books: a pickup time or a delivery window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SlotRef {
    Pickup(Id),
    Delivery(Id),
}

/// A new order's row.
#[derive(Debug, Clone)]
pub struct NewOrder {
    pub user_id: Id,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    pub pickup_time_id: Option<Id>,
    pub delivery_time_id: Option<Id>,
    /// The saved address delivered to (none for a phone order, delivered to the household's
    /// record), and the copy of it the order keeps.
    pub address: Option<(Option<Id>, SnapshotRow)>,
    pub idempotency_key: Option<String>,
    pub request_fingerprint: Option<String>,
    /// The staff member who placed a phone order.
    pub placed_by: Option<Id>,
    pub now: DateTime<Utc>,
}

/// A new order's line: the stock it took.
#[derive(Debug, Clone, Copy)]
pub struct NewOrderLine {
    pub inventory_item_id: Id,
    pub quantity: i64,
    pub is_substitute_ok: bool,
}

impl Write {
    /// An expired key is free again: its old order lets go of it, so the unique
    /// (user, key) index admits the new one.
    pub async fn release_expired_key(&self, user_id: Id, key: &str, now: DateTime<Utc>) -> StoreResult<()> {
        order::Entity::update_many()
            .col_expr(order::Column::IdempotencyKey, Expr::value(Option::<String>::None))
            .filter(order::Column::UserId.eq(user_id))
            .filter(order::Column::IdempotencyKey.eq(key))
            .filter(order::Column::CreatedAt.lte(now - IDEMPOTENCY_WINDOW))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Applies stock changes (negative = take) in inventory-id order, each a conditional update;
    /// the first take that finds too little stock stops them. The stock's cache scopes are locked
    /// first, in key order (each change bumps them, see `scopes::lock_stock_scopes`). What moved,
    /// with the quantities after, for the caller to record as movements
    /// ([`Write::record_movements`]) once it knows their cause.
    pub async fn move_stock(
        &self,
        deltas: &BTreeMap<Id, i64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Result<Vec<Moved>, StockMissing>> {
        let c = &self.db;
        let moving: Vec<Id> = deltas.iter().filter(|(_, delta)| **delta != 0).map(|(id, _)| *id).collect();
        super::super::scopes::lock_stock_scopes(c, &moving).await?;
        let mut moved = Vec::with_capacity(moving.len());
        for (&id, &delta) in deltas {
            if delta == 0 {
                continue;
            }
            let Ok(amount) = i32::try_from(delta.abs()) else { return Ok(Err(StockMissing::Short)) };
            let mut update = inventory_item::Entity::update_many()
                .col_expr(inventory_item::Column::UpdatedAt, Expr::value(now))
                .filter(inventory_item::Column::Id.eq(id));
            update = if delta < 0 {
                update
                    .col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).sub(amount))
                    .filter(inventory_item::Column::Quantity.gte(amount))
            } else {
                update
                    .col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).add(amount))
            };
            // The row as updated gives the quantity after, without reading it again.
            if let [row] = update.exec_with_returning(c).await?.as_slice() {
                moved.push(Moved { inventory_item_id: id, delta, quantity_after: i64::from(row.quantity) });
                continue;
            }
            // Only a take can miss: someone else took the stock since the check, or the row went.
            let still_offered = inventory_item::Entity::find_by_id(id).one(c).await?.is_some_and(|i| i.is_active);
            return Ok(Err(if still_offered { StockMissing::Short } else { StockMissing::Withdrawn }));
        }
        Ok(Ok(moved))
    }

    /// Writes the order and its lines (each with its product and weight as its stock row has
    /// them); `None` when a line's stock row is gone.
    pub async fn insert_order(&self, new: NewOrder, lines: &[NewOrderLine]) -> StoreResult<Option<Id>> {
        let c = &self.db;
        let snapshot = match &new.address {
            Some((_, a)) => Some(
                serde_json::to_value(StoredSnapshot::from(a.clone()))
                    .map_err(|e| StoreError::Db(DbErr::Json(e.to_string())))?,
            ),
            None => None,
        };
        let order_id = order::Entity::insert(order::ActiveModel {
            id: NotSet,
            user_id: Set(new.user_id),
            food_bank_id: Set(new.food_bank_id),
            pantry_location_id: Set(new.pantry_location_id),
            pickup_time_id: Set(new.pickup_time_id),
            delivery_time_id: Set(new.delivery_time_id),
            saved_address_id: Set(new.address.as_ref().and_then(|(id, _)| *id)),
            delivery_address: Set(snapshot),
            status_type_id: Set(StatusType::Submitted.id()),
            idempotency_key: Set(new.idempotency_key),
            request_fingerprint: Set(new.request_fingerprint),
            created_at: Set(new.now),
            updated_at: Set(new.now),
            cancelled_at: Set(None),
            cancel_reason: Set(None),
            placed_by: Set(new.placed_by),
        })
        .exec(c)
        .await?
        .last_insert_id;

        if !lines.is_empty() && self.insert_lines(order_id, lines).await? != lines.len() as u64 {
            return Ok(None);
        }
        self.ensure_household(new.user_id, new.food_bank_id, new.now).await?;
        self.summarise_orders(&[order_id]).await?;
        Ok(Some(order_id))
    }

    /// Writes the order's lines, each with its product and weight copied from its stock row in
    /// the same statement (no read of the rows first); the lines written, fewer than asked when a
    /// stock row is gone (or a quantity cannot be stored).
    async fn insert_lines(&self, order_id: Id, lines: &[NewOrderLine]) -> StoreResult<u64> {
        let backend = self.db.get_database_backend();
        let mut values: Vec<sea_orm::Value> = Vec::with_capacity(1 + lines.len() * 5);
        let mut mark = |v: sea_orm::Value| {
            values.push(v);
            param(backend, values.len())
        };
        let order = mark(order_id.into());
        let mut quantity = String::from("CASE i.id");
        for l in lines {
            let Ok(q) = i32::try_from(l.quantity) else { return Ok(0) };
            quantity += &format!(" WHEN {} THEN {}", mark(l.inventory_item_id.into()), mark(q.into()));
        }
        let mut substitute = String::from("CASE i.id");
        for l in lines {
            substitute +=
                &format!(" WHEN {} THEN {}", mark(l.inventory_item_id.into()), mark(l.is_substitute_ok.into()));
        }
        let ids: Vec<String> = lines.iter().map(|l| mark(l.inventory_item_id.into())).collect();
        let sql = format!(
            "INSERT INTO order_items (order_id, inventory_item_id, pantry_item_id, quantity, weight_pounds, \
             is_substitute_ok, packed_quantity) \
             SELECT {order}, i.id, i.pantry_item_id, {quantity} END, i.weight_pounds, {substitute} END, NULL \
             FROM inventory_items i WHERE i.id IN ({}) ORDER BY i.id",
            ids.join(", ")
        );
        Ok(self.db.execute_raw(Statement::from_sql_and_values(backend, sql, values)).await?.rows_affected())
    }

    /// Marks the order cancelled, if its status is still the one it was read with (so a
    /// concurrent change cannot be cancelled twice); false when it moved on.
    pub async fn cancel_order(&self, order: &ChangingOrder, now: DateTime<Utc>) -> StoreResult<bool> {
        let updated = order::Entity::update_many()
            .col_expr(order::Column::StatusTypeId, Expr::value(StatusType::Cancelled.id()))
            .col_expr(order::Column::CancelledAt, Expr::value(Some(now)))
            .col_expr(order::Column::UpdatedAt, Expr::value(now))
            .filter(order::Column::Id.eq(order.id))
            .filter(order::Column::StatusTypeId.eq(order.status_type_id))
            .exec(&self.db)
            .await?;
        if updated.rows_affected != 1 {
            return Ok(false);
        }
        self.summarise_orders(&[order.id]).await?;
        Ok(true)
    }

    /// Moves the pickup order to `pickup_time_id`, and to `pantry_id` when it changes pantry.
    pub async fn set_pickup(
        &self,
        order_id: Id,
        pantry_id: Option<Id>,
        pickup_time_id: Id,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let mut update = order::Entity::update_many();
        if let Some(pantry_id) = pantry_id {
            update = update.col_expr(order::Column::PantryLocationId, Expr::value(Some(pantry_id)));
        }
        update
            .col_expr(order::Column::PickupTimeId, Expr::value(Some(pickup_time_id)))
            .col_expr(order::Column::UpdatedAt, Expr::value(now))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        // A move to another pantry counts the order there (its lines moved with it, before).
        self.summarise_orders(&[order_id]).await
    }

    /// Nothing the report summary holds changes (an order counts on the day it was placed), so
    /// its row stands.
    pub async fn set_delivery_time(&self, order_id: Id, delivery_time_id: Id, now: DateTime<Utc>) -> StoreResult<()> {
        order::Entity::update_many()
            .col_expr(order::Column::DeliveryTimeId, Expr::value(Some(delivery_time_id)))
            .col_expr(order::Column::UpdatedAt, Expr::value(now))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Points the order line at another stock row (of the same product, at another pantry). The
    /// line keeps its product, quantity and weight; [`Write::set_pickup`], which follows, brings
    /// the report summary to the new pantry.
    pub async fn set_line_stock(&self, line_id: Id, inventory_item_id: Id) -> StoreResult<()> {
        order_item::Entity::update_many()
            .col_expr(order_item::Column::InventoryItemId, Expr::value(inventory_item_id))
            .filter(order_item::Column::Id.eq(line_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Takes one place in the slot if it has room, by a conditional update (the CHECK of migration
    /// 17 backs it); false when it is full or gone.
    pub async fn book_slot(&self, slot: SlotRef) -> StoreResult<bool> {
        match slot {
            SlotRef::Pickup(id) => move_place::<pickup_time::Entity, _>(&self.db, PICKUP_SEATS, id, true).await,
            SlotRef::Delivery(id) => move_place::<delivery_time::Entity, _>(&self.db, DELIVERY_SEATS, id, true).await,
        }
    }

    /// Gives back the place the order holds in its pickup time or delivery window: on a cancel, a
    /// no-show, or before it books another.
    pub async fn release_slot(&self, order_id: Id) -> StoreResult<()> {
        let Some(o) = order::Entity::find_by_id(order_id).one(&self.db).await? else { return Ok(()) };
        if let Some(id) = o.pickup_time_id {
            move_place::<pickup_time::Entity, _>(&self.db, PICKUP_SEATS, id, false).await?;
        }
        if let Some(id) = o.delivery_time_id {
            move_place::<delivery_time::Entity, _>(&self.db, DELIVERY_SEATS, id, false).await?;
        }
        Ok(())
    }
}

/// A slot table's id, booked and capacity columns: pickup times and delivery windows book alike.
const PICKUP_SEATS: [pickup_time::Column; 3] =
    [pickup_time::Column::Id, pickup_time::Column::Booked, pickup_time::Column::Capacity];
const DELIVERY_SEATS: [delivery_time::Column; 3] =
    [delivery_time::Column::Id, delivery_time::Column::Booked, delivery_time::Column::Capacity];

/// Takes a place in slot `slot_id` if it has room (`take`), or gives one back; true when a row moved.
async fn move_place<E: EntityTrait, Conn: ConnectionTrait>(
    c: &Conn,
    [id, booked, capacity]: [E::Column; 3],
    slot_id: Id,
    take: bool,
) -> StoreResult<bool> {
    let update = E::update_many().filter(id.eq(slot_id));
    let update = if take {
        update
            .col_expr(booked, Expr::col(booked).add(1))
            .filter(Condition::any().add(capacity.is_null()).add(Expr::col(booked).lt(Expr::col(capacity))))
    } else {
        update.col_expr(booked, Expr::col(booked).sub(1)).filter(booked.gt(0))
    };
    Ok(update.exec(c).await?.rows_affected == 1)
}
