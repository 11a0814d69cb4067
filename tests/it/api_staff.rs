//! The staff side's API on both databases: the whole path of an order (queue, packing, ready,
//! check-in) as the shopper sees it, short lines and cancels putting stock back exactly once,
//! the access matrix (roles × pantries × operations), and two staff pressing different buttons
//! at once.
use crate::{
    api_orders::{CHICAGO, DRIVING_PARK, MAIN, PARSONS, Shopper, fresh, pantry, pickup, qty, stock, times},
    api_support::TestApp,
    on_both,
};
use axum::http::Method;
use orderahead::{
    db::{
        repo::staff::grants::GrantPlace,
        seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
    },
    domain::staff::StaffRole,
};
use serde_json::{Value, json};
use std::collections::HashMap;

on_both!(
    an_order_goes_from_the_queue_to_the_shoppers_hands,
    short_lines_and_cancel_put_stock_back_once,
    the_access_matrix_holds,
    two_staff_pressing_different_buttons_leave_one_state,
    a_busy_day_is_listed_a_pickup_time_at_a_time,
    texts_over_their_documented_length_are_refused,
);

/// A token for a seeded account.
pub async fn token_of(t: &TestApp, email: &str) -> String {
    let id = t.state.store.test_user_id(email).await.unwrap().unwrap_or_else(|| panic!("{email}"));
    t.state.tokens.issue(id, 0).unwrap()
}

/// Places an order of `units` of a new stock item (of `stock_units`) at `pantry_label`; (order id,
/// item, pickup day).
pub async fn place(
    t: &TestApp,
    shopper: &Shopper,
    pantry_label: &str,
    stock_units: i32,
    units: i64,
) -> (i64, i64, String) {
    let p = pantry(t, pantry_label).await;
    let time = times(t, p, 1).await[0];
    let item = stock(t, p, stock_units).await;
    let r = t.post("/api/v1/order", Some(&shopper.token), pickup(p, time, &[(item, units)])).await;
    let id = r.value().as_i64().expect("order id");
    let order = t.get(&format!("/api/v1/orders/{id}"), Some(&shopper.token)).await;
    let day = order.value()["pantryLocationPickupTime"]["pickupDay"].as_str().unwrap().to_owned();
    (id, item, day)
}

async fn act(t: &TestApp, token: &str, id: i64, action: &str, reason: Option<&str>) -> crate::api_support::ApiReply {
    t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(token), json!({ "action": action, "reason": reason }))
        .await
}

fn code(order: &Value) -> &str {
    order["pantryOrderStatusType"]["code"].as_str().unwrap()
}

