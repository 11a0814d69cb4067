//! What the monthly report and the TEFAP records read and write: the facts a placed order's TEFAP
//! record is taken from, the record itself, and the month's orders read lean (one row per order,
//! its units and pounds summed by the database) with the places and people they are counted by.
use super::{Store, StoreResult};
use crate::{
    db::entity::{
        food_bank, inventory_item, order, order_item, pantry_location, survey_answer, tefap_record, tefap_response,
        user,
    },
    domain::{Id, inventory::Source, reports::AgeGroups},
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement, Value,
};
use std::collections::{HashMap, HashSet};

/// What a placed order's TEFAP record is taken from.
#[derive(Debug, Clone)]
pub struct TefapFacts {
    pub user_id: Id,
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub first_name: String,
    pub last_name: String,
    /// The pantry's time zone, or the food bank's for a delivery.
    pub time_zone: String,
    /// The answers of the shopper's latest eligible TEFAP response, as stored.
    pub answers: Option<serde_json::Value>,
    /// The checkout survey's "How many people live in your household?".
    pub survey_household: Option<i32>,
}

/// A TEFAP record to write.
#[derive(Debug, Clone)]
pub struct NewTefapRecord {
    pub order_id: Id,
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub user_id: Id,
    pub recipient_name: String,
    pub household_size: Option<i32>,
    pub basis: Option<String>,
    pub is_homeless: bool,
    pub ages: Option<AgeGroups>,
    pub served_on: NaiveDate,
    pub keep_until: NaiveDate,
    pub at: DateTime<Utc>,
}

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

/// One order of the month, read lean.
#[derive(Debug, Clone, PartialEq)]
pub struct ReportOrderRow {
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub user_id: Id,
    pub status_type_id: Id,
    pub created_at: DateTime<Utc>,
    pub units: i64,
    pub pounds: f64,
}

/// The households of the month that ordered before it: at the same pantry, and at the food bank.
#[derive(Debug, Clone, Default)]
pub struct EarlierHouseholds {
    pub at_pantry: HashSet<(Id, Id)>,
    pub at_food_bank: HashSet<(Id, Id)>,
}

/// `$n` on PostgreSQL, `?` on SQLite.
fn placeholder(backend: DbBackend) -> impl Fn(usize) -> String {
    move |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() }
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

