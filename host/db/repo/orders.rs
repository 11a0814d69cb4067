//! Orders: submission, cancel, pickup-time and location changes, and reading a
//! shopper's orders back. Every write runs in one `begin_write` transaction that
//! first locks the shopper's row (a no-op on SQLite, where `BEGIN IMMEDIATE`
//! already serialises writers), so one shopper's limit checks never race; stock
//! moves only through conditional updates, in inventory-id order so that two
//! transactions never wait on each other's rows in opposite orders (after the stock's cache
//! scope rows, which every stock change bumps, taken in key order).
use super::{
    Store, StoreError, StoreResult,
    accounts::access_grants,
    retrying,
    shopping::{self, OrderSite, ShopFacts, parse_tz, to_delivery_time, to_pickup_time},
    survey,
};
use crate::{
    db::{
        begin_write,
        entity::{
            address, attachment, county, delivery_time, food_bank, inventory_item, order, order_item,
            order_status_type, pantry_item, pantry_location, pickup_time, province, saved_address, user,
        },
        now as db_now,
        seed::status,
    },
    domain::{
        Id,
        access::{AccessGrants, check_pantry_access},
        cart::{CartLine, ShoppingContext},
        checkout_questions::due_step,
        delivery::delivery_allowed,
        messages,
        orders::{OrderFacts, OrderStatus},
        submission::{OrderRequest, check_order},
    },
    model::{
        locations::{Address, Attachment, AttachmentEntry, CountyRef},
        orders::{
            DELIVERY_ADDRESS_REQUIRED, DeliveryAddress, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_WINDOW, Idempotency,
            NOT_A_DELIVERY_ORDER, NOT_A_PICKUP_ORDER, ORDER_CANNOT_CHANGE, OTHER_DELIVERY_PROGRAM, OTHER_FOOD_BANK,
            Order, OrderInventoryItem, OrderItem, OrderLocationChange, OrderPantryItem, OrderPantryLocation,
            OrderRefused, OrderStatusType, OrderSubmission, PostalAddress,
        },
    },
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, DatabaseTransaction, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use std::collections::{BTreeMap, HashMap};

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

fn rule(message: impl Into<String>) -> Fail {
    Fail::Refused(OrderRefused::Rule(message.into()))
}

fn not_found(what: &'static str) -> Fail {
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
    pub async fn orders_of(&self, user_id: Id) -> StoreResult<Vec<Order>> {
        let rows = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .order_by_desc(order::Column::CreatedAt)
            .order_by_desc(order::Column::Id)
            .all(&self.db)
            .await?;
        order_views(&self.db, rows, db_now()).await
    }

    /// One of the user's orders; `None` also for another user's order.
    pub async fn order_of(&self, user_id: Id, order_id: Id) -> StoreResult<Option<Order>> {
        let Some(row) = own_order(&self.db, user_id, order_id).await? else { return Ok(None) };
        Ok(order_views(&self.db, vec![row], db_now()).await?.pop())
    }

    /// The lines of one of the user's orders; `None` also for another user's order.
    pub async fn order_items_of(&self, user_id: Id, order_id: Id) -> StoreResult<Option<Vec<OrderItem>>> {
        if own_order(&self.db, user_id, order_id).await?.is_none() {
            return Ok(None);
        }
        Ok(Some(item_views(&self.db, order_id).await?))
    }

    /// Cancels the order and gives its stock back.
    pub async fn cancel_order(&self, user_id: Id, order_id: Id) -> StoreResult<Result<Order, OrderRefused>> {
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
    ) -> StoreResult<Result<Order, OrderRefused>> {
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
    ) -> StoreResult<Result<Order, OrderRefused>> {
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
    ) -> StoreResult<Result<Order, OrderRefused>> {
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
    if super::lock_user(c, user_id).await? { Ok(()) } else { Err(not_found("User")) }
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
        Some(f) if f != idem.fingerprint => Err(OrderRefused::Rule(IDEMPOTENCY_KEY_REUSED.into())),
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
    let row = own_order(c, user_id, order_id).await?.ok_or_else(|| not_found("Order"))?;
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
        let amount = i32::try_from(delta.abs()).map_err(|_| rule(messages::INVENTORY_EXCEEDED))?;
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
        return Err(rule(if still_offered { messages::INVENTORY_EXCEEDED } else { messages::NO_AVAILABLE_STOCK }));
    }
    Ok(())
}

fn refusal(r: crate::domain::submission::OrderRefusal) -> Fail {
    rule(r.message())
}

// ---- Submission -----------------------------------------------------------------------

/// The pickup or delivery the submission names, with the facts to check it against.
struct Slot {
    pantry: Option<shopping::PantryFacts>,
    pickup: Option<crate::domain::pickup::PickupTime>,
    delivery: Option<shopping::DeliveryFacts>,
}

async fn submit_in(
    c: &DatabaseTransaction,
    user_id: Id,
    sub: &OrderSubmission,
    idem: Option<&Idempotency>,
    now: DateTime<Utc>,
) -> Step<Id> {
    lock_user(c, user_id).await?;
    if let Some(idem) = idem {
        match earlier_order(c, user_id, idem, now).await? {
            Some(Ok(id)) => return Ok(id),
            Some(Err(refused)) => return Err(Fail::Refused(refused)),
            None => release_expired_key(c, user_id, &idem.key, now).await?,
        }
    }
    let slot = Slot {
        pantry: match sub.pantry_location_id {
            Some(id) => shopping::pantry_facts(c, id).await?,
            None => None,
        },
        pickup: match sub.pickup_time_id {
            Some(id) => shopping::pickup_time(c, id).await?,
            None => None,
        },
        delivery: match sub.delivery_time_id {
            Some(id) => shopping::delivery_facts(c, id).await?,
            None => None,
        },
    };
    // Only a pickup (pantry + time) or a delivery (time alone) has a shop to load; any
    // other shape is refused by `check_order` before it looks at the shop.
    let shop = match (&slot.pantry, &slot.pickup, &slot.delivery) {
        (Some(p), Some(_), None) => shopping::pickup_shop(c, p, Some(user_id)).await?,
        (None, None, Some(d)) => shopping::delivery_shop(c, d, Some(user_id)).await?,
        _ => empty_shop(),
    };
    let grants = access_grants(c, user_id).await?;
    let cart: Vec<CartLine> =
        sub.items.iter().map(|i| CartLine { inventory_item_id: i.inventory_item_id, quantity: i.quantity }).collect();
    let stock = check(&slot, &cart, &shop, &grants, now)?;
    check_orders_per_period(c, user_id, &slot, shop.tz, now).await?;
    check_questions_answered(c, user_id, &slot, now).await?;

    let address = match &slot.delivery {
        Some(_) => {
            let id = sub.address_id.ok_or_else(|| rule(DELIVERY_ADDRESS_REQUIRED))?;
            Some((id, address_snapshot(c, user_id, id).await?.ok_or_else(|| not_found("Address"))?))
        }
        None => None,
    };

    let deltas: BTreeMap<Id, i64> = stock.iter().map(|l| (l.inventory_item_id, -l.quantity)).collect();
    move_stock(c, &deltas, now).await?;

    let food_bank_id = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => p.pantry.food_bank_id,
        (None, Some(d)) => d.time.food_bank_id,
        (None, None) => return Err(rule(messages::INVALID_PICKUP_TIME)),
    };
    let snapshot = match &address {
        Some((_, a)) => {
            Some(serde_json::to_value(a).map_err(|e| Fail::Store(StoreError::Db(DbErr::Json(e.to_string()))))?)
        }
        None => None,
    };
    let order_id = order::Entity::insert(order::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        food_bank_id: Set(food_bank_id),
        pantry_location_id: Set(slot.pantry.as_ref().map(|p| p.pantry.id)),
        pickup_time_id: Set(slot.pickup.as_ref().map(|t| t.id)),
        delivery_time_id: Set(slot.delivery.as_ref().map(|d| d.time.id)),
        saved_address_id: Set(address.as_ref().map(|(id, _)| *id)),
        delivery_address: Set(snapshot),
        status_type_id: Set(status::SUBMITTED),
        idempotency_key: Set(idem.map(|i| i.key.clone())),
        request_fingerprint: Set(idem.map(|i| i.fingerprint.clone())),
        created_at: Set(now),
        updated_at: Set(now),
        cancelled_at: Set(None),
    })
    .exec(c)
    .await?
    .last_insert_id;

    let rows = inventory_item::Entity::find()
        .filter(inventory_item::Column::Id.is_in(stock.iter().map(|l| l.inventory_item_id)))
        .all(c)
        .await?;
    let by_id: HashMap<Id, &inventory_item::Model> = rows.iter().map(|r| (r.id, r)).collect();
    let mut lines = Vec::with_capacity(stock.len());
    for l in &stock {
        let item = by_id.get(&l.inventory_item_id).ok_or_else(|| rule(messages::NO_AVAILABLE_STOCK))?;
        lines.push(order_item::ActiveModel {
            id: NotSet,
            order_id: Set(order_id),
            inventory_item_id: Set(item.id),
            pantry_item_id: Set(item.pantry_item_id),
            quantity: Set(i32::try_from(l.quantity).map_err(|_| rule(messages::INVENTORY_EXCEEDED))?),
            weight_pounds: Set(item.weight_pounds),
            is_substitute_ok: Set(sub
                .items
                .iter()
                .any(|i| i.inventory_item_id == l.inventory_item_id && i.is_substitute_ok)),
        });
    }
    order_item::Entity::insert_many(lines).exec(c).await?;
    Ok(order_id)
}

