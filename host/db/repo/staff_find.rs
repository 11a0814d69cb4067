//! Check-in's look-up by name, lean: the day's orders at a pantry read as (order, shopper's name)
//! pairs only, so a door with 2,000 orders that day answers without loading every order's lines.
use super::{Store, StoreResult};
use crate::{
    db::entity::{order, pickup_time, user},
    domain::Id,
};
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait};
use std::collections::HashMap;

impl Store {
    /// The day's pickup orders at the pantry with their shoppers' first and last names, by number.
    pub async fn day_order_names(&self, pantry: Id, day: NaiveDate) -> StoreResult<Vec<(Id, String, String)>> {
        let times = pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry))
            .filter(pickup_time::Column::PickupDay.eq(day))
            .select_only()
            .column(pickup_time::Column::Id)
            .into_query();
        let day_orders = || {
            order::Entity::find()
                .filter(order::Column::PantryLocationId.eq(pantry))
                .filter(order::Column::PickupTimeId.in_subquery(times.clone()))
        };
        let orders: Vec<(Id, Id)> = day_orders()
            .select_only()
            .columns([order::Column::Id, order::Column::UserId])
            .order_by_asc(order::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        if orders.is_empty() {
            return Ok(Vec::new());
        }
        let names: HashMap<Id, (String, String)> = user::Entity::find()
            .filter(user::Column::Id.in_subquery(day_orders().select_only().column(order::Column::UserId).into_query()))
            .select_only()
            .columns([user::Column::Id, user::Column::FirstName, user::Column::LastName])
            .into_tuple::<(Id, String, String)>()
            .all(&self.db)
            .await?
            .into_iter()
            .map(|(id, first, last)| (id, (first, last)))
            .collect();
        Ok(orders
            .into_iter()
            .map(|(id, user_id)| {
                let (first, last) = names.get(&user_id).cloned().unwrap_or_default();
                (id, first, last)
            })
            .collect())
    }
}
