//! Shoppers own their data (issue 53 item 3) on both databases: "Download my data" gives the
//! signed-in account everything held about it, as JSON and as a page a person can read (every
//! order in both, text escaped, never cached); "Delete my account" asks for the password, refuses
//! a staff member's account, then erases what is personal in one go: the login stops working, the
//! orders stay without their delivery address, and the TEFAP records keep only name, household
//! size and basis.
use crate::{
    api_orders::{MAIN, pantry, pickup, stock, times},
    api_support::TestApp,
    households::{count, open, post},
    on_both,
    staff_reports::{answer_tefap, tefap_stock},
};
use axum::{
    body::Body,
    http::{Request, header},
};
use http_body_util::BodyExt;
use orderahead::db::seed::{DEMO_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL};
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(a_shopper_downloads_their_data_then_deletes_the_account);

/// A download for the session `token`: its status, headers and body.
async fn download(t: &TestApp, token: Option<&str>, path: &str) -> (u16, axum::http::HeaderMap, String) {
    let mut req = Request::get(path).header(header::COOKIE, "oa_lang=en");
    if let Some(token) = token {
        req = req.header(header::COOKIE, format!("oa_session={token}"));
    }
    let res = t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    let body = String::from_utf8(res.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    (status, headers, body)
}

async fn a_shopper_downloads_their_data_then_deletes_the_account(t: &TestApp) {
    // The demo shopper answers the TEFAP questions, then orders TEFAP food: a TEFAP record.
    let shopper = crate::api_orders::demo(t).await;
    answer_tefap(t, &shopper, [0, 1, 0], false).await;
    let token = t.demo_token().await;
    let main = pantry(t, MAIN).await;
    let (time, item, food) = (times(t, main, 1).await[0], stock(t, main, 5).await, tefap_stock(t, main, 5).await);
    let placed = t.post("/api/v1/order", Some(&token), pickup(main, time, &[(item, 2), (food, 1)])).await;
    let placed = placed.value().as_i64().unwrap();
    let address = json!({ "name": "<b>Home</b>", "isPrimary": true, "address": {
        "addressLine1": "1 Main St", "city": "Columbus", "province": "OH", "postalCode": "43215" } });
    assert_eq!(t.post("/api/v1/account/addresses", Some(&token), address).await.status, 200);
    let orders: Vec<i64> = t
        .get("/api/v1/orders", Some(&token))
        .await
        .value()
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert!(orders.contains(&placed));

    // The JSON: the profile, every order with its items, the address, this device; a file, not cached.
    let (status, headers, body) = download(t, Some(&token), "/account/data.json").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(headers[header::CACHE_CONTROL], "private, no-store");
    assert_eq!(headers[header::CONTENT_DISPOSITION], "attachment; filename=\"orderahead-my-data.json\"");
    let data: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(data["profile"]["eMailAddress"], DEMO_EMAIL);
    let mut listed: Vec<i64> = data["orders"].as_array().unwrap().iter().map(|o| o["id"].as_i64().unwrap()).collect();
    listed.sort_unstable();
    let mut all = orders.clone();
    all.sort_unstable();
    assert_eq!(listed, all, "every order");
    let mine = data["orders"].as_array().unwrap().iter().find(|o| o["id"] == placed).unwrap();
    assert!(mine["items"].as_array().unwrap().iter().any(|i| i["quantity"] == 2), "{mine}");
    assert_eq!(data["addresses"][0]["name"], "<b>Home</b>");
    let answers = data["questionnaires"]["eligibility"].as_array().unwrap();
    assert_eq!(answers.last().unwrap()["isEligible"], true, "the TEFAP answers, the latest last: {answers:?}");
    assert!(data["devices"].is_array());

    // The page: the same, readable, escaped.
    let (status, headers, html) = download(t, Some(&token), "/account/data.html").await;
    assert_eq!(status, 200);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    assert!(html.contains("<h1>Your data at OrderAhead</h1>") && html.contains(&format!("<dd>{placed}</dd>")));
    assert!(html.contains("&#60;b&#62;Home&#60;/b&#62;") || html.contains("&lt;b&gt;Home&lt;/b&gt;"), "escaped");
    assert!(!html.contains("<b>Home</b>"));
    assert_eq!(download(t, None, "/account/data.json").await.0, 401);

    // Deleting: the password confirms it; a wrong one is refused at its field, and nothing goes.
    let wrong = post(t, &token, "/account", &[("intent", "deleteAccount"), ("password", "not it at all")]).await;
    assert_eq!((wrong.status, wrong.refused.clone()), (422, vec!["password".to_owned()]));
    let empty = post(t, &token, "/account", &[("intent", "deleteAccount"), ("password", " ")]).await;
    assert_eq!((empty.status, empty.refused), (422, vec!["password".to_owned()]));
    assert_eq!(t.get("/api/v1/account/profile", Some(&token)).await.status, 200);

    // A staff member's account is the admin's to close.
    let staff = t.login(DEMO_STAFF_EMAIL, DEMO_PASSWORD).await;
    let kept = post(t, &staff, "/account", &[("intent", "deleteAccount"), ("password", DEMO_PASSWORD)]).await;
    assert_eq!((kept.status, kept.code.as_deref()), (422, Some("staffAccountKept")));
    assert_eq!(t.get("/api/v1/account/profile", Some(&staff)).await.status, 200);

    let user = count(t, &format!("SELECT id AS n FROM users WHERE email = '{DEMO_EMAIL}'"), vec![]).await;
    let of_user = |sql: &str| sql.replace("$U", &user.to_string());
    let records = count(t, &of_user("SELECT COUNT(*) AS n FROM tefap_records WHERE user_id = $U"), vec![]).await;
    let order_count = count(t, &of_user("SELECT COUNT(*) AS n FROM orders WHERE user_id = $U"), vec![]).await;
    let household = count(t, &of_user("SELECT COALESCE(household_id, 0) AS n FROM users WHERE id = $U"), vec![]).await;

    assert!(
        records > 0 && household > 0,
        "the demo shopper has TEFAP records ({records}) and a household ({household})"
    );
    let done = post(t, &token, "/account", &[("intent", "deleteAccount"), ("password", DEMO_PASSWORD)]).await;
    assert_eq!((done.status, done.location.as_deref()), (303, Some("/account?deleted=1")));
    let after = open(t, &token, "/account?deleted=1").await;
    assert_eq!(after.data["deleted"], true, "the page says so, signed out");
    assert!(after.data.get("profile").is_none());

    // The login no longer works, nor the old session.
    assert_eq!(t.get("/api/v1/account/profile", Some(&token)).await.status, 401);
    let login =
        t.post("/api/v1/account/login", None, json!({ "Username": DEMO_EMAIL, "Password": DEMO_PASSWORD })).await;
    assert_eq!(login.status, 401);
    let erased = format!("erased-{user}@erased.invalid");
    let login = t.post("/api/v1/account/login", None, json!({ "Username": erased, "Password": "" })).await;
    assert_ne!(login.status, 200);

    // What is personal is gone; the orders and TEFAP records the food bank keeps are not.
    let none = |sql: &'static str| async move { count(t, &of_user(sql), vec![]).await };
    assert_eq!(none("SELECT COUNT(*) AS n FROM users WHERE id = $U AND first_name = '' AND phone_number IS NULL AND erased_at IS NOT NULL").await, 1);
    assert_eq!(none("SELECT COUNT(*) AS n FROM saved_addresses WHERE user_id = $U").await, 0);
    assert_eq!(none("SELECT COUNT(*) AS n FROM sessions WHERE user_id = $U").await, 0);
    assert_eq!(none("SELECT COUNT(*) AS n FROM survey_answers WHERE user_id = $U").await, 0);
    assert_eq!(none("SELECT COUNT(*) AS n FROM tefap_responses WHERE user_id = $U").await, 0);
    assert_eq!(none("SELECT COUNT(*) AS n FROM orders WHERE user_id = $U").await, order_count);
    assert_eq!(none("SELECT COUNT(*) AS n FROM orders WHERE user_id = $U AND (delivery_address IS NOT NULL OR idempotency_key IS NOT NULL)").await, 0);
    assert_eq!(none("SELECT COUNT(*) AS n FROM tefap_records WHERE user_id = $U").await, records);
    assert_eq!(
        none("SELECT COUNT(*) AS n FROM tefap_records WHERE user_id = $U AND recipient_name <> '' AND household_size IS NOT NULL").await,
        records,
        "name and household size kept"
    );
    if household > 0 {
        let sql = format!(
            "SELECT COUNT(*) AS n FROM households WHERE id = {household} AND phone IS NULL AND email IS NULL AND street IS NULL AND birth_date IS NULL AND first_name <> ''"
        );
        assert_eq!(count(t, &sql, vec![]).await, 1, "the household keeps its name and size only");
    }
    // The staff member who tried is untouched.
    assert_eq!(t.get("/api/v1/account/profile", Some(&staff)).await.status, 200);
}
