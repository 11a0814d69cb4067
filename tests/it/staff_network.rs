//! The food bank runs its network (`/api/v1/staff/pantries-admin`, `/codes`, `/content`) on both
//! databases: a pantry added is found by search, its page and the sitemap at once, edited and
//! deactivated (404 and gone from search and the sitemap, its orders still the staff's); a code
//! made, claimed (counted) and expired; a notification shown only inside its window by the
//! services' clock, in Spanish to a Spanish reader, its HTML cleaned; every refusal coded at its
//! field with nothing written; and who may do any of it.
use crate::{
    api_orders::{self, CHICAGO, MAIN, pantry, pickup, place, stock, times},
    api_referrals::fresh,
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{body::Body, http::Request};
use http_body_util::BodyExt;
use orderahead::{
    db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL},
    infra::clock::Clock,
};
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(
    pantries_are_added_found_edited_and_deactivated,
    pantry_refusals_are_coded_at_their_fields_and_write_nothing,
    a_pantry_that_stops_pickup_offers_no_time_and_takes_no_pickup,
    codes_are_made_claimed_counted_and_expired,
    notifications_show_inside_their_window_in_spanish_and_cleaned,
    only_the_food_banks_admin_keeps_its_network,
);

/// A page or file of the site: status and body.
async fn page(t: &TestApp, url: &str) -> (u16, String) {
    let res = t.app().oneshot(Request::get(url).body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    (status, String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap())
}

/// The pantries a search around `zip` finds (10 miles), by id.
async fn found_near(t: &TestApp, zip: &str) -> Vec<i64> {
    let at = t.get(&format!("/api/v1/locations/geocode/{zip}"), None).await.value().clone();
    let url = format!("/api/v1/locations?lat={}&lng={}", at["latitude"], at["longitude"]);
    t.get(&url, None).await.value().as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

fn new_pantry(name: &str) -> Value {
    json!({
        "name": name, "addressLine1": "100 Test St", "city": "Columbus", "zip": "43215", "timeZone": "America/New_York",
        "phone": "(614) 555-0100", "instructions": "Side door", "restricted": false, "pickup": true,
    })
}

async fn audit_actions(t: &TestApp, admin: &str, subject: &str) -> Vec<String> {
    let page = t.get("/api/v1/staff/audit", Some(admin)).await;
    page.value()["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["subject"] == subject)
        .map(|e| e["action"].as_str().unwrap().to_owned())
        .collect()
}

async fn pantries_are_added_found_edited_and_deactivated(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    // The pages are cached: seen before the pantry exists, they must not keep showing that.
    let (_, before) = page(t, "/sitemap.xml").await;
    let made = t.post("/api/v1/staff/pantries-admin", Some(&admin), new_pantry("Test Hope Pantry")).await;
    let made = made.value().clone();
    let id = made["id"].as_i64().unwrap();
    assert_eq!(
        (made["active"].clone(), made["state"].clone(), made["city"].clone()),
        (json!(true), json!("OH"), json!("Columbus"))
    );
    let zip = t.get("/api/v1/locations/geocode/43215", None).await.value().clone();
    assert_eq!(
        (made["latitude"].as_f64(), made["longitude"].as_f64()),
        (zip["latitude"].as_f64(), zip["longitude"].as_f64()),
        "placed at the ZIP's centre"
    );
    assert!(!before.contains(&format!("/pantries/{id}<")));
    assert!(found_near(t, "43215").await.contains(&id), "found by search at once");
    let (status, html) = page(t, &format!("/pantries/{id}")).await;
    assert_eq!(status, 200);
    assert!(html.contains("Test Hope Pantry"));
    let (_, sitemap) = page(t, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("/pantries/{id}</loc>")), "in the sitemap at once");

    // Moved by its pin (latitude and longitude), renamed: the page follows.
    let mut form = new_pantry("Test Hope Pantry East");
    form["latitude"] = json!(39.97);
    form["longitude"] = json!(-82.9);
    let edited = t.put(&format!("/api/v1/staff/pantries-admin/{id}"), Some(&admin), form).await.value().clone();
    assert_eq!((edited["name"].as_str(), edited["latitude"].as_f64()), (Some("Test Hope Pantry East"), Some(39.97)));
    let (_, html) = page(t, &format!("/pantries/{id}")).await;
    assert!(html.contains("Test Hope Pantry East"), "the cached page follows the edit");
    // Edited without a pin, the place stays.
    let kept =
        t.put(&format!("/api/v1/staff/pantries-admin/{id}"), Some(&admin), new_pantry("Test Hope Pantry East")).await;
    assert_eq!(kept.value()["latitude"].as_f64(), Some(39.97));

    // Deactivated: 404 for its page and API, gone from search and the sitemap; the admin still lists it.
    let off =
        t.put(&format!("/api/v1/staff/pantries-admin/{id}/active"), Some(&admin), json!({ "active": false })).await;
    assert_eq!(off.value()["active"], false);
    assert_eq!(page(t, &format!("/pantries/{id}")).await.0, 404);
    assert_eq!(t.get(&format!("/api/v1/locations/{id}"), None).await.status, 404);
    assert!(!found_near(t, "43215").await.contains(&id));
    assert!(!page(t, "/sitemap.xml").await.1.contains(&format!("/pantries/{id}</loc>")));
    let list = t.get("/api/v1/staff/pantries-admin", Some(&admin)).await.value().clone();
    let listed =
        list["pantries"].as_array().unwrap().iter().find(|p| p["id"] == id).expect("still the admin's").clone();
    assert_eq!(listed["active"], false);
    assert_eq!(list["pantries"].as_array().unwrap().last().unwrap()["id"], id, "deactivated ones last");

    // A deactivated pantry keeps its orders: the main library's are still the staff's to see.
    let main = pantry(t, MAIN).await;
    let queue_before = t.get(&format!("/api/v1/staff/queue?pantry={main}"), Some(&admin)).await.value().clone();
    t.put(&format!("/api/v1/staff/pantries-admin/{main}/active"), Some(&admin), json!({ "active": false }))
        .await
        .value();
    let queue_after = t.get(&format!("/api/v1/staff/queue?pantry={main}"), Some(&admin)).await.value().clone();
    assert_eq!(queue_before["counts"], queue_after["counts"], "its orders are kept");
    t.put(&format!("/api/v1/staff/pantries-admin/{main}/active"), Some(&admin), json!({ "active": true }))
        .await
        .value();
    assert_eq!(page(t, &format!("/pantries/{main}")).await.0, 200, "and it comes back");

    let subject = format!("pantryLocation:{id}");
    assert_eq!(
        audit_actions(t, &admin, &subject).await,
        ["pantry.deactivate", "pantry.update", "pantry.update", "pantry.create"]
    );
}

/// The admin's flags say what a pantry offers: one that stops pickup (delivery alone) shows
/// shoppers no pickup time, takes no new pickup order nor a move onto one of its times, and keeps
/// the orders it had; ticked again, its times come back.
async fn a_pantry_that_stops_pickup_offers_no_time_and_takes_no_pickup(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    // One who has answered the checkout's questions, so that only the pickup can refuse.
    let me = api_orders::fresh(t).await;
    let main = pantry(t, MAIN).await;
    let slots = times(t, main, 2).await;
    let mine = stock(t, main, 10).await;
    let booked = place(t, &me, pickup(main, slots[0], &[(mine, 1)])).await;
    let offered = |v: &Value| v["pantryLocationPickupTimes"].as_array().map_or(0, Vec::len);
    assert!(offered(t.get(&format!("/api/v1/locations/{main}"), None).await.value()) > 0);

    let list = t.get("/api/v1/staff/pantries-admin", Some(&admin)).await.value().clone();
    let mut form = list["pantries"].as_array().unwrap().iter().find(|p| p["id"] == main).unwrap().clone();
    form["pickup"] = json!(false);
    form["delivery"] = json!(true);
    let saved = t.put(&format!("/api/v1/staff/pantries-admin/{main}"), Some(&admin), form.clone()).await;
    assert_eq!((saved.value()["pickup"].clone(), saved.value()["delivery"].clone()), (json!(false), json!(true)));

    assert_eq!(offered(t.get(&format!("/api/v1/locations/{main}"), None).await.value()), 0, "no time offered");
    let found = t.get("/api/v1/locations?lat=39.9612&lng=-82.9988", None).await.value().clone();
    let listed = found.as_array().unwrap().iter().find(|p| p["id"] == main).expect("still found by search").clone();
    assert_eq!(offered(&listed), 0, "nor in the search");
    let r = t.post("/api/v1/order", Some(&me.token), pickup(main, slots[1], &[(mine, 1)])).await;
    assert_eq!((r.status, r.failure()), (422, "Invalid pickup time"), "{}", r.body);
    let moved = t.put(&format!("/api/v1/orders/{booked}/pickuptime/{}", slots[1]), Some(&me.token), json!({})).await;
    assert_eq!((moved.status, moved.failure()), (422, "Invalid pickup time"), "{}", moved.body);
    let kept = t.get(&format!("/api/v1/orders/{booked}"), Some(&me.token)).await;
    assert_eq!(kept.value()["pantryLocationPickupTimeID"], slots[0], "the booked order stays");

    form["pickup"] = json!(true);
    t.put(&format!("/api/v1/staff/pantries-admin/{main}"), Some(&admin), form).await.value();
    assert!(offered(t.get(&format!("/api/v1/locations/{main}"), None).await.value()) > 0, "offered again");
    let moved = t.put(&format!("/api/v1/orders/{booked}/pickuptime/{}", slots[1]), Some(&me.token), json!({})).await;
    assert_eq!(moved.value()["pantryLocationPickupTimeID"], slots[1], "and may be moved onto");
}

async fn pantry_refusals_are_coded_at_their_fields_and_write_nothing(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let count = |v: &Value| v["pantries"].as_array().unwrap().len();
    let before = count(t.get("/api/v1/staff/pantries-admin", Some(&admin)).await.value());
    let mut bad = new_pantry(" ");
    bad["zip"] = json!("00000");
    bad["timeZone"] = json!("Mars/Olympus");
    bad["phone"] = json!("555");
    bad["pickup"] = json!(false);
    bad["latitude"] = json!(123.0);
    let r = t.post("/api/v1/staff/pantries-admin", Some(&admin), bad).await;
    assert_eq!(r.status, 400, "{}", r.body);
    let errors: Vec<(String, String)> = r.body["value"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
        .collect();
    let expected = [
        ("name", "required"),
        ("zip", "zip"),
        ("timeZone", "choice"),
        ("phone", "phone"),
        ("latitude", "outOfRange"),
        ("longitude", "required"),
        ("pickup", "required"),
    ];
    assert_eq!(errors, expected.map(|(f, c)| (f.to_owned(), c.to_owned())));
    assert_eq!(count(t.get("/api/v1/staff/pantries-admin", Some(&admin)).await.value()), before, "nothing written");
    // Another food bank's pantry is not the admin's: 404 as if none.
    let chicago = pantry(t, CHICAGO).await;
    let r = t.put(&format!("/api/v1/staff/pantries-admin/{chicago}"), Some(&admin), new_pantry("Mine now")).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("pantryNotFound")));
}

async fn codes_are_made_claimed_counted_and_expired(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    // A restricted pantry that only the new code opens.
    let mut form = new_pantry("Test Closed Circle");
    form["restricted"] = json!(true);
    let closed = t.post("/api/v1/staff/pantries-admin", Some(&admin), form).await.value()["id"].as_i64().unwrap();
    let expires = (t.clock.now() + chrono::Duration::days(30)).to_rfc3339();
    let made = t
        .post(
            "/api/v1/staff/codes",
            Some(&admin),
            json!({ "code": "circle-2027", "scope": "pantries", "pantryIds": [closed], "expiresAt": expires }),
        )
        .await;
    let made = made.value().clone();
    assert_eq!(
        (made["code"].as_str(), made["scope"].as_str(), made["claims"].as_u64()),
        (Some("CIRCLE-2027"), Some("pantries"), Some(0))
    );
    assert_eq!(made["pantries"], json!(["Test Closed Circle"]));

    let shopper = fresh(t).await;
    let access = |token: String| async move {
        t.get(&format!("/api/v1/locations/{closed}/access"), Some(&token)).await.value().clone()
    };
    let denied = access(shopper.token.clone()).await;
    let claim = t.post("/api/v1/referralcodes/claims", Some(&shopper.token), json!(["circle-2027"])).await;
    assert_eq!(claim.value()[0]["isAppliedSuccessfully"], true);
    let granted = access(shopper.token.clone()).await;
    assert_ne!(denied, granted, "the code opens the restricted pantry");
    let list = t.get("/api/v1/staff/codes", Some(&admin)).await.value().clone();
    let listed = list["codes"].as_array().unwrap().iter().find(|c| c["code"] == "CIRCLE-2027").unwrap().clone();
    assert_eq!(listed["claims"], 1, "one shopper claimed it");
    assert!(
        list["codes"].as_array().unwrap().iter().any(|c| c["code"] == "FAITH2026"),
        "the demo's codes are the food bank's too"
    );

    // A generated code, the whole food bank, and delivery.
    let generated = t.post("/api/v1/staff/codes", Some(&admin), json!({ "scope": "foodBank" })).await.value().clone();
    assert_eq!(generated["code"].as_str().unwrap().len(), 8);
    assert!(generated["pantries"].as_array().unwrap().iter().any(|p| p == "Test Closed Circle"));
    let delivery =
        t.post("/api/v1/staff/codes", Some(&admin), json!({ "code": "HOME-TEST", "scope": "delivery" })).await;
    assert_eq!(delivery.value()["scope"], "delivery");

    // Refusals at their fields, nothing written.
    let past = (t.clock.now() - chrono::Duration::hours(1)).to_rfc3339();
    let r = t
        .post(
            "/api/v1/staff/codes",
            Some(&admin),
            json!({ "code": "faith2026", "scope": "pantries", "pantryIds": [], "expiresAt": past }),
        )
        .await;
    assert_eq!(r.status, 400, "{}", r.body);
    let codes: Vec<(&str, &str)> = r.body["value"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect();
    assert_eq!(codes, [("code", "duplicate"), ("expires", "inPast"), ("pantryIds", "required")]);
    let chicago = pantry(t, CHICAGO).await;
    let r = t
        .post(
            "/api/v1/staff/codes",
            Some(&admin),
            json!({ "code": "NOT-MINE", "scope": "pantries", "pantryIds": [chicago] }),
        )
        .await;
    assert_eq!((r.status, r.body["value"]["errors"][0]["field"].as_str()), (400, Some("pantryIds")));
    assert_eq!(t.get("/api/v1/referralcodes/NOT-MINE", None).await.status, 404, "nothing written");

    // Expired now: no longer claimable, and it opens nothing for its holder.
    let id = made["id"].as_i64().unwrap();
    let expired = t.post(&format!("/api/v1/staff/codes/{id}/expire"), Some(&admin), json!({})).await.value().clone();
    assert_eq!(expired["usable"], false);
    assert_eq!(t.get("/api/v1/referralcodes/CIRCLE-2027", None).await.status, 404);
    assert_eq!(access(shopper.token.clone()).await, denied, "the holder loses what it opened");
    let subject = format!("referralCode:{id}");
    assert_eq!(audit_actions(t, &admin, &subject).await, ["code.expire", "code.create"]);
    let r = t.post("/api/v1/staff/codes/999999/expire", Some(&admin), json!({})).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("referralCodeNotFound")));
}

