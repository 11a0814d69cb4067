//! The facts the shopping rules read (inventory lines, past orders, limits, the
//! pantry or delivery time and its zone), loaded through any connection so order
//! submission can read them inside its own write transaction.
//!
//! For an order: [`pantry_facts`] + [`pickup_time`] (or [`delivery_facts`]), then
//! [`pickup_shop`] (or [`delivery_shop`]) for `domain::cart::ShoppingContext` and the
//! order-size limits, and [`pickup_order_limits`] (or [`delivery_order_limits`]) for
//! `domain::order_limits::check_order_limits` (orders per period).
use super::{Store, StoreResult};
use crate::{
    db::entity::{
        address, delivery_program, delivery_time, food_bank, inventory_item, limit, order, order_item,
        order_status_type, pantry_location, pickup_time, province, tefap_eligibility,
    },
    domain::order_limits::{OrderLimitCheck, ScopedOrderLimit, check_order_limits},
    domain::{
        Id,
        access::Pantry,
        delivery::DeliveryTime,
        inventory::InventoryLine,
        limits::{Limit, LimitKind, LimitScope, PastOrder, PastOrderLine},
        pickup::PickupTime,
        tefap::{TefapArea, TefapEligibility, is_tefap_eligible},
    },
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

/// An active pantry of an enabled food bank, as the rules see it.
#[derive(Debug, Clone, PartialEq)]
pub struct PantryFacts {
    pub pantry: Pantry,
    pub tz: Tz,
    /// The food bank's state abbreviation.
    pub province_abbreviation: Option<String>,
    /// County and zip of the pantry's address.
    pub county_id: Option<Id>,
    pub postal_code: Option<String>,
}

impl PantryFacts {
    pub fn tefap_area(&self) -> TefapArea {
        TefapArea::pickup(
            self.pantry.food_bank_id,
            self.province_abbreviation.clone(),
            self.county_id,
            self.postal_code.clone(),
        )
    }
}

/// A delivery window of an active program of an enabled food bank.
#[derive(Debug, Clone, PartialEq)]
pub struct DeliveryFacts {
    pub time: DeliveryTime,
    /// The food bank's zone, which the window is written in.
    pub tz: Tz,
    pub province_abbreviation: Option<String>,
    /// The food bank's address zip.
    pub postal_code: Option<String>,
}

impl DeliveryFacts {
    pub fn tefap_area(&self) -> TefapArea {
        TefapArea::delivery(self.time.food_bank_id, self.province_abbreviation.clone(), self.postal_code.clone())
    }
}

/// Everything `domain::cart::ShoppingContext` and `domain::submission::OrderRequest`
/// need besides the cart and `now`.
#[derive(Debug, Clone, PartialEq)]
pub struct ShopFacts {
    pub inventory: Vec<InventoryLine>,
    /// The shopper's orders at the food bank (empty for a visitor).
    pub past_orders: Vec<PastOrder>,
    /// ITEM-type limits of the pantry (or delivery program) and its food bank.
    pub order_limits: Vec<Limit>,
    pub tefap_eligible: bool,
    pub tz: Tz,
}

pub(super) fn parse_tz(name: &str) -> Tz {
    name.parse().unwrap_or_else(|_| {
        tracing::warn!(zone = name, "unknown time zone in the database; using UTC");
        chrono_tz::UTC
    })
}

async fn province_abbreviation<C: ConnectionTrait>(
    conn: &C,
    address_id: i64,
) -> StoreResult<(Option<String>, Option<address::Model>)> {
    let Some(addr) = address::Entity::find_by_id(address_id).one(conn).await? else {
        return Ok((None, None));
    };
    let abbreviation = province::Entity::find_by_id(addr.province_id).one(conn).await?.map(|p| p.abbreviation);
    Ok((abbreviation, Some(addr)))
}

/// The pantry, if it is active and its food bank enabled.
pub async fn pantry_facts<C: ConnectionTrait>(conn: &C, pantry_id: Id) -> StoreResult<Option<PantryFacts>> {
    let Some(p) = pantry_location::Entity::find_by_id(pantry_id).one(conn).await? else { return Ok(None) };
    let Some(bank) = food_bank::Entity::find_by_id(p.food_bank_id).one(conn).await? else { return Ok(None) };
    if !p.is_active || !bank.is_enabled {
        return Ok(None);
    }
    let (province_abbreviation, _) = province_abbreviation(conn, bank.address_id).await?;
    let pantry_address = address::Entity::find_by_id(p.address_id).one(conn).await?;
    Ok(Some(PantryFacts {
        pantry: Pantry { id: p.id, label: p.label, food_bank_id: p.food_bank_id, is_restricted: p.is_restricted },
        tz: parse_tz(&p.time_zone),
        province_abbreviation,
        county_id: pantry_address.as_ref().and_then(|a| a.county_id),
        postal_code: pantry_address.map(|a| a.postal_code),
    }))
}

pub(super) fn to_pickup_time(t: pickup_time::Model) -> PickupTime {
    PickupTime {
        id: t.id,
        pantry_location_id: t.pantry_location_id,
        pickup_day: t.pickup_day,
        pickup_start_time: t.pickup_start_time,
        pickup_end_time: t.pickup_end_time,
    }
}

pub(super) fn to_delivery_time(t: delivery_time::Model) -> DeliveryTime {
    DeliveryTime {
        id: t.id,
        food_bank_id: t.food_bank_id,
        entity_delivery_program_id: t.delivery_program_id,
        delivery_day: t.delivery_day,
        delivery_start_time: t.delivery_start_time,
        delivery_end_time: t.delivery_end_time,
    }
}

/// One pickup time by id, whichever pantry it belongs to (callers compare
/// `pantry_location_id`), valid or not (callers ask `domain::pickup`).
pub async fn pickup_time<C: ConnectionTrait>(conn: &C, pickup_time_id: Id) -> StoreResult<Option<PickupTime>> {
    Ok(pickup_time::Entity::find_by_id(pickup_time_id).one(conn).await?.map(to_pickup_time))
}

/// Pickup times of these pantries starting after `since`, soonest first. `since` is only
/// a cheap SQL cut: callers still keep the valid ones with `domain::pickup`.
pub async fn pickup_times_of<C: ConnectionTrait>(
    conn: &C,
    pantry_ids: &[Id],
    since: DateTime<Utc>,
) -> StoreResult<Vec<PickupTime>> {
    if pantry_ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows = pickup_time::Entity::find()
        .filter(pickup_time::Column::PantryLocationId.is_in(pantry_ids.iter().copied()))
        .filter(pickup_time::Column::StartAt.gt(since))
        .order_by_asc(pickup_time::Column::StartAt)
        .order_by_asc(pickup_time::Column::Id)
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(to_pickup_time).collect())
}

