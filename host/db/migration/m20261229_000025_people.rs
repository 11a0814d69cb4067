//! The audit page's "person" filter (issue 25 item 4) reads one person's changes newest first:
//! an index on (actor, time) serves it without scanning the food bank's whole log.
use sea_orm_migration::prelude::*;

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
            .execute_unprepared("CREATE INDEX ix_audit_log_actor_at ON audit_log (actor_user_id, at DESC, id DESC)")
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.get_connection().execute_unprepared("DROP INDEX ix_audit_log_actor_at").await.map(|_| ())
    }
}
