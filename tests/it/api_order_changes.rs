//! Changing an order after it is placed, on both databases: its pickup time, its delivery window
//! and its pantry (the stock moving with it), and each refusal with nothing written.
use crate::{api_orders::*, api_support::TestApp, on_both};
use chrono::{Duration, Utc};
use orderahead::domain::messages::{
    self, NOT_A_DELIVERY_ORDER, NOT_A_PICKUP_ORDER, ORDER_CANNOT_CHANGE, OTHER_DELIVERY_PROGRAM, OTHER_FOOD_BANK,
};
use serde_json::json;

on_both!(pickup_time_change, delivery_time_change, location_change_moves_the_stock, location_change_refusals);

async fn pickup_time_change(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let slots = times(t, main, 2).await;
    let (first, second) = (slots[0], slots[1]);
    let mine = stock(t, main, 10).await;
    let id = place(t, &me, pickup(main, first, &[(mine, 2)])).await;
    let uri = |time: i64| format!("/api/v1/orders/{id}/pickuptime/{time}");

    let r = t.put(&uri(second), Some(&me.token), json!({})).await;
    assert_eq!(r.value()["pantryLocationPickupTimeID"], second);
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["pantryLocationPickupTimeID"], second);
    assert_eq!(shown["pantryLocationPickupTime"]["id"], second);

    let driving_park = pantry(t, DRIVING_PARK).await;
    refused(&t.put(&uri(times(t, driving_park, 1).await[0]), Some(&me.token), json!({})).await, "Invalid pickup time");
    refused(&t.put(&uri(987_654), Some(&me.token), json!({})).await, "Invalid pickup time");
    refused(
        &t.put(&uri(past_time(t, main).await), Some(&me.token), json!({})).await,
        "The selected pickup time is no longer available.",
    );
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["pantryLocationPickupTimeID"], second, "refusals changed nothing");
    assert_eq!(qty(t, mine).await, 8, "a time change moves no stock");

    // Delivery orders have no pickup time to change.
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let delivery =
        orders.as_array().unwrap().iter().find(|o| o.get("foodBankDeliveryTimeID").is_some()).unwrap()["id"].clone();
    refused(
        &t.put(&format!("/api/v1/orders/{delivery}/pickuptime/{first}"), Some(&me.token), json!({})).await,
        NOT_A_PICKUP_ORDER,
    );
    // Cancelled orders cannot change.
    t.delete(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value();
    refused(&t.put(&uri(first), Some(&me.token), json!({})).await, ORDER_CANNOT_CHANGE);
}

async fn delivery_time_change(t: &TestApp) {
    let me = demo(t).await;
    let orders = t.get("/api/v1/orders", Some(&me.token)).await.value().clone();
    let demo_delivery =
        orders.as_array().unwrap().iter().find(|o| o.get("foodBankDeliveryTimeID").is_some()).unwrap().clone();
    let home = demo_delivery["foodInsecureNeighborAddressID"].as_i64().unwrap();
    let (rice, rice_before, _, program) = named(t, None, "Long Grain White Rice").await;
    let windows = t.state.store.test_delivery_times().await.unwrap();
    let later = Utc::now() + Duration::days(1);
    let same: Vec<i64> =
        windows.iter().filter(|(_, p, at)| Some(*p) == program && *at > later).map(|(id, _, _)| *id).collect();
    let (first, second) = (same[0], same[1]);
    let id = place(t, &me, delivery(first, Some(home), &[(rice, 1)])).await;
    let uri = |time: i64| format!("/api/v1/orders/{id}/deliverytime/{time}");

    let r = t.put(&uri(second), Some(&me.token), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.value()["foodBankDeliveryTimeID"], second);
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["foodBankDeliveryTime"]["id"], second);
    assert_eq!(qty(t, rice).await, rice_before - 1, "a window change moves no stock");

    // A window that has started, one of another program, and one that does not exist.
    if let Some((past, _, _)) = windows.iter().find(|(_, p, at)| Some(*p) == program && *at < Utc::now()) {
        refused(&t.put(&uri(*past), Some(&me.token), json!({})).await, messages::DELIVERY_TIME_NO_LONGER_AVAILABLE);
    }
    if let Some((other, _, _)) = windows.iter().find(|(_, p, _)| Some(*p) != program) {
        refused(&t.put(&uri(*other), Some(&me.token), json!({})).await, OTHER_DELIVERY_PROGRAM);
    }
    assert_eq!(t.put(&uri(987_654), Some(&me.token), json!({})).await.status, 404);
    // Someone else's order is not found; a pickup order has no window to change.
    let stranger = fresh(t).await;
    assert_eq!(t.put(&uri(first), Some(&stranger.token), json!({})).await.status, 404);
    let main = pantry(t, MAIN).await;
    let mine = stock(t, main, 3).await;
    let pickup_order = place(t, &me, pickup(main, times(t, main, 2).await[0], &[(mine, 1)])).await;
    refused(
        &t.put(&format!("/api/v1/orders/{pickup_order}/deliverytime/{first}"), Some(&me.token), json!({})).await,
        NOT_A_DELIVERY_ORDER,
    );
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["foodBankDeliveryTimeID"], second, "refusals changed nothing");
    // Cancelled orders cannot change.
    t.delete(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value();
    refused(&t.put(&uri(first), Some(&me.token), json!({})).await, ORDER_CANNOT_CHANGE);
}