/// One delivery window by id, if its program is active and its food bank enabled.
pub async fn delivery_facts<C: ConnectionTrait>(conn: &C, delivery_time_id: Id) -> StoreResult<Option<DeliveryFacts>> {
    let Some(t) = delivery_time::Entity::find_by_id(delivery_time_id).one(conn).await? else { return Ok(None) };
    let Some(program) = delivery_program::Entity::find_by_id(t.delivery_program_id).one(conn).await? else {
        return Ok(None);
    };
    let Some(bank) = food_bank::Entity::find_by_id(t.food_bank_id).one(conn).await? else { return Ok(None) };
    if !program.is_active || !bank.is_enabled {
        return Ok(None);
    }
    let (province_abbreviation, bank_address) = province_abbreviation(conn, bank.address_id).await?;
    Ok(Some(DeliveryFacts {
        time: to_delivery_time(t),
        tz: parse_tz(&bank.time_zone),
        province_abbreviation,
        postal_code: bank_address.map(|a| a.postal_code),
    }))
}

/// A stored limit as the `/limits` calls and the shop's items list it: its codes as stored,
/// kept even when the rules cannot read them (those have no [`Limit`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitRow {
    pub id: Id,
    pub value: i32,
    pub time_scope_amount: i32,
    pub time_scope_code: String,
    pub limit_type_code: String,
}

pub(super) fn limit_row(l: &limit::Model) -> LimitRow {
    LimitRow {
        id: l.id,
        value: l.value,
        time_scope_amount: l.time_scope_amount,
        time_scope_code: l.time_scope_code.clone(),
        limit_type_code: l.limit_type_code.clone(),
    }
}

pub(super) fn limit_domain(l: &limit::Model) -> Option<Limit> {
    Some(Limit {
        value: i64::from(l.value),
        scope_amount: i64::from(l.time_scope_amount),
        scope: LimitScope::from_code(&l.time_scope_code)?,
        kind: LimitKind::from_code(&l.limit_type_code),
    })
}

