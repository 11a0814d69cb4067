//! Signing in (`POST /account/login`) and signing up (`POST /account`).
use super::{NAME_MAX, PASSWORD_MAX, too_long};
use crate::{
    api::{
        ApiError, ApiResult, Body,
        auth::{hash_password, hash_password_blocking, verify_password},
        ok,
        ratelimit::ClientIp,
    },
    db::repo::{StoreError, accounts::NewUser},
    domain::forms::{ProfileForm, ProfileMode, login_ready, validate_profile},
    model::account::{LoginBody, Registered, RegistrationBody},
    state::AppState,
};
use axum::{Router, extract::State, routing::post};
use serde_json::{Value, json};
use std::sync::LazyLock;

/// One answer for a wrong password and an unknown e-mail, so accounts cannot be probed.
pub const LOGIN_FAILED: &str = "There was an error authenticating: the email address or password is incorrect.";
pub const TOO_MANY_LOGINS: &str = "Too many failed login attempts. Please wait 15 minutes and try again.";
pub const EMAIL_TAKEN: &str = "An account with this email address already exists.";

/// Verified against when the e-mail is unknown, so both failures cost one argon2 run.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| hash_password_blocking(&uuid::Uuid::new_v4().to_string()));

pub fn router() -> Router<AppState> {
    Router::new().route("/account/login", post(login)).route("/account", post(register))
}

async fn login(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Body(body): Body<LoginBody>,
) -> ApiResult<String> {
    let email = body.username.trim().to_lowercase();
    // Registration stores the trimmed password (spec §5: inputs trimmed).
    let password = body.password.trim().to_owned();
    if !login_ready(&email, &password) {
        return Err(ApiError::BadRequest(LOGIN_FAILED.into()));
    }
    let limits = &state.rate_limits;
    if limits.login_failures_per_ip.is_exhausted(&ip).await || !limits.login_attempts_per_account.hit(&email).await {
        return Err(ApiError::TooManyRequests(TOO_MANY_LOGINS.into()));
    }
    let account = state.store.credentials(&email).await?;
    let hash = account.as_ref().map_or_else(|| DUMMY_HASH.clone(), |a| a.password_hash.clone());
    let verified = verify_password(password, hash).await;
    match account {
        Some(a) if verified => {
            limits.login_attempts_per_account.clear(&email).await;
            state.store.record_login(a.user_id).await?;
            ok(state.tokens.issue(a.user_id, a.token_version)?)
        }
        _ => {
            limits.login_failures_per_ip.hit(&ip).await;
            Err(ApiError::Unauthorized(LOGIN_FAILED.into()))
        }
    }
}

async fn register(State(state): State<AppState>, Body(body): Body<RegistrationBody>) -> ApiResult<Registered> {
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
        // The checkbox gates the UI; an API caller that leaves it out is not refused.
        is_eligible: body.is_eligible.unwrap_or(true),
    };
    let lengths = too_long(&[
        ("firstName", Some(form.first_name.trim()), NAME_MAX),
        ("lastName", Some(form.last_name.trim()), NAME_MAX),
        ("password", form.password.as_deref().map(str::trim), PASSWORD_MAX),
    ]);
    let clean = match validate_profile(&form, ProfileMode::Registration) {
        Ok(clean) if lengths.is_empty() => clean,
        Ok(_) => return Err(ApiError::invalid(lengths)),
        Err(mut errors) => {
            errors.extend(lengths);
            return Err(ApiError::invalid(errors));
        }
    };
    let (Some(email), Some(password)) = (clean.e_mail_address, clean.password) else {
        return Err(ApiError::Internal(anyhow::anyhow!("validated registration without e-mail or password")));
    };
    let new = NewUser {
        first_name: clean.first_name,
        last_name: clean.last_name,
        email: email.to_lowercase(),
        password_hash: hash_password(password).await?,
        phone_number: clean.phone_number,
        postal_code: clean.postal_code,
        is_email_notification_enabled: clean.is_email_notification_enabled,
        is_text_message_notification_enabled: clean.is_text_message_notification_enabled,
        is_phone_call_notification_enabled: clean.is_phone_call_notification_enabled,
    };
    let (id, version) = state.store.create_user(new).await.map_err(|e| match e {
        StoreError::Conflict(_) => ApiError::Conflict(EMAIL_TAKEN.into()),
        other => other.into(),
    })?;
    ok(Registered { jwt: state.tokens.issue(id, version)? })
}

pub fn openapi() -> Value {
    use crate::api::openapi::operation_with_body;
    json!({
        "paths": {
            "/account/login": { "post": operation_with_body(
                "Log in; the value is the session token. Wrong e-mail or password: 401; too many failures: 429",
                json!({ "$ref": "#/components/schemas/LoginBody" }), json!({ "type": "string" }), false) },
            "/account": { "post": operation_with_body(
                "Register; the value holds the session token. A taken e-mail: 409",
                json!({ "$ref": "#/components/schemas/Registration" }),
                json!({ "type": "object", "required": ["jwt"], "properties": { "jwt": { "type": "string" } } }), false) }
        },
        "schemas": {
            "LoginBody": { "type": "object", "required": ["Username", "Password"], "properties": {
                "Username": { "type": "string", "description": "E-mail, trimmed, case-insensitive" },
                "Password": { "type": "string" } } },
            "Registration": { "type": "object",
                "required": ["firstName", "lastName", "eMailAddress", "password", "phoneNumber"],
                "properties": {
                    "firstName": { "type": "string", "maxLength": NAME_MAX },
                    "lastName": { "type": "string", "maxLength": NAME_MAX },
                    "eMailAddress": { "type": "string", "format": "email" },
                    "password": { "type": "string", "maxLength": PASSWORD_MAX },
                    "phoneNumber": { "type": "string", "pattern": "^\\(\\d{3}\\) \\d{3}-\\d{4}$" },
                    "postalCode": { "type": "string", "pattern": "^\\d{5}$", "nullable": true },
                    "isEmailNotificationEnabled": { "type": "boolean", "default": true },
                    "isTextMessageNotificationEnabled": { "type": "boolean", "default": true },
                    "isPhoneCallNotificationEnabled": { "type": "boolean", "default": true },
                    "isEligible": { "type": "boolean", "description": "The \"I am eligible\" checkbox; false refuses" }
                } }
        }
    })
}
