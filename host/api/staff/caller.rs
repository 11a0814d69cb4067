//! The staff side's caller: [`Caller<R>`] is the signed-in account (a bearer token, as
//! [`AuthUser`]) acting with the access its role marker `R` names, so a handler's signature states
//! who may call it. No token is 401; an account whose grants give no such access (a shopper) is 403.
use crate::{
    api::ApiError,
    domain::{messages, staff::Needs},
    infra::auth::AuthUser,
    service::staff::Staff,
    state::AppState,
};
use axum::{extract::FromRequestParts, http::request::Parts};

pub struct Caller<R: Needs>(pub Staff<R>);

impl<R: Needs> FromRequestParts<AppState> for Caller<R> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        match Staff::<R>::resolve(state, user.id).await? {
            Some(staff) => Ok(Self(staff)),
            None => Err(ApiError::Forbidden((&messages::STAFF_ONLY).into())),
        }
    }
}
