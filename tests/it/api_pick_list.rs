//! The pick list on both databases: its totals equal the sum of the day's orders' lines (short
//! lines counting what is packed, cancelled orders left out), another pantry's orders never
//! appear, only pantry staff and admins get it (API, page and CSV alike), and the CSV carries
//! the totals' rows.
use crate::{
    api_orders::{DRIVING_PARK, MAIN, PARSONS, fresh, pantry, pickup, stock, times},
    api_staff::{place, token_of},
    api_support::TestApp,
    on_both,
};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};
use std::collections::HashMap;

on_both!(totals_are_the_sum_of_the_days_orders_lines, only_the_pantrys_staff_get_the_pick_list);

/// A page (or download) of the site for the session cookie's account: status, headers, body.
pub async fn page(t: &TestApp, path: &str, token: Option<&str>) -> (u16, axum::http::HeaderMap, String) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = axum::http::Request::get(path);
    if let Some(token) = token {
        req = req.header("cookie", format!("oa_session={token}"));
    }
    let res = t.app().oneshot(req.body(axum::body::Body::empty()).unwrap()).await.unwrap();
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    let body = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    (status, headers, body)
}

/// Per item name, the units of the list's totals.
fn totals(list: &Value) -> HashMap<String, i64> {
    let mut out = HashMap::new();
    for c in list["totals"].as_array().unwrap() {
        for i in c["items"].as_array().unwrap() {
            *out.entry(i["name"].as_str().unwrap().to_owned()).or_insert(0) += i["quantity"].as_i64().unwrap();
        }
    }
    out
}

