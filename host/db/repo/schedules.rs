//! Schedules, the publishing horizon and closed days of a pantry (migration 21), and the writes
//! that bring its pickup times in line with its schedules (`domain::schedule::Plan`). Every write
//! runs in the service's transaction, with the audit entry and the shoppers' messages it causes.
use super::{Store, StoreResult, schedule_rows::PantryRows, shopping::parse_tz};
use crate::db::migration::m20261230_000029_slot_trigger_pauses as pauses;
use crate::{
    db::entity::{closed_day, order, pantry_location, pickup_time, schedule_horizon, user},
    domain::{
        Id,
        orders::StatusType,
        schedule::{DEFAULT_HORIZON_DAYS, Plan, ScheduleRow, Slot, StoredTime},
    },
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement,
    sea_query::{Expr, OnConflict},
};
use std::collections::{BTreeMap, HashMap};

/// Ids in one `IN (...)` list: well under SQLite's bound on a statement's parameters.
pub(super) const ID_BATCH: usize = 500;

/// Rows of one multi-row insert on SQLite: 9 values each, under its bound of 32,766 parameters.
const SQLITE_INSERT_BATCH: usize = 3_000;

/// Rows of one insert on PostgreSQL, sent as eight array parameters (about 110 bytes a row).
const POSTGRES_INSERT_BATCH: usize = 20_000;

/// No order of any state names the pickup time (a cancelled one still does).
const NO_ORDERS: &str = "NOT EXISTS (SELECT 1 FROM orders o WHERE o.pickup_time_id = pickup_times.id)";

/// A pickup time is closed while a closed range of its pantry covers its day.
pub(super) const NOT_CLOSED: &str = "NOT EXISTS (SELECT 1 FROM closed_days c \
     WHERE c.pantry_location_id = pickup_times.pantry_location_id \
     AND pickup_times.pickup_day BETWEEN c.first_day AND c.last_day)";

/// The pantry as its schedules need it.
#[derive(Debug, Clone, PartialEq)]
pub struct ScheduleSite {
    pub pantry_id: Id,
    pub food_bank_id: Id,
    pub label: String,
    pub tz: Tz,
}

/// A pantry as the schedule job publishes it: its zone, its horizon and its schedule rows (in
/// the order of [`Store::schedule_rows_of`]).
#[derive(Debug, Clone, PartialEq)]
pub struct PublishSite {
    pub pantry_id: Id,
    pub tz: Tz,
    pub days: i32,
    pub rows: Vec<ScheduleRow>,
}

/// A closed range as stored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ClosedDayRow {
    pub id: Id,
    pub pantry_id: Id,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub reason: String,
}

/// An order still open on a pickup time of a closed range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClosedOrderRow {
    pub order_id: Id,
    pub user_id: Id,
    /// The shopper's, read with the order: the schedule lists them by name.
    pub first_name: String,
    pub pickup_day: NaiveDate,
    pub start: NaiveTime,
    pub end: NaiveTime,
}

/// Orders that hold their slot (not picked up, cancelled or no-show).
fn open_states() -> Vec<Id> {
    [StatusType::Submitted, StatusType::Packing, StatusType::Ready, StatusType::OutForDelivery]
        .into_iter()
        .map(StatusType::id)
        .collect()
}

fn to_closed(m: closed_day::Model) -> ClosedDayRow {
    ClosedDayRow {
        id: m.id,
        pantry_id: m.pantry_location_id,
        first_day: m.first_day,
        last_day: m.last_day,
        reason: m.reason,
    }
}

impl<C: ConnectionTrait> Store<C> {
    /// The pantry (active or not) with its food bank and zone.
    pub async fn schedule_site(&self, pantry_id: Id) -> StoreResult<Option<ScheduleSite>> {
        let p = pantry_location::Entity::find_by_id(pantry_id).one(&self.db).await?;
        Ok(p.map(|p| ScheduleSite {
            pantry_id: p.id,
            food_bank_id: p.food_bank_id,
            label: p.label,
            tz: parse_tz(&p.time_zone),
        }))
    }

    /// Every pantry with a schedule row, for the daily job.
    pub async fn scheduled_pantries(&self) -> StoreResult<Vec<Id>> {
        self.scheduled_owners::<PantryRows>().await
    }

