//! Stock movements, the stock API, CSV import and staff-set limits on both databases: every stock
//! change (an order, short line, cancels by the shopper and the pantry, a no-show, a move to another
//! pantry) writes a movement whose deltas add up to the quantity's change; a recount sets an absolute
//! count; a result below zero is refused at its field and writes nothing; an import with one bad row
//! applies nothing, and once fixed applies every row in one go; a limit staff set shows on the
//! shopper's cached shop page at once.
use crate::{
    api_orders::{DRIVING_PARK, MAIN, PARSONS, fresh, pantry, pickup, qty, stock, times},
    api_pick_list::page,
    api_staff::{place, token_of},
    api_support::TestApp,
    on_both,
    page_cache::fetch,
};
use chrono::Duration;
use orderahead::db::seed::{DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};

on_both!(
    every_stock_change_is_a_movement_that_adds_up,
    staff_record_stock_in_and_out_and_below_zero_is_refused,
    a_csv_import_is_previewed_then_applied_all_or_nothing,
    limits_set_by_staff_reach_the_shop_at_once,
    stock_is_only_for_staff_of_the_pantry,
    the_stock_page_is_paged_and_searched_by_the_database,
);

/// The item's movements, oldest first: (reason, delta, quantity after, order id).
async fn movements(t: &TestApp, token: &str, item: i64) -> Vec<(String, i64, i64, Option<i64>)> {
    let r = t.get(&format!("/api/v1/staff/stock/{item}"), Some(token)).await;
    let mut out: Vec<_> = r.value()["movements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["reason"].as_str().unwrap().to_owned(),
                m["delta"].as_i64().unwrap(),
                m["quantityAfter"].as_i64().unwrap(),
                m["orderId"].as_i64(),
            )
        })
        .collect();
    out.reverse();
    out
}

fn reasons(moves: &[(String, i64, i64, Option<i64>)]) -> Vec<&str> {
    moves.iter().map(|m| m.0.as_str()).collect()
}

async fn entry(t: &TestApp, token: &str, item: i64, reason: &str, units: i64) -> crate::api_support::ApiReply {
    t.post(&format!("/api/v1/staff/stock/{item}/movements"), Some(token), json!({ "reason": reason, "units": units }))
        .await
}

async fn every_stock_change_is_a_movement_that_adds_up(t: &TestApp) {
    let shopper = fresh(t).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    // Placed (-5), packed short (+2 back), cancelled by the pantry (+3 back).
    let (id, item, _) = place(t, &shopper, MAIN, 10, 5).await;
    let detail = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
    let line = detail.value()["lines"][0]["id"].as_i64().unwrap();
    t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(&staff), json!({ "action": "startPacking" }))
        .await
        .value();
    t.put(&format!("/api/v1/staff/orders/{id}/lines/{line}"), Some(&staff), json!({ "packed": 3 })).await.value();
    let cancel = json!({ "action": "cancel", "reason": "Closed for a storm" });
    t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(&staff), cancel).await.value();
    // Placed again and cancelled by the shopper.
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let again = t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 4)])).await;
    let again = again.value().as_i64().unwrap();
    t.delete(&format!("/api/v1/orders/{again}"), Some(&shopper.token)).await.value();
    let moves = movements(t, &staff, item).await;
    assert_eq!(
        reasons(&moves),
        ["order_placed", "short_line", "order_cancelled", "order_placed", "order_cancelled"],
        "{moves:?}"
    );
    assert_eq!(moves.iter().map(|m| m.1).collect::<Vec<_>>(), [-5, 2, 3, -4, 4]);
    assert_eq!(moves.iter().map(|m| m.2).collect::<Vec<_>>(), [5, 7, 10, 6, 10], "the quantity after each");
    assert!(moves[..3].iter().all(|m| m.3 == Some(id)) && moves[3..].iter().all(|m| m.3 == Some(again)));
    assert_eq!(qty(t, item).await, 10);

    // A move to another pantry takes the units there and gives them back here, one movement each.
    let park = pantry(t, DRIVING_PARK).await;
    let there = t.state.store.test_stock(park, 9, Some(item)).await.unwrap();
    let moving = t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 3)])).await;
    let moving = moving.value().as_i64().unwrap();
    let park_time = times(t, park, 1).await[0];
    let body = json!({ "OrderId": moving, "LocationId": park, "PickupTimeId": park_time });
    t.put(&format!("/api/v1/orders/{moving}/location"), Some(&shopper.token), body).await.value();
    assert_eq!(
        movements(t, &staff, item).await.last().map(|m| (m.0.as_str(), m.1, m.3)),
        Some(("order_moved", 3, Some(moving)))
    );
    let parked = movements(t, &staff, there).await;
    assert_eq!(parked.iter().map(|m| (m.0.as_str(), m.1, m.2)).collect::<Vec<_>>(), [("order_moved", -3, 6)]);
    assert_eq!((qty(t, item).await, qty(t, there).await), (10, 6));

    // A no-show by the server's job gives the stock back as a movement by no one.
    let (late, late_item, _) = place(t, &shopper, MAIN, 6, 2).await;
    let ends = t.state.store.test_pickup_ends(late).await.unwrap().expect("a pickup window");
    t.clock.advance(ends + t.state.config.no_show_grace + Duration::minutes(5) - chrono::Utc::now());
    t.state.run_due_jobs("host-a").await.unwrap();
    let r = t.get(&format!("/api/v1/staff/stock/{late_item}"), Some(&staff)).await;
    let newest = &r.value()["movements"][0];
    assert_eq!(
        (newest["reason"].as_str(), newest["delta"].as_i64(), &newest["by"]),
        (Some("no_show"), Some(2), &Value::Null)
    );
    assert_eq!(qty(t, late_item).await, 6);
}

