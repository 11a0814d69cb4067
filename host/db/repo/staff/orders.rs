//! Orders as the pantry's staff handle them: the day's queue, one order with its lines and
//! history, and the small reads and writes a state change or short line is made of
//! (`service::orders::staff` sequences them in one write transaction and asks
//! `domain::order_states`): the order's row locked, its state changed by an UPDATE conditional
//! on the state read, the history written.
use crate::db::repo::{Store, StoreResult};
use crate::{
    db::entity::{
        delivery_time, food_bank, order, order_event, order_item, pantry_item, pantry_location, pickup_time,
        survey_answer, user,
    },
    domain::{Id, order_states::Window, orders::StatusType},
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::Set,
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use std::collections::{BTreeMap, HashMap};

/// The shopper of an order, as the pantry sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopperRow {
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    pub phone: Option<String>,
    /// From the checkout survey, when answered.
    pub household_size: Option<i32>,
}

/// An order in the staff's queue.
#[derive(Debug, Clone, PartialEq)]
pub struct StaffOrderRow {
    pub id: Id,
    pub state: StatusType,
    pub food_bank_id: Id,
    /// The pickup pantry; None for a delivery.
    pub pantry_id: Option<Id>,
    pub pantry_label: Option<String>,
    /// The pickup or delivery day and its local start and end.
    pub day: Option<NaiveDate>,
    pub starts: Option<NaiveTime>,
    pub ends: Option<NaiveTime>,
    /// The same as instants, which the state rule reads.
    pub window: Option<Window>,
    pub shopper: ShopperRow,
    pub lines: i64,
    pub units: i64,
    pub cancel_reason: Option<String>,
    pub created: DateTime<Utc>,
    /// Staff placed it for the household (a phone order).
    pub by_phone: bool,
    /// The zone its times are read in: the pickup pantry's, else the food bank's.
    pub tz: chrono_tz::Tz,
}

/// One line as the packing table reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct StaffLineRow {
    pub id: Id,
    pub name: String,
    pub quantity: i32,
    /// What is packed: the quantity, or less for a line marked short.
    pub packed: i32,
    pub is_substitute_ok: bool,
}

/// One change of an order's state.
#[derive(Debug, Clone, PartialEq)]
pub struct OrderEventRow {
    pub from: Option<StatusType>,
    pub to: StatusType,
    /// Who made it; None for the server's no-show job.
    pub by: Option<String>,
    pub reason: Option<String>,
    pub at: DateTime<Utc>,
}

/// Where the queue looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueueSite {
    /// The pickup orders of a pantry.
    Pantry(Id),
    /// The delivery orders of a food bank.
    Delivery(Id),
}

fn state_of(id: Id) -> StatusType {
    // Every stored status id is one of ours (seeded, foreign key); an unknown one reads as waiting.
    StatusType::from_id(id).unwrap_or(StatusType::Submitted)
}

async fn shoppers<C: ConnectionTrait>(c: &C, user_ids: Vec<Id>) -> StoreResult<HashMap<Id, ShopperRow>> {
    if user_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let households: HashMap<Id, Option<i32>> = survey_answer::Entity::find()
        .filter(survey_answer::Column::UserId.is_in(user_ids.clone()))
        .select_only()
        .columns([survey_answer::Column::UserId, survey_answer::Column::HouseholdMembers])
        .into_tuple::<(Id, Option<i32>)>()
        .all(c)
        .await?
        .into_iter()
        .collect();
    let rows: Vec<(Id, String, String, Option<String>)> = user::Entity::find()
        .filter(user::Column::Id.is_in(user_ids))
        .select_only()
        .columns([user::Column::Id, user::Column::FirstName, user::Column::LastName, user::Column::PhoneNumber])
        .into_tuple()
        .all(c)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(id, first_name, last_name, phone)| {
            let household_size = households.get(&id).copied().flatten();
            (id, ShopperRow { id, first_name, last_name, phone, household_size })
        })
        .collect())
}

