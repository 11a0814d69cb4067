//! Inventory of pantries and delivery windows: shape, effective limits per shopper,
//! TEFAP visibility, categories and the food bank overview.
use crate::{
    api_locations::{COLUMBUS, MAIN_LIBRARY, food_bank_id, new_user, pantry_id},
    api_support::TestApp,
    on_both,
};
use serde_json::{Value, json};

on_both!(
    pantry_inventory_has_the_spec_shape,
    effective_limits_follow_the_shoppers_past_orders,
    tefap_items_only_for_eligible_shoppers,
    categories_of_a_pantry,
    delivery_window_inventory,
    food_bank_inventory_overview,
    invalid_tokens_are_refused_not_ignored,
    the_cart_check_removes_what_cannot_be_ordered,
    the_cart_check_tells_where_the_cart_stands_against_the_order_size_limit,
);

async fn items(t: &TestApp, path: &str, token: Option<&str>) -> Vec<Value> {
    let r = t.get(path, token).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value()["items"].as_array().unwrap().clone()
}

fn named<'a>(items: &'a [Value], name: &str) -> &'a Value {
    items.iter().find(|i| i["pantryItem"]["name"] == name).unwrap_or_else(|| panic!("{name} not in inventory"))
}

fn is_tefap(item: &Value) -> bool {
    item["pantryInventoryItemSource"]["code"] == "TEFAP"
}

async fn main_library_items(t: &TestApp, token: Option<&str>) -> Vec<Value> {
    let id = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    items(t, &format!("/api/v1/locations/{id}/inventory"), token).await
}

async fn pantry_inventory_has_the_spec_shape(t: &TestApp) {
    let list = main_library_items(t, None).await;
    assert!(list.len() >= 60, "the Main Library stocks everything: {}", list.len());
    for item in &list {
        assert!(item["id"].is_i64() && item["pantryItemID"].is_i64() && item["quantity"].is_i64());
        assert_eq!(item["pantryItemID"], item["pantryItem"]["id"]);
        assert!(item["weightPounds"].is_f64());
        assert!(item["created"].is_string());
        assert!(item["pantryItem"]["name"].is_string());
        assert!(item["pantryItem"]["donationPackageType"]["name"].is_string(), "{item}");
        assert!(item["pantryItem"]["limits"].is_array() && item["limits"].is_array());
        let subs = item["pantryInventorySubcategories"].as_array().unwrap();
        assert_eq!(subs.len(), 1, "{item}");
        assert!(subs[0]["pantrySubcategoryID"].is_i64() && subs[0]["pantrySubcategory"]["name"].is_string());
        assert!(item["pantryInventoryItemSource"]["code"].is_string());
        assert!(!item["attachmentCollection"].as_array().unwrap().is_empty());
        let eff = &item["effectiveLimit"];
        assert!(eff["limit"].as_i64().unwrap() <= item["quantity"].as_i64().unwrap());
        let all = item["allEffectiveLimits"].as_array().unwrap();
        assert_eq!(all[0]["limit"], item["quantity"], "stock comes first");
        assert_eq!(eff["limit"].as_i64(), all.iter().map(|l| l["limit"].as_i64().unwrap()).min());
    }
    let milk = named(&list, "2% Milk");
    assert_eq!(milk["pantryItem"]["unitOfMeasure"]["name"], "gal");
    assert_eq!(milk["pantryItem"]["donationPackageType"]["name"], "Jug");
    assert_eq!((milk["pantryItem"]["amount"].as_f64(), milk["weightPounds"].as_f64()), (Some(1.0), Some(8.6)));
    // Out of stock at the Main Library in the demo.
    let water = named(&list, "Bottled Water");
    assert_eq!(
        (water["effectiveLimit"]["limit"].as_i64(), water["effectiveLimit"]["message"].as_str()),
        (Some(0), Some("Out of stock"))
    );
    // A limit on the inventory item itself, tighter than stock.
    let apples = named(&list, "Gala Apples");
    let own = &apples["limits"][0];
    assert_eq!((own["value"].as_i64(), own["limitTimeScope"]["code"].as_str()), (Some(2), Some("ORDER")));
    assert_eq!(own["limitType"]["code"], "QUANTITY");
    assert_eq!(apples["effectiveLimit"]["message"], "This item has a limit of 2 per order");
    // The same as data, for the app to word in the shopper's language.
    assert_eq!(apples["effectiveLimit"]["rule"], serde_json::json!({ "kind": "perOrder", "value": 2 }));
    // A product limit, for a visitor (no past orders).
    let eggs = named(&list, "Large Eggs");
    assert_eq!(eggs["pantryItem"]["limits"][0]["limitTimeScopeAmount"], 7);
    assert_eq!(eggs["effectiveLimit"]["message"], "This item has a limit of 1 every 7 days");
    assert_eq!(
        eggs["effectiveLimit"]["rule"],
        serde_json::json!({ "kind": "every", "value": 1, "amount": 7, "unit": "day" })
    );
    assert_eq!(water["effectiveLimit"]["rule"], serde_json::json!({ "kind": "stock", "quantity": 0 }));
}

