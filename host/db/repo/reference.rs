use super::{Store, StoreResult};
use crate::{
    db::entity::{gender, race},
    model::reference::IdName,
};
use sea_orm::{EntityTrait, QueryOrder};

impl Store {
    pub async fn genders(&self) -> StoreResult<Vec<IdName>> {
        let rows = gender::Entity::find().order_by_asc(gender::Column::SortOrder).all(&self.db).await?;
        Ok(rows.into_iter().map(|g| IdName { id: g.id, name: g.name }).collect())
    }

    pub async fn races(&self) -> StoreResult<Vec<IdName>> {
        let rows = race::Entity::find().order_by_asc(race::Column::SortOrder).all(&self.db).await?;
        Ok(rows.into_iter().map(|r| IdName { id: r.id, name: r.name }).collect())
    }
}
