//! Info cards (order, food bank filter, sanitised HTML), messages (notifications,
//! upcoming orders, per-user read state) and the log token.
use crate::{
    api_referrals::{demo, fresh},
    api_support::TestApp,
    on_both,
};
use chrono::{DateTime, Duration, Utc};
use serde_json::{Value, json};

on_both!(
    general_cards_are_public_and_in_section_order,
    food_bank_cards_join_the_general_ones,
    card_and_message_html_is_sanitised,
    visitors_see_unexpired_notifications_newest_first,
    signed_in_messages_lead_with_upcoming_orders,
    read_state_is_per_user_and_idempotent,
    log_tokens_are_random_and_short_lived,
    content_comes_in_the_callers_language_with_english_where_untranslated,
);

fn titles(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|c| c["title"].as_str().unwrap()).collect()
}

fn notifications(list: &Value) -> Vec<&Value> {
    list.as_array().unwrap().iter().filter(|m| m["type"] == "notification").map(|m| &m["data"]).collect()
}

async fn general_cards_are_public_and_in_section_order(t: &TestApp) {
    let r = t.get("/api/v1/content/infocards", None).await;
    assert_eq!(r.status, 200);
    let v = r.value();
    assert_eq!(
        titles(v),
        [
            "What is OrderAhead?",
            "1. Find a pantry",
            "2. Choose a time",
            "3. Shop and check out",
            "Extra food through TEFAP",
            "Call 2-1-1",
        ],
        "the non-public card is left out"
    );
    let first = &v[0];
    assert_eq!(first["section"]["name"], "Welcome");
    assert_eq!(first["section"]["order"], 1);
    assert_eq!(first["section"]["hideTitle"], true);
    assert_eq!(first["order"], 1);
    assert_eq!(first["images"], json!(["/img/cards/what-is-orderahead.svg"]));
    assert_eq!(first["actionButtonText"], "Learn More");
    assert_eq!(first["modalTitle"], "What is OrderAhead?");
    assert!(first["modalContent"].as_str().unwrap().starts_with("<p>OrderAhead lets you choose"));
    assert_eq!(first["textColor"], "#ffffff");
    assert_eq!(first["backgroundColor"], "#2e6b30");
    assert_eq!(v[1]["section"]["name"], "How OrderAhead Works");
    assert_eq!(v[1]["modalContent"], Value::Null);
}

async fn food_bank_cards_join_the_general_ones(t: &TestApp) {
    let r = t.get("/api/v1/content/infocards/COH", None).await;
    assert_eq!(
        titles(r.value()),
        [
            "What is OrderAhead?",
            "Welcome, Central Ohio!",
            "1. Find a pantry",
            "Pick up at your library",
            "2. Choose a time",
            "3. Shop and check out",
            "Extra food through TEFAP",
            "Call 2-1-1",
        ]
    );
    let r = t.get("/api/v1/content/infocards/chi", None).await;
    let chi = titles(r.value());
    assert!(chi.contains(&"Welcome, Chicago!") && chi.contains(&"Summer meals for kids"), "codes ignore case");
    assert!(!chi.contains(&"Welcome, Central Ohio!"));
    let r = t.get("/api/v1/content/infocards/NOPE", None).await;
    assert_eq!(r.status, 404);
    assert!(!r.failure().is_empty());
}

