//! The staff side: grants that make a user a food bank admin, pantry staff or volunteer (one login
//! can be shopper and staff); every state change of an order with who made it, when and why
//! (`order_events`); a line packed short (`order_items.packed_quantity`); the pantry's reason for a
//! cancel the shopper sees (`orders.cancel_reason`); and the order status codes of the staff side
//! (id 5 becomes PICKED_UP; NO_SHOW, id 7, is added by the reference seed like every status).
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
                    .table("staff_grants")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string("role"))
                    .col(big_integer_null("food_bank_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_grants_user_id")
                            .from("staff_grants", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_grants_food_bank_id")
                            .from("staff_grants", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_grants_pantry_location_id")
                            .from("staff_grants", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    // An admin's scope is a food bank, staff's and a volunteer's one pantry each.
                    .check((
                        "ck_staff_grants_scope",
                        Expr::cust(
                            "(role = 'admin' AND food_bank_id IS NOT NULL AND pantry_location_id IS NULL) OR \
                             (role IN ('staff', 'volunteer') AND pantry_location_id IS NOT NULL AND food_bank_id IS NULL)",
                        ),
                    ))
                    .to_owned(),
            )
            .await?;
        // One grant per user and place: granting again changes the role (NULLs never collide).
        for (name, col) in [
            ("ux_staff_grants_user_id_food_bank_id", "food_bank_id"),
            ("ux_staff_grants_user_id_pantry_location_id", "pantry_location_id"),
        ] {
            manager
                .create_index(
                    Index::create().name(name).table("staff_grants").col("user_id").col(col).unique().to_owned(),
                )
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table("order_events")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(big_integer_null("from_status_type_id"))
                    .col(big_integer("to_status_type_id"))
                    // Null: the server's own no-show job.
                    .col(big_integer_null("by_user_id"))
                    .col(string_null("reason"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_events_order_id")
                            .from("order_events", "order_id")
                            .to("orders", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_events_by_user_id")
                            .from("order_events", "by_user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_events_order_id_created_at")
                    .table("order_events")
                    .col("order_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table("order_items").add_column(integer_null("packed_quantity")).to_owned())
            .await?;
        manager.alter_table(Table::alter().table("orders").add_column(string_null("cancel_reason")).to_owned()).await?;
        let db = manager.get_connection();
        db.execute_unprepared("UPDATE order_status_types SET code = 'PICKED_UP', name = 'Picked Up' WHERE id = 5")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("UPDATE order_status_types SET code = 'COMPLETED', name = 'Completed' WHERE id = 5")
            .await?;
        manager.alter_table(Table::alter().table("orders").drop_column("cancel_reason").to_owned()).await?;
        manager.alter_table(Table::alter().table("order_items").drop_column("packed_quantity").to_owned()).await?;
        for table in ["order_events", "staff_grants"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
