//! The grants an admin sees on the team page (those at their food banks and those banks'
//! pantries), and changing or revoking one.
use crate::db::repo::{Store, StoreResult};
use crate::{
    db::entity::{food_bank, pantry_location, staff_grant, user},
    domain::Id,
};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, ExprTrait},
};
use std::collections::HashMap;

/// One grant with its account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrantRow {
    pub id: Id,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: String,
    pub food_bank_id: Option<Id>,
    pub pantry_id: Option<Id>,
}

/// A grant's id, account, role, food bank and pantry, as read.
type GrantColumns = (Id, Id, String, Option<Id>, Option<Id>);

impl Store {
    /// The grants at these food banks or pantries.
    pub async fn grants_at(&self, food_banks: Vec<Id>, pantries: Vec<Id>) -> StoreResult<Vec<GrantRow>> {
        if food_banks.is_empty() && pantries.is_empty() {
            return Ok(Vec::new());
        }
        let grants: Vec<GrantColumns> = staff_grant::Entity::find()
            .filter(
                Condition::any()
                    .add(staff_grant::Column::FoodBankId.is_in(food_banks))
                    .add(staff_grant::Column::PantryLocationId.is_in(pantries)),
            )
            .select_only()
            .columns([
                staff_grant::Column::Id,
                staff_grant::Column::UserId,
                staff_grant::Column::Role,
                staff_grant::Column::FoodBankId,
                staff_grant::Column::PantryLocationId,
            ])
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut ids: Vec<Id> = grants.iter().map(|g| g.1).collect();
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
            .filter_map(|(id, user_id, role, food_bank_id, pantry_id)| {
                let (email, first_name, last_name) = people.get(&user_id).cloned()?;
                Some(GrantRow { id, email, first_name, last_name, role, food_bank_id, pantry_id })
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

/// One grant by its id, with the account it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrantOnAccount {
    pub id: Id,
    pub user_id: Id,
    pub email: String,
    pub role: String,
    pub food_bank_id: Option<Id>,
    pub pantry_id: Option<Id>,
}

impl<C: sea_orm::ConnectionTrait> Store<C> {
    /// The grant `id`, if there is one.
    pub async fn grant_by_id(&self, id: Id) -> StoreResult<Option<GrantOnAccount>> {
        let Some(g) = staff_grant::Entity::find_by_id(id).one(&self.db).await? else { return Ok(None) };
        let email: Option<String> = user::Entity::find_by_id(g.user_id)
            .select_only()
            .column(user::Column::Email)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(email.map(|email| GrantOnAccount {
            id: g.id,
            user_id: g.user_id,
            email,
            role: g.role,
            food_bank_id: g.food_bank_id,
            pantry_id: g.pantry_location_id,
        }))
    }
}

impl crate::db::repo::Write {
    /// Gives grant `id` `role` at the food bank or pantry given (the caller has checked that the
    /// role fits the place); a grant the account already had there is replaced by it.
    pub async fn change_grant(
        &self,
        id: Id,
        role: &str,
        food_bank_id: Option<Id>,
        pantry_id: Option<Id>,
    ) -> StoreResult<()> {
        let Some(g) = staff_grant::Entity::find_by_id(id).one(&self.db).await? else { return Ok(()) };
        // One grant per account and place (unique indexes): the one already there gives way.
        let mut same_place = staff_grant::Entity::delete_many()
            .filter(staff_grant::Column::UserId.eq(g.user_id))
            .filter(staff_grant::Column::Id.ne(id));
        same_place = match (food_bank_id, pantry_id) {
            (Some(bank), _) => same_place.filter(staff_grant::Column::FoodBankId.eq(bank)),
            (None, Some(pantry)) => same_place.filter(staff_grant::Column::PantryLocationId.eq(pantry)),
            (None, None) => return Ok(()),
        };
        same_place.exec(&self.db).await?;
        staff_grant::Entity::update_many()
            .col_expr(staff_grant::Column::Role, Expr::value(role.to_owned()))
            .col_expr(staff_grant::Column::FoodBankId, Expr::value(food_bank_id))
            .col_expr(staff_grant::Column::PantryLocationId, Expr::value(pantry_id))
            .filter(staff_grant::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Removes grant `id`. When it was the account's last, every session of the account ends at
    /// once (its token version moves on, which every host checks on every request). True when
    /// the sessions were ended.
    pub async fn revoke_grant(&self, id: Id) -> StoreResult<bool> {
        let Some(g) = staff_grant::Entity::find_by_id(id).one(&self.db).await? else { return Ok(false) };
        staff_grant::Entity::delete_by_id(id).exec(&self.db).await?;
        let left =
            staff_grant::Entity::find().filter(staff_grant::Column::UserId.eq(g.user_id)).count(&self.db).await?;
        if left > 0 {
            return Ok(false);
        }
        user::Entity::update_many()
            .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
            .filter(user::Column::Id.eq(g.user_id))
            .exec(&self.db)
            .await?;
        Ok(true)
    }
}
