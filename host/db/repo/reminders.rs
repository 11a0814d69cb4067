//! What the reminder job reads: the pickup orders still waiting whose window starts in a span,
//! each with its pantry's name and zone and its shopper's contact, in one query.
use super::{Store, StoreResult, accounts::ShopperContact};
use crate::{
    db::entity::{order, pantry_location, pickup_time, user},
    domain::{Id, orders::StatusType},
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect};

/// A waiting pickup order, as its reminder is written.
#[derive(Debug, Clone)]
pub struct PickupToRemind {
    pub order_id: Id,
    pub user_id: Id,
    pub pickup_day: NaiveDate,
    pub starts: NaiveTime,
    pub ends: NaiveTime,
    pub pantry: String,
    pub tz: chrono_tz::Tz,
    pub contact: ShopperContact,
}

#[derive(FromQueryResult)]
struct Row {
    order_id: Id,
    user_id: Id,
    pickup_day: NaiveDate,
    pickup_start_time: NaiveTime,
    pickup_end_time: NaiveTime,
    pantry: String,
    time_zone: String,
    first_name: String,
    email: String,
    language: Option<String>,
    email_allowed: bool,
    texts_allowed: bool,
    phone_number: Option<String>,
}

impl Store {
    /// The pickup orders still waiting whose window starts in `from..until`, by id.
    pub async fn pickups_starting(
        &self,
        from: DateTime<Utc>,
        until: DateTime<Utc>,
    ) -> StoreResult<Vec<PickupToRemind>> {
        let waiting: Vec<Id> = StatusType::ALL.into_iter().filter(|s| s.is_waiting()).map(StatusType::id).collect();
        let rows = order::Entity::find()
            .inner_join(pickup_time::Entity)
            .inner_join(pantry_location::Entity)
            .inner_join(user::Entity)
            .filter(order::Column::StatusTypeId.is_in(waiting))
            .filter(pickup_time::Column::StartAt.gte(from))
            .filter(pickup_time::Column::StartAt.lt(until))
            .select_only()
            .column_as(order::Column::Id, "order_id")
            .column_as(order::Column::UserId, "user_id")
            .column(pickup_time::Column::PickupDay)
            .column(pickup_time::Column::PickupStartTime)
            .column(pickup_time::Column::PickupEndTime)
            .column_as(pantry_location::Column::Label, "pantry")
            .column(pantry_location::Column::TimeZone)
            .column(user::Column::FirstName)
            .column(user::Column::Email)
            .column(user::Column::Language)
            .column_as(user::Column::IsEmailNotificationEnabled, "email_allowed")
            .column_as(user::Column::IsTextMessageNotificationEnabled, "texts_allowed")
            .column(user::Column::PhoneNumber)
            .order_by_asc(order::Column::Id)
            .into_model::<Row>()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|r| PickupToRemind {
                order_id: r.order_id,
                user_id: r.user_id,
                pickup_day: r.pickup_day,
                starts: r.pickup_start_time,
                ends: r.pickup_end_time,
                pantry: r.pantry,
                tz: super::shopping::parse_tz(&r.time_zone),
                contact: ShopperContact {
                    first_name: r.first_name,
                    email: r.email,
                    language: r.language,
                    email_allowed: r.email_allowed,
                    texts_allowed: r.texts_allowed,
                    phone_number: r.phone_number,
                },
            })
            .collect())
    }
}
