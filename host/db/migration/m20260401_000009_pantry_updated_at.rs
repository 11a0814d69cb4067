//! `pantry_locations.updated_at`: when the pantry or its pickup times last changed, for the
//! sitemap's `<lastmod>`. Pantries and pickup times are written by imports and operators as
//! well as by this app, so triggers keep it fresh on every write, whoever makes it. NULL means
//! unchanged since `created_at`.
use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// Columns whose change is a change of the pantry page (all but the timestamps).
const PANTRY_COLUMNS: &str =
    "food_bank_id, address_id, label, time_zone, is_restricted, is_active, pickup_instructions, latitude, longitude";

/// The same text `sqlx` writes for a `DateTime<Utc>` (RFC 3339), so SeaORM reads it back.
pub(super) const SQLITE_NOW: &str = "strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now')";

fn sqlite_up() -> Vec<String> {
    let touch = |id: &str| format!("UPDATE pantry_locations SET updated_at = {SQLITE_NOW} WHERE id = {id};");
    vec![
        // Not fired by its own UPDATE: updated_at is not among the columns it watches.
        format!(
            "CREATE TRIGGER tr_pantry_locations_touch AFTER UPDATE OF {PANTRY_COLUMNS} ON pantry_locations \
             BEGIN {} END",
            touch("NEW.id")
        ),
        format!(
            "CREATE TRIGGER tr_pickup_times_insert_touch AFTER INSERT ON pickup_times BEGIN {} END",
            touch("NEW.pantry_location_id")
        ),
        format!(
            "CREATE TRIGGER tr_pickup_times_update_touch AFTER UPDATE ON pickup_times BEGIN {} {} END",
            touch("OLD.pantry_location_id"),
            touch("NEW.pantry_location_id")
        ),
        format!(
            "CREATE TRIGGER tr_pickup_times_delete_touch AFTER DELETE ON pickup_times BEGIN {} END",
            touch("OLD.pantry_location_id")
        ),
    ]
}

const SQLITE_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS tr_pantry_locations_touch",
    "DROP TRIGGER IF EXISTS tr_pickup_times_insert_touch",
    "DROP TRIGGER IF EXISTS tr_pickup_times_update_touch",
    "DROP TRIGGER IF EXISTS tr_pickup_times_delete_touch",
];

fn postgres_up() -> Vec<String> {
    vec![
        "CREATE FUNCTION pantry_locations_touch() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN NEW.updated_at := now(); RETURN NEW; END $$"
            .into(),
        format!(
            "CREATE TRIGGER tr_pantry_locations_touch BEFORE UPDATE OF {PANTRY_COLUMNS} ON pantry_locations \
             FOR EACH ROW EXECUTE FUNCTION pantry_locations_touch()"
        ),
        "CREATE FUNCTION pickup_times_touch_pantry() RETURNS trigger LANGUAGE plpgsql AS $$ \
         BEGIN \
           IF TG_OP <> 'DELETE' THEN UPDATE pantry_locations SET updated_at = now() WHERE id = NEW.pantry_location_id; END IF; \
           IF TG_OP <> 'INSERT' THEN UPDATE pantry_locations SET updated_at = now() WHERE id = OLD.pantry_location_id; END IF; \
           RETURN NULL; \
         END $$"
            .into(),
        "CREATE TRIGGER tr_pickup_times_touch_pantry AFTER INSERT OR UPDATE OR DELETE ON pickup_times \
         FOR EACH ROW EXECUTE FUNCTION pickup_times_touch_pantry()"
            .into(),
    ]
}

const POSTGRES_DOWN: &[&str] = &[
    "DROP TRIGGER IF EXISTS tr_pickup_times_touch_pantry ON pickup_times",
    "DROP FUNCTION IF EXISTS pickup_times_touch_pantry()",
    "DROP TRIGGER IF EXISTS tr_pantry_locations_touch ON pantry_locations",
    "DROP FUNCTION IF EXISTS pantry_locations_touch()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table("pantry_locations")
                    .add_column(timestamp_with_time_zone_null("updated_at"))
                    .to_owned(),
            )
            .await?;
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => postgres_up(),
            _ => sqlite_up(),
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let statements = match manager.get_database_backend() {
            DbBackend::Postgres => POSTGRES_DOWN,
            _ => SQLITE_DOWN,
        };
        for sql in statements {
            manager.get_connection().execute_unprepared(sql).await?;
        }
        manager.alter_table(Table::alter().table("pantry_locations").drop_column("updated_at").to_owned()).await
    }
}