async fn an_order_goes_from_the_queue_to_the_shoppers_hands(t: &TestApp) {
    let shopper = fresh(t).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let (id, _, day) = place(t, &shopper, MAIN, 10, 2).await;
    let main = pantry(t, MAIN).await;

    let queue = t.get(&format!("/api/v1/staff/queue?pantry={main}&date={day}"), Some(&staff)).await;
    let queue = queue.value();
    let listed: Vec<&Value> =
        queue["pickups"].as_array().unwrap().iter().flat_map(|g| g["orders"].as_array().unwrap()).collect();
    let mine = listed.iter().find(|o| o["id"] == id).expect("the order is in its day's queue");
    assert_eq!(mine["state"], "SUBMITTED");
    assert_eq!(mine["actions"], json!(["startPacking", "markNoShow", "cancel"]));
    assert!(queue["counts"].as_array().unwrap().iter().any(|c| c["state"] == "SUBMITTED"));

    let packing = act(t, &staff, id, "startPacking", None).await;
    assert_eq!(packing.value()["state"], "PACKING");
    // A packed order is no longer the shopper's to move.
    let other_time = times(t, main, 1).await[1];
    let moved = t.put(&format!("/api/v1/orders/{id}/pickuptime/{other_time}"), Some(&shopper.token), json!({})).await;
    assert_eq!(
        (moved.status, moved.body["failureCode"].as_str()),
        (422, Some("orderAlreadyPacked")),
        "{:?}",
        moved.body
    );

    let ready = act(t, &staff, id, "markReady", None).await;
    assert_eq!(ready.value()["actions"], json!(["checkIn", "markNoShow", "cancel"]));
    let seen = t.get(&format!("/api/v1/orders/{id}"), Some(&shopper.token)).await;
    assert_eq!(code(seen.value()), "READY");
    assert_eq!(seen.value()["pantryOrderStatusType"]["isInProgressType"], true);

    let again = act(t, &staff, id, "startPacking", None).await;
    assert_eq!((again.status, again.body["failureCode"].as_str()), (409, Some("orderStateChangeNotAllowed")));

    // The volunteer finds it by the number the shopper shows, and hands it over.
    let found =
        t.post("/api/v1/staff/check-in/search", Some(&volunteer), json!({ "search": format!("#{id:X}") })).await;
    assert_eq!(found.value()[0]["id"], id);
    assert_eq!(found.value()[0]["actions"], json!(["checkIn"]), "a volunteer may only check in");
    let checked = t.post(&format!("/api/v1/staff/orders/{id}/check-in"), Some(&volunteer), json!({})).await;
    assert_eq!(checked.value()["state"], "PICKED_UP");
    let seen = t.get(&format!("/api/v1/orders/{id}"), Some(&shopper.token)).await;
    assert_eq!(code(seen.value()), "PICKED_UP");
    assert_eq!(seen.value()["pantryOrderStatusType"]["isSuccessfullyCompletedType"], true, "the green badge");

    let detail = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
    let history = detail.value()["history"].as_array().unwrap().clone();
    let steps: Vec<&str> = history.iter().map(|e| e["to"].as_str().unwrap()).collect();
    assert_eq!(steps, ["SUBMITTED", "PACKING", "READY", "PICKED_UP"]);
    assert_eq!(history[1]["by"], "Pat Pantry");
    assert_eq!(history[3]["by"], "Val Volunteer");
    assert_eq!(detail.value()["actions"], json!([]));
    // Every time carries the pantry's offset (its documented date-time), the same instant as the
    // shopper's order: the submission is the order's own creation.
    let at = |v: &serde_json::Value| {
        let text = v.as_str().unwrap();
        assert!(text.ends_with("-05:00") || text.ends_with("-04:00"), "Columbus keeps Eastern time: {text}");
        chrono::DateTime::parse_from_rfc3339(text).unwrap()
    };
    assert_eq!(at(&history[0]["at"]), at(&seen.value()["created"]));
    assert!(history.windows(2).all(|w| at(&w[0]["at"]) <= at(&w[1]["at"])));
}

async fn short_lines_and_cancel_put_stock_back_once(t: &TestApp) {
    let shopper = fresh(t).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (id, item, _) = place(t, &shopper, MAIN, 10, 5).await;
    assert_eq!(qty(t, item).await, 5);
    let detail = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
    let line = detail.value()["lines"][0]["id"].as_i64().unwrap();
    let short = |packed: i64| {
        let uri = format!("/api/v1/staff/orders/{id}/lines/{line}");
        let staff = staff.clone();
        async move { t.put(&uri, Some(&staff), json!({ "packed": packed })).await }
    };
    let early = short(3).await;
    assert_eq!((early.status, early.body["failureCode"].as_str()), (409, Some("shortNotPacking")));

    act(t, &staff, id, "startPacking", None).await.value();
    let shorted = short(3).await;
    assert_eq!(shorted.value()["lines"][0]["packed"], 3);
    assert_eq!(qty(t, item).await, 7, "the two units not packed are back");
    let again = short(3).await;
    assert_eq!((again.status, again.body["failureCode"].as_str()), (409, Some("shortNotShorter")));
    assert_eq!(qty(t, item).await, 7, "and only once");

    let no_reason = act(t, &staff, id, "cancel", None).await;
    assert_eq!((no_reason.status, no_reason.body["failureCode"].as_str()), (422, Some("cancelReasonRequired")));
    let cancelled = act(t, &staff, id, "cancel", Some("Our freezer broke down")).await;
    assert_eq!(cancelled.value()["state"], "CANCELLED");
    assert_eq!(qty(t, item).await, 10, "the packed units are back too");
    let twice = act(t, &staff, id, "cancel", Some("again")).await;
    assert_eq!((twice.status, twice.body["failureCode"].as_str()), (409, Some("orderClosed")));
    assert_eq!(qty(t, item).await, 10, "a second cancel gives nothing back");

    let seen = t.get(&format!("/api/v1/orders/{id}"), Some(&shopper.token)).await;
    assert_eq!(code(seen.value()), "CANCELLED");
    assert_eq!(seen.value()["cancelReason"], "Our freezer broke down");
    // The shopper's own cancel of a closed order changes nothing either.
    let mine = t.delete(&format!("/api/v1/orders/{id}"), Some(&shopper.token)).await;
    assert_eq!(mine.status, 422);
    assert_eq!(qty(t, item).await, 10);
}

