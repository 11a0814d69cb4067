//! Orders: submission, cancel, pickup-time and location changes, and reading a
//! shopper's orders back. Every write runs in one `begin_write` transaction that
//! first locks the shopper's row (a no-op on SQLite, where `BEGIN IMMEDIATE`
//! already serialises writers), so one shopper's limit checks never race; stock
//! moves only through conditional updates, in inventory-id order so that two
//! transactions never wait on each other's rows in opposite orders (after the stock's cache
//! scope rows, which every stock change bumps, taken in key order).
mod change;
mod submit;
mod views;

use super::{
    PhotoRow, Store, StoreError, StoreResult,
    accounts::access_grants,
    locations::AddressRow,
    retrying,
    shopping::{self, OrderSite, ShopFacts, parse_tz, to_delivery_time, to_pickup_time},
    survey,
};
use crate::{
    db::{
        begin_write,
        entity::{
            address, attachment, county, delivery_time, food_bank, inventory_item, order, order_item,
            order_status_type, pantry_item, pantry_location, pickup_time, province, saved_address,
        },
        now as db_now,
    },
    domain::{
        Id,
        access::AccessGrants,
        cart::{CartLine, ShoppingContext},
        checkout_questions::due_step,
        delivery::DeliveryTime,
        messages,
        orders::{OrderFacts, OrderStatus, StatusType},
        pickup::PickupTime,
        refusal::{Refusal, RefusalKind},
        submission::{OrderRequest, check_order},
    },
    model::orders::{IDEMPOTENCY_WINDOW, Idempotency, OrderLocationChange, OrderRefused, OrderSubmission},
};
use change::*;
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use std::collections::{BTreeMap, HashMap};
use submit::*;
use views::*;
pub use views::{OrderLineRow, OrderPantryRow, OrderRow, OrderStatusRow, SnapshotRow};

/// Why a step stopped: a refusal to report, or a storage failure.
enum Fail {
    Refused(OrderRefused),
    Store(StoreError),
}

impl From<DbErr> for Fail {
    fn from(e: DbErr) -> Self {
        Self::Store(e.into())
    }
}