/// The queue rows of `orders`, in the order given.
async fn rows<C: ConnectionTrait>(c: &C, orders: Vec<order::Model>) -> StoreResult<Vec<StaffOrderRow>> {
    let ids: Vec<Id> = orders.iter().map(|o| o.id).collect();
    let mut user_ids: Vec<Id> = orders.iter().map(|o| o.user_id).collect();
    user_ids.sort_unstable();
    user_ids.dedup();
    let people = shoppers(c, user_ids).await?;
    // Lines and packed units per order, summed by the database: a day of 2,000 orders sends back
    // 2,000 rows, not its 10,000 lines.
    let counts: HashMap<Id, (i64, i64)> = if ids.is_empty() {
        HashMap::new()
    } else {
        order_item::Entity::find()
            .filter(order_item::Column::OrderId.is_in(ids))
            .select_only()
            .column(order_item::Column::OrderId)
            .column_as(Expr::cust("COUNT(*)"), "lines")
            .column_as(Expr::cust("SUM(COALESCE(packed_quantity, quantity))"), "units")
            .group_by(order_item::Column::OrderId)
            .into_tuple::<(Id, i64, i64)>()
            .all(c)
            .await?
            .into_iter()
            .map(|(order_id, lines, units)| (order_id, (lines, units)))
            .collect()
    };
    let mut pickup_ids: Vec<Id> = orders.iter().filter_map(|o| o.pickup_time_id).collect();
    pickup_ids.sort_unstable();
    pickup_ids.dedup();
    let pickups: HashMap<Id, pickup_time::Model> = if pickup_ids.is_empty() {
        HashMap::new()
    } else {
        pickup_time::Entity::find()
            .filter(pickup_time::Column::Id.is_in(pickup_ids))
            .all(c)
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect()
    };
    let mut delivery_ids: Vec<Id> = orders.iter().filter_map(|o| o.delivery_time_id).collect();
    delivery_ids.sort_unstable();
    delivery_ids.dedup();
    let deliveries: HashMap<Id, delivery_time::Model> = if delivery_ids.is_empty() {
        HashMap::new()
    } else {
        delivery_time::Entity::find()
            .filter(delivery_time::Column::Id.is_in(delivery_ids))
            .all(c)
            .await?
            .into_iter()
            .map(|t| (t.id, t))
            .collect()
    };
    let mut pantry_ids: Vec<Id> = orders.iter().filter_map(|o| o.pantry_location_id).collect();
    pantry_ids.sort_unstable();
    pantry_ids.dedup();
    let labels: HashMap<Id, (String, String)> = if pantry_ids.is_empty() {
        HashMap::new()
    } else {
        pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(pantry_ids))
            .select_only()
            .columns([pantry_location::Column::Id, pantry_location::Column::Label, pantry_location::Column::TimeZone])
            .into_tuple::<(Id, String, String)>()
            .all(c)
            .await?
            .into_iter()
            .map(|(id, label, zone)| (id, (label, zone)))
            .collect()
    };
    let mut bank_ids: Vec<Id> = orders.iter().map(|o| o.food_bank_id).collect();
    bank_ids.sort_unstable();
    bank_ids.dedup();
    let bank_zones: HashMap<Id, String> = food_bank::Entity::find()
        .filter(food_bank::Column::Id.is_in(bank_ids))
        .select_only()
        .columns([food_bank::Column::Id, food_bank::Column::TimeZone])
        .into_tuple::<(Id, String)>()
        .all(c)
        .await?
        .into_iter()
        .collect();
    Ok(orders
        .into_iter()
        .map(|o| {
            let (day, starts, ends, window) = match (o.pickup_time_id, o.delivery_time_id) {
                (Some(t), _) => pickups.get(&t).map_or((None, None, None, None), |t| {
                    let w = Window { starts: t.start_at, ends: t.end_at };
                    (Some(t.pickup_day), Some(t.pickup_start_time), Some(t.pickup_end_time), Some(w))
                }),
                (None, Some(t)) => deliveries.get(&t).map_or((None, None, None, None), |t| {
                    let w = Window { starts: t.start_at, ends: t.end_at };
                    (Some(t.delivery_day), Some(t.delivery_start_time), Some(t.delivery_end_time), Some(w))
                }),
                (None, None) => (None, None, None, None),
            };
            let (lines, units) = counts.get(&o.id).copied().unwrap_or_default();
            let pantry = o.pantry_location_id.and_then(|p| labels.get(&p));
            let zone = match pantry {
                Some((_, zone)) if o.pickup_time_id.is_some() => Some(zone),
                _ => bank_zones.get(&o.food_bank_id),
            };
            StaffOrderRow {
                id: o.id,
                state: state_of(o.status_type_id),
                food_bank_id: o.food_bank_id,
                pantry_id: o.pantry_location_id.filter(|_| o.pickup_time_id.is_some()),
                pantry_label: pantry.map(|(label, _)| label.clone()),
                day,
                starts,
                ends,
                window,
                shopper: people.get(&o.user_id).cloned().unwrap_or(ShopperRow {
                    id: o.user_id,
                    first_name: String::new(),
                    last_name: String::new(),
                    phone: None,
                    household_size: None,
                }),
                lines,
                units,
                cancel_reason: o.cancel_reason,
                created: o.created_at,
                by_phone: o.placed_by.is_some(),
                tz: zone.map_or(chrono_tz::UTC, |z| crate::db::repo::shopping::parse_tz(z)),
            }
        })
        .collect())
}

