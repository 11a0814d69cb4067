//! Password reset: `POST /user/reset` mails a link
//! `/account/update-password/{token}/{code}`; `GET /user/password/validate`
//! checks it; `POST /user/password` sets the new password and ends every session.
use super::{PASSWORD_MAX, field_error, too_long};
use crate::{
    api::{ApiError, ApiResult, Body, QueryParams, ok, ratelimit::ClientIp},
    catalog::Lang,
    db::{
        now,
        repo::accounts::{Recipient, ResetToken},
    },
    domain::{
        forms::{is_valid_email, new_password},
        messages,
        passwords::password_problem,
    },
    model::account::{NewPasswordBody, ResetLink, ResetRequestBody},
    state::AppState,
};
use axum::extract::State;
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use sha2::{Digest, Sha256};
use utoipa_axum::{router::OpenApiRouter, routes};

pub const PASSWORDS_DIFFER: &str = "The passwords do not match";
const RESET_SUBJECT: &str = "Reset your OrderAhead password";
const RESET_SUBJECT_ES: &str = "Cambie su contraseña de OrderAhead";
const LINK_LIFETIME: chrono::Duration = chrono::Duration::hours(1);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_reset)).routes(routes!(validate)).routes(routes!(set_password))
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

/// Bound to its token, so a code hash cannot be looked up on its own (there are only 10⁶ codes).
fn code_hash(token: &str, code: &str) -> String {
    sha256_hex(&format!("{token}:{code}"))
}

/// Compares in time independent of where the strings differ.
fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Always successful for a well-formed request: whether the e-mail has an account
/// is not told, neither by the answer nor by its timing (the link is made and
/// mailed after answering).
#[utoipa::path(
    post, path = "/user/reset",
    request_body = ResetRequestBody,
    summary = "Mail a password reset link (valid 1 hour). Successful whether or not the e-mail has an account; 429 when asked too often",
    responses((status = 200, description = "successful", body = bool))
)]
async fn request_reset(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    lang: Lang,
    Body(body): Body<ResetRequestBody>,
) -> ApiResult<bool> {
    let email = body.email.trim().to_lowercase();
    if email.is_empty() {
        return Err(ApiError::invalid(vec![field_error("email", messages::FIELD_REQUIRED)]));
    }
    if !is_valid_email(&email) {
        return Err(ApiError::invalid(vec![field_error("email", messages::VALID_EMAIL_REQUIRED)]));
    }
    let limits = &state.rate_limits;
    // A request refused for its e-mail still counts for its address: cycling one
    // address through requests for a victim's mailbox burns the sender's allowance too.
    let counted = match limits.reset_requests_per_ip.try_hit(&ip).await {
        Ok(()) => limits.reset_requests_per_email.try_hit(&email).await,
        refused => refused,
    };
    if let Err(wait) = counted {
        tracing::warn!(event = "reset_throttled", client = %ip, account = ?email, retry_after_secs = wait.as_secs(), "security event");
        return Err(ApiError::too_many(&messages::TOO_MANY_RESETS, wait));
    }
    if let Some(recipient) = state.store.recipient(&email).await? {
        let state = state.clone();
        // The account's own language, else the one the request was made in.
        let lang = recipient.language.as_deref().and_then(Lang::from_code).unwrap_or(lang);
        tokio::spawn(async move {
            if let Err(e) = mail_reset_link(&state, recipient, lang).await {
                tracing::error!(error = %e, "password reset link not sent");
            }
        });
    }
    ok(true)
}