    /// These pantries (those that exist, by id) as the schedule job publishes them, in three
    /// queries whatever their number.
    pub async fn publish_sites(&self, pantry_ids: &[Id]) -> StoreResult<Vec<PublishSite>> {
        let mut zones: Vec<(Id, String)> = Vec::with_capacity(pantry_ids.len());
        let mut horizons: HashMap<Id, i32> = HashMap::new();
        for ids in pantry_ids.chunks(ID_BATCH) {
            zones.extend(
                pantry_location::Entity::find()
                    .filter(pantry_location::Column::Id.is_in(ids.iter().copied()))
                    .select_only()
                    .columns([pantry_location::Column::Id, pantry_location::Column::TimeZone])
                    .into_tuple::<(Id, String)>()
                    .all(&self.db)
                    .await?,
            );
            horizons.extend(
                schedule_horizon::Entity::find()
                    .filter(schedule_horizon::Column::PantryLocationId.is_in(ids.iter().copied()))
                    .all(&self.db)
                    .await?
                    .into_iter()
                    .map(|h| (h.pantry_location_id, h.days)),
            );
        }
        let mut rows = self.schedule_rows_by_owner::<PantryRows>(pantry_ids).await?;
        zones.sort_unstable_by_key(|z| z.0);
        Ok(zones
            .into_iter()
            .map(|(pantry_id, zone)| PublishSite {
                pantry_id,
                tz: parse_tz(&zone),
                days: horizons.get(&pantry_id).copied().unwrap_or(DEFAULT_HORIZON_DAYS),
                rows: rows.remove(&pantry_id).unwrap_or_default(),
            })
            .collect())
    }

    /// Days ahead the pantry publishes.
    pub async fn horizon_days(&self, pantry_id: Id) -> StoreResult<i32> {
        let days = schedule_horizon::Entity::find_by_id(pantry_id).one(&self.db).await?;
        Ok(days.map_or(DEFAULT_HORIZON_DAYS, |h| h.days))
    }

