//! Referral codes and the favourite pantry, in the API's shapes (GET /referralcodes/{code},
//! POST /referralcodes/claims, GET /account/referralcodes, /account/favorite).
use super::Result;
use crate::{
    model::referrals::{ClaimResult, PantryRef, ReferralCode},
    state::AppState,
};

/// A usable code by its text, ignoring case, `isApplied` for `user_id`; None when unknown,
/// inactive or expired.
pub async fn referral_code(state: &AppState, code: &str, user_id: Option<i64>) -> Result<Option<ReferralCode>> {
    Ok(state.store.referral_code(code, user_id).await?.map(ReferralCode::from))
}

/// Claims `codes` for `user_id`: each as sent, and whether it is now held.
pub async fn claim(state: &AppState, user_id: i64, codes: &[String]) -> Result<Vec<ClaimResult>> {
    Ok(state.store.claim_referral_codes(user_id, codes).await?.into_iter().map(ClaimResult::from).collect())
}

/// The usable codes `user_id` holds, oldest claim first.
pub async fn held(state: &AppState, user_id: i64) -> Result<Vec<ReferralCode>> {
    Ok(state.store.held_referral_codes(user_id).await?.into_iter().map(ReferralCode::from).collect())
}

/// The shopper's favourite pantry, if it is still active.
pub async fn favorite_pantry(state: &AppState, user_id: i64) -> Result<Option<PantryRef>> {
    Ok(state.store.favorite_pantry(user_id).await?.map(PantryRef::from))
}

/// Makes the pantry the shopper's favourite; None for an unknown or inactive pantry.
pub async fn clear_favorite_pantry(state: &AppState, user_id: i64) -> Result<()> {
    Ok(state.store.clear_favorite_pantry(user_id).await?)
}

pub async fn set_favorite_pantry(state: &AppState, user_id: i64, pantry_id: i64) -> Result<Option<PantryRef>> {
    Ok(state.store.set_favorite_pantry(user_id, pantry_id).await?.map(PantryRef::from))
}
