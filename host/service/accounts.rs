//! The shopper's account: GET /account/profile and /account/addresses (and saving them), and
//! the /account page (Account Details), which shows both.
use super::{Error, Result};
use crate::{
    db::repo::accounts::ProfileChanges,
    domain::{forms::AddressForm, messages},
    model::account::{Profile, SavedAddress},
    state::AppState,
};

pub async fn profile(state: &AppState, user_id: i64) -> Result<Profile> {
    Ok(state.store.profile(user_id).await?.ok_or_else(|| Error::not_found(&messages::PROFILE_NOT_FOUND))?.into())
}

/// The account's e-mail address, `None` when the account is gone.
pub async fn email(state: &AppState, user_id: i64) -> Result<Option<String>> {
    Ok(state.store.profile(user_id).await?.map(|p| p.email))
}

pub async fn food_bank_exists(state: &AppState, id: i64) -> Result<bool> {
    Ok(state.store.food_bank_exists(id).await?)
}

/// Saves the edited profile and answers it as stored.
pub async fn update_profile(state: &AppState, user_id: i64, changes: ProfileChanges) -> Result<Profile> {
    let row = state.store.update_profile(user_id, changes).await?;
    Ok(row.ok_or_else(|| Error::not_found(&messages::PROFILE_NOT_FOUND))?.into())
}

/// The shopper's saved delivery addresses.
pub async fn saved_addresses(state: &AppState, user_id: i64) -> Result<Vec<SavedAddress>> {
    Ok(state.store.saved_addresses(user_id).await?.into_iter().map(SavedAddress::from).collect())
}

/// Saves a new address for the shopper (primary clears the other primary).
pub async fn create_saved_address(state: &AppState, user_id: i64, form: &AddressForm) -> Result<SavedAddress> {
    Ok(state.store.create_saved_address(user_id, form).await?.into())
}

/// Edits the shopper's saved address `id`; NotFound when it is not theirs.
pub async fn update_saved_address(state: &AppState, user_id: i64, id: i64, form: &AddressForm) -> Result<SavedAddress> {
    let row = state.store.update_saved_address(user_id, id, form).await?;
    row.map(SavedAddress::from).ok_or_else(|| Error::not_found(&messages::ADDRESS_NOT_FOUND))
}
