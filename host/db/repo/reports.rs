//! What the monthly report reads and writes: the report summary every order write keeps (below)
//! and the month's counts summed from it, with the places and people they are counted by (the
//! TEFAP records are in `tefap_records`).
use super::{Store, StoreResult, param};
use crate::{
    db::entity::{food_bank, order, pantry_location, report_order, tefap_record},
    domain::{
        Id,
        orders::StatusType,
        reports::{AgeGroups, DayCounts},
        time::local_today,
    },
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    Statement, Value, sea_query::OnConflict,
};
use std::collections::HashMap;

/// Whose orders a report reads.
#[derive(Debug, Clone)]
pub enum ReportScope {
    /// Every order of these food banks (an admin's).
    FoodBanks(Vec<Id>),
    /// The orders of these pantries (pantry staff's).
    Pantries(Vec<Id>),
}

/// A place a report counts at, with its time zone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportPlaceRow {
    pub id: Id,
    pub food_bank_id: Id,
    pub name: String,
    pub time_zone: String,
}

/// One day's counts at one place (a pantry, or a food bank as a whole).
#[derive(Debug, Clone, PartialEq)]
pub struct ReportDayRow {
    /// The pantry's id, or the food bank's.
    pub place: Id,
    pub day: NaiveDate,
    pub counts: DayCounts,
}

/// A place's households of the month: each counted once, and those new to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportHouseholdsRow {
    pub place: Id,
    pub households: u32,
    pub new_households: u32,
}

/// A household picked up from in the month that has a TEFAP record of it with its people by age.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ServedRow {
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub user_id: Id,
}

/// What a report row counts by: each pantry, or each food bank as a whole (its pantries and its
/// deliveries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReportLevel {
    Pantry,
    FoodBank,
}

impl ReportLevel {
    fn column(self) -> &'static str {
        match self {
            Self::Pantry => "pantry_location_id",
            Self::FoodBank => "food_bank_id",
        }
    }
}

/// [`param`] for one backend.
fn placeholder(backend: DbBackend) -> impl Fn(usize) -> String {
    move |i: usize| param(backend, i)
}

fn scope_sql(
    scope: &ReportScope,
    column_prefix: &str,
    p: &dyn Fn(usize) -> String,
    first: usize,
) -> (String, Vec<Value>) {
    let (column, ids) = match scope {
        ReportScope::FoodBanks(ids) => ("food_bank_id", ids),
        ReportScope::Pantries(ids) => ("pantry_location_id", ids),
    };
    if ids.is_empty() {
        return ("1 = 0".to_owned(), Vec::new());
    }
    let marks: Vec<String> = (0..ids.len()).map(|i| p(first + i)).collect();
    (format!("{column_prefix}{column} IN ({})", marks.join(", ")), ids.iter().map(|id| (*id).into()).collect())
}

