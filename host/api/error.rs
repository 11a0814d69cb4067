//! One error type for the API, answered in the spec's envelope
//! `{successful:false, value:null, failureReason}` with a fitting 4xx/5xx status, plus the refusal's
//! stable `failureCode` and `failureData` (see [`failure_envelope`]).
use crate::{
    db::repo::StoreError,
    domain::{forms::FieldError, messages::Refusal},
};
use axum::{
    Json,
    extract::rejection::{JsonRejection, PathRejection, QueryRejection},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::{Value, json};
use std::time::Duration;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    BadRequest(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("{0}")]
    Conflict(String),
    /// A business rule refused the request (limits, stock, times): the message is the rule's.
    #[error("{0}")]
    Refused(String),
    /// A refusal the checkout mends by going back to one of its steps, named in the value
    /// (`{"step": "eligibility"}`) so the app need not read the message.
    #[error("{message}")]
    RefusedAtStep { message: String, step: &'static str },
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// Answered with `Retry-After`, so well-behaved clients know when to come back.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: Duration },
    #[error("{0}")]
    TimedOut(String),
    #[error("{message}")]
    Invalid { message: String, fields: Vec<FieldError> },
    /// A fault on our side; the cause is logged, the client gets a generic message.
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

pub const GENERIC_FAILURE: &str = "The service is temporarily unavailable. Please try again.";
pub const UNAUTHORIZED: &str = "Please log in to continue.";
pub const VERIFY_REQUIRED_FIELDS: &str = crate::domain::messages::VERIFY_REQUIRED_FIELDS;

impl ApiError {
    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found"))
    }

    pub fn too_many(message: impl Into<String>, retry_after: Duration) -> Self {
        Self::TooManyRequests { message: message.into(), retry_after }
    }

    pub fn invalid(fields: Vec<FieldError>) -> Self {
        Self::Invalid { message: VERIFY_REQUIRED_FIELDS.into(), fields }
    }

    fn status(&self) -> StatusCode {
        match self {
            Self::BadRequest(_) | Self::Invalid { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::Refused(_) | Self::RefusedAtStep { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::TimedOut(_) => StatusCode::REQUEST_TIMEOUT,
            Self::Internal(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (reason, value) = match &self {
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "API request failed");
                (GENERIC_FAILURE.to_owned(), serde_json::Value::Null)
            }
            Self::Invalid { message, fields } => (message.clone(), json!({ "errors": fields })),
            Self::RefusedAtStep { message, step } => (message.clone(), json!({ "step": step })),
            other => (other.to_string(), serde_json::Value::Null),
        };
        let mut response = (status, Json(failure_envelope(value, &reason))).into_response();
        if let Self::TooManyRequests { retry_after, .. } = &self {
            // Whole seconds, rounded up: "0" would invite an immediate retry.
            let secs = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        response
    }
}

/// A failure envelope. A reason that is a coded refusal (`domain::messages::REFUSALS`) also carries
/// `failureCode` and `failureData` (its placeholders' values, null when it has none), so clients word
/// it from their own catalog; any other reason has both null.
pub fn failure_envelope(value: Value, reason: &str) -> Value {
    let refusal = Refusal::recognize(reason);
    let data = refusal.as_ref().filter(|r| !r.data.is_empty()).map(|r| {
        let fields = r.data.iter().map(|(name, v)| ((*name).to_owned(), json!(v)));
        Value::Object(fields.collect())
    });
    json!({
        "successful": false,
        "value": value,
        "failureReason": reason,
        "failureCode": refusal.map(|r| r.code),
        "failureData": data,
    })
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict(_) => Self::Conflict("This already exists.".into()),
            StoreError::InvalidReference(_) => {
                Self::BadRequest("The request refers to something that does not exist.".into())
            }
            StoreError::Db(e) => Self::Internal(e.into()),
        }
    }
}

impl From<crate::service::Error> for ApiError {
    fn from(e: crate::service::Error) -> Self {
        use crate::service::Error;
        match e {
            Error::NotFound(m) => Self::NotFound(m),
            Error::Invalid(m) => Self::BadRequest(m),
            Error::Refused { message, step: None } => Self::Refused(message),
            Error::Refused { message, step: Some(step) } => Self::RefusedAtStep { message, step },
            Error::Fields(fields) => Self::invalid(fields),
            Error::Internal(e) => Self::Internal(e),
            Error::Busy => crate::api::hasher::Busy.into(),
            Error::Store(e) => e.into(),
        }
    }
}

impl From<JsonRejection> for ApiError {
    fn from(r: JsonRejection) -> Self {
        match r {
            JsonRejection::BytesRejection(_) if r.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self::PayloadTooLarge("The request body is too large.".into())
            }
            JsonRejection::MissingJsonContentType(_) => {
                Self::UnsupportedMediaType("Send the body as JSON (Content-Type: application/json).".into())
            }
            other => Self::BadRequest(other.body_text()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        Self::BadRequest(r.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        Self::BadRequest(r.body_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{domain::messages, model::orders};

    fn code(text: &str) -> Option<&'static str> {
        Refusal::recognize(text).map(|r| r.code)
    }

    /// The refusal texts defined outside `domain::messages` keep their codes: a rewording there
    /// without the list would silently drop the code.
    #[test]
    fn refusal_texts_defined_elsewhere_have_their_codes() {
        for (text, expected) in [
            (messages::ORDER_CANNOT_CHANGE, "orderCannotChange"),
            (messages::DELIVERY_ADDRESS_REQUIRED, "deliveryAddressRequired"),
            (messages::OTHER_FOOD_BANK, "otherFoodBank"),
            (messages::NOT_A_PICKUP_ORDER, "notAPickupOrder"),
            (messages::NOT_A_DELIVERY_ORDER, "notADeliveryOrder"),
            (messages::OTHER_DELIVERY_PROGRAM, "otherDeliveryProgram"),
            (orders::IDEMPOTENCY_KEY_REUSED, "idempotencyKeyReused"),
            (UNAUTHORIZED, "loginRequired"),
            (GENERIC_FAILURE, "unavailable"),
            (super::super::hasher::HASHER_BUSY, "serverBusy"),
            (super::super::middleware::TIMED_OUT, "timedOut"),
            (messages::VERIFY_REQUIRED_FIELDS, "verifyRequiredFields"),
            (super::super::referrals::UNABLE_TO_VERIFY_CODE, "unableToVerifyCode"),
            (super::super::geography::COUNTIES_NOT_LOADED, "countiesNotLoaded"),
            (super::super::tefap::UNABLE_TO_LOAD_DATA, "unableToLoadData"),
            (super::super::tefap::ERROR_ASSIGNING, "errorAssigningTefap"),
            (&ApiError::not_found("Order").to_string(), "orderNotFound"),
            (&ApiError::not_found("Pantry location").to_string(), "pantryLocationNotFound"),
        ] {
            assert_eq!(code(text), Some(expected), "{text}");
        }
    }

    async fn envelope(e: ApiError) -> Value {
        let bytes = axum::body::to_bytes(e.into_response().into_body(), 1 << 16).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_coded_refusal_carries_its_code_and_data_beside_its_text() {
        let e = envelope(ApiError::Refused(messages::items_per_order(5))).await;
        assert_eq!(e["failureReason"], "There is a limit of 5 items per order");
        assert_eq!(e["failureCode"], "itemsPerOrder");
        assert_eq!(e["failureData"], serde_json::json!({ "limit": 5 }));
        let e = envelope(ApiError::Refused(messages::requires_referral_code("Eastside"))).await;
        assert_eq!(e["failureData"], serde_json::json!({ "pantry": "Eastside" }));
        let e = envelope(ApiError::Refused(messages::ORDER_CANNOT_CHANGE.into())).await;
        assert_eq!((e["failureCode"].as_str(), &e["failureData"]), (Some("orderCannotChange"), &Value::Null));
    }

    #[tokio::test]
    async fn other_failures_have_null_code_and_data() {
        let e = envelope(ApiError::not_found("Shelf")).await;
        assert_eq!((&e["failureCode"], &e["failureData"]), (&Value::Null, &Value::Null));
        assert_eq!(e["failureReason"], "Shelf not found");
        let e = envelope(ApiError::BadRequest("OrderId does not match the order in the path.".into())).await;
        assert_eq!((&e["failureCode"], &e["failureData"]), (&Value::Null, &Value::Null));
    }
}