async fn card_and_message_html_is_sanitised(t: &TestApp) {
    let dirty = "<h2 class=x>Hi</h2><p onclick=\"steal()\">Read <a href=\"javascript:alert(1)\">this</a> and \
                 <a href=\"https://example.org/x\" target=_blank>that</a><script>alert(1)</script><img src=x onerror=alert(1)></p>";
    // Links also get rel="noopener noreferrer" (ammonia's link_rel).
    let clean = "<h2>Hi</h2><p>Read <a rel=\"noopener noreferrer\">this</a> and \
                 <a href=\"https://example.org/x\" rel=\"noopener noreferrer\">that</a></p>";
    t.state.store.test_info_card(Some("COH"), "Tainted card", dirty).await.unwrap();
    let r = t.get("/api/v1/content/infocards/COH", None).await;
    let card = r.value().as_array().unwrap().iter().find(|c| c["title"] == "Tainted card").unwrap().clone();
    assert_eq!(card["modalContent"], clean);
    let r = t.get("/api/v1/content/infocards", None).await;
    assert!(!titles(r.value()).contains(&"Tainted card"), "a food bank's card is not general");

    t.state.store.test_notification(None, "Tainted note", dirty).await.unwrap();
    let r = t.get("/api/v1/messages", None).await;
    let note = notifications(r.value()).into_iter().find(|n| n["title"] == "Tainted note").unwrap().clone();
    assert_eq!(note["details"], clean);
}

