//! Bulk rows for the delivery runs' benchmark (issue 51): a window's deliveries, packed and ready,
//! each to its own saved address: built only with the `test-support` feature, like `test_support`.
use super::{Store, StoreResult};
use crate::{
    db::{entity::*, now as db_now},
    domain::{Id, orders::StatusType},
};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};

#[doc(hidden)]
impl Store {
    /// One ready delivery order in the window per shopper, to a home at the point of the same
    /// index (located by the geocoder), each with one line of `item`; the orders' ids. They skip
    /// Place Order's checks and take no stock: a benchmark's load, nothing more.
    pub async fn test_bulk_ready_deliveries(
        &self,
        window_id: Id,
        shoppers: &[Id],
        points: &[(f64, f64)],
        item: Id,
    ) -> StoreResult<Vec<Id>> {
        let now = db_now();
        let window = delivery_time::Entity::find_by_id(window_id).one(&self.db).await?.expect("the window");
        let product: Id = inventory_item::Entity::find_by_id(item)
            .select_only()
            .column(inventory_item::Column::PantryItemId)
            .into_tuple()
            .one(&self.db)
            .await?
            .expect("the item");
        let ohio: Id = province::Entity::find()
            .filter(province::Column::Abbreviation.eq("OH"))
            .select_only()
            .column(province::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?
            .expect("Ohio");
        let mut orders = Vec::with_capacity(shoppers.len());
        for (i, (&user_id, &(lat, lng))) in shoppers.iter().zip(points).enumerate() {
            let street = format!("{} Bench Ave", 100 + i);
            let address = address::Entity::insert(address::ActiveModel {
                address_line1: Set(street.clone()),
                address_line2: Set(None),
                city: Set("Columbus".into()),
                province_id: Set(ohio),
                postal_code: Set("43215".into()),
                county_id: Set(None),
                latitude: Set(Some(lat)),
                longitude: Set(Some(lng)),
                located_by: Set(Some("address".into())),
                country_code: Set("USA".into()),
                ..Default::default()
            })
            .exec(&self.db)
            .await?
            .last_insert_id;
            let saved = saved_address::Entity::insert(saved_address::ActiveModel {
                user_id: Set(user_id),
                address_id: Set(address),
                name: Set("Home".into()),
                is_primary: Set(true),
                notes: Set(Some("Leave at the side door".into())),
                created_at: Set(now),
                ..Default::default()
            })
            .exec(&self.db)
            .await?
            .last_insert_id;
            let snapshot = serde_json::json!({
                "name": "Home",
                "address": { "addressLine1": street, "city": "Columbus", "province": "OH", "postalCode": "43215", "countryCode": "USA" }
            });
            let order = order::Entity::insert(order::ActiveModel {
                user_id: Set(user_id),
                food_bank_id: Set(window.food_bank_id),
                pantry_location_id: Set(None),
                pickup_time_id: Set(None),
                delivery_time_id: Set(Some(window_id)),
                saved_address_id: Set(Some(saved)),
                delivery_address: Set(Some(snapshot)),
                status_type_id: Set(StatusType::Ready.id()),
                idempotency_key: Set(None),
                request_fingerprint: Set(None),
                created_at: Set(now),
                updated_at: Set(now),
                cancelled_at: Set(None),
                cancel_reason: Set(None),
                placed_by: Set(None),
                ..Default::default()
            })
            .exec(&self.db)
            .await?
            .last_insert_id;
            order_item::Entity::insert(order_item::ActiveModel {
                order_id: Set(order),
                inventory_item_id: Set(item),
                pantry_item_id: Set(product),
                quantity: Set(3),
                weight_pounds: Set(1.0),
                is_substitute_ok: Set(true),
                packed_quantity: Set(None),
                ..Default::default()
            })
            .exec(&self.db)
            .await?;
            orders.push(order);
        }
        Ok(orders)
    }

    /// The runs of a window, newest numbering: their ids by number.
    pub async fn test_runs_of(&self, window_id: Id) -> StoreResult<Vec<Id>> {
        Ok(delivery_run::Entity::find()
            .filter(delivery_run::Column::DeliveryTimeId.eq(window_id))
            .order_by_asc(delivery_run::Column::Number)
            .select_only()
            .column(delivery_run::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }
}