    pub async fn set_horizon_days(&self, pantry_id: Id, days: i32) -> StoreResult<()> {
        schedule_horizon::Entity::insert(schedule_horizon::ActiveModel {
            pantry_location_id: Set(pantry_id),
            days: Set(days),
        })
        .on_conflict(
            OnConflict::column(schedule_horizon::Column::PantryLocationId)
                .update_column(schedule_horizon::Column::Days)
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// The pantry's pickup times starting after `now`, as the plan reads them.
    pub async fn stored_future_times(&self, pantry_id: Id, now: DateTime<Utc>) -> StoreResult<Vec<StoredTime>> {
        Ok(self.stored_future_times_of(&[pantry_id], now).await?.remove(&pantry_id).unwrap_or_default())
    }

    /// [`Self::stored_future_times`] of each of these pantries, one query per [`ID_BATCH`] of them.
    pub async fn stored_future_times_of(
        &self,
        pantry_ids: &[Id],
        now: DateTime<Utc>,
    ) -> StoreResult<HashMap<Id, Vec<StoredTime>>> {
        type Row = (Id, Id, Option<Id>, DateTime<Utc>, DateTime<Utc>, Option<i32>, i32, i32);
        let mut by_pantry: HashMap<Id, Vec<StoredTime>> = HashMap::new();
        for ids in pantry_ids.chunks(ID_BATCH) {
            let rows: Vec<Row> = pickup_time::Entity::find()
                .filter(pickup_time::Column::PantryLocationId.is_in(ids.iter().copied()))
                .filter(pickup_time::Column::StartAt.gt(now))
                .select_only()
                .columns([
                    pickup_time::Column::PantryLocationId,
                    pickup_time::Column::Id,
                    pickup_time::Column::ScheduleId,
                    pickup_time::Column::StartAt,
                    pickup_time::Column::EndAt,
                    pickup_time::Column::Capacity,
                    pickup_time::Column::Booked,
                ])
                .expr(Expr::cust(format!("CASE WHEN {NO_ORDERS} THEN 0 ELSE 1 END")))
                .order_by_asc(pickup_time::Column::PantryLocationId)
                .order_by_asc(pickup_time::Column::StartAt)
                .into_tuple()
                .all(&self.db)
                .await?;
            for (pantry_id, id, schedule_id, start_at, end_at, capacity, booked, has_orders) in rows {
                by_pantry.entry(pantry_id).or_default().push(StoredTime {
                    id,
                    schedule_id,
                    start_at,
                    end_at,
                    capacity,
                    booked,
                    has_orders: has_orders != 0,
                });
            }
        }
        Ok(by_pantry)
    }

    /// Runs `plan` on the pantry's pickup times (see [`Self::apply_schedule_plans`]).
    pub async fn apply_schedule_plan(&self, pantry_id: Id, plan: &Plan) -> StoreResult<(u64, u64)> {
        self.apply_schedule_plans(&[(pantry_id, plan)]).await
    }

    /// Runs each pantry's plan on its pickup times: deletes (only empty times, whatever the plan
    /// says), then inserts (a start already taken is skipped), then capacity changes (never below
    /// what is booked), each in a few statements for all the pantries. The numbers of times
    /// deleted and made.
    pub async fn apply_schedule_plans(&self, plans: &[(Id, &Plan)]) -> StoreResult<(u64, u64)> {
        let pantries: Vec<Id> = plans.iter().map(|(p, _)| *p).collect();
        let mut deleted = 0;
        let doomed: Vec<Id> = plans.iter().flat_map(|(_, p)| p.delete.iter().copied()).collect();
        for ids in doomed.chunks(ID_BATCH) {
            deleted += pickup_time::Entity::delete_many()
                .filter(pickup_time::Column::PantryLocationId.is_in(pantries.iter().copied()))
                .filter(pickup_time::Column::Id.is_in(ids.iter().copied()))
                .filter(pickup_time::Column::Booked.eq(0))
                .filter(Expr::cust(NO_ORDERS))
                .exec(&self.db)
                .await?
                .rows_affected;
        }
        let new: Vec<(Id, &Slot)> =
            plans.iter().flat_map(|(p, plan)| plan.insert.iter().map(move |s| (*p, s))).collect();
        let made = if new.is_empty() {
            0
        } else if self.db.get_database_backend() == DbBackend::Postgres {
            self.insert_times_postgres(&new).await?
        } else {
            let mut touched: Vec<Id> = new.iter().map(|(p, _)| *p).collect();
            touched.dedup();
            self.insert_times_sqlite(&new, &touched).await?
        };
        // One statement per new capacity rather than per time.
        let mut recapacity: BTreeMap<Option<i32>, Vec<Id>> = BTreeMap::new();
        for (id, capacity) in plans.iter().flat_map(|(_, p)| p.recapacity.iter()) {
            recapacity.entry(*capacity).or_default().push(*id);
        }
        for (capacity, ids) in recapacity {
            for ids in ids.chunks(ID_BATCH) {
                let mut update = pickup_time::Entity::update_many()
                    .col_expr(pickup_time::Column::Capacity, Expr::value(capacity))
                    .filter(pickup_time::Column::Id.is_in(ids.iter().copied()));
                if let Some(c) = capacity {
                    update = update.filter(pickup_time::Column::Booked.lte(c));
                }
                update.exec(&self.db).await?;
            }
        }
        Ok((deleted, made))
    }

    /// Inserts the new times, each column of a batch as one array parameter the database unnests:
    /// one statement (and one firing of migration 27's statement triggers) per batch. The arrays
    /// go as text literals (`{1,2,3}`) cast by the database: half the parsing of the JSON rows
    /// this replaced, and no array support needed in the driver.
    async fn insert_times_postgres(&self, new: &[(Id, &Slot)]) -> StoreResult<u64> {
        let mut made = 0;
        for batch in new.chunks(POSTGRES_INSERT_BATCH) {
            // None of these values needs quoting in an array literal: digits, dates, times and
            // RFC 3339 instants have no space, comma, brace, quote or backslash.
            let column = |value: &dyn Fn(&(Id, &Slot)) -> String| {
                let mut text = String::with_capacity(batch.len() * 26 + 2);
                text.push('{');
                for (i, row) in batch.iter().enumerate() {
                    if i > 0 {
                        text.push(',');
                    }
                    text.push_str(&value(row));
                }
                text.push('}');
                sea_orm::Value::from(text)
            };
            let values = vec![
                column(&|(p, _)| p.to_string()),
                column(&|(_, s)| s.day.to_string()),
                column(&|(_, s)| s.start.to_string()),
                column(&|(_, s)| s.end.to_string()),
                column(&|(_, s)| s.start_at.to_rfc3339()),
                column(&|(_, s)| s.end_at.to_rfc3339()),
                column(&|(_, s)| s.capacity.map_or_else(|| "NULL".to_owned(), |c| c.to_string())),
                column(&|(_, s)| s.schedule_id.to_string()),
            ];
            let sql = "INSERT INTO pickup_times (pantry_location_id, pickup_day, pickup_start_time, \
                 pickup_end_time, start_at, end_at, capacity, booked, schedule_id) \
                 SELECT u.p, u.d, u.s, u.e, u.sa, u.ea, u.c, 0, u.sid FROM unnest(\
                 CAST($1 AS text)::bigint[], CAST($2 AS text)::date[], CAST($3 AS text)::time[], \
                 CAST($4 AS text)::time[], CAST($5 AS text)::timestamptz[], CAST($6 AS text)::timestamptz[], \
                 CAST($7 AS text)::integer[], CAST($8 AS text)::bigint[]) AS u (p, d, s, e, sa, ea, c, sid) \
                 ON CONFLICT (pantry_location_id, start_at) DO NOTHING";
            made += self
                .db
                .execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, sql, values))
                .await?
                .rows_affected();
        }
        Ok(made)
    }