/// Limits on products and on inventory items, keyed by owner id.
pub(super) struct ItemLimitRows {
    pub by_product: HashMap<Id, Vec<limit::Model>>,
    pub by_item: HashMap<Id, Vec<limit::Model>>,
}

pub(super) async fn item_limit_rows<C: ConnectionTrait>(
    conn: &C,
    item_ids: &[Id],
    product_ids: &[Id],
) -> StoreResult<ItemLimitRows> {
    let mut out = ItemLimitRows { by_product: HashMap::new(), by_item: HashMap::new() };
    if item_ids.is_empty() {
        return Ok(out);
    }
    let mut products = product_ids.to_vec();
    products.sort_unstable();
    products.dedup();
    let rows = limit::Entity::find()
        .filter(
            Condition::any()
                .add(limit::Column::InventoryItemId.is_in(item_ids.iter().copied()))
                .add(limit::Column::PantryItemId.is_in(products)),
        )
        .order_by_asc(limit::Column::Id)
        .all(conn)
        .await?;
    for row in rows {
        if let Some(item) = row.inventory_item_id {
            out.by_item.entry(item).or_default().push(row);
        } else if let Some(product) = row.pantry_item_id {
            out.by_product.entry(product).or_default().push(row);
        }
    }
    Ok(out)
}

/// The active stock rows at a pantry, in id order.
pub(super) fn pantry_stock_filter(pantry_id: Id) -> Condition {
    Condition::all()
        .add(inventory_item::Column::PantryLocationId.eq(pantry_id))
        .add(inventory_item::Column::IsActive.eq(true))
}

/// The active delivery stock of a program: its own rows and the food bank's rows
/// that are not tied to one program.
pub(super) fn delivery_stock_filter(food_bank_id: Id, program_id: Id) -> Condition {
    Condition::all()
        .add(inventory_item::Column::FoodBankId.eq(food_bank_id))
        .add(inventory_item::Column::IsActive.eq(true))
        .add(
            Condition::any()
                .add(inventory_item::Column::DeliveryProgramId.eq(program_id))
                .add(inventory_item::Column::DeliveryProgramId.is_null()),
        )
}

impl ItemLimitRows {
    fn of_product(&self, product_id: Id) -> impl Iterator<Item = &limit::Model> {
        self.by_product.get(&product_id).into_iter().flatten()
    }

    fn of_item(&self, item_id: Id) -> impl Iterator<Item = &limit::Model> {
        self.by_item.get(&item_id).into_iter().flatten()
    }

    pub(super) fn product_rows(&self, product_id: Id) -> Vec<LimitRow> {
        self.of_product(product_id).map(limit_row).collect()
    }

    pub(super) fn item_rows(&self, item_id: Id) -> Vec<LimitRow> {
        self.of_item(item_id).map(limit_row).collect()
    }
}

/// The facts the rules read of one stock row: its product's limits, then its own.
pub(super) fn inventory_line(r: &inventory_item::Model, limits: &ItemLimitRows) -> InventoryLine {
    InventoryLine {
        id: r.id,
        pantry_item_id: r.pantry_item_id,
        quantity: i64::from(r.quantity),
        limits: limits.of_product(r.pantry_item_id).chain(limits.of_item(r.id)).filter_map(limit_domain).collect(),
        source_code: r.source_code.clone(),
    }
}

async fn inventory_lines<C: ConnectionTrait>(conn: &C, filter: Condition) -> StoreResult<Vec<InventoryLine>> {
    let rows = inventory_item::Entity::find().filter(filter).order_by_asc(inventory_item::Column::Id).all(conn).await?;
    let item_ids: Vec<Id> = rows.iter().map(|r| r.id).collect();
    let product_ids: Vec<Id> = rows.iter().map(|r| r.pantry_item_id).collect();
    let limits = item_limit_rows(conn, &item_ids, &product_ids).await?;
    Ok(rows.iter().map(|r| inventory_line(r, &limits)).collect())
}

/// The pantry's inventory with each line's product and item limits.
pub async fn pantry_inventory<C: ConnectionTrait>(conn: &C, pantry_id: Id) -> StoreResult<Vec<InventoryLine>> {
    inventory_lines(conn, pantry_stock_filter(pantry_id)).await
}

