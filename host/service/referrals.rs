//! Referral codes and the favourite pantry, in the API's shapes (GET /referralcodes/{code},
//! POST /referralcodes/claims, GET /account/referralcodes, /account/favorite).
use super::{Context, Error, Result};
use crate::{
    domain::messages,
    infra::ratelimit,
    model::referrals::{ClaimResult, PantryRef, ReferralCode},
};

/// Longest code text accepted; seeded codes are about ten characters.
pub const MAX_CODE_LEN: usize = 64;
/// A device keeps a handful of codes; more in one claim is not a real client.
pub const MAX_CLAIMS: usize = 50;

/// Code texts as a caller sends them (a claim, or the codes kept on a device): a handful, each
/// trimmed and of a length a code can have.
pub fn clean_codes<S: AsRef<str>>(codes: &[S]) -> Result<Vec<String>> {
    if codes.len() > MAX_CLAIMS {
        return Err(Error::Invalid(format!("At most {MAX_CLAIMS} codes can be sent at once.").into()));
    }
    codes.iter().map(|c| clean_code(c.as_ref()).map(str::to_owned)).collect()
}

pub fn clean_code(text: &str) -> Result<&str> {
    let code = text.trim();
    if code.is_empty() || code.chars().count() > MAX_CODE_LEN {
        return Err(Error::Invalid(format!("A referral code has 1 to {MAX_CODE_LEN} characters.").into()));
    }
    Ok(code)
}

/// Who tries referral codes: the client's address and, when signed in, the account. Codes are
/// words a guesser can enumerate, so every code tried counts against both allowances before any
/// is looked up (as login guesses do), and the ones that exist are given back.
#[derive(Clone, Copy, Debug)]
pub struct Trier<'a> {
    pub client: &'a str,
    pub user_id: Option<i64>,
}

/// Counts `n` codes against the trier's allowances, all or none; refused past either one, with a
/// security log line.
pub(super) async fn count_tries(state: &Context, who: Trier<'_>, n: usize) -> Result<()> {
    let n = u32::try_from(n).unwrap_or(u32::MAX);
    let limits = &state.rate_limits;
    let account = who.user_id.map(|id| id.to_string());
    let mut buckets = vec![(&limits.referral_codes_per_ip, who.client)];
    if let Some(account) = &account {
        buckets.push((&limits.referral_codes_per_account, account.as_str()));
    }
    let counted = ratelimit::reserve(&buckets, n).await?;
    if let Err(retry_after) = counted {
        tracing::warn!(
            event = "referral_throttled",
            client = %who.client,
            account = ?who.user_id,
            codes = n,
            retry_after_secs = retry_after.as_secs(),
            "security event"
        );
        return Err(Error::Throttled { reason: (&messages::TOO_MANY_CODES).into(), retry_after });
    }
    Ok(())
}

/// Gives back the `found` codes of a counted try that exist: only codes that name nothing count.
pub(super) async fn forgive(state: &Context, who: Trier<'_>, found: usize) {
    let found = u32::try_from(found).unwrap_or(u32::MAX);
    if found == 0 {
        return;
    }
    let limits = &state.rate_limits;
    limits.referral_codes_per_ip.refund_n(who.client, found).await;
    if let Some(id) = who.user_id {
        limits.referral_codes_per_account.refund_n(&id.to_string(), found).await;
    }
}

/// A usable code by its text, ignoring case, `isApplied` for the trier's account; None when
/// unknown, inactive or expired, which counts against the trier's allowances.
pub async fn referral_code(state: &Context, code: &str, who: Trier<'_>) -> Result<Option<ReferralCode>> {
    count_tries(state, who, 1).await?;
    let found = state.store.referral_code(code, who.user_id, state.clock.now()).await?.map(ReferralCode::from);
    forgive(state, who, usize::from(found.is_some())).await;
    Ok(found)
}

/// Claims `codes` for the trier's account: each as sent, and whether it is now held. Each code
/// counts against the allowances, so a claim of many guesses is as many guesses.
pub async fn claim(state: &Context, who: Trier<'_>, user_id: i64, codes: &[String]) -> Result<Vec<ClaimResult>> {
    let who = Trier { user_id: Some(user_id), ..who };
    count_tries(state, who, codes.len()).await?;
    let now = state.clock.now();
    let claimed = state.store.write(|txn| async move { txn.claim_referral_codes(user_id, codes, now).await }).await?;
    let claimed: Vec<ClaimResult> = claimed.into_iter().map(ClaimResult::from).collect();
    forgive(state, who, claimed.iter().filter(|c| c.is_applied_successfully).count()).await;
    Ok(claimed)
}

/// The usable codes `user_id` holds, oldest claim first.
pub async fn held(state: &Context, user_id: i64) -> Result<Vec<ReferralCode>> {
    Ok(state.store.held_referral_codes(user_id, state.clock.now()).await?.into_iter().map(ReferralCode::from).collect())
}

/// The shopper's favourite pantry, if it is still active.
pub async fn favorite_pantry(state: &Context, user_id: i64) -> Result<Option<PantryRef>> {
    Ok(state.store.favorite_pantry(user_id).await?.map(PantryRef::from))
}

/// Makes the pantry the shopper's favourite; None for an unknown or inactive pantry.
pub async fn clear_favorite_pantry(state: &Context, user_id: i64) -> Result<()> {
    Ok(state.store.clear_favorite_pantry(user_id).await?)
}

pub async fn set_favorite_pantry(state: &Context, user_id: i64, pantry_id: i64) -> Result<Option<PantryRef>> {
    let now = state.clock.now();
    let set = state.store.write(|txn| async move { txn.set_favorite_pantry(user_id, pantry_id, now).await }).await?;
    Ok(set.map(PantryRef::from))
}
