//! Accounts API: sign-up, login (alike failures, rate limits), tokens, profile,
//! saved addresses, and malformed input that must write nothing.
use crate::{
    api_support::{ApiReply, DEMO_EMAIL, DEMO_PASSWORD, TestApp},
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use orderahead::infra::auth::{Claims, ISSUER};
use serde_json::{Value, json};

on_both!(
    register_login_profile_round_trip,
    demo_profile_shows_grants_eligibilities_and_addresses,
    profile_update_validates_and_keeps_email,
    wrong_password_and_unknown_email_look_alike,
    login_failures_are_rate_limited_per_account_and_per_ip,
    registration_refusals_write_nothing,
    registrations_are_limited_per_address,
    malformed_bodies_are_4xx_envelopes_and_write_nothing,
    missing_expired_forged_and_revoked_tokens_are_401,
    addresses_crud_with_one_primary,
    other_users_addresses_are_not_found,
    address_validation_writes_nothing,
    refusals_come_in_the_callers_language,
);

pub fn unique_email(tag: &str) -> String {
    format!("{tag}-{}@Example.org", uuid::Uuid::new_v4().simple())
}

pub fn registration(email: &str) -> Value {
    json!({
        "firstName": " Pat ", "lastName": "Doe", "eMailAddress": email, "password": "correct horse battery",
        "phoneNumber": "(614) 555-0100", "postalCode": "43215", "isEligible": true
    })
}

/// Signs up a new shopper; returns the session token.
pub async fn register(t: &TestApp, email: &str) -> String {
    let r = t.post("/api/v1/account", None, registration(email)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value()["jwt"].as_str().expect("jwt").to_owned()
}

pub fn assert_refused(r: &ApiReply, status: u16) {
    assert_eq!(r.status, status, "{}", r.body);
    assert!(!r.failure().is_empty());
}

/// The field names of a 400 `Invalid` answer.
pub fn error_fields(r: &ApiReply) -> Vec<String> {
    assert_refused(r, 400);
    r.body["value"]["errors"]
        .as_array()
        .expect("field errors")
        .iter()
        .map(|e| e["field"].as_str().unwrap().to_owned())
        .collect()
}

async fn profile(t: &TestApp, token: &str) -> Value {
    let r = t.get("/api/v1/account/profile", Some(token)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value().clone()
}

async fn login_reply(t: &TestApp, email: &str, password: &str) -> ApiReply {
    t.post("/api/v1/account/login", None, json!({ "Username": email, "Password": password })).await
}

async fn register_login_profile_round_trip(t: &TestApp) {
    let email = unique_email("Round.Trip");
    let jwt = register(t, &email).await;
    let p = profile(t, &jwt).await;
    assert_eq!(p["firstName"], "Pat", "inputs are trimmed");
    assert_eq!(p["lastName"], "Doe");
    assert_eq!(p["eMailAddress"], email.to_lowercase());
    assert_eq!(p["phoneNumber"], "(614) 555-0100");
    assert_eq!(p["postalCode"], "43215");
    for flag in ["isEmailNotificationEnabled", "isTextMessageNotificationEnabled", "isPhoneCallNotificationEnabled"] {
        assert_eq!(p[flag], true, "{flag} defaults on");
    }
    // 43215 is downtown Columbus: the Columbus food bank serves it.
    assert!(p["defaultFoodBank"]["id"].is_i64(), "{p}");
    assert_eq!(p["defaultFoodBank"]["code"], "COH");
    assert_eq!(p["foodBankIdsWithDeliveryEnabled"], json!([]));
    assert_eq!(p["explicitlyAuthorizedLocationIDs"], json!([]));
    assert_eq!(p["isTefapSurveyAnswered"], false);
    assert_eq!(p["tefapEligibilities"], json!([]));
    assert_eq!(p["foodInsecureNeighborAddresses"], json!([]));
    assert!(p.get("password").is_none() && !p.to_string().contains("argon2"));

    // The e-mail is trimmed and case-insensitive at login; the token is for the same account.
    let token = t.login(&format!("  {}  ", email.to_uppercase()), "correct horse battery").await;
    let again = profile(t, &token).await;
    assert_eq!(again["id"], p["id"]);

    // Claiming a delivery referral code adds its food bank to the delivery list.
    let r = t.post("/api/v1/referralcodes/claims", Some(&token), json!(["DELIVERCOH"])).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let p = profile(t, &token).await;
    assert_eq!(p["foodBankIdsWithDeliveryEnabled"], json!([p["defaultFoodBank"]["id"]]));
}

async fn demo_profile_shows_grants_eligibilities_and_addresses(t: &TestApp) {
    let token = t.demo_token().await;
    let p = profile(t, &token).await;
    assert_eq!(p["eMailAddress"], DEMO_EMAIL);
    assert_eq!(p["isPhoneCallNotificationEnabled"], false);
    let coh = p["defaultFoodBank"]["id"].as_i64().unwrap();
    assert_eq!(p["defaultFoodBank"]["code"], "COH");
    assert_eq!(p["foodBankIdsWithDeliveryEnabled"], json!([coh]));
    assert_eq!(p["explicitlyAuthorizedLocationIDs"].as_array().unwrap().len(), 1);
    assert_eq!(p["isTefapSurveyAnswered"], true);
    let e = &p["tefapEligibilities"][0];
    assert_eq!(
        (&e["province"]["abbreviation"], &e["foodBank"]["id"], &e["postalCode"]["code"]),
        (&json!("OH"), &json!(coh), &json!("43215"))
    );
    assert!(e["county"]["id"].is_i64());
    let addresses = p["foodInsecureNeighborAddresses"].as_array().unwrap();
    assert_eq!(addresses.len(), 2);
    assert_eq!((&addresses[0]["name"], &addresses[0]["isPrimary"]), (&json!("Home"), &json!(true)));
    assert_eq!(addresses[0]["address"]["province"], "OH");
    assert_eq!(addresses[0]["address"]["countryCode"], "USA");
    assert_eq!(addresses[1]["isPrimary"], false);

    // The grants other areas read inside their transactions.
    let grants = t.state.store.access_grants(p["id"].as_i64().unwrap(), t.state.clock.now()).await.unwrap();
    assert_eq!(json!(grants.authorized_location_ids), p["explicitlyAuthorizedLocationIDs"]);
    assert_eq!(grants.food_bank_ids_with_delivery_enabled, vec![coh]);
    assert_eq!(grants.referral_codes.len(), 1);
    let code = &grants.referral_codes[0];
    assert_eq!(code.code, "FAITH2026");
    assert_eq!(code.pantry_location_ids.len(), 1);
    assert_eq!(code.food_banks.len(), 1);
    assert!(code.food_banks[0].food_bank_id == coh && !code.food_banks[0].is_delivery_enabled);
    assert!(grants.can_access_pantry(code.pantry_location_ids[0], true));
}

async fn profile_update_validates_and_keeps_email(t: &TestApp) {
    let email = unique_email("update");
    let jwt = register(t, &email).await;
    let before = profile(t, &jwt).await;
    let change = json!({
        "firstName": "Sam", "lastName": " Roe ", "phoneNumber": "(312) 555-0123", "postalCode": "60602",
        "isTextMessageNotificationEnabled": false, "eMailAddress": "changed@example.org", "password": "ignored"
    });
    let r = t.put("/api/v1/account/profile", Some(&jwt), change).await;
    let p = r.value().clone();
    assert_eq!((&p["firstName"], &p["lastName"], &p["postalCode"]), (&json!("Sam"), &json!("Roe"), &json!("60602")));
    assert_eq!(p["eMailAddress"], email.to_lowercase(), "e-mail is not changed here");
    assert_eq!(p["isTextMessageNotificationEnabled"], false);
    assert_eq!(p["isEmailNotificationEnabled"], true, "omitted preferences keep their value");
    // A Chicago ZIP moves the default food bank to the one serving Chicago.
    assert_eq!(p["defaultFoodBank"]["code"], "CHI");
    assert_eq!(profile(t, &jwt).await, p, "GET answers what PUT saved");
    // The password was not changed either.
    t.login(&email, "correct horse battery").await;

    // An explicit default food bank wins; an unknown one is refused.
    let coh = before["defaultFoodBank"]["id"].clone();
    let body = |extra: Value| {
        let mut b = json!({ "firstName": "Sam", "lastName": "Roe", "phoneNumber": "(312) 555-0123" });
        b.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        b
    };
    let r = t.put("/api/v1/account/profile", Some(&jwt), body(json!({ "defaultFoodBank": { "id": coh } }))).await;
    assert_eq!(r.value()["defaultFoodBank"]["id"], coh);
    assert_eq!(r.value()["postalCode"], Value::Null, "an omitted ZIP is cleared");

    let bad = [
        (json!({ "firstName": " " }), "firstName"),
        (json!({ "phoneNumber": "312-555-0123" }), "phoneNumber"),
        (json!({ "postalCode": "6060" }), "postalCode"),
        (json!({ "lastName": "x".repeat(101) }), "lastName"),
        (json!({ "defaultFoodBank": { "id": 987_654 } }), "defaultFoodBank"),
    ];
    for (change, field) in bad {
        let r = t.put("/api/v1/account/profile", Some(&jwt), body(change)).await;
        assert_eq!(error_fields(&r), vec![field.to_owned()], "{}", r.body);
    }
    let r = t
        .put(
            "/api/v1/account/profile",
            Some(&jwt),
            json!({ "firstName": "NoLastName", "phoneNumber": "(312) 555-0123" }),
        )
        .await;
    assert_refused(&r, 400);
    let after = profile(t, &jwt).await;
    assert_eq!(
        (&after["firstName"], &after["defaultFoodBank"]["id"]),
        (&json!("Sam"), &coh),
        "refusals changed nothing"
    );
}

async fn wrong_password_and_unknown_email_look_alike(t: &TestApp) {
    let wrong = login_reply(t, DEMO_EMAIL, "not the password").await;
    let unknown = login_reply(t, &unique_email("nobody"), DEMO_PASSWORD).await;
    assert_refused(&wrong, 401);
    assert_eq!((wrong.status, &wrong.body), (unknown.status, &unknown.body));
    assert!(wrong.failure().contains("error authenticating"), "{}", wrong.failure());
    // Blank credentials are refused before any lookup.
    assert_refused(&login_reply(t, "  ", "x").await, 400);
    assert_refused(&login_reply(t, DEMO_EMAIL, " ").await, 400);
    // The demo password still works: failures below the limit do not lock the account.
    t.demo_token().await;
}

async fn login_failures_are_rate_limited_per_account_and_per_ip(t: &TestApp) {
    let email = unique_email("limited");
    register(t, &email).await;
    // A success clears the account's count.
    for _ in 0..4 {
        assert_refused(&login_reply(t, &email, "wrong").await, 401);
    }
    t.login(&email, "correct horse battery").await;
    for _ in 0..5 {
        assert_refused(&login_reply(t, &email, "wrong").await, 401);
    }
    let r = login_reply(t, &email, "correct horse battery").await;
    assert_refused(&r, 429);
    assert!(r.failure().contains("Too many"), "{}", r.failure());
    // Other accounts from this client are still served (9 failures so far)...
    t.demo_token().await;
    // ...until the client's own failures reach 20, whatever the accounts.
    for i in 0..11 {
        assert_refused(&login_reply(t, &unique_email(&format!("spray{i}")), "wrong").await, 401);
    }
    assert_refused(&login_reply(t, DEMO_EMAIL, DEMO_PASSWORD).await, 429);
}

async fn registration_refusals_write_nothing(t: &TestApp) {
    let email = unique_email("refused");
    let with = |field: &str, value: Value| {
        let mut b = registration(&email);
        b[field] = value;
        b
    };
    let cases = [
        (with("firstName", json!("  ")), vec!["firstName"]),
        (with("eMailAddress", json!("pat@localhost")), vec!["eMailAddress"]),
        (with("phoneNumber", json!("6145550100")), vec!["phoneNumber"]),
        (with("postalCode", json!("432")), vec!["postalCode"]),
        (with("password", json!("   ")), vec!["password"]),
        (with("isEligible", json!(false)), vec!["isEligible"]),
        (with("isEligible", json!(null)), vec!["isEligible"]),
        (with("lastName", json!("x".repeat(101))), vec!["lastName"]),
        (with("password", json!("p".repeat(257))), vec!["password"]),
    ];
    let mut unticked = registration(&email);
    unticked.as_object_mut().unwrap().remove("isEligible");
    for (body, fields) in cases.into_iter().chain([(unticked, vec!["isEligible"])]) {
        let r = t.post("/api/v1/account", None, body).await;
        assert_eq!(error_fields(&r), fields, "{}", r.body);
        assert_eq!(r.failure(), "Please verify all required fields.");
    }
    let r = t.post("/api/v1/account", None, with("isEligible", json!("yes"))).await;
    assert_refused(&r, 400);
    // None of them created the account: the e-mail is still free.
    let r = t.post("/api/v1/account", None, with("isEligible", json!(true))).await;
    assert!(r.value()["jwt"].is_string());
}

async fn send_raw(
    t: &TestApp,
    method: Method,
    uri: &str,
    token: Option<&str>,
    content_type: Option<&str>,
    body: Vec<u8>,
) -> ApiReply {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(ct) = content_type {
        req = req.header(header::CONTENT_TYPE, ct);
    }
    if let Some(token) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    t.send(req.body(Body::from(body)).unwrap()).await
}

async fn registrations_are_limited_per_address(t: &TestApp) {
    for _ in 0..orderahead::config::REGISTRATIONS_PER_HOUR {
        register(t, &unique_email("many")).await;
    }
    let r = t.post("/api/v1/account", None, registration(&unique_email("one-more"))).await;
    assert_refused(&r, 429);
    assert_eq!(r.failure(), "Too many new accounts from this network. Please try again later.");
}

async fn malformed_bodies_are_4xx_envelopes_and_write_nothing(t: &TestApp) {
    let email = unique_email("malformed");
    let json_ct = Some("application/json");
    let mut wrong_type = registration(&email);
    wrong_type["isEmailNotificationEnabled"] = json!("yes");
    let mut missing = registration(&email);
    missing.as_object_mut().unwrap().remove("phoneNumber");
    let mut huge = registration(&email);
    huge["lastName"] = json!("x".repeat(10 * 1024 * 1024));
    let cases: Vec<(Option<&str>, Vec<u8>, u16)> = vec![
        (json_ct, b"{\"firstName\": ".to_vec(), 400),
        (json_ct, b"[1, 2, 3]".to_vec(), 400),
        (json_ct, wrong_type.to_string().into_bytes(), 400),
        (json_ct, missing.to_string().into_bytes(), 400),
        (json_ct, huge.to_string().into_bytes(), 413),
        (None, registration(&email).to_string().into_bytes(), 415),
        (Some("text/plain"), registration(&email).to_string().into_bytes(), 415),
    ];
    for (ct, body, status) in cases {
        let r = send_raw(t, Method::POST, "/api/v1/account", None, ct, body).await;
        assert_refused(&r, status);
        assert!(r.body["value"].is_null(), "{}", r.body);
    }
    assert_refused(&login_reply(t, &email, "correct horse battery").await, 401);

    // The same for a signed-in write: nothing reaches the addresses.
    let token = register(t, &email).await;
    for (body, status) in [(b"{".to_vec(), 400), (br#"{"name": 5, "address": {}}"#.to_vec(), 400)] {
        let r = send_raw(t, Method::POST, "/api/v1/account/addresses", Some(&token), json_ct, body).await;
        assert_refused(&r, status);
    }
    let login_body = br#"{"Username": "a@b.co"}"#.to_vec();
    assert_refused(&send_raw(t, Method::POST, "/api/v1/account/login", None, json_ct, login_body).await, 400);
    assert_eq!(t.get("/api/v1/account/addresses", Some(&token)).await.value(), &json!([]));
}

fn signed(claims: &Claims, secret: &[u8]) -> String {
    use jsonwebtoken::{EncodingKey, Header, encode};
    encode(&Header::default(), claims, &EncodingKey::from_secret(secret)).unwrap()
}

async fn missing_expired_forged_and_revoked_tokens_are_401(t: &TestApp) {
    let good = t.demo_token().await;
    let id = profile(t, &good).await["id"].as_i64().unwrap();
    let now = chrono::Utc::now().timestamp() as u64;
    let claims = |sub: i64, exp: u64, ver: i32| Claims {
        sub: sub.to_string(),
        iss: ISSUER.into(),
        iat: now - 10,
        exp,
        ver,
        sid: "test".into(),
    };
    let secret = b"api tests secret, 32 bytes long!";
    // Sanity: a token made like this is accepted when valid.
    assert_eq!(t.get("/api/v1/account/profile", Some(&signed(&claims(id, now + 600, 0), secret))).await.status, 200);
    let bad = [
        signed(&claims(id, now - 5, 0), secret),
        signed(&claims(id, now + 600, 0), b"someone else's secret, 32 bytes!"),
        signed(&claims(id, now + 600, 1), secret),
        signed(&claims(987_654, now + 600, 0), secret),
        format!("{good}x"),
        "not a token".into(),
    ];
    let paths = ["/api/v1/account/profile", "/api/v1/account/addresses", "/api/v1/account/eligibilitystatus"];
    for token in &bad {
        for path in paths {
            let r = t.get(path, Some(token)).await;
            assert_refused(&r, 401);
        }
    }
    for path in paths {
        assert_refused(&t.get(path, None).await, 401);
    }
    assert_refused(&t.put("/api/v1/account/profile", None, json!({})).await, 401);
    assert_refused(&t.post("/api/v1/account/addresses", None, json!({})).await, 401);
    assert_refused(&t.post("/api/v1/account/survey", None, json!({})).await, 401);
    assert_refused(&t.delete("/api/v1/account/addresses/1", None).await, 401);
}

pub fn address(name: &str, primary: bool) -> Value {
    json!({
        "name": name, "isPrimary": primary, "notes": "Ring twice",
        "address": { "addressLine1": "867 Mt Vernon Ave", "addressLine2": null, "city": "Columbus",
                     "province": "oh", "postalCode": "43203", "countryCode": "USA" }
    })
}

async fn addresses_crud_with_one_primary(t: &TestApp) {
    let token = register(t, &unique_email("addresses")).await;
    let first = t.post("/api/v1/account/addresses", Some(&token), address(" Home ", true)).await.value().clone();
    assert!(first["id"].is_i64() && first["address"]["id"].is_i64());
    assert_eq!(
        (&first["name"], &first["isPrimary"], &first["notes"]),
        (&json!("Home"), &json!(true), &json!("Ring twice"))
    );
    let a = &first["address"];
    assert_eq!((&a["province"], &a["postalCode"], &a["countryCode"]), (&json!("OH"), &json!("43203"), &json!("USA")));
    // Geocoded from the ZIP table, for the delivery flow.
    let (lat, lng) = (a["latitude"].as_f64().unwrap(), a["longitude"].as_f64().unwrap());
    assert!((39.8..40.1).contains(&lat) && (-83.1..-82.8).contains(&lng), "{a}");

    // A second primary takes over.
    let second = t.post("/api/v1/account/addresses", Some(&token), address("Work", true)).await.value().clone();
    let list = t.get("/api/v1/account/addresses", Some(&token)).await.value().clone();
    let primaries: Vec<_> = list.as_array().unwrap().iter().filter(|a| a["isPrimary"] == true).collect();
    assert_eq!(primaries.len(), 1);
    assert_eq!(list[0]["id"], second["id"], "primary first");
    assert_eq!(list[1]["id"], first["id"]);

    // Editing the first into primary moves the mark back; fields change in place.
    let mut edit = address("Home", true);
    edit["notes"] = json!(null);
    edit["address"]["addressLine2"] = json!("Apt 2");
    edit["address"]["postalCode"] = json!("43215");
    let uri = format!("/api/v1/account/addresses/{}", first["id"]);
    let edited = t.put(&uri, Some(&token), edit).await.value().clone();
    assert_eq!((&edited["id"], &edited["address"]["id"]), (&first["id"], &first["address"]["id"]));
    assert_eq!((&edited["notes"], &edited["address"]["addressLine2"]), (&Value::Null, &json!("Apt 2")));
    assert_eq!(edited["address"]["postalCode"], "43215");
    let list = t.get("/api/v1/account/addresses", Some(&token)).await.value().clone();
    let flags: Vec<_> = list.as_array().unwrap().iter().map(|a| (a["id"].clone(), a["isPrimary"].clone())).collect();
    assert_eq!(flags, vec![(first["id"].clone(), json!(true)), (second["id"].clone(), json!(false))]);
    assert_eq!(profile(t, &token).await["foodInsecureNeighborAddresses"], list);

    // Delete, then it is gone; deleting again is a 404.
    let uri2 = format!("/api/v1/account/addresses/{}", second["id"]);
    assert_eq!(t.delete(&uri2, Some(&token)).await.value(), &json!(true));
    assert_refused(&t.delete(&uri2, Some(&token)).await, 404);
    assert_refused(&t.put(&uri2, Some(&token), address("Gone", false)).await, 404);
    let list = t.get("/api/v1/account/addresses", Some(&token)).await.value().clone();
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_refused(&t.delete("/api/v1/account/addresses/abc", Some(&token)).await, 400);
}

async fn other_users_addresses_are_not_found(t: &TestApp) {
    let demo = t.demo_token().await;
    let theirs = t.get("/api/v1/account/addresses", Some(&demo)).await.value().clone();
    let id = theirs[0]["id"].as_i64().unwrap();
    let mine = register(t, &unique_email("snoop")).await;
    let uri = format!("/api/v1/account/addresses/{id}");
    let r = t.put(&uri, Some(&mine), address("Mine now", true)).await;
    assert_refused(&r, 404);
    let missing = t.put("/api/v1/account/addresses/987654", Some(&mine), address("x", false)).await;
    assert_eq!((r.status, &r.body), (missing.status, &missing.body), "someone else's id looks like a missing one");
    assert_refused(&t.delete(&uri, Some(&mine)).await, 404);
    // The owner's addresses are untouched, and the snoop has none.
    assert_eq!(t.get("/api/v1/account/addresses", Some(&demo)).await.value(), &theirs);
    assert_eq!(t.get("/api/v1/account/addresses", Some(&mine)).await.value(), &json!([]));
}

async fn address_validation_writes_nothing(t: &TestApp) {
    let token = register(t, &unique_email("badaddress")).await;
    let with = |path: &[&str], value: Value| {
        let mut b = address("Home", true);
        let mut at = &mut b;
        for p in &path[..path.len() - 1] {
            at = &mut at[*p];
        }
        at[path[path.len() - 1]] = value;
        b
    };
    let cases = [
        (with(&["name"], json!(" ")), "name"),
        (with(&["notes"], json!("n".repeat(251))), "notes"),
        (with(&["address", "addressLine1"], json!("")), "addressLine1"),
        (with(&["address", "city"], json!("  ")), "city"),
        (with(&["address", "province"], json!("ZZ")), "province"),
        (with(&["address", "postalCode"], json!("4320")), "postalCode"),
        (with(&["address", "countryCode"], json!("CAN")), "countryCode"),
        (with(&["address", "addressLine2"], json!("l".repeat(201))), "addressLine2"),
    ];
    for (body, field) in cases {
        let r = t.post("/api/v1/account/addresses", Some(&token), body).await;
        assert_eq!(error_fields(&r), vec![field.to_owned()], "{}", r.body);
    }
    // 250 characters of notes are fine.
    let ok = t.post("/api/v1/account/addresses", Some(&token), with(&["notes"], json!("é".repeat(250)))).await;
    let saved = ok.value().clone();
    // A refused edit leaves the stored address as it was.
    let uri = format!("/api/v1/account/addresses/{}", saved["id"]);
    assert_eq!(
        error_fields(&t.put(&uri, Some(&token), with(&["address", "postalCode"], json!("x"))).await),
        vec!["postalCode"]
    );
    assert_eq!(t.get("/api/v1/account/addresses", Some(&token)).await.value(), &json!([saved]));
}

/// The Spanish table's text for an English refusal.
fn spanish(english: &str) -> String {
    let table: Value =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/host/i18n/api.es.json"))).unwrap();
    table[english].as_str().unwrap_or_else(|| panic!("no Spanish for {english}")).to_owned()
}

async fn refusals_come_in_the_callers_language(t: &TestApp) {
    let post_in = |uri: &str, lang: (&'static str, &'static str), body: Value| {
        axum::http::Request::post(uri)
            .header("content-type", "application/json")
            .header(lang.0, lang.1)
            .body(axum::body::Body::from(body.to_string()))
            .unwrap()
    };
    let wrong = json!({ "Username": DEMO_EMAIL, "Password": "not the password" });
    let es = t.send(post_in("/api/v1/account/login", ("accept-language", "es-US,es;q=0.9"), wrong.clone())).await;
    assert_eq!(es.status, 401);
    let login_failed = "There was an error authenticating: the email address or password is incorrect.";
    assert_eq!(es.body["failureReason"], spanish(login_failed));
    let en = t.send(post_in("/api/v1/account/login", ("cookie", "oa_lang=en"), wrong)).await;
    assert_eq!(en.body["failureReason"], login_failed);
    // The code is the same in every language, and the app's catalog words it as the server does.
    for reply in [&es, &en] {
        assert_eq!((&reply.body["failureCode"], &reply.body["failureData"]), (&json!("loginFailed"), &Value::Null));
    }
    let app_es: Value =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/es.json"))).unwrap();
    assert_eq!(app_es["refusal.loginFailed"], es.body["failureReason"]);

    // Field errors too, and the field names stay as the app knows them.
    let mut incomplete = registration(&unique_email("es"));
    incomplete["firstName"] = json!("");
    let r = t.send(post_in("/api/v1/account?lang=es", ("accept-language", "en"), incomplete)).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.body["failureReason"], spanish("Please verify all required fields."));
    let errors = r.body["value"]["errors"].as_array().unwrap();
    let first_name = errors.iter().find(|e| e["field"] == "firstName").expect("firstName refused");
    assert_eq!(first_name["message"], spanish("This field is required"));
}
