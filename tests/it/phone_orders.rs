//! Phone orders (issue 49 item 4) on both databases: pantry staff place an order for a walk-in
//! household with no account, through the page's form as a browser without JavaScript sends it
//! and through the API; the shopper's rules hold in the same transaction (a limit counted over the
//! household's visit and orders refuses, with the limit's words and nothing taken); a double click
//! places one order; the household is sent the confirmation where it asked; the order carries who
//! placed it and shows as a phone order; a household with an app account gets the order in it; a
//! volunteer, a shopper and another food bank's staff cannot place one.
use crate::{
    api_orders::{CHICAGO, MAIN, pickup, qty, stock, times, with_key},
    api_staff::token_of,
    api_support::TestApp,
    households::{count, household_of, noon_at_the_pantry, open, pantry, post, register, staff_at},
    on_both,
};
use orderahead::db::seed::{DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::json;

on_both!(
    staff_order_for_a_walk_in_under_the_shoppers_rules,
    a_phone_order_is_delivered_to_the_households_street,
    a_household_with_an_account_gets_the_order_in_it,
    only_pantry_staff_of_the_food_bank_place_one,
);

/// Registers a walk-in household with an e-mail and a phone; its id and its e-mail.
async fn walk_in(t: &TestApp, main: i64) -> (i64, String) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let email = format!("phone-{}@example.org", uuid::Uuid::new_v4());
    let fields = [
        ("firstName", "Rosa"),
        ("lastName", "Quintero"),
        ("postalCode", "43206"),
        ("size", "2"),
        ("phone", "(614) 555-0177"),
        ("email", email.as_str()),
        ("answer", "different"),
    ];
    let r = register(t, &volunteer, main, &fields).await;
    assert_eq!(r.status, 303, "{:?}", r.refused);
    (household_of(r.location.as_deref().unwrap()), email)
}

