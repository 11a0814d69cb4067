//! The grants an admin sees on the team page: those at their food banks and those banks' pantries.
use super::{Store, StoreResult};
use crate::{
    db::entity::{food_bank, pantry_location, staff_grant, user},
    domain::Id,
};
use sea_orm::{ColumnTrait, Condition, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashMap;

/// One grant with its account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrantRow {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: String,
    pub food_bank_id: Option<Id>,
    pub pantry_id: Option<Id>,
}

impl Store {
    /// The grants at these food banks or pantries.
    pub async fn grants_at(&self, food_banks: Vec<Id>, pantries: Vec<Id>) -> StoreResult<Vec<GrantRow>> {
        if food_banks.is_empty() && pantries.is_empty() {
            return Ok(Vec::new());
        }
        let grants: Vec<(Id, String, Option<Id>, Option<Id>)> = staff_grant::Entity::find()
            .filter(
                Condition::any()
                    .add(staff_grant::Column::FoodBankId.is_in(food_banks))
                    .add(staff_grant::Column::PantryLocationId.is_in(pantries)),
            )
            .select_only()
            .columns([
                staff_grant::Column::UserId,
                staff_grant::Column::Role,
                staff_grant::Column::FoodBankId,
                staff_grant::Column::PantryLocationId,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut ids: Vec<Id> = grants.iter().map(|g| g.0).collect();
        ids.sort_unstable();
        ids.dedup();
        let people: HashMap<Id, (String, String, String)> = if ids.is_empty() {
            HashMap::new()
        } else {
            user::Entity::find()
                .filter(user::Column::Id.is_in(ids))
                .select_only()
                .columns([user::Column::Id, user::Column::Email, user::Column::FirstName, user::Column::LastName])
                .into_tuple::<(Id, String, String, String)>()
                .all(&self.db)
                .await?
                .into_iter()
                .map(|(id, email, first, last)| (id, (email, first, last)))
                .collect()
        };
        Ok(grants
            .into_iter()
            .filter_map(|(user_id, role, food_bank_id, pantry_id)| {
                let (email, first_name, last_name) = people.get(&user_id).cloned()?;
                Some(GrantRow { email, first_name, last_name, role, food_bank_id, pantry_id })
            })
            .collect())
    }

    /// The names of these food banks.
    pub async fn food_bank_names(&self, ids: Vec<Id>) -> StoreResult<Vec<(Id, String)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(food_bank::Entity::find()
            .filter(food_bank::Column::Id.is_in(ids))
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::Name])
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// The labels of these pantries.
    pub async fn pantry_labels(&self, ids: Vec<Id>) -> StoreResult<Vec<(Id, String)>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(ids))
            .select_only()
            .columns([pantry_location::Column::Id, pantry_location::Column::Label])
            .into_tuple()
            .all(&self.db)
            .await?)
    }
}
