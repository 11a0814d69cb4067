//! TEFAP records and the monthly report (issue 25 items 6 and 7). `tefap_records`: one row per
//! order with TEFAP items, a snapshot written in the transaction that places the order (the
//! recipient's name, household size and ages, and the basis of eligibility as the shopper's
//! answers gave them then), so later edits of the profile or new answers never rewrite what was
//! recorded. `keep_until` is the end of the retention 7 CFR 251.10(a) asks
//! (`domain::reports::keep_until`). The report reads the orders themselves, through indexes:
//! the month's orders by food bank or pantry and time (indexes of migration 6), and whether a
//! household ordered at a pantry before the month, one probe of the index added here.
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
                    .table("tefap_records")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id").unique_key())
                    .col(big_integer("food_bank_id"))
                    .col(big_integer_null("pantry_location_id"))
                    // The household: the ordering account (no foreign key: the record outlives it).
                    .col(big_integer("user_id"))
                    .col(string_len("recipient_name", 200))
                    .col(integer_null("household_size"))
                    .col(string_len_null("eligibility_basis", 16))
                    .col(boolean("is_homeless").default(false))
                    // People of the household by age: 0-17, 18-59, 60 and over (NULL: not answered).
                    .col(integer_null("children"))
                    .col(integer_null("adults"))
                    .col(integer_null("seniors"))
                    // The local day the order was placed, in the pantry's time zone.
                    .col(date("served_on"))
                    .col(date("keep_until"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_records_order_id")
                            .from("tefap_records", "order_id")
                            .to("orders", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_tefap_records_pantry_location_id_served_on")
                    .table("tefap_records")
                    .col("pantry_location_id")
                    .col("served_on")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_tefap_records_food_bank_id_served_on")
                    .table("tefap_records")
                    .col("food_bank_id")
                    .col("served_on")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_orders_user_id_pantry_location_id_created_at")
                    .table("orders")
                    .col("user_id")
                    .col("pantry_location_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop().name("ix_orders_user_id_pantry_location_id_created_at").table("orders").to_owned(),
            )
            .await?;
        manager.drop_table(Table::drop().table("tefap_records").to_owned()).await.map(|_| ())
    }
}
