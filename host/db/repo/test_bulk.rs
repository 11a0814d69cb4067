//! Bulk rows for the staff side's benchmark (a pantry with thousands of orders on one day): built
//! only with the `test-support` feature, like `test_support`.
use super::{Store, StoreResult};
use crate::{
    db::{entity::*, now as db_now},
    domain::{Id, orders::StatusType},
};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

#[doc(hidden)]
impl Store {
    /// The pantry's pickup times with their (local) days.
    pub async fn test_pickup_days(&self, pantry_id: Id) -> StoreResult<Vec<(Id, chrono::NaiveDate)>> {
        Ok(pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry_id))
            .select_only()
            .columns([pickup_time::Column::Id, pickup_time::Column::PickupDay])
            .order_by_asc(pickup_time::Column::StartAt)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// `count` shoppers `{prefix}{i}@example.org` taking e-mail and texts (phone `+1614555xxxx`), in
    /// `language`; their ids.
    pub async fn test_bulk_shoppers(&self, prefix: &str, count: usize, language: &str) -> StoreResult<Vec<Id>> {
        let now = db_now();
        for chunk in (0..count).collect::<Vec<_>>().chunks(500) {
            let rows = chunk.iter().map(|&i| user::ActiveModel {
                first_name: Set(format!("Shopper {i}")),
                last_name: Set("Bulk".into()),
                email: Set(format!("{prefix}{i}@example.org")),
                password_hash: Set("!".into()),
                phone_number: Set(Some(format!("+1614{:07}", i))),
                postal_code: Set(Some("43215".into())),
                is_email_notification_enabled: Set(true),
                is_text_message_notification_enabled: Set(true),
                is_phone_call_notification_enabled: Set(false),
                default_food_bank_id: Set(None),
                is_tefap_survey_answered: Set(false),
                token_version: Set(0),
                phone_only: Set(false),
                created_at: Set(now),
                updated_at: Set(now),
                last_login_at: Set(None),
                language: Set(Some(language.to_owned())),
                ..Default::default()
            });
            user::Entity::insert_many(rows).exec(&self.db).await?;
        }
        Ok(user::Entity::find()
            .filter(user::Column::Email.starts_with(prefix))
            .select_only()
            .column(user::Column::Id)
            .order_by_asc(user::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// `count` submitted pickup orders at the pantry, spread over `times` and `shoppers` in turn,
    /// each with one line of every inventory item of `stock` (2 units each). The
    /// orders skip Place Order's checks and take no stock: a benchmark's read load, nothing more.
    pub async fn test_bulk_pickup_orders(
        &self,
        pantry_id: Id,
        times: &[Id],
        shoppers: &[Id],
        stock: &[Id],
        count: usize,
    ) -> StoreResult<Vec<Id>> {
        let now = db_now();
        let lines: Vec<(Id, Id)> = inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(stock.to_vec()))
            .select_only()
            .columns([inventory_item::Column::Id, inventory_item::Column::PantryItemId])
            .into_tuple()
            .all(&self.db)
            .await?;
        let food_bank_id: Id = pantry_location::Entity::find_by_id(pantry_id)
            .select_only()
            .column(pantry_location::Column::FoodBankId)
            .into_tuple()
            .one(&self.db)
            .await?
            .unwrap_or_default();
        let first: Option<Id> = order::Entity::find()
            .select_only()
            .column(order::Column::Id)
            .order_by_desc(order::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?;
        let first = first.unwrap_or(0);
        for chunk in (0..count).collect::<Vec<_>>().chunks(500) {
            let rows = chunk.iter().map(|&i| order::ActiveModel {
                user_id: Set(shoppers[i % shoppers.len()]),
                food_bank_id: Set(food_bank_id),
                pantry_location_id: Set(Some(pantry_id)),
                pickup_time_id: Set(Some(times[i % times.len()])),
                delivery_time_id: Set(None),
                saved_address_id: Set(None),
                delivery_address: Set(None),
                status_type_id: Set(StatusType::Submitted.id()),
                idempotency_key: Set(None),
                request_fingerprint: Set(None),
                created_at: Set(now),
                updated_at: Set(now),
                cancelled_at: Set(None),
                cancel_reason: Set(None),
                placed_by: Set(None),
                ..Default::default()
            });
            order::Entity::insert_many(rows).exec(&self.db).await?;
        }
        let ids: Vec<Id> = order::Entity::find()
            .filter(order::Column::Id.gt(first))
            .filter(order::Column::PantryLocationId.eq(pantry_id))
            .select_only()
            .column(order::Column::Id)
            .order_by_asc(order::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        let all: Vec<(Id, Id, Id)> =
            ids.iter().flat_map(|&o| lines.iter().map(move |&(stock, product)| (o, stock, product))).collect();
        for chunk in all.chunks(1000) {
            let rows = chunk.iter().map(|&(order_id, stock, product)| order_item::ActiveModel {
                order_id: Set(order_id),
                inventory_item_id: Set(stock),
                pantry_item_id: Set(product),
                quantity: Set(2),
                weight_pounds: Set(1.0),
                is_substitute_ok: Set(true),
                packed_quantity: Set(None),
                ..Default::default()
            });
            order_item::Entity::insert_many(rows).exec(&self.db).await?;
        }
        super::reports::summarise_orders_from(&self.db, first + 1).await?;
        Ok(ids)
    }
}
