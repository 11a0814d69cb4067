//! On PostgreSQL, adding or removing pickup times and delivery windows bumps their page's cache
//! scope, and touches their pantry's `updated_at` (migration 9), once per statement, not once per
//! row. The schedule job inserts a 60-day horizon in batches of 500 rows; per row, that was 500
//! upserts of one `cache_scopes` row and 500 updates of one `pantry_locations` row in a single
//! transaction, each update of a row the transaction already updated walking its chain of
//! versions. Statement triggers read the rows from transition tables (PostgreSQL 10+), which
//! allow one event per trigger, hence two each. SQLite has no statement triggers; its row
//! triggers (migrations 9 and 13) stay, SQLite updating a row in place.
//!
//! Updates keep their row triggers: migration 17's fires only when a slot changes what a page
//! shows, and a pickup time's update touches its pantry.
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// (table, scope prefix, scope id column)
const SLOTS: [(&str, &str, &str); 2] =
    [("pickup_times", "pantry", "pantry_location_id"), ("delivery_times", "delivery_program", "delivery_program_id")];

/// Migration 9's touch of the pantry, per statement for inserts and deletes.
const TOUCH: [(&str, &str, &str); 2] = [("INSERT", "new_rows", "NEW"), ("DELETE", "old_rows", "OLD")];

fn up_statements() -> Vec<String> {
    let mut up = vec![
        "DROP TRIGGER tr_pickup_times_touch_pantry ON pickup_times".to_owned(),
        "CREATE TRIGGER tr_pickup_times_touch_pantry AFTER UPDATE ON pickup_times \
         FOR EACH ROW EXECUTE FUNCTION pickup_times_touch_pantry()"
            .to_owned(),
    ];
    for (event, rows, which) in TOUCH {
        let name = event.to_lowercase();
        up.push(format!(
            "CREATE FUNCTION pickup_times_touch_pantry_{name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
             UPDATE pantry_locations SET updated_at = now() \
             WHERE id IN (SELECT DISTINCT pantry_location_id FROM {rows}); RETURN NULL; END $$"
        ));
        up.push(format!(
            "CREATE TRIGGER tr_pickup_times_touch_pantry_{name} AFTER {event} ON pickup_times \
             REFERENCING {which} TABLE AS {rows} FOR EACH STATEMENT EXECUTE FUNCTION pickup_times_touch_pantry_{name}()"
        ));
    }
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
    for (event, _, _) in TOUCH {
        let name = event.to_lowercase();
        down.push(format!("DROP TRIGGER tr_pickup_times_touch_pantry_{name} ON pickup_times"));
        down.push(format!("DROP FUNCTION pickup_times_touch_pantry_{name}()"));
    }
    down.push("DROP TRIGGER tr_pickup_times_touch_pantry ON pickup_times".to_owned());
    down.push(
        "CREATE TRIGGER tr_pickup_times_touch_pantry AFTER INSERT OR UPDATE OR DELETE ON pickup_times \
         FOR EACH ROW EXECUTE FUNCTION pickup_times_touch_pantry()"
            .to_owned(),
    );
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