async fn effective_limits_follow_the_shoppers_past_orders(t: &TestApp) {
    let demo = t.demo_token().await;
    let fresh = new_user(t, "limits-new@example.org").await;
    let demo_items = main_library_items(t, Some(&demo)).await;
    let new_items = main_library_items(t, Some(&fresh)).await;
    let visitor_items = main_library_items(t, None).await;
    // The demo shopper's upcoming order (5 hours ago) holds a turkey (1 per account)
    // and two 2% Milk (2 per week).
    let limit = |items: &[Value], name: &str| named(items, name)["effectiveLimit"].clone();
    for name in ["Whole Turkey", "2% Milk"] {
        assert_eq!(limit(&demo_items, name)["limit"], 0, "{name}");
        assert!(limit(&new_items, name)["limit"].as_i64().unwrap() >= 1, "{name}");
        assert_eq!(limit(&new_items, name), limit(&visitor_items, name));
    }
    assert_eq!(limit(&demo_items, "Whole Turkey")["message"], "This item has a limit of 1 per account");
    assert_eq!(limit(&new_items, "Whole Turkey")["limit"], 1);
    assert_eq!(limit(&demo_items, "2% Milk")["message"], "This item has a limit of 2 every 1 week");
    assert_eq!(limit(&new_items, "2% Milk")["limit"], 2);
    // The cancelled order's peanut butter (2 every 3 orders) does not count; the
    // completed order's eggs (12 days ago) are outside their 7-day window.
    let butter = named(&demo_items, "Peanut Butter");
    assert_eq!(butter["effectiveLimit"]["limit"].as_i64(), Some(butter["quantity"].as_i64().unwrap().min(2)));
    assert_eq!(limit(&demo_items, "Large Eggs")["limit"], 1);
    let turkey = named(&demo_items, "Whole Turkey")["allEffectiveLimits"].as_array().unwrap().clone();
    assert_eq!(turkey.len(), 2);
    assert_eq!(turkey[1]["limit"], 0);
}

async fn tefap_items_only_for_eligible_shoppers(t: &TestApp) {
    let demo = t.demo_token().await;
    let fresh = new_user(t, "tefap-new@example.org").await;
    let demo_items = main_library_items(t, Some(&demo)).await;
    let tefap: Vec<&Value> = demo_items.iter().filter(|i| is_tefap(i)).collect();
    assert!(tefap.len() >= 5, "the demo shopper is TEFAP-eligible in Central Ohio");
    // Frozen Blueberries are TEFAP stock and out of stock at the Main Library.
    assert_eq!(named(&demo_items, "Frozen Blueberries")["effectiveLimit"]["message"], "Out of stock");
    for token in [Some(fresh.as_str()), None] {
        let list = main_library_items(t, token).await;
        assert!(!list.iter().any(is_tefap), "TEFAP shown to a non-eligible shopper");
        assert_eq!(list.len(), demo_items.len() - tefap.len());
    }
}

async fn categories_of_a_pantry(t: &TestApp) {
    let id = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let r = t.get(&format!("/api/v1/locations/{id}/categories"), None).await;
    let cats = r.value().as_array().unwrap();
    assert!(cats.len() >= 8, "{cats:?}");
    let orders: Vec<i64> = cats.iter().map(|c| c["order"].as_i64().unwrap()).collect();
    assert!(orders.windows(2).all(|w| w[0] < w[1]), "{orders:?}");
    assert!(
        cats.iter().all(|c| c["name"].is_string() && c["imageUrl"].as_str().unwrap().starts_with("/img/categories/"))
    );
    // Every category has an item the visitor can see, and every item's category is listed.
    let list = items(t, &format!("/api/v1/locations/{id}/inventory"), None).await;
    let used: Vec<&Value> = list.iter().map(|i| &i["pantryInventorySubcategories"][0]["pantrySubcategoryID"]).collect();
    assert!(cats.iter().all(|c| used.contains(&&c["id"])));
    assert!(used.iter().all(|u| cats.iter().any(|c| &&c["id"] == u)));
}

