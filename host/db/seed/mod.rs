//! Seed data.
//!
//! - [`seed_reference`]: lookup rows every installation needs (order statuses, genders,
//!   races, the 50 states + DC with poverty guidelines and TEFAP rules, assistance programs,
//!   survey questions, units, package types). Idempotent; ids are fixed.
//! - [`seed_demo`]: a demo world around real public places (libraries, churches,
//!   community centres) in Columbus OH, Chicago IL, Seattle WA and Denver CO, with pickup
//!   times over the next 14 days, delivery windows, ~90 products, limits of every scope,
//!   referral codes, content and a demo shopper. Skipped if it is already there.
//! - [`seed_scale`]: N food banks × 300 pantries spread across the US, for benchmarks.
//!
//! Rows get explicit ids allocated from `MAX(id) + 1` inside one write transaction, so
//! batches can be inserted without reading ids back; PostgreSQL identity sequences are
//! moved past them afterwards.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DbBackend, DbErr, EntityTrait, Iterable, Statement};

mod demo;
mod demo_data;
mod reference;
mod scale;
mod us_states;
mod us_zip_sample;

pub use demo::{
    DEMO_ADMIN_EMAIL, DEMO_DRIVEN_PROGRAM, DEMO_DRIVER_EMAIL, DEMO_EMAIL, DEMO_PASSWORD, DEMO_SCHEDULE_DAYS,
    DEMO_SECOND_DRIVER_EMAIL, DEMO_STAFF_EMAIL, DEMO_STAFF_SECOND_PANTRY, DEMO_VOLUNTEER_EMAIL, DemoSummary,
    demo_image_paths, seed_demo,
};
pub use reference::seed_reference;
pub use scale::{
    PANTRIES_PER_SCALE_FOOD_BANK, SCALE_PICKUPS_PER_PANTRY, ScaleSummary, scale_food_bank_code, seed_scale,
};

/// Converts a wall-clock time in an IANA zone to UTC. In the spring-forward gap the time
/// is moved an hour later; in the autumn overlap the earlier instant is used. `None` for
/// an unknown zone.
pub fn local_to_utc(zone: &str, date: NaiveDate, time: NaiveTime) -> Option<DateTime<Utc>> {
    let tz: Tz = zone.parse().ok()?;
    Some(local_to_utc_tz(tz, date, time))
}

pub(super) fn local_to_utc_tz(tz: Tz, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
    let naive = date.and_time(time);
    match tz.from_local_datetime(&naive).earliest() {
        Some(t) => t.with_timezone(&Utc),
        None => tz
            .from_local_datetime(&(naive + chrono::Duration::hours(1)))
            .earliest()
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_else(|| Utc.from_utc_datetime(&naive)),
    }
}

/// `now` without sub-second digits, so seeded timestamps read cleanly on both backends.
pub(super) fn whole_seconds(now: DateTime<Utc>) -> DateTime<Utc> {
    now.with_nanosecond(0).unwrap_or(now)
}

pub(super) fn hm(h: u32, m: u32) -> NaiveTime {
    NaiveTime::from_hms_opt(h, m, 0).expect("valid time")
}

/// Hands out explicit primary keys per table, starting after the current maximum.
pub(super) struct Ids {
    next: HashMap<&'static str, i64>,
}

impl Ids {
    pub(super) fn new() -> Self {
        Ids { next: HashMap::new() }
    }

    /// Reserves the next id of `table` (reads `MAX(id)` the first time).
    pub(super) async fn next<C: ConnectionTrait>(&mut self, db: &C, table: &'static str) -> Result<i64, DbErr> {
        if !self.next.contains_key(table) {
            let start = max_id(db, table).await? + 1;
            self.next.insert(table, start);
        }
        let slot = self.next.get_mut(table).expect("just inserted");
        let id = *slot;
        *slot += 1;
        Ok(id)
    }

