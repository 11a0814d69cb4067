//! The staff console (issue 48): `staff_choices` keeps the pantry each person last worked on, so
//! the console opens there on any device (a shared tablet at the door included); and
//! `inventory_items.low_at`, the level at or under which an item is "running low" on the Today
//! page, which each pantry sets per item (None: never flagged). The CHECK keeps it a count.
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
                    .table("staff_choices")
                    .col(big_integer("user_id").primary_key())
                    .col(big_integer("pantry_location_id"))
                    .col(timestamp_with_time_zone("chosen_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_choices_user_id")
                            .from("staff_choices", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_staff_choices_pantry_location_id")
                            .from("staff_choices", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table("inventory_items")
                    .add_column(ColumnDef::new("low_at").integer().null().check(Expr::col("low_at").gte(0)).to_owned())
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("inventory_items").drop_column("low_at").to_owned()).await?;
        manager.drop_table(Table::drop().table("staff_choices").to_owned()).await
    }
}