/// The phone order form's fields.
fn form<'a>(pantry: &'a str, slot: &'a str, units: &'a [(String, &'a str)], key: &'a str) -> Vec<(&'a str, &'a str)> {
    let mut f = vec![("intent", "order"), ("pantry", pantry), ("slot", slot), ("notify", "1"), ("key", key)];
    f.extend(units.iter().map(|(name, n)| (name.as_str(), *n)));
    f
}

fn order_of(location: &str) -> i64 {
    let order = location.split("order=").nth(1).unwrap_or_else(|| panic!("{location}"));
    order.split('&').next().unwrap().parse().unwrap()
}

async fn staff_order_for_a_walk_in_under_the_shoppers_rules(t: &TestApp) {
    noon_at_the_pantry(t);
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 20).await;
    let limit = json!({ "scope": "ACCOUNT", "value": 3 });
    t.put(&format!("/api/v1/staff/stock/{item}/limits"), Some(&staff), limit).await.value();
    let (household, email) = walk_in(t, main).await;

    let path = format!("/staff/households/{household}/order?pantry={main}");
    let sheet = open(t, &staff, &path).await;
    assert_eq!(sheet.status, 200);
    let time = times(t, main, 1).await[0];
    let offered: Vec<i64> =
        sheet.data["sheet"]["times"].as_array().unwrap().iter().map(|x| x["id"].as_i64().unwrap()).collect();
    assert!(offered.contains(&time), "the form offers the pantry's times: {offered:?}");
    assert_eq!(sheet.data["sheet"]["hasAccount"], false);
    let key = sheet.data["sheet"]["key"].as_str().unwrap().to_owned();

    // Two units by phone; the same form posted twice (a double click) places one order.
    let (p, t_) = (main.to_string(), format!("pickup-{time}"));
    let units = [(format!("units.{item}"), "2")];
    let first = post(t, &staff, &path, &form(&p, &t_, &units, &key)).await;
    assert_eq!(first.status, 303, "{:?} {:?}", first.code, first.refused);
    let order = order_of(first.location.as_deref().unwrap());
    let again = post(t, &staff, &path, &form(&p, &t_, &units, &key)).await;
    assert_eq!(order_of(again.location.as_deref().unwrap()), order, "the second click answers the first order");
    assert_eq!(qty(t, item).await, 18);

    // Under the household's phone-only account, marked with who placed it.
    let staff_id = t.state.store.test_user_id(DEMO_STAFF_EMAIL).await.unwrap().unwrap();
    let placed = count(
        t,
        "SELECT COUNT(*) AS n FROM orders WHERE id = ? AND placed_by = ?",
        vec![order.into(), staff_id.into()],
    );
    assert_eq!(placed.await, 1);
    let carrier = "SELECT COUNT(*) AS n FROM orders o JOIN users u ON u.id = o.user_id \
                   WHERE o.id = ? AND u.phone_only AND u.household_id = ?";
    assert_eq!(count(t, carrier, vec![order.into(), household.into()]).await, 1);
    let shown = t.get(&format!("/api/v1/staff/orders/{order}"), Some(&staff)).await.value().clone();
    assert_eq!((shown["byPhone"].clone(), shown["shopper"]["firstName"].clone()), (json!(true), json!("Rosa")));
    // The confirmation went to the household's e-mail, in words for someone with no account.
    let sent = t.state.store.test_outbox(&email).await.unwrap();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(sent[0].1.contains("is confirmed for pickup at"), "{}", sent[0].1);
    // The account cannot sign in.
    let login =
        json!({ "Username": format!("household-{household}@phone-orders.invalid"), "Password": "any password at all" });
    assert_eq!(t.post("/api/v1/account/login", None, login).await.status, 401);
    // The household's page shows the order.
    let page = open(t, &volunteer, &format!("/staff/households/{household}?pantry={main}")).await;
    let orders: Vec<i64> =
        page.data["household"]["orders"].as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()).collect();
    assert_eq!(orders, [order]);

    // One unit at the door makes three: one more by phone is over the household's limit.
    let visit = [("intent", "visit"), ("pantry", p.as_str()), (units[0].0.as_str(), "1")];
    let door = format!("/staff/households/{household}?pantry={main}");
    assert_eq!(post(t, &volunteer, &door, &visit).await.status, 303);
    let key = open(t, &staff, &path).await.data["sheet"]["key"].as_str().unwrap().to_owned();
    let over = post(t, &staff, &path, &form(&p, &t_, &[(units[0].0.clone(), "1")], &key)).await;
    assert_eq!((over.status, over.code.as_deref()), (422, Some("itemLimitPerAccount")), "{:?}", over.code);
    assert_eq!(qty(t, item).await, 17, "nothing taken by the refused order");
    let uri = format!("/api/v1/staff/households/{household}/orders");
    let api = t.post(&uri, Some(&staff), pickup(main, time, &[(item, 1)])).await;
    assert_eq!(api.status, 422, "{}", api.body);
    assert_eq!(api.failure(), "This item has a limit of 3 per account");

    // Bad input: at its field, nothing written.
    let orders_before = count(t, "SELECT COUNT(*) AS n FROM orders", vec![]).await;
    let none = post(t, &staff, &path, &form(&p, "", &[(units[0].0.clone(), "x")], "k-bad")).await;
    assert_eq!(none.status, 422);
    assert!(
        none.refused.contains(&"slot".to_owned()) && none.refused.contains(&"units".to_owned()),
        "{:?}",
        none.refused
    );
    assert_eq!(count(t, "SELECT COUNT(*) AS n FROM orders", vec![]).await, orders_before);

    // Through the API, with its Idempotency-Key: a retry answers the first order.
    let other = stock(t, main, 5).await;
    let uri = format!("/api/v1/staff/households/{household}/orders");
    let body = json!({ "pantryLocationID": main, "pantryLocationPickupTimeID": time,
                       "pantryOrderItems": [{ "pantryInventoryItemID": other, "quantity": 1 }],
                       "sendConfirmation": false });
    let call = || t.send(with_key(&uri, &staff, "phone-api-1", &body));
    let one = call().await.value().clone();
    assert_eq!(call().await.value(), &one);
    assert_eq!(qty(t, other).await, 4);
    assert_eq!(t.state.store.test_outbox(&email).await.unwrap().len(), 1, "not sent when the household said no");
}

async fn a_household_with_an_account_gets_the_order_in_it(t: &TestApp) {
    noon_at_the_pantry(t);
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 10).await;
    let shopper = t.state.store.test_shopper(&format!("phoned-{}@example.org", uuid::Uuid::new_v4())).await.unwrap();
    t.state.store.test_answer_checkout_questions(shopper).await.unwrap();
    let token = t.state.tokens.issue(shopper, 0).unwrap();
    let time = times(t, main, 1).await[0];
    let mine = t.post("/api/v1/order", Some(&token), pickup(main, time, &[(item, 1)])).await.value().clone();
    let household = t.state.store.test_household_of(shopper).await.unwrap().expect("the order made the household");

    let path = format!("/staff/households/{household}/order?pantry={main}");
    let sheet = open(t, &staff, &path).await;
    assert_eq!(sheet.data["sheet"]["hasAccount"], true);
    let key = sheet.data["sheet"]["key"].as_str().unwrap().to_owned();
    let (p, t_) = (main.to_string(), format!("pickup-{time}"));
    let r = post(t, &staff, &path, &form(&p, &t_, &[(format!("units.{item}"), "1")], &key)).await;
    assert_eq!(r.status, 303, "{:?}", r.code);
    let order = order_of(r.location.as_deref().unwrap());
    let theirs: Vec<i64> = t
        .get("/api/v1/orders", Some(&token))
        .await
        .value()
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert!(theirs.contains(&order) && theirs.contains(&mine.as_i64().unwrap()), "{theirs:?}");
    let phone_only = "SELECT COUNT(*) AS n FROM users WHERE household_id = ? AND phone_only";
    assert_eq!(count(t, phone_only, vec![household.into()]).await, 0, "no second account");
}