async fn location_change_moves_the_stock(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let driving_park = pantry(t, DRIVING_PARK).await;
    let at_main = stock(t, main, 10).await;
    let at_park = t.state.store.test_stock(driving_park, 5, Some(at_main)).await.unwrap();
    let id = place(t, &me, pickup(main, times(t, main, 2).await[0], &[(at_main, 3)])).await;
    assert_eq!(qty(t, at_main).await, 7);
    let park_time = times(t, driving_park, 2).await[0];
    let before = counts(t).await;

    let r = t
        .put(
            &format!("/api/v1/orders/{id}/location"),
            Some(&me.token),
            json!({ "OrderId": id, "LocationId": driving_park, "PickupTimeId": park_time }),
        )
        .await;
    let o = r.value();
    assert_eq!(o["pantryLocationID"], driving_park);
    assert_eq!(o["pantryLocationPickupTimeID"], park_time);
    assert_eq!(o["pantryLocation"]["label"], DRIVING_PARK);
    assert_eq!(qty(t, at_main).await, 10, "stock given back at the old pantry");
    assert_eq!(qty(t, at_park).await, 2, "and taken at the new one");
    assert_eq!(counts(t).await, before, "the order moved; nothing was added");
    let items = t.get(&format!("/api/v1/orders/{id}/items"), Some(&me.token)).await.value().clone();
    assert_eq!(items[0]["pantryInventoryItemID"], at_park);
    assert_eq!(items[0]["quantity"], 3);

    // Back to the first pantry, another time: the stock comes back with it.
    let main_time = times(t, main, 2).await[1];
    let r = t
        .put(
            &format!("/api/v1/orders/{id}/location"),
            Some(&me.token),
            json!({ "OrderId": id, "LocationId": main, "PickupTimeId": main_time }),
        )
        .await;
    assert_eq!(r.value()["pantryLocationID"], main);
    assert_eq!((qty(t, at_main).await, qty(t, at_park).await), (7, 5));
}

async fn location_change_refusals(t: &TestApp) {
    let me = demo(t).await;
    let stranger = fresh(t).await;
    let main = pantry(t, MAIN).await;
    let driving_park = pantry(t, DRIVING_PARK).await;
    let only_main = stock(t, main, 10).await;
    let plenty_main = stock(t, main, 40).await;
    let plenty_parsons = t.state.store.test_stock(pantry(t, PARSONS).await, 40, Some(plenty_main)).await.unwrap();
    let id = place(t, &me, pickup(main, times(t, main, 2).await[0], &[(only_main, 1)])).await;
    let big = place(t, &stranger, pickup(main, times(t, main, 2).await[0], &[(plenty_main, 20)])).await;
    let move_to = |who: &Shopper, order: i64, location: i64, time: i64| {
        let token = who.token.clone();
        async move {
            t.put(
                &format!("/api/v1/orders/{order}/location"),
                Some(&token),
                json!({ "OrderId": order, "LocationId": location, "PickupTimeId": time }),
            )
            .await
        }
    };
    let park_time = times(t, driving_park, 2).await[0];
    let before = counts(t).await;

    // The new pantry does not stock the product.
    refused(&move_to(&me, id, driving_park, park_time).await, "No Available Stock");
    // Parsons allows 15 items per order.
    let parsons = pantry(t, PARSONS).await;
    refused(
        &move_to(&stranger, big, parsons, times(t, parsons, 2).await[0]).await,
        "There is a limit of 15 items per order",
    );
    assert_eq!(qty(t, plenty_parsons).await, 40);
    // A restricted pantry the shopper holds no code for.
    let faith = pantry(t, FAITH_MISSION).await;
    refused(
        &move_to(&stranger, big, faith, times(t, faith, 1).await[0]).await,
        "Faith Mission requires a referral code",
    );
    // Another food bank's pantry, a time of another pantry, a past time.
    let chicago = pantry(t, CHICAGO).await;
    refused(&move_to(&me, id, chicago, times(t, chicago, 1).await[0]).await, OTHER_FOOD_BANK);
    refused(&move_to(&me, id, driving_park, times(t, main, 2).await[0]).await, "Invalid pickup time");
    refused(
        &move_to(&me, id, main, past_time(t, main).await).await,
        "The selected pickup time is no longer available.",
    );
    // An unknown pantry, and an OrderId that is not the path's.
    let r = move_to(&me, id, 987_654, park_time).await;
    assert_eq!(r.status, 404, "{}", r.body);
    let r = t
        .put(
            &format!("/api/v1/orders/{id}/location"),
            Some(&me.token),
            json!({ "OrderId": big, "LocationId": driving_park, "PickupTimeId": park_time }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(!r.failure().is_empty());

    assert_eq!(counts(t).await, before);
    assert_eq!((qty(t, only_main).await, qty(t, plenty_main).await), (9, 20));
    let shown = t.get(&format!("/api/v1/orders/{id}"), Some(&me.token)).await.value().clone();
    assert_eq!(shown["pantryLocationID"], main);
    let items = t.get(&format!("/api/v1/orders/{big}/items"), Some(&stranger.token)).await.value().clone();
    assert_eq!(items[0]["pantryInventoryItemID"], plenty_main);
}
