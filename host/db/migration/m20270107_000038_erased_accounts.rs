//! `users.erased_at` (issue 53 item 3): when the owner deleted the account. The row stays, emptied
//! of everything personal, because the orders the food bank must keep still point at it; an erased
//! account never signs in, and nothing lists it as a person.
//!
//! `food_banks.inactive_account_months`: after how many months without a login or an order the
//! retention job deletes a shopper account of the food bank's; NULL (the default) never.
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
                Table::alter().table("users").add_column(timestamp_with_time_zone_null("erased_at")).to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "ALTER TABLE food_banks ADD COLUMN inactive_account_months INTEGER \
                 CHECK (inactive_account_months BETWEEN 6 AND 120)",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE food_banks DROP COLUMN inactive_account_months").await?;
        db.execute_unprepared("ALTER TABLE users DROP COLUMN erased_at").await?;
        Ok(())
    }
}
