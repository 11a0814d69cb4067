//! Schedules (issue 24 items 1 and 3): a pantry's weekly opening hours and one-off extra days, cut
//! into pickup times by the schedule job (`service::schedules`) for the pantry's publishing horizon;
//! and closed days, a date range whose times shoppers are no longer offered.
//! - `schedules`: one row per opening: a weekday (0 = Monday) or a single date, opening and
//!   closing local time, slot length and capacity per slot (NULL: unlimited).
//! - `schedule_horizons`: how many days ahead a pantry publishes (none: the default).
//! - `closed_days`: a range of local dates with the reason shoppers read.
//! - `pickup_times.schedule_id`: the schedule that made the time (NULL: made by hand or the seed,
//!   which the job never touches). The job deletes only empty future times it made; a time with
//!   orders keeps its row when its schedule goes (the id becomes NULL).
//!
//! Closed times are not marked on `pickup_times`: a time is closed while a `closed_days` row
//! covers its day, so one that staff add by hand inside a closed range is closed too. The pantry's
//! pages show the closed days, so their writes bump the pantry's cache scope; inserts and deletes
//! of pickup times already do (migrations 13 and 17).
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn closed_days_scopes(r: &str) -> String {
    format!("SELECT 'pantry:' || {r}.pantry_location_id AS s")
}

fn up_statements(backend: DbBackend) -> Vec<String> {
    let mut up = vec!["CREATE INDEX ix_pickup_times_schedule_id ON pickup_times (schedule_id)".to_owned()];
    match backend {
        DbBackend::Postgres => {
            up.push(
                "CREATE FUNCTION cache_bump_closed_days() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                 IF TG_OP = 'INSERT' THEN "
                    .to_owned()
                    + &bump(&closed_days_scopes("NEW"), backend)
                    + " ELSIF TG_OP = 'UPDATE' THEN "
                    + &bump(&format!("{} UNION {}", closed_days_scopes("OLD"), closed_days_scopes("NEW")), backend)
                    + " ELSE "
                    + &bump(&closed_days_scopes("OLD"), backend)
                    + " END IF; RETURN NULL; END $$",
            );
            up.push(
                "CREATE TRIGGER tr_cache_closed_days AFTER INSERT OR UPDATE OR DELETE ON closed_days \
                 FOR EACH ROW EXECUTE FUNCTION cache_bump_closed_days()"
                    .to_owned(),
            );
        }
        _ => {
            for (name, event, scopes) in [
                ("insert", "INSERT", closed_days_scopes("NEW")),
                ("update", "UPDATE", format!("{} UNION {}", closed_days_scopes("OLD"), closed_days_scopes("NEW"))),
                ("delete", "DELETE", closed_days_scopes("OLD")),
            ] {
                up.push(format!(
                    "CREATE TRIGGER tr_cache_closed_days_{name} AFTER {event} ON closed_days BEGIN {} END",
                    bump(&scopes, backend)
                ));
            }
        }
    }
    up
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        manager
            .create_table(
                Table::create()
                    .table("schedules")
                    .col(big_pk_auto("id"))
                    .col(big_integer("pantry_location_id"))
                    // 0 = Monday … 6 = Sunday; or a single date (a one-off extra day).
                    .col(small_integer_null("weekday"))
                    .col(date_null("on_date"))
                    .col(time("opens"))
                    .col(time("closes"))
                    .col(integer("slot_minutes"))
                    .col(integer_null("capacity"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_schedules_pantry_location_id")
                            .from("schedules", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check((
                        "ck_schedules_when",
                        Expr::cust(
                            "(weekday IS NULL) <> (on_date IS NULL) AND (weekday IS NULL OR weekday BETWEEN 0 AND 6)",
                        ),
                    ))
                    .check(("ck_schedules_hours", Expr::cust("closes > opens AND slot_minutes > 0")))
                    .check(("ck_schedules_capacity", Expr::cust("capacity IS NULL OR capacity >= 0")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_schedules_pantry_location_id")
                    .table("schedules")
                    .col("pantry_location_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("schedule_horizons")
                    .col(big_integer("pantry_location_id").primary_key())
                    .col(integer("days"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_schedule_horizons_pantry_location_id")
                            .from("schedule_horizons", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check(("ck_schedule_horizons_days", Expr::cust("days BETWEEN 1 AND 120")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("closed_days")
                    .col(big_pk_auto("id"))
                    .col(big_integer("pantry_location_id"))
                    .col(date("first_day"))
                    .col(date("last_day"))
                    .col(string_len("reason", 200))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_closed_days_pantry_location_id")
                            .from("closed_days", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check(("ck_closed_days_range", Expr::cust("last_day >= first_day")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_closed_days_pantry_location_id_last_day")
                    .table("closed_days")
                    .col("pantry_location_id")
                    .col("last_day")
                    .to_owned(),
            )
            .await?;
        // Added by SQL: SQLite adds a column with a foreign key only this way.
        manager
            .get_connection()
            .execute_unprepared(
                "ALTER TABLE pickup_times ADD COLUMN schedule_id BIGINT NULL \
                 REFERENCES schedules (id) ON DELETE SET NULL",
            )
            .await?;
        for sql in up_statements(backend) {
            manager.get_connection().execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let backend = manager.get_database_backend();
        let conn = manager.get_connection();
        if backend == DbBackend::Postgres {
            conn.execute_unprepared("DROP TRIGGER tr_cache_closed_days ON closed_days").await?;
            conn.execute_unprepared("DROP FUNCTION cache_bump_closed_days()").await?;
        } else {
            for name in ["insert", "update", "delete"] {
                conn.execute_unprepared(&format!("DROP TRIGGER tr_cache_closed_days_{name}")).await?;
            }
        }
        conn.execute_unprepared("DROP INDEX ix_pickup_times_schedule_id").await?;
        conn.execute_unprepared("ALTER TABLE pickup_times DROP COLUMN schedule_id").await?;
        for table in ["closed_days", "schedule_horizons", "schedules"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
