//! NUL characters, which PostgreSQL cannot store in text, are refused with a 400
//! envelope wherever they come in (JSON string or key, path segment, query), and
//! never reach the database (on both databases).
use crate::{
    api_account::{registration, unique_email},
    api_support::TestApp,
    on_both,
};
use serde_json::{Value, json};

on_both!(nul_characters_are_refused_with_400);

const NUL_REFUSED: &str = "The request contains a NUL character (\\u0000 or %00), which is not accepted.";

async fn nul_characters_are_refused_with_400(t: &TestApp) {
    let token = t.demo_token().await;
    let mut in_value = registration(&unique_email("nul"));
    in_value["firstName"] = json!("Pat\u{0}");
    let mut in_key = registration(&unique_email("nul"));
    in_key.as_object_mut().unwrap().insert("extra\u{0}".into(), json!(1));
    let nested = json!({ "name": "Home", "address": { "addressLine1": "1 Main\u{0}St" } });
    let replies = [
        t.post("/api/v1/account", None, in_value).await,
        t.post("/api/v1/account", None, in_key).await,
        t.post("/api/v1/account/addresses", Some(&token), nested).await,
        t.post("/api/v1/account/login", None, json!({ "Username": "a\u{0}@example.org", "Password": "x" })).await,
        t.get("/api/v1/content/infocards/MOFB%00", None).await,
        t.get("/api/v1/counties/postalcode/432%0015", None).await,
        t.get("/api/v1/locations/geocode/Columbus%00", None).await,
        t.get("/api/v1/user/password/validate?token=abc%00&code=123456", None).await,
    ];
    for r in &replies {
        assert_eq!(r.status, 400, "{}", r.body);
        assert_eq!(r.failure(), NUL_REFUSED);
        assert_eq!(r.body["value"], Value::Null);
    }
    // An escaped backslash followed by "u0000" is ordinary text, and "%2500" a literal "%00".
    let mut text = registration(&unique_email("backslash"));
    text["firstName"] = json!("Pat \\u0000");
    assert_eq!(t.post("/api/v1/account", None, text).await.status, 200);
    assert_ne!(t.get("/api/v1/content/infocards/MOFB%2500", None).await.status, 400);
}
