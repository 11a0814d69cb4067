//! The intake search's name keys (issue 49): each household's names folded whole, each of their
//! words, both names together, and each whole name with one letter left out (`typo`). A word
//! typed at the door is found by the start of a key that is not a typo one, or by sharing a key
//! with the word's own letters-left-out: a typo costs a few index lookups, where the reversed
//! name columns it replaces made the database read every name sharing two or three end letters.
//! `first_rev` and `last_rev` go with their indexes.
use super::name_key_rows;
use sea_orm::{ConnectionTrait, Statement};
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
                    .table("household_name_keys")
                    .col(big_integer("food_bank_id"))
                    .col(boolean("typo"))
                    .col(string_len("key", 100))
                    .col(big_integer("household_id"))
                    .primary_key(Index::create().col("food_bank_id").col("typo").col("key").col("household_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_household_name_keys_household_id")
                            .from("household_name_keys", "household_id")
                            .to("households", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_household_name_keys_household")
                    .table("household_name_keys")
                    .col("household_id")
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        for column in ["first_rev", "last_rev"] {
            db.execute_unprepared(&format!("DROP INDEX ix_households_{column}")).await?;
            db.execute_unprepared(&format!("ALTER TABLE households DROP COLUMN {column}")).await?;
        }
        name_key_rows::back_fill(db, false).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for column in ["first_rev", "last_rev"] {
            let key = column.replace("rev", "key");
            db.execute_unprepared(&format!(
                "ALTER TABLE households ADD COLUMN {column} VARCHAR(100) NOT NULL DEFAULT ''"
            ))
            .await?;
            // Folded keys are letters and digits, so reversing them as text is safe in SQL too:
            // but neither database has one REVERSE, so the rows are written from Rust.
            let rows = db
                .query_all_raw(Statement::from_string(
                    db.get_database_backend(),
                    format!("SELECT id, {key} FROM households"),
                ))
                .await?;
            for row in rows {
                let (id, folded): (i64, String) = (row.try_get("", "id")?, row.try_get("", &key)?);
                let reversed: String = folded.chars().rev().collect();
                db.execute_raw(Statement::from_string(
                    db.get_database_backend(),
                    format!("UPDATE households SET {column} = '{}' WHERE id = {id}", reversed.replace('\'', "''")),
                ))
                .await?;
            }
            db.execute_unprepared(&format!(
                "CREATE INDEX ix_households_{column} ON households (food_bank_id, {column})"
            ))
            .await?;
        }
        manager.drop_table(Table::drop().table("household_name_keys").to_owned()).await
    }
}
