//! The facts the shopping rules read (inventory lines, past orders, limits, the
//! pantry or delivery time and its zone), on the pool or inside a service's write transaction
//! (`Store<C>`), so order submission reads them where it writes.
//!
//! For an order: `pantry_facts` + `pickup_time` (or `delivery_facts`) make the [`SiteFacts`], then
//! `shop` reads what `domain::cart::ShoppingContext` and the order-size limits need, and
//! `order_limits` what `domain::order_limits::check_order_limits` (orders per period) needs.
//! Pickup and delivery differ only in the site: which stock, which limits, which zone.
use super::{Store, StoreResult, param, schedules::NOT_CLOSED};
use crate::{
    db::entity::{
        address, delivery_program, delivery_time, food_bank, household, inventory_item, limit, order, order_item,
        pickup_time, province, tefap_eligibility, user, visit, visit_line,
    },
    domain::order_limits::ScopedOrderLimit,
    domain::orders::{OrderStatus, StatusType},
    domain::seats::Seats,
    domain::{
        Id,
        access::Pantry,
        delivery::DeliveryTime,
        inventory::InventoryLine,
        limits::{Limit, LimitKind, LimitScope, PastOrder, PastOrderLine},
        pickup::PickupTime,
        tefap::{TefapArea, TefapEligibility, decided_since, is_tefap_eligible},
    },
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect,
    Statement, sea_query::Expr,
};
use std::collections::{HashMap, HashSet};

mod limits;
pub use limits::*;

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

/// Where a shop is, with what the rules read of it: a pantry (pickup) or a delivery window.
#[derive(Debug, Clone, PartialEq)]
pub enum SiteFacts {
    Pickup(PantryFacts),
    Delivery(DeliveryFacts),
}

impl SiteFacts {
    pub fn food_bank_id(&self) -> Id {
        match self {
            Self::Pickup(p) => p.pantry.food_bank_id,
            Self::Delivery(d) => d.time.food_bank_id,
        }
    }

    /// The zone its times are written in: the pantry's, or the food bank's.
    pub fn tz(&self) -> Tz {
        match self {
            Self::Pickup(p) => p.tz,
            Self::Delivery(d) => d.tz,
        }
    }

    pub fn tefap_area(&self) -> TefapArea {
        match self {
            Self::Pickup(p) => p.tefap_area(),
            Self::Delivery(d) => d.tefap_area(),
        }
    }

    /// The active stock rows it offers: the pantry's, or the delivery program's own rows and its
    /// food bank's rows that are not tied to one program.
    pub(super) fn stock(&self) -> Condition {
        let active = Condition::all().add(inventory_item::Column::IsActive.eq(true));
        match self {
            Self::Pickup(p) => active.add(inventory_item::Column::PantryLocationId.eq(p.pantry.id)),
            Self::Delivery(d) => active.add(inventory_item::Column::FoodBankId.eq(d.time.food_bank_id)).add(
                Condition::any()
                    .add(inventory_item::Column::DeliveryProgramId.eq(d.time.entity_delivery_program_id))
                    .add(inventory_item::Column::DeliveryProgramId.is_null()),
            ),
        }
    }

    /// Whether the limit is one of [`Self::limit_owners`]' (the same rule, on a row in hand).
    fn owns_limit(&self, l: &limit::Model) -> bool {
        let own = match self {
            Self::Pickup(p) => l.pantry_location_id == Some(p.pantry.id),
            Self::Delivery(d) => l.delivery_program_id == Some(d.time.entity_delivery_program_id),
        };
        own || l.food_bank_id == Some(self.food_bank_id())
    }

