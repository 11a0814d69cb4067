//! Successful answers: `{successful:true, value, failureReason:null}`.
use super::error::ApiError;
use axum::{
    Json,
    response::{IntoResponse, Response},
};
use serde::Serialize;
use serde_json::json;

pub struct Api<T>(pub T);

pub type ApiResult<T> = Result<Api<T>, ApiError>;

impl<T: Serialize> IntoResponse for Api<T> {
    fn into_response(self) -> Response {
        match serde_json::to_value(self.0) {
            Ok(value) => Json(json!({ "successful": true, "value": value, "failureReason": null })).into_response(),
            Err(e) => ApiError::Internal(e.into()).into_response(),
        }
    }
}

pub fn ok<T>(value: T) -> ApiResult<T> {
    Ok(Api(value))
}
