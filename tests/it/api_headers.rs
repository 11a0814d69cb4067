//! Answers to a request with credentials are personal: never stored by a cache.
use crate::{api_support::TestApp, on_both};
use axum::{
    body::Body,
    http::{Request, header},
};
use serde_json::json;
use tower::ServiceExt;

on_both!(authorized_answers_are_not_stored, answers_carrying_a_token_are_not_stored);

async fn cache_control(t: &TestApp, uri: &str, token: Option<&str>) -> Option<String> {
    let mut req = Request::builder().uri(uri);
    if let Some(token) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {token}"));
    }
    let res = t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    res.headers().get(header::CACHE_CONTROL).map(|v| v.to_str().unwrap().to_owned())
}

async fn authorized_answers_are_not_stored(t: &TestApp) {
    let token = t.demo_token().await;
    assert_eq!(cache_control(t, "/api/v1/account/profile", Some(&token)).await.as_deref(), Some("no-store"));
    // Refusals too: a 401 for a bad token, a 404 for another path.
    assert_eq!(cache_control(t, "/api/v1/account/profile", Some("forged")).await.as_deref(), Some("no-store"));
    assert_eq!(cache_control(t, "/api/v1/nowhere", Some(&token)).await.as_deref(), Some("no-store"));
    assert_ne!(cache_control(t, "/api/v1/genders", None).await.as_deref(), Some("no-store"));
}

/// Login and sign-up answer the session token (in the body and the cookie) to a request without
/// credentials: no cache may keep them either. Both also set the device cookie.
async fn answers_carrying_a_token_are_not_stored(t: &TestApp) {
    let email = crate::api_account::unique_email("nostore");
    for (uri, body) in [
        ("/api/v1/account", crate::api_account::registration(&email)),
        ("/api/v1/account/login", json!({ "Username": email, "Password": "correct horse battery" })),
    ] {
        let req =
            Request::post(uri).header(header::CONTENT_TYPE, "application/json").body(Body::from(body.to_string()));
        let res = t.app().oneshot(req.unwrap()).await.unwrap();
        assert_eq!(res.status(), 200, "{uri}");
        assert_eq!(res.headers().get(header::CACHE_CONTROL).unwrap(), "no-store", "{uri}");
        let cookies: Vec<&str> =
            res.headers().get_all(header::SET_COOKIE).iter().map(|v| v.to_str().unwrap()).collect();
        assert!(cookies.iter().any(|c| c.starts_with("oa_session=")), "{uri}: {cookies:?}");
        assert!(cookies.iter().any(|c| c.starts_with("oa_device=")), "a sign-in marks the device: {uri}: {cookies:?}");
    }
}