async fn only_pantry_staff_of_the_food_bank_place_one(t: &TestApp) {
    noon_at_the_pantry(t);
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 10).await;
    let (household, _) = walk_in(t, main).await;
    let time = times(t, main, 1).await[0];
    let path = format!("/staff/households/{household}/order?pantry={main}");
    let (p, t_) = (main.to_string(), format!("pickup-{time}"));
    let units = [(format!("units.{item}"), "1")];

    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    assert_eq!(open(t, &volunteer, &path).await.status, 403, "a volunteer does not place phone orders");
    let refused = post(t, &volunteer, &path, &form(&p, &t_, &units, "v-1")).await;
    assert_eq!((refused.status, refused.code.as_deref()), (422, Some("staffOnly")));
    let uri = format!("/api/v1/staff/households/{household}/orders");
    assert_eq!(t.post(&uri, Some(&volunteer), pickup(main, time, &[(item, 1)])).await.status, 403);

    let chicago = pantry(t, CHICAGO).await;
    let other = staff_at(t, "chicago-phones@example.org", orderahead::domain::staff::StaffRole::Staff, chicago).await;
    let theirs = format!("/staff/households/{household}/order?pantry={chicago}");
    assert_eq!(open(t, &other, &theirs).await.status, 404, "another food bank's household names nothing");
    let c = chicago.to_string();
    let r = post(t, &other, &theirs, &form(&c, &t_, &units, "c-1")).await;
    assert_eq!((r.status, r.code.as_deref()), (422, Some("householdNotFound")));
    // Nor at a pantry not theirs.
    assert_eq!(t.post(&uri, Some(&other), pickup(main, time, &[(item, 1)])).await.status, 404);
    assert_eq!(qty(t, item).await, 10, "nothing taken");
}

async fn a_phone_order_is_delivered_to_the_households_street(t: &TestApp) {
    noon_at_the_pantry(t);
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let fields = [
        ("firstName", "Tomás"),
        ("lastName", "Ibarra"),
        ("postalCode", "43215"),
        ("street", "12 Oak St"),
        ("size", "1"),
        ("answer", "different"),
    ];
    let r = register(t, &volunteer, main, &fields).await;
    assert_eq!(r.status, 303, "{:?}", r.refused);
    let household = household_of(r.location.as_deref().unwrap());
    let (_, _, _, program) = crate::api_orders::named(t, None, "Long Grain White Rice").await;
    let later = chrono::Utc::now() + chrono::Duration::days(2);
    let window = t
        .state
        .store
        .test_delivery_times()
        .await
        .unwrap()
        .into_iter()
        .find(|(_, p, at)| Some(*p) == program && *at > later);
    let window = window.expect("a delivery window of the home delivery program").0;

    // The form offers the food bank's windows; one chosen, it lists that window's stock.
    let path = format!("/staff/households/{household}/order?pantry={main}");
    let sheet = open(t, &staff, &path).await;
    assert!(sheet.data["sheet"]["windows"].as_array().unwrap().iter().any(|w| w["id"] == window), "{}", sheet.data);
    let path = format!("{path}&window={window}");
    let sheet = open(t, &staff, &path).await;
    assert_eq!(sheet.data["sheet"]["window"], window);
    let rice = sheet.data["sheet"]["items"][0]["id"].as_i64().expect("the window's stock is listed");
    let before = qty(t, rice).await;
    let key = sheet.data["sheet"]["key"].as_str().unwrap().to_owned();
    let (p, slot) = (main.to_string(), format!("delivery-{window}"));
    let placed = post(t, &staff, &path, &form(&p, &slot, &[(format!("units.{rice}"), "1")], &key)).await;
    assert_eq!(placed.status, 303, "{:?} {:?}", placed.code, placed.refused);
    assert_eq!(qty(t, rice).await, before - 1);
    let order = order_of(placed.location.as_deref().unwrap());
    let kept = "SELECT COUNT(*) AS n FROM orders WHERE id = ? AND CAST(delivery_address AS TEXT) LIKE '%12 Oak St%' AND saved_address_id IS NULL AND placed_by IS NOT NULL";
    assert_eq!(count(t, kept, vec![order.into()]).await, 1);

    // A household with no street cannot be delivered to: refused at the choice, nothing taken.
    let (walk_in, _) = walk_in(t, main).await;
    let body = json!({ "foodBankDeliveryTimeID": window, "pantryOrderItems": [{ "pantryInventoryItemID": rice, "quantity": 1 }] });
    let r = t.post(&format!("/api/v1/staff/households/{walk_in}/orders"), Some(&staff), body).await;
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.body["value"]["errors"][0]["field"], "slot");
    assert_eq!(qty(t, rice).await, before - 1);
}
