//! The render cache against the database's cache scopes, on SQLite and PostgreSQL: a cached public
//! page shows a write at once, whether it came through this host's API or straight from SQL (as
//! another host or an operator writes), and only the pages showing what the write changed are
//! re-rendered.
use crate::{
    api_orders::{CHICAGO, DRIVING_PARK, MAIN, demo, pantry, pickup, stock, times},
    api_support::TestApp,
    on_both,
};
use axum::{body::Body, http::Request};
use http_body_util::BodyExt;
use sea_orm::ConnectionTrait;
use serde_json::Value;
use tower::ServiceExt;

on_both!(
    shop_page_shows_orders_and_cancels_at_once,
    stock_written_by_sql_reaches_only_its_pantrys_pages,
    pickup_time_edit_reaches_the_pantry_page,
    a_slot_filling_up_reaches_the_pantry_page,
    schedule_times_and_closed_days_reach_the_pantry_page,
    the_schedule_job_reaches_the_pages_of_the_pantries_it_publishes,
    other_parameters_share_the_cached_page,
);

/// Fetches a page and tells whether the render cache served it; answers its loader data.
pub async fn fetch(t: &TestApp, url: &str) -> (Value, bool) {
    let (payload, hit) = fetch_payload(t, url).await;
    (payload["data"].clone(), hit)
}

/// The same with the document's whole `__oa` payload.
async fn fetch_payload(t: &TestApp, url: &str) -> (Value, bool) {
    let hits = t.state.cache.stats().hits;
    let res = t.app().oneshot(Request::get(url).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 200, "{url}");
    let html = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).expect("payload").1;
    let payload: Value = serde_json::from_str(json.split("</script>").next().unwrap()).expect("payload JSON");
    assert_eq!(payload["ssr"], true, "{url}: server-rendered");
    (payload, t.state.cache.stats().hits > hits)
}

/// The quantity the shop page shows of an inventory item.
fn shown(data: &Value, item: i64) -> i64 {
    let items = data["items"].as_array().expect("items");
    items.iter().find(|i| i["id"] == item).unwrap_or_else(|| panic!("item {item} shown"))["quantity"].as_i64().unwrap()
}

async fn shop_page_shows_orders_and_cancels_at_once(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 2).await[0];
    let mine = stock(t, main, 10).await;
    let url = format!("/products?pantry={main}");

    let (data, hit) = fetch(t, &url).await;
    assert!(!hit);
    assert_eq!(shown(&data, mine), 10);
    let (data, hit) = fetch(t, &url).await;
    assert!(hit, "the second visit is served from the cache");
    assert_eq!(shown(&data, mine), 10);

    let r = t.post("/api/v1/order", Some(&me.token), pickup(main, time, &[(mine, 3)])).await;
    let order = r.value().as_i64().expect("order id");
    let stale = t.state.cache.stats().stale;
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the order outdated the cached page");
    assert_eq!(t.state.cache.stats().stale, stale + 1, "found and dropped, not expired");
    assert_eq!(shown(&data, mine), 7);
    let (data, hit) = fetch(t, &url).await;
    assert!(hit, "cached again");
    assert_eq!(shown(&data, mine), 7);

    t.delete(&format!("/api/v1/orders/{order}"), Some(&me.token)).await.value();
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the cancel outdated the cached page");
    assert_eq!(shown(&data, mine), 10);
}

async fn stock_written_by_sql_reaches_only_its_pantrys_pages(t: &TestApp) {
    let (main, park) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    let (mine, theirs) = (stock(t, main, 10).await, stock(t, park, 5).await);
    let (shop, other_shop, detail) =
        (format!("/products?pantry={main}"), format!("/products?pantry={park}"), format!("/pantries/{main}"));
    for url in [&shop, &other_shop, &detail] {
        fetch(t, url).await;
        assert!(fetch(t, url).await.1, "{url} cached");
    }

    // Another host (or an operator) sells some: no request of this host is involved.
    t.db().execute_unprepared(&format!("UPDATE inventory_items SET quantity = 4 WHERE id = {mine}")).await.unwrap();

    let (data, hit) = fetch(t, &shop).await;
    assert!(!hit, "the pantry's shop is outdated");
    assert_eq!(shown(&data, mine), 4);
    let (data, hit) = fetch(t, &other_shop).await;
    assert!(hit, "another pantry's shop is not");
    assert_eq!(shown(&data, theirs), 5);
    assert!(fetch(t, &detail).await.1, "nor the pantry's own page, which shows no stock");
}