fn empty_shop() -> ShopFacts {
    ShopFacts {
        inventory: Vec::new(),
        past_orders: Vec::new(),
        order_limits: Vec::new(),
        tefap_eligible: false,
        tz: chrono_tz::UTC,
    }
}

/// The ORDER-type limits (orders per day/week/month/account at this pantry, program
/// or food bank), checked inside the submission transaction so two quick orders
/// cannot both slip under the limit.
async fn check_orders_per_period(
    c: &DatabaseTransaction,
    user_id: Id,
    slot: &Slot,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Step<()> {
    let site = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => OrderSite::Pickup(&p.pantry),
        (None, Some(d)) => OrderSite::Delivery(&d.time),
        (None, None) => return Ok(()),
    };
    let verdict = shopping::order_limit_check(c, user_id, site, tz, now).await?;
    if verdict.allowed { Ok(()) } else { Err(rule(&verdict.message)) }
}

/// The checkout's eligibility screening and survey (`domain::checkout_questions`), read in the
/// submission transaction: an order cannot skip what the checkout asks.
async fn check_questions_answered(c: &DatabaseTransaction, user_id: Id, slot: &Slot, now: DateTime<Utc>) -> Step<()> {
    let food_bank_id = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => p.pantry.food_bank_id,
        (None, Some(d)) => d.time.food_bank_id,
        (None, None) => return Ok(()),
    };
    let facts = survey::checkout_question_facts(c, user_id, food_bank_id).await?;
    match due_step(&facts, now) {
        Some(due) => Err(Fail::Refused(OrderRefused::Unanswered(due))),
        None => Ok(()),
    }
}