/// Who is asking, in the matrix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Who {
    Nobody,
    Shopper,
    /// Volunteer at the Main Library.
    Volunteer,
    /// Staff of the Main Library and the Driving Park Branch.
    Staff,
    /// Admin of the Columbus food bank.
    Admin,
    /// Staff of a Chicago pantry.
    Elsewhere,
}

async fn the_access_matrix_holds(t: &TestApp) {
    let shopper = fresh(t).await;
    let chicago = pantry(t, CHICAGO).await;
    orderahead::add_staff(
        &t.state.store,
        "http://localhost",
        "chicago-staff@example.org",
        StaffRole::Staff,
        GrantPlace::Pantry(chicago),
        None,
        t.state.clock.now(),
    )
    .await
    .unwrap();
    let mut tokens = vec![(Who::Nobody, None), (Who::Shopper, Some(shopper.token.clone()))];
    for (who, email) in [
        (Who::Volunteer, DEMO_VOLUNTEER_EMAIL),
        (Who::Staff, DEMO_STAFF_EMAIL),
        (Who::Admin, DEMO_ADMIN_EMAIL),
        (Who::Elsewhere, "chicago-staff@example.org"),
    ] {
        tokens.push((who, Some(token_of(t, email).await)));
    }
    // Orders at each kind of place: the staff member's two pantries, another Columbus pantry
    // (the admin's only), and Chicago.
    let mut orders = Vec::new();
    for label in [MAIN, DRIVING_PARK, PARSONS, CHICAGO] {
        orders.push((label, place(t, &fresh(t).await, label, 10, 1).await.0));
    }
    let sees = |who: Who, label: &str| match who {
        Who::Nobody | Who::Shopper => false,
        Who::Volunteer => label == MAIN,
        Who::Staff => label == MAIN || label == DRIVING_PARK,
        Who::Admin => label != CHICAGO,
        Who::Elsewhere => label == CHICAGO,
    };
    let packs = |who: Who| matches!(who, Who::Staff | Who::Admin | Who::Elsewhere);
    let is_staff = |who: Who| who != Who::Nobody && who != Who::Shopper;
    let mut table = Vec::new();
    for (who, token) in &tokens {
        let token = token.as_deref();
        for (label, id) in &orders {
            let p = pantry(t, label).await;
            let checks: [(&str, Method, String, Option<Value>, bool); 4] = [
                ("queue", Method::GET, format!("/api/v1/staff/queue?pantry={p}"), None, packs(*who)),
                ("order", Method::GET, format!("/api/v1/staff/orders/{id}"), None, packs(*who)),
                (
                    "find",
                    Method::POST,
                    "/api/v1/staff/check-in/search".into(),
                    Some(json!({ "search": format!("{id:X}") })),
                    is_staff(*who),
                ),
                // A refused change (from SUBMITTED) answers 409 where the caller may see the order.
                (
                    "checkIn",
                    Method::POST,
                    format!("/api/v1/staff/orders/{id}/check-in"),
                    Some(json!({})),
                    is_staff(*who),
                ),
            ];
            for (op, method, uri, body, role_ok) in checks {
                let r = t.call(method, &uri, token, body).await;
                let expected = match (*who, role_ok, sees(*who, label)) {
                    (Who::Nobody, _, _) => 401,
                    (_, false, _) => 403,
                    (_, true, false) if op == "find" => 200,
                    (_, true, false) => 404,
                    (_, true, true) if op == "checkIn" => 409,
                    (_, true, true) => 200,
                };
                table.push(format!("{who:?} {op} {label}: {}", r.status));
                assert_eq!(r.status, expected, "{who:?} {op} at {label}: {:?}", r.body);
                if op == "find" && r.status == 200 {
                    let found = r.body["value"].as_array().unwrap().len();
                    assert_eq!(found, usize::from(sees(*who, label)), "{who:?} finds orders of their places only");
                }
            }
        }
    }
    println!("{}", table.join("\n"));
}