    /// Moves PostgreSQL identity sequences past every id handed out.
    pub(super) async fn finish<C: ConnectionTrait>(&self, db: &C) -> Result<(), DbErr> {
        let mut tables: Vec<_> = self.next.keys().copied().collect();
        tables.sort_unstable();
        for table in tables {
            sync_sequence(db, table).await?;
        }
        Ok(())
    }
}

pub(super) async fn max_id<C: ConnectionTrait>(db: &C, table: &str) -> Result<i64, DbErr> {
    let sql = format!("SELECT COALESCE(MAX(id), 0) AS m FROM {table}");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("MAX(id) of {table}")))?;
    row.try_get::<i64>("", "m")
}

/// After rows were inserted with explicit ids: on PostgreSQL, set the identity sequence
/// of `table` to its current maximum id (no-op on SQLite, whose AUTOINCREMENT follows).
pub(super) async fn sync_sequence<C: ConnectionTrait>(db: &C, table: &str) -> Result<(), DbErr> {
    if db.get_database_backend() != DbBackend::Postgres {
        return Ok(());
    }
    let sql =
        format!("SELECT setval(pg_get_serial_sequence('{table}', 'id'), GREATEST((SELECT MAX(id) FROM {table}), 1))");
    db.execute_unprepared(&sql).await?;
    Ok(())
}

/// `pg_advisory_xact_lock` key of seeding ("oaseed" in ASCII), apart from the migrations' key.
const SEED_LOCK_KEY: i64 = 0x6f61_7365_6564;

/// Makes a seeding transaction wait for any other to end, so its check of what is already there
/// sees the other's rows: on PostgreSQL two at once would both find an empty database and both
/// insert (SQLite's `BEGIN IMMEDIATE` already runs writers one at a time). Freed at commit.
pub(super) async fn one_seeder_at_a_time<C: ConnectionTrait>(txn: &C) -> Result<(), DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({SEED_LOCK_KEY})")).await?;
    }
    Ok(())
}

/// Inserts `rows` in multi-row INSERTs sized to stay under both backends' bind-parameter
/// limits (SQLite 32,766; PostgreSQL 65,535). Every row must set the same columns.
pub(super) async fn insert_batched<A, C>(db: &C, rows: Vec<A>) -> Result<u64, DbErr>
where
    A: ActiveModelTrait + Send,
    C: ConnectionTrait,
{
    let columns = <A::Entity as EntityTrait>::Column::iter().count().max(1);
    let per_batch = (30_000 / columns).clamp(1, 2_000);
    let mut inserted = 0;
    let mut rows = rows.into_iter().peekable();
    while rows.peek().is_some() {
        let chunk: Vec<A> = rows.by_ref().take(per_batch).collect();
        inserted += <A::Entity as EntityTrait>::insert_many(chunk).exec_without_returning(db).await?;
    }
    Ok(inserted)
}

/// Inserts reference rows (explicit ids), skipping ids that already exist.
pub(super) async fn insert_missing<A, C>(db: &C, table: &str, rows: Vec<A>) -> Result<(), DbErr>
where
    A: ActiveModelTrait + Send,
    C: ConnectionTrait,
{
    if rows.is_empty() {
        return Ok(());
    }
    <A::Entity as EntityTrait>::insert_many(rows).on_conflict_do_nothing().exec_without_returning(db).await?;
    sync_sequence(db, table).await
}

/// A small deterministic generator (SplitMix64) so seeds are identical on every run
/// and every platform, independent of the `rand` crate's versions.
pub(super) struct SplitMix(u64);

impl SplitMix {
    pub(super) fn new(seed: u64) -> Self {
        SplitMix(seed)
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0).
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// Uniform in `[0, 1)`.
    pub(super) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Deterministic hash of two small numbers, for "does pantry i stock product j" choices.
pub(super) fn mix(a: u64, b: u64) -> u64 {
    SplitMix::new(a.wrapping_mul(1_000_003).wrapping_add(b)).next_u64()
}
