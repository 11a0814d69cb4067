//! What the staff console reads beside its pages' own rows: the pantry each person last chose,
//! the day's tally per pickup time or delivery window and state (one grouped query per site, so
//! a day of 300 orders is a few dozen rows), the items at or under their low-stock level, and
//! the orders a search in the console names, across every day.
use crate::db::repo::{Store, StoreResult, staff::orders::QueueSite};
use crate::{
    db::entity::{inventory_item, pantry_item, staff_choice},
    domain::{Id, orders::StatusType},
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement, Value,
    sea_query::{Expr, ExprTrait, OnConflict},
};

/// A pickup time or delivery window of the day: its room and its orders by state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotTally {
    pub starts: NaiveTime,
    pub ends: NaiveTime,
    pub capacity: Option<i32>,
    pub booked: i32,
    pub counts: Vec<(StatusType, i64)>,
}

/// An item at or under the level its pantry set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LowItem {
    pub id: Id,
    pub product: String,
    pub quantity: i32,
    pub low_at: i32,
}

/// The most orders a console search lists: a number names one; a name a few households.
pub const FOUND_AT_MOST: u64 = 20;

impl Store {
    pub async fn remembered_pantry(&self, user_id: Id) -> StoreResult<Option<Id>> {
        Ok(staff_choice::Entity::find_by_id(user_id).one(&self.db).await?.map(|c| c.pantry_location_id))
    }