/// `domain::submission::check_order` over the loaded facts: the stock to take.
fn check(
    slot: &Slot,
    cart: &[CartLine],
    shop: &ShopFacts,
    grants: &AccessGrants,
    now: DateTime<Utc>,
) -> Step<Vec<CartLine>> {
    let request = OrderRequest {
        pantry: slot.pantry.as_ref().map(|p| &p.pantry),
        pickup_time: slot.pickup.as_ref(),
        delivery_time: slot.delivery.as_ref().map(|d| &d.time),
        cart,
        order_limits: &shop.order_limits,
        grants,
        shop: ShoppingContext {
            inventory: &shop.inventory,
            past_orders: &shop.past_orders,
            tefap_eligible: shop.tefap_eligible,
            now,
            tz: shop.tz,
        },
    };
    let mut stock = check_order(&request).map_err(refusal)?;
    stock.sort_by_key(|l| l.inventory_item_id);
    Ok(stock)
}

/// The user's saved address as the order keeps it; `None` if it is not theirs.
async fn address_snapshot<C: ConnectionTrait>(
    c: &C,
    user_id: Id,
    saved_id: Id,
) -> StoreResult<Option<DeliveryAddress>> {
    let Some(saved) =
        saved_address::Entity::find_by_id(saved_id).filter(saved_address::Column::UserId.eq(user_id)).one(c).await?
    else {
        return Ok(None);
    };
    let Some(a) = address::Entity::find_by_id(saved.address_id).one(c).await? else { return Ok(None) };
    let province =
        province::Entity::find_by_id(a.province_id).one(c).await?.map(|p| p.abbreviation).unwrap_or_default();
    Ok(Some(DeliveryAddress {
        name: saved.name,
        address: PostalAddress {
            address_line1: a.address_line1,
            address_line2: a.address_line2,
            city: a.city,
            province,
            postal_code: a.postal_code,
            country_code: Some(a.country_code),
        },
    }))
}