impl From<StoreError> for Fail {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

type Step<T> = Result<T, Fail>;

fn rule(refusal: impl Into<Refusal>) -> Fail {
    Fail::Refused(OrderRefused::Rule(refusal.into()))
}

fn not_found(what: &'static RefusalKind) -> Fail {
    Fail::Refused(OrderRefused::NotFound(what))
}

/// Commits on success; rolls back on a refusal or failure, so a refused write leaves nothing behind.
async fn finish<T>(txn: DatabaseTransaction, result: Step<T>) -> StoreResult<Result<T, OrderRefused>> {
    match result {
        Ok(v) => {
            txn.commit().await?;
            Ok(Ok(v))
        }
        Err(Fail::Refused(r)) => {
            txn.rollback().await?;
            Ok(Err(r))
        }
        Err(Fail::Store(e)) => {
            if let Err(rb) = txn.rollback().await {
                tracing::warn!(error = %rb, "rollback after a failed order write");
            }
            Err(e)
        }
    }
}

impl Store {
    /// Places an order (`POST /order`) and returns its id. A key the same user sent
    /// within [`IDEMPOTENCY_WINDOW`] returns the first order's id and writes nothing
    /// when the request is the same, and is refused when it differs.
    pub async fn submit_order(
        &self,
        user_id: Id,
        submission: &OrderSubmission,
        idempotency: Option<&Idempotency>,
    ) -> StoreResult<Result<Id, OrderRefused>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let now = db_now();
            let result = submit_in(&txn, user_id, submission, idempotency, now).await;
            match finish(txn, result).await {
                // Two requests raced past the look-up (only possible without the row lock):
                // the loser answers as if it had come second.
                Err(StoreError::Conflict(m)) => match idempotency {
                    Some(idem) => match earlier_order(&self.db, user_id, idem, now).await? {
                        Some(answer) => Ok(answer),
                        None => Err(StoreError::Conflict(m)),
                    },
                    None => Err(StoreError::Conflict(m)),
                },
                other => other,
            }
        })
        .await
    }

    /// The user's orders, newest first.
    pub async fn orders_of(&self, user_id: Id) -> StoreResult<Vec<OrderRow>> {
        let rows = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .order_by_desc(order::Column::CreatedAt)
            .order_by_desc(order::Column::Id)
            .all(&self.db)
            .await?;
        order_views(&self.db, rows, db_now()).await
    }

    /// One of the user's orders; `None` also for another user's order.
    pub async fn order_of(&self, user_id: Id, order_id: Id) -> StoreResult<Option<OrderRow>> {
        let Some(row) = own_order(&self.db, user_id, order_id).await? else { return Ok(None) };
        Ok(order_views(&self.db, vec![row], db_now()).await?.pop())
    }

    /// The lines of one of the user's orders; `None` also for another user's order.
    pub async fn order_items_of(&self, user_id: Id, order_id: Id) -> StoreResult<Option<Vec<OrderLineRow>>> {
        if own_order(&self.db, user_id, order_id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some(item_views(&self.db, order_id).await?))
    }

    /// Cancels the order and gives its stock back.
    pub async fn cancel_order(&self, user_id: Id, order_id: Id) -> StoreResult<Result<OrderRow, OrderRefused>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let result = cancel_in(&txn, user_id, order_id, db_now()).await;
            finish(txn, result).await
        })
        .await
    }

    /// Moves a pickup order to another valid pickup time of the same pantry.
    pub async fn change_pickup_time(
        &self,
        user_id: Id,
        order_id: Id,
        pickup_time_id: Id,
    ) -> StoreResult<Result<OrderRow, OrderRefused>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let result = change_time_in(&txn, user_id, order_id, pickup_time_id, db_now()).await;
            finish(txn, result).await
        })
        .await
    }

    /// Moves a delivery order to another valid window of the same delivery program (whose
    /// stock the order already holds, so no stock moves).
    pub async fn change_delivery_time(
        &self,
        user_id: Id,
        order_id: Id,
        delivery_time_id: Id,
    ) -> StoreResult<Result<OrderRow, OrderRefused>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let result = change_delivery_in(&txn, user_id, order_id, delivery_time_id, db_now()).await;
            finish(txn, result).await
        })
        .await
    }

    /// Moves a pickup order to another pantry of its food bank and a pickup time there,
    /// moving its stock from the old pantry's inventory to the new one's.
    pub async fn change_location(
        &self,
        user_id: Id,
        change: &OrderLocationChange,
    ) -> StoreResult<Result<OrderRow, OrderRefused>> {
        retrying(|| async move {
            let txn = begin_write(&self.db).await?;
            let result = change_location_in(&txn, user_id, change, db_now()).await;
            finish(txn, result).await
        })
        .await
    }
}

// ---- Shared steps ---------------------------------------------------------------------

/// Locks the user's row until the transaction ends (see [`super::lock_user`]).
async fn lock_user(c: &DatabaseTransaction, user_id: Id) -> Step<()> {
    if super::lock_user(c, user_id).await? { Ok(()) } else { Err(not_found(&messages::USER_NOT_FOUND)) }
}

/// The answer for a key already used within the window: the first order for the same
/// request, a refusal for a different one; `None` when the key is unused or expired.
async fn earlier_order<C: ConnectionTrait>(
    c: &C,
    user_id: Id,
    idem: &Idempotency,
    now: DateTime<Utc>,
) -> StoreResult<Option<Result<Id, OrderRefused>>> {
    let found = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::IdempotencyKey.eq(idem.key.as_str()))
        .filter(order::Column::CreatedAt.gt(now - IDEMPOTENCY_WINDOW))
        .select_only()
        .columns([order::Column::Id, order::Column::RequestFingerprint])
        .into_tuple::<(Id, Option<String>)>()
        .one(c)
        .await?;
    Ok(found.map(|(id, fingerprint)| match fingerprint {
        // Orders placed before fingerprints were stored match on the key alone, as they did then.
        Some(f) if f != idem.fingerprint => Err(OrderRefused::Rule((&messages::IDEMPOTENCY_KEY_REUSED).into())),
        _ => Ok(id),
    }))
}