impl Store {
    /// The food banks' own rows (their name and time zone), by id.
    pub async fn report_food_banks(&self, ids: Vec<Id>) -> StoreResult<Vec<ReportPlaceRow>> {
        let rows: Vec<(Id, String, String)> = food_bank::Entity::find()
            .filter(food_bank::Column::Id.is_in(ids))
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::Name, food_bank::Column::TimeZone])
            .order_by_asc(food_bank::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, name, time_zone)| ReportPlaceRow { id, food_bank_id: id, name, time_zone })
            .collect())
    }

    /// The pantries, with their food bank, name and time zone, by name.
    pub async fn report_pantries(&self, ids: Vec<Id>) -> StoreResult<Vec<ReportPlaceRow>> {
        let rows: Vec<(Id, Id, String, String)> = pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(ids))
            .select_only()
            .columns([
                pantry_location::Column::Id,
                pantry_location::Column::FoodBankId,
                pantry_location::Column::Label,
                pantry_location::Column::TimeZone,
            ])
            .order_by_asc(pantry_location::Column::Label)
            .order_by_asc(pantry_location::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, food_bank_id, name, time_zone)| ReportPlaceRow { id, food_bank_id, name, time_zone })
            .collect())
    }

    /// Each household's people by age in the month (`[first, next)`), from its latest TEFAP record
    /// there that has them.
    pub async fn report_people(
        &self,
        scope: &ReportScope,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<HashMap<Id, AgeGroups>> {
        let mut q = tefap_record::Entity::find()
            .filter(tefap_record::Column::ServedOn.gte(first))
            .filter(tefap_record::Column::ServedOn.lt(next))
            .filter(tefap_record::Column::Children.is_not_null());
        q = match scope {
            ReportScope::FoodBanks(ids) => q.filter(tefap_record::Column::FoodBankId.is_in(ids.clone())),
            ReportScope::Pantries(ids) => q.filter(tefap_record::Column::PantryLocationId.is_in(ids.clone())),
        };
        // (household, children, adults, seniors)
        type AgeRow = (Id, Option<i32>, Option<i32>, Option<i32>);
        let rows: Vec<AgeRow> = q
            .select_only()
            .columns([
                tefap_record::Column::UserId,
                tefap_record::Column::Children,
                tefap_record::Column::Adults,
                tefap_record::Column::Seniors,
            ])
            .order_by_asc(tefap_record::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        let n = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok()).unwrap_or(0);
        Ok(rows
            .into_iter()
            .map(|(user, c, a, s)| (user, AgeGroups { children: n(c), adults: n(a), seniors: n(s) }))
            .collect())
    }
}

// The report summary: `report_orders` holds, for every order, what the monthly report counts of
// it: its food bank and pantry, its household, the local day it was placed on (the pantry's, or
// the food bank's for a delivery), its state, and its units and pounds (packed where packing
// changed them; pounds from the line's weight, else the product's size when that is a weight).
//
// Why a summary the writes keep rather than indexes over the orders (the first try): the report
// then joins every order of the month to its lines, products and units and converts each order's
// time to its pantry's day, which indexes cannot save; the summary row has them worked out once,
// when the order changes. Why not a materialised view: SQLite has none, and PostgreSQL refreshes
// one whole (the million orders again) and shows nothing new in between, where staff expect the
// report to count a pick-up as soon as it is marked.
//
// Every write of an order or its lines calls [`Write::summarise_orders`] in its own transaction
// after the change (placing, cancelling, moving, packing, every change of state), which rewrites
// the order's row from the order as it now is: no write has to know what its change did to any
// count, and a write that forgot would still be put right by the next one. Counts per pantry and
// day are summed from these rows by the database (an index on the food bank or pantry and day),
// which also counts each household once a month and finds whether it came to the place before.
// What a summary row does not follow: a later change of a product's size, or of a pantry's time
// zone, leaves the rows of orders already placed as they were.

/// The statement that works out the summary rows of the orders `filter` (on `o.`) picks.
fn summary_sql(filter: &str) -> String {
    format!(
        "SELECT o.id, o.food_bank_id, o.pantry_location_id, o.user_id, hu.household_id, o.status_type_id, \
         o.created_at, COALESCE(pl.time_zone, fb.time_zone) AS time_zone, \
         CAST(COALESCE(SUM(COALESCE(oi.packed_quantity, oi.quantity)), 0) AS BIGINT) AS units, \
         CAST(COALESCE(SUM(COALESCE(oi.packed_quantity, oi.quantity) * CASE \
           WHEN oi.weight_pounds > 0 THEN oi.weight_pounds \
           WHEN LOWER(u.name) = 'lb' THEN COALESCE(pi.amount, 0.0) \
           WHEN LOWER(u.name) = 'oz' THEN COALESCE(pi.amount, 0.0) / 16.0 \
           ELSE 0.0 END), 0.0) AS DOUBLE PRECISION) AS pounds \
         FROM orders o \
         JOIN food_banks fb ON fb.id = o.food_bank_id \
         JOIN users hu ON hu.id = o.user_id \
         LEFT JOIN pantry_locations pl ON pl.id = o.pantry_location_id \
         LEFT JOIN order_items oi ON oi.order_id = o.id \
         LEFT JOIN pantry_items pi ON pi.id = oi.pantry_item_id \
         LEFT JOIN unit_of_measures u ON u.id = pi.unit_of_measure_id \
         WHERE {filter} \
         GROUP BY o.id, o.food_bank_id, o.pantry_location_id, o.user_id, hu.household_id, o.status_type_id, \
         o.created_at, pl.time_zone, fb.time_zone"
    )
}

