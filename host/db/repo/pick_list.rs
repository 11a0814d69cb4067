//! What a pantry's pick list reads: the pickup orders of one day (optionally only the pickup
//! times starting in a range) that will still be handed over. The totals are summed by the
//! database (one grouped statement over the lines, however many orders the day has); the packing
//! slips read the orders and their lines. The orders are chosen by subqueries, not by lists of
//! ids, so a day of thousands of orders stays a handful of statements whatever its size.
use super::{Store, StoreResult};
use crate::{
    db::entity::{order, order_item, pickup_time, user},
    domain::{Id, orders::StatusType},
};
use chrono::{NaiveDate, NaiveTime};
use sea_orm::{
    ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect, QueryTrait, Select, sea_query::Expr,
};
use std::collections::HashMap;

/// One order on the pick list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickOrderRow {
    pub id: Id,
    pub state: StatusType,
    pub first_name: String,
    pub last_name: String,
    pub starts: NaiveTime,
    pub ends: NaiveTime,
}

/// One line of an order's packing slip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickLineRow {
    pub order_id: Id,
    pub line_id: Id,
    pub name: String,
    pub quantity: i32,
    /// What leaves the pantry: the quantity, or less for a line marked short.
    pub packed: i32,
    pub is_substitute_ok: bool,
}

/// The chosen orders and their lines, for their packing slips.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PickListRows {
    /// By pickup start, then number.
    pub orders: Vec<PickOrderRow>,
    /// By order, then line as placed.
    pub lines: Vec<PickLineRow>,
}

/// How much of one product the chosen orders take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickTotalRow {
    pub pantry_item_id: Id,
    pub name: String,
    /// The first of the item's shop categories (by their order); None when it has none.
    pub category: Option<(i32, String)>,
    /// Packed units: the lines' quantities, fewer for lines marked short.
    pub units: i64,
    /// The orders with a line of it.
    pub orders: i64,
}

/// The chosen orders' count and their totals per product.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PickTotals {
    pub order_count: u64,
    pub items: Vec<PickTotalRow>,
}

/// A line as read: order, line, product, quantity, packed quantity, substitutes ok.
type LineTuple = (Id, Id, Id, i32, Option<i32>, bool);

/// A product's sums as read: product, inventory item, packed units, orders.
type SumTuple = (Id, Id, i64, i64);

/// The states whose orders no one will pack or hand over.
const CLOSED_UNSERVED: [StatusType; 2] = [StatusType::Cancelled, StatusType::NoShow];

/// The orders at `pantry` booked on one of `times` that are still to be handed over; of those,
/// only the ones in `only` when it names any (the queue's ticked orders).
fn chosen(pantry: Id, times: &HashMap<Id, (NaiveTime, NaiveTime)>, only: &[Id]) -> Select<order::Entity> {
    order::Entity::find()
        .filter(order::Column::PantryLocationId.eq(pantry))
        .filter(order::Column::PickupTimeId.is_in(times.keys().copied()))
        .filter(order::Column::StatusTypeId.is_not_in(CLOSED_UNSERVED.iter().map(|s| s.id())))
        .apply_if((!only.is_empty()).then_some(only), |q, only| q.filter(order::Column::Id.is_in(only.iter().copied())))
}

