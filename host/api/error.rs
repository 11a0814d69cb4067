//! One error type for the API, answered in the spec's envelope
//! `{successful:false, value:null, failureReason}` with a fitting 4xx/5xx status, plus the refusal's
//! stable `failureCode` and `failureData` (see [`failure_envelope`]).
use crate::{
    db::repo::StoreError,
    domain::{
        forms::FieldError,
        messages,
        refusal::{Reason, Refusal, RefusalKind},
    },
    infra::auth::NotSignedIn,
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
    BadRequest(Reason),
    #[error("{0}")]
    Unauthorized(Reason),
    #[error("{0}")]
    Forbidden(Reason),
    #[error("{0}")]
    NotFound(Reason),
    #[error("{0}")]
    MethodNotAllowed(Reason),
    #[error("{0}")]
    Conflict(Reason),
    /// A business rule refused the request (limits, stock, times).
    #[error("{0}")]
    Refused(Reason),
    /// A refusal the checkout mends by going back to one of its steps, named in the value
    /// (`{"step": "eligibility"}`) so the app need not read the message.
    #[error("{reason}")]
    RefusedAtStep { reason: Reason, step: &'static str },
    #[error("{0}")]
    PayloadTooLarge(Reason),
    #[error("{0}")]
    UnsupportedMediaType(Reason),
    /// Answered with `Retry-After`, so well-behaved clients know when to come back.
    #[error("{reason}")]
    TooManyRequests { reason: Reason, retry_after: Duration },
    #[error("{0}")]
    TimedOut(Reason),
    #[error("{reason}")]
    Invalid { reason: Reason, fields: Vec<FieldError> },
    /// A fault on our side; the cause is logged, the client gets a generic message.
    #[error("internal error: {0}")]
    Internal(#[from] anyhow::Error),
}

impl ApiError {
    /// An unknown id, named by its kind (`messages::ORDER_NOT_FOUND`, ...).
    pub fn not_found(what: &'static RefusalKind) -> Self {
        Self::NotFound(what.into())
    }

    pub fn too_many(reason: impl Into<Reason>, retry_after: Duration) -> Self {
        Self::TooManyRequests { reason: reason.into(), retry_after }
    }

    pub fn invalid(fields: Vec<FieldError>) -> Self {
        Self::Invalid { reason: (&messages::VERIFY_REQUIRED_FIELDS).into(), fields }
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

    /// The status and the envelope the API would answer, for a form's page to show the same refusal.
    pub fn into_envelope(self) -> (StatusCode, Value) {
        let status = self.status();
        let (reason, value) = self.into_reason();
        (status, failure_envelope(value, &reason))
    }

    /// The reason people read, and the answer's value beside it.
    fn into_reason(self) -> (Reason, Value) {
        match self {
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "API request failed");
                ((&messages::SERVICE_UNAVAILABLE).into(), Value::Null)
            }
            Self::Invalid { reason, fields } => (reason, json!({ "errors": fields })),
            Self::RefusedAtStep { reason, step } => (reason, json!({ "step": step })),
            Self::BadRequest(r)
            | Self::Unauthorized(r)
            | Self::Forbidden(r)
            | Self::NotFound(r)
            | Self::MethodNotAllowed(r)
            | Self::Conflict(r)
            | Self::Refused(r)
            | Self::PayloadTooLarge(r)
            | Self::UnsupportedMediaType(r)
            | Self::TooManyRequests { reason: r, .. }
            | Self::TimedOut(r) => (r, Value::Null),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let retry_after = match &self {
            Self::TooManyRequests { retry_after, .. } => Some(*retry_after),
            _ => None,
        };
        let (reason, value) = self.into_reason();
        let mut response = (status, Json(failure_envelope(value, &reason))).into_response();
        if let Some(retry_after) = retry_after {
            // Whole seconds, rounded up: "0" would invite an immediate retry.
            let secs = retry_after.as_secs() + u64::from(retry_after.subsec_nanos() > 0);
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
        }
        response
    }
}

/// A failure envelope: the reason's English text, and for a coded refusal its `failureCode` and
/// `failureData` (its placeholders' values, null when it has none), so clients word it from their
/// own catalog; a plain reason has both null.
pub fn failure_envelope(value: Value, reason: &Reason) -> Value {
    let refusal = reason.refusal();
    let data = refusal.filter(|r| !r.data.is_empty()).map(|r| {
        let fields = r.data.iter().map(|(name, v)| ((*name).to_owned(), json!(v)));
        Value::Object(fields.collect())
    });
    json!({
        "successful": false,
        "value": value,
        "failureReason": reason.to_string(),
        "failureCode": refusal.map(Refusal::code),
        "failureData": data,
    })
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Conflict(_) => Self::Conflict((&messages::ALREADY_EXISTS).into()),
            StoreError::InvalidReference(_) => {
                Self::BadRequest("The request refers to something that does not exist.".into())
            }
            StoreError::Db(e) => Self::Internal(e.into()),
        }
    }
}