// ---- Cancel and changes -----------------------------------------------------------------

async fn cancel_in(c: &DatabaseTransaction, user_id: Id, order_id: Id, now: DateTime<Utc>) -> Step<Order> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    if !facts.can_change_or_cancel(now) {
        return Err(rule(ORDER_CANNOT_CHANGE));
    }
    // Conditional on the status read above, so a concurrent change cannot be cancelled twice.
    let updated = order::Entity::update_many()
        .col_expr(order::Column::StatusTypeId, Expr::value(status::CANCELLED))
        .col_expr(order::Column::CancelledAt, Expr::value(Some(now)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .filter(order::Column::StatusTypeId.eq(row.status_type_id))
        .exec(c)
        .await?;
    if updated.rows_affected != 1 {
        return Err(rule(ORDER_CANNOT_CHANGE));
    }
    let mut deltas = BTreeMap::new();
    for line in order_lines(c, row.id).await? {
        *deltas.entry(line.inventory_item_id).or_insert(0) += i64::from(line.quantity);
    }
    move_stock(c, &deltas, now).await?;
    view_in(c, row.id, now).await
}

async fn order_lines<C: ConnectionTrait>(c: &C, order_id: Id) -> StoreResult<Vec<order_item::Model>> {
    Ok(order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(order_id))
        .order_by_asc(order_item::Column::Id)
        .all(c)
        .await?)
}

async fn view_in(c: &DatabaseTransaction, order_id: Id, now: DateTime<Utc>) -> Step<Order> {
    let row = order::Entity::find_by_id(order_id).one(c).await?.ok_or_else(|| not_found("Order"))?;
    order_views(c, vec![row], now).await?.pop().ok_or_else(|| not_found("Order"))
}

/// The pickup order's pantry, if the order may still change.
async fn changeable_pickup(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    now: DateTime<Utc>,
) -> Step<(order::Model, Id)> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    let Some(pantry_id) = row.pantry_location_id.filter(|_| facts.pickup_time.is_some()) else {
        return Err(rule(NOT_A_PICKUP_ORDER));
    };
    if !facts.can_change_or_cancel(now) {
        return Err(rule(ORDER_CANNOT_CHANGE));
    }
    Ok((row, pantry_id))
}

