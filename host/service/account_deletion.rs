//! "Delete my account" (issue 53 item 3): the owner confirms with their password (guesses counted
//! as login guesses are, on every host), then everything personal goes in one transaction
//! (`db::repo::erasure`) and every session with it. A staff member's account is refused: the
//! change log names it, and the food bank's admin ends the grants first.
use super::{Context, Error, Result};
use crate::{
    db::repo::erasure::Erased,
    domain::{
        forms::{FieldCode, FieldError},
        messages,
    },
    infra::ratelimit,
};

pub async fn delete_account(state: &Context, user_id: i64, password: &str) -> Result<()> {
    let password = password.trim();
    if password.is_empty() {
        return Err(Error::fields(vec![FieldError::required("password")]));
    }
    let profile = state.store.profile(user_id, state.clock.now()).await?;
    let Some(email) = profile.map(|p| p.email) else { return Err(Error::not_found(&messages::PROFILE_NOT_FOUND)) };
    let buckets = [(&state.rate_limits.login_attempts_per_account, email.as_str())];
    if let Err(wait) = ratelimit::reserve(&buckets, 1).await? {
        return Err(Error::throttled(&messages::TOO_MANY_LOGINS, wait));
    }
    let Some(account) = state.store.credentials(&email).await? else {
        return Err(Error::not_found(&messages::PROFILE_NOT_FOUND));
    };
    if !state.hasher.verify(password.to_owned(), account.password_hash).await? {
        return Err(Error::fields(vec![FieldError::new(
            "password",
            FieldCode::WrongPassword,
            messages::WRONG_PASSWORD,
        )]));
    }
    ratelimit::refund(&buckets, 1).await;
    let now = state.clock.now();
    match state.store.write(|txn| async move { txn.erase_account(user_id, now).await }).await? {
        Erased::Done => Ok(()),
        Erased::NoAccount => Err(Error::not_found(&messages::PROFILE_NOT_FOUND)),
        Erased::Staff => Err(Error::refused(&messages::STAFF_ACCOUNT_KEPT)),
    }
}
