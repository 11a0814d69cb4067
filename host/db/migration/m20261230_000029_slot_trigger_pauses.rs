//! SQLite only: the schedule job's inserts of pickup times and delivery windows may pause the
//! per-row triggers of an insert (migration 9's touch of the pantry, migration 13's cache-scope
//! bump) and do their work once per pantry or program instead ([`catch_up`]), in the same
//! transaction. SQLite has no statement triggers (PostgreSQL's are migration 27's): a 60-day
//! horizon of 300 pantries is 150,000 rows, and a bump and a touch for each.
//!
//! A pause is a row of `slot_trigger_pauses`, written and deleted by the writer inside its own
//! transaction: SQLite runs one writer at a time and readers never see an uncommitted row, so no
//! other write can happen while it is there, and a rollback takes it away. Any insert made
//! without it (this host's other writes, an operator's SQL) fires the triggers as before.
use super::{m20260401_000009_pantry_updated_at::SQLITE_NOW, m20261201_000013_cache_scopes::bump};
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Starts a pause (see the module's text).
pub const PAUSE: &str = "INSERT INTO slot_trigger_pauses (id) VALUES (1)";
/// Ends it; then [`catch_up`].
pub const RESUME: &str = "DELETE FROM slot_trigger_pauses";

const UNPAUSED: &str = "NOT EXISTS (SELECT 1 FROM slot_trigger_pauses)";

/// A slot table: its name and the scope key prefix and column of its page (as migration 13).
pub struct Slots {
    pub table: &'static str,
    scope: (&'static str, &'static str),
    /// Its pantry's `updated_at` is touched (migration 9).
    touches_pantry: bool,
}

pub const PICKUP_TIMES: Slots =
    Slots { table: "pickup_times", scope: ("pantry", "pantry_location_id"), touches_pantry: true };
pub const DELIVERY_TIMES: Slots =
    Slots { table: "delivery_times", scope: ("delivery_program", "delivery_program_id"), touches_pantry: false };

fn touch(id: &str) -> String {
    format!("UPDATE pantry_locations SET updated_at = {SQLITE_NOW} WHERE id = {id};")
}

fn scope_of(s: &Slots, id: &str) -> String {
    format!("SELECT '{}:' || {id} AS s", s.scope.0)
}

/// The insert triggers of `s`, firing when `when` holds (None: always).
fn insert_triggers(s: &Slots, when: Option<&str>) -> Vec<String> {
    let t = s.table;
    let when = when.map_or(String::new(), |w| format!(" WHEN {w}"));
    let new_id = format!("NEW.{}", s.scope.1);
    let mut up = vec![
        format!("DROP TRIGGER tr_cache_{t}_insert"),
        format!(
            "CREATE TRIGGER tr_cache_{t}_insert AFTER INSERT ON {t}{when} BEGIN {} END",
            bump(&scope_of(s, &new_id), DbBackend::Sqlite)
        ),
    ];
    if s.touches_pantry {
        up.push("DROP TRIGGER tr_pickup_times_insert_touch".to_owned());
        up.push(format!(
            "CREATE TRIGGER tr_pickup_times_insert_touch AFTER INSERT ON {t}{when} BEGIN {} END",
            touch(&new_id)
        ));
    }
    up
}

/// What the paused insert triggers of `s` would have done for rows of these pantries or
/// programs (`ids`, at most a few hundred): each one bumped and touched once.
pub fn catch_up(s: &Slots, ids: &[i64]) -> Vec<String> {
    if ids.is_empty() {
        return Vec::new();
    }
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let scopes = ids.iter().map(|id| scope_of(s, &id.to_string())).collect::<Vec<_>>().join(" UNION ALL ");
    let mut out = vec![bump(&scopes, DbBackend::Sqlite)];
    if s.touches_pantry {
        out.push(format!("UPDATE pantry_locations SET updated_at = {SQLITE_NOW} WHERE id IN ({list})"));
    }
    out
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Postgres {
            return Ok(());
        }
        let conn = manager.get_connection();
        conn.execute_unprepared("CREATE TABLE slot_trigger_pauses (id INTEGER PRIMARY KEY CHECK (id = 1))").await?;
        for s in [&PICKUP_TIMES, &DELIVERY_TIMES] {
            for sql in insert_triggers(s, Some(UNPAUSED)) {
                conn.execute_unprepared(&sql).await?;
            }
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() == DbBackend::Postgres {
            return Ok(());
        }
        let conn = manager.get_connection();
        for s in [&PICKUP_TIMES, &DELIVERY_TIMES] {
            for sql in insert_triggers(s, None) {
                conn.execute_unprepared(&sql).await?;
            }
        }
        conn.execute_unprepared("DROP TABLE slot_trigger_pauses").await?;
        Ok(())
    }
}
