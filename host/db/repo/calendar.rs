//! Calendar files (issue 54): each order's event SEQUENCE (`orders.calendar_sequence`, counted by
//! the triggers of migration 33) and the shoppers' private feeds, of which only the token's hash
//! is stored.
use super::{Store, StoreResult};
use crate::db::entity::{calendar_feed, order};
use crate::domain::Id;
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Set, sea_query::Expr, sea_query::OnConflict,
};
use std::collections::HashMap;

impl<C: ConnectionTrait> Store<C> {
    /// The orders' event sequences (the entity does not name the column: only this file reads it).
    pub async fn calendar_sequences(&self, order_ids: &[Id]) -> StoreResult<HashMap<Id, i32>> {
        if order_ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows: Vec<(Id, i32)> = order::Entity::find()
            .select_only()
            .column(order::Column::Id)
            .expr(Expr::col("calendar_sequence"))
            .filter(order::Column::Id.is_in(order_ids.iter().copied()))
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// The shopper whose feed the token's hash names, if any.
    pub async fn calendar_feed_owner(&self, token_hash: &str) -> StoreResult<Option<Id>> {
        Ok(calendar_feed::Entity::find()
            .select_only()
            .column(calendar_feed::Column::UserId)
            .filter(calendar_feed::Column::TokenHash.eq(token_hash))
            .into_tuple()
            .one(&self.db)
            .await?)
    }

    /// Whether the shopper has a feed address.
    pub async fn has_calendar_feed(&self, user_id: Id) -> StoreResult<bool> {
        Ok(calendar_feed::Entity::find_by_id(user_id).one(&self.db).await?.is_some())
    }

    /// Makes `token_hash` the shopper's feed, in place of any earlier one: one statement, so two
    /// resets at once leave one of the two addresses working and never both.
    pub async fn set_calendar_feed(&self, user_id: Id, token_hash: String, now: DateTime<Utc>) -> StoreResult<()> {
        calendar_feed::Entity::insert(calendar_feed::ActiveModel {
            user_id: Set(user_id),
            token_hash: Set(token_hash),
            created_at: Set(now),
        })
        .on_conflict(
            OnConflict::column(calendar_feed::Column::UserId)
                .update_columns([calendar_feed::Column::TokenHash, calendar_feed::Column::CreatedAt])
                .to_owned(),
        )
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }
}

/// For the integration tests: an order moved to a pickup time that the seed does not make (a day
/// across a daylight-saving change, months ahead).
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
impl Store {
    /// A pickup time of the pantry on `day` from `start` to `end` in `tz`; its id.
    pub async fn test_add_pickup_time(
        &self,
        pantry_location_id: Id,
        day: chrono::NaiveDate,
        start: chrono::NaiveTime,
        end: chrono::NaiveTime,
        tz: chrono_tz::Tz,
    ) -> StoreResult<Id> {
        use crate::db::entity::pickup_time;
        use crate::domain::time::local_instant;
        let row = pickup_time::Entity::insert(pickup_time::ActiveModel {
            pantry_location_id: Set(pantry_location_id),
            pickup_day: Set(day),
            pickup_start_time: Set(start),
            pickup_end_time: Set(end),
            start_at: Set(local_instant(day, start, tz)),
            end_at: Set(local_instant(day, end, tz)),
            capacity: Set(None),
            booked: Set(0),
            schedule_id: Set(None),
            ..Default::default()
        })
        .exec(&self.db)
        .await?;
        Ok(row.last_insert_id)
    }

    /// Points the order at another pickup time, as any writer of the orders table might.
    pub async fn test_set_pickup_time(&self, order_id: Id, pickup_time_id: Id) -> StoreResult<()> {
        order::Entity::update_many()
            .col_expr(order::Column::PickupTimeId, Expr::value(pickup_time_id))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