    pub async fn remember_pantry(&self, user_id: Id, pantry_id: Id, at: DateTime<Utc>) -> StoreResult<()> {
        staff_choice::Entity::insert(staff_choice::ActiveModel {
            user_id: sea_orm::Set(user_id),
            pantry_location_id: sea_orm::Set(pantry_id),
            chosen_at: sea_orm::Set(at),
        })
        .on_conflict(
            OnConflict::column(staff_choice::Column::UserId)
                .update_columns([staff_choice::Column::PantryLocationId, staff_choice::Column::ChosenAt])
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// The site's pickup times (or delivery windows) of the day in time order, each with its
    /// orders counted by state: one grouped query.
    pub async fn day_tally(&self, site: QueueSite, day: NaiveDate) -> StoreResult<Vec<SlotTally>> {
        let backend = self.db.get_database_backend();
        let p = |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() };
        let (sql, values): (String, Vec<Value>) = match site {
            QueueSite::Pantry(pantry) => (
                format!(
                    "SELECT t.id, t.pickup_start_time AS starts, t.pickup_end_time AS ends, t.capacity, t.booked, \
                     o.status_type_id, COUNT(o.id) AS n \
                     FROM pickup_times t LEFT JOIN orders o \
                     ON o.pickup_time_id = t.id AND o.pantry_location_id = t.pantry_location_id \
                     WHERE t.pantry_location_id = {} AND t.pickup_day = {} \
                     GROUP BY t.id, t.pickup_start_time, t.pickup_end_time, t.capacity, t.booked, o.status_type_id \
                     ORDER BY starts, ends, t.id",
                    p(1),
                    p(2)
                ),
                vec![pantry.into(), day.into()],
            ),
            QueueSite::Delivery(bank) => (
                format!(
                    "SELECT t.id, t.delivery_start_time AS starts, t.delivery_end_time AS ends, t.capacity, t.booked, \
                     o.status_type_id, COUNT(o.id) AS n \
                     FROM delivery_times t LEFT JOIN orders o ON o.delivery_time_id = t.id \
                     WHERE t.food_bank_id = {} AND t.delivery_day = {} \
                     GROUP BY t.id, t.delivery_start_time, t.delivery_end_time, t.capacity, t.booked, o.status_type_id \
                     ORDER BY starts, ends, t.id",
                    p(1),
                    p(2)
                ),
                vec![bank.into(), day.into()],
            ),
        };
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
        let mut out: Vec<(Id, SlotTally)> = Vec::new();
        for row in rows {
            let id: Id = row.try_get("", "id")?;
            let status: Option<Id> = row.try_get("", "status_type_id")?;
            let n: i64 = row.try_get("", "n")?;
            if out.last().is_none_or(|(last, _)| *last != id) {
                out.push((
                    id,
                    SlotTally {
                        starts: row.try_get("", "starts")?,
                        ends: row.try_get("", "ends")?,
                        capacity: row.try_get("", "capacity")?,
                        booked: row.try_get("", "booked")?,
                        counts: Vec::new(),
                    },
                ));
            }
            if let (Some(state), Some((_, tally))) = (status.and_then(StatusType::from_id), out.last_mut()) {
                tally.counts.push((state, n));
            }
        }
        Ok(out.into_iter().map(|(_, t)| t).collect())
    }

    /// The pantry's active items at or under their low-stock level, the emptiest first.
    pub async fn running_low(&self, pantry_id: Id) -> StoreResult<Vec<LowItem>> {
        let rows: Vec<(Id, String, i32, Option<i32>)> = inventory_item::Entity::find()
            .inner_join(pantry_item::Entity)
            .filter(inventory_item::Column::PantryLocationId.eq(pantry_id))
            .filter(inventory_item::Column::IsActive.eq(true))
            .filter(inventory_item::Column::LowAt.is_not_null())
            .filter(
                Expr::col((inventory_item::Entity, inventory_item::Column::Quantity))
                    .lte(Expr::col((inventory_item::Entity, inventory_item::Column::LowAt))),
            )
            .select_only()
            .column(inventory_item::Column::Id)
            .column(pantry_item::Column::Name)
            .column(inventory_item::Column::Quantity)
            .column(inventory_item::Column::LowAt)
            .order_by_asc(inventory_item::Column::Quantity)
            .order_by_asc(pantry_item::Column::Name)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, product, quantity, low_at)| LowItem { id, product, quantity, low_at: low_at.unwrap_or(0) })
            .collect())
    }

    /// Sets an item's low-stock level (None: never flagged); false when the pantry has no such item.
    pub async fn set_low_at(&self, pantry_id: Id, item_id: Id, low_at: Option<i32>) -> StoreResult<bool> {
        let done = inventory_item::Entity::update_many()
            .col_expr(inventory_item::Column::LowAt, Expr::value(low_at))
            .filter(inventory_item::Column::Id.eq(item_id))
            .filter(inventory_item::Column::PantryLocationId.eq(pantry_id))
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// The orders, newest first, at these pantries (pickup) or of these food banks (delivery),
    /// that have the number `number` or whose shopper's name holds `name` or phone holds
    /// `phone_digits`: every day, at most [`FOUND_AT_MOST`].
    pub async fn find_orders(
        &self,
        pantries: Vec<Id>,
        food_banks: Vec<Id>,
        number: Option<Id>,
        name: &str,
        phone_digits: Option<&str>,
    ) -> StoreResult<Vec<Id>> {
        if pantries.is_empty() && food_banks.is_empty() {
            return Ok(Vec::new());
        }
        let backend = self.db.get_database_backend();
        let mut values: Vec<Value> = Vec::new();
        let mut p = |v: Value| {
            values.push(v);
            if backend == DbBackend::Postgres { format!("${}", values.len()) } else { "?".to_owned() }
        };
        let list = |ids: &[Id], p: &mut dyn FnMut(Value) -> String| {
            ids.iter().map(|id| p((*id).into())).collect::<Vec<_>>().join(", ")
        };
        let mut places = Vec::new();
        if !pantries.is_empty() {
            places.push(format!("o.pantry_location_id IN ({})", list(&pantries, &mut p)));
        }
        if !food_banks.is_empty() {
            places
                .push(format!("(o.pantry_location_id IS NULL AND o.food_bank_id IN ({}))", list(&food_banks, &mut p)));
        }
        // The needle is matched as typed, lower-cased; LIKE's own wildcards in it match themselves.
        let needle = format!("%{}%", escape_like(&name.to_lowercase()));
        let mut which =
            vec![format!("LOWER(u.first_name || ' ' || u.last_name) LIKE {} ESCAPE '\\'", p(needle.into()))];
        if let Some(n) = number {
            which.push(format!("o.id = {}", p(n.into())));
        }
        if let Some(digits) = phone_digits {
            // Phones are stored in the form's mask, "(614) 555-0142": compared by their digits.
            which.push(format!(
                "REPLACE(REPLACE(REPLACE(REPLACE(u.phone_number, '(', ''), ')', ''), ' ', ''), '-', '') LIKE {}",
                p(format!("%{digits}%").into())
            ));
        }
        let sql = format!(
            "SELECT o.id FROM orders o JOIN users u ON u.id = o.user_id WHERE ({}) AND ({}) ORDER BY o.id DESC LIMIT {}",
            places.join(" OR "),
            which.join(" OR "),
            FOUND_AT_MOST
        );
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
        rows.into_iter().map(|row| Ok(row.try_get::<Id>("", "id")?)).collect()
    }
}

fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}
