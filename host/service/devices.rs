//! The devices signed in to an account (issue 53 item 2): the account page's list and the API's
//! `/account/sessions`, ending one of them, and signing out everywhere.
use super::{Context, Error, Result};
use crate::{
    domain::{devices, messages},
    model::account::SignedInDevice,
};

/// The account's signed-in devices, the most recently used first; `current` is the session id of
/// the request's own token, which the list marks.
pub async fn list(state: &Context, user_id: i64, current: &str) -> Result<Vec<SignedInDevice>> {
    let now = state.clock.now();
    let named = |name: String| Some(name).filter(|n| n != devices::OTHER);
    Ok(state
        .store
        .sessions_of(user_id, now)
        .await?
        .into_iter()
        .map(|s| SignedInDevice {
            id: s.id,
            current: s.session_id == current,
            browser: named(s.browser),
            system: named(s.system),
            signed_in: devices::ago(s.created_at, now),
            // This request is a use, whether or not it was marked yet.
            last_seen: if s.session_id == current { devices::Ago::Now } else { devices::ago(s.last_seen_at, now) },
        })
        .collect())
}

/// Signs out the account's device `id`, on every host; NotFound when the account has no such
/// device signed in (already ended, or not theirs).
pub async fn end(state: &Context, user_id: i64, id: i64) -> Result<()> {
    let now = state.clock.now();
    let ended = state.store.write(|txn| async move { txn.end_session(user_id, id, now).await }).await?;
    if ended { Ok(()) } else { Err(Error::not_found(&messages::SESSION_NOT_FOUND)) }
}

/// Signs the account out on every device, this one too, on every host.
pub async fn end_everywhere(state: &Context, user_id: i64) -> Result<()> {
    let now = state.clock.now();
    Ok(state.store.write(|txn| async move { txn.end_all_sessions(user_id, now).await }).await?)
}
