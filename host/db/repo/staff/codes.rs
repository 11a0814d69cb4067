//! A food bank's referral codes as its admin keeps them (`/staff/codes`): the codes that name the
//! food bank or one of its pantries, how many shoppers hold each, and the writes of a new code and
//! of expiring one (inside the service's [`Write`], with its audit entry). The tables are those of
//! migration 5, which the shoppers' claims and pantry access already read.
use crate::db::repo::{Store, StoreResult};
use crate::{
    db::entity::{
        pantry_location, referral_code, referral_code_food_bank, referral_code_pantry_location, user_referral_code,
    },
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, Query},
};
use std::collections::HashMap;

/// A code with what it opens and how many hold it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeRow {
    pub id: Id,
    pub code: String,
    pub description: Option<String>,
    pub active: bool,
    pub expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub pantry_ids: Vec<Id>,
    /// (food bank, opens delivery there).
    pub food_banks: Vec<(Id, bool)>,
    pub claims: u64,
}

/// What a new code opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewCode {
    pub code: String,
    pub description: Option<String>,
    pub expires_at: Option<DateTime<Utc>>,
    pub pantry_ids: Vec<Id>,
    pub food_bank: Option<(Id, bool)>,
}

impl<C: ConnectionTrait> Store<C> {
    /// The codes naming one of these food banks or one of their pantries (or only `only`),
    /// newest first.
    pub async fn admin_codes(&self, food_banks: Vec<Id>, only: Option<Id>) -> StoreResult<Vec<CodeRow>> {
        if food_banks.is_empty() {
            return Ok(Vec::new());
        }
        let by_bank = Query::select()
            .column(referral_code_food_bank::Column::ReferralCodeId)
            .from(referral_code_food_bank::Entity)
            .and_where(referral_code_food_bank::Column::FoodBankId.is_in(food_banks.clone()))
            .to_owned();
        let by_pantry = Query::select()
            .column((referral_code_pantry_location::Entity, referral_code_pantry_location::Column::ReferralCodeId))
            .from(referral_code_pantry_location::Entity)
            .inner_join(
                pantry_location::Entity,
                Expr::col((pantry_location::Entity, pantry_location::Column::Id)).equals((
                    referral_code_pantry_location::Entity,
                    referral_code_pantry_location::Column::PantryLocationId,
                )),
            )
            .and_where(Expr::col((pantry_location::Entity, pantry_location::Column::FoodBankId)).is_in(food_banks))
            .to_owned();
        let mut query = referral_code::Entity::find().filter(
            Condition::any()
                .add(referral_code::Column::Id.in_subquery(by_bank))
                .add(referral_code::Column::Id.in_subquery(by_pantry)),
        );
        if let Some(id) = only {
            query = query.filter(referral_code::Column::Id.eq(id));
        }
        let codes = query
            .order_by_desc(referral_code::Column::CreatedAt)
            .order_by_desc(referral_code::Column::Id)
            .all(&self.db)
            .await?;
        let ids: Vec<Id> = codes.iter().map(|c| c.id).collect();
        let mut pantries: HashMap<Id, Vec<Id>> = HashMap::new();
        for l in referral_code_pantry_location::Entity::find()
            .filter(referral_code_pantry_location::Column::ReferralCodeId.is_in(ids.clone()))
            .order_by_asc(referral_code_pantry_location::Column::PantryLocationId)
            .all(&self.db)
            .await?
        {
            pantries.entry(l.referral_code_id).or_default().push(l.pantry_location_id);
        }
        let mut banks: HashMap<Id, Vec<(Id, bool)>> = HashMap::new();
        for l in referral_code_food_bank::Entity::find()
            .filter(referral_code_food_bank::Column::ReferralCodeId.is_in(ids.clone()))
            .order_by_asc(referral_code_food_bank::Column::FoodBankId)
            .all(&self.db)
            .await?
        {
            banks.entry(l.referral_code_id).or_default().push((l.food_bank_id, l.is_delivery_enabled));
        }
        let claims: HashMap<Id, i64> = user_referral_code::Entity::find()
            .filter(user_referral_code::Column::ReferralCodeId.is_in(ids))
            .filter(user_referral_code::Column::IsApplied.eq(true))
            .select_only()
            .column(user_referral_code::Column::ReferralCodeId)
            .column_as(user_referral_code::Column::UserId.count(), "n")
            .group_by(user_referral_code::Column::ReferralCodeId)
            .into_tuple::<(Id, i64)>()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(codes
            .into_iter()
            .map(|c| CodeRow {
                pantry_ids: pantries.remove(&c.id).unwrap_or_default(),
                food_banks: banks.remove(&c.id).unwrap_or_default(),
                claims: u64::try_from(claims.get(&c.id).copied().unwrap_or(0)).unwrap_or(0),
                id: c.id,
                code: c.code,
                description: c.description,
                active: c.is_active,
                expires_at: c.expires_at,
                created_at: c.created_at,
            })
            .collect())
    }

    /// Whether a code with this text exists, ignoring case (active or not: the unique index
    /// on `upper(code)` holds them all).
    pub async fn code_taken(&self, code: &str) -> StoreResult<bool> {
        Ok(referral_code::Entity::find()
            .filter(Expr::cust("upper(code)").eq(code.to_uppercase()))
            .one(&self.db)
            .await?
            .is_some())
    }

    /// The ids of the food bank's pantries.
    pub async fn food_bank_pantry_ids(&self, food_bank: Id) -> StoreResult<Vec<Id>> {
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::FoodBankId.eq(food_bank))
            .select_only()
            .column(pantry_location::Column::Id)
            .order_by_asc(pantry_location::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    pub async fn insert_code(&self, new: &NewCode, now: DateTime<Utc>) -> StoreResult<Id> {
        let row = referral_code::ActiveModel {
            id: NotSet,
            code: Set(new.code.clone()),
            description: Set(new.description.clone()),
            is_active: Set(true),
            expires_at: Set(new.expires_at),
            created_at: Set(now),
        };
        let id = referral_code::Entity::insert(row).exec(&self.db).await?.last_insert_id;
        if !new.pantry_ids.is_empty() {
            let links = new.pantry_ids.iter().map(|p| referral_code_pantry_location::ActiveModel {
                referral_code_id: Set(id),
                pantry_location_id: Set(*p),
            });
            referral_code_pantry_location::Entity::insert_many(links).exec_without_returning(&self.db).await?;
        }
        if let Some((bank, delivery)) = new.food_bank {
            let link = referral_code_food_bank::ActiveModel {
                referral_code_id: Set(id),
                food_bank_id: Set(bank),
                is_delivery_enabled: Set(delivery),
            };
            referral_code_food_bank::Entity::insert(link).exec_without_returning(&self.db).await?;
        }
        Ok(id)
    }

    /// Ends a code now: no one can claim it from here on, and those holding it lose what it
    /// opened (the access checks read only usable codes).
    pub async fn expire_code(&self, id: Id, now: DateTime<Utc>) -> StoreResult<()> {
        referral_code::Entity::update_many()
            .col_expr(referral_code::Column::IsActive, Expr::value(false))
            .col_expr(referral_code::Column::ExpiresAt, Expr::value(now))
            .filter(referral_code::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
