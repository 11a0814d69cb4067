//! Each name key carries its household's folded names (`first_key`, `last_key`), so the intake
//! search ranks what the keys find from the keys alone: reading the households a common name
//! finds (3,000 for "Smith") took most of the search's time on PostgreSQL. The keys are read
//! without their table: on PostgreSQL the primary key includes the two columns; SQLite keeps the
//! table in its primary key (`WITHOUT ROWID`), where each row read by its rowid had made a name
//! search 5-10 times slower. A household merged into another has no name keys: the search never
//! finds it.
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
        let db = manager.get_connection();
        if db.get_database_backend() == DbBackend::Sqlite {
            return rebuild_sqlite(db, true).await;
        }
        for col in ["first_key", "last_key"] {
            manager
                .alter_table(
                    Table::alter().table("household_name_keys").add_column(string_len(col, 100).default("")).to_owned(),
                )
                .await?;
        }
        db.execute_unprepared(
            "DELETE FROM household_name_keys WHERE household_id IN \
             (SELECT id FROM households WHERE merged_into IS NOT NULL)",
        )
        .await?;
        db.execute_unprepared(
            "UPDATE household_name_keys SET first_key = h.first_key, last_key = h.last_key \
             FROM households h WHERE h.id = household_name_keys.household_id",
        )
        .await?;
        db.execute_unprepared(&format!(
            "ALTER TABLE household_name_keys DROP CONSTRAINT household_name_keys_pkey, \
             ADD CONSTRAINT household_name_keys_pkey PRIMARY KEY ({KEY}) INCLUDE (first_key, last_key)"
        ))
        .await
        .map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        if db.get_database_backend() == DbBackend::Sqlite {
            return rebuild_sqlite(db, false).await;
        }
        db.execute_unprepared(&format!(
            "ALTER TABLE household_name_keys DROP CONSTRAINT household_name_keys_pkey, \
             ADD CONSTRAINT household_name_keys_pkey PRIMARY KEY ({KEY})"
        ))
        .await?;
        for col in ["first_key", "last_key"] {
            manager.alter_table(Table::alter().table("household_name_keys").drop_column(col).to_owned()).await?;
        }
        // Merged households stay without keys: the search before this one skipped them anyway.
        Ok(())
    }
}

/// SQLite cannot change a table's primary key or storage: the keys move to a table of the new
/// shape (`names`: with the folded names, kept in the primary key) or the old one (a rowid table
/// without them), the keys of merged households left behind.
async fn rebuild_sqlite<C: ConnectionTrait>(db: &C, names: bool) -> Result<(), DbErr> {
    let (columns, copied, storage) = if names {
        (
            ", first_key varchar(100) NOT NULL DEFAULT '', last_key varchar(100) NOT NULL DEFAULT ''",
            "k.food_bank_id, k.typo, k.key, k.household_id, h.first_key, h.last_key",
            " WITHOUT ROWID",
        )
    } else {
        ("", "k.food_bank_id, k.typo, k.key, k.household_id", "")
    };
    for sql in [
        format!(
            "CREATE TABLE household_name_keys_new (food_bank_id integer NOT NULL, typo boolean NOT NULL, \
             key varchar(100) NOT NULL, household_id integer NOT NULL{columns}, PRIMARY KEY ({KEY}), \
             FOREIGN KEY (household_id) REFERENCES households (id) ON DELETE CASCADE){storage}"
        ),
        format!(
            "INSERT INTO household_name_keys_new SELECT {copied} FROM household_name_keys k \
             JOIN households h ON h.id = k.household_id WHERE h.merged_into IS NULL"
        ),
        "DROP TABLE household_name_keys".to_owned(),
        "ALTER TABLE household_name_keys_new RENAME TO household_name_keys".to_owned(),
        "CREATE INDEX ix_household_name_keys_household ON household_name_keys (household_id)".to_owned(),
    ] {
        db.execute_unprepared(&sql).await?;
    }
    Ok(())
}