async fn staff_record_stock_in_and_out_and_below_zero_is_refused(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 4).await;
    assert_eq!(entry(t, &staff, item, "received", 6).await.value()["onHand"], 10);
    assert_eq!(entry(t, &staff, item, "damaged", 3).await.value()["onHand"], 7);
    assert_eq!(entry(t, &staff, item, "given_out", 2).await.value()["onHand"], 5);
    let recount = entry(t, &staff, item, "recount", 12).await;
    assert_eq!(recount.value()["onHand"], 12, "a recount sets the count");
    assert_eq!(recount.value()["lastMovement"]["delta"], 7, "as a change computed from what was there");
    assert_eq!(recount.value()["lastMovement"]["reason"], "recount");

    let below = entry(t, &staff, item, "damaged", 13).await;
    assert_eq!(below.status, 400, "{:?}", below.body);
    assert_eq!(below.body["failureCode"], "stockBelowZero");
    assert_eq!(below.body["value"]["errors"][0]["field"], "units");
    let bad = entry(t, &staff, item, "order_placed", 1).await;
    assert_eq!((bad.status, bad.body["value"]["errors"][0]["field"].as_str()), (400, Some("reason")));
    let zero = entry(t, &staff, item, "received", 0).await;
    assert_eq!((zero.status, zero.body["value"]["errors"][0]["field"].as_str()), (400, Some("units")));
    assert_eq!(qty(t, item).await, 12, "the refusals wrote nothing");

    let moves = movements(t, &staff, item).await;
    assert_eq!(reasons(&moves), ["received", "damaged", "given_out", "recount"]);
    assert_eq!(moves.iter().map(|m| m.1).sum::<i64>(), 12 - 4, "the deltas add up to the change");
    let history = t.get(&format!("/api/v1/staff/stock/{item}"), Some(&staff)).await;
    assert!(history.value()["movements"][0]["by"].as_str().is_some_and(|b| !b.is_empty()), "who made it");

    let food_banks = vec![t.state.store.pantry_food_bank(main).await.unwrap().unwrap()];
    let audit = t.state.store.audit_entries(food_banks, Some(main), None, 50).await.unwrap();
    let moved: Vec<_> =
        audit.iter().filter(|a| a.action == "stock.move" && a.subject == format!("inventoryItem:{item}")).collect();
    assert_eq!(moved.len(), 4, "one audit entry per recorded change");
    assert_eq!(moved[0].after.as_ref().unwrap()["quantity"], 12);
    assert_eq!(moved[0].before.as_ref().unwrap()["quantity"], 5);

    // The stock page lists it with what open orders hold.
    let shopper = fresh(t).await;
    let time = times(t, main, 1).await[0];
    t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 2)])).await.value();
    let list = t.get(&format!("/api/v1/staff/stock?pantry={main}"), Some(&staff)).await;
    let row = list.value()["items"].as_array().unwrap().iter().find(|i| i["id"] == item).cloned().unwrap();
    assert_eq!((row["onHand"].as_i64(), row["held"].as_i64()), (Some(10), Some(2)));
    assert_eq!(row["lastMovement"]["reason"], "order_placed");
}

