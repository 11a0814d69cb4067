//! Axum's extractors, with their rejections answered in the API envelope.
use super::error::ApiError;
use axum::extract::{FromRequest, FromRequestParts};

/// A JSON body; malformed JSON, wrong types, missing fields or an oversize body are 4xx envelopes.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct Body<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct PathParams<T>(pub T);

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct QueryParams<T>(pub T);
