//! `revoked_sessions`: the session ids of signed-out tokens, checked with the account's token
//! version on every signed-in request, on every host. `expires_at` (the token's expiry) lets old
//! rows be pruned: past it the token is refused anyway.
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
                    .table("revoked_sessions")
                    .col(string("session_id").primary_key())
                    .col(big_integer("user_id"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_revoked_sessions_user_id")
                            .from("revoked_sessions", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_revoked_sessions_expires_at")
                    .table("revoked_sessions")
                    .col("expires_at")
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("revoked_sessions").to_owned()).await
    }
}