async fn upload(t: &TestApp, token: &str, pantry: i64, csv: &str) -> crate::api_support::ApiReply {
    t.post("/api/v1/staff/stock/imports", Some(token), json!({ "pantryId": pantry, "csv": csv })).await
}

async fn a_csv_import_is_previewed_then_applied_all_or_nothing(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let (a, b, c) = (stock(t, main, 5).await, stock(t, main, 0).await, stock(t, main, 8).await);
    let (status, _, export) = page(t, &format!("/staff/stock.csv?pantry={main}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert!(export.starts_with("itemId,product,quantity,held,limits\n"), "{export}");
    assert!(export.contains(&format!("\n{a},")), "every item is exported");

    let bad = format!("itemId,quantity,received\n{a},9,\n{b},,12\n{c},lots,\n999999,1,\n{a},3,\n");
    let preview = upload(t, &staff, main, &bad).await;
    let preview = preview.value().clone();
    let errors: Vec<(i64, Option<&str>)> = preview["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["line"].as_i64().unwrap(), r["error"].as_str()))
        .collect();
    assert_eq!(
        errors,
        [
            (2, None),
            (3, None),
            (4, Some("importBadNumber")),
            (5, Some("importUnknownItem")),
            (6, Some("importDuplicateRow"))
        ]
    );
    assert_eq!((preview["rows"][0]["before"].as_i64(), preview["rows"][0]["after"].as_i64()), (Some(5), Some(9)));
    assert_eq!(preview["rows"][1]["reason"], "received");
    let token = preview["token"].as_str().unwrap();
    let applied = t.post(&format!("/api/v1/staff/stock/imports/{token}"), Some(&staff), json!({})).await;
    assert_eq!(applied.body["failureCode"], "importHasErrors", "{:?}", applied.body);
    assert_eq!((qty(t, a).await, qty(t, b).await, qty(t, c).await), (5, 0, 8), "nothing applied");
    assert!(movements(t, &staff, a).await.is_empty());

    let fixed = format!("itemId,quantity,received\n{a},9,\n{b},,12\n{c},2,\n");
    let preview = upload(t, &staff, main, &fixed).await;
    let token = preview.value()["token"].as_str().unwrap().to_owned();
    assert_eq!(preview.value()["errors"], 0);
    // Stock moves between preview and Apply: the recount still sets the previewed count.
    entry(t, &staff, c, "received", 1).await.value();
    let applied = t.post(&format!("/api/v1/staff/stock/imports/{token}"), Some(&staff), json!({})).await;
    assert_eq!(applied.value()["changed"], 3);
    assert_eq!((qty(t, a).await, qty(t, b).await, qty(t, c).await), (9, 12, 2));
    assert_eq!(reasons(&movements(t, &staff, b).await), ["received"]);
    assert_eq!(movements(t, &staff, c).await.last().unwrap().1, -7);
    let again = t.post(&format!("/api/v1/staff/stock/imports/{token}"), Some(&staff), json!({})).await;
    assert_eq!((again.status, again.body["failureCode"].as_str()), (404, Some("importGone")), "it applies once");
    let food_banks = vec![t.state.store.pantry_food_bank(main).await.unwrap().unwrap()];
    let audit = t.state.store.audit_entries(food_banks, Some(main), None, 50).await.unwrap();
    assert_eq!(audit.iter().filter(|e| e.action == "stock.import").count(), 1);

    let not_csv = upload(t, &staff, main, "name,colour\nRice,white\n").await;
    assert_eq!(not_csv.body["failureCode"], "importNotCsv");
    let row = format!("{a},1\n");
    let huge = format!("itemId,quantity\n{}", row.repeat(5 * 1024 * 1024 / row.len() + 1));
    let huge = upload(t, &staff, main, &huge).await;
    assert_eq!(huge.body["failureCode"], "importTooLarge", "{}", huge.status);
}

async fn limits_set_by_staff_reach_the_shop_at_once(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 10).await;
    let url = format!("/products?pantry={main}");
    let shown = |data: &Value| data["items"].as_array().unwrap().iter().find(|i| i["id"] == item).cloned().unwrap();
    let (data, _) = fetch(t, &url).await;
    assert_eq!(shown(&data)["effectiveLimit"]["limit"], 10);
    let (_, hit) = fetch(t, &url).await;
    assert!(hit, "cached");

    let set = t
        .put(&format!("/api/v1/staff/stock/{item}/limits"), Some(&staff), json!({ "scope": "ORDER", "value": 2 }))
        .await;
    let limit = set.value()["limits"][0].clone();
    assert_eq!(limit["message"], "This item has a limit of 2 per order");
    let (data, hit) = fetch(t, &url).await;
    assert!(!hit, "the limit outdated the cached shop page");
    assert_eq!(shown(&data)["effectiveLimit"]["limit"], 2);
    // The page sends the rule, which the app words in the shopper's language.
    assert_eq!(shown(&data)["effectiveLimit"]["rule"], json!({ "kind": "perOrder", "value": 2 }));

    // The checkout enforces it.
    let shopper = fresh(t).await;
    let time = times(t, main, 1).await[0];
    let over = t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 3)])).await;
    assert_eq!(over.body["failureCode"], "itemLimitPerOrder", "{:?}", over.body);

    let bad = t
        .put(&format!("/api/v1/staff/stock/{item}/limits"), Some(&staff), json!({ "scope": "YEAR", "value": -1 }))
        .await;
    let fields: Vec<&str> =
        bad.body["value"]["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
    assert_eq!((bad.status, fields), (400, vec!["scope", "value"]));

    let id = limit["id"].as_i64().unwrap();
    let gone = t.delete(&format!("/api/v1/staff/stock/{item}/limits/{id}"), Some(&staff)).await;
    assert_eq!(gone.value()["limits"], json!([]));
    let (data, _) = fetch(t, &url).await;
    assert_eq!(shown(&data)["effectiveLimit"]["limit"], 10);

    // The pantry's order size.
    let size =
        t.put(&format!("/api/v1/staff/pantries/{main}/order-size-limit"), Some(&staff), json!({ "value": 4 })).await;
    assert_eq!(size.value()["orderSizeLimit"]["value"], 4);
    let limits = t.get(&format!("/api/v1/limits/locations/{main}"), None).await;
    let values: Vec<i64> = limits
        .value()
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["limitType"]["code"] == "ITEM")
        .map(|l| l["value"].as_i64().unwrap())
        .collect();
    // The food bank's own order size (30) still applies beside it; the smaller one wins.
    assert_eq!(values, [30, 4], "{:?}", limits.body);
    let food_banks = vec![t.state.store.pantry_food_bank(main).await.unwrap().unwrap()];
    let audit = t.state.store.audit_entries(food_banks, Some(main), None, 50).await.unwrap();
    let actions: Vec<&str> = audit.iter().rev().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["limit.set", "limit.delete", "limit.set"]);
}

