//! `stock_move_keys`: the keys of the stock moves staff made, one row per (person, key), written
//! in the move's transaction. A request sent again with its key (a double click, a retry after a
//! timeout that had in fact committed) finds its row and moves nothing a second time; two copies
//! at once meet at the primary key, so the second waits for the first and then finds it.
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
                    .table("stock_move_keys")
                    .col(big_integer("user_id"))
                    .col(string_len("key", 255))
                    .col(timestamp_with_time_zone("at"))
                    .primary_key(Index::create().col("user_id").col("key"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_stock_move_keys_user_id")
                            .from("stock_move_keys", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("stock_move_keys").to_owned()).await
    }
}
