//! Delivery schedules (issue 24 item 1, "the same for a delivery program's windows"): a delivery
//! program's weekly hours and one-off days, cut into delivery windows by the schedule job
//! (`service::delivery_schedules`) for the program's publishing horizon, with the same rules as a
//! pantry's (`domain::schedule`).
//! - `delivery_schedules`: one row per opening of a program: a weekday (0 = Monday) or a single
//!   date, opening and closing local time (the food bank's zone), window length and capacity per
//!   window (NULL: unlimited). The same CHECKs as `schedules`.
//! - `delivery_programs.horizon_days`: how many days ahead the program publishes (NULL: the
//!   default, `domain::schedule::DEFAULT_HORIZON_DAYS`).
//! - `delivery_times.schedule_id`: the schedule that made the window (NULL: made by hand or the
//!   seed, which the job never touches). The job deletes only empty future windows it made; a
//!   window with orders keeps its row when its schedule goes (the id becomes NULL).
//!
//! Inserts and deletes of windows already bump the program's cache scope (migrations 13 and 27).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table("delivery_schedules")
                    .col(big_pk_auto("id"))
                    .col(big_integer("delivery_program_id"))
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
                            .name("fk_delivery_schedules_delivery_program_id")
                            .from("delivery_schedules", "delivery_program_id")
                            .to("delivery_programs", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check((
                        "ck_delivery_schedules_when",
                        Expr::cust(
                            "(weekday IS NULL) <> (on_date IS NULL) AND (weekday IS NULL OR weekday BETWEEN 0 AND 6)",
                        ),
                    ))
                    .check(("ck_delivery_schedules_hours", Expr::cust("closes > opens AND slot_minutes > 0")))
                    .check(("ck_delivery_schedules_capacity", Expr::cust("capacity IS NULL OR capacity >= 0")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_delivery_schedules_delivery_program_id")
                    .table("delivery_schedules")
                    .col("delivery_program_id")
                    .to_owned(),
            )
            .await?;
        let conn = manager.get_connection();
        // Added by SQL: SQLite adds a column with a foreign key or a CHECK only this way.
        conn.execute_unprepared(
            "ALTER TABLE delivery_programs ADD COLUMN horizon_days INTEGER NULL \
             CONSTRAINT ck_delivery_programs_horizon_days CHECK (horizon_days BETWEEN 1 AND 120)",
        )
        .await?;
        conn.execute_unprepared(
            "ALTER TABLE delivery_times ADD COLUMN schedule_id BIGINT NULL \
             REFERENCES delivery_schedules (id) ON DELETE SET NULL",
        )
        .await?;
        conn.execute_unprepared("CREATE INDEX ix_delivery_times_schedule_id ON delivery_times (schedule_id)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let conn = manager.get_connection();
        conn.execute_unprepared("DROP INDEX ix_delivery_times_schedule_id").await?;
        conn.execute_unprepared("ALTER TABLE delivery_times DROP COLUMN schedule_id").await?;
        conn.execute_unprepared("ALTER TABLE delivery_programs DROP COLUMN horizon_days").await?;
        manager.drop_table(Table::drop().table("delivery_schedules").to_owned()).await?;
        Ok(())
    }
}