async fn pickup_time_edit_reaches_the_pantry_page(t: &TestApp) {
    let (main, park) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    let (url, other) = (format!("/pantries/{main}"), format!("/pantries/{park}"));
    for url in [&url, &other] {
        fetch(t, url).await;
        assert!(fetch(t, url).await.1, "{url} cached");
    }
    let (data, _) = fetch(t, &url).await;
    let first = data["pantry"]["pantryLocationPickupTimes"][0].clone();
    assert_ne!(first["pickupEndTime"], "23:59:00", "{first}");

    let sql = format!("UPDATE pickup_times SET pickup_end_time = '23:59:00' WHERE id = {}", first["id"]);
    t.db().execute_unprepared(&sql).await.unwrap();

    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the pantry page is outdated");
    let now = &data["pantry"]["pantryLocationPickupTimes"][0];
    assert_eq!((&now["id"], &now["pickupEndTime"]), (&first["id"], &Value::from("23:59:00")));
    assert!(fetch(t, &other).await.1, "another pantry's page is not");
}

/// Orders move a slot's bookings, which the pantry page does not show; it shows whether the slot
/// is full, so only the order that fills it outdates the page.
async fn a_slot_filling_up_reaches_the_pantry_page(t: &TestApp) {
    let me = demo(t).await;
    let main = pantry(t, MAIN).await;
    let slots = times(t, main, 2).await;
    let (open, small) = (slots[0], slots[1]);
    let item = stock(t, main, 10).await;
    let held = t.state.store.test_booked(small).await.unwrap();
    t.state.store.test_set_capacity(small, Some(held + 1)).await.unwrap();
    let url = format!("/pantries/{main}");
    let remaining = |data: &Value| {
        let times = data["pantry"]["pantryLocationPickupTimes"].as_array().expect("times").clone();
        times.iter().find(|x| x["id"] == small).expect("the small time is listed")["remaining"].clone()
    };
    let (data, _) = fetch(t, &url).await;
    assert_eq!(remaining(&data), 1);
    assert!(fetch(t, &url).await.1, "cached");

    let r = t.post("/api/v1/order", Some(&me.token), pickup(main, open, &[(item, 1)])).await;
    let first = r.value().as_i64().expect("order id");
    assert!(fetch(t, &url).await.1, "an order in a time without a capacity leaves the page cached");
    t.delete(&format!("/api/v1/orders/{first}"), Some(&me.token)).await.value();

    let r = t.post("/api/v1/order", Some(&me.token), pickup(main, small, &[(item, 1)])).await;
    let filling = r.value().as_i64().expect("order id");
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the order that fills the time outdates the page");
    assert_eq!(remaining(&data), 0);

    t.delete(&format!("/api/v1/orders/{filling}"), Some(&me.token)).await.value();
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the cancel that frees it too");
    assert_eq!(remaining(&data), 1);
}

/// Pickup times a schedule makes or removes (inserts and deletes of `pickup_times`) and closed days
/// (`closed_days`, whose trigger is migration 21's) outdate the pantry's cached page at once.
async fn schedule_times_and_closed_days_reach_the_pantry_page(t: &TestApp) {
    use chrono::Datelike;
    let staff = crate::api_staff::token_of(t, orderahead::db::seed::DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let url = format!("/pantries/{main}");
    let at_five = |data: &Value| {
        let times = data["pantry"]["pantryLocationPickupTimes"].as_array().expect("times").clone();
        times.into_iter().filter(|x| x["pickupStartTime"] == "05:00:00").collect::<Vec<_>>()
    };
    let (data, _) = fetch(t, &url).await;
    assert!(at_five(&data).is_empty());
    assert!(fetch(t, &url).await.1, "cached");

    let day = chrono::Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive() + chrono::Duration::days(3);
    let weekday = day.weekday().num_days_from_monday();
    let row = serde_json::json!({ "pantryId": main, "weekday": weekday, "opens": "05:00", "closes": "06:00", "slotMinutes": 60 });
    let id = t.post("/api/v1/staff/schedule", Some(&staff), row).await.value()["id"].as_i64().unwrap();
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "new times outdate the page");
    assert_eq!(at_five(&data).len(), 4);
    assert!(fetch(t, &url).await.1, "cached again");

    let close = serde_json::json!({ "pantryId": main, "firstDay": day.to_string(), "reason": "Holiday" });
    t.post("/api/v1/staff/closed-days", Some(&staff), close).await.value();
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "a closed day outdates the page");
    assert_eq!(at_five(&data).len(), 3, "the closed day's time is not offered");
    assert_eq!(data["closedDays"][0]["reason"], "Holiday", "the page says why");
    assert!(fetch(t, &url).await.1, "cached again");

    t.delete(&format!("/api/v1/staff/schedule/{id}"), Some(&staff)).await.value();
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "removed times outdate the page");
    assert!(at_five(&data).is_empty());
}

