//! A product two pantries stock is the food bank's, on both databases: pantry staff change their
//! pantry's item (its source, category, stock, visibility) but not the product's name, size or
//! photo, which would change the other pantry's shop too; the food bank's admin may, and the
//! change log files that change under the food bank, where it took effect.
use crate::{
    api_orders::{DRIVING_PARK, MAIN, pantry},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
    staff_items::{image_bytes, new_item, upload},
};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL};
use serde_json::{Value, json};

on_both!(a_product_other_pantries_stock_is_changed_by_the_food_banks_admin);

async fn item_at(t: &TestApp, token: &str, pantry: i64, id: &Value) -> Value {
    let list = t.get(&format!("/api/v1/staff/items?pantry={pantry}"), Some(token)).await.value().clone();
    list["items"].as_array().unwrap().iter().find(|i| i["id"] == *id).cloned().expect("the pantry's item")
}

async fn a_product_other_pantries_stock_is_changed_by_the_food_banks_admin(t: &TestApp) {
    let (staff, admin) = (token_of(t, DEMO_STAFF_EMAIL).await, token_of(t, DEMO_ADMIN_EMAIL).await);
    let (main, park) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    let here = new_item(t, &staff, main, "Test Oats").await;
    let form = |name: &str, source: &str| json!({ "name": name, "nameEs": "Lentejas", "amount": 16, "unitId": here["unitId"], "source": source });
    // Alone at Main, the product is the pantry's to name.
    let renamed =
        t.put(&format!("/api/v1/staff/items/{}", here["id"]), Some(&staff), form("Rolled Oats", "DONATED")).await;
    assert_eq!(renamed.value()["name"], "Rolled Oats");
    let there =
        t.post("/api/v1/staff/items", Some(&staff), json!({ "pantryId": park, "productId": here["productId"] }));
    let there = there.await.value().clone();

    let refused = t.put(&format!("/api/v1/staff/items/{}", here["id"]), Some(&staff), form("Oats", "DONATED")).await;
    assert_eq!((refused.status, refused.body["failureCode"].as_str()), (409, Some("productOfTheFoodBank")));
    assert_eq!(item_at(t, &staff, park, &there["id"]).await["name"], "Rolled Oats", "Driving Park's shop is untouched");
    let png = image_bytes(20, 20, image::ImageFormat::Png);
    let (status, photo) = upload(t.app(), &staff, here["id"].as_i64().unwrap(), &png).await;
    assert_eq!((status, photo["failureCode"].as_str()), (409, Some("productOfTheFoodBank")), "nor its photo");
    let (status, photo) = upload(t.app(), &admin, here["id"].as_i64().unwrap(), &png).await;
    assert_eq!(status, 200, "the admin may: {photo}");
    // The pantry's own part of the item is still theirs.
    let own =
        t.put(&format!("/api/v1/staff/items/{}", here["id"]), Some(&staff), form("Rolled Oats", "PURCHASED")).await;
    assert_eq!(own.value()["source"], "PURCHASED");

    let by_admin = t.put(&format!("/api/v1/staff/items/{}", here["id"]), Some(&admin), form("Oats", "PURCHASED")).await;
    assert_eq!(by_admin.value()["name"], "Oats");
    assert_eq!(item_at(t, &admin, park, &there["id"]).await["name"], "Oats", "it changed at every pantry");
    let log = t.get("/api/v1/staff/audit?action=item.update", Some(&admin)).await.value().clone();
    let renames: Vec<&Value> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["changes"].as_array().unwrap().iter().any(|c| c["field"] == "name" && c["after"] == "Oats"))
        .collect();
    assert_eq!(renames.len(), 1, "{log}");
    assert!(renames[0]["pantry"].is_null(), "filed under the food bank, not Main: {}", renames[0]);
}
