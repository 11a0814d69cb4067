//! Orders: reading a shopper's orders back, and the rows an order write reads and writes. The
//! writes (`writes.rs`) run inside the write transaction `service::orders` sequences, after it has
//! locked the shopper's row (a no-op on SQLite, where `BEGIN IMMEDIATE` already serialises
//! writers) and asked the rules; stock moves only through conditional updates, in inventory-id
//! order so that two transactions never wait on each other's rows in opposite orders (after the
//! stock's cache scope rows, which every stock change bumps, taken in key order).
mod views;
mod writes;

use super::{
    PhotoRow, Store, StoreError, StoreResult,
    locations::AddressRow,
    shopping::{parse_tz, to_delivery_time, to_pickup_time},
};
use crate::{
    db::entity::{
        address, attachment, county, delivery_time, food_bank, inventory_item, order, order_item, order_status_type,
        pantry_item, pantry_location, pickup_time, province, saved_address,
    },
    domain::{
        Id,
        delivery::DeliveryTime,
        orders::{OrderFacts, OrderStatus},
        pickup::PickupTime,
    },
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;
pub(in crate::db::repo) use views::snapshot_row;
use views::*;
pub use views::{OrderLineRow, OrderPantryRow, OrderRow, OrderStatusRow, SnapshotRow};
pub use writes::{NewOrder, NewOrderLine, SlotRef, StockMissing};

/// An order about to change: what its write needs besides the time rules' [`OrderFacts`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangingOrder {
    pub id: Id,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    /// The status it was read with: the change is conditional on it.
    pub status_type_id: Id,
}

/// One line of an order, as a change moves it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLine {
    pub id: Id,
    pub inventory_item_id: Id,
    pub pantry_item_id: Id,
    pub quantity: i32,
}

impl<C: ConnectionTrait> Store<C> {
    /// The user's orders, newest first.
    pub async fn orders_of(&self, user_id: Id, now: DateTime<Utc>) -> StoreResult<Vec<OrderRow>> {
        let rows = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .order_by_desc(order::Column::CreatedAt)
            .order_by_desc(order::Column::Id)
            .all(&self.db)
            .await?;
        order_views(&self.db, rows, now).await
    }

    /// One of the user's orders; `None` also for another user's order.
    pub async fn order_of(&self, user_id: Id, order_id: Id, now: DateTime<Utc>) -> StoreResult<Option<OrderRow>> {
        let Some(row) = self.own_order(user_id, order_id).await? else { return Ok(None) };
        Ok(order_views(&self.db, vec![row], now).await?.pop())
    }

    /// One order by id, as the API answers it (after a write, whoever's it is).
    pub async fn order_view(&self, order_id: Id, now: DateTime<Utc>) -> StoreResult<Option<OrderRow>> {
        let Some(row) = order::Entity::find_by_id(order_id).one(&self.db).await? else { return Ok(None) };
        Ok(order_views(&self.db, vec![row], now).await?.pop())
    }

    /// The lines of one of the user's orders; `None` also for another user's order.
    pub async fn order_items_of(&self, user_id: Id, order_id: Id) -> StoreResult<Option<Vec<OrderLineRow>>> {
        if self.own_order(user_id, order_id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some(item_views(&self.db, order_id).await?))
    }

    async fn own_order(&self, user_id: Id, order_id: Id) -> StoreResult<Option<order::Model>> {
        Ok(order::Entity::find_by_id(order_id).filter(order::Column::UserId.eq(user_id)).one(&self.db).await?)
    }

    /// One of the user's orders with what the time rules read of it; `None` also for another
    /// user's order.
    pub async fn order_for_change(
        &self,
        user_id: Id,
        order_id: Id,
    ) -> StoreResult<Option<(ChangingOrder, OrderFacts)>> {
        let Some(row) = self.own_order(user_id, order_id).await? else { return Ok(None) };
        let c = &self.db;
        let status = order_status_type::Entity::find_by_id(row.status_type_id).one(c).await?;
        let pickup = match row.pickup_time_id {
            Some(id) => pickup_time::Entity::find_by_id(id).one(c).await?.map(to_pickup_time),
            None => None,
        };
        let delivery = match row.delivery_time_id {
            Some(id) => delivery_time::Entity::find_by_id(id).one(c).await?.map(to_delivery_time),
            None => None,
        };
        let zone = match row.pantry_location_id.filter(|_| pickup.is_some()) {
            Some(p) => pantry_location::Entity::find_by_id(p).one(c).await?.map(|p| p.time_zone),
            None => food_bank::Entity::find_by_id(row.food_bank_id).one(c).await?.map(|b| b.time_zone),
        };
        let facts = OrderFacts {
            id: row.id,
            created: row.created_at,
            status: status.map_or(OrderStatus::Other, |s| status_of(&s)),
            pickup_time: pickup,
            delivery_time: delivery,
            time_zone: zone.as_deref().map_or(chrono_tz::UTC, parse_tz),
        };
        let order = ChangingOrder {
            id: row.id,
            food_bank_id: row.food_bank_id,
            pantry_location_id: row.pantry_location_id,
            status_type_id: row.status_type_id,
        };
        Ok(Some((order, facts)))
    }

    /// The order's lines, in id order.
    pub async fn order_lines(&self, order_id: Id) -> StoreResult<Vec<OrderLine>> {
        let rows = order_item::Entity::find()
            .filter(order_item::Column::OrderId.eq(order_id))
            .order_by_asc(order_item::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|l| OrderLine {
                id: l.id,
                inventory_item_id: l.inventory_item_id,
                pantry_item_id: l.pantry_item_id,
                quantity: l.quantity,
            })
            .collect())
    }

    /// The user's order placed with `key` after `since`, with the fingerprint of the request that
    /// placed it (None for orders from before fingerprints were stored).
    pub async fn order_with_key(
        &self,
        user_id: Id,
        key: &str,
        since: DateTime<Utc>,
    ) -> StoreResult<Option<(Id, Option<String>)>> {
        Ok(order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .filter(order::Column::IdempotencyKey.eq(key))
            .filter(order::Column::CreatedAt.gt(since))
            .select_only()
            .columns([order::Column::Id, order::Column::RequestFingerprint])
            .into_tuple::<(Id, Option<String>)>()
            .one(&self.db)
            .await?)
    }

    /// The user's saved address as the order keeps it; `None` if it is not theirs.
    pub async fn address_snapshot(&self, user_id: Id, saved_id: Id) -> StoreResult<Option<SnapshotRow>> {
        let c = &self.db;
        let Some(saved) = saved_address::Entity::find_by_id(saved_id)
            .filter(saved_address::Column::UserId.eq(user_id))
            .one(c)
            .await?
        else {
            return Ok(None);
        };
        let Some(a) = address::Entity::find_by_id(saved.address_id).one(c).await? else { return Ok(None) };
        let province =
            province::Entity::find_by_id(a.province_id).one(c).await?.map(|p| p.abbreviation).unwrap_or_default();
        Ok(Some(SnapshotRow {
            name: saved.name,
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province,
            postal_code: a.postal_code,
            country_code: Some(a.country_code),
        }))
    }
}

fn status_of(s: &order_status_type::Model) -> OrderStatus {
    OrderStatus::from_flags(s.is_successfully_completed_type, s.is_cancelled_type, s.is_in_progress_type)
}