/// The inventory a delivery window offers (its program's and the food bank's shared stock).
pub async fn delivery_inventory<C: ConnectionTrait>(conn: &C, time: &DeliveryTime) -> StoreResult<Vec<InventoryLine>> {
    inventory_lines(conn, delivery_stock_filter(time.food_bank_id, time.entity_delivery_program_id)).await
}

/// The user's orders at any pantry or delivery program of the food bank, cancelled ones
/// flagged: product limits count per product across the food bank.
pub async fn past_orders<C: ConnectionTrait>(conn: &C, user_id: Id, food_bank_id: Id) -> StoreResult<Vec<PastOrder>> {
    let orders = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::FoodBankId.eq(food_bank_id))
        .order_by_asc(order::Column::CreatedAt)
        .order_by_asc(order::Column::Id)
        .all(conn)
        .await?;
    past_orders_of(conn, orders).await
}

pub(super) async fn past_orders_of<C: ConnectionTrait>(
    conn: &C,
    orders: Vec<order::Model>,
) -> StoreResult<Vec<PastOrder>> {
    if orders.is_empty() {
        return Ok(Vec::new());
    }
    let cancelled: Vec<Id> = order_status_type::Entity::find()
        .filter(order_status_type::Column::IsCancelledType.eq(true))
        .all(conn)
        .await?
        .into_iter()
        .map(|s| s.id)
        .collect();
    let lines = order_item::Entity::find()
        .filter(order_item::Column::OrderId.is_in(orders.iter().map(|o| o.id)))
        .order_by_asc(order_item::Column::Id)
        .all(conn)
        .await?;
    let mut by_order: HashMap<Id, Vec<PastOrderLine>> = HashMap::new();
    for l in lines {
        by_order
            .entry(l.order_id)
            .or_default()
            .push(PastOrderLine { pantry_item_id: l.pantry_item_id, quantity: i64::from(l.quantity) });
    }
    Ok(orders
        .into_iter()
        .map(|o| PastOrder {
            id: o.id,
            created: o.created_at,
            is_cancelled: cancelled.contains(&o.status_type_id),
            lines: by_order.remove(&o.id).unwrap_or_default(),
        })
        .collect())
}

/// Every limit set on the pantry or on its food bank (ITEM and ORDER types), in id order.
async fn pantry_limit_models<C: ConnectionTrait>(
    conn: &C,
    pantry_id: Id,
    food_bank_id: Id,
) -> StoreResult<Vec<limit::Model>> {
    Ok(limit::Entity::find()
        .filter(
            Condition::any()
                .add(limit::Column::PantryLocationId.eq(pantry_id))
                .add(limit::Column::FoodBankId.eq(food_bank_id)),
        )
        .order_by_asc(limit::Column::Id)
        .all(conn)
        .await?)
}

/// Every limit set on the delivery program or on its food bank, in id order.
async fn delivery_limit_models<C: ConnectionTrait>(conn: &C, time: &DeliveryTime) -> StoreResult<Vec<limit::Model>> {
    Ok(limit::Entity::find()
        .filter(
            Condition::any()
                .add(limit::Column::DeliveryProgramId.eq(time.entity_delivery_program_id))
                .add(limit::Column::FoodBankId.eq(time.food_bank_id)),
        )
        .order_by_asc(limit::Column::Id)
        .all(conn)
        .await?)
}

fn item_type_only(rows: &[limit::Model]) -> Vec<Limit> {
    rows.iter().filter_map(limit_domain).filter(|l| l.kind == LimitKind::Item).collect()
}

/// The ITEM-type (order size) limits at a pantry.
pub async fn pantry_order_size_limits<C: ConnectionTrait>(
    conn: &C,
    pantry_id: Id,
    food_bank_id: Id,
) -> StoreResult<Vec<Limit>> {
    Ok(item_type_only(&pantry_limit_models(conn, pantry_id, food_bank_id).await?))
}

/// The ITEM-type (order size) limits of a delivery window.
pub async fn delivery_order_size_limits<C: ConnectionTrait>(conn: &C, time: &DeliveryTime) -> StoreResult<Vec<Limit>> {
    Ok(item_type_only(&delivery_limit_models(conn, time).await?))
}

