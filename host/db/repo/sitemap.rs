//! What the sitemap lists: the indexable pantry pages and when each last changed.
use super::{Store, StoreResult};
use crate::{
    db::entity::{food_bank, pantry_location},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

/// A pantry page of the sitemap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SitemapPantry {
    pub id: Id,
    /// The latest change of the pantry or its pickup times.
    pub last_modified: DateTime<Utc>,
}

impl Store {
    /// The pantries whose page answers (active, of an enabled food bank), by id. Restricted
    /// pantries are included: their page is public and the same for everyone; only ordering
    /// there needs a referral code.
    pub async fn sitemap_pantries(&self) -> StoreResult<Vec<SitemapPantry>> {
        let rows: Vec<(Id, DateTime<Utc>, Option<DateTime<Utc>>)> = pantry_location::Entity::find()
            .inner_join(food_bank::Entity)
            .filter(pantry_location::Column::IsActive.eq(true))
            .filter(food_bank::Column::IsEnabled.eq(true))
            .select_only()
            .column(pantry_location::Column::Id)
            .column(pantry_location::Column::CreatedAt)
            .column(pantry_location::Column::UpdatedAt)
            .order_by_asc(pantry_location::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, created, updated)| SitemapPantry { id, last_modified: updated.unwrap_or(created).max(created) })
            .collect())
    }
}