async fn visitors_see_unexpired_notifications_newest_first(t: &TestApp) {
    let r = t.get("/api/v1/messages", None).await;
    assert_eq!(r.status, 200);
    let v = r.value();
    assert!(v.as_array().unwrap().iter().all(|m| m["type"] == "notification"), "no orders for visitors");
    let got: Vec<&str> = notifications(v).iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(got, ["Welcome to OrderAhead", "Bring a bag"]);
    assert!(v.as_array().unwrap().iter().all(|m| m["isRead"] == false));

    let r = t.get("/api/v1/messages?foodBankCode=COH", None).await;
    let notes = notifications(r.value());
    let got: Vec<&str> = notes.iter().map(|n| n["title"].as_str().unwrap()).collect();
    assert_eq!(got, ["Welcome to OrderAhead", "New: Saturday pickups", "Bring a bag", "Delivery area expanded"]);
    assert!(!got.contains(&"Holiday hours"), "expired");
    let created: Vec<DateTime<Utc>> = notes.iter().map(|n| n["created"].as_str().unwrap().parse().unwrap()).collect();
    assert!(created.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert_eq!(notes[1]["details"], "<p>Saturday pickups run <strong>9am to noon</strong> at the Main Library.</p>");
    assert_eq!(notes[1]["foodBankCode"], "COH");
    assert!(notes[1]["id"].is_i64());

    let r = t.get("/api/v1/messages?foodBankCode=XYZ", None).await;
    assert_eq!(r.status, 404);
    assert!(!r.failure().is_empty());
    let r = t.get("/api/v1/messages?foodBankCode=", None).await;
    assert_eq!(notifications(r.value()).len(), 2, "an empty code means none");
}

async fn signed_in_messages_lead_with_upcoming_orders(t: &TestApp) {
    let demo = demo(t).await;
    let r = t.get("/api/v1/messages?foodBankCode=COH", Some(&demo.token)).await;
    let list = r.value().as_array().unwrap();
    let orders: Vec<&Value> = list.iter().filter(|m| m["type"] == "order").collect();
    assert!(!orders.is_empty(), "the demo shopper has an upcoming order");
    let first_note = list.iter().position(|m| m["type"] == "notification").unwrap();
    assert_eq!(first_note, orders.len(), "orders come first");
    for o in &orders {
        let data = &o["data"];
        assert!(data["id"].is_i64());
        assert_eq!(data["pantryOrderStatusType"]["isCancelledType"], false);
        assert_eq!(data["isUpcoming"], true);
        assert_eq!(o["isRead"], false);
    }
    // Only upcoming orders: the demo shopper's completed and cancelled ones are not messages.
    let all = t.state.store.orders_of(demo.id, t.state.clock.now()).await.unwrap();
    assert_eq!(orders.len(), all.iter().filter(|o| o.is_upcoming).count());
    assert!(all.len() > orders.len());

    let bring_a_bag = notifications(r.value()).into_iter().find(|n| n["title"] == "Bring a bag").unwrap()["id"].clone();
    let entry = list.iter().find(|m| m["data"]["id"] == bring_a_bag && m["type"] == "notification").unwrap();
    assert_eq!(entry["isRead"], true, "the demo shopper read it");

    let other = fresh(t).await;
    let r = t.get("/api/v1/messages?foodBankCode=COH", Some(&other.token)).await;
    let list = r.value().as_array().unwrap();
    assert!(list.iter().all(|m| m["type"] == "notification" && m["isRead"] == false));
    let r = t.get("/api/v1/messages", Some("forged")).await;
    assert_eq!(r.status, 401);
}

async fn read_state_is_per_user_and_idempotent(t: &TestApp) {
    let shopper = fresh(t).await;
    let demo = demo(t).await;
    let r = t.get("/api/v1/messages", None).await;
    let welcome = notifications(r.value())[0]["id"].as_i64().unwrap();
    let path = format!("/api/v1/messages/{welcome}/read");

    let r = t.put(&path, None, json!({})).await;
    assert_eq!(r.status, 401);
    assert!(!r.failure().is_empty());
    let r = t.put(&path, Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.value(), &json!({ "id": welcome, "isRead": true }));
    let r = t.put(&path, Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 200, "marking read twice is fine");

    let read = |list: &Value| {
        list.as_array().unwrap().iter().find(|m| m["type"] == "notification" && m["data"]["id"] == welcome).unwrap()["isRead"]
            .clone()
    };
    let r = t.get("/api/v1/messages", Some(&shopper.token)).await;
    assert_eq!(read(r.value()), true);
    let r = t.get("/api/v1/messages", Some(&demo.token)).await;
    assert_eq!(read(r.value()), false, "another shopper's read state is their own");
    let r = t.get("/api/v1/messages", None).await;
    assert_eq!(read(r.value()), false);

    let r = t.put("/api/v1/messages/999999/read", Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 404);
    assert!(!r.failure().is_empty());
    let r = t.put("/api/v1/messages/abc/read", Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 400);
    assert!(!r.failure().is_empty());
}

async fn log_tokens_are_random_and_short_lived(t: &TestApp) {
    let a = t.get("/api/v1/logs/token", None).await;
    let b = t.get("/api/v1/logs/token", None).await;
    let (a, b) = (a.value(), b.value());
    let token = a["token"].as_str().unwrap();
    assert_eq!(token.len(), 43, "32 random bytes, base64url");
    assert_ne!(a["token"], b["token"]);
    let expires: DateTime<Utc> = a["expires"].as_str().unwrap().parse().unwrap();
    let left = expires - Utc::now();
    assert!(left > Duration::minutes(9) && left <= Duration::minutes(10), "{left}");
}

async fn content_comes_in_the_callers_language_with_english_where_untranslated(t: &TestApp) {
    use axum::{body::Body, http::Request};
    let get_in = |uri: &str, header: (&'static str, &'static str)| {
        Request::get(uri).header(header.0, header.1).body(Body::empty()).unwrap()
    };
    let es = t.send(get_in("/api/v1/content/infocards", ("accept-language", "es-US,es;q=0.9"))).await;
    assert_eq!(es.status, 200);
    let cards = es.value();
    assert_eq!(titles(cards)[0], "¿Qué es OrderAhead?");
    assert_eq!(cards[0]["section"]["name"], "Bienvenida");
    assert!(cards[0]["modalContent"].as_str().unwrap().contains("alimentos gratis"));
    // The device's choice wins over the browser's.
    let en = t.send(get_in("/api/v1/content/infocards", ("cookie", "oa_lang=en"))).await;
    assert_eq!(titles(en.value())[0], "What is OrderAhead?");

    // A notification without a Spanish version shows in English.
    let untranslated = t.state.store.test_notification(None, "Only in English", "<p>Hello</p>").await.unwrap();
    let messages = t.send(get_in("/api/v1/messages", ("accept-language", "es"))).await;
    let notes = notifications(messages.value());
    assert!(notes.iter().any(|n| n["title"] == "Bienvenido a OrderAhead"), "{notes:?}");
    let own = notes.iter().find(|n| n["id"] == untranslated).expect("the new notification");
    assert_eq!(own["title"], "Only in English");
}