async fn spanish_messages(t: &TestApp, token: &str) -> Vec<Value> {
    messages_in(t, token, "es").await
}

async fn messages_in(t: &TestApp, token: &str, lang: &str) -> Vec<Value> {
    let req = Request::get("/api/v1/messages?foodBankCode=COH")
        .header("authorization", format!("Bearer {token}"))
        .header("accept-language", lang)
        .body(Body::empty())
        .unwrap();
    t.send(req).await.value().as_array().unwrap().clone()
}

async fn notifications_show_inside_their_window_in_spanish_and_cleaned(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let shopper = fresh(t).await;
    let now = t.clock.now();
    let form = json!({
        "title": "Closed for the holiday",
        "body": "<p>Back <strong>Friday</strong></p><script>alert(1)</script>",
        "titleEs": "Cerrado por el feriado",
        "bodyEs": "<p>Volvemos el <strong>viernes</strong></p><img src=x onerror=alert(1)>",
        "titleKo": "휴일 휴무",
        "startsAt": (now + chrono::Duration::days(1)).to_rfc3339(),
        "endsAt": (now + chrono::Duration::days(2)).to_rfc3339(),
    });
    let posted = t.post("/api/v1/staff/content/notices", Some(&admin), form).await.value().clone();
    assert_eq!(posted["showing"], false, "not yet");
    let versions = posted["translations"].as_array().unwrap();
    assert_eq!(versions.iter().map(|v| v["lang"].as_str().unwrap()).collect::<Vec<_>>(), ["es", "ko"]);
    let preview = versions[0]["preview"].as_str().unwrap();
    assert!(preview.contains("<strong>viernes</strong>") && !preview.contains("onerror"), "{preview}");
    // Every other shopper language is listed as missing: its readers get the English.
    let missing: Vec<&str> = posted["missing"].as_array().unwrap().iter().map(|m| m.as_str().unwrap()).collect();
    assert!(missing.contains(&"vi") && missing.contains(&"ar") && !missing.contains(&"ko") && !missing.contains(&"es"));
    assert_eq!(missing.len(), orderahead::catalog::Lang::all().count() - 3);
    assert!(!posted["en"]["preview"].as_str().unwrap().contains("script"));
    let titled = |list: &[Value], title: &str| list.iter().any(|m| m["data"]["title"] == title);
    assert!(!titled(&spanish_messages(t, &shopper.token).await, "Cerrado por el feriado"), "before its start");

    t.clock.advance(chrono::Duration::hours(25));
    let shown = spanish_messages(t, &shopper.token).await;
    let note =
        shown.iter().find(|m| m["data"]["title"] == "Cerrado por el feriado").expect("inside its window, in Spanish");
    let details = note["data"]["details"].as_str().unwrap();
    assert!(details.contains("viernes") && !details.contains("onerror"), "cleaned: {details}");
    let list = t.get("/api/v1/staff/content", Some(&admin)).await.value().clone();
    assert_eq!(list["notices"][0]["showing"], true);
    let korean = messages_in(t, &shopper.token, "ko").await;
    assert!(titled(&korean, "휴일 휴무"), "a Korean reader gets the Korean title");
    let vietnamese = messages_in(t, &shopper.token, "vi").await;
    assert!(titled(&vietnamese, "Closed for the holiday"), "a language without a version falls back to English");

    t.clock.advance(chrono::Duration::days(1));
    assert!(!titled(&spanish_messages(t, &shopper.token).await, "Cerrado por el feriado"), "after its end");

    // Refusals: an empty title, a Spanish text without its title, an end before the start.
    let notices = |v: &Value| v["notices"].as_array().unwrap().len();
    let before = notices(t.get("/api/v1/staff/content", Some(&admin)).await.value());
    let r = t
        .post(
            "/api/v1/staff/content/notices",
            Some(&admin),
            json!({ "title": " ", "bodyEs": "x", "startsAt": now.to_rfc3339(), "endsAt": now.to_rfc3339() }),
        )
        .await;
    let codes: Vec<(&str, &str)> = r.body["value"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["field"].as_str().unwrap(), e["code"].as_str().unwrap()))
        .collect();
    assert_eq!(codes, [("title", "required"), ("titleEs", "required"), ("endsAt", "endBeforeStart")]);
    assert_eq!(notices(t.get("/api/v1/staff/content", Some(&admin)).await.value()), before, "nothing written");

    // An info card in a new section: on the food bank's home cards, in Spanish for Spanish readers.
    let card = json!({ "title": "Test Card", "body": "<p>Hello</p>", "titleEs": "Tarjeta de prueba", "newSection": "Test Section" });
    let card = t.post("/api/v1/staff/content/cards", Some(&admin), card).await.value().clone();
    assert!(card["sectionId"].is_i64());
    let req =
        Request::get("/api/v1/content/infocards/COH").header("accept-language", "es").body(Body::empty()).unwrap();
    let cards = t.send(req).await.value().clone();
    assert!(cards.as_array().unwrap().iter().any(|c| c["title"] == "Tarjeta de prueba"), "{cards}");
    let edited = json!({ "title": "Test Card 2", "body": "<p>Bye</p>" });
    let edited =
        t.put(&format!("/api/v1/staff/content/cards/{}", card["id"]), Some(&admin), edited).await.value().clone();
    let versions = edited["translations"].as_array().unwrap();
    assert_eq!((edited["en"]["title"].as_str(), versions.len()), (Some("Test Card 2"), 0));
    let notice_id = posted["id"].as_i64().unwrap();
    let subject = format!("notification:{notice_id}");
    assert_eq!(audit_actions(t, &admin, &subject).await, ["notice.create"]);
}

async fn only_the_food_banks_admin_keeps_its_network(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let shopper = fresh(t).await;
    for path in ["/api/v1/staff/pantries-admin", "/api/v1/staff/codes", "/api/v1/staff/content"] {
        assert_eq!(t.get(path, None).await.status, 401, "{path}");
        assert_eq!(t.get(path, Some(&shopper.token)).await.status, 403, "{path}");
        assert_eq!(t.get(path, Some(&staff)).await.status, 403, "{path}: pantry staff are not admins");
    }
    let r = t.post("/api/v1/staff/pantries-admin", Some(&staff), new_pantry("Nope")).await;
    assert_eq!(r.status, 403);
    // The admin's pages: the staff member is turned away, the admin sees them.
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    for path in ["/api/v1/staff/pantries-admin", "/api/v1/staff/codes", "/api/v1/staff/content"] {
        assert_eq!(t.get(path, Some(&admin)).await.status, 200, "{path}");
    }
}