/// Rewrites the summary rows of the orders `filter` picks (with its bound `values`) from the
/// orders as they are now.
async fn summarise<C: ConnectionTrait>(c: &C, filter: &str, values: Vec<Value>) -> StoreResult<()> {
    let backend = c.get_database_backend();
    let rows = c.query_all_raw(Statement::from_sql_and_values(backend, summary_sql(filter), values)).await?;
    let mut models = Vec::with_capacity(rows.len());
    for row in rows {
        let created_at: DateTime<Utc> = row.try_get("", "created_at")?;
        let time_zone: String = row.try_get("", "time_zone")?;
        models.push(report_order::ActiveModel {
            order_id: Set(row.try_get("", "id")?),
            food_bank_id: Set(row.try_get("", "food_bank_id")?),
            pantry_location_id: Set(row.try_get("", "pantry_location_id")?),
            user_id: Set(row.try_get("", "user_id")?),
            day: Set(local_today(created_at, super::shopping::parse_tz(&time_zone))),
            status_type_id: Set(row.try_get("", "status_type_id")?),
            units: Set(row.try_get("", "units")?),
            pounds: Set(row.try_get("", "pounds")?),
            household_id: Set(row.try_get("", "household_id")?),
        });
    }
    use report_order::Column as Col;
    // 9 values a row: well under either database's limit of parameters a statement.
    for chunk in models.chunks(1000) {
        report_order::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::column(Col::OrderId)
                    .update_columns([
                        Col::FoodBankId,
                        Col::PantryLocationId,
                        Col::UserId,
                        Col::Day,
                        Col::StatusTypeId,
                        Col::Units,
                        Col::Pounds,
                        Col::HouseholdId,
                    ])
                    .to_owned(),
            )
            .exec_without_returning(c)
            .await?;
    }
    Ok(())
}

/// Rewrites the summary rows of every order from id `from` on, a few thousand orders a
/// statement: the migration that made the summary, and bulk seeding.
pub(crate) async fn summarise_orders_from<C: ConnectionTrait>(c: &C, from: Id) -> StoreResult<()> {
    const BATCH: Id = 5000;
    let last = order::Entity::find()
        .select_only()
        .column_as(order::Column::Id.max(), "last")
        .into_tuple::<Option<Id>>()
        .one(c)
        .await?
        .flatten();
    let Some(last) = last else { return Ok(()) };
    let mut start = from;
    while start <= last {
        summarise(c, &format!("o.id >= {start} AND o.id < {}", start + BATCH), Vec::new()).await?;
        start += BATCH;
    }
    Ok(())
}

/// Rewrites the summary rows of these orders.
pub(crate) async fn summarise_ids<C: ConnectionTrait>(c: &C, order_ids: &[Id]) -> StoreResult<()> {
    if order_ids.is_empty() {
        return Ok(());
    }
    // Bound, not written as literals: the text then depends on the count alone (one, for most
    // writes), so each connection prepares it once; on PostgreSQL a text per order was parsed
    // and planned afresh, the costliest statement of placing an order (1 ms of 7).
    // 500 a statement: well under either database's limit of parameters.
    let mark = placeholder(c.get_database_backend());
    for ids in order_ids.chunks(500) {
        let marks: Vec<String> = (1..=ids.len()).map(&mark).collect();
        let values = ids.iter().map(|id| Value::from(*id)).collect();
        summarise(c, &format!("o.id IN ({})", marks.join(", ")), values).await?;
    }
    Ok(())
}

