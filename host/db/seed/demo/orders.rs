//! The demo shopper's orders: one completed and one cancelled at past Main Library times, and
//! (when the schedule has a time for them) an upcoming pickup and a home delivery.
use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr, Set};
use serde_json::json;

use super::super::super::entity::{order, order_event, order_item};
use super::super::demo_data::PRODUCTS;
use super::super::insert_batched;
use super::Seeding;
use super::catalog::{Catalog, product_index};
use super::food_banks::Sites;
use super::schedule::Schedule;
use super::shopper::Shopper;
use super::stock::{InventoryAt, StockAt};
use crate::domain::orders::StatusType;

pub(super) async fn seed_orders<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
    schedule: &Schedule,
    catalog: &Catalog,
    inventory_at: &InventoryAt,
    shopper: &Shopper,
) -> Result<(), DbErr> {
    let (db, now) = (sd.db, sd.now);
    let (coh_id, _) = sites.banks["COH"];
    let main_library = sites.main_library().id;
    let Schedule { main_library_future, past_pickups: past_ids, home_delivery, first_home_delivery, .. } = schedule;
    let (home_delivery, first_home_delivery) = (*home_delivery, *first_home_delivery);
    let Shopper { user_id, home_saved } = *shopper;
    let product_ids = &catalog.product_ids;
    let upcoming = main_library_future
        .iter()
        .find(|(_, at)| *at > now + Duration::hours(24))
        .or(main_library_future.first())
        .copied();
    let mut orders = Vec::new();
    let mut lines = Vec::new();
    let mut events = Vec::new();
    // (idempotency key, status, created, pickup time, (delivery time, saved address), items)
    type OrderSpec<'a> = (&'a str, i64, DateTime<Utc>, Option<i64>, Option<(i64, i64)>, &'a [(&'a str, i32)]);
    let mut specs: Vec<OrderSpec> = vec![
        (
            "demo-order-completed",
            StatusType::Completed.id(),
            now - Duration::days(12),
            Some(past_ids[0]),
            None,
            &[("Gala Apples", 2), ("Large Eggs", 1), ("Spaghetti", 2), ("Pasta Sauce", 1)],
        ),
        (
            "demo-order-cancelled",
            StatusType::Cancelled.id(),
            now - Duration::days(21),
            Some(past_ids[1]),
            None,
            &[("Peanut Butter", 1)],
        ),
    ];
    if let Some((pickup_id, _)) = upcoming {
        specs.push((
            "demo-order-upcoming",
            StatusType::Submitted.id(),
            now - Duration::hours(5),
            Some(pickup_id),
            None,
            &[("Whole Turkey", 1), ("2% Milk", 2), ("Corn Flakes", 1)],
        ));
    }
    if let Some((delivery_id, _)) = first_home_delivery {
        specs.push((
            "demo-order-delivery",
            StatusType::Submitted.id(),
            now - Duration::hours(2),
            None,
            Some((delivery_id, home_saved)),
            &[("Long Grain White Rice", 1), ("Dry Black Beans", 2)],
        ));
    }
    for (key, status_id, created, pickup, delivery, items) in specs {
        let id = sd.id("orders").await?;
        let snapshot = delivery.map(|_| {
            json!({
                "name": "Home",
                "address": {
                    "addressLine1": "500 S Front St",
                    "addressLine2": "Apt 4B",
                    "city": "Columbus",
                    "province": "OH",
                    "postalCode": "43215",
                    "countryCode": "USA"
                }
            })
        });
        // Each order's history: submitted by the shopper, then its end (the shopper's cancel three
        // hours later; a pickup the demo has no staff member for yet).
        let ends = (status_id != StatusType::Submitted.id()).then(|| {
            let by = (status_id == StatusType::Cancelled.id()).then_some(user_id);
            (status_id, by, created + Duration::hours(3))
        });
        for (from, (to, by, at)) in [(None, (StatusType::Submitted.id(), Some(user_id), created))]
            .into_iter()
            .chain(ends.map(|e| (Some(StatusType::Submitted.id()), e)))
        {
            events.push(order_event::ActiveModel {
                id: Set(sd.id("order_events").await?),
                order_id: Set(id),
                from_status_type_id: Set(from),
                to_status_type_id: Set(to),
                by_user_id: Set(by),
                reason: Set(None),
                created_at: Set(at),
            });
        }
        orders.push(order::ActiveModel {
            id: Set(id),
            user_id: Set(user_id),
            food_bank_id: Set(coh_id),
            pantry_location_id: Set(pickup.map(|_| main_library)),
            pickup_time_id: Set(pickup),
            delivery_time_id: Set(delivery.map(|d| d.0)),
            saved_address_id: Set(delivery.map(|d| d.1)),
            delivery_address: Set(snapshot),
            status_type_id: Set(status_id),
            idempotency_key: Set(Some(key.into())),
            request_fingerprint: Set(None),
            created_at: Set(created),
            updated_at: Set(created),
            cancelled_at: Set((status_id == StatusType::Cancelled.id()).then(|| created + Duration::hours(3))),
            cancel_reason: Set(None),
            placed_by: Set(None),
        });
        for &(name, quantity) in items {
            let j = product_index(name);
            let at =
                if delivery.is_some() { StockAt::Delivery(Some(home_delivery)) } else { StockAt::Pantry(main_library) };
            lines.push(order_item::ActiveModel {
                id: Set(sd.id("order_items").await?),
                order_id: Set(id),
                inventory_item_id: Set(inventory_at[&(at, j)]),
                pantry_item_id: Set(product_ids[j]),
                quantity: Set(quantity),
                weight_pounds: Set(PRODUCTS[j].weight_pounds),
                is_substitute_ok: Set(false),
                packed_quantity: Set(None),
            });
        }
    }
    sd.summary.orders = orders.len();
    insert_batched(db, orders).await?;
    insert_batched(db, lines).await?;
    // The report summary every order write keeps (`db::repo::reports`).
    crate::db::repo::reports::summarise_orders_from(db, 0).await.map_err(|e| DbErr::Custom(e.to_string()))?;
    insert_batched(db, events).await?;
    Ok(())
}

/// The demo's orders hold places in their slots, as an order placed through the service would.
pub(super) async fn count_bookings<C: ConnectionTrait>(sd: &mut Seeding<'_, C>) -> Result<(), DbErr> {
    let released = format!("{}, {}", StatusType::Cancelled.id(), StatusType::NoShow.id());
    for (table, column) in [("pickup_times", "pickup_time_id"), ("delivery_times", "delivery_time_id")] {
        sd.db
            .execute_unprepared(&format!(
                "UPDATE {table} SET booked = (SELECT count(*) FROM orders o WHERE o.{column} = {table}.id \
                 AND o.status_type_id NOT IN ({released}))"
            ))
            .await?;
    }
    Ok(())
}
