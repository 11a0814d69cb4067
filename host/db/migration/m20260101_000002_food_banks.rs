//! Food banks, pantries, pickup and delivery times.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // food_banks
        manager
            .create_table(
                Table::create()
                    .table("food_banks")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("code"))
                    .col(string("name"))
                    .col(string_null("home_page_url"))
                    .col(boolean("is_enabled").default(true))
                    .col(boolean("is_tefap_enabled").default(false))
                    .col(boolean("is_delivery_enabled").default(false))
                    .col(big_integer("address_id"))
                    .col(string("time_zone"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_food_banks_address_id")
                            .from("food_banks", "address_id")
                            .to("addresses", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        // pantry_locations
        manager
            .create_table(
                Table::create()
                    .table("pantry_locations")
                    .col(big_pk_auto("id"))
                    .col(big_integer("food_bank_id"))
                    .col(big_integer("address_id"))
                    .col(string("label"))
                    .col(string("time_zone"))
                    .col(boolean("is_restricted").default(false))
                    .col(boolean("is_active").default(true))
                    .col(text_null("pickup_instructions"))
                    .col(double("latitude"))
                    .col(double("longitude"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pantry_locations_food_bank_id")
                            .from("pantry_locations", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pantry_locations_address_id")
                            .from("pantry_locations", "address_id")
                            .to("addresses", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .check((
                        "ck_pantry_locations_lat_lng",
                        Expr::cust("latitude BETWEEN -90 AND 90 AND longitude BETWEEN -180 AND 180"),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pantry_locations_latitude_longitude")
                    .table("pantry_locations")
                    .col("latitude")
                    .col("longitude")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pantry_locations_food_bank_id")
                    .table("pantry_locations")
                    .col("food_bank_id")
                    .to_owned(),
            )
            .await?;
        // pickup_times
        manager
            .create_table(
                Table::create()
                    .table("pickup_times")
                    .col(big_pk_auto("id"))
                    .col(big_integer("pantry_location_id"))
                    .col(date("pickup_day"))
                    .col(time("pickup_start_time"))
                    .col(time("pickup_end_time"))
                    .col(timestamp_with_time_zone("start_at"))
                    .col(timestamp_with_time_zone("end_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pickup_times_pantry_location_id")
                            .from("pickup_times", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check(("ck_pickup_times_window", Expr::cust("end_at > start_at")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_pickup_times_pantry_location_id_start_at")
                    .table("pickup_times")
                    .col("pantry_location_id")
                    .col("start_at")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_pickup_times_start_at").table("pickup_times").col("start_at").to_owned(),
            )
            .await?;
        // delivery_programs
        manager
            .create_table(
                Table::create()
                    .table("delivery_programs")
                    .col(big_pk_auto("id"))
                    .col(big_integer("food_bank_id"))
                    .col(string("name"))
                    .col(boolean("is_active").default(true))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_delivery_programs_food_bank_id")
                            .from("delivery_programs", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_delivery_programs_food_bank_id")
                    .table("delivery_programs")
                    .col("food_bank_id")
                    .to_owned(),
            )
            .await?;
        // delivery_times
        manager
            .create_table(
                Table::create()
                    .table("delivery_times")
                    .col(big_pk_auto("id"))
                    .col(big_integer("food_bank_id"))
                    .col(big_integer("delivery_program_id"))
                    .col(date("delivery_day"))
                    .col(time("delivery_start_time"))
                    .col(time("delivery_end_time"))
                    .col(timestamp_with_time_zone("start_at"))
                    .col(timestamp_with_time_zone("end_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_delivery_times_food_bank_id")
                            .from("delivery_times", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_delivery_times_delivery_program_id")
                            .from("delivery_times", "delivery_program_id")
                            .to("delivery_programs", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check(("ck_delivery_times_window", Expr::cust("end_at > start_at")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_delivery_times_delivery_program_id_start_at")
                    .table("delivery_times")
                    .col("delivery_program_id")
                    .col("start_at")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_delivery_times_food_bank_id_start_at")
                    .table("delivery_times")
                    .col("food_bank_id")
                    .col("start_at")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["delivery_times", "delivery_programs", "pickup_times", "pantry_locations", "food_banks"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