/// The user's stored TEFAP eligibilities, with province abbreviations.
pub async fn tefap_eligibilities<C: ConnectionTrait>(conn: &C, user_id: Id) -> StoreResult<Vec<TefapEligibility>> {
    let rows = tefap_eligibility::Entity::find()
        .filter(tefap_eligibility::Column::UserId.eq(user_id))
        .order_by_asc(tefap_eligibility::Column::Id)
        .all(conn)
        .await?;
    let province_ids: Vec<Id> = rows.iter().filter_map(|r| r.province_id).collect();
    let provinces: HashMap<Id, String> = if province_ids.is_empty() {
        HashMap::new()
    } else {
        province::Entity::find()
            .filter(province::Column::Id.is_in(province_ids))
            .all(conn)
            .await?
            .into_iter()
            .map(|p| (p.id, p.abbreviation))
            .collect()
    };
    Ok(rows
        .into_iter()
        .map(|r| TefapEligibility {
            province_abbreviation: r.province_id.and_then(|id| provinces.get(&id).cloned()),
            food_bank_id: r.food_bank_id,
            county_id: r.county_id,
            postal_code: r.postal_code,
        })
        .collect())
}

/// Whether the user (None: a visitor, never eligible) may see TEFAP items in `area`.
pub async fn tefap_eligible<C: ConnectionTrait>(conn: &C, user_id: Option<Id>, area: &TefapArea) -> StoreResult<bool> {
    match user_id {
        None => Ok(false),
        Some(user) => Ok(is_tefap_eligible(&tefap_eligibilities(conn, user).await?, area)),
    }
}

/// The facts for shopping at a pantry, as `user_id` (None: a visitor).
pub async fn pickup_shop<C: ConnectionTrait>(
    conn: &C,
    pantry: &PantryFacts,
    user_id: Option<Id>,
) -> StoreResult<ShopFacts> {
    let food_bank_id = pantry.pantry.food_bank_id;
    Ok(ShopFacts {
        inventory: pantry_inventory(conn, pantry.pantry.id).await?,
        past_orders: match user_id {
            Some(u) => past_orders(conn, u, food_bank_id).await?,
            None => Vec::new(),
        },
        order_limits: pantry_order_size_limits(conn, pantry.pantry.id, food_bank_id).await?,
        tefap_eligible: tefap_eligible(conn, user_id, &pantry.tefap_area()).await?,
        tz: pantry.tz,
    })
}

/// The facts for ordering delivery in a window, as `user_id` (None: a visitor).
pub async fn delivery_shop<C: ConnectionTrait>(
    conn: &C,
    delivery: &DeliveryFacts,
    user_id: Option<Id>,
) -> StoreResult<ShopFacts> {
    Ok(ShopFacts {
        inventory: delivery_inventory(conn, &delivery.time).await?,
        past_orders: match user_id {
            Some(u) => past_orders(conn, u, delivery.time.food_bank_id).await?,
            None => Vec::new(),
        },
        order_limits: delivery_order_size_limits(conn, &delivery.time).await?,
        tefap_eligible: tefap_eligible(conn, user_id, &delivery.tefap_area()).await?,
        tz: delivery.tz,
    })
}

/// The user's non-cancelled orders matching `scope`, by creation time.
async fn order_times<C: ConnectionTrait>(conn: &C, user_id: Id, scope: Condition) -> StoreResult<Vec<DateTime<Utc>>> {
    let cancelled: Vec<Id> = order_status_type::Entity::find()
        .filter(order_status_type::Column::IsCancelledType.eq(true))
        .all(conn)
        .await?
        .into_iter()
        .map(|s| s.id)
        .collect();
    let rows = order::Entity::find()
        .filter(order::Column::UserId.eq(user_id))
        .filter(order::Column::StatusTypeId.is_not_in(cancelled))
        .filter(scope)
        .order_by_asc(order::Column::CreatedAt)
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(|o| o.created_at).collect())
}

