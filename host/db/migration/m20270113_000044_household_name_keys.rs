//! The intake search's name keys (issue 49): each household's names folded whole, each of their
//! words, both names together, and each whole name with one letter left out (`typo`). A word
//! typed at the door is found by the start of a key that is not a typo one, or by sharing a key
//! with the word's own letters-left-out: a typo costs a few index lookups, where the reversed
//! name columns it replaces made the database read every name sharing two or three end letters.
//! `first_rev` and `last_rev` go with their indexes.
use crate::domain::households::name_keys;
use sea_orm::{ConnectionTrait, DbBackend, Statement};
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
        back_fill(db).await
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

/// The name keys of every household that has none, a page at a time. The demo seed runs it too,
/// after making its households.
pub(crate) async fn back_fill<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    let backend = db.get_database_backend();
    let mark = |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() };
    let mut after = 0_i64;
    loop {
        let rows = db
            .query_all_raw(Statement::from_sql_and_values(
                backend,
                format!(
                    "SELECT h.id, h.food_bank_id, h.first_name, h.last_name FROM households h WHERE h.id > {} \
                     AND NOT EXISTS (SELECT 1 FROM household_name_keys k WHERE k.household_id = h.id) \
                     ORDER BY h.id LIMIT 200",
                    mark(1)
                ),
                [after.into()],
            ))
            .await?;
        let Some(last) = rows.last() else { return Ok(()) };
        after = last.try_get("", "id")?;
        let mut values: Vec<sea_orm::Value> = Vec::new();
        for row in &rows {
            let (id, food_bank_id): (i64, i64) = (row.try_get("", "id")?, row.try_get("", "food_bank_id")?);
            let (first, last): (String, String) = (row.try_get("", "first_name")?, row.try_get("", "last_name")?);
            for (typo, key) in name_keys(&first, &last) {
                values.extend([food_bank_id.into(), typo.into(), key.into(), id.into()]);
            }
        }
        // At most 4,000 parameters a statement: well under either database's limit.
        for chunk in values.chunks(4000) {
            let rows: Vec<String> = (0..chunk.len() / 4)
                .map(|r| {
                    format!("({}, {}, {}, {})", mark(4 * r + 1), mark(4 * r + 2), mark(4 * r + 3), mark(4 * r + 4))
                })
                .collect();
            db.execute_raw(Statement::from_sql_and_values(
                backend,
                format!(
                    "INSERT INTO household_name_keys (food_bank_id, typo, key, household_id) VALUES {}",
                    rows.join(", ")
                ),
                chunk.to_vec(),
            ))
            .await?;
        }
    }
}