    /// Who its limits are set on: the pantry or the delivery program, and its food bank.
    fn limit_owners(&self) -> Condition {
        let own = match self {
            Self::Pickup(p) => limit::Column::PantryLocationId.eq(p.pantry.id),
            Self::Delivery(d) => limit::Column::DeliveryProgramId.eq(d.time.entity_delivery_program_id),
        };
        Condition::any().add(own).add(limit::Column::FoodBankId.eq(self.food_bank_id()))
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

pub(super) fn to_pickup_time(t: pickup_time::Model) -> PickupTime {
    PickupTime {
        id: t.id,
        pantry_location_id: t.pantry_location_id,
        pickup_day: t.pickup_day,
        pickup_start_time: t.pickup_start_time,
        pickup_end_time: t.pickup_end_time,
        seats: Seats { capacity: t.capacity, booked: t.booked },
        closed: false,
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
        seats: Seats { capacity: t.capacity, booked: t.booked },
    }
}

/// Pickup times of these pantries starting after `since`, soonest first, but for those on days
/// their pantry closed. `since` is only a cheap SQL cut: callers still keep the valid ones with
/// `domain::pickup`.
#[cfg(test)]
pub(super) async fn pickup_times_of<C: ConnectionTrait>(
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
        .filter(sea_orm::sea_query::Expr::cust(super::schedules::NOT_CLOSED))
        .order_by_asc(pickup_time::Column::StartAt)
        .order_by_asc(pickup_time::Column::Id)
        .all(conn)
        .await?;
    Ok(rows.into_iter().map(to_pickup_time).collect())
}

impl<C: ConnectionTrait> Store<C> {
    /// The pantry, if it is active and its food bank enabled, in one read (it is the first of
    /// Place Order's, inside the write lock on SQLite).
    pub async fn pantry_facts(&self, pantry_id: Id) -> StoreResult<Option<PantryFacts>> {
        #[derive(FromQueryResult)]
        struct Row {
            id: Id,
            label: String,
            food_bank_id: Id,
            is_restricted: bool,
            offers_pickup: bool,
            time_zone: String,
            province_abbreviation: Option<String>,
            county_id: Option<Id>,
            postal_code: Option<String>,
        }
        let backend = self.db.get_database_backend();
        let id = param(backend, 1);
        let sql = format!(
            "SELECT p.id, p.label, p.food_bank_id, p.is_restricted, p.offers_pickup, p.time_zone, \
             pr.abbreviation AS province_abbreviation, pa.county_id, pa.postal_code \
             FROM pantry_locations p \
             JOIN food_banks fb ON fb.id = p.food_bank_id \
             LEFT JOIN addresses ba ON ba.id = fb.address_id \
             LEFT JOIN provinces pr ON pr.id = ba.province_id \
             LEFT JOIN addresses pa ON pa.id = p.address_id \
             WHERE p.id = {id} AND p.is_active AND fb.is_enabled"
        );
        let row = Row::find_by_statement(Statement::from_sql_and_values(backend, sql, [pantry_id.into()]))
            .one(&self.db)
            .await?;
        Ok(row.map(|p| PantryFacts {
            pantry: Pantry {
                id: p.id,
                label: p.label,
                food_bank_id: p.food_bank_id,
                is_restricted: p.is_restricted,
                offers_pickup: p.offers_pickup,
            },
            tz: parse_tz(&p.time_zone),
            province_abbreviation: p.province_abbreviation,
            county_id: p.county_id,
            postal_code: p.postal_code,
        }))
    }

    /// One delivery window by id, if its program is active and its food bank enabled.
    pub async fn delivery_facts(&self, delivery_time_id: Id) -> StoreResult<Option<DeliveryFacts>> {
        let conn = &self.db;
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

    /// One pickup time by id, whichever pantry it belongs to (callers compare
    /// `pantry_location_id`), valid or not (callers ask `domain::pickup`), closed or not.
    pub async fn pickup_time(&self, pickup_time_id: Id) -> StoreResult<Option<PickupTime>> {
        type Row = (Id, Id, NaiveDate, NaiveTime, NaiveTime, Option<i32>, i32, bool);
        let row: Option<Row> = pickup_time::Entity::find_by_id(pickup_time_id)
            .select_only()
            .columns([
                pickup_time::Column::Id,
                pickup_time::Column::PantryLocationId,
                pickup_time::Column::PickupDay,
                pickup_time::Column::PickupStartTime,
                pickup_time::Column::PickupEndTime,
                pickup_time::Column::Capacity,
                pickup_time::Column::Booked,
            ])
            .expr(Expr::cust(NOT_CLOSED))
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.map(
            |(id, pantry_location_id, pickup_day, pickup_start_time, pickup_end_time, capacity, booked, open)| {
                PickupTime {
                    id,
                    pantry_location_id,
                    pickup_day,
                    pickup_start_time,
                    pickup_end_time,
                    seats: Seats { capacity, booked },
                    closed: !open,
                }
            },
        ))
    }

    /// The site's inventory (only the `cart`'s items, for an order: nothing else is checked), each
    /// line with its product's and its own limits, and the site's own limits
    /// ([`Self::limit_models`]), which come in the same read as the items' limits.
    async fn inventory_and_site_limits(
        &self,
        site: &SiteFacts,
        cart: Option<&[Id]>,
    ) -> StoreResult<(Vec<InventoryLine>, Vec<limit::Model>)> {
        let mut stock = site.stock();
        if let Some(cart) = cart {
            stock = stock.add(inventory_item::Column::Id.is_in(cart.iter().copied()));
        }
        let rows =
            inventory_item::Entity::find().filter(stock).order_by_asc(inventory_item::Column::Id).all(&self.db).await?;
        let items: HashSet<Id> = rows.iter().map(|r| r.id).collect();
        let products: HashSet<Id> = rows.iter().map(|r| r.pantry_item_id).collect();
        let mut wanted = Condition::any().add(site.limit_owners());
        if !rows.is_empty() {
            wanted = wanted
                .add(limit::Column::InventoryItemId.is_in(items.iter().copied()))
                .add(limit::Column::PantryItemId.is_in(products.iter().copied()));
        }
        let all = limit::Entity::find().filter(wanted).order_by_asc(limit::Column::Id).all(&self.db).await?;
        let bears_on_items = |l: &limit::Model| {
            l.inventory_item_id.is_some_and(|i| items.contains(&i))
                || l.pantry_item_id.is_some_and(|p| products.contains(&p))
        };
        let mut item_limits = ItemLimitRows { by_product: HashMap::new(), by_item: HashMap::new() };
        item_limits.add(all.iter().filter(|l| bears_on_items(l)).cloned());
        let site_limits = all.into_iter().filter(|l| site.owns_limit(l)).collect();
        Ok((
            rows.iter()
                .map(|r| inventory_line(r.id, r.pantry_item_id, r.quantity, r.source_code.clone(), &item_limits))
                .collect(),
            site_limits,
        ))
    }

    /// The orders of the user's household (every account of it) at any pantry or delivery program
    /// of the food bank, cancelled ones flagged, and its walk-in visits there as orders: product
    /// limits count per product across the food bank, and per household, so a visit at the door
    /// and an order in the app share one allowance (issue 49 item 6).
    pub async fn past_orders(&self, user_id: Id, food_bank_id: Id) -> StoreResult<Vec<PastOrder>> {
        let household = self.household_of(user_id).await?;
        self.past_orders_in(user_id, household, food_bank_id).await
    }

    /// [`Self::past_orders`] with the account's household already read.
    async fn past_orders_in(
        &self,
        user_id: Id,
        household: Option<Id>,
        food_bank_id: Id,
    ) -> StoreResult<Vec<PastOrder>> {
        let accounts = self.counted_accounts(user_id, household).await?;
        let Some(household) = household else {
            return self.past_orders_of(accounts, food_bank_id).await;
        };
        let mut orders = self.past_orders_of(accounts, food_bank_id).await?;
        orders.extend(self.visits_as_orders(household, food_bank_id).await?);
        orders.sort_by_key(|o| o.created);
        Ok(orders)
    }

    /// The household of the user's account, once it has one (its first order makes it).
    async fn household_of(&self, user_id: Id) -> StoreResult<Option<Id>> {
        Ok(user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::HouseholdId)
            .into_tuple::<Option<Id>>()
            .one(&self.db)
            .await?
            .flatten())
    }

    /// A household's walk-in visits at the food bank, with the products they gave out.
    async fn visits_as_orders(&self, household: Id, food_bank_id: Id) -> StoreResult<Vec<PastOrder>> {
        let visits: Vec<(Id, DateTime<Utc>)> = visit::Entity::find()
            .filter(visit::Column::HouseholdId.eq(household))
            .filter(visit::Column::FoodBankId.eq(food_bank_id))
            .select_only()
            .columns([visit::Column::Id, visit::Column::CreatedAt])
            .into_tuple()
            .all(&self.db)
            .await?;
        if visits.is_empty() {
            return Ok(Vec::new());
        }
        let lines: Vec<(Id, Id, i32)> = visit_line::Entity::find()
            .filter(visit_line::Column::VisitId.is_in(visits.iter().map(|v| v.0)))
            .select_only()
            .columns([visit_line::Column::VisitId, visit_line::Column::InventoryItemId, visit_line::Column::Quantity])
            .into_tuple()
            .all(&self.db)
            .await?;
        let products: HashMap<Id, Id> = inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(lines.iter().map(|l| l.1).collect::<HashSet<_>>()))
            .select_only()
            .columns([inventory_item::Column::Id, inventory_item::Column::PantryItemId])
            .into_tuple::<(Id, Id)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(visits
            .into_iter()
            .map(|(id, created)| PastOrder {
                // Negative, so a visit is never taken for an order of the same number (moving an
                // order leaves its own id out of the past orders).
                id: -id,
                created,
                is_cancelled: false,
                lines: lines
                    .iter()
                    .filter(|l| l.0 == id)
                    .filter_map(|l| {
                        let pantry_item_id = *products.get(&l.1)?;
                        Some(PastOrderLine { pantry_item_id, quantity: i64::from(l.2) })
                    })
                    .collect(),
            })
            .collect())
    }

