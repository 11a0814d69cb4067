//! Both names together become a name key found only whole (`typo = true`), like a name with a
//! letter left out: found by its start it ranked as nothing at the door, and the intake search
//! read one such key for every household whose first name starts as typed.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The rows of `household_name_keys` that hold their household's names together.
const BOTH_NAMES: &str = "EXISTS (SELECT 1 FROM households h WHERE h.id = household_name_keys.household_id \
     AND h.first_key <> '' AND h.last_key <> '' AND household_name_keys.key = h.first_key || h.last_key)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql = format!("UPDATE household_name_keys SET typo = TRUE WHERE typo = FALSE AND {BOTH_NAMES}");
        manager.get_connection().execute_unprepared(&sql).await.map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let sql = format!("UPDATE household_name_keys SET typo = FALSE WHERE typo = TRUE AND {BOTH_NAMES}");
        manager.get_connection().execute_unprepared(&sql).await.map(|_| ())
    }
}
