//! A second factor for staff (issue 53 item 1):
//! - `food_banks.require_second_factor`: the admin requires it of the food bank's staff;
//! - `second_factors`: a person's code app secret (base32), when they confirmed it, and the last
//!   30-second step whose code they used (raised only by a conditional update, so a code works
//!   once, on every host);
//! - `recovery_codes`: the SHA-256 of each one-time recovery code, and when it was used;
//! - `sessions.second_factor_at`: when the session proved the second factor.
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
            .get_connection()
            .execute_unprepared(
                "ALTER TABLE food_banks ADD COLUMN require_second_factor BOOLEAN NOT NULL DEFAULT FALSE",
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table("sessions")
                    .add_column(timestamp_with_time_zone_null("second_factor_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("second_factors")
                    .col(big_integer("user_id").primary_key())
                    .col(string_len("secret", 64))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("confirmed_at"))
                    .col(big_integer("last_step").default(0))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_second_factors_user_id")
                            .from("second_factors", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("recovery_codes")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string_len("code_hash", 64))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recovery_codes_user_id")
                            .from("recovery_codes", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_recovery_codes_user_hash")
                    .table("recovery_codes")
                    .col("user_id")
                    .col("code_hash")
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("recovery_codes").to_owned()).await?;
        manager.drop_table(Table::drop().table("second_factors").to_owned()).await?;
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE sessions DROP COLUMN second_factor_at").await?;
        db.execute_unprepared("ALTER TABLE food_banks DROP COLUMN require_second_factor").await?;
        Ok(())
    }
}
