//! Issue 48, the staff console, on both databases: Today counts each state of the day's orders per
//! pickup time (one grouped read, whatever the day's size) and lists what runs low; a bulk action
//! changes every chosen order in its own transaction and reports the one it may not change; the
//! console's search finds an order of another pantry and day by number, name or phone, within
//! the caller's places only; the pantry switcher is remembered per person.
use crate::{
    api_orders::{MAIN, PARSONS, Shopper, pantry, pickup, stock, times},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use tower::ServiceExt;

on_both!(
    today_counts_each_state_per_pickup_time_and_lists_what_runs_low,
    a_bulk_action_changes_each_order_and_reports_the_one_it_may_not,
    a_whole_pickup_time_is_marked_ready_in_one_post,
    the_ticked_orders_slips_print_alone,
    the_search_finds_orders_of_every_day_within_the_callers_places,
    the_pantry_switcher_is_remembered_per_person,
);

/// A page as a browser with the session gets it: status, payload, CSRF cookie.
async fn open(t: &TestApp, session: &str, path: &str) -> (u16, Value, Option<String>) {
    let req = Request::get(path).header(header::COOKIE, format!("oa_session={session}"));
    let res = t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    let cookie = res
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("oa_csrf="))
        .map(|v| v.split(';').next().unwrap().to_owned());
    let html = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).expect("payload").1;
    (status, serde_json::from_str(json.split("</script>").next().unwrap()).unwrap(), cookie)
}

/// Posts a page's form as a browser does (origin, CSRF cookie and token); the status and where it goes.
async fn post(t: &TestApp, session: &str, path: &str, fields: &[(&str, String)]) -> (u16, String) {
    let (status, page, cookie) = open(t, session, path).await;
    assert_eq!(status, 200, "{path}: {page}");
    let csrf = page["csrf"].as_str().expect("a form token").to_owned();
    let mut body: Vec<(&str, String)> = vec![("csrf", csrf)];
    body.extend(fields.iter().cloned());
    let req = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, "http://localhost")
        .header(header::COOKIE, format!("oa_session={session}; oa_csrf={}", cookie.expect("a CSRF cookie")))
        .body(Body::from(serde_urlencoded::to_string(&body).unwrap()))
        .unwrap();
    let res = t.app().oneshot(req).await.unwrap();
    let to = res.headers().get(header::LOCATION).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    (res.status().as_u16(), to)
}

/// A new shopper of this name and phone, with the checkout's questions answered.
async fn shopper_named(t: &TestApp, first: &str, last: &str, phone: &str) -> Shopper {
    let email = format!("{}-{}@example.org", first.to_lowercase(), uuid::Uuid::new_v4());
    let id = t.state.store.test_shopper(&email).await.unwrap();
    t.state.store.test_answer_checkout_questions(id).await.unwrap();
    t.db()
        .execute_unprepared(&format!(
            "UPDATE users SET first_name = '{first}', last_name = '{last}', phone_number = '{phone}' WHERE id = {id}"
        ))
        .await
        .unwrap();
    Shopper { token: t.state.tokens.issue(id, 0).unwrap() }
}

/// Orders `n` shoppers place at the pantry's first pickup time a day or more ahead: (ids, day, time id).
async fn orders_at_one_time(t: &TestApp, label: &str, n: usize) -> (Vec<i64>, String, i64) {
    let p = pantry(t, label).await;
    let time = times(t, p, 1).await[0];
    let item = stock(t, p, 100).await;
    let mut ids = Vec::new();
    let mut day = String::new();
    for i in 0..n {
        let who = shopper_named(t, &format!("Bulk{i}"), "Tester", "(614) 555-0199").await;
        let r = t.post("/api/v1/order", Some(&who.token), pickup(p, time, &[(item, 1)])).await;
        let id = r.value().as_i64().unwrap_or_else(|| panic!("order placed: {}", r.body));
        if day.is_empty() {
            let order = t.get(&format!("/api/v1/orders/{id}"), Some(&who.token)).await;
            day = order.value()["pantryLocationPickupTime"]["pickupDay"].as_str().unwrap().to_owned();
        }
        ids.push(id);
    }
    (ids, day, time)
}

async fn act(t: &TestApp, token: &str, id: i64, action: &str) {
    let reason = (action == "cancel").then_some("Closed for the storm");
    let r = t
        .post(&format!("/api/v1/staff/orders/{id}/state"), Some(token), json!({ "action": action, "reason": reason }))
        .await;
    assert_eq!(r.status, 200, "{action} {id}: {}", r.body);
}

async fn state_of(t: &TestApp, token: &str, id: i64) -> String {
    let r = t.get(&format!("/api/v1/staff/orders/{id}"), Some(token)).await;
    r.value()["state"].as_str().unwrap_or_else(|| panic!("{}", r.body)).to_owned()
}

