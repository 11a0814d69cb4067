//! `sessions` (issue 53 item 2): each sign-in's device, so its owner can see where they are
//! signed in and end any of it. Only what that list needs is kept: the browser and system named
//! from the User-Agent (never the header itself, nor the address), when it began, when it was
//! last used (at most every few minutes, so a busy session is not a write per request), and the
//! account's token version it was issued under (a password change or "sign out everywhere" ends
//! every earlier row without touching it). Validity is still the token's version and
//! `revoked_sessions`: a session from before this table still works, unlisted.
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
                    .table("sessions")
                    .col(big_pk_auto("id"))
                    .col(string_len_uniq("session_id", 64))
                    .col(big_integer("user_id"))
                    .col(integer("token_version"))
                    .col(string_len("browser", 40))
                    .col(string_len("system", 40))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("last_seen_at"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sessions_user_id")
                            .from("sessions", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_sessions_user_id").table("sessions").col("user_id").to_owned())
            .await?;
        manager
            .create_index(Index::create().name("ix_sessions_expires_at").table("sessions").col("expires_at").to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("sessions").to_owned()).await
    }
}
