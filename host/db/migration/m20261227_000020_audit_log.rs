//! `audit_log`: every change staff make to what a pantry offers (schedules, closed days, stock,
//! items, limits, grants), written in the transaction that makes it: who, when, where, what, and
//! the subject before and after as JSON. Append-only; the food bank's admin reads it.
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
                    .table("audit_log")
                    .col(big_pk_auto("id"))
                    .col(timestamp_with_time_zone("at"))
                    // No foreign keys: the record outlives what it names.
                    .col(big_integer("actor_user_id"))
                    .col(big_integer("food_bank_id"))
                    .col(big_integer_null("pantry_location_id"))
                    .col(string_len("action", 64))
                    .col(string_len("subject", 128))
                    .col(text_null("before"))
                    .col(text_null("after"))
                    .to_owned(),
            )
            .await?;
        // The admin's page lists a food bank's newest first.
        manager
            .get_connection()
            .execute_unprepared("CREATE INDEX ix_audit_log_food_bank_at ON audit_log (food_bank_id, at DESC, id DESC)")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("audit_log").to_owned()).await.map(|_| ())
    }
}