/// An order as a state change reads it, its row locked until the transaction ends.
#[derive(Debug, Clone, PartialEq)]
pub struct ActingOrder {
    pub id: Id,
    pub user_id: Id,
    pub state: StatusType,
    /// The stored status id the state was read from: writes are conditional on it.
    pub status_type_id: Id,
    /// The pickup or delivery window; None for an order without one.
    pub window: Option<Window>,
    pub is_pickup: bool,
}

/// A line of an order as a short line reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackedLine {
    pub inventory_item_id: Id,
    /// What is packed now: the quantity, or less once marked short.
    pub packed: i32,
}

impl crate::db::repo::Write {
    /// Writes one state change into the order's history.
    pub async fn record_order_event(
        &self,
        order_id: Id,
        from: Option<StatusType>,
        to: StatusType,
        by: Option<Id>,
        reason: Option<&str>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        order_event::ActiveModel {
            order_id: Set(order_id),
            from_status_type_id: Set(from.map(StatusType::id)),
            to_status_type_id: Set(to.id()),
            by_user_id: Set(by),
            reason: Set(reason.map(str::to_owned)),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }

    /// The units of an order still held from stock, per inventory item: each line's packed quantity
    /// (lines the pantry marked short gave the rest back already).
    pub async fn held_units(&self, order_id: Id) -> StoreResult<BTreeMap<Id, i64>> {
        let lines: Vec<(Id, i32, Option<i32>)> = order_item::Entity::find()
            .filter(order_item::Column::OrderId.eq(order_id))
            .select_only()
            .columns([
                order_item::Column::InventoryItemId,
                order_item::Column::Quantity,
                order_item::Column::PackedQuantity,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut units = BTreeMap::new();
        for (item, quantity, packed) in lines {
            *units.entry(item).or_insert(0) += i64::from(packed.unwrap_or(quantity));
        }
        Ok(units)
    }

    /// The order with its state and window, its row locked until the transaction ends
    /// (PostgreSQL; SQLite writers are serialised); None when there is no such order.
    pub async fn lock_order(&self, order_id: Id) -> StoreResult<Option<ActingOrder>> {
        let c = &self.db;
        let Some(row) = order::Entity::find_by_id(order_id).lock_exclusive().one(c).await? else { return Ok(None) };
        let window = match (row.pickup_time_id, row.delivery_time_id) {
            (Some(t), _) => {
                pickup_time::Entity::find_by_id(t).one(c).await?.map(|t| Window { starts: t.start_at, ends: t.end_at })
            }
            (None, Some(t)) => delivery_time::Entity::find_by_id(t)
                .one(c)
                .await?
                .map(|t| Window { starts: t.start_at, ends: t.end_at }),
            (None, None) => None,
        };
        Ok(Some(ActingOrder {
            id: row.id,
            user_id: row.user_id,
            state: state_of(row.status_type_id),
            status_type_id: row.status_type_id,
            window,
            is_pickup: row.pickup_time_id.is_some(),
        }))
    }

    /// Moves the order to `to`, if it is still in the state it was read in; false when another
    /// writer moved it first. A cancel or no-show stamps its close, `reason` is the pantry's for a cancel.
    pub async fn set_order_state(
        &self,
        order: &ActingOrder,
        to: StatusType,
        cancel_reason: Option<&str>,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let mut update = order::Entity::update_many()
            .col_expr(order::Column::StatusTypeId, Expr::value(to.id()))
            .col_expr(order::Column::UpdatedAt, Expr::value(now))
            .filter(order::Column::Id.eq(order.id))
            .filter(order::Column::StatusTypeId.eq(order.status_type_id));
        if to.closes_without_hand_over() {
            update = update.col_expr(order::Column::CancelledAt, Expr::value(Some(now)));
        }
        if let Some(reason) = cancel_reason {
            update = update.col_expr(order::Column::CancelReason, Expr::value(Some(reason.to_owned())));
        }
        if update.exec(&self.db).await?.rows_affected != 1 {
            return Ok(false);
        }
        self.summarise_orders(&[order.id]).await?;
        Ok(true)
    }

    /// A line of the order; None when the order has no such line.
    pub async fn packed_line(&self, order_id: Id, line_id: Id) -> StoreResult<Option<PackedLine>> {
        let line = order_item::Entity::find_by_id(line_id)
            .filter(order_item::Column::OrderId.eq(order_id))
            .one(&self.db)
            .await?;
        Ok(line.map(|l| PackedLine {
            inventory_item_id: l.inventory_item_id,
            packed: l.packed_quantity.unwrap_or(l.quantity),
        }))
    }

    /// Sets what is packed of a line, if it is still `was` (so the same units never go back
    /// twice), and stamps the order's change; false when another writer changed it first.
    pub async fn set_packed(
        &self,
        order_id: Id,
        line_id: Id,
        was: i32,
        packed: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let updated = order_item::Entity::update_many()
            .col_expr(order_item::Column::PackedQuantity, Expr::value(Some(packed)))
            .filter(order_item::Column::Id.eq(line_id))
            .filter(
                Expr::expr(
                    Expr::col(order_item::Column::PackedQuantity).if_null(Expr::col(order_item::Column::Quantity)),
                )
                .eq(was),
            )
            .exec(&self.db)
            .await?;
        if updated.rows_affected != 1 {
            return Ok(false);
        }
        order::Entity::update_many()
            .col_expr(order::Column::UpdatedAt, Expr::value(now))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        self.summarise_orders(&[order_id]).await?;
        Ok(true)
    }
}

impl Store {
    /// Pickup orders still waiting for their hand-over whose window ended before `ended_before`,
    /// oldest window first, at most `limit`: what the no-show job looks at (it judges each again
    /// under the order's lock).
    pub async fn overdue_pickups(&self, ended_before: DateTime<Utc>, limit: u64) -> StoreResult<Vec<Id>> {
        let waiting: Vec<Id> = StatusType::ALL.into_iter().filter(|s| s.is_waiting()).map(StatusType::id).collect();
        Ok(order::Entity::find()
            .inner_join(pickup_time::Entity)
            .filter(order::Column::StatusTypeId.is_in(waiting))
            .filter(pickup_time::Column::EndAt.lt(ended_before))
            .order_by_asc(pickup_time::Column::EndAt)
            .order_by_asc(order::Column::Id)
            .select_only()
            .column(order::Column::Id)
            .limit(limit)
            .into_tuple()
            .all(&self.db)
            .await?)
    }
}

impl Store {
    /// One order as the staff see it; None when there is no such order.
    pub async fn staff_order(&self, order_id: Id) -> StoreResult<Option<StaffOrderRow>> {
        let Some(row) = order::Entity::find_by_id(order_id).one(&self.db).await? else { return Ok(None) };
        Ok(rows(&self.db, vec![row]).await?.pop())
    }

    /// The orders of these ids (the check-in look-up by number), those found.
    pub async fn staff_orders(&self, order_ids: Vec<Id>) -> StoreResult<Vec<StaffOrderRow>> {
        if order_ids.is_empty() {
            return Ok(Vec::new());
        }
        let found = order::Entity::find().filter(order::Column::Id.is_in(order_ids)).all(&self.db).await?;
        rows(&self.db, found).await
    }

    /// The order's lines, in the order placed.
    pub async fn staff_lines(&self, order_id: Id) -> StoreResult<Vec<StaffLineRow>> {
        let lines = order_item::Entity::find()
            .filter(order_item::Column::OrderId.eq(order_id))
            .order_by_asc(order_item::Column::Id)
            .all(&self.db)
            .await?;
        let product_ids: Vec<Id> = lines.iter().map(|l| l.pantry_item_id).collect();
        let names = product_names(&self.db, product_ids).await?;
        Ok(lines
            .into_iter()
            .map(|l| StaffLineRow {
                id: l.id,
                name: names.get(&l.pantry_item_id).cloned().unwrap_or_default(),
                quantity: l.quantity,
                packed: l.packed_quantity.unwrap_or(l.quantity),
                is_substitute_ok: l.is_substitute_ok,
            })
            .collect())
    }

    /// The order's history, oldest first, with who made each change.
    pub async fn order_history(&self, order_id: Id) -> StoreResult<Vec<OrderEventRow>> {
        let events = order_event::Entity::find()
            .filter(order_event::Column::OrderId.eq(order_id))
            .order_by_asc(order_event::Column::CreatedAt)
            .order_by_asc(order_event::Column::Id)
            .all(&self.db)
            .await?;
        let names = display_names(&self.db, events.iter().filter_map(|e| e.by_user_id).collect()).await?;
        Ok(events
            .into_iter()
            .map(|e| OrderEventRow {
                from: e.from_status_type_id.map(state_of),
                to: state_of(e.to_status_type_id),
                by: e.by_user_id.and_then(|id| names.get(&id).cloned()),
                reason: e.reason,
                at: e.created_at,
            })
            .collect())
    }
}

/// How staff pages name these accounts, by id: the full name, or the e-mail for an account
/// without one (an order's history, stock movements).
pub(in crate::db::repo) async fn display_names<C: ConnectionTrait>(
    c: &C,
    mut ids: Vec<Id>,
) -> StoreResult<HashMap<Id, String>> {
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(user::Entity::find()
        .filter(user::Column::Id.is_in(ids))
        .select_only()
        .columns([user::Column::Id, user::Column::FirstName, user::Column::LastName, user::Column::Email])
        .into_tuple::<(Id, String, String, String)>()
        .all(c)
        .await?
        .into_iter()
        .map(|(id, first, last, email)| {
            let name = format!("{first} {last}").trim().to_owned();
            (id, if name.is_empty() { email } else { name })
        })
        .collect())
}

/// The names of these products, by id (the staff's order lines, the pick list).
pub(in crate::db::repo) async fn product_names<C: ConnectionTrait>(
    c: &C,
    mut ids: Vec<Id>,
) -> StoreResult<HashMap<Id, String>> {
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    Ok(pantry_item::Entity::find()
        .filter(pantry_item::Column::Id.is_in(ids))
        .select_only()
        .columns([pantry_item::Column::Id, pantry_item::Column::Name])
        .into_tuple::<(Id, String)>()
        .all(c)
        .await?
        .into_iter()
        .collect())
}