impl From<NotSignedIn> for ApiError {
    fn from(e: NotSignedIn) -> Self {
        match e {
            NotSignedIn::Refused => Self::Unauthorized((&messages::LOGIN_REQUIRED).into()),
            NotSignedIn::Store(e) => e.into(),
        }
    }
}

/// The auth extractors' rejection is answered as the API answers any failure.
impl IntoResponse for NotSignedIn {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}

impl From<crate::service::Error> for ApiError {
    fn from(e: crate::service::Error) -> Self {
        use crate::service::Error;
        match e {
            Error::NotFound(r) => Self::NotFound(r),
            Error::Invalid(r) => Self::BadRequest(r),
            Error::Refused { refusal, step: None } => Self::Refused(refusal.into()),
            Error::Refused { refusal, step: Some(step) } => Self::RefusedAtStep { reason: refusal.into(), step },
            Error::Fields { reason, fields } => Self::Invalid { reason, fields },
            Error::Unauthorized(r) => Self::Unauthorized(r),
            Error::Forbidden(r) => Self::Forbidden(r),
            Error::Conflict(r) => Self::Conflict(r),
            Error::Internal(e) => Self::Internal(e),
            Error::Busy => Self::too_many(&messages::SERVER_BUSY, Duration::from_secs(1)),
            Error::Throttled { reason, retry_after } => Self::too_many(reason, retry_after),
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
            other => Self::BadRequest(other.body_text().into()),
        }
    }
}

impl From<PathRejection> for ApiError {
    fn from(r: PathRejection) -> Self {
        Self::BadRequest(r.body_text().into())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(r: QueryRejection) -> Self {
        Self::BadRequest(r.body_text().into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn envelope(e: ApiError) -> Value {
        let bytes = axum::body::to_bytes(e.into_response().into_body(), 1 << 16).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_refusal_answers_its_code_data_and_exact_english() {
        let e = envelope(ApiError::Refused(messages::items_per_order(5).into())).await;
        assert_eq!(e["failureReason"], "There is a limit of 5 items per order");
        assert_eq!(e["failureCode"], "itemsPerOrder");
        assert_eq!(e["failureData"], json!({ "limit": 5 }));
        let e = envelope(ApiError::Refused(messages::order_limit_every(1, 3, "days").into())).await;
        assert_eq!(e["failureReason"], "There is a limit of 1 order every 3 days");
        assert_eq!(e["failureData"], json!({ "limit": 1, "orders": "order", "amount": 3, "unit": "days" }));
        let e = envelope(ApiError::Refused(messages::requires_referral_code("Eastside").into())).await;
        assert_eq!(e["failureReason"], "Eastside requires a referral code");
        assert_eq!(e["failureData"], json!({ "pantry": "Eastside" }));
        let e = envelope(ApiError::Refused((&messages::ORDER_CANNOT_CHANGE).into())).await;
        assert_eq!(e["failureReason"], "This order can no longer be changed or cancelled.");
        assert_eq!((e["failureCode"].as_str(), &e["failureData"]), (Some("orderCannotChange"), &Value::Null));
    }

    #[tokio::test]
    async fn every_kind_of_failure_carries_its_reasons_code() {
        let e = envelope(ApiError::not_found(&messages::ORDER_NOT_FOUND)).await;
        assert_eq!(
            (e["failureReason"].as_str(), e["failureCode"].as_str()),
            (Some("Order not found"), Some("orderNotFound"))
        );
        let e = envelope(ApiError::invalid(Vec::new())).await;
        assert_eq!(e["failureCode"], "verifyRequiredFields");
        assert_eq!(e["value"], json!({ "errors": [] }));
        let e = envelope(ApiError::RefusedAtStep { reason: (&messages::SURVEY_QUESTIONS_DUE).into(), step: "survey" })
            .await;
        assert_eq!(
            (e["failureCode"].as_str(), &e["value"]),
            (Some("surveyQuestionsDue"), &json!({ "step": "survey" }))
        );
        let e = envelope(ApiError::Internal(anyhow::anyhow!("disk on fire"))).await;
        assert_eq!(e["failureReason"], messages::SERVICE_UNAVAILABLE.english);
        assert_eq!(e["failureCode"], "unavailable");
        let e = envelope(StoreError::Conflict("users_email".into()).into()).await;
        assert_eq!(e["failureCode"], "alreadyExists");
    }

    #[tokio::test]
    async fn plain_reasons_have_null_code_and_data() {
        let e = envelope(ApiError::BadRequest("OrderId does not match the order in the path.".into())).await;
        assert_eq!(e["failureReason"], "OrderId does not match the order in the path.");
        assert_eq!((&e["failureCode"], &e["failureData"]), (&Value::Null, &Value::Null));
        // Plain text that happens to read like a refusal is still plain: codes come from values.
        let e = envelope(ApiError::NotFound("Order not found".into())).await;
        assert_eq!((&e["failureCode"], &e["failureData"]), (&Value::Null, &Value::Null));
    }
}
