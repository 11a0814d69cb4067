//! A staff member's second factor (issue 53 item 1): enrolling a code app (RFC 6238), proving it
//! in a session with a code or a one-time recovery code, and whether the staff guard asks for it.
//! Codes are counted as password guesses are (the account's allowance, shared by every host).
use super::{Context, Error, Result};
use crate::domain::{
    Id,
    forms::{FieldCode, FieldError},
    messages,
    second_factor::{self as factor},
};

/// Where the account stands, for the second factor page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// No confirmed code app: the secret to enter in one (made now if there was none).
    Enrolling { secret: String, url: String },
    /// A code app or a passkey, and whether this session has proved one.
    Enrolled { proved: bool },
}

pub async fn standing(state: &Context, user_id: Id, session: &str, account: &str) -> Result<Standing> {
    let has_passkey = !state.store.passkeys_of(user_id).await?.is_empty();
    if has_passkey {
        return Ok(Standing::Enrolled { proved: state.store.session_proved(session).await? });
    }
    if let Some(f) = state.store.factor_of(user_id).await? {
        if f.confirmed {
            return Ok(Standing::Enrolled { proved: state.store.session_proved(session).await? });
        }
        if let Some(url) = factor::otpauth_url(&f.secret, account) {
            return Ok(Standing::Enrolling { secret: f.secret, url });
        }
    }
    let secret = factor::new_secret();
    let now = state.clock.now();
    let kept = secret.clone();
    state
        .store
        .write(|txn| {
            let secret = kept.clone();
            async move { txn.start_factor(user_id, &secret, now).await }
        })
        .await?;
    // Raced by another tab: show what was stored.
    let stored = state.store.factor_of(user_id).await?.map(|f| f.secret).unwrap_or(secret);
    let url = factor::otpauth_url(&stored, account).ok_or_else(|| anyhow::anyhow!("a stored secret does not read"))?;
    Ok(Standing::Enrolling { secret: stored, url })
}

fn wrong_code() -> Error {
    Error::fields(vec![FieldError::new("code", FieldCode::WrongCode, messages::WRONG_CODE)])
}

/// Counts a guess against the account's allowance; throttled, an error to answer.
async fn count_guess(state: &Context, user_id: Id) -> Result<()> {
    let key = format!("second-factor:{user_id}");
    let buckets = [(&state.rate_limits.login_attempts_per_account, key.as_str())];
    match crate::infra::ratelimit::reserve(&buckets, 1).await? {
        Ok(()) => Ok(()),
        Err(wait) => Err(Error::throttled(&messages::TOO_MANY_LOGINS, wait)),
    }
}

fn unix_secs(state: &Context) -> u64 {
    u64::try_from(state.clock.now().timestamp()).unwrap_or(0)
}

/// Confirms the enrolment with a code from the app, proves this session, and answers the
/// recovery codes (shown once: only their hashes are kept).
pub async fn confirm(state: &Context, user_id: Id, session: &str, code: &str) -> Result<Vec<String>> {
    count_guess(state, user_id).await?;
    let Some(f) = state.store.factor_of(user_id).await?.filter(|f| !f.confirmed) else { return Err(wrong_code()) };
    let Some(step) = factor::matching_step(&f.secret, code, unix_secs(state)) else { return Err(wrong_code()) };
    let codes = factor::new_recovery_codes();
    let hashes: Vec<String> = codes.iter().map(|c| factor::recovery_hash(c)).collect();
    let (now, step) = (state.clock.now(), i64::try_from(step).unwrap_or(i64::MAX));
    let hashes = &hashes;
    let done = state
        .store
        .write(|txn| async move {
            let confirmed = txn.confirm_factor(user_id, step, hashes, now).await?;
            if confirmed {
                txn.prove_session(user_id, session, now).await?;
            }
            Ok::<_, Error>(confirmed)
        })
        .await?;
    if done { Ok(codes) } else { Err(wrong_code()) }
}

/// Proves this session with a code from the app (each code once) or an unused recovery code (which
/// someone enrolled with a passkey alone has too).
pub async fn prove(state: &Context, user_id: Id, session: &str, code: &str) -> Result<()> {
    count_guess(state, user_id).await?;
    let now = state.clock.now();
    let step = if factor::is_app_code(code) {
        let Some(f) = state.store.factor_of(user_id).await?.filter(|f| f.confirmed) else { return Err(wrong_code()) };
        match factor::matching_step(&f.secret, code, unix_secs(state)) {
            Some(step) => Some(i64::try_from(step).unwrap_or(i64::MAX)),
            None => return Err(wrong_code()),
        }
    } else {
        None
    };
    let hash = factor::recovery_hash(code);
    let hash = &hash;
    let proved = state
        .store
        .write(|txn| async move {
            let taken = match step {
                Some(step) => txn.use_step(user_id, step).await?,
                None => txn.use_recovery_code(user_id, hash, now).await?,
            };
            Ok::<_, Error>(taken && txn.prove_session(user_id, session, now).await?)
        })
        .await?;
    if proved { Ok(()) } else { Err(wrong_code()) }
}

/// Whether the staff guard lets this session's grants act: yes unless a food bank of the
/// account's grants requires a second factor the session has not proved.
pub async fn grants_act(state: &Context, user_id: Id, session: Option<&str>) -> Result<bool> {
    if !state.store.second_factor_required(user_id).await? {
        return Ok(true);
    }
    Ok(match session {
        Some(session) => state.store.session_proved(session).await?,
        None => false,
    })
}
