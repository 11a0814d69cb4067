//! `users.language`: the shopper's chosen language (`en`, `es`), so what the server writes to
//! them (e-mails) follows it on every device. NULL: never chosen; the request's language applies.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("users").add_column(string_len_null("language", 8)).to_owned()).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("users").drop_column("language").to_owned()).await
    }
}