/// Today's counts by state of the pickup time starting at `starts`.
fn slot_counts(today: &Value, starts: &str) -> BTreeMap<String, u64> {
    let slot = today["pickups"].as_array().unwrap().iter().find(|s| s["starts"] == starts);
    slot.map(|s| {
        s["counts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["state"].as_str().unwrap().to_owned(), c["count"].as_u64().unwrap()))
            .collect()
    })
    .unwrap_or_default()
}

async fn starts_of(t: &TestApp, token: &str, order: i64) -> String {
    t.get(&format!("/api/v1/staff/orders/{order}"), Some(token)).await.value()["starts"].as_str().unwrap().to_owned()
}

async fn today(t: &TestApp, staff: &str, pantry: i64, day: &str) -> Value {
    let (status, page, _) = open(t, staff, &format!("/staff?pantry={pantry}&date={day}")).await;
    assert_eq!(status, 200, "{page}");
    page["data"]["today"].clone()
}

async fn today_counts_each_state_per_pickup_time_and_lists_what_runs_low(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (ids, day, _) = orders_at_one_time(t, MAIN, 5).await;
    let starts = starts_of(t, &staff, ids[0]).await;
    let before = slot_counts(&today(t, &staff, main, &day).await, &starts);
    // One order in each state the packing table and the door give.
    act(t, &staff, ids[1], "startPacking").await;
    for a in ["startPacking", "markReady"] {
        act(t, &staff, ids[2], a).await;
    }
    for a in ["startPacking", "markReady", "checkIn"] {
        act(t, &staff, ids[3], a).await;
    }
    act(t, &staff, ids[4], "cancel").await;
    let page = today(t, &staff, main, &day).await;
    let after = slot_counts(&page, &starts);
    // The five were Submitted when `before` was read: four of them moved on.
    let states = ["SUBMITTED", "PACKING", "READY", "PICKED_UP", "CANCELLED"];
    let moved: BTreeMap<&str, i64> = states
        .iter()
        .map(|s| (*s, after.get(*s).copied().unwrap_or(0) as i64 - before.get(*s).copied().unwrap_or(0) as i64))
        .collect();
    assert_eq!(
        moved,
        BTreeMap::from([("CANCELLED", 1), ("PACKING", 1), ("PICKED_UP", 1), ("READY", 1), ("SUBMITTED", -4)]),
        "{page}"
    );
    let slot = page["pickups"].as_array().unwrap().iter().find(|s| s["starts"] == starts.as_str()).unwrap();
    assert!(slot["booked"].as_i64().unwrap() >= 4, "the cancelled order gave its place back: {slot}");

    // An item at its low-stock level is listed; one above it is not.
    let low = stock(t, main, 3).await;
    let plenty = stock(t, main, 50).await;
    for (item, level) in [(low, "3"), (plenty, "10")] {
        let (status, to) = post(
            t,
            &staff,
            &format!("/staff/stock/{item}"),
            &[("intent", "lowAt".into()), ("item", item.to_string()), ("lowAt", level.into())],
        )
        .await;
        assert_eq!((status, to.as_str()), (303, format!("/staff/stock/{item}?done=saved").as_str()));
    }
    let listed: Vec<i64> = today(t, &staff, main, &day).await["low"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["id"].as_i64().unwrap())
        .collect();
    assert!(listed.contains(&low) && !listed.contains(&plenty), "{listed:?}");
    let (status, _) = post(
        t,
        &staff,
        &format!("/staff/stock/{low}"),
        &[("intent", "lowAt".into()), ("item", low.to_string()), ("lowAt", "-2".into())],
    )
    .await;
    assert_eq!(status, 422, "a level below 0 is refused at the form");
}

async fn a_bulk_action_changes_each_order_and_reports_the_one_it_may_not(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (ids, day, _) = orders_at_one_time(t, MAIN, 5).await;
    act(t, &staff, ids[2], "cancel").await;
    let mut fields = vec![
        ("intent", "bulk".to_owned()),
        ("do", "markReady".to_owned()),
        ("pantry", main.to_string()),
        ("date", day.clone()),
    ];
    fields.extend(ids.iter().map(|id| ("order", id.to_string())));
    let queue = format!("/staff/orders?pantry={main}&date={day}");
    let (status, to) = post(t, &staff, &queue, &fields).await;
    assert_eq!(status, 303);
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(state_of(t, &staff, *id).await, if i == 2 { "CANCELLED" } else { "READY" }, "order {i}");
    }
    // Each order's change is its own event: Submitted -> Packing -> Ready.
    let history = t.get(&format!("/api/v1/staff/orders/{}", ids[0]), Some(&staff)).await;
    let steps: Vec<&str> =
        history.value()["history"].as_array().unwrap().iter().map(|e| e["to"].as_str().unwrap()).collect();
    assert!(steps.ends_with(&["PACKING", "READY"]), "{steps:?}");
    let (status, page, _) = open(t, &staff, &to).await;
    assert_eq!(status, 200);
    let bulk = &page["data"]["bulk"];
    assert_eq!((bulk["action"].as_str(), bulk["done"].as_u64()), (Some("markReady"), Some(4)), "{bulk}");
    let refused: Vec<(i64, &str)> = bulk["refused"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_i64().unwrap(), o["state"].as_str().unwrap()))
        .collect();
    assert_eq!(refused, [(ids[2], "CANCELLED")]);

    // Nothing ticked is a refusal at the form, and changes nothing.
    let (status, _) = post(
        t,
        &staff,
        &queue,
        &[("intent", "bulk".into()), ("do", "startPacking".into()), ("pantry", main.to_string())],
    )
    .await;
    assert_eq!(status, 422);
    // An order of a pantry the caller does not work at is refused like one that does not exist.
    let (other, _, _) = orders_at_one_time(t, PARSONS, 1).await;
    let (status, to) = post(
        t,
        &staff,
        &queue,
        &[
            ("intent", "bulk".into()),
            ("do", "startPacking".into()),
            ("pantry", main.to_string()),
            ("order", other[0].to_string()),
        ],
    )
    .await;
    assert_eq!(status, 303);
    assert!(to.contains(&format!("refused={:X}", other[0])), "{to}");
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    assert_eq!(state_of(t, &admin, other[0]).await, "SUBMITTED");
}

