//! What a pantry's pick list reads: the pickup orders of one day (optionally only the pickup
//! times starting in a range) that will still be handed over, and their lines. The orders are
//! chosen by subqueries, not by lists of ids, so a day of thousands of orders stays a handful of
//! statements whatever its size.
use super::{Store, StoreResult};
use crate::{
    db::entity::{inventory_item_subcategory, order, order_item, pickup_time, subcategory, user},
    domain::{Id, orders::StatusType},
};
use chrono::{NaiveDate, NaiveTime};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait};
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

/// One line of an order on the pick list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickLineRow {
    pub order_id: Id,
    pub line_id: Id,
    pub pantry_item_id: Id,
    pub name: String,
    /// The first of the item's shop categories (by their order); None when it has none.
    pub category: Option<(i32, String)>,
    pub quantity: i32,
    /// What leaves the pantry: the quantity, or less for a line marked short.
    pub packed: i32,
    pub is_substitute_ok: bool,
}

/// The day's orders and their lines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PickListRows {
    /// By pickup start, then number.
    pub orders: Vec<PickOrderRow>,
    /// By order, then line as placed.
    pub lines: Vec<PickLineRow>,
}

/// A line as read: order, line, product, inventory item, quantity, packed quantity, substitutes ok.
type LineTuple = (Id, Id, Id, Id, i32, Option<i32>, bool);

/// The states whose orders no one will pack or hand over.
const CLOSED_UNSERVED: [StatusType; 2] = [StatusType::Cancelled, StatusType::NoShow];

impl Store {
    /// The pickup orders at `pantry` on `day` that are not cancelled or no-show, those whose
    /// pickup time starts at or after `from` and before `to` when given (the pantry's wall clock).
    pub async fn pick_list(
        &self,
        pantry: Id,
        day: NaiveDate,
        from: Option<NaiveTime>,
        to: Option<NaiveTime>,
    ) -> StoreResult<PickListRows> {
        let mut times = pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry))
            .filter(pickup_time::Column::PickupDay.eq(day));
        if let Some(from) = from {
            times = times.filter(pickup_time::Column::PickupStartTime.gte(from));
        }
        if let Some(to) = to {
            times = times.filter(pickup_time::Column::PickupStartTime.lt(to));
        }
        let times: HashMap<Id, (NaiveTime, NaiveTime)> = times
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
            .collect();
        if times.is_empty() {
            return Ok(PickListRows::default());
        }
        let closed: Vec<Id> = CLOSED_UNSERVED.iter().map(|s| s.id()).collect();
        let chosen = || {
            order::Entity::find()
                .filter(order::Column::PantryLocationId.eq(pantry))
                .filter(order::Column::PickupTimeId.is_in(times.keys().copied()))
                .filter(order::Column::StatusTypeId.is_not_in(closed.clone()))
        };
        let orders: Vec<(Id, Id, Option<Id>, Id)> = chosen()
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
            .filter(user::Column::Id.in_subquery(chosen().select_only().column(order::Column::UserId).into_query()))
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
                order_item::Column::OrderId.in_subquery(chosen().select_only().column(order::Column::Id).into_query()),
            )
            .select_only()
            .columns([
                order_item::Column::OrderId,
                order_item::Column::Id,
                order_item::Column::PantryItemId,
                order_item::Column::InventoryItemId,
                order_item::Column::Quantity,
                order_item::Column::PackedQuantity,
                order_item::Column::IsSubstituteOk,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut item_ids: Vec<Id> = lines.iter().map(|l| l.2).collect();
        item_ids.sort_unstable();
        item_ids.dedup();
        let mut stock_ids: Vec<Id> = lines.iter().map(|l| l.3).collect();
        stock_ids.sort_unstable();
        stock_ids.dedup();
        let names = super::staff_orders::product_names(&self.db, item_ids).await?;
        let mut categories: HashMap<Id, (i32, String)> = HashMap::new();
        if !stock_ids.is_empty() {
            let listed: Vec<(Id, Id)> = inventory_item_subcategory::Entity::find()
                .filter(inventory_item_subcategory::Column::InventoryItemId.is_in(stock_ids))
                .select_only()
                .columns([
                    inventory_item_subcategory::Column::InventoryItemId,
                    inventory_item_subcategory::Column::SubcategoryId,
                ])
                .into_tuple()
                .all(&self.db)
                .await?;
            let all: HashMap<Id, (i32, String)> = subcategory::Entity::find()
                .select_only()
                .columns([subcategory::Column::Id, subcategory::Column::SortOrder, subcategory::Column::Name])
                .into_tuple::<(Id, i32, String)>()
                .all(&self.db)
                .await?
                .into_iter()
                .map(|(id, sort, name)| (id, (sort, name)))
                .collect();
            for (stock, sub) in listed {
                let Some(found) = all.get(&sub) else { continue };
                let entry = categories.entry(stock).or_insert_with(|| found.clone());
                if found < entry {
                    *entry = found.clone();
                }
            }
        }
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
            .map(|(order_id, line_id, item, stock, quantity, packed, is_substitute_ok)| PickLineRow {
                order_id,
                line_id,
                pantry_item_id: item,
                name: names.get(&item).cloned().unwrap_or_default(),
                category: categories.get(&stock).cloned(),
                quantity,
                packed: packed.unwrap_or(quantity),
                is_substitute_ok,
            })
            .collect();
        lines.sort_by_key(|l| (l.order_id, l.line_id));
        Ok(PickListRows { orders, lines })
    }
}
