//! One favourite pantry per user, as a unique index (`ux_favorite_pantries_user_id`): parallel
//! "favourite" requests could leave several rows. Older duplicates go first, keeping each user's
//! newest favourite.
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
        db.execute_unprepared(
            "DELETE FROM favorite_pantries WHERE EXISTS (SELECT 1 FROM favorite_pantries newer \
             WHERE newer.user_id = favorite_pantries.user_id AND (newer.created_at > favorite_pantries.created_at \
             OR (newer.created_at = favorite_pantries.created_at \
             AND newer.pantry_location_id > favorite_pantries.pantry_location_id)))",
        )
        .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_favorite_pantries_user_id")
                    .table("favorite_pantries")
                    .col("user_id")
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(Index::drop().name("ux_favorite_pantries_user_id").table("favorite_pantries").to_owned())
            .await
    }
}
