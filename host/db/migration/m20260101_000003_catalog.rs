//! Products, inventory, categories, limits.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // pantry_items
        manager
            .create_table(
                Table::create()
                    .table("pantry_items")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(string("name"))
                    .col(text_null("description"))
                    .col(double_null("amount"))
                    .col(integer_null("each_quantity"))
                    .col(big_integer_null("unit_of_measure_id"))
                    .col(big_integer_null("donation_package_type_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pantry_items_food_bank_id")
                            .from("pantry_items", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pantry_items_unit_of_measure_id")
                            .from("pantry_items", "unit_of_measure_id")
                            .to("unit_of_measures", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_pantry_items_donation_package_type_id")
                            .from("pantry_items", "donation_package_type_id")
                            .to("donation_package_types", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_pantry_items_food_bank_id")
                    .table("pantry_items")
                    .col("food_bank_id")
                    .to_owned(),
            )
            .await?;
        // attachments
        manager
            .create_table(
                Table::create()
                    .table("attachments")
                    .col(big_pk_auto("id"))
                    .col(string("storage_path"))
                    .col(integer("sequence_number").default(0))
                    .col(big_integer_null("pantry_location_id"))
                    .col(big_integer_null("pantry_item_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_attachments_pantry_location_id")
                            .from("attachments", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_attachments_pantry_item_id")
                            .from("attachments", "pantry_item_id")
                            .to("pantry_items", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check((
                        "ck_attachments_one_owner",
                        Expr::cust(exactly_one_of(&["pantry_location_id", "pantry_item_id"])),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_attachments_pantry_location_id_sequence_number")
                    .table("attachments")
                    .col("pantry_location_id")
                    .col("sequence_number")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_attachments_pantry_item_id_sequence_number")
                    .table("attachments")
                    .col("pantry_item_id")
                    .col("sequence_number")
                    .to_owned(),
            )
            .await?;
        // subcategories
        manager
            .create_table(
                Table::create()
                    .table("subcategories")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("name"))
                    .col(integer("sort_order").default(0))
                    .col(string_null("image_url"))
                    .to_owned(),
            )
            .await?;
        // inventory_items
        manager
            .create_table(
                Table::create()
                    .table("inventory_items")
                    .col(big_pk_auto("id"))
                    .col(big_integer("pantry_item_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(big_integer_null("delivery_program_id"))
                    .col(integer("quantity"))
                    .col(double("weight_pounds").default(0))
                    .col(string_null("source_code"))
                    .col(boolean("is_active").default(true))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_items_pantry_item_id")
                            .from("inventory_items", "pantry_item_id")
                            .to("pantry_items", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_items_pantry_location_id")
                            .from("inventory_items", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_items_food_bank_id")
                            .from("inventory_items", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_items_delivery_program_id")
                            .from("inventory_items", "delivery_program_id")
                            .to("delivery_programs", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check((
                        "ck_inventory_items_scope",
                        Expr::cust("(pantry_location_id IS NULL) <> (food_bank_id IS NULL)"),
                    ))
                    .check((
                        "ck_inventory_items_program_needs_food_bank",
                        Expr::cust("delivery_program_id IS NULL OR food_bank_id IS NOT NULL"),
                    ))
                    .check(("ck_inventory_items_weight", Expr::cust("weight_pounds >= 0")))
                    .check(("ck_inventory_items_quantity", Expr::cust("quantity >= 0")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inventory_items_pantry_location_id")
                    .table("inventory_items")
                    .col("pantry_location_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inventory_items_food_bank_id_delivery_program_id")
                    .table("inventory_items")
                    .col("food_bank_id")
                    .col("delivery_program_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inventory_items_pantry_item_id")
                    .table("inventory_items")
                    .col("pantry_item_id")
                    .to_owned(),
            )
            .await?;
        // inventory_item_subcategories
        manager
            .create_table(
                Table::create()
                    .table("inventory_item_subcategories")
                    .col(big_integer("inventory_item_id"))
                    .col(big_integer("subcategory_id"))
                    .primary_key(Index::create().col("inventory_item_id").col("subcategory_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_item_subcategories_inventory_item_id")
                            .from("inventory_item_subcategories", "inventory_item_id")
                            .to("inventory_items", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_inventory_item_subcategories_subcategory_id")
                            .from("inventory_item_subcategories", "subcategory_id")
                            .to("subcategories", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_inventory_item_subcategories_subcategory_id")
                    .table("inventory_item_subcategories")
                    .col("subcategory_id")
                    .to_owned(),
            )
            .await?;
        // limits
        manager
            .create_table(
                Table::create()
                    .table("limits")
                    .col(big_pk_auto("id"))
                    .col(integer("value"))
                    .col(integer("time_scope_amount").default(1))
                    .col(string("time_scope_code"))
                    .col(string("limit_type_code"))
                    .col(big_integer_null("pantry_item_id"))
                    .col(big_integer_null("inventory_item_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(big_integer_null("delivery_program_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_limits_pantry_item_id")
                            .from("limits", "pantry_item_id")
                            .to("pantry_items", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_limits_inventory_item_id")
                            .from("limits", "inventory_item_id")
                            .to("inventory_items", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_limits_pantry_location_id")
                            .from("limits", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_limits_food_bank_id")
                            .from("limits", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_limits_delivery_program_id")
                            .from("limits", "delivery_program_id")
                            .to("delivery_programs", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .check((
                        "ck_limits_time_scope",
                        Expr::cust("time_scope_code IN ('DAY','WEEK','MONTH','ORDER','ACCOUNT')"),
                    ))
                    .check(("ck_limits_type", Expr::cust("limit_type_code IN ('QUANTITY','ITEM','ORDER')")))
                    .check(("ck_limits_time_scope_amount", Expr::cust("time_scope_amount >= 1")))
                    .check((
                        "ck_limits_one_owner",
                        Expr::cust(exactly_one_of(&[
                            "pantry_item_id",
                            "inventory_item_id",
                            "pantry_location_id",
                            "food_bank_id",
                            "delivery_program_id",
                        ])),
                    ))
                    .check(("ck_limits_value", Expr::cust("value >= 0")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_limits_pantry_item_id").table("limits").col("pantry_item_id").to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_limits_inventory_item_id").table("limits").col("inventory_item_id").to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_limits_pantry_location_id")
                    .table("limits")
                    .col("pantry_location_id")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_limits_food_bank_id").table("limits").col("food_bank_id").to_owned())
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_limits_delivery_program_id")
                    .table("limits")
                    .col("delivery_program_id")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "limits",
            "inventory_item_subcategories",
            "inventory_items",
            "subcategories",
            "attachments",
            "pantry_items",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}

/// SQL that is true when exactly one of `columns` is not NULL (portable: no boolean
/// arithmetic, which PostgreSQL lacks).
fn exactly_one_of(columns: &[&str]) -> String {
    let terms: Vec<String> = columns.iter().map(|c| format!("(CASE WHEN {c} IS NULL THEN 0 ELSE 1 END)")).collect();
    format!("{} = 1", terms.join(" + "))
}
