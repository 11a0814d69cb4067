//! The shopper's favourite pantry: one per user (a unique index), so storing one replaces it.
use super::{
    Store, StoreResult,
    geography::{PantryBriefRow, pantry_refs},
    lock_user,
};
use crate::db::entity::{favorite_pantry, pantry_location};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, Set};

impl Store {
    pub async fn favorite_pantry(&self, user_id: i64) -> StoreResult<Option<PantryBriefRow>> {
        let ids: Vec<i64> = favorite_pantry::Entity::find()
            .filter(favorite_pantry::Column::UserId.eq(user_id))
            .order_by_desc(favorite_pantry::Column::CreatedAt)
            .order_by_asc(favorite_pantry::Column::PantryLocationId)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|f| f.pantry_location_id)
            .collect();
        // The newest favourite that is still an active pantry.
        Ok(pantry_refs(&self.db, &ids).await?.into_iter().next())
    }

    pub async fn clear_favorite_pantry(&self, user_id: i64) -> StoreResult<()> {
        favorite_pantry::Entity::delete_many()
            .filter(favorite_pantry::Column::UserId.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}

impl super::Write {
    /// Makes `pantry_location_id` the favourite; `None` for an unknown or inactive pantry.
    pub async fn set_favorite_pantry(
        &self,
        user_id: i64,
        pantry_location_id: i64,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<PantryBriefRow>> {
        lock_user(&self.db, user_id).await?;
        let exists = pantry_location::Entity::find_by_id(pantry_location_id)
            .filter(pantry_location::Column::IsActive.eq(true))
            .one(&self.db)
            .await?
            .is_some();
        if !exists {
            return Ok(None);
        }
        favorite_pantry::Entity::delete_many()
            .filter(favorite_pantry::Column::UserId.eq(user_id))
            .exec(&self.db)
            .await?;
        let row = favorite_pantry::ActiveModel {
            user_id: Set(user_id),
            pantry_location_id: Set(pantry_location_id),
            created_at: Set(at),
        };
        favorite_pantry::Entity::insert(row).exec_without_returning(&self.db).await?;
        let pantry = pantry_refs(&self.db, &[pantry_location_id]).await?.into_iter().next();
        Ok(pantry)
    }
}