async fn stock_is_only_for_staff_of_the_pantry(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let shopper = fresh(t).await;
    let parsons = pantry(t, PARSONS).await;
    let theirs = stock(t, parsons, 3).await;
    let park = pantry(t, DRIVING_PARK).await;
    let ours = stock(t, park, 3).await;
    assert_eq!(t.get("/api/v1/staff/stock", None).await.status, 401);
    assert_eq!(t.get("/api/v1/staff/stock", Some(&shopper.token)).await.status, 403);
    assert_eq!(t.get("/api/v1/staff/stock", Some(&volunteer)).await.status, 403, "check-in only");
    assert_eq!(t.get(&format!("/api/v1/staff/stock/{theirs}"), Some(&staff)).await.status, 404);
    assert_eq!(entry(t, &staff, theirs, "received", 1).await.status, 404);
    assert_eq!(t.get(&format!("/api/v1/staff/stock?pantry={parsons}"), Some(&staff)).await.status, 404);
    assert_eq!(upload(t, &staff, parsons, "itemId,quantity\n1,1\n").await.status, 404);
    assert_eq!(entry(t, &staff, ours, "received", 1).await.value()["onHand"], 4);
}

/// The stock page reads one page of a pantry's items, searched and counted by the database: the
/// same rows, in the same order, as the whole list searched and cut in pages.
async fn the_stock_page_is_paged_and_searched_by_the_database(t: &TestApp) {
    let store = &t.state.store;
    let main = pantry(t, MAIN).await;
    for _ in 0..12 {
        store.test_stock(main, 3, None).await.unwrap();
    }
    let all = store.stock_rows(main, None).await.unwrap();
    let names =
        |rows: &[orderahead::db::repo::stock::StockRow]| rows.iter().map(|r| r.product.clone()).collect::<Vec<_>>();
    let per_page = 5;
    let pages = (all.len() as u64).div_ceil(per_page);
    for page in 1..=pages {
        let (rows, matching, at) = store.stock_page(main, None, page, per_page).await.unwrap();
        assert_eq!((matching, at), (all.len() as u64, page));
        let from = usize::try_from((page - 1) * per_page).unwrap();
        let want: Vec<_> = all.iter().skip(from).take(per_page as usize).cloned().collect();
        assert_eq!(rows, want, "page {page}: the rows with their held units, last movement and limits");
    }
    // A page past the last is the last; page 0 is the first.
    assert_eq!(store.stock_page(main, None, pages + 7, per_page).await.unwrap().2, pages);
    assert_eq!(store.stock_page(main, None, 0, per_page).await.unwrap().2, 1);
    // Any case; `%` and `_` are letters, not wildcards.
    let (rows, matching, _) = store.stock_page(main, Some("TEST stock"), 1, 100).await.unwrap();
    let want: Vec<_> = all.iter().filter(|r| r.product.to_lowercase().contains("test stock")).cloned().collect();
    assert_eq!((names(&rows), matching), (names(&want), 12));
    for wild in ["Test%Stock", "Test_Stock"] {
        let (rows, matching, page) = store.stock_page(main, Some(wild), 3, 100).await.unwrap();
        assert!(rows.is_empty() && matching == 0 && page == 1, "{wild}: {}", names(&rows).join(", "));
    }
    // A percent sign finds the names that have one ("100% Apple Juice"), not every name.
    let (rows, matching, _) = store.stock_page(main, Some("%"), 1, 100).await.unwrap();
    assert!(!rows.is_empty() && rows.iter().all(|r| r.product.contains('%')), "{}", names(&rows).join(", "));
    assert!(matching < all.len() as u64);

    // The rendered page lists the page asked for.
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (status, _, body) = page(t, &format!("/staff/stock?pantry={main}&q=test+STOCK&page=2"), Some(&staff)).await;
    assert_eq!(status, 200);
    let (second, _, at) = store.stock_page(main, Some("test stock"), 2, 100).await.unwrap();
    assert_eq!((second.len(), at), (12, 1), "12 matches make one page of 100, and page 2 is the last");
    for row in &want {
        assert!(body.contains(&row.product), "{} on the last page", row.product);
    }
    for row in all.iter().filter(|r| !r.product.starts_with("Test Stock")) {
        assert!(!body.contains(&format!(">{}<", row.product)), "{} does not match", row.product);
    }
}
