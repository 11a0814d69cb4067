//! `rate_limit_buckets`: the throttles' counts on PostgreSQL, shared by every host on the
//! database (`infra::ratelimit`), one row per bucket, counted by an atomic upsert. A logged
//! table, not UNLOGGED: an unlogged one is emptied by crash recovery and is missing on a promoted
//! replica, so a failover (what several hosts are for) would hand a guesser a fresh allowance,
//! and the writes are few (each one precedes a password hash, a mail or a code lookup), so the
//! WAL they save is nothing. No index on `expires_at`: a count within a window then updates no
//! indexed column and stays a HOT update; the sweep of ended windows reads the whole (small) table.
//! SQLite counts in memory (one host), so it has no such table.
use sea_orm::DbBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE TABLE rate_limit_buckets (
                    bucket text PRIMARY KEY,
                    count bigint NOT NULL CONSTRAINT ck_rate_limit_buckets_count CHECK (count >= 0),
                    expires_at timestamptz NOT NULL
                )",
            )
            .await
            .map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        if manager.get_database_backend() != DbBackend::Postgres {
            return Ok(());
        }
        manager.get_connection().execute_unprepared("DROP TABLE rate_limit_buckets").await.map(|_| ())
    }
}
