use super::{Store, StoreResult};
use crate::db::entity::{gender, race};
use sea_orm::{EntityTrait, QueryOrder};

/// A gender or race choice of the survey; `name` may be a translatable name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceRow {
    pub id: i64,
    pub name: String,
}

impl Store {
    pub async fn genders(&self) -> StoreResult<Vec<ChoiceRow>> {
        let rows = gender::Entity::find().order_by_asc(gender::Column::SortOrder).all(&self.db).await?;
        Ok(rows.into_iter().map(|g| ChoiceRow { id: g.id, name: g.name }).collect())
    }

    pub async fn races(&self) -> StoreResult<Vec<ChoiceRow>> {
        let rows = race::Entity::find().order_by_asc(race::Column::SortOrder).all(&self.db).await?;
        Ok(rows.into_iter().map(|r| ChoiceRow { id: r.id, name: r.name }).collect())
    }
}