    /// Inserts the new times in multi-row statements, with the per-row triggers of the insert
    /// paused (migration 29: SQLite has no statement triggers): the pantries `touched` get their
    /// cache scope bumped and their `updated_at` touched once each instead, in this transaction.
    async fn insert_times_sqlite(&self, new: &[(Id, &Slot)], touched: &[Id]) -> StoreResult<u64> {
        self.db.execute_unprepared(pauses::PAUSE).await?;
        let mut made = 0;
        for batch in new.chunks(SQLITE_INSERT_BATCH) {
            let rows = batch.iter().map(|(p, s)| pickup_time::ActiveModel {
                id: NotSet,
                pantry_location_id: Set(*p),
                pickup_day: Set(s.day),
                pickup_start_time: Set(s.start),
                pickup_end_time: Set(s.end),
                start_at: Set(s.start_at),
                end_at: Set(s.end_at),
                capacity: Set(s.capacity),
                booked: Set(0),
                schedule_id: Set(Some(s.schedule_id)),
            });
            made += pickup_time::Entity::insert_many(rows)
                .on_conflict(
                    OnConflict::columns([pickup_time::Column::PantryLocationId, pickup_time::Column::StartAt])
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(&self.db)
                .await?;
        }
        self.db.execute_unprepared(pauses::RESUME).await?;
        for ids in touched.chunks(ID_BATCH) {
            for sql in pauses::catch_up(&pauses::PICKUP_TIMES, ids) {
                self.db.execute_unprepared(&sql).await?;
            }
        }
        Ok(made)
    }

    /// The pantry's closed ranges that end on `from` or later, soonest first.
    pub async fn closed_days_of(&self, pantry_ids: Vec<Id>, from: NaiveDate) -> StoreResult<Vec<ClosedDayRow>> {
        if pantry_ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = closed_day::Entity::find()
            .filter(closed_day::Column::PantryLocationId.is_in(pantry_ids))
            .filter(closed_day::Column::LastDay.gte(from))
            .order_by_asc(closed_day::Column::FirstDay)
            .order_by_asc(closed_day::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(to_closed).collect())
    }

    pub async fn closed_day(&self, id: Id) -> StoreResult<Option<ClosedDayRow>> {
        Ok(closed_day::Entity::find_by_id(id).one(&self.db).await?.map(to_closed))
    }

    pub async fn insert_closed_day(
        &self,
        pantry_id: Id,
        first_day: NaiveDate,
        last_day: NaiveDate,
        reason: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<ClosedDayRow> {
        let done = closed_day::Entity::insert(closed_day::ActiveModel {
            id: NotSet,
            pantry_location_id: Set(pantry_id),
            first_day: Set(first_day),
            last_day: Set(last_day),
            reason: Set(reason.to_owned()),
            created_at: Set(now),
        })
        .exec(&self.db)
        .await?;
        Ok(ClosedDayRow { id: done.last_insert_id, pantry_id, first_day, last_day, reason: reason.to_owned() })
    }

    pub async fn delete_closed_day(&self, id: Id) -> StoreResult<()> {
        closed_day::Entity::delete_by_id(id).exec(&self.db).await?;
        Ok(())
    }

    /// Open orders on the pantry's pickup times from `first` to `last`, by time.
    pub async fn open_orders_between(
        &self,
        pantry_id: Id,
        first: NaiveDate,
        last: NaiveDate,
    ) -> StoreResult<Vec<ClosedOrderRow>> {
        let rows: Vec<(Id, Id, String, NaiveDate, NaiveTime, NaiveTime)> = order::Entity::find()
            .inner_join(pickup_time::Entity)
            .inner_join(user::Entity)
            .filter(pickup_time::Column::PantryLocationId.eq(pantry_id))
            .filter(pickup_time::Column::PickupDay.gte(first))
            .filter(pickup_time::Column::PickupDay.lte(last))
            .filter(order::Column::StatusTypeId.is_in(open_states()))
            .select_only()
            .column(order::Column::Id)
            .column(order::Column::UserId)
            .column(user::Column::FirstName)
            .column(pickup_time::Column::PickupDay)
            .column(pickup_time::Column::PickupStartTime)
            .column(pickup_time::Column::PickupEndTime)
            .order_by_asc(pickup_time::Column::StartAt)
            .order_by_asc(order::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(order_id, user_id, first_name, pickup_day, start, end)| ClosedOrderRow {
                order_id,
                user_id,
                first_name,
                pickup_day,
                start,
                end,
            })
            .collect())
    }
}
