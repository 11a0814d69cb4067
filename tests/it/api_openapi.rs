//! The OpenAPI document matches the router: every documented operation is
//! routed (it never hits the API's "no such path" fallback or a 405); its parameters
//! have the shapes the server validates; every answer is in the envelope; and the copy
//! committed for the app's generated types (app/src/lib/api/openapi.json) is current.
use crate::{
    api_support::{Backend, TestApp},
    on_both,
};
use axum::http::Method;
use serde_json::{Value, json};

on_both!(every_documented_operation_is_routed);

/// The document the app's TypeScript types are generated from.
const COMMITTED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/lib/api/openapi.json");

async fn every_documented_operation_is_routed(t: &TestApp) {
    let doc = t.get("/api/v1/openapi.json", None).await.body;
    assert_eq!(doc["openapi"], "3.1.0");
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

/// Every operation of the document, as `(method, path, operation)`.
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut ops = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            ops.push((method.to_uppercase(), path.clone(), op.clone()));
        }
    }
    ops
}

fn param<'a>(op: &'a Value, name: &str) -> &'a Value {
    op["parameters"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == name))
        .unwrap_or_else(|| panic!("no parameter {name} in {op}"))
}

#[tokio::test]
async fn parameters_have_the_shapes_the_server_accepts() {
    let t = TestApp::new(Backend::Sqlite).await;
    let doc = t.get("/api/v1/openapi.json", None).await.body;
    let ops = operations(&doc);
    assert_eq!(ops.len(), 129, "operations documented");
    let row_id = json!({ "type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX });
    for (method, path, op) in &ops {
        for p in op["parameters"].as_array().into_iter().flatten() {
            let name = p["name"].as_str().unwrap();
            if p["in"] == "path" {
                assert_eq!(p["required"], true, "{method} {path}: {name} is required");
            }
            // Row ids: every `id` and `…Id` parameter is a positive 64-bit integer.
            if name == "id" || (name.ends_with("Id") && name != "uniqueId") {
                assert_eq!(p["schema"], row_id, "{method} {path}: {name}");
            }
        }
    }
    let op = |m: &str, p: &str| ops.iter().find(|(om, op, _)| om == m && op == p).unwrap().2.clone();
    let zip = json!({ "type": "string", "pattern": "^[0-9]{5}$" });
    for (m, p, name) in [
        ("GET", "/counties/postalcode/{postalCode}", "postalCode"),
        ("GET", "/tefapeligibility/postalcodes/{code}", "code"),
        ("GET", "/tefapeligibility/guidelines/{postalCode}", "postalCode"),
        ("GET", "/foodbanks/locations", "zip"),
    ] {
        assert_eq!(param(&op(m, p), name)["schema"], zip, "{m} {p}");
    }
    assert_eq!(
        param(&op("GET", "/locations/geocode/{text}"), "text")["schema"],
        json!({ "type": "string", "pattern": "^[0-9]{5}(-[0-9]{4})?$" })
    );
    let search = op("GET", "/locations");
    assert_eq!(param(&search, "lat")["schema"], json!({ "type": "number", "minimum": -90, "maximum": 90 }));
    assert_eq!(param(&search, "lng")["schema"], json!({ "type": "number", "minimum": -180, "maximum": 180 }));
    assert_eq!(
        (param(&search, "lat")["required"].clone(), param(&search, "lng")["required"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(param(&search, "radiusMiles")["schema"], json!({ "type": "number", "enum": [10.0, 15.0, 20.0] }));
    assert_eq!(param(&search, "radiusMiles")["required"], false);
    for name in ["token", "code"] {
        assert_eq!(param(&op("GET", "/user/password/validate"), name)["required"], true);
        assert_eq!(param(&op("POST", "/user/password"), name)["required"], true);
    }
    assert_eq!(
        param(&op("PUT", "/account/language/{language}"), "language")["schema"],
        json!({ "type": "string", "enum": orderahead::catalog::Lang::all().map(|l| l.code()).collect::<Vec<_>>() })
    );
}

#[tokio::test]
async fn every_answer_is_documented_in_its_envelope() {
    let t = TestApp::new(Backend::Sqlite).await;
    let doc = t.get("/api/v1/openapi.json", None).await.body;
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["Envelope"]["required"], json!(["successful", "value", "failureReason"]));
    assert_eq!(schemas["Failure"]["properties"]["successful"]["enum"], json!([false]));
    assert_eq!(doc["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    let signed_in = regex_lite::Regex::new(
        r"^(/account|/orders?\b|/limits/.*/(orders|check)$|/messages/\{id\}/read|/tefapeligibility/responses/)",
    )
    .unwrap();
    for (method, path, op) in operations(&doc) {
        let ok = &op["responses"]["200"]["content"]["application/json"]["schema"]["allOf"];
        assert_eq!(ok[0]["$ref"], "#/components/schemas/Envelope", "{method} {path}");
        assert!(ok[1]["properties"]["value"].is_object(), "{method} {path}");
        assert_eq!(
            op["responses"]["4XX"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Failure",
            "{method} {path}"
        );
        // Registration, login and logout (which only drops the session cookie, so a refused
        // token can still sign out) are the open calls under /account; referral codes and the
        // favourite are the shopper's own.
        let open = (method == "POST" && (path == "/account" || path == "/account/login" || path == "/account/logout"))
            || (path.starts_with("/referralcodes") && method == "GET");
        // Signed-in calls list only bearer requirements (with the role they need, see api_access).
        let authenticated = op["security"].as_array().is_some_and(|alternatives| {
            !alternatives.is_empty() && alternatives.iter().all(|r| r.get("bearer").is_some())
        });
        if signed_in.is_match(&path) && !open {
            assert!(authenticated, "{method} {path} needs a bearer token");
        }
    }
    // Every reference resolves to a schema of the document.
    let text = doc.to_string();
    for r in regex_lite::Regex::new(r##""#/components/schemas/([^"]+)""##).unwrap().captures_iter(&text) {
        assert!(schemas.get(&r[1]).is_some(), "dangling reference to {}", &r[1]);
    }
}

/// The app generates its types from the committed copy; it must be what the server serves.
/// `OPENAPI_UPDATE=1 cargo test --test it api_openapi` rewrites it.
#[tokio::test]
async fn the_committed_document_is_current() {
    let t = TestApp::new(Backend::Sqlite).await;
    let served = t.get("/api/v1/openapi.json", None).await.body;
    let pretty = serde_json::to_string_pretty(&served).unwrap() + "\n";
    if std::env::var_os("OPENAPI_UPDATE").is_some() {
        std::fs::write(COMMITTED, &pretty).unwrap();
        return;
    }
    let committed = std::fs::read_to_string(COMMITTED).unwrap_or_default();
    assert!(
        committed == pretty,
        "{COMMITTED} differs from the document the server serves; rewrite it with \
         `OPENAPI_UPDATE=1 cargo test --test it api_openapi` and commit it (the app's types are generated from it)"
    );
}