/// ORDER-type limits matching `owners`, each with the orders it counts: a pantry's
/// limit counts orders at that pantry, a food bank's every order there, a delivery
/// program's the orders in its windows.
async fn scoped_order_limits<C: ConnectionTrait>(
    conn: &C,
    user_id: Id,
    owners: Condition,
) -> StoreResult<Vec<ScopedOrderLimit>> {
    let rows = limit::Entity::find()
        .filter(limit::Column::LimitTypeCode.eq(crate::domain::limits::LimitType::Order.code()))
        .filter(owners)
        .order_by_asc(limit::Column::Id)
        .all(conn)
        .await?;
    let mut out = Vec::new();
    for row in rows {
        let Some(limit) = limit_domain(&row) else { continue };
        let scope = if let Some(p) = row.pantry_location_id {
            Condition::all().add(order::Column::PantryLocationId.eq(p))
        } else if let Some(f) = row.food_bank_id {
            Condition::all().add(order::Column::FoodBankId.eq(f))
        } else if let Some(program) = row.delivery_program_id {
            let windows = delivery_time::Entity::find()
                .filter(delivery_time::Column::DeliveryProgramId.eq(program))
                .all(conn)
                .await?
                .into_iter()
                .map(|t| t.id);
            Condition::all().add(order::Column::DeliveryTimeId.is_in(windows))
        } else {
            continue;
        };
        out.push(ScopedOrderLimit { limit, orders: order_times(conn, user_id, scope).await? });
    }
    Ok(out)
}

/// Orders-per-period limits for ordering at a pantry: the pantry's and its food bank's.
pub async fn pickup_order_limits<C: ConnectionTrait>(
    conn: &C,
    user_id: Id,
    pantry: &Pantry,
) -> StoreResult<Vec<ScopedOrderLimit>> {
    let owners = Condition::any()
        .add(limit::Column::PantryLocationId.eq(pantry.id))
        .add(limit::Column::FoodBankId.eq(pantry.food_bank_id));
    scoped_order_limits(conn, user_id, owners).await
}

/// Orders-per-period limits for ordering delivery: the program's and its food bank's.
pub async fn delivery_order_limits<C: ConnectionTrait>(
    conn: &C,
    user_id: Id,
    time: &DeliveryTime,
) -> StoreResult<Vec<ScopedOrderLimit>> {
    let owners = Condition::any()
        .add(limit::Column::DeliveryProgramId.eq(time.entity_delivery_program_id))
        .add(limit::Column::FoodBankId.eq(time.food_bank_id));
    scoped_order_limits(conn, user_id, owners).await
}

/// A past order with the ids the app's own limit counting reads (`GET /limits/.../orders`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitOrderRow {
    pub id: Id,
    pub created: DateTime<Utc>,
    pub food_bank_id: Id,
    pub pantry_location_id: Option<Id>,
    pub pickup_time_id: Option<Id>,
    pub delivery_time_id: Option<Id>,
    pub lines: Vec<LimitOrderLine>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitOrderLine {
    pub pantry_item_id: Id,
    pub inventory_item_id: Id,
    pub quantity: i32,
}

