//! The staff side's caller: [`Caller<R>`] is the signed-in account (a bearer token, as
//! [`AuthUser`]) acting with the access its role marker `R` names, so a handler's signature states
//! who may call it. The guard is the one of every staff side ([`Staff::admit`]); no token is 401,
//! an account whose grants give no such access (a shopper) is 403.
use crate::{api::ApiError, infra::auth::AuthUser, service::staff::Staff, state::AppState};
use axum::{extract::FromRequestParts, http::request::Parts};

pub struct Caller<R: crate::domain::staff::Needs>(pub Staff<R>);

impl<R: crate::domain::staff::Needs> FromRequestParts<AppState> for Caller<R> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        // The bearer was verified just now; read again for its session's id.
        let session =
            crate::infra::auth::bearer_token(&parts.headers).and_then(|t| state.tokens.verify(t)).map(|c| c.sid);
        let who = crate::service::staff::Who { user_id: user.id, session: session.as_deref() };
        Staff::<R>::admit(state, Some(who))
            .await
            .map(Self)
            .map_err(|refusal| crate::service::Error::from(refusal).into())
    }
}
