//! Signing in (`POST /account/login`), signing up (`POST /account`) and signing out
//! (`POST /account/logout`). The two that issue a session token also set the session cookie
//! (`api::session_cookie`), which signing out clears.
use crate::{
    api::{
        Api, ApiError, Body, auth,
        ratelimit::{self, ClientIp},
        session_cookie::{self, SessionCookie, WithCookie},
    },
    db::repo::StoreError,
    domain::{
        forms::{FieldCode, FieldError, ProfileForm, ProfileMode, login_ready, validate_profile},
        messages,
        passwords::password_problem,
    },
    model::account::{LoginBody, Registered, RegistrationBody},
    service::{self, accounts},
    state::AppState,
};
use axum::{
    extract::State,
    http::{HeaderMap, HeaderName, HeaderValue, header},
    response::AppendHeaders,
};
use utoipa_axum::{router::OpenApiRouter, routes};

/// A sign-in's answer: `T` with the session cookie and the device cookie set.
type SignedIn<T> = (AppendHeaders<[(HeaderName, HeaderValue); 2]>, Api<T>);

/// `value` answered with the session cookie carrying `token` and a device cookie for `email`
/// (lowercase), which exempts this device from the account's allowance of login guesses.
fn signed_in<T>(
    state: &AppState,
    cookie: SessionCookie,
    token: &str,
    email: &str,
    value: T,
) -> Result<SignedIn<T>, ApiError> {
    let device = cookie.device(&state.tokens.issue_device(email)?);
    let ([session], body) = cookie.set(token, value);
    Ok((AppendHeaders([session, (header::SET_COOKIE, device)]), body))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(register)).routes(routes!(logout))
}

#[utoipa::path(
    post, path = "/account/login",
    request_body = LoginBody,
    summary = "Log in; the value is the session token. Wrong e-mail or password: 401; too many failures: 429",
    security(()),
    responses((status = 200, description = "successful", body = String))
)]
async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    cookie: SessionCookie,
    headers: HeaderMap,
    Body(body): Body<LoginBody>,
) -> Result<SignedIn<String>, ApiError> {
    let session = log_in(&state, &ip, session_cookie::device_token(&headers), body).await?;
    signed_in(&state, cookie, &session.token, &session.email, session.token.clone())
}

/// A new session: its token, and the account's e-mail (lowercase) for the device cookie.
pub struct NewSession {
    pub token: String,
    pub email: String,
}

/// Signs in from `ip`, on the device its `device` cookie names. The JSON call and the login form
/// share it, so both count the same guesses in the same buckets.
pub(crate) async fn log_in(
    state: &AppState,
    ip: &str,
    device: Option<&str>,
    body: LoginBody,
) -> Result<NewSession, ApiError> {
    let email = body.username.trim().to_lowercase();
    // Registration stores the trimmed password (spec §5: inputs trimmed).
    let password = body.password.trim().to_owned();
    if !login_ready(&email, &password) {
        return Err(ApiError::BadRequest((&messages::LOGIN_FAILED).into()));
    }
    let limits = &state.rate_limits;
    let account_ip = format!("{email}\n{ip}");
    // A device this account signed in on before counts its guesses on its own (OWASP device
    // cookies), so guesses from elsewhere never keep the owner out of their own device.
    let device = device.and_then(|t| state.tokens.verify_device(t)).filter(|d| d.sub == email).map(|d| d.dev);
    let account_bucket = match &device {
        Some(dev) => (&limits.login_attempts_per_device, dev.as_str()),
        None => (&limits.login_attempts_per_account, email.as_str()),
    };
    let buckets = [
        (&limits.login_attempts_per_ip, ip),
        (&limits.login_attempts_per_account_ip, account_ip.as_str()),
        account_bucket,
    ];
    // Counted before the hash, atomically: a burst cannot check more guesses than allowed.
    if let Err(wait) = ratelimit::reserve(&buckets).await {
        tracing::warn!(event = "login_throttled", client = %ip, account = ?email, retry_after_secs = wait.as_secs(), "security event");
        return Err(ApiError::too_many(&messages::TOO_MANY_LOGINS, wait));
    }
    let checked = accounts::sign_in(state, &email, password).await;
    match checked {
        Ok(Some(a)) => {
            // Only failures count against the allowances.
            limits.login_attempts_per_account_ip.clear(&account_ip).await;
            ratelimit::refund(&[buckets[0], buckets[2]]).await;
            Ok(NewSession { token: state.tokens.issue(a.user_id, a.token_version)?, email })
        }
        Ok(None) => Err(ApiError::Unauthorized((&messages::LOGIN_FAILED).into())),
        Err(e) => {
            // Nothing was checked (busy hasher, database fault): the guess is not held against anyone.
            ratelimit::refund(&buckets).await;
            Err(e.into())
        }
    }
}