async fn two_staff_pressing_different_buttons_leave_one_state(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    for _ in 0..4 {
        let (id, item, _) = place(t, &fresh(t).await, MAIN, 10, 3).await;
        act(t, &staff, id, "startPacking", None).await.value();
        act(t, &staff, id, "markReady", None).await.value();
        let app = (t.state.clone(), staff.clone(), admin.clone());
        let uri = format!("/api/v1/staff/orders/{id}/state");
        let send = |token: String, body: Value| {
            let (state, uri) = (app.0.clone(), uri.clone());
            tokio::spawn(async move {
                use tower::ServiceExt;
                let req = axum::http::Request::post(uri)
                    .header("authorization", format!("Bearer {token}"))
                    .header("content-type", "application/json")
                    .body(axum::body::Body::from(body.to_string()))
                    .unwrap();
                orderahead::http::app(state).oneshot(req).await.unwrap().status().as_u16()
            })
        };
        let check_in = send(app.1.clone(), json!({ "action": "checkIn" }));
        let cancel = send(app.2.clone(), json!({ "action": "cancel", "reason": "closing early" }));
        let (a, b) = (check_in.await.unwrap(), cancel.await.unwrap());
        let mut statuses = [a, b];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "one wins, the other is told the order moved on");
        let detail = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
        let state = detail.value()["state"].as_str().unwrap().to_owned();
        let history = detail.value()["history"].as_array().unwrap().len();
        assert_eq!(history, 4, "one change recorded, not two");
        match (a, state.as_str()) {
            (200, "PICKED_UP") => assert_eq!(qty(t, item).await, 7, "handed over: no stock back"),
            (409, "CANCELLED") => assert_eq!(qty(t, item).await, 10, "cancelled: stock back once"),
            other => panic!("inconsistent end: {other:?}"),
        }
    }
}

on_both!(staff_pages_render_for_staff_only);

