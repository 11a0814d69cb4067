//! The TEFAP records (7 CFR 251.10(a)): the facts a placed order's record is taken from, the
//! record itself, a pantry's records of a month, and the walk-in visits that gave TEFAP foods
//! (a visit is its own record: its household and basis are on the visit).
use super::{Store, StoreResult};
use crate::{
    db::entity::{
        food_bank, household, inventory_item, order, order_item, pantry_location, survey_answer, tefap_record,
        tefap_response, user, visit,
    },
    domain::{Id, inventory::Source, reports::AgeGroups},
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use std::collections::HashMap;

/// What a placed order's TEFAP record is taken from.
#[derive(Debug, Clone)]
pub struct TefapFacts {
    pub user_id: Id,
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub first_name: String,
    pub last_name: String,
    /// The pantry's time zone, or the food bank's for a delivery.
    pub time_zone: String,
    /// The answers of the shopper's latest eligible TEFAP response, as stored.
    pub answers: Option<serde_json::Value>,
    /// The checkout survey's "How many people live in your household?".
    pub survey_household: Option<i32>,
}

/// A TEFAP record to write.
#[derive(Debug, Clone)]
pub struct NewTefapRecord {
    pub order_id: Id,
    pub food_bank_id: Id,
    pub pantry_id: Option<Id>,
    pub user_id: Id,
    pub recipient_name: String,
    pub household_size: Option<i32>,
    pub basis: Option<String>,
    pub is_homeless: bool,
    pub ages: Option<AgeGroups>,
    pub served_on: NaiveDate,
    pub keep_until: NaiveDate,
    pub at: DateTime<Utc>,
}

impl super::Write {
    /// What the TEFAP record of `order_id` is taken from; None when none of its lines is TEFAP stock.
    pub async fn tefap_facts(&self, order_id: Id) -> StoreResult<Option<TefapFacts>> {
        let c = &self.db;
        // Most orders carry no TEFAP food: their lines' sources are the one read they cost.
        let sources: Vec<Option<String>> = order_item::Entity::find()
            .inner_join(inventory_item::Entity)
            .filter(order_item::Column::OrderId.eq(order_id))
            .select_only()
            .column(inventory_item::Column::SourceCode)
            .into_tuple()
            .all(c)
            .await?;
        if !sources.iter().any(|s| Source::is_tefap(s.as_deref())) {
            return Ok(None);
        }
        let Some(o) = order::Entity::find_by_id(order_id).one(c).await? else { return Ok(None) };
        let Some(u) = user::Entity::find_by_id(o.user_id).one(c).await? else { return Ok(None) };
        let time_zone = match o.pantry_location_id {
            Some(p) => pantry_location::Entity::find_by_id(p).one(c).await?.map(|p| p.time_zone),
            None => food_bank::Entity::find_by_id(o.food_bank_id).one(c).await?.map(|b| b.time_zone),
        };
        let answers = tefap_response::Entity::find()
            .filter(tefap_response::Column::UserId.eq(o.user_id))
            .filter(tefap_response::Column::IsEligible.eq(true))
            .order_by_desc(tefap_response::Column::CreatedAt)
            .order_by_desc(tefap_response::Column::Id)
            .one(c)
            .await?
            .map(|r| r.answers);
        let survey_household = survey_answer::Entity::find()
            .filter(survey_answer::Column::UserId.eq(o.user_id))
            .one(c)
            .await?
            .and_then(|s| s.household_members);
        Ok(Some(TefapFacts {
            user_id: o.user_id,
            food_bank_id: o.food_bank_id,
            pantry_id: o.pantry_location_id,
            first_name: u.first_name,
            last_name: u.last_name,
            time_zone: time_zone.unwrap_or_default(),
            answers,
            survey_household,
        }))
    }

    pub async fn insert_tefap_record(&self, r: NewTefapRecord) -> StoreResult<()> {
        let count = |n: Option<u32>| n.map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        tefap_record::Entity::insert(tefap_record::ActiveModel {
            id: NotSet,
            order_id: Set(r.order_id),
            food_bank_id: Set(r.food_bank_id),
            pantry_location_id: Set(r.pantry_id),
            user_id: Set(r.user_id),
            recipient_name: Set(r.recipient_name),
            household_size: Set(r.household_size),
            eligibility_basis: Set(r.basis),
            is_homeless: Set(r.is_homeless),
            children: Set(count(r.ages.map(|a| a.children))),
            adults: Set(count(r.ages.map(|a| a.adults))),
            seniors: Set(count(r.ages.map(|a| a.seniors))),
            served_on: Set(r.served_on),
            keep_until: Set(r.keep_until),
            created_at: Set(r.at),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }
}

impl Store {
    /// A pantry's TEFAP records of the days `[first, next)`, with each order's state now.
    pub async fn tefap_records(
        &self,
        pantry: Id,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<(tefap_record::Model, Id)>> {
        let records = tefap_record::Entity::find()
            .filter(tefap_record::Column::PantryLocationId.eq(pantry))
            .filter(tefap_record::Column::ServedOn.gte(first))
            .filter(tefap_record::Column::ServedOn.lt(next))
            .order_by_asc(tefap_record::Column::ServedOn)
            .order_by_asc(tefap_record::Column::OrderId)
            .all(&self.db)
            .await?;
        let states: HashMap<Id, Id> = order::Entity::find()
            .filter(order::Column::Id.is_in(records.iter().map(|r| r.order_id).collect::<Vec<_>>()))
            .select_only()
            .columns([order::Column::Id, order::Column::StatusTypeId])
            .into_tuple()
            .all(&self.db)
            .await?
            .into_iter()
            .collect();
        Ok(records
            .into_iter()
            .map(|r| {
                let state = states.get(&r.order_id).copied().unwrap_or_default();
                (r, state)
            })
            .collect())
    }

    /// A pantry's walk-in visits of the days `[first, next)` at which TEFAP foods were given, with
    /// their households: the TEFAP records of visits.
    pub async fn tefap_visits(
        &self,
        pantry: Id,
        first: NaiveDate,
        next: NaiveDate,
    ) -> StoreResult<Vec<(visit::Model, household::Model)>> {
        let rows = visit::Entity::find()
            .filter(visit::Column::PantryLocationId.eq(pantry))
            .filter(visit::Column::Day.gte(first))
            .filter(visit::Column::Day.lt(next))
            .filter(visit::Column::TefapBasis.is_not_null())
            .order_by_asc(visit::Column::Day)
            .order_by_asc(visit::Column::Id)
            .all(&self.db)
            .await?;
        let households: HashMap<Id, household::Model> = household::Entity::find()
            .filter(household::Column::Id.is_in(rows.iter().map(|v| v.household_id).collect::<Vec<_>>()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|h| (h.id, h))
            .collect();
        Ok(rows
            .into_iter()
            .filter_map(|v| {
                let h = households.get(&v.household_id)?.clone();
                Some((v, h))
            })
            .collect())
    }
}