impl super::Write {
    /// Brings the report summary rows of these orders up to date with them: every write of an
    /// order or its lines calls it after its change (see above).
    pub async fn summarise_orders(&self, order_ids: &[Id]) -> StoreResult<()> {
        summarise_ids(&self.db, order_ids).await
    }
}

/// A count the database may give as a 32- or 64-bit integer.
fn count(row: &sea_orm::QueryResult, column: &str) -> StoreResult<u32> {
    let n: i64 = match row.try_get::<i64>("", column) {
        Ok(n) => n,
        Err(_) => i64::from(row.try_get::<i32>("", column)?),
    };
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

impl Store {
    async fn report_rows(&self, sql: String, values: Vec<Value>) -> StoreResult<Vec<sea_orm::QueryResult>> {
        let backend = self.db.get_database_backend();
        Ok(self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?)
    }

    /// The counts of each day of `[first, next)` at each place of the scope, by pantry or by
    /// food bank, from the summary.
    pub async fn report_days(
        &self,
        scope: &ReportScope,
        level: ReportLevel,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<ReportDayRow>> {
        let p = placeholder(self.db.get_database_backend());
        let (filter, mut values) = scope_sql(scope, "", &p, 3);
        let place = level.column();
        let (done, missed) = (StatusType::Completed.id(), StatusType::NoShow.id());
        // Orders and walk-in visits side by side; a household is counted once a day across both
        // (an order's household is its account's, or the account itself before it had one).
        let sql = format!(
            "SELECT place, day, CAST(SUM(orders) AS BIGINT) AS orders, \
             CAST(SUM(picked_up) AS BIGINT) AS picked_up, CAST(SUM(no_shows) AS BIGINT) AS no_shows, \
             CAST(SUM(delivered) AS BIGINT) AS delivered, CAST(SUM(not_delivered) AS BIGINT) AS not_delivered, \
             CAST(SUM(visits) AS BIGINT) AS visits, CAST(COUNT(DISTINCT hh) AS BIGINT) AS households, \
             CAST(SUM(units) AS BIGINT) AS units, CAST(SUM(pounds) AS DOUBLE PRECISION) AS pounds FROM ( \
             SELECT {place} AS place, day, 1 AS orders, \
             CASE WHEN status_type_id = {done} THEN 1 ELSE 0 END AS picked_up, \
             CASE WHEN status_type_id = {missed} THEN 1 ELSE 0 END AS no_shows, \
             CASE WHEN status_type_id = {done} AND pantry_location_id IS NULL THEN 1 ELSE 0 END AS delivered, \
             CASE WHEN status_type_id = {missed} AND pantry_location_id IS NULL THEN 1 ELSE 0 END AS not_delivered, \
             0 AS visits, \
             COALESCE(household_id, -user_id) AS hh, \
             CASE WHEN status_type_id = {done} THEN units ELSE 0 END AS units, \
             CASE WHEN status_type_id = {done} THEN pounds ELSE 0.0 END AS pounds \
             FROM report_orders WHERE day >= {first} AND day < {next} AND {filter} AND {place} IS NOT NULL \
             UNION ALL \
             SELECT {place}, day, 0, 0, 0, 0, 0, 1, household_id, units, pounds \
             FROM visits WHERE day >= {first} AND day < {next} AND {filter}) x \
             GROUP BY place, day",
            first = p(1),
            next = p(2),
        );
        let mut all: Vec<Value> = vec![first.into(), next.into()];
        all.append(&mut values);
        self.report_rows(sql, all)
            .await?
            .into_iter()
            .map(|row| {
                Ok(ReportDayRow {
                    place: row.try_get("", "place")?,
                    day: row.try_get("", "day")?,
                    counts: DayCounts {
                        orders: count(&row, "orders")?,
                        picked_up: count(&row, "picked_up")?,
                        no_shows: count(&row, "no_shows")?,
                        delivered: count(&row, "delivered")?,
                        not_delivered: count(&row, "not_delivered")?,
                        visits: count(&row, "visits")?,
                        households: count(&row, "households")?,
                        units: row.try_get("", "units")?,
                        pounds: row.try_get("", "pounds")?,
                    },
                })
            })
            .collect()
    }

    /// Each place's households of `[first, next)`, and of them those that never ordered there
    /// before `first` (one probe of the summary's (user, place, day) index each).
    pub async fn report_households(
        &self,
        scope: &ReportScope,
        level: ReportLevel,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<ReportHouseholdsRow>> {
        let p = placeholder(self.db.get_database_backend());
        let (filter, mut values) = scope_sql(scope, "", &p, 4);
        let place = level.column();
        let sql = format!(
            "SELECT m.place, CAST(COUNT(*) AS BIGINT) AS households, \
             CAST(SUM(CASE WHEN EXISTS (SELECT 1 FROM report_orders e WHERE e.household_id = m.hh \
               AND e.{place} = m.place AND e.day < {before}) \
             OR EXISTS (SELECT 1 FROM visits v WHERE v.household_id = m.hh \
               AND v.{place} = m.place AND v.day < {before}) THEN 0 ELSE 1 END) AS BIGINT) AS new_households \
             FROM (SELECT {place} AS place, COALESCE(household_id, -user_id) AS hh FROM report_orders \
               WHERE day >= {first} AND day < {next} AND {filter} AND {place} IS NOT NULL \
               UNION SELECT {place}, household_id FROM visits \
               WHERE day >= {first} AND day < {next} AND {filter}) m \
             GROUP BY m.place",
            before = p(1),
            first = p(2),
            next = p(3),
        );
        let mut all: Vec<Value> = vec![first.into(), first.into(), next.into()];
        all.append(&mut values);
        self.report_rows(sql, all)
            .await?
            .into_iter()
            .map(|row| {
                Ok(ReportHouseholdsRow {
                    place: row.try_get("", "place")?,
                    households: count(&row, "households")?,
                    new_households: count(&row, "new_households")?,
                })
            })
            .collect()
    }

    /// The households picked up from in `[first, next)` (each once a pantry, or a food bank's
    /// delivery) that have a TEFAP record of the month with their people by age.
    pub async fn report_served(
        &self,
        scope: &ReportScope,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<ServedRow>> {
        let p = placeholder(self.db.get_database_backend());
        let (filter, mut values) = scope_sql(scope, "f.", &p, 5);
        let sql = format!(
            // The scope's filter last: SQLite's `?` bind in the order they are written.
            "SELECT DISTINCT f.food_bank_id, f.pantry_location_id, f.user_id FROM report_orders f \
             WHERE f.day >= {} AND f.day < {} AND f.status_type_id = {} \
             AND EXISTS (SELECT 1 FROM tefap_records r WHERE r.user_id = f.user_id \
               AND r.served_on >= {} AND r.served_on < {} AND r.children IS NOT NULL) AND {filter}",
            p(1),
            p(2),
            StatusType::Completed.id(),
            p(3),
            p(4),
        );
        let mut all: Vec<Value> = vec![first.into(), next.into(), first.into(), next.into()];
        all.append(&mut values);
        self.report_rows(sql, all)
            .await?
            .into_iter()
            .map(|row| {
                Ok(ServedRow {
                    food_bank_id: row.try_get("", "food_bank_id")?,
                    pantry_id: row.try_get("", "pantry_location_id")?,
                    user_id: row.try_get("", "user_id")?,
                })
            })
            .collect()
    }
}