/// Where an order would be placed, for the orders-per-period check.
#[derive(Debug, Clone, Copy)]
pub enum OrderSite<'a> {
    Pickup(&'a Pantry),
    Delivery(&'a DeliveryTime),
}

/// Whether the user may place another order at `site` now (orders-per-period limits of the
/// pantry or delivery program and of the food bank). The one home of the rule: Place Order
/// asks it inside its transaction, the checkout's pre-check (`/limits/.../check`) before.
pub async fn order_limit_check<C: ConnectionTrait>(
    conn: &C,
    user_id: Id,
    site: OrderSite<'_>,
    tz: Tz,
    now: DateTime<Utc>,
) -> StoreResult<OrderLimitCheck> {
    let limits = match site {
        OrderSite::Pickup(pantry) => pickup_order_limits(conn, user_id, pantry).await?,
        OrderSite::Delivery(time) => delivery_order_limits(conn, user_id, time).await?,
    };
    Ok(check_order_limits(&limits, now, tz))
}

/// Orders-per-period limits of the food bank itself.
pub async fn food_bank_order_limits<C: ConnectionTrait>(
    conn: &C,
    user_id: Id,
    food_bank_id: Id,
) -> StoreResult<Vec<ScopedOrderLimit>> {
    scoped_order_limits(conn, user_id, Condition::all().add(limit::Column::FoodBankId.eq(food_bank_id))).await
}

/// The same loaders on the store's own connection, for read-only handlers.
impl Store {
    pub async fn pantry_facts(&self, pantry_id: Id) -> StoreResult<Option<PantryFacts>> {
        pantry_facts(&self.db, pantry_id).await
    }

    pub async fn delivery_facts(&self, delivery_time_id: Id) -> StoreResult<Option<DeliveryFacts>> {
        delivery_facts(&self.db, delivery_time_id).await
    }

    pub async fn pickup_shop(&self, pantry: &PantryFacts, user_id: Option<Id>) -> StoreResult<ShopFacts> {
        pickup_shop(&self.db, pantry, user_id).await
    }

    pub async fn delivery_shop(&self, delivery: &DeliveryFacts, user_id: Option<Id>) -> StoreResult<ShopFacts> {
        delivery_shop(&self.db, delivery, user_id).await
    }

    /// Every limit set on the pantry or on its food bank, as stored, in id order.
    pub async fn pantry_limits(&self, pantry: &Pantry) -> StoreResult<Vec<LimitRow>> {
        Ok(pantry_limit_models(&self.db, pantry.id, pantry.food_bank_id).await?.iter().map(limit_row).collect())
    }

    /// Every limit set on the delivery program or on its food bank, as stored, in id order.
    pub async fn delivery_limits(&self, time: &DeliveryTime) -> StoreResult<Vec<LimitRow>> {
        Ok(delivery_limit_models(&self.db, time).await?.iter().map(limit_row).collect())
    }

    /// The ITEM-type (order size) limits at a pantry.
    pub async fn pantry_order_size_limits(&self, pantry: &Pantry) -> StoreResult<Vec<Limit>> {
        pantry_order_size_limits(&self.db, pantry.id, pantry.food_bank_id).await
    }

    /// The ITEM-type (order size) limits of a delivery window.
    pub async fn delivery_order_size_limits(&self, time: &DeliveryTime) -> StoreResult<Vec<Limit>> {
        delivery_order_size_limits(&self.db, time).await
    }

    pub async fn order_limit_check(
        &self,
        user_id: Id,
        site: OrderSite<'_>,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> StoreResult<OrderLimitCheck> {
        order_limit_check(&self.db, user_id, site, tz, now).await
    }

    pub async fn food_bank_order_limits(&self, user_id: Id, food_bank_id: Id) -> StoreResult<Vec<ScopedOrderLimit>> {
        food_bank_order_limits(&self.db, user_id, food_bank_id).await
    }

    pub async fn tefap_eligible(&self, user_id: Option<Id>, area: &TefapArea) -> StoreResult<bool> {
        tefap_eligible(&self.db, user_id, area).await
    }

    pub async fn past_orders(&self, user_id: Id, food_bank_id: Id) -> StoreResult<Vec<PastOrder>> {
        past_orders(&self.db, user_id, food_bank_id).await
    }

    /// The user's non-cancelled orders at a pantry (`Some`) or a whole food bank, newest first.
    pub async fn limit_orders(
        &self,
        user_id: Id,
        pantry_id: Option<Id>,
        food_bank_id: Option<Id>,
    ) -> StoreResult<Vec<LimitOrderRow>> {
        let cancelled: Vec<Id> = order_status_type::Entity::find()
            .filter(order_status_type::Column::IsCancelledType.eq(true))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|s| s.id)
            .collect();
        let mut query = order::Entity::find()
            .filter(order::Column::UserId.eq(user_id))
            .filter(order::Column::StatusTypeId.is_not_in(cancelled));
        if let Some(p) = pantry_id {
            query = query.filter(order::Column::PantryLocationId.eq(p));
        }
        if let Some(f) = food_bank_id {
            query = query.filter(order::Column::FoodBankId.eq(f));
        }
        let orders =
            query.order_by_desc(order::Column::CreatedAt).order_by_desc(order::Column::Id).all(&self.db).await?;
        if orders.is_empty() {
            return Ok(Vec::new());
        }
        let mut lines: HashMap<Id, Vec<LimitOrderLine>> = HashMap::new();
        for l in order_item::Entity::find()
            .filter(order_item::Column::OrderId.is_in(orders.iter().map(|o| o.id)))
            .order_by_asc(order_item::Column::Id)
            .all(&self.db)
            .await?
        {
            lines.entry(l.order_id).or_default().push(LimitOrderLine {
                pantry_item_id: l.pantry_item_id,
                inventory_item_id: l.inventory_item_id,
                quantity: l.quantity,
            });
        }
        Ok(orders
            .into_iter()
            .map(|o| LimitOrderRow {
                id: o.id,
                created: o.created_at,
                food_bank_id: o.food_bank_id,
                pantry_location_id: o.pantry_location_id,
                pickup_time_id: o.pickup_time_id,
                delivery_time_id: o.delivery_time_id,
                lines: lines.remove(&o.id).unwrap_or_default(),
            })
            .collect())
    }
}