async fn delivery_window_inventory(t: &TestApp) {
    let coh = food_bank_id(t, "43215").await;
    let r = t.get(&format!("/api/v1/foodbanks/{coh}/deliverytimes"), None).await;
    let times = r.value().as_array().unwrap().clone();
    let demo = t.demo_token().await;
    let mut programs = std::collections::BTreeMap::new();
    for time in &times {
        let id = time["id"].as_i64().unwrap();
        let program = time["entityDeliveryProgramID"].as_i64().unwrap();
        if programs.contains_key(&program) {
            continue;
        }
        let list = items(t, &format!("/api/v1/deliverytimes/{id}/inventory"), Some(&demo)).await;
        programs.insert(program, list);
    }
    assert_eq!(programs.len(), 2, "home delivery and senior delivery");
    let (home, senior): (Vec<_>, Vec<_>) = programs.values().partition(|l| l.len() > 20);
    let (home, senior) = (home[0], senior[0]);
    for name in ["Long Grain White Rice", "Dry Black Beans", "Gala Apples"] {
        named(home, name);
    }
    // Senior delivery gets only the food bank's shared delivery stock.
    assert!(!senior.is_empty() && senior.len() < home.len());
    let names =
        |l: &[Value]| l.iter().map(|i| i["pantryItem"]["name"].as_str().unwrap().to_owned()).collect::<Vec<_>>();
    assert!(names(senior).iter().all(|n| names(home).contains(n)));
    // The demo shopper's delivery order (2 hours ago) has one rice; no limit on rice.
    let rice = named(home, "Long Grain White Rice");
    assert_eq!(rice["effectiveLimit"]["limit"], rice["quantity"]);
    let r = t.get("/api/v1/deliverytimes/987654/inventory", None).await;
    assert_eq!((r.status, r.failure()), (404, "Delivery time not found"));
    let r = t.get("/api/v1/deliverytimes/soon/inventory", None).await;
    assert_eq!(r.status, 400);
    assert!(!r.failure().is_empty());
}

async fn food_bank_inventory_overview(t: &TestApp) {
    let coh = food_bank_id(t, "43215").await;
    let path = format!("/api/v1/foodbanks/{coh}/inventoryoverview");
    let visitor = t.get(&path, None).await.value().as_array().unwrap().clone();
    assert!(visitor.len() >= 50, "{}", visitor.len());
    for e in &visitor {
        assert!(e["subcategoryID"].is_i64() && e["label"].is_string(), "{e}");
        assert!(e["imageUrl"].as_str().unwrap().starts_with("/img/products/"));
        assert_ne!(e["sourceCode"], "TEFAP");
    }
    let labels: Vec<&str> = visitor.iter().map(|e| e["label"].as_str().unwrap()).collect();
    let mut unique = labels.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), labels.len(), "one entry per product");
    let demo = t.demo_token().await;
    let eligible = t.get(&path, Some(&demo)).await.value().as_array().unwrap().clone();
    assert!(eligible.iter().any(|e| e["sourceCode"] == "TEFAP"));
    assert!(eligible.len() > visitor.len());
}

async fn invalid_tokens_are_refused_not_ignored(t: &TestApp) {
    let id = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let r = t.get(&format!("/api/v1/locations/{id}/inventory"), Some("not-a-token")).await;
    assert_eq!(r.status, 401);
    assert!(!r.failure().is_empty());
}

