//! Delivery runs (issue 51): a delivery window's orders shared among drivers, each run a route of
//! stops from its program's depot. An order is a stop of one run at most; a stop's outcome is the
//! driver's (delivered, nobody home, refused), a failed one confirmed by the coordinator, who then
//! closes the order as not delivered. Drivers are granted per delivery program (`driver_grants`:
//! the staff grants' scope CHECK names food banks and pantries only, and a program is neither).
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

fn fk(
    name: &str,
    from: (&'static str, &'static str),
    to: &'static str,
    on_delete: ForeignKeyAction,
) -> ForeignKeyCreateStatement {
    ForeignKey::create().name(name).from(from.0, from.1).to(to, "id").on_delete(on_delete).to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        use ForeignKeyAction::{Cascade, SetNull};
        // SQLite adds one column per ALTER.
        for col in ["depot_latitude", "depot_longitude"] {
            manager
                .alter_table(Table::alter().table("delivery_programs").add_column(double_null(col)).to_owned())
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("driver_grants")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(big_integer("delivery_program_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk("fk_driver_grants_user_id", ("driver_grants", "user_id"), "users", Cascade))
                    .foreign_key(&mut fk(
                        "fk_driver_grants_delivery_program_id",
                        ("driver_grants", "delivery_program_id"),
                        "delivery_programs",
                        Cascade,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_driver_grants_user_id_delivery_program_id")
                    .table("driver_grants")
                    .col("user_id")
                    .col("delivery_program_id")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("delivery_runs")
                    .col(big_pk_auto("id"))
                    .col(big_integer("delivery_time_id"))
                    .col(big_integer("delivery_program_id"))
                    .col(integer("number").check(Expr::col("number").gte(1)))
                    .col(big_integer_null("driver_user_id"))
                    .col(double("miles").check(Expr::col("miles").gte(0.0)))
                    .col(timestamp_with_time_zone_null("started_at"))
                    .col(big_integer_null("started_by"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(&mut fk(
                        "fk_delivery_runs_delivery_time_id",
                        ("delivery_runs", "delivery_time_id"),
                        "delivery_times",
                        Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_delivery_runs_delivery_program_id",
                        ("delivery_runs", "delivery_program_id"),
                        "delivery_programs",
                        Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_delivery_runs_driver_user_id",
                        ("delivery_runs", "driver_user_id"),
                        "users",
                        SetNull,
                    ))
                    .foreign_key(&mut fk(
                        "fk_delivery_runs_started_by",
                        ("delivery_runs", "started_by"),
                        "users",
                        SetNull,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_delivery_runs_delivery_time_id_number")
                    .table("delivery_runs")
                    .col("delivery_time_id")
                    .col("number")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_delivery_runs_driver_user_id")
                    .table("delivery_runs")
                    .col("driver_user_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("delivery_stops")
                    .col(big_pk_auto("id"))
                    .col(big_integer("run_id"))
                    .col(big_integer("order_id").unique_key())
                    .col(integer("position").check(Expr::col("position").gte(1)))
                    .col(string_len_null("outcome", 12).check(Expr::col("outcome").is_in([
                        "delivered",
                        "nobodyHome",
                        "refused",
                    ])))
                    .col(timestamp_with_time_zone_null("outcome_at"))
                    .col(big_integer_null("outcome_by"))
                    .col(timestamp_with_time_zone_null("confirmed_at"))
                    .foreign_key(&mut fk(
                        "fk_delivery_stops_run_id",
                        ("delivery_stops", "run_id"),
                        "delivery_runs",
                        Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_delivery_stops_order_id",
                        ("delivery_stops", "order_id"),
                        "orders",
                        Cascade,
                    ))
                    .foreign_key(&mut fk(
                        "fk_delivery_stops_outcome_by",
                        ("delivery_stops", "outcome_by"),
                        "users",
                        SetNull,
                    ))
                    // Only a failed delivery waits for the coordinator's word.
                    .check((
                        "ck_delivery_stops_confirmed",
                        Expr::cust("confirmed_at IS NULL OR outcome IN ('nobodyHome', 'refused')"),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_delivery_stops_run_id_position")
                    .table("delivery_stops")
                    .col("run_id")
                    .col("position")
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["delivery_stops", "delivery_runs", "driver_grants"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        for col in ["depot_latitude", "depot_longitude"] {
            manager.alter_table(Table::alter().table("delivery_programs").drop_column(col).to_owned()).await?;
        }
        Ok(())
    }
}
