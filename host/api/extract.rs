//! Axum's extractors, with their rejections answered in the API envelope, and input
//! the databases cannot store refused here, once for every handler: PostgreSQL
//! rejects text containing NUL (`\u0000` in JSON, `%00` in a URL), which would
//! otherwise surface as a failed query.
use super::error::ApiError;
use axum::{
    extract::{FromRequest, FromRequestParts, Request},
    http::request::Parts,
};
use serde::de::DeserializeOwned;
use serde_json::Value;

pub const NUL_REFUSED: &str = "The request contains a NUL character (\\u0000 or %00), which is not accepted.";

/// A JSON body; malformed JSON, wrong types, missing fields, NUL characters or an
/// oversize body are 4xx envelopes.
pub struct Body<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        // Parsed to a tree first so every string and key can be checked before typing.
        let axum::Json(value) = axum::Json::<Value>::from_request(req, state).await?;
        if contains_nul(&value) {
            return Err(ApiError::BadRequest(NUL_REFUSED.into()));
        }
        serde_json::from_value(value).map(Body).map_err(|e| {
            ApiError::BadRequest(format!("Failed to deserialize the JSON body into the target type: {e}").into())
        })
    }
}

fn contains_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(contains_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || contains_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// In a well-formed URI '%' always starts an escape, so "%00" can only be an encoded NUL
/// (a literal "%00" text arrives as "%2500").
fn encodes_nul(raw: &str) -> bool {
    raw.as_bytes().windows(3).any(|w| w == b"%00")
}

pub struct PathParams<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for PathParams<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if encodes_nul(parts.uri.path()) {
            return Err(ApiError::BadRequest(NUL_REFUSED.into()));
        }
        let axum::extract::Path(v) = axum::extract::Path::<T>::from_request_parts(parts, state).await?;
        Ok(Self(v))
    }
}

pub struct QueryParams<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for QueryParams<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        if parts.uri.query().is_some_and(encodes_nul) {
            return Err(ApiError::BadRequest(NUL_REFUSED.into()));
        }
        let axum::extract::Query(v) = axum::extract::Query::<T>::from_request_parts(parts, state).await?;
        Ok(Self(v))
    }
}

pub const IDEMPOTENCY_KEY_HEADER: &str = "idempotency-key";

/// The optional `Idempotency-Key` of a write a retry must not repeat (an order, a stock move):
/// 1 to 255 visible ASCII characters.
pub fn idempotency_key(headers: &axum::http::HeaderMap) -> Result<Option<String>, ApiError> {
    use crate::model::orders::MAX_IDEMPOTENCY_KEY_LEN;
    let Some(raw) = headers.get(IDEMPOTENCY_KEY_HEADER) else { return Ok(None) };
    let key = raw.to_str().map(str::trim).unwrap_or_default();
    if key.is_empty() || key.len() > MAX_IDEMPOTENCY_KEY_LEN || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ApiError::BadRequest(
            format!("The Idempotency-Key header must be 1 to {MAX_IDEMPOTENCY_KEY_LEN} visible characters.").into(),
        ));
    }
    Ok(Some(key.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn nul_is_found_anywhere_in_a_body_or_url() {
        assert!(contains_nul(&json!({ "a": [1, { "b": "x\u{0}y" }] })));
        assert!(contains_nul(&json!({ "k\u{0}": 1 })));
        assert!(!contains_nul(&json!({ "a": ["\\u0000", null, true, 2.5] })));
        assert!(encodes_nul("/api/v1/x/%00") && encodes_nul("q=a%00b"));
        assert!(!encodes_nul("/api/v1/x/%2500") && !encodes_nul("q=100%25"));
    }
}
