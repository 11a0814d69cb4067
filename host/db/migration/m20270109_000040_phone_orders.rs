//! Phone orders (issue 49 item 4): staff place an order on a household's behalf.
//!
//! `orders.placed_by`: the staff member who placed it (NULL: the shopper did, in the app). The
//! queue marks such an order as a phone order.
//!
//! `users.phone_only`: the account row that carries the phone orders of a household with no app
//! account, so one order pipeline (rules, limits, queue, report, TEFAP records) serves them. It
//! has no password and an address that cannot receive mail, so it never signs in; its name and
//! phone follow the household's at each order. One per household (the partial unique index).
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE users ADD COLUMN phone_only BOOLEAN NOT NULL DEFAULT FALSE").await?;
        db.execute_unprepared(
            "CREATE UNIQUE INDEX users_phone_only_household ON users (household_id) WHERE phone_only",
        )
        .await?;
        db.execute_unprepared("ALTER TABLE orders ADD COLUMN placed_by BIGINT REFERENCES users (id)").await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE orders DROP COLUMN placed_by").await?;
        db.execute_unprepared("DROP INDEX users_phone_only_household").await?;
        db.execute_unprepared("ALTER TABLE users DROP COLUMN phone_only").await?;
        Ok(())
    }
}