impl Store {
    /// The pickup times at `pantry` on `day`, those starting at or after `from` and before `to`
    /// when given (the pantry's wall clock): their starts and ends, by id.
    async fn pick_times(
        &self,
        pantry: Id,
        day: NaiveDate,
        from: Option<NaiveTime>,
        to: Option<NaiveTime>,
    ) -> StoreResult<HashMap<Id, (NaiveTime, NaiveTime)>> {
        let mut times = pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry))
            .filter(pickup_time::Column::PickupDay.eq(day));
        if let Some(from) = from {
            times = times.filter(pickup_time::Column::PickupStartTime.gte(from));
        }
        if let Some(to) = to {
            times = times.filter(pickup_time::Column::PickupStartTime.lt(to));
        }
        Ok(times
            .select_only()
            .columns([
                pickup_time::Column::Id,
                pickup_time::Column::PickupStartTime,
                pickup_time::Column::PickupEndTime,
            ])
            .into_tuple::<(Id, NaiveTime, NaiveTime)>()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|(id, starts, ends)| (id, (starts, ends)))
            .collect())
    }

    /// How many pickup orders at `pantry` on `day` (in the range) are still to be handed over,
    /// and how much of each product they take.
    pub async fn pick_totals(
        &self,
        pantry: Id,
        day: NaiveDate,
        from: Option<NaiveTime>,
        to: Option<NaiveTime>,
        only: &[Id],
    ) -> StoreResult<PickTotals> {
        let times = self.pick_times(pantry, day, from, to).await?;
        if times.is_empty() {
            return Ok(PickTotals::default());
        }
        let order_count = chosen(pantry, &times, only).count(&self.db).await?;
        if order_count == 0 {
            return Ok(PickTotals::default());
        }
        let sums: Vec<SumTuple> = order_item::Entity::find()
            .filter(
                order_item::Column::OrderId
                    .in_subquery(chosen(pantry, &times, only).select_only().column(order::Column::Id).into_query()),
            )
            .select_only()
            .columns([order_item::Column::PantryItemId, order_item::Column::InventoryItemId])
            .column_as(Expr::cust("SUM(COALESCE(packed_quantity, quantity))"), "units")
            .column_as(Expr::cust("COUNT(DISTINCT order_id)"), "orders")
            .group_by(order_item::Column::PantryItemId)
            .group_by(order_item::Column::InventoryItemId)
            .into_tuple()
            .all(&self.db)
            .await?;
        let names = super::staff::orders::product_names(&self.db, sums.iter().map(|s| s.0).collect()).await?;
        let categories = self.first_categories(sums.iter().map(|s| s.1).collect()).await?;
        let items = sums
            .into_iter()
            .map(|(item, stock, units, orders)| PickTotalRow {
                pantry_item_id: item,
                name: names.get(&item).cloned().unwrap_or_default(),
                category: categories.get(&stock).cloned(),
                units,
                orders,
            })
            .collect();
        Ok(PickTotals { order_count, items })
    }

    /// Each inventory item's first shop category, in the shop's display order.
    async fn first_categories(&self, stock_ids: Vec<Id>) -> StoreResult<HashMap<Id, (i32, String)>> {
        let mut first: HashMap<Id, (i32, String)> = HashMap::new();
        for (item, s) in super::inventory::item_subcategories(&self.db, &stock_ids).await? {
            first.entry(item).or_insert((s.sort_order, s.name));
        }
        Ok(first)
    }

    /// The pickup orders at `pantry` on `day` (in the range) still to be handed over, with their
    /// lines: their packing slips.
    pub async fn pick_slips(
        &self,
        pantry: Id,
        day: NaiveDate,
        from: Option<NaiveTime>,
        to: Option<NaiveTime>,
        only: &[Id],
    ) -> StoreResult<PickListRows> {
        let times = self.pick_times(pantry, day, from, to).await?;
        if times.is_empty() {
            return Ok(PickListRows::default());
        }
        let orders: Vec<(Id, Id, Option<Id>, Id)> = chosen(pantry, &times, only)
            .select_only()
            .columns([
                order::Column::Id,
                order::Column::UserId,
                order::Column::PickupTimeId,
                order::Column::StatusTypeId,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        if orders.is_empty() {
            return Ok(PickListRows::default());
        }
        let people: HashMap<Id, (String, String)> = user::Entity::find()
            .filter(
                user::Column::Id
                    .in_subquery(chosen(pantry, &times, only).select_only().column(order::Column::UserId).into_query()),
            )
            .select_only()
            .columns([user::Column::Id, user::Column::FirstName, user::Column::LastName])
            .into_tuple::<(Id, String, String)>()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|(id, first, last)| (id, (first, last)))
            .collect();
        let lines: Vec<LineTuple> = order_item::Entity::find()
            .filter(
                order_item::Column::OrderId
                    .in_subquery(chosen(pantry, &times, only).select_only().column(order::Column::Id).into_query()),
            )
            .select_only()
            .columns([
                order_item::Column::OrderId,
                order_item::Column::Id,
                order_item::Column::PantryItemId,
                order_item::Column::Quantity,
                order_item::Column::PackedQuantity,
                order_item::Column::IsSubstituteOk,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        let names = super::staff::orders::product_names(&self.db, lines.iter().map(|l| l.2).collect()).await?;
        let mut orders: Vec<PickOrderRow> = orders
            .into_iter()
            .filter_map(|(id, user_id, time, state)| {
                let (starts, ends) = times.get(&time?).copied()?;
                let (first_name, last_name) = people.get(&user_id).cloned().unwrap_or_default();
                let state = StatusType::from_id(state).unwrap_or(StatusType::Submitted);
                Some(PickOrderRow { id, state, first_name, last_name, starts, ends })
            })
            .collect();
        orders.sort_by_key(|o| (o.starts, o.id));
        let mut lines: Vec<PickLineRow> = lines
            .into_iter()
            .map(|(order_id, line_id, item, quantity, packed, is_substitute_ok)| PickLineRow {
                order_id,
                line_id,
                name: names.get(&item).cloned().unwrap_or_default(),
                quantity,
                packed: packed.unwrap_or(quantity),
                is_substitute_ok,
            })
            .collect();
        lines.sort_by_key(|l| (l.order_id, l.line_id));
        Ok(PickListRows { orders, lines })
    }
}
