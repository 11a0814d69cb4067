//! Reading the shopper's account: GET /account/profile and /account/addresses, and the /account
//! page (Account Details), which shows both.
use super::{Error, Result};
use crate::{
    model::account::{Profile, SavedAddress},
    state::AppState,
};

pub async fn profile(state: &AppState, user_id: i64) -> Result<Profile> {
    state.store.profile(user_id).await?.ok_or_else(|| Error::not_found("Profile"))
}

/// The shopper's saved delivery addresses.
pub async fn saved_addresses(state: &AppState, user_id: i64) -> Result<Vec<SavedAddress>> {
    Ok(state.store.saved_addresses(user_id).await?)
}
