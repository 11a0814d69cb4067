//! The monthly report's summary (issue 25 item 7): `report_orders`, one row per order with what
//! the report counts of it (its place, household, local day, state, units and pounds), kept by
//! every write of an order in that write's transaction (`db::repo::reports`), and filled here for
//! the orders that exist. The report sums these rows instead of joining a month's orders to
//! their lines, products and units and converting each order's time to its pantry's day.
//!
//! Why a table the writes keep, not indexes (tried first: the joins and the per-order day
//! conversion remain) nor a materialised view: SQLite has no materialised views, and
//! PostgreSQL's is refreshed whole (every order again, stale in between), while the report must
//! show an order's new state as soon as staff have marked it. Why one row per order rather than
//! counts per pantry and day: a household is counted once in a month and "new" only if it never
//! ordered at the place before, which sums of counts cannot give; and since each write rewrites
//! its order's row from the order as it now is, no write path has to know what its change did to
//! any count.
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
                    .table("report_orders")
                    .col(big_integer("order_id").primary_key())
                    .col(big_integer("food_bank_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(big_integer("user_id"))
                    .col(date("day"))
                    .col(big_integer("status_type_id"))
                    .col(big_integer("units"))
                    .col(double("pounds"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_report_orders_order_id")
                            .from("report_orders", "order_id")
                            .to("orders", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // The month of a food bank or of pantries; whether a household came to the place before.
        for (name, cols) in [
            ("ix_report_orders_food_bank_id_day", &["food_bank_id", "day"][..]),
            ("ix_report_orders_pantry_location_id_day", &["pantry_location_id", "day"][..]),
            ("ix_report_orders_user_id_pantry_location_id_day", &["user_id", "pantry_location_id", "day"][..]),
            ("ix_report_orders_user_id_food_bank_id_day", &["user_id", "food_bank_id", "day"][..]),
            // The served households that have a TEFAP record of the month (their people by age).
            ("ix_tefap_records_user_id_served_on", &["user_id", "served_on"][..]),
        ] {
            let table = if name.starts_with("ix_tefap") { "tefap_records" } else { "report_orders" };
            let mut index = Index::create();
            index.name(name).table(table);
            for c in cols {
                index.col(*c);
            }
            manager.create_index(index.to_owned()).await?;
        }
        crate::db::repo::reports::summarise_orders_from(manager.get_connection(), 0)
            .await
            .map_err(|e| DbErr::Migration(format!("filling report_orders: {e}")))?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ix_tefap_records_user_id_served_on").table("tefap_records").to_owned())
            .await?;
        manager.drop_table(Table::drop().table("report_orders").to_owned()).await.map(|_| ())
    }
}
