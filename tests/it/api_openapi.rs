//! The OpenAPI document matches the router: every documented operation is
//! routed (it never hits the API's "no such path" fallback or a 405).
use crate::{api_support::TestApp, on_both};
use axum::http::Method;

on_both!(every_documented_operation_is_routed);

async fn every_documented_operation_is_routed(t: &TestApp) {
    let doc = t.get("/api/v1/openapi.json", None).await.body;
    assert_eq!(doc["openapi"], "3.0.3");
    let paths = doc["paths"].as_object().expect("paths");
    assert!(!paths.is_empty());
    for (path, ops) in paths {
        // Fill path parameters with a plausible id so the route matches.
        let uri = format!("/api/v1{}", regex_lite::Regex::new(r"\{[^}]+\}").unwrap().replace_all(path, "1"));
        for method in ops.as_object().unwrap().keys() {
            let m = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let r = t.call(m.clone(), &uri, None, None).await;
            let fallback = r.status == 404 && r.body["failureReason"] == "No such API path.";
            assert!(!fallback && r.status != 405, "{m} {uri} is documented but not routed: {} {}", r.status, r.body);
        }
    }
}