    async fn past_orders_of(&self, accounts: Vec<Id>, food_bank_id: Id) -> StoreResult<Vec<PastOrder>> {
        // One read of the orders with their lines, only the columns the limits count: a shopper
        // with a long history pays for it once, inside Place Order's write lock.
        type Row = (Id, DateTime<Utc>, Id, Option<Id>, Option<i32>);
        let rows: Vec<Row> = order::Entity::find()
            .left_join(order_item::Entity)
            .filter(order::Column::UserId.is_in(accounts))
            .filter(order::Column::FoodBankId.eq(food_bank_id))
            .select_only()
            .columns([order::Column::Id, order::Column::CreatedAt, order::Column::StatusTypeId])
            .columns([order_item::Column::PantryItemId, order_item::Column::Quantity])
            .order_by_asc(order::Column::CreatedAt)
            .order_by_asc(order::Column::Id)
            .order_by_asc(order_item::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        let cancelled = cancelled_statuses();
        let mut orders: Vec<PastOrder> = Vec::new();
        for (id, created, status, product, quantity) in rows {
            if orders.last().is_none_or(|o| o.id != id) {
                orders.push(PastOrder { id, created, is_cancelled: cancelled.contains(&status), lines: Vec::new() });
            }
            if let (Some(pantry_item_id), Some(quantity), Some(order)) = (product, quantity, orders.last_mut()) {
                order.lines.push(PastOrderLine { pantry_item_id, quantity: i64::from(quantity) });
            }
        }
        Ok(orders)
    }

    /// Whether the user (None: a visitor, never eligible) may see TEFAP items in `area`: by an
    /// eligibility their questionnaire stored, or their household's decision at the area's food
    /// bank (a staff member's at intake), either made within the food bank's period before `now`
    /// (recertification).
    pub async fn tefap_eligible(&self, user_id: Option<Id>, area: &TefapArea, now: DateTime<Utc>) -> StoreResult<bool> {
        let Some(user_id) = user_id else { return Ok(false) };
        let household = self.household_of(user_id).await?;
        self.tefap_eligible_in(user_id, household, area, now).await
    }

    /// [`Self::tefap_eligible`] with the account's household already read.
    async fn tefap_eligible_in(
        &self,
        user_id: Id,
        household: Option<Id>,
        area: &TefapArea,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        // A decision stands for the period the food bank sets.
        let since = decided_since(now, self.tefap_rules(area.food_bank_id).await?.valid_months);
        if let Some(household) = household {
            let decided: Option<Option<NaiveDate>> = household::Entity::find_by_id(household)
                .filter(household::Column::FoodBankId.eq(area.food_bank_id))
                .filter(household::Column::TefapBasis.is_not_null())
                .select_only()
                .column(household::Column::TefapDecidedOn)
                .into_tuple()
                .one(&self.db)
                .await?;
            if decided.flatten().is_some_and(|day| day >= since.date_naive()) {
                return Ok(true);
            }
        }
        let rows = tefap_eligibility::Entity::find()
            .filter(tefap_eligibility::Column::UserId.eq(user_id))
            .filter(tefap_eligibility::Column::CreatedAt.gte(since))
            .order_by_asc(tefap_eligibility::Column::Id)
            .all(&self.db)
            .await?;
        let province_ids: Vec<Id> = rows.iter().filter_map(|r| r.province_id).collect();
        let provinces: HashMap<Id, String> = if province_ids.is_empty() {
            HashMap::new()
        } else {
            province::Entity::find()
                .filter(province::Column::Id.is_in(province_ids))
                .all(&self.db)
                .await?
                .into_iter()
                .map(|p| (p.id, p.abbreviation))
                .collect()
        };
        let eligibilities: Vec<TefapEligibility> = rows
            .into_iter()
            .map(|r| TefapEligibility {
                province_abbreviation: r.province_id.and_then(|id| provinces.get(&id).cloned()),
                food_bank_id: r.food_bank_id,
                county_id: r.county_id,
                postal_code: r.postal_code,
            })
            .collect();
        Ok(is_tefap_eligible(&eligibilities, area))
    }

    /// The facts for shopping at the site, as `user_id` (None: a visitor).
    pub async fn shop(&self, site: &SiteFacts, user_id: Option<Id>, now: DateTime<Utc>) -> StoreResult<ShopFacts> {
        let (inventory, limits) = self.inventory_and_site_limits(site, None).await?;
        let who = match user_id {
            Some(u) => Some((u, self.household_of(u).await?)),
            None => None,
        };
        self.shop_of(site, who, inventory, &limits, None, now).await
    }

    async fn shop_of(
        &self,
        site: &SiteFacts,
        who: Option<(Id, Option<Id>)>,
        inventory: Vec<InventoryLine>,
        limits: &[limit::Model],
        cart: Option<&[Id]>,
        now: DateTime<Utc>,
    ) -> StoreResult<ShopFacts> {
        // Eligibility only ever decides whether TEFAP food shows, or, for an order (`cart`),
        // whether its TEFAP lines may be taken: without any, no read.
        let tefap_matters = inventory.iter().any(|i| i.is_tefap() && cart.is_none_or(|c| c.contains(&i.id)));
        Ok(ShopFacts {
            past_orders: match who {
                Some((u, h)) => self.past_orders_in(u, h, site.food_bank_id()).await?,
                None => Vec::new(),
            },
            order_limits: size_limits(limits),
            tefap_eligible: match who {
                Some((u, h)) if tefap_matters => self.tefap_eligible_in(u, h, &site.tefap_area(), now).await?,
                _ => false,
            },
            tz: site.tz(),
            inventory,
        })
    }

    /// [`Self::shop`] and [`Self::order_limits`] of the shopper at the site, its limits read once:
    /// what Place Order checks.
    pub async fn shop_for_order(
        &self,
        site: &SiteFacts,
        (user_id, household): (Id, Option<Id>),
        cart: &[Id],
        now: DateTime<Utc>,
    ) -> StoreResult<(ShopFacts, Vec<ScopedOrderLimit>)> {
        let (inventory, limits) = self.inventory_and_site_limits(site, Some(cart)).await?;
        let shop = self.shop_of(site, Some((user_id, household)), inventory, &limits, Some(cart), now).await?;
        let order_type = crate::domain::limits::LimitType::Order.code();
        let per_period = limits.into_iter().filter(|l| l.limit_type_code == order_type).collect();
        let accounts = self.counted_accounts(user_id, household).await?;
        Ok((shop, self.scope_order_limits(&accounts, per_period).await?))
    }
}
