//! Slot capacity: a pickup time or a delivery window may take at most `capacity` orders (NULL:
//! unlimited). `booked` counts the orders holding the slot; an order books it by a conditional
//! `UPDATE … SET booked = booked + 1 WHERE capacity IS NULL OR booked < capacity` in its own
//! transaction, and the CHECK below makes an overfull slot impossible whatever writes it.
//!
//! The cache-scope triggers of migration 13 bumped a pantry's (or program's) pages on every update
//! of its slots; every order now updates `booked`, which the pages do not show. They show whether a
//! slot is full, so an update bumps only when the slot itself changes or it fills or empties.
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Orders that no longer hold their slot (`domain::orders::StatusType`: CANCELLED, NO_SHOW).
const RELEASED: &str = "6, 7";

struct Slots {
    table: &'static str,
    order_column: &'static str,
    /// The columns a page shows, all NOT NULL.
    shown: &'static [&'static str],
    /// The scope key prefix and the column of its id.
    scope: (&'static str, &'static str),
}

const SLOTS: [Slots; 2] = [
    Slots {
        table: "pickup_times",
        order_column: "pickup_time_id",
        shown: &["pantry_location_id", "pickup_day", "pickup_start_time", "pickup_end_time", "start_at", "end_at"],
        scope: ("pantry", "pantry_location_id"),
    },
    Slots {
        table: "delivery_times",
        order_column: "delivery_time_id",
        shown: &[
            "food_bank_id",
            "delivery_program_id",
            "delivery_day",
            "delivery_start_time",
            "delivery_end_time",
            "start_at",
            "end_at",
        ],
        scope: ("delivery_program", "delivery_program_id"),
    },
];

/// True when an update changes what a page shows of the slot.
fn page_changes(s: &Slots, backend: DbBackend) -> String {
    let same_null = if backend == DbBackend::Postgres { "IS NOT DISTINCT FROM" } else { "IS" };
    let mut same: Vec<String> = s.shown.iter().map(|c| format!("OLD.{c} = NEW.{c}")).collect();
    same.push(format!("OLD.capacity {same_null} NEW.capacity"));
    same.push("(OLD.capacity IS NULL OR (OLD.booked >= OLD.capacity) = (NEW.booked >= NEW.capacity))".into());
    format!("NOT ({})", same.join(" AND "))
}

fn up_statements(backend: DbBackend) -> Vec<String> {
    let mut up = Vec::new();
    for s in &SLOTS {
        let t = s.table;
        let check = "CHECK (booked >= 0 AND (capacity IS NULL OR (capacity >= 0 AND booked <= capacity)))";
        match backend {
            DbBackend::Postgres => {
                up.push(format!("ALTER TABLE {t} ADD COLUMN capacity integer"));
                up.push(format!("ALTER TABLE {t} ADD COLUMN booked integer NOT NULL DEFAULT 0"));
            }
            _ => {
                up.push(format!("ALTER TABLE {t} ADD COLUMN capacity INTEGER"));
                // SQLite adds a CHECK only with its column.
                up.push(format!("ALTER TABLE {t} ADD COLUMN booked INTEGER NOT NULL DEFAULT 0 {check}"));
            }
        }
        up.push(format!(
            "UPDATE {t} SET booked = (SELECT count(*) FROM orders o WHERE o.{c} = {t}.id \
             AND o.status_type_id NOT IN ({RELEASED}))",
            c = s.order_column
        ));
        if backend == DbBackend::Postgres {
            up.push(format!("ALTER TABLE {t} ADD CONSTRAINT ck_{t}_booked {check}"));
        }
        let scopes = update_scopes(s);
        let when = page_changes(s, backend);
        match backend {
            DbBackend::Postgres => {
                // The trigger function of migration 13 stays; only when it fires on update changes.
                up.push(format!("DROP TRIGGER tr_cache_{t} ON {t}"));
                up.push(format!(
                    "CREATE TRIGGER tr_cache_{t} AFTER INSERT OR DELETE ON {t} \
                     FOR EACH ROW EXECUTE FUNCTION cache_bump_{t}()"
                ));
                up.push(format!(
                    "CREATE TRIGGER tr_cache_{t}_update AFTER UPDATE ON {t} FOR EACH ROW WHEN ({when}) \
                     EXECUTE FUNCTION cache_bump_{t}()"
                ));
            }
            _ => {
                up.push(format!("DROP TRIGGER tr_cache_{t}_update"));
                up.push(format!(
                    "CREATE TRIGGER tr_cache_{t}_update AFTER UPDATE ON {t} WHEN {when} BEGIN {} END",
                    bump(&scopes, backend)
                ));
            }
        }
    }
    up
}

fn update_scopes(s: &Slots) -> String {
    let (prefix, column) = s.scope;
    format!("SELECT '{prefix}:' || OLD.{column} AS s UNION SELECT '{prefix}:' || NEW.{column} AS s")
}

/// Migration 13's triggers again, then the columns go (`booked` first: its CHECK reads `capacity`).
fn down_statements(backend: DbBackend) -> Vec<String> {
    let mut down = Vec::new();
    for s in &SLOTS {
        let t = s.table;
        match backend {
            DbBackend::Postgres => {
                down.push(format!("DROP TRIGGER tr_cache_{t}_update ON {t}"));
                down.push(format!("DROP TRIGGER tr_cache_{t} ON {t}"));
                down.push(format!(
                    "CREATE TRIGGER tr_cache_{t} AFTER INSERT OR UPDATE OR DELETE ON {t} \
                     FOR EACH ROW EXECUTE FUNCTION cache_bump_{t}()"
                ));
                down.push(format!("ALTER TABLE {t} DROP CONSTRAINT ck_{t}_booked"));
            }
            _ => {
                down.push(format!("DROP TRIGGER tr_cache_{t}_update"));
                down.push(format!(
                    "CREATE TRIGGER tr_cache_{t}_update AFTER UPDATE ON {t} BEGIN {} END",
                    bump(&update_scopes(s), backend)
                ));
            }
        }
        down.push(format!("ALTER TABLE {t} DROP COLUMN booked"));
        down.push(format!("ALTER TABLE {t} DROP COLUMN capacity"));
    }
    down
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in up_statements(manager.get_database_backend()) {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for sql in down_statements(manager.get_database_backend()) {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}
