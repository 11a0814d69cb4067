//! Each name key carries its household's folded names (`first_key`, `last_key`), so the intake
//! search ranks what the keys find from the keys alone: reading the households a common name
//! finds (3,000 for "Smith") took most of the search's time on PostgreSQL. There the primary key
//! includes the two columns, so the keys are read from the index without the table. A household
//! merged into another has no name keys: the search never finds it.
use sea_orm::{ConnectionTrait, DbBackend};
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const KEY: &str = "food_bank_id, typo, key, household_id";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER.
        for col in ["first_key", "last_key"] {
            manager
                .alter_table(
                    Table::alter().table("household_name_keys").add_column(string_len(col, 100).default("")).to_owned(),
                )
                .await?;
        }
        let db = manager.get_connection();
        db.execute_unprepared(
            "DELETE FROM household_name_keys WHERE household_id IN \
             (SELECT id FROM households WHERE merged_into IS NOT NULL)",
        )
        .await?;
        db.execute_unprepared(
            "UPDATE household_name_keys SET \
             first_key = (SELECT h.first_key FROM households h WHERE h.id = household_name_keys.household_id), \
             last_key = (SELECT h.last_key FROM households h WHERE h.id = household_name_keys.household_id)",
        )
        .await?;
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(&format!(
                "ALTER TABLE household_name_keys DROP CONSTRAINT household_name_keys_pkey, \
                 ADD CONSTRAINT household_name_keys_pkey PRIMARY KEY ({KEY}) INCLUDE (first_key, last_key)"
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DbBackend::Postgres {
            db.execute_unprepared(&format!(
                "ALTER TABLE household_name_keys DROP CONSTRAINT household_name_keys_pkey, \
                 ADD CONSTRAINT household_name_keys_pkey PRIMARY KEY ({KEY})"
            ))
            .await?;
        }
        for col in ["first_key", "last_key"] {
            manager.alter_table(Table::alter().table("household_name_keys").drop_column(col).to_owned()).await?;
        }
        // Merged households stay without keys: the search before this one skipped them anyway.
        Ok(())
    }
}