/// POST /cart/check: the checkout's check runs the order rules on the browser's cart.
async fn the_cart_check_removes_what_cannot_be_ordered(t: &TestApp) {
    let demo = t.demo_token().await;
    let pantry = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let list = main_library_items(t, Some(&demo)).await;
    let id = |name: &str| named(&list, name)["id"].as_i64().unwrap();
    let stock = |name: &str| named(&list, name)["quantity"].as_i64().unwrap();
    let cart = json!([
        { "pantryInventoryItemID": id("Whole Turkey"), "quantity": 1 },
        { "pantryInventoryItemID": id("Peanut Butter"), "quantity": stock("Peanut Butter") + 1 },
        { "pantryInventoryItemID": 999_999_999, "quantity": 2 },
    ]);
    let check = |with_limits: bool, token: Option<String>| {
        let body = json!({ "pantryLocationID": pantry, "pantryOrderItems": cart, "withLimits": with_limits });
        async move { t.post("/api/v1/cart/check", token.as_deref(), body).await }
    };
    let r = check(true, Some(demo.clone())).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let removed = r.value()["removed"].as_array().unwrap().clone();
    let reason = |item: i64| removed.iter().find(|x| x["pantryInventoryItemID"] == item).cloned();
    // The demo shopper's upcoming order holds the account's one turkey.
    let turkey = reason(id("Whole Turkey")).expect("the turkey is over its limit");
    assert_eq!((turkey["quantity"].as_i64(), turkey["reason"].as_str()), (Some(1), Some("limit")));
    assert_eq!(turkey["effectiveLimit"]["rule"]["kind"], "perAccount");
    let butter = reason(id("Peanut Butter")).expect("more peanut butter than on hand");
    assert_eq!((butter["quantity"].as_i64(), butter["reason"].as_str()), (Some(1), Some("exceeded")));
    let gone = reason(999_999_999).expect("an item the pantry does not have");
    assert_eq!((gone["quantity"].as_i64(), gone["reason"].as_str()), (Some(2), Some("noStock")));

    // Stock only: the turkey stays; a visitor has no past orders, so the turkey fits too.
    let stock_only = check(false, Some(demo)).await.value()["removed"].as_array().unwrap().len();
    assert_eq!(stock_only, 2);
    let visitor = check(true, None).await.value()["removed"].as_array().unwrap().len();
    assert_eq!(visitor, 2);

    // Bad input is a 4xx in the envelope, never a 500.
    let both = json!({ "pantryLocationID": pantry, "foodBankDeliveryTimeID": 1, "pantryOrderItems": [] });
    assert_eq!(t.post("/api/v1/cart/check", None, both).await.status, 400);
    let unknown = json!({ "pantryLocationID": 999_999_999, "pantryOrderItems": [] });
    assert_eq!(t.post("/api/v1/cart/check", None, unknown).await.status, 404);
}

async fn the_cart_check_tells_where_the_cart_stands_against_the_order_size_limit(t: &TestApp) {
    // Parsons allows 15 items per order (its own limit, tighter than its food bank's 30).
    let parsons = pantry_id(t, COLUMBUS, "Columbus Metropolitan Library - Parsons Branch").await;
    let list = items(t, &format!("/api/v1/locations/{parsons}/inventory"), None).await;
    let (a, b) = (list[0]["id"].as_i64().unwrap(), list[1]["id"].as_i64().unwrap());
    let standing = |units: i64| async move {
        let lines = if units == 0 {
            json!([])
        } else {
            json!([{ "pantryInventoryItemID": a, "quantity": 1 }, { "pantryInventoryItemID": b, "quantity": units - 1 }])
        };
        let body = json!({ "pantryLocationID": parsons, "pantryOrderItems": lines, "withLimits": false });
        let r = t.post("/api/v1/cart/check", None, body).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let v = r.value();
        assert_eq!(v["orderLimit"]["limit"], 15, "{v}");
        assert_eq!(v["orderLimit"]["message"], "There is a limit of 15 items per order");
        v["orderLimitStatus"].as_str().unwrap().to_owned()
    };
    assert_eq!(standing(0).await, "under");
    assert_eq!(standing(14).await, "under");
    assert_eq!(standing(15).await, "at");
    assert_eq!(standing(16).await, "over");
    // Denver's pantries have no item limit: any cart is under it.
    let denver = pantry_id(t, crate::api_locations::DENVER, "Denver Public Library - Central Library").await;
    let body = json!({ "pantryLocationID": denver, "pantryOrderItems": [], "withLimits": false });
    let r = t.post("/api/v1/cart/check", None, body).await;
    assert_eq!(
        (r.value()["orderLimit"]["limit"].clone(), r.value()["orderLimitStatus"].clone()),
        (json!(null), json!("under"))
    );
}