/// The staff pages are rendered on the server from the session cookie, never cached, and only
/// for staff: signed out is 401, a shopper 403.
async fn staff_pages_render_for_staff_only(t: &TestApp) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let shopper = fresh(t).await;
    let (id, _, _) = place(t, &shopper, MAIN, 10, 1).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let page = |path: String, token: Option<String>| {
        let app = t.app();
        async move {
            let mut req = axum::http::Request::get(path);
            if let Some(token) = token {
                req = req.header("cookie", format!("oa_session={token}"));
            }
            let res = app.oneshot(req.body(axum::body::Body::empty()).unwrap()).await.unwrap();
            let status = res.status().as_u16();
            let cache = res.headers().get("cache-control").map(|v| v.to_str().unwrap().to_owned());
            let body = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
            (status, cache, body)
        }
    };
    let (status, cache, body) = page(format!("/staff/orders/{id}"), Some(staff.clone())).await;
    assert_eq!(status, 200);
    assert!(cache.unwrap_or_default().contains("no-store"), "personal pages are never cached");
    assert!(body.contains("Start Packing") && body.contains(&format!("Order {id:X}")), "rendered on the server");
    assert_eq!(page(format!("/staff/orders/{id}"), None).await.0, 401);
    assert_eq!(page(format!("/staff/orders/{id}"), Some(shopper.token.clone())).await.0, 403);
    assert_eq!(page(format!("/staff/orders/{id}"), Some(volunteer.clone())).await.0, 403, "volunteers only check in");
    let (status, _, body) = page(format!("/staff/check-in?search={id:X}"), Some(volunteer)).await;
    assert_eq!(status, 200);
    assert!(body.contains("Order number or name"), "the volunteer's screen is the search");
    assert!(body.contains(r#""matches":[]"#), "a search in the address is not one (it is posted)");
    assert_eq!(page("/staff".into(), Some(staff)).await.0, 200);
}

/// 300 orders over two pickup times of a day: the queue lists the first time's 150 and counts
/// the second's without listing them (200 rows at most); `from` lists the second.
async fn a_busy_day_is_listed_a_pickup_time_at_a_time(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let days = t.state.store.test_pickup_days(main).await.unwrap();
    let on = |day| days.iter().filter(|(_, d)| *d == day).map(|(id, _)| *id).take(2).collect::<Vec<i64>>();
    let day = days.iter().map(|(_, d)| *d).find(|d| on(*d).len() == 2).expect("a day with two pickup times");
    let day_times = on(day);
    let mut shoppers = Vec::new();
    for i in 0..10 {
        shoppers.push(t.state.store.test_shopper(&format!("busy-{i}@example.org")).await.unwrap());
    }
    let item = stock(t, main, 1_000).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let groups = |q: &Value| -> Vec<(usize, u64, String)> {
        q["pickups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| {
                (
                    g["orders"].as_array().unwrap().len(),
                    g["count"].as_u64().unwrap(),
                    g["starts"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let day_queue = || async {
        t.get(&format!("/api/v1/staff/queue?pantry={main}&date={day}"), Some(&staff)).await.value().clone()
    };
    // The demo's own orders on that day (which day they fall on follows the day the seed runs).
    let before: HashMap<String, u64> = groups(&day_queue().await).into_iter().map(|(_, n, at)| (at, n)).collect();
    t.state.store.test_bulk_pickup_orders(main, &day_times, &shoppers, &[item], 300).await.unwrap();
    let q = day_queue().await;
    assert_eq!(q["rowsAtMost"], 200);
    let had = |g: &(usize, u64, String)| before.get(&g.2).copied().unwrap_or(0);
    // The two times this test filled: the day's other times list only the demo's own orders
    // (some days have one, after or before these two).
    let ours = |q: &Value| groups(q).into_iter().filter(|g| g.1 > had(g)).collect::<Vec<_>>();
    let first = ours(&q);
    assert_eq!(first.len(), 2, "{first:?}");
    let (early, late) = (150 + had(&first[0]), 150 + had(&first[1]));
    // The first time is listed whole; the second would pass 200 rows, so it is only counted.
    assert_eq!((first[0].0 as u64, first[0].1, first[1].0, first[1].1), (early, early, 0, late), "{first:?}");
    let submitted = q["counts"].as_array().unwrap().iter().find(|c| c["state"] == "SUBMITTED").unwrap();
    assert!(submitted["count"].as_u64().unwrap() >= 300, "the counts are the whole day's");
    let later = &first[1].2;
    let q = t
        .get(&format!("/api/v1/staff/queue?pantry={main}&date={day}&from={later}"), Some(&staff))
        .await
        .value()
        .clone();
    let second = ours(&q);
    assert_eq!((second[0].0, second[1].0 as u64, second[1].1), (0, late, late), "{second:?}");
    assert_eq!(q["from"], json!(later));
    let refused = t.get(&format!("/api/v1/staff/queue?pantry={main}&date={day}&from=9am"), Some(&staff)).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
}

/// The staff look-ups refuse a text over the `maxLength` the API document gives it (400, the
/// error envelope), and take one of exactly that length.
async fn texts_over_their_documented_length_are_refused(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let long = |n: usize| "a".repeat(n);
    for (path, most) in [("/api/v1/staff/audit?action=", 64), ("/api/v1/staff/pick-list?from=", 8)] {
        let over = t.get(&format!("{path}{}", long(most + 1)), Some(&admin)).await;
        assert_eq!(over.status, 400, "{path} over {most}: {}", over.body);
        assert!(over.failure().ends_with(&format!("at most {most} characters")), "{}", over.body);
        let at = t.get(&format!("{path}{}", long(most)), Some(&admin)).await;
        assert_ne!(at.status, 500, "{path}: {}", at.body);
    }
    // Check-in's look-up, in its body.
    let search = "/api/v1/staff/check-in/search";
    let over = t.post(search, Some(&admin), json!({ "search": long(101) })).await;
    assert_eq!(over.status, 400, "{}", over.body);
    assert!(over.failure().contains("at most 100 characters"), "{}", over.body);
    assert_eq!(t.post(search, Some(&admin), json!({ "search": long(100) })).await.status, 200);
}