/// An expired key is free again: its old order lets go of it, so the unique
/// (user, key) index admits the new one.
async fn release_expired_key(c: &DatabaseTransaction, user_id: Id, key: &str, now: DateTime<Utc>) -> StoreResult<()> {
    order::Entity::update_many()
        .col_expr(order::Column::IdempotencyKey, Expr::value(Option::<String>::None))
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::IdempotencyKey.eq(key))
        .filter(order::Column::CreatedAt.lte(now - IDEMPOTENCY_WINDOW))
        .exec(c)
        .await?;
    Ok(())
}

async fn own_order<C: ConnectionTrait>(c: &C, user_id: Id, order_id: Id) -> StoreResult<Option<order::Model>> {
    Ok(order::Entity::find_by_id(order_id).filter(order::Column::UserId.eq(user_id)).one(c).await?)
}

/// The order with what the time rules read, or NotFound.
async fn order_for_change(c: &DatabaseTransaction, user_id: Id, order_id: Id) -> Step<(order::Model, OrderFacts)> {
    let row = own_order(c, user_id, order_id).await?.ok_or_else(|| not_found(&messages::ORDER_NOT_FOUND))?;
    let facts = order_facts(c, &row).await?;
    Ok((row, facts))
}

async fn order_facts<C: ConnectionTrait>(c: &C, row: &order::Model) -> StoreResult<OrderFacts> {
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
    Ok(OrderFacts {
        id: row.id,
        created: row.created_at,
        status: status.map_or(OrderStatus::Other, |s| status_of(&s)),
        pickup_time: pickup,
        delivery_time: delivery,
        time_zone: zone.as_deref().map_or(chrono_tz::UTC, parse_tz),
    })
}

fn status_of(s: &order_status_type::Model) -> OrderStatus {
    OrderStatus::from_flags(s.is_successfully_completed_type, s.is_cancelled_type, s.is_in_progress_type)
}

/// Applies stock changes (negative = take) in inventory-id order. A take that finds too
/// little stock refuses with the cart rule's reason for that item. The stock's cache scopes are
/// locked first, in key order (each change bumps them, see `scopes::lock_stock_scopes`).
async fn move_stock(c: &DatabaseTransaction, deltas: &BTreeMap<Id, i64>, now: DateTime<Utc>) -> Step<()> {
    let moving: Vec<Id> = deltas.iter().filter(|(_, delta)| **delta != 0).map(|(id, _)| *id).collect();
    super::scopes::lock_stock_scopes(c, &moving).await?;
    for (&id, &delta) in deltas {
        if delta == 0 {
            continue;
        }
        let amount = i32::try_from(delta.abs()).map_err(|_| rule(&messages::INVENTORY_EXCEEDED))?;
        let mut update = inventory_item::Entity::update_many()
            .col_expr(inventory_item::Column::UpdatedAt, Expr::value(now))
            .filter(inventory_item::Column::Id.eq(id));
        update = if delta < 0 {
            update
                .col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).sub(amount))
                .filter(inventory_item::Column::Quantity.gte(amount))
        } else {
            update.col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).add(amount))
        };
        if update.exec(c).await?.rows_affected == 1 {
            continue;
        }
        // Only a take can miss: someone else took the stock since the check, or the row went.
        let still_offered = inventory_item::Entity::find_by_id(id).one(c).await?.is_some_and(|i| i.is_active);
        return Err(rule(if still_offered { &messages::INVENTORY_EXCEEDED } else { &messages::NO_AVAILABLE_STOCK }));
    }
    Ok(())
}

fn refusal(r: crate::domain::submission::OrderRefusal) -> Fail {
    rule(r.refusal())
}
