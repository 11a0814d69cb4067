//! Who may order at a pantry (spec §5 "Pantry access"): the rule Place Order enforces, asked
//! ahead so the pickup flow knows whether it must ask for a referral code first.
use super::{
    Context, Error, Result,
    referrals::{Trier, count_tries, forgive},
};
use crate::domain::{
    access::{AccessGrants, ReferralCode},
    messages,
};

/// Whether the shopper `who.user_id` (None: a visitor), holding also `device_codes` (codes entered
/// on the device and not yet claimed for an account), may order at the pantry `pantry_id`. The
/// device's codes are tries like any other (`referrals::Trier`): the answer tells whether one exists.
pub async fn can_order(state: &Context, pantry_id: i64, who: Trier<'_>, device_codes: &[String]) -> Result<bool> {
    let (user_id, now) = (who.user_id, state.clock.now());
    let facts = state
        .store
        .pantry_facts(pantry_id)
        .await?
        .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    if !facts.pantry.is_restricted {
        return Ok(true);
    }
    let mut grants = match user_id {
        Some(user) => state.store.access_grants(user, now).await?,
        None => AccessGrants::default(),
    };
    count_tries(state, who, device_codes.len()).await?;
    let mut found = 0;
    for text in device_codes {
        // An unknown, inactive or expired code grants nothing; the others are as if held.
        if let Some(code) = state.store.referral_code(text, None, now).await? {
            found += 1;
            grants.referral_codes.push(ReferralCode {
                id: code.id,
                code: code.code,
                pantry_location_ids: code.pantries.iter().map(|p| p.id).collect(),
                food_banks: Vec::new(),
            });
        }
    }
    forgive(state, who, found).await;
    Ok(grants.can_access_pantry(facts.pantry.id, facts.pantry.is_restricted))
}
