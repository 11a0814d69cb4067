//! `orders.request_fingerprint`: SHA-256 of the canonical submission, so a reused
//! `Idempotency-Key` with a different body is told apart from a retry.
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
            .alter_table(
                Table::alter().table("orders").add_column(string_len_null("request_fingerprint", 64)).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("orders").drop_column("request_fingerprint").to_owned()).await
    }
}
