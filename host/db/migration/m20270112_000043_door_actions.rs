//! The door's actions recorded on a device without a connection and sent later (issue 50): each
//! carries a key the device made, kept here in the same transaction as what it did, so a resend
//! finds the key and records nothing twice. `outcome_id` is what the action made or changed (the
//! order handed over, the household registered, the visit recorded): a visit queued for a
//! household registered offline names that household by its registration's key.
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
                    .table("door_actions")
                    .col(string_len("key", 64).primary_key())
                    .col(big_integer("user_id"))
                    .col(string_len("kind", 16).check(Expr::col("kind").is_in([
                        "checkIn",
                        "noShow",
                        "household",
                        "visit",
                    ])))
                    .col(big_integer("outcome_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_door_actions_user_id")
                            .from("door_actions", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_door_actions_created_at").table("door_actions").col("created_at").to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("door_actions").to_owned()).await
    }
}