impl super::Write {
    /// What the TEFAP record of `order_id` is taken from; None when none of its lines is TEFAP stock.
    pub async fn tefap_facts(&self, order_id: Id) -> StoreResult<Option<TefapFacts>> {
        let c = &self.db;
        let Some(o) = order::Entity::find_by_id(order_id).one(c).await? else { return Ok(None) };
        let stock: Vec<Id> = order_item::Entity::find()
            .filter(order_item::Column::OrderId.eq(order_id))
            .select_only()
            .column(order_item::Column::InventoryItemId)
            .into_tuple()
            .all(c)
            .await?;
        let sources: Vec<Option<String>> = inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(stock))
            .select_only()
            .column(inventory_item::Column::SourceCode)
            .into_tuple()
            .all(c)
            .await?;
        if !sources.iter().any(|s| Source::is_tefap(s.as_deref())) {
            return Ok(None);
        }
        let Some(u) = user::Entity::find_by_id(o.user_id).one(c).await? else { return Ok(None) };
        let time_zone = match o.pantry_location_id {
            Some(p) => pantry_location::Entity::find_by_id(p).one(c).await?.map(|p| p.time_zone),
            None => food_bank::Entity::find_by_id(o.food_bank_id).one(c).await?.map(|b| b.time_zone),
        };
        let answers = tefap_response::Entity::find()
            .filter(tefap_response::Column::UserId.eq(o.user_id))
            .filter(tefap_response::Column::IsEligible.eq(true))
            .order_by_desc(tefap_response::Column::CreatedAt)
            .order_by_desc(tefap_response::Column::Id)
            .one(c)
            .await?
            .map(|r| r.answers);
        let survey_household = survey_answer::Entity::find()
            .filter(survey_answer::Column::UserId.eq(o.user_id))
            .one(c)
            .await?
            .and_then(|s| s.household_members);
        Ok(Some(TefapFacts {
            user_id: o.user_id,
            food_bank_id: o.food_bank_id,
            pantry_id: o.pantry_location_id,
            first_name: u.first_name,
            last_name: u.last_name,
            time_zone: time_zone.unwrap_or_default(),
            answers,
            survey_household,
        }))
    }

    pub async fn insert_tefap_record(&self, r: NewTefapRecord) -> StoreResult<()> {
        let count = |n: Option<u32>| n.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        tefap_record::Entity::insert(tefap_record::ActiveModel {
            id: NotSet,
            order_id: Set(r.order_id),
            food_bank_id: Set(r.food_bank_id),
            pantry_location_id: Set(r.pantry_id),
            user_id: Set(r.user_id),
            recipient_name: Set(r.recipient_name),
            household_size: Set(r.household_size),
            eligibility_basis: Set(r.basis),
            is_homeless: Set(r.is_homeless),
            children: Set(count(r.ages.map(|a| a.children))),
            adults: Set(count(r.ages.map(|a| a.adults))),
            seniors: Set(count(r.ages.map(|a| a.seniors))),
            served_on: Set(r.served_on),
            keep_until: Set(r.keep_until),
            created_at: Set(r.at),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }
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

    /// The orders placed in `[from, to)` within the scope, each with the units it asked for (or
    /// packed, where packing changed them) and their pounds: the stock row's weight per unit where
    /// it has one, else the product's size when that is a weight (lb, or oz / 16), else none.
    /// Read through `ix_orders_food_bank_id_created_at` or `ix_orders_pantry_location_id_created_at`.
    pub async fn report_orders(
        &self,
        scope: &ReportScope,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> StoreResult<Vec<ReportOrderRow>> {
        let p = placeholder(self.db.get_database_backend());
        let (filter, mut values) = scope_sql(scope, "o.", &p, 3);
        let sql = format!(
            "SELECT o.id, o.food_bank_id, o.pantry_location_id, o.user_id, o.status_type_id, o.created_at, \
             COALESCE(SUM(COALESCE(oi.packed_quantity, oi.quantity)), 0) AS units, \
             COALESCE(SUM(COALESCE(oi.packed_quantity, oi.quantity) * CASE \
               WHEN oi.weight_pounds > 0 THEN oi.weight_pounds \
               WHEN LOWER(u.name) = 'lb' THEN COALESCE(pi.amount, 0.0) \
               WHEN LOWER(u.name) = 'oz' THEN COALESCE(pi.amount, 0.0) / 16.0 \
               ELSE 0.0 END), 0.0) AS pounds \
             FROM orders o \
             LEFT JOIN order_items oi ON oi.order_id = o.id \
             LEFT JOIN pantry_items pi ON pi.id = oi.pantry_item_id \
             LEFT JOIN unit_of_measures u ON u.id = pi.unit_of_measure_id \
             WHERE o.created_at >= {} AND o.created_at < {} AND {filter} \
             GROUP BY o.id, o.food_bank_id, o.pantry_location_id, o.user_id, o.status_type_id, o.created_at",
            p(1),
            p(2),
        );
        let mut all: Vec<Value> = vec![from.into(), to.into()];
        all.append(&mut values);
        let backend = self.db.get_database_backend();
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, all)).await?;
        rows.into_iter()
            .map(|row| -> StoreResult<ReportOrderRow> {
                let units: i64 = match row.try_get::<i64>("", "units") {
                    Ok(n) => n,
                    // PostgreSQL sums integers as numeric.
                    Err(_) => row.try_get::<f64>("", "units").map(|f| f as i64).unwrap_or_default(),
                };
                Ok(ReportOrderRow {
                    food_bank_id: row.try_get("", "food_bank_id")?,
                    pantry_id: row.try_get("", "pantry_location_id")?,
                    user_id: row.try_get("", "user_id")?,
                    status_type_id: row.try_get("", "status_type_id")?,
                    created_at: row.try_get("", "created_at")?,
                    units,
                    pounds: row.try_get("", "pounds")?,
                })
            })
            .collect()
    }

    /// Of the households with an order in `[from, to)`, those that ordered before `from`: at the
    /// same pantry (`(pantry, user)`) and at the same food bank (`(food bank, user)`). Each is one
    /// probe of an index on `(user_id, pantry_location_id, created_at)` or `(user_id, created_at)`.
    pub async fn earlier_households(
        &self,
        scope: &ReportScope,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> StoreResult<EarlierHouseholds> {
        let p = placeholder(self.db.get_database_backend());
        let (filter, mut values) = scope_sql(scope, "", &p, 5);
        let sql = format!(
            "SELECT m.pantry_location_id, m.food_bank_id, m.user_id, \
             CASE WHEN EXISTS (SELECT 1 FROM orders e WHERE e.user_id = m.user_id \
               AND e.pantry_location_id = m.pantry_location_id AND e.created_at < {}) THEN 1 ELSE 0 END AS at_pantry, \
             CASE WHEN EXISTS (SELECT 1 FROM orders e WHERE e.user_id = m.user_id \
               AND e.food_bank_id = m.food_bank_id AND e.created_at < {}) THEN 1 ELSE 0 END AS at_bank \
             FROM (SELECT DISTINCT pantry_location_id, food_bank_id, user_id FROM orders \
               WHERE created_at >= {} AND created_at < {} AND {filter}) m",
            p(1),
            p(2),
            p(3),
            p(4),
        );
        let mut all: Vec<Value> = vec![from.into(), from.into(), from.into(), to.into()];
        all.append(&mut values);
        let backend = self.db.get_database_backend();
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, all)).await?;
        let mut out = EarlierHouseholds::default();
        for row in rows {
            let pantry: Option<Id> = row.try_get("", "pantry_location_id")?;
            let bank: Id = row.try_get("", "food_bank_id")?;
            let user: Id = row.try_get("", "user_id")?;
            let at_pantry: i32 = row.try_get("", "at_pantry")?;
            let at_bank: i32 = row.try_get("", "at_bank")?;
            if let (Some(pantry), 1) = (pantry, at_pantry) {
                out.at_pantry.insert((pantry, user));
            }
            if at_bank == 1 {
                out.at_food_bank.insert((bank, user));
            }
        }
        Ok(out)
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

    /// A pantry's TEFAP records of the days `[first, next)`, with each order's state now.
    pub async fn tefap_records(
        &self,
        pantry: Id,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<(tefap_record::Model, Id)>> {
        let records = tefap_record::Entity::find()
            .filter(tefap_record::Column::PantryLocationId.eq(pantry))
            .filter(tefap_record::Column::ServedOn.gte(first))
            .filter(tefap_record::Column::ServedOn.lt(next))
            .order_by_asc(tefap_record::Column::ServedOn)
            .order_by_asc(tefap_record::Column::OrderId)
            .all(&self.db)
            .await?;
        let states: HashMap<Id, Id> = order::Entity::find()
            .filter(order::Column::Id.is_in(records.iter().map(|r| r.order_id).collect::<Vec<_>>()))
            .select_only()
            .columns([order::Column::Id, order::Column::StatusTypeId])
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(records
            .into_iter()
            .map(|r| {
                let state = states.get(&r.order_id).copied().unwrap_or_default();
                (r, state)
            })
            .collect())
    }
}