async fn a_whole_pickup_time_is_marked_ready_in_one_post(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (ids, day, _) = orders_at_one_time(t, MAIN, 5).await;
    act(t, &admin, ids[4], "cancel").await;
    let starts = starts_of(t, &admin, ids[0]).await;
    let fields = [
        ("intent", "bulk".to_owned()),
        ("do", format!("markReady@p:{starts}")),
        ("pantry", main.to_string()),
        ("date", day.clone()),
    ];
    let (status, to) = post(t, &admin, &format!("/staff/orders?pantry={main}&date={day}"), &fields).await;
    assert_eq!(status, 303);
    for id in &ids[..4] {
        assert_eq!(state_of(t, &admin, *id).await, "READY");
    }
    let refused = to.split("refused=").nth(1).unwrap_or_default();
    assert!(refused.split(',').any(|n| n == format!("{:X}", ids[4])), "the cancelled one is reported: {to}");
}

/// Print from the queue: the pick list of the ticked orders alone, a slip each.
async fn the_ticked_orders_slips_print_alone(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (ids, day, _) = orders_at_one_time(t, MAIN, 3).await;
    let queue = format!("/staff/orders?pantry={main}&date={day}");
    let mut fields =
        vec![("intent", "bulk".to_owned()), ("do", "print".to_owned()), ("pantry", main.to_string()), ("date", day)];
    fields.extend(ids[..2].iter().map(|id| ("order", id.to_string())));
    let (status, to) = post(t, &staff, &queue, &fields).await;
    assert_eq!(status, 303);
    assert!(to.starts_with("/staff/pick-list?"), "{to}");
    let (status, page, _) = open(t, &staff, &to).await;
    assert_eq!(status, 200);
    let list = &page["data"]["list"];
    let slips: Vec<i64> = list["slips"].as_array().unwrap().iter().map(|s| s["id"].as_i64().unwrap()).collect();
    assert_eq!((slips.len(), list["orderCount"].as_u64()), (2, Some(2)), "{list}");
    assert!(ids[..2].iter().all(|id| slips.contains(id)) && !slips.contains(&ids[2]));
    for id in &ids {
        assert_eq!(state_of(t, &staff, *id).await, "SUBMITTED", "printing changes no order");
    }
    // Nothing ticked: told so at the form.
    let (status, _) =
        post(t, &staff, &queue, &[("intent", "bulk".into()), ("do", "print".into()), ("pantry", main.to_string())])
            .await;
    assert_eq!(status, 422);
}

