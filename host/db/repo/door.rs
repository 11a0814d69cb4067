//! The door's day on a device (issue 50): the household directory a pantry's door takes along, the
//! units of the day's orders, and the keys of the actions a device sent, each kept in the
//! transaction of what it did.
use super::{Store, StoreResult, Write, param};
use crate::{
    db::entity::{door_action, report_order},
    domain::Id,
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect, Set, Statement};
use std::collections::HashMap;

/// What a device's action did, as its key keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DoorActionRow {
    pub user_id: Id,
    pub kind: String,
    pub outcome_id: Id,
}

/// A household as the door's directory holds it: the fields a volunteer needs to find and serve
/// it, no more.
#[derive(Debug, Clone, PartialEq, Eq, FromQueryResult)]
pub struct DoorHouseholdRow {
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    pub phone_digits: Option<String>,
    pub postal_code: String,
    pub size: i32,
    pub tefap_decided_on: Option<NaiveDate>,
}

impl Store {
    /// The action a device sent with this key, if it was recorded.
    pub async fn door_action(&self, key: &str) -> StoreResult<Option<DoorActionRow>> {
        Ok(door_action::Entity::find_by_id(key.to_owned()).one(&self.db).await?.map(|a| DoorActionRow {
            user_id: a.user_id,
            kind: a.kind,
            outcome_id: a.outcome_id,
        }))
    }

    /// The households of the food bank a pantry's door may see: served at the pantry (a visit or an
    /// order) since `served_since`, or registered since `new_since`; in name order, at most `most`.
    pub async fn door_households(
        &self,
        food_bank_id: Id,
        pantry_id: Id,
        served_since: NaiveDate,
        new_since: DateTime<Utc>,
        most: u64,
    ) -> StoreResult<Vec<DoorHouseholdRow>> {
        let backend = self.db.get_database_backend();
        let p = |i| param(backend, i);
        let sql = format!(
            "SELECT h.id, h.first_name, h.last_name, h.phone_digits, h.postal_code, h.size, h.tefap_decided_on \
             FROM households h WHERE h.food_bank_id = {fb} AND h.merged_into IS NULL AND ( \
             h.id IN (SELECT v.household_id FROM visits v WHERE v.pantry_location_id = {pl} AND v.day >= {since}) \
             OR h.id IN (SELECT r.household_id FROM report_orders r \
                         WHERE r.pantry_location_id = {pl} AND r.day >= {since} AND r.household_id IS NOT NULL) \
             OR h.created_at >= {new}) \
             ORDER BY h.last_key, h.first_key, h.id LIMIT {most}",
            fb = p(1),
            pl = p(2),
            since = p(3),
            new = p(4),
            most = p(5),
        );
        let values = vec![
            food_bank_id.into(),
            pantry_id.into(),
            served_since.into(),
            new_since.into(),
            i64::try_from(most).unwrap_or(i64::MAX).into(),
        ];
        Ok(DoorHouseholdRow::find_by_statement(Statement::from_sql_and_values(backend, sql, values))
            .all(&self.db)
            .await?)
    }

    /// The units of each of these orders.
    pub async fn order_units(&self, ids: Vec<Id>) -> StoreResult<HashMap<Id, i64>> {
        let mut out = HashMap::new();
        for chunk in ids.chunks(500) {
            let rows: Vec<(Id, i64)> = report_order::Entity::find()
                .select_only()
                .column(report_order::Column::OrderId)
                .column(report_order::Column::Units)
                .filter(report_order::Column::OrderId.is_in(chunk.to_vec()))
                .into_tuple()
                .all(&self.db)
                .await?;
            out.extend(rows);
        }
        Ok(out)
    }
}

impl Write {
    /// Keeps the key of a device's action with what it did. A second writer of the same key (the
    /// same action sent twice at once) is refused by the primary key: a Conflict.
    pub async fn keep_door_action(
        &self,
        key: &str,
        user_id: Id,
        kind: &str,
        outcome_id: Id,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        door_action::Entity::insert(door_action::ActiveModel {
            key: Set(key.to_owned()),
            user_id: Set(user_id),
            kind: Set(kind.to_owned()),
            outcome_id: Set(outcome_id),
            created_at: Set(now),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// Erases the keys of actions sent before `before`; how many.
    pub async fn erase_door_actions_before(&self, before: DateTime<Utc>) -> StoreResult<u64> {
        let old = door_action::Entity::delete_many().filter(door_action::Column::CreatedAt.lt(before));
        Ok(old.exec(&self.db).await?.rows_affected)
    }
}