async fn totals_are_the_sum_of_the_days_orders_lines(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    // Two shoppers order the same item, so its total spans orders.
    let shared = stock(t, main, 50).await;
    let mut mine = Vec::new();
    for units in [2, 3] {
        let r = t.post("/api/v1/order", Some(&fresh(t).await.token), pickup(main, time, &[(shared, units)])).await;
        mine.push(r.value().as_i64().unwrap());
    }
    let (shorted, _, day) = place(t, &fresh(t).await, MAIN, 10, 4).await;
    let (cancelled, _, _) = place(t, &fresh(t).await, MAIN, 10, 6).await;
    let (elsewhere, _, _) = place(t, &fresh(t).await, DRIVING_PARK, 10, 1).await;
    let act = |id: i64, body: Value| {
        let staff = staff.clone();
        async move { t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(&staff), body).await.value().clone() }
    };
    act(shorted, json!({ "action": "startPacking" })).await;
    let detail = t.get(&format!("/api/v1/staff/orders/{shorted}"), Some(&staff)).await;
    let line = detail.value()["lines"][0]["id"].as_i64().unwrap();
    t.put(&format!("/api/v1/staff/orders/{shorted}/lines/{line}"), Some(&staff), json!({ "packed": 1 })).await.value();
    act(cancelled, json!({ "action": "cancel", "reason": "closed for the day" })).await;

    let r = t.get(&format!("/api/v1/staff/pick-list?pantry={main}&date={day}"), Some(&staff)).await;
    let list = r.value().clone();
    let slips = list["slips"].as_array().unwrap();
    let ids: Vec<i64> = slips.iter().map(|s| s["id"].as_i64().unwrap()).collect();
    for id in mine.iter().chain([&shorted]) {
        assert!(ids.contains(id), "order {id} has its slip");
    }
    assert!(!ids.contains(&cancelled), "a cancelled order is not packed");
    assert!(!ids.contains(&elsewhere), "another pantry's order never appears");
    assert_eq!(list["orderCount"], slips.len());

    // The totals are the sum of every listed order's lines, as the order page reads them.
    let mut expected: HashMap<String, i64> = HashMap::new();
    for id in &ids {
        let o = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
        assert_eq!(o.value()["day"], day, "only the day's orders");
        for l in o.value()["lines"].as_array().unwrap() {
            *expected.entry(l["name"].as_str().unwrap().to_owned()).or_insert(0) += l["packed"].as_i64().unwrap();
        }
    }
    assert_eq!(totals(&list), expected);
    let shared_total = list["totals"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|c| c["items"].as_array().unwrap())
        .find(|i| i["orders"] == 2 && i["quantity"] == 5);
    assert!(shared_total.is_some(), "the shared item: 2 + 3 units over two orders: {list}");
    let short_slip = slips.iter().find(|s| s["id"] == shorted).unwrap();
    assert_eq!(
        (short_slip["lines"][0]["quantity"].as_i64(), short_slip["lines"][0]["packed"].as_i64()),
        (Some(4), Some(1))
    );

    // A range of pickup starts: the slot's own start keeps it, one after it leaves it out.
    let starts = slips.iter().find(|s| s["id"] == mine[0]).unwrap()["starts"].as_str().unwrap().to_owned();
    let within = t.get(&format!("/api/v1/staff/pick-list?pantry={main}&date={day}&from={starts}"), Some(&staff)).await;
    assert!(within.value()["slips"].as_array().unwrap().iter().any(|s| s["id"] == mine[0]));
    let before = t.get(&format!("/api/v1/staff/pick-list?pantry={main}&date={day}&to={starts}"), Some(&staff)).await;
    assert!(!before.value()["slips"].as_array().unwrap().iter().any(|s| s["id"] == mine[0]));
    let bad =
        t.get(&format!("/api/v1/staff/pick-list?pantry={main}&date={day}&from=10:00&to=09:00"), Some(&staff)).await;
    assert_eq!(bad.status, 400, "{}", bad.body);

    // The page and the CSV show the same list.
    let (status, headers, body) = page(t, &format!("/staff/pick-list?pantry={main}&date={day}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert!(headers.get("cache-control").unwrap().to_str().unwrap().contains("no-store"));
    assert!(body.contains(&format!("{shorted:X}")) && body.contains("Packing slips"), "rendered on the server");
    let (status, headers, csv) = page(t, &format!("/staff/pick-list.csv?pantry={main}&date={day}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    let disposition = headers["content-disposition"].to_str().unwrap();
    assert_eq!(disposition, format!("attachment; filename=\"pick-list-{main}-{day}.csv\""));
    let mut rows = csv.lines();
    assert_eq!(rows.next(), Some("Category,Item,Quantity,Orders"));
    let csv_total: i64 = rows.map(|r| r.rsplit(',').nth(1).unwrap().parse::<i64>().unwrap()).sum();
    assert_eq!(csv_total, expected.values().sum::<i64>(), "{csv}");
    let (_, _, spanish) =
        page(t, &format!("/staff/pick-list.csv?pantry={main}&date={day}&lang=es"), Some(&staff)).await;
    assert!(spanish.starts_with("Categoría,"), "{spanish}");
}

async fn only_the_pantrys_staff_get_the_pick_list(t: &TestApp) {
    let shopper = fresh(t).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let (main, parsons) = (pantry(t, MAIN).await, pantry(t, PARSONS).await);
    let api = |p: i64| format!("/api/v1/staff/pick-list?pantry={p}");
    assert_eq!(t.get(&api(main), None).await.status, 401);
    assert_eq!(t.get(&api(main), Some(&shopper.token)).await.status, 403);
    assert_eq!(t.get(&api(main), Some(&volunteer)).await.status, 403, "volunteers only check in");
    assert_eq!(t.get(&api(main), Some(&staff)).await.status, 200);
    assert_eq!(t.get(&api(parsons), Some(&staff)).await.status, 404, "not one of their pantries");
    assert_eq!(t.get(&api(parsons), Some(&admin)).await.status, 200, "the food bank's admin");
    for path in [format!("/staff/pick-list?pantry={main}"), format!("/staff/pick-list.csv?pantry={main}")] {
        assert_eq!(page(t, &path, None).await.0, 401, "{path}");
        assert_eq!(page(t, &path, Some(&shopper.token)).await.0, 403, "{path}");
        assert_eq!(page(t, &path, Some(&volunteer)).await.0, 403, "{path}");
    }
    assert_eq!(page(t, &format!("/staff/pick-list.csv?pantry={parsons}"), Some(&staff)).await.0, 404);
    // The file's refusals are the catalog's, in the asker's language.
    let (status, _, text) = page(t, &format!("/staff/pick-list.csv?pantry={main}&lang=es"), Some(&volunteer)).await;
    assert_eq!((status, text.as_str()), (403, "Esta página es solo para el personal de la despensa."));
    let (status, _, text) = page(t, &format!("/staff/pick-list.csv?pantry={main}"), None).await;
    assert_eq!((status, text.as_str()), (401, "Please log in with your staff account."));
}