/// What the console's search finds for `q`, posted as its box posts it: status, order ids.
async fn found(t: &TestApp, token: &str, q: &str) -> (u16, Vec<i64>) {
    let (_, page, cookie) = open(t, token, "/staff/find").await;
    let body = [("csrf", page["csrf"].as_str().expect("a form token").to_owned()), ("q", q.to_owned())];
    let req = Request::builder()
        .method(Method::POST)
        .uri("/staff/find")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, "http://localhost")
        .header(header::COOKIE, format!("oa_session={token}; oa_csrf={}", cookie.expect("a CSRF cookie")))
        .body(Body::from(serde_urlencoded::to_string(body).unwrap()))
        .unwrap();
    let res = t.app().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    assert!(res.headers().get(header::LOCATION).is_none(), "the results are this answer, not an address");
    let html = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).expect("payload").1;
    let page: Value = serde_json::from_str(json.split("</script>").next().unwrap()).unwrap();
    assert!(!html.contains(&format!("q={q}")), "the text typed is in no address of the page");
    let orders = page["data"]["found"]["orders"].as_array().cloned().unwrap_or_default();
    (status, orders.iter().map(|o| o["id"].as_i64().unwrap()).collect())
}

async fn the_search_finds_orders_of_every_day_within_the_callers_places(t: &TestApp) {
    let (admin, staff, volunteer) = (
        token_of(t, DEMO_ADMIN_EMAIL).await,
        token_of(t, DEMO_STAFF_EMAIL).await,
        token_of(t, DEMO_VOLUNTEER_EMAIL).await,
    );
    let p = pantry(t, PARSONS).await;
    let time = *times(t, p, 3).await.last().unwrap();
    let item = stock(t, p, 10).await;
    let who = shopper_named(t, "Quillon", "Marsh", "(614) 555-0177").await;
    let r = t.post("/api/v1/order", Some(&who.token), pickup(p, time, &[(item, 1)])).await;
    let id = r.value().as_i64().unwrap_or_else(|| panic!("{}", r.body));
    for q in [
        format!("{id:X}"),
        format!("#{id:x}"),
        "quillon".into(),
        "Quillon Marsh".into(),
        "555-0177".into(),
        "6145550177".into(),
    ] {
        let (status, ids) = found(t, &admin, &q).await;
        assert_eq!((status, ids.contains(&id)), (200, true), "the admin finds it by {q}: {ids:?}");
    }
    let (status, ids) = found(t, &staff, &format!("{id:X}")).await;
    assert_eq!((status, ids.contains(&id)), (200, false), "staff of other pantries do not");
    assert_eq!(open(t, &volunteer, "/staff/find").await.0, 403, "volunteers look up at check-in only");
    let (status, ids) = found(t, &volunteer, "quillon").await;
    assert_eq!((status, ids.len()), (422, 0), "and their search is refused");
    let (_, ids) = found(t, &admin, "%").await;
    assert!(!ids.contains(&id), "a wildcard typed is matched as itself");
    // A search in the address is not one: the text typed never travels in a URL.
    let (status, page, _) = open(t, &admin, "/staff/find?q=quillon").await;
    assert_eq!(
        (status, &page["data"]["found"]["search"], page["data"]["found"]["orders"].as_array().map(Vec::len)),
        (200, &Value::from(""), Some(0))
    );
}

async fn the_pantry_switcher_is_remembered_per_person(t: &TestApp) {
    let (admin, staff) = (token_of(t, DEMO_ADMIN_EMAIL).await, token_of(t, DEMO_STAFF_EMAIL).await);
    let parsons = pantry(t, PARSONS).await;
    let (_, page, _) = open(t, &admin, "/staff").await;
    let console = &page["console"];
    assert!(console["pantries"].as_array().unwrap().len() > 2 && console["canSearch"] == true, "{console}");
    assert!(console["sections"].as_array().unwrap().iter().any(|s| s == "/staff/team"));
    let (status, _, _) = open(t, &admin, &format!("/staff/stock?pantry={parsons}")).await;
    assert_eq!(status, 200);
    let (_, page, _) = open(t, &admin, "/staff").await;
    assert_eq!(
        (page["console"]["pantry"].as_i64(), page["data"]["today"]["pantry"]["id"].as_i64()),
        (Some(parsons), Some(parsons))
    );
    let (_, page, _) = open(t, &admin, "/staff/orders").await;
    assert_eq!(page["data"]["queue"]["pantry"]["id"].as_i64(), Some(parsons), "the queue opens on it too");
    // Another person's choice is their own; a pantry outside their places is never chosen.
    let (status, _, _) = open(t, &staff, &format!("/staff?pantry={parsons}")).await;
    assert_eq!(status, 404, "a pantry outside the caller's places is no page of theirs");
    let (_, page, _) = open(t, &staff, "/staff").await;
    assert_ne!(page["console"]["pantry"].as_i64(), Some(parsons));
    assert!(!page["console"]["sections"].as_array().unwrap().iter().any(|s| s == "/staff/team"));
    let (_, page, _) = open(t, &token_of(t, DEMO_VOLUNTEER_EMAIL).await, "/staff").await;
    assert_eq!((page["console"]["canSearch"].as_bool(), page["data"].get("today")), (Some(false), None));
}
