//! A stock move sent again with its `Idempotency-Key` (a double click, a retry after a timeout that
//! had committed) moves the stock once, on both databases, also when both copies arrive at once;
//! another key moves it again, and a key that cannot be one is refused before anything moves.
use crate::{
    api_orders::{MAIN, pantry, qty, stock, with_key},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::db::seed::DEMO_STAFF_EMAIL;
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(a_stock_move_sent_again_with_its_key_moves_once, the_stock_form_posted_twice_moves_once);

async fn a_stock_move_sent_again_with_its_key_moves_once(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let item = stock(t, pantry(t, MAIN).await, 10).await;
    let uri = format!("/api/v1/staff/stock/{item}/movements");
    let received = json!({ "reason": "received", "units": 5 });
    let send = |key: &str| t.send(with_key(&uri, &staff, key, &received));

    let first = send("door-1").await;
    assert_eq!(first.value()["onHand"], 15, "{}", first.body);
    let again = send("door-1").await;
    assert_eq!(again.value()["onHand"], 15, "the same move again answers the item as it is: {}", again.body);
    let (a, b) = tokio::join!(send("door-2"), send("door-2"));
    assert_eq!((a.status, b.status), (200, 200), "{} {}", a.body, b.body);
    assert_eq!(qty(t, item).await, 20, "two copies at once move it once");
    send("door-3").await.value();
    assert_eq!(qty(t, item).await, 25, "another key is another move");
    let history = t.get(&uri.replace("/movements", ""), Some(&staff)).await;
    let moves = history.value()["movements"].as_array().unwrap().iter().filter(|m| m["reason"] == "received").count();
    assert_eq!(moves, 3, "one movement per key: {}", history.body);

    let bad = send(&"k".repeat(256)).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert_eq!(qty(t, item).await, 25);
}

/// What a browser keeps of the item's page: its CSRF cookie, the form's token and the form's key.
async fn open_item_page(t: &TestApp, session: &str, item: i64) -> (String, String, String) {
    let req = Request::get(format!("/staff/stock/{item}")).header(header::COOKIE, format!("oa_session={session}"));
    let res = t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 200);
    let cookie = res
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("oa_csrf="))
        .map(|v| v.split(';').next().unwrap().to_owned())
        .expect("the page sets the CSRF cookie");
    let html = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).unwrap().1;
    let payload: Value = serde_json::from_str(json.split("</script>").next().unwrap()).unwrap();
    let key = payload["data"]["moveKey"].as_str().expect("the page carries its form key").to_owned();
    assert!(html.contains(&format!(r#"name="moveKey" value="{key}-{item}""#)), "the form carries it before JavaScript");
    (cookie, payload["csrf"].as_str().unwrap().to_owned(), key)
}

/// The form before JavaScript, posted twice as a double click does: the stock moves once, and the
/// page rendered after it has a new key for the next move.
async fn the_stock_form_posted_twice_moves_once(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let item = stock(t, pantry(t, MAIN).await, 10).await;
    let (cookie, csrf, key) = open_item_page(t, &staff, item).await;
    let move_key = format!("{key}-{item}");
    let item_text = item.to_string();
    let fields = [
        ("csrf", csrf.as_str()),
        ("intent", "entry"),
        ("item", item_text.as_str()),
        ("moveKey", move_key.as_str()),
        ("reason", "received"),
        ("units", "4"),
    ];
    for _ in 0..2 {
        let req = Request::builder()
            .method(Method::POST)
            .uri(format!("/staff/stock/{item}"))
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(header::ORIGIN, "http://localhost")
            .header(header::COOKIE, format!("oa_session={staff}; oa_csrf={cookie}"))
            .body(Body::from(serde_urlencoded::to_string(fields).unwrap()))
            .unwrap();
        let res = t.app().oneshot(req).await.unwrap();
        assert_eq!(res.status(), 303);
    }
    assert_eq!(qty(t, item).await, 14, "posted twice, moved once");
    let (_, _, next) = open_item_page(t, &staff, item).await;
    assert_ne!(next, key, "each render has its own key");
}
