//! A food bank's TEFAP rules and each TEFAP decision kept (issue 49 items 3 and 5).
//!
//! - `food_banks.tefap_valid_months`: how long a TEFAP decision stands before the household
//!   recertifies (12 unless the food bank sets another period, 1 to 36).
//! - `food_banks.visit_signature`: whether a walk-in visit needs the household's signature
//!   (Ohio-style rules; off unless the food bank turns it on).
//! - `visits.signature_kind` (`typed` or `drawn`) and `visits.signature`: the name typed, or the
//!   strokes drawn as an SVG path of moves and lines.
//! - `tefap_decisions`: every decision on a household (basis, day, who, where, and how it was
//!   taken: a staff member's decision, or TEFAP foods given at a visit). The household keeps its
//!   latest, which the shop and the door read; the history is back-filled with that one.
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
        for sql in [
            "ALTER TABLE food_banks ADD COLUMN tefap_valid_months INTEGER NOT NULL DEFAULT 12 \
             CHECK (tefap_valid_months BETWEEN 1 AND 36)",
            "ALTER TABLE food_banks ADD COLUMN visit_signature BOOLEAN NOT NULL DEFAULT FALSE",
            "ALTER TABLE visits ADD COLUMN signature_kind VARCHAR(8) \
             CHECK (signature_kind IS NULL OR signature_kind IN ('typed', 'drawn'))",
            "ALTER TABLE visits ADD COLUMN signature TEXT CHECK (signature IS NULL OR length(signature) <= 20000)",
            "CREATE TABLE tefap_decisions (\
               id BIGINT PRIMARY KEY, \
               household_id BIGINT NOT NULL REFERENCES households (id) ON DELETE CASCADE, \
               basis VARCHAR(16) NOT NULL CHECK (basis IN ('income', 'programs', 'emergency', 'homeless')), \
               decided_on DATE NOT NULL, \
               decided_by BIGINT REFERENCES users (id) ON DELETE SET NULL, \
               pantry_location_id BIGINT REFERENCES pantry_locations (id) ON DELETE SET NULL, \
               how VARCHAR(8) NOT NULL CHECK (how IN ('staff', 'visit', 'kept')), \
               created_at TIMESTAMP WITH TIME ZONE NOT NULL)",
            "CREATE INDEX ix_tefap_decisions_household ON tefap_decisions (household_id, decided_on)",
        ] {
            db.execute_unprepared(&identity(manager, sql)).await?;
        }
        // The decision each household holds now starts its history.
        db.execute_unprepared(
            "INSERT INTO tefap_decisions (household_id, basis, decided_on, decided_by, how, created_at) \
             SELECT id, tefap_basis, tefap_decided_on, tefap_decided_by, 'kept', updated_at \
             FROM households WHERE tefap_basis IS NOT NULL AND tefap_decided_on IS NOT NULL",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "DROP TABLE tefap_decisions",
            "ALTER TABLE visits DROP COLUMN signature",
            "ALTER TABLE visits DROP COLUMN signature_kind",
            "ALTER TABLE food_banks DROP COLUMN visit_signature",
            "ALTER TABLE food_banks DROP COLUMN tefap_valid_months",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}

/// The id column as each database numbers rows itself.
fn identity(manager: &SchemaManager, sql: &str) -> String {
    match manager.get_database_backend() {
        sea_orm::DbBackend::Postgres => sql.replace("id BIGINT PRIMARY KEY", "id BIGSERIAL PRIMARY KEY"),
        _ => sql.replace("id BIGINT PRIMARY KEY", "id INTEGER PRIMARY KEY AUTOINCREMENT"),
    }
}
