//! Passkeys as a staff member's second factor (issue 53 item 1, the WebAuthn part):
//! - `passkeys`: each credential a person registered: its id (base64url, unique), the credential
//!   as webauthn-rs keeps it (JSON: public key, signature counter), a name for the list (the
//!   browser and system it was made on), and when it was made and last used;
//! - `passkey_ceremonies`: the challenge a session was given to register or to use a passkey, kept
//!   in the database (not one host's memory) until answered or expired, one per session and kind.
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
                    .table("passkeys")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string_len("credential_id", 1400))
                    .col(text("credential"))
                    .col(string_len("name", 100))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("last_used_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_passkeys_user_id")
                            .from("passkeys", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_passkeys_credential_id")
                    .table("passkeys")
                    .col("credential_id")
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("ix_passkeys_user_id").table("passkeys").col("user_id").to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("passkey_ceremonies")
                    .col(string_len("session_id", 64))
                    .col(string_len("kind", 16).check(Expr::col("kind").is_in(["register", "prove"])))
                    .col(text("state"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .primary_key(Index::create().col("session_id").col("kind"))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("passkey_ceremonies").to_owned()).await?;
        manager.drop_table(Table::drop().table("passkeys").to_owned()).await
    }
}
