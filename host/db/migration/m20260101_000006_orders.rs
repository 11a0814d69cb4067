//! Orders and their items.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // orders
        manager
            .create_table(
                Table::create()
                    .table("orders")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(big_integer("food_bank_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(big_integer_null("pickup_time_id"))
                    .col(big_integer_null("delivery_time_id"))
                    .col(big_integer_null("saved_address_id"))
                    .col(json_null("delivery_address"))
                    .col(big_integer("status_type_id"))
                    .col(string_null("idempotency_key"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .col(timestamp_with_time_zone_null("cancelled_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_user_id")
                            .from("orders", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_food_bank_id")
                            .from("orders", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_pantry_location_id")
                            .from("orders", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_pickup_time_id")
                            .from("orders", "pickup_time_id")
                            .to("pickup_times", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_delivery_time_id")
                            .from("orders", "delivery_time_id")
                            .to("delivery_times", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_saved_address_id")
                            .from("orders", "saved_address_id")
                            .to("saved_addresses", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_orders_status_type_id")
                            .from("orders", "status_type_id")
                            .to("order_status_types", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .check((
                        "ck_orders_pickup_or_delivery",
                        Expr::cust("pickup_time_id IS NULL OR delivery_time_id IS NULL"),
                    ))
                    .check((
                        "ck_orders_pickup_has_pantry",
                        Expr::cust("pickup_time_id IS NULL OR pantry_location_id IS NOT NULL"),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_orders_user_id_created_at")
                    .table("orders")
                    .col("user_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_orders_user_id_idempotency_key")
                    .table("orders")
                    .col("user_id")
                    .col("idempotency_key")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_orders_food_bank_id_created_at")
                    .table("orders")
                    .col("food_bank_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_orders_pantry_location_id_created_at")
                    .table("orders")
                    .col("pantry_location_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_orders_pickup_time_id").table("orders").col("pickup_time_id").to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_orders_delivery_time_id").table("orders").col("delivery_time_id").to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_orders_status_type_id").table("orders").col("status_type_id").to_owned(),
            )
            .await?;
        // order_items
        manager
            .create_table(
                Table::create()
                    .table("order_items")
                    .col(big_pk_auto("id"))
                    .col(big_integer("order_id"))
                    .col(big_integer("inventory_item_id"))
                    .col(big_integer("pantry_item_id"))
                    .col(integer("quantity"))
                    .col(double("weight_pounds").default(0))
                    .col(boolean("is_substitute_ok").default(false))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_items_order_id")
                            .from("order_items", "order_id")
                            .to("orders", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_items_inventory_item_id")
                            .from("order_items", "inventory_item_id")
                            .to("inventory_items", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_order_items_pantry_item_id")
                            .from("order_items", "pantry_item_id")
                            .to("pantry_items", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .check(("ck_order_items_quantity", Expr::cust("quantity > 0")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_order_items_order_id").table("order_items").col("order_id").to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_items_inventory_item_id")
                    .table("order_items")
                    .col("inventory_item_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_order_items_pantry_item_id")
                    .table("order_items")
                    .col("pantry_item_id")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["order_items", "orders"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