async fn mail_reset_link(state: &AppState, recipient: Recipient, lang: Lang) -> anyhow::Result<()> {
    let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    state
        .store
        .create_reset_token(recipient.user_id, token_hash(&token), code_hash(&token, &code), now() + LINK_LIFETIME)
        .await?;
    let link = format!("{}/account/update-password/{token}/{code}", state.config.public_url.trim_end_matches('/'));
    let (subject, text) = match lang {
        Lang::En => (
            RESET_SUBJECT,
            format!(
                "Hello {},\n\nSomeone (hopefully you) asked to reset the password of your OrderAhead account.\n\
                 Open this link within one hour to choose a new password:\n\n{link}\n\n\
                 If you did not ask for this, ignore this message; your password stays the same.\n",
                recipient.first_name
            ),
        ),
        // The link opens the page in Spanish too.
        Lang::Es => (
            RESET_SUBJECT_ES,
            format!(
                "Hola, {}:\n\nAlguien (esperamos que usted) pidió cambiar la contraseña de su cuenta de OrderAhead.\n\
                 Abra este enlace antes de una hora para elegir una contraseña nueva:\n\n{link}?lang=es\n\n\
                 Si usted no lo pidió, no haga nada; su contraseña sigue igual.\n",
                recipient.first_name
            ),
        ),
    };
    state.mailer.send(&recipient.email, subject, text).await
}

/// The open reset link named by `token` and `code`; wrong codes for a token are
/// rate limited, after which even the right code is refused until the window ends.
async fn open_link(state: &AppState, link: &ResetLink) -> Result<ResetToken, ApiError> {
    let expired = || ApiError::Refused((&messages::RESET_EXPIRED).into());
    let hash = token_hash(link.token.trim());
    let limit = &state.rate_limits.reset_code_failures_per_token;
    if limit.is_exhausted(&hash).await {
        return Err(expired());
    }
    let token = state.store.reset_token(&hash).await?.filter(|t| t.is_open(now()));
    match token {
        Some(t) if same(&t.code_hash, &code_hash(link.token.trim(), link.code.trim())) => Ok(t),
        Some(_) => {
            limit.hit(&hash).await;
            Err(expired())
        }
        None => Err(expired()),
    }
}

#[utoipa::path(
    get, path = "/user/password/validate",
    summary = "Whether a reset link is usable; 422 with the expiry message when expired, used or wrong",
    params(ResetLink),
    responses((status = 200, description = "successful", body = bool))
)]
async fn validate(State(state): State<AppState>, QueryParams(link): QueryParams<ResetLink>) -> ApiResult<bool> {
    open_link(&state, &link).await?;
    ok(true)
}

#[utoipa::path(
    post, path = "/user/password",
    request_body = NewPasswordBody,
    summary = "Set a new password through a reset link; ends every session of the account",
    params(ResetLink),
    responses((status = 200, description = "successful", body = bool))
)]
async fn set_password(
    State(state): State<AppState>,
    QueryParams(link): QueryParams<ResetLink>,
    Body(body): Body<NewPasswordBody>,
) -> ApiResult<bool> {
    let confirm = body.confirm_password.as_deref().unwrap_or(&body.password);
    let Some(password) = new_password(&body.password, confirm) else {
        let message = if body.password.trim().is_empty() { messages::FIELD_REQUIRED } else { PASSWORDS_DIFFER };
        return Err(ApiError::invalid(vec![field_error("password", message)]));
    };
    let long = too_long(&[("password", Some(&password), PASSWORD_MAX)]);
    if !long.is_empty() {
        return Err(ApiError::invalid(long));
    }
    if let Some(why) = password_problem(&password) {
        return Err(ApiError::Invalid { reason: why.into(), fields: vec![field_error("password", why)] });
    }
    let token = open_link(&state, &link).await?;
    let hash = state.hasher.hash(password).await?;
    if !state.store.complete_reset(&token, hash).await? {
        return Err(ApiError::Refused((&messages::RESET_EXPIRED).into()));
    }
    // The owner proved control of the mailbox: guesses spread over many addresses
    // must not keep them out any longer.
    if let Some(email) = crate::service::accounts::email(&state, token.user_id).await? {
        state.rate_limits.login_attempts_per_account.clear(&email.to_lowercase()).await;
    }
    ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_hashes_are_bound_to_their_token() {
        assert_ne!(code_hash("a", "123456"), code_hash("b", "123456"));
        assert_eq!(token_hash("a").len(), 64);
        assert!(same("abc", "abc") && !same("abc", "abd") && !same("abc", "ab"));
    }
}