/// The schedule job publishes many pantries in a few statements (on SQLite with the per-row
/// triggers paused, migration 29): every pantry it made times for has its page outdated and its
/// `updated_at` touched, once; a pantry it made nothing for keeps its cached page; a second run
/// makes nothing and outdates nothing.
async fn the_schedule_job_reaches_the_pages_of_the_pantries_it_publishes(t: &TestApp) {
    use chrono::Datelike;
    let (main, park, other) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await, pantry(t, CHICAGO).await);
    let url = |p: i64| format!("/pantries/{p}");
    let at_five = |data: &Value| {
        let times = data["pantry"]["pantryLocationPickupTimes"].as_array().expect("times").clone();
        times.into_iter().filter(|x| x["pickupStartTime"] == "05:00:00").count()
    };
    let touched = |p: i64| async move {
        let sql = format!("SELECT CAST(updated_at AS TEXT) AS u FROM pantry_locations WHERE id = {p}");
        let backend = t.db().get_database_backend();
        let row = t.db().query_one_raw(sea_orm::Statement::from_string(backend, sql)).await.unwrap().unwrap();
        row.try_get::<Option<String>>("", "u").unwrap()
    };
    let before = [touched(main).await, touched(park).await, touched(other).await];
    for p in [main, park, other] {
        let (data, _) = fetch(t, &url(p)).await;
        assert_eq!(at_five(&data), 0);
        assert!(fetch(t, &url(p)).await.1, "cached");
    }
    // Hours written as an operator would: nothing is published until the job runs.
    let day = chrono::Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive() + chrono::Duration::days(3);
    let weekday = day.weekday().num_days_from_monday();
    let stamp =
        if t.db().get_database_backend() == sea_orm::DbBackend::Postgres { "now()" } else { "CURRENT_TIMESTAMP" };
    for p in [main, park] {
        let sql = format!(
            "INSERT INTO schedules (pantry_location_id, weekday, opens, closes, slot_minutes, capacity, created_at) \
             VALUES ({p}, {weekday}, '05:00:00', '06:00:00', 60, 3, {stamp})"
        );
        t.db().execute_unprepared(&sql).await.unwrap();
    }
    assert!(fetch(t, &url(main)).await.1, "still cached: no time was made");

    let made = t.state.publish_schedules().await.unwrap();
    assert!(made >= 8, "four weeks of one 05:00 time at each of two pantries: {made}");
    for p in [main, park] {
        let (data, hit) = fetch(t, &url(p)).await;
        assert!(!hit, "pantry {p}: the new times outdate its page");
        assert_eq!(at_five(&data), 4, "pantry {p}");
    }
    assert!(fetch(t, &url(other)).await.1, "a pantry the job made nothing for keeps its page");
    let after = [touched(main).await, touched(park).await, touched(other).await];
    assert_ne!(after[0], before[0], "updated_at touched");
    assert_ne!(after[1], before[1], "updated_at touched");
    assert_eq!(after[2], before[2], "updated_at untouched");
    // The per-row triggers fire again for any other insert (nothing is left paused).
    let sql = format!(
        "INSERT INTO pickup_times (pantry_location_id, pickup_day, pickup_start_time, pickup_end_time, start_at, \
         end_at, booked) VALUES ({other}, '2099-01-01', '09:00:00', '09:30:00', '2099-01-01T15:00:00+00:00', \
         '2099-01-01T15:30:00+00:00', 0)"
    );
    t.db().execute_unprepared(&sql).await.unwrap();
    assert!(!fetch(t, &url(other)).await.1, "a hand-made time outdates its pantry's page");
    assert_ne!(touched(other).await, before[2], "and touches it");

    for p in [main, park] {
        assert!(fetch(t, &url(p)).await.1, "cached again");
    }
    assert_eq!(t.state.publish_schedules().await.unwrap(), 0, "a second run makes nothing");
    for p in [main, park] {
        assert!(fetch(t, &url(p)).await.1, "pantry {p}: a run that makes nothing outdates nothing");
    }
}

/// A page is kept under the parameters its loader reads: any other parameter (a tracking tag, a
/// client's junk) is served the same entry, so no client can fill or flush the cache with them,
/// and the shared page never carries another visitor's extra parameters.
async fn other_parameters_share_the_cached_page(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let shop = format!("/products?pantry={main}");
    let (first, hit) = fetch_payload(t, &format!("{shop}&junk=1")).await;
    assert!(!hit);
    assert_eq!(first["url"], shop, "rendered at the address its loader reads");
    for url in [shop.clone(), format!("/products?utm_source=x&pantry={main}&n=2"), format!("{shop}&junk=1&junk=2")] {
        let (payload, hit) = fetch_payload(t, &url).await;
        assert!(hit, "{url}: the cached page");
        assert_eq!(payload, first, "{url}");
    }
    // What the loader reads still tells pages apart.
    let park = pantry(t, DRIVING_PARK).await;
    let (other, hit) = fetch_payload(t, &format!("/products?pantry={park}&junk=1")).await;
    assert!(!hit, "another pantry's shop is its own entry");
    assert_ne!(other["data"], first["data"]);
    for url in ["/pantries?zip=43215", "/pantries?zip=43215&n=1", "/?u=1", "/?u=2"] {
        fetch(t, url).await;
    }
    assert!(fetch(t, "/pantries?n=7&zip=43215").await.1);
    assert!(fetch(t, "/?u=3").await.1);
    assert!(!fetch(t, "/pantries?zip=43215&sort=closest").await.1, "a parameter the list reads");
}