async fn change_time_in(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    pickup_time_id: Id,
    now: DateTime<Utc>,
) -> Step<Order> {
    let (row, pantry_id) = changeable_pickup(c, user_id, order_id, now).await?;
    let pantry = shopping::pantry_facts(c, pantry_id).await?.ok_or_else(|| rule(messages::INVALID_PICKUP_TIME))?;
    let time = shopping::pickup_time(c, pickup_time_id)
        .await?
        .filter(|t| t.pantry_location_id == pantry_id)
        .ok_or_else(|| rule(messages::INVALID_PICKUP_TIME))?;
    if !time.is_valid(now, pantry.tz) {
        return Err(rule(messages::PICKUP_TIME_NO_LONGER_AVAILABLE));
    }
    let grants = access_grants(c, user_id).await?;
    check_pantry_access(&grants, &pantry.pantry).map_err(rule)?;
    order::Entity::update_many()
        .col_expr(order::Column::PickupTimeId, Expr::value(Some(time.id)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .exec(c)
        .await?;
    view_in(c, row.id, now).await
}

async fn change_delivery_in(
    c: &DatabaseTransaction,
    user_id: Id,
    order_id: Id,
    delivery_time_id: Id,
    now: DateTime<Utc>,
) -> Step<Order> {
    lock_user(c, user_id).await?;
    let (row, facts) = order_for_change(c, user_id, order_id).await?;
    let Some(current) = facts.delivery_time.as_ref().filter(|_| facts.pickup_time.is_none()) else {
        return Err(rule(NOT_A_DELIVERY_ORDER));
    };
    if !facts.can_change_or_cancel(now) {
        return Err(rule(ORDER_CANNOT_CHANGE));
    }
    let new = shopping::delivery_facts(c, delivery_time_id).await?.ok_or_else(|| not_found("Delivery time"))?;
    if new.time.food_bank_id != row.food_bank_id
        || new.time.entity_delivery_program_id != current.entity_delivery_program_id
    {
        return Err(rule(OTHER_DELIVERY_PROGRAM));
    }
    if !new.time.is_valid(now, new.tz) {
        return Err(rule(messages::DELIVERY_TIME_NO_LONGER_AVAILABLE));
    }
    let grants = access_grants(c, user_id).await?;
    if !delivery_allowed(&grants, row.food_bank_id) {
        return Err(rule(messages::NO_AVAILABLE_DELIVERY_TIMES));
    }
    order::Entity::update_many()
        .col_expr(order::Column::DeliveryTimeId, Expr::value(Some(new.time.id)))
        .col_expr(order::Column::UpdatedAt, Expr::value(now))
        .filter(order::Column::Id.eq(row.id))
        .exec(c)
        .await?;
    view_in(c, row.id, now).await
}

async fn change_location_in(
    c: &DatabaseTransaction,
    user_id: Id,
    change: &OrderLocationChange,
    now: DateTime<Utc>,
) -> Step<Order> {
    let (row, _) = changeable_pickup(c, user_id, change.order_id, now).await?;
    let pantry = shopping::pantry_facts(c, change.location_id).await?.ok_or_else(|| not_found("Pantry location"))?;
    if pantry.pantry.food_bank_id != row.food_bank_id {
        return Err(rule(OTHER_FOOD_BANK));
    }
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

// ---- Views ------------------------------------------------------------------------------

fn ids<T>(rows: &[T], f: impl Fn(&T) -> Option<Id>) -> Vec<Id> {
    let mut v: Vec<Id> = rows.iter().filter_map(f).collect();
    v.sort_unstable();
    v.dedup();
    v
}

async fn by_ids<E, C>(c: &C, column: E::Column, ids: Vec<Id>) -> StoreResult<Vec<E::Model>>
where
    E: EntityTrait,
    C: ConnectionTrait,
{
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    Ok(E::find().filter(column.is_in(ids)).all(c).await?)
}

/// Orders in the API's shape, in the order given.
async fn order_views<C: ConnectionTrait>(
    c: &C,
    rows: Vec<order::Model>,
    now: DateTime<Utc>,
) -> StoreResult<Vec<Order>> {
    let statuses: HashMap<Id, order_status_type::Model> =
        order_status_type::Entity::find().all(c).await?.into_iter().map(|s| (s.id, s)).collect();
    let pantries: HashMap<Id, pantry_location::Model> =
        by_ids::<pantry_location::Entity, _>(c, pantry_location::Column::Id, ids(&rows, |o| o.pantry_location_id))
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
    let pickups: HashMap<Id, pickup_time::Model> =
        by_ids::<pickup_time::Entity, _>(c, pickup_time::Column::Id, ids(&rows, |o| o.pickup_time_id))
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
    let deliveries: HashMap<Id, delivery_time::Model> =
        by_ids::<delivery_time::Entity, _>(c, delivery_time::Column::Id, ids(&rows, |o| o.delivery_time_id))
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect();
    let zones: HashMap<Id, Tz> =
        by_ids::<food_bank::Entity, _>(c, food_bank::Column::Id, ids(&rows, |o| Some(o.food_bank_id)))
            .await?
            .into_iter()
            .map(|b| (b.id, parse_tz(&b.time_zone)))
            .collect();
    let pantry_list: Vec<&pantry_location::Model> = pantries.values().collect();
    let addresses = addresses_by_id(c, ids(&pantry_list, |p| Some(p.address_id))).await?;

    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let pantry = row.pantry_location_id.and_then(|id| pantries.get(&id));
        let pickup = row.pickup_time_id.and_then(|id| pickups.get(&id)).cloned().map(to_pickup_time);
        let delivery = row.delivery_time_id.and_then(|id| deliveries.get(&id)).cloned().map(to_delivery_time);
        let zone = match (pantry, &pickup) {
            (Some(p), Some(_)) => parse_tz(&p.time_zone),
            _ => zones.get(&row.food_bank_id).copied().unwrap_or(chrono_tz::UTC),
        };
        let status = statuses.get(&row.status_type_id);
        let facts = OrderFacts {
            id: row.id,
            created: row.created_at,
            status: status.map_or(OrderStatus::Other, status_of),
            pickup_time: pickup.clone(),
            delivery_time: delivery.clone(),
            time_zone: zone,
        };
        let snapshot = row.delivery_address.clone().and_then(|v| match serde_json::from_value::<DeliveryAddress>(v) {
            Ok(a) => Some(a),
            Err(e) => {
                tracing::warn!(order = row.id, error = %e, "unreadable delivery address snapshot");
                None
            }
        });
        out.push(Order {
            id: row.id,
            created: row.created_at,
            food_bank_id: row.food_bank_id,
            pantry_location_id: row.pantry_location_id,
            pantry_location: pantry.and_then(|p| {
                Some(OrderPantryLocation {
                    id: p.id,
                    label: p.label.clone(),
                    food_bank_id: p.food_bank_id,
                    address_id: p.address_id,
                    address: addresses.get(&p.address_id)?.clone(),
                    is_restricted: p.is_restricted,
                    pickup_instructions: p.pickup_instructions.clone(),
                })
            }),
            pickup_time_id: row.pickup_time_id,
            pickup_time: pickup.as_ref().map(Into::into),
            delivery_time_id: row.delivery_time_id,
            delivery_time: delivery.as_ref().map(Into::into),
            address_id: row.saved_address_id,
            food_insecure_neighbor_address: snapshot,
            pantry_order_status_type: status.map_or_else(
                || OrderStatusType {
                    id: row.status_type_id,
                    name: String::new(),
                    is_successfully_completed_type: false,
                    is_cancelled_type: false,
                    is_in_progress_type: false,
                },
                |s| OrderStatusType {
                    id: s.id,
                    name: s.name.clone(),
                    is_successfully_completed_type: s.is_successfully_completed_type,
                    is_cancelled_type: s.is_cancelled_type,
                    is_in_progress_type: s.is_in_progress_type,
                },
            ),
            can_change_or_cancel: facts.can_change_or_cancel(now),
            is_upcoming: facts.is_upcoming(now),
        });
    }
    Ok(out)
}

async fn addresses_by_id<C: ConnectionTrait>(c: &C, address_ids: Vec<Id>) -> StoreResult<HashMap<Id, Address>> {
    let rows = by_ids::<address::Entity, _>(c, address::Column::Id, address_ids).await?;
    let provinces: HashMap<Id, String> =
        by_ids::<province::Entity, _>(c, province::Column::Id, ids(&rows, |a| Some(a.province_id)))
            .await?
            .into_iter()
            .map(|p| (p.id, p.abbreviation))
            .collect();
    let counties: HashMap<Id, String> = by_ids::<county::Entity, _>(c, county::Column::Id, ids(&rows, |a| a.county_id))
        .await?
        .into_iter()
        .map(|k| (k.id, k.name))
        .collect();
    Ok(rows
        .into_iter()
        .map(|a| {
            let county = a.county_id.and_then(|id| counties.get(&id).map(|name| CountyRef { id, name: name.clone() }));
            (
                a.id,
                Address {
                    id: a.id,
                    address_line1: a.address_line1,
                    address_line2: a.address_line2,
                    city: a.city,
                    province: provinces.get(&a.province_id).cloned().unwrap_or_default(),
                    postal_code: a.postal_code,
                    county,
                    latitude: a.latitude,
                    longitude: a.longitude,
                    country_code: a.country_code,
                },
            )
        })
        .collect())
}

async fn item_views<C: ConnectionTrait>(c: &C, order_id: Id) -> StoreResult<Vec<OrderItem>> {
    let lines = order_lines(c, order_id).await?;
    let product_ids = ids(&lines, |l| Some(l.pantry_item_id));
    let products: HashMap<Id, pantry_item::Model> =
        by_ids::<pantry_item::Entity, _>(c, pantry_item::Column::Id, product_ids.clone())
            .await?
            .into_iter()
            .map(|p| (p.id, p))
            .collect();
    let mut photos: HashMap<Id, Vec<AttachmentEntry>> = HashMap::new();
    if !product_ids.is_empty() {
        let rows = attachment::Entity::find()
            .filter(attachment::Column::PantryItemId.is_in(product_ids))
            .order_by_asc(attachment::Column::SequenceNumber)
            .order_by_asc(attachment::Column::Id)
            .all(c)
            .await?;
        for a in rows {
            if let Some(product) = a.pantry_item_id {
                photos.entry(product).or_default().push(AttachmentEntry {
                    sequence_number: a.sequence_number,
                    attachment: Attachment { id: a.id, storage_path: a.storage_path },
                });
            }
        }
    }
    Ok(lines
        .into_iter()
        .map(|l| {
            let product = products.get(&l.pantry_item_id);
            OrderItem {
                id: l.id,
                inventory_item_id: l.inventory_item_id,
                quantity: i64::from(l.quantity),
                is_substitute_ok: l.is_substitute_ok,
                pantry_inventory_item: OrderInventoryItem {
                    id: l.inventory_item_id,
                    pantry_item_id: l.pantry_item_id,
                    pantry_item: OrderPantryItem {
                        name: product.map(|p| p.name.clone()).unwrap_or_default(),
                        description: product.and_then(|p| p.description.clone()),
                    },
                    weight_pounds: l.weight_pounds,
                    attachment_collection: photos.get(&l.pantry_item_id).cloned().unwrap_or_default(),
                },
            }
        })
        .collect())
}

// ---- Test support -----------------------------------------------------------------------

/// Helpers for the integration tests (they have no other way into the database);
/// the server never calls them.
#[doc(hidden)]
impl Store {
    /// A shopper with no access grants, TEFAP eligibilities or orders; logs in with a token only.
    pub async fn test_shopper(&self, email: &str) -> StoreResult<Id> {
        let now = db_now();
        let row = user::Entity::insert(user::ActiveModel {
            id: NotSet,
            first_name: Set("Test".into()),
            last_name: Set("Shopper".into()),
            email: Set(email.into()),
            password_hash: Set("!".into()),
            phone_number: Set(None),
            postal_code: Set(Some("43215".into())),
            is_email_notification_enabled: Set(true),
            is_text_message_notification_enabled: Set(true),
            is_phone_call_notification_enabled: Set(true),
            default_food_bank_id: Set(None),
            is_tefap_survey_answered: Set(false),
            token_version: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            last_login_at: Set(None),
            language: Set(None),
        })
        .exec(&self.db)
        .await?;
        Ok(row.last_insert_id)
    }

    /// Stock of `quantity` at the pantry, of the product of `like` (an inventory item id) or
    /// of a new product without limits; returns the new inventory item id.
    pub async fn test_stock(&self, pantry_location_id: Id, quantity: i32, like: Option<Id>) -> StoreResult<Id> {
        let now = db_now();
        let product = match like {
            Some(item) => {
                inventory_item::Entity::find_by_id(item)
                    .one(&self.db)
                    .await?
                    .ok_or_else(|| StoreError::InvalidReference(format!("inventory item {item}")))?
                    .pantry_item_id
            }
            None => {
                pantry_item::Entity::insert(pantry_item::ActiveModel {
                    id: NotSet,
                    food_bank_id: Set(None),
                    name: Set(format!("Test Stock {}", uuid::Uuid::new_v4())),
                    description: Set(Some("Stock for tests".into())),
                    amount: Set(None),
                    each_quantity: Set(None),
                    unit_of_measure_id: Set(None),
                    donation_package_type_id: Set(None),
                    created_at: Set(now),
                })
                .exec(&self.db)
                .await?
                .last_insert_id
            }
        };
        let item = inventory_item::Entity::insert(inventory_item::ActiveModel {
            id: NotSet,
            pantry_item_id: Set(product),
            pantry_location_id: Set(Some(pantry_location_id)),
            food_bank_id: Set(None),
            delivery_program_id: Set(None),
            quantity: Set(quantity),
            weight_pounds: Set(1.5),
            source_code: Set(None),
            is_active: Set(true),
            created_at: Set(now),
            updated_at: Set(now),
        })
        .exec(&self.db)
        .await?;
        Ok(item.last_insert_id)
    }

    pub async fn test_user_id(&self, email: &str) -> StoreResult<Option<Id>> {
        Ok(user::Entity::find()
            .filter(user::Column::Email.eq(email))
            .select_only()
            .column(user::Column::Id)
            .into_tuple::<Id>()
            .one(&self.db)
            .await?)
    }

    pub async fn test_pantry_id(&self, label: &str) -> StoreResult<Option<Id>> {
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::Label.eq(label))
            .one(&self.db)
            .await?
            .map(|p| p.id))
    }

    /// The pantry's pickup times with their start, soonest first.
    pub async fn test_pickup_times(&self, pantry_location_id: Id) -> StoreResult<Vec<(Id, DateTime<Utc>)>> {
        Ok(pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry_location_id))
            .order_by_asc(pickup_time::Column::StartAt)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.start_at))
            .collect())
    }

    /// Every delivery window: (id, program id, start), soonest first.
    pub async fn test_delivery_times(&self) -> StoreResult<Vec<(Id, Id, DateTime<Utc>)>> {
        Ok(delivery_time::Entity::find()
            .order_by_asc(delivery_time::Column::StartAt)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.delivery_program_id, t.start_at))
            .collect())
    }

    /// Stock at a pantry (or, for `None`, delivery stock): (id, product name, quantity,
    /// source code, delivery program id).
    #[allow(clippy::type_complexity)]
    pub async fn test_inventory(
        &self,
        pantry_location_id: Option<Id>,
    ) -> StoreResult<Vec<(Id, String, i64, Option<String>, Option<Id>)>> {
        let rows = inventory_item::Entity::find()
            .filter(match pantry_location_id {
                Some(p) => inventory_item::Column::PantryLocationId.eq(p),
                None => inventory_item::Column::FoodBankId.is_not_null(),
            })
            .order_by_asc(inventory_item::Column::Id)
            .all(&self.db)
            .await?;
        let names: HashMap<Id, String> =
            by_ids::<pantry_item::Entity, _>(&self.db, pantry_item::Column::Id, ids(&rows, |r| Some(r.pantry_item_id)))
                .await?
                .into_iter()
                .map(|p| (p.id, p.name))
                .collect();
        Ok(rows
            .into_iter()
            .map(|r| {
                let name = names.get(&r.pantry_item_id).cloned().unwrap_or_default();
                (r.id, name, i64::from(r.quantity), r.source_code, r.delivery_program_id)
            })
            .collect())
    }

    /// An inventory item's quantity on hand.
    pub async fn test_inventory_quantity(&self, inventory_item_id: Id) -> StoreResult<Option<i64>> {
        Ok(inventory_item::Entity::find_by_id(inventory_item_id).one(&self.db).await?.map(|i| i64::from(i.quantity)))
    }

    /// How many orders and order lines exist, all users together.
    pub async fn test_order_counts(&self) -> StoreResult<(u64, u64)> {
        use sea_orm::PaginatorTrait;
        Ok((order::Entity::find().count(&self.db).await?, order_item::Entity::find().count(&self.db).await?))
    }

    /// Sets an order's status (to make it completed for a test).
    pub async fn test_set_order_status(&self, order_id: Id, status_type_id: Id) -> StoreResult<()> {
        order::Entity::update_many()
            .col_expr(order::Column::StatusTypeId, Expr::value(status_type_id))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
