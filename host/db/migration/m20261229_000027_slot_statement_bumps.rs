//! On PostgreSQL, adding or removing pickup times and delivery windows bumps their page's cache
//! scope once per statement, not once per row. The schedule job inserts a 60-day horizon in
//! batches of 500 rows; a bump per row made 155,000 upserts of the same few `cache_scopes` rows
//! for 300 pantries (40 s), a bump per statement makes 310. Statement triggers read the rows from
//! transition tables (PostgreSQL 10+), which allow one event per trigger, hence two each.
//! SQLite has no statement triggers; its row triggers (migration 13) stay, at a few microseconds
//! a row.
//!
//! Updates keep migration 17's row trigger: it fires only when a slot changes what a page shows.
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (table, scope prefix, scope id column)
const SLOTS: [(&str, &str, &str); 2] =
    [("pickup_times", "pantry", "pantry_location_id"), ("delivery_times", "delivery_program", "delivery_program_id")];

fn up_statements() -> Vec<String> {
    let mut up = Vec::new();
    for (t, prefix, column) in SLOTS {
        up.push(format!("DROP TRIGGER tr_cache_{t} ON {t}"));
        for (event, rows, which) in [("INSERT", "new_rows", "NEW"), ("DELETE", "old_rows", "OLD")] {
            let name = event.to_lowercase();
            let scopes = format!("SELECT DISTINCT '{prefix}:' || {column} AS s FROM {rows}");
            up.push(format!(
                "CREATE FUNCTION cache_bump_{t}_{name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {} \
                 RETURN NULL; END $$",
                bump(&scopes, DbBackend::Postgres)
            ));
            up.push(format!(
                "CREATE TRIGGER tr_cache_{t}_{name} AFTER {event} ON {t} REFERENCING {which} TABLE AS {rows} \
                 FOR EACH STATEMENT EXECUTE FUNCTION cache_bump_{t}_{name}()"
            ));
        }
    }
    up
}

fn down_statements() -> Vec<String> {
    let mut down = Vec::new();
    for (t, _, _) in SLOTS {
        for name in ["insert", "delete"] {
            down.push(format!("DROP TRIGGER tr_cache_{t}_{name} ON {t}"));
            down.push(format!("DROP FUNCTION cache_bump_{t}_{name}()"));
        }
        down.push(format!(
            "CREATE TRIGGER tr_cache_{t} AFTER INSERT OR DELETE ON {t} FOR EACH ROW EXECUTE FUNCTION cache_bump_{t}()"
        ));
    }
    down
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        for sql in up_statements() {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        for sql in down_statements() {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }
}