#[utoipa::path(
    post, path = "/account",
    request_body = RegistrationBody,
    summary = "Register; the value holds the session token. A short (under 8 characters) or common password: 400; a taken e-mail: 409; too many sign-ups from one address: 429",
    security(()),
    responses((status = 200, description = "successful", body = Registered))
)]
async fn register(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    cookie: SessionCookie,
    Body(body): Body<RegistrationBody>,
) -> Result<SignedIn<Registered>, ApiError> {
    let session = sign_up(&state, &ip, body).await?;
    signed_in(&state, cookie, &session.token, &session.email, Registered { jwt: session.token.clone() })
}

/// Opens an account from `ip`: its first session. Shared by the JSON call and the form.
pub(crate) async fn sign_up(state: &AppState, ip: &str, body: RegistrationBody) -> Result<NewSession, ApiError> {
    let form = ProfileForm {
        first_name: body.first_name,
        last_name: body.last_name,
        e_mail_address: Some(body.e_mail_address),
        password: Some(body.password),
        phone_number: body.phone_number,
        postal_code: body.postal_code,
        is_email_notification_enabled: body.is_email_notification_enabled.unwrap_or(true),
        is_text_message_notification_enabled: body.is_text_message_notification_enabled.unwrap_or(true),
        is_phone_call_notification_enabled: body.is_phone_call_notification_enabled.unwrap_or(true),
        // Spec §5: registration requires the "I am eligible" checkbox, whoever calls; left out is not ticked.
        is_eligible: body.is_eligible == Some(true),
    };
    let weak = form.password.as_deref().map(str::trim).filter(|p| !p.is_empty()).and_then(password_problem);
    let weak_error = |why| FieldError::new("password", FieldCode::WeakPassword, why);
    let clean = match (validate_profile(&form, ProfileMode::Registration), weak) {
        (Ok(clean), None) => clean,
        // A weak password alone is named in the failure reason itself, not only in the field list.
        (Ok(_), Some(why)) => return Err(ApiError::Invalid { reason: why.into(), fields: vec![weak_error(why)] }),
        (Err(mut errors), weak) => {
            errors.extend(weak.map(weak_error));
            return Err(ApiError::invalid(errors));
        }
    };
    if let Err(wait) = state.rate_limits.registrations_per_ip.try_hit(ip).await {
        tracing::warn!(event = "registration_throttled", client = %ip, retry_after_secs = wait.as_secs(), "security event");
        return Err(ApiError::too_many(&messages::TOO_MANY_REGISTRATIONS, wait));
    }
    let email = clean.e_mail_address.as_deref().unwrap_or_default().to_lowercase();
    let (id, version) = match accounts::create_account(state, clean).await {
        Err(service::Error::Store(StoreError::Conflict(_))) => {
            return Err(ApiError::Conflict((&messages::EMAIL_TAKEN).into()));
        }
        created => created?,
    };
    Ok(NewSession { token: state.tokens.issue(id, version)?, email })
}

/// Ends the session of the bearer token and the one of the session cookie (usually the same) on
/// every host, and drops the cookie; the app forgets its own copy of the token. Needs no valid
/// token: a shopper whose token was refused (401) must still be able to drop the cookie.
#[utoipa::path(
    post, path = "/account/logout",
    summary = "Sign out: ends the session of the bearer token and of the session cookie (both refused from then on, on every host) and clears the cookie",
    security(()),
    responses((status = 200, description = "successful", body = bool))
)]
async fn logout(
    State(state): State<AppState>,
    cookie: SessionCookie,
    headers: HeaderMap,
) -> Result<WithCookie<bool>, ApiError> {
    for token in [auth::bearer_token(&headers), session_cookie::token(&headers)].into_iter().flatten() {
        accounts::sign_out(&state, token).await?;
    }
    Ok(cookie.clear(true))
}
