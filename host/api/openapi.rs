//! `GET /api/v1/openapi.json`: the OpenAPI 3 document, assembled from the
//! `openapi()` fragment each API module keeps next to its routes.
use super::{
    account, content, favorites, foodbanks, geography, limits, locations, logs, orders, reference, referrals, tefap,
};
use crate::state::AppState;
use axum::{Json, Router, routing::get};
use serde_json::{Map, Value, json};
use std::sync::LazyLock;

/// Every module's `(paths, schemas)` fragment.
fn fragments() -> Vec<Value> {
    vec![
        reference::openapi(),
        locations::openapi(),
        foodbanks::openapi(),
        limits::openapi(),
        referrals::openapi(),
        tefap::openapi(),
        geography::openapi(),
        content::openapi(),
        favorites::openapi(),
        logs::openapi(),
        account::openapi(),
        orders::openapi(),
    ]
}

pub fn router() -> Router<AppState> {
    Router::new().route("/openapi.json", get(|| async { Json(DOCUMENT.clone()) }))
}

pub static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
    let mut paths = Map::new();
    let mut schemas = Map::new();
    for fragment in fragments() {
        if let Some(p) = fragment["paths"].as_object() {
            paths.extend(p.clone());
        }
        if let Some(s) = fragment["schemas"].as_object() {
            schemas.extend(s.clone());
        }
    }
    schemas.extend(common_schemas());
    json!({
        "openapi": "3.0.3",
        "info": { "title": "OrderAhead API", "version": env!("CARGO_PKG_VERSION") },
        "servers": [{ "url": "/api/v1" }],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": { "bearer": { "type": "http", "scheme": "bearer", "bearerFormat": "JWT" } }
        }
    })
});

fn common_schemas() -> Map<String, Value> {
    let envelope = json!({
        "type": "object",
        "required": ["successful", "value", "failureReason"],
        "properties": {
            "successful": { "type": "boolean" },
            "value": {},
            "failureReason": { "type": "string", "nullable": true }
        }
    });
    let failure = json!({
        "type": "object",
        "required": ["successful", "failureReason"],
        "properties": {
            "successful": { "type": "boolean", "enum": [false] },
            "value": { "nullable": true },
            "failureReason": { "type": "string" }
        }
    });
    Map::from_iter([("Envelope".to_owned(), envelope), ("Failure".to_owned(), failure)])
}

/// An operation whose success value has `value_schema`; adds the failure answers every call can give.
pub fn operation(summary: &str, value_schema: Value, auth: bool) -> Value {
    let mut op = json!({
        "summary": summary,
        "responses": {
            "200": { "description": "successful", "content": { "application/json": { "schema": {
                "allOf": [ { "$ref": "#/components/schemas/Envelope" },
                           { "type": "object", "properties": { "value": value_schema } } ] } } } },
            "4XX": { "description": "refused", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Failure" } } } }
        }
    });
    if auth {
        op["security"] = json!([{ "bearer": [] }]);
    }
    op
}

/// `operation` with a JSON request body.
pub fn operation_with_body(summary: &str, body_schema: Value, value_schema: Value, auth: bool) -> Value {
    let mut op = operation(summary, value_schema, auth);
    op["requestBody"] = json!({ "required": true, "content": { "application/json": { "schema": body_schema } } });
    op
}

/// Path and query parameters, `(name, in, kind)`. A kind is a JSON type, or one of the shapes
/// the API validates, so that a client (or a fuzzer) generating from the document sends what
/// the server accepts: `id` (a row id, 64-bit), `zip` (five digits), `zip+4`, `latitude`,
/// `longitude`, `radius` (the search radii in miles). Path parameters are required; a query
/// parameter is when its kind ends in `!`.
pub fn with_params(mut op: Value, params: &[(&str, &str, &str)]) -> Value {
    op["parameters"] = params
        .iter()
        .map(|(name, place, kind)| {
            let (kind, required) = kind.strip_suffix('!').map_or((*kind, *place == "path"), |k| (k, true));
            json!({ "name": name, "in": place, "required": required, "schema": param_schema(kind) })
        })
        .collect();
    op
}

fn param_schema(kind: &str) -> Value {
    match kind {
        "id" => json!({ "type": "integer", "format": "int64", "minimum": 1, "maximum": i64::MAX }),
        "zip" => json!({ "type": "string", "pattern": "^[0-9]{5}$" }),
        "zip+4" => json!({ "type": "string", "pattern": "^[0-9]{5}(-[0-9]{4})?$" }),
        "latitude" => json!({ "type": "number", "minimum": -90, "maximum": 90 }),
        "longitude" => json!({ "type": "number", "minimum": -180, "maximum": 180 }),
        "radius" => json!({ "type": "number", "enum": super::locations::SEARCH_RADII_MILES }),
        ty => json!({ "type": ty }),
    }
}
