//! Signing in (`POST /account/login` and the login form) and signing up (`POST /account` and the
//! registration form): the field checks, the allowances counted per address, account and device,
//! and the new session's token. The JSON calls and the forms posted to pages share these, so both
//! count the same guesses in the same buckets; setting the cookies is theirs.
use super::{Context, Error, Result, accounts, password_reset};
use crate::{
    catalog::Lang,
    db::repo::{self, StoreError},
    domain::{
        devices,
        forms::{FieldCode, FieldError, ProfileForm, login_ready, validate_registration},
        messages,
        passwords::password_problem,
    },
    infra::ratelimit,
    model::account::{LoginBody, RegistrationBody},
};

/// A new session: its token, and the account's e-mail (lowercase) for the device cookie.
pub struct NewSession {
    pub token: String,
    pub email: String,
}

/// Who signs in or up: the client's address, the device cookie of a past sign-in, and the
/// User-Agent (its browser and system name the session in the account's list of devices).
#[derive(Clone, Copy, Debug, Default)]
pub struct Client<'a> {
    pub ip: &'a str,
    pub device: Option<&'a str>,
    pub agent: Option<&'a str>,
}

/// A new session of the account's: its token, listed with the device it was opened on.
async fn open(state: &Context, agent: Option<&str>, user_id: i64, version: i32, email: String) -> Result<NewSession> {
    let (token, claims) = state.tokens.issue_session(user_id, version)?;
    let agent = agent.unwrap_or_default();
    let expires_at = i64::try_from(claims.exp).ok().and_then(|s| chrono::DateTime::from_timestamp(s, 0));
    let listed = repo::NewSession {
        session_id: &claims.sid,
        user_id,
        token_version: version,
        browser: devices::browser(agent),
        system: devices::system(agent),
        expires_at: expires_at.unwrap_or_default(),
    };
    state.store.list_session(listed, state.clock.now()).await?;
    Ok(NewSession { token, email })
}

/// Signs in from the client's address, on the device its `device` cookie names.
pub async fn log_in(state: &Context, client: Client<'_>, body: LoginBody) -> Result<NewSession> {
    let Client { ip, device, agent } = client;
    let email = body.username.trim().to_lowercase();
    // Registration stores the trimmed password (spec §5: inputs trimmed).
    let password = body.password.trim().to_owned();
    if !login_ready(&email, &password) {
        return Err(Error::Invalid((&messages::LOGIN_FAILED).into()));
    }
    let limits = &state.rate_limits;
    let account_ip = format!("{email}\n{ip}");
    // A device this account signed in on before counts its guesses on its own (OWASP device
    // cookies), and only there: guesses from elsewhere, or from the neighbours behind a shared
    // address (a shelter's or library's NAT), never keep the owner out of their own device, while
    // a stolen device cookie is still held to that device's few guesses.
    let device = device.and_then(|t| state.tokens.verify_device(t)).filter(|d| d.sub == email).map(|d| d.dev);
    let buckets = match &device {
        Some(dev) => vec![(&limits.login_attempts_per_device, dev.as_str())],
        None => vec![
            (&limits.login_attempts_per_ip, ip),
            (&limits.login_attempts_per_account_ip, account_ip.as_str()),
            (&limits.login_attempts_per_account, email.as_str()),
        ],
    };
    // Counted before the hash, atomically: a burst cannot check more guesses than allowed.
    if let Err(wait) = ratelimit::reserve(&buckets, 1).await? {
        tracing::warn!(event = "login_throttled", client = %ip, account = %state.tokens.log_tag(&email), known_device = device.is_some(), retry_after_secs = wait.as_secs(), "security event");
        return Err(Error::throttled(&messages::TOO_MANY_LOGINS, wait));
    }
    let checked = accounts::sign_in(state, &email, password).await;
    match checked {
        Ok(Some(a)) => {
            // Only failures count against the allowances; the owner at this address gets its
            // whole (account, address) allowance back.
            limits.login_attempts_per_account_ip.clear(&account_ip).await;
            let counted: Vec<_> = buckets
                .into_iter()
                .filter(|(limit, _)| !std::ptr::eq(*limit, &limits.login_attempts_per_account_ip))
                .collect();
            ratelimit::refund(&counted, 1).await;
            open(state, agent, a.user_id, a.token_version, email).await
        }
        Ok(None) => Err(Error::Unauthorized((&messages::LOGIN_FAILED).into())),
        Err(e) => {
            // Nothing was checked (busy hasher, database fault): the guess is not held against anyone.
            ratelimit::refund(&buckets, 1).await;
            Err(e)
        }
    }
}

/// What a sign-up came to.
pub enum SignUp {
    /// A new account, and its first session.
    Opened(NewSession),
    /// The e-mail has an account: its owner is mailed (a reset link), and the person signing up
    /// is told only that a mail was sent, as a reset request is (OWASP: no account enumeration).
    MailSent,
}

/// Opens an account from `ip`; a known e-mail is answered with a mail to its owner, in the owner's
/// language, else `lang`.
pub async fn sign_up(state: &Context, client: Client<'_>, lang: Lang, body: RegistrationBody) -> Result<SignUp> {
    let ip = client.ip;
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
    let clean = match (validate_registration(&form), weak) {
        (Ok(clean), None) => clean,
        // A weak password alone is named in the failure reason itself, not only in the field list.
        (Ok(_), Some(why)) => return Err(Error::Fields { reason: why.into(), fields: vec![weak_error(why)] }),
        (Err(mut errors), weak) => {
            errors.extend(weak.map(weak_error));
            return Err(Error::fields(errors));
        }
    };
    if let Err(wait) = state.rate_limits.registrations_per_ip.try_hit(ip).await? {
        tracing::warn!(event = "registration_throttled", client = %ip, retry_after_secs = wait.as_secs(), "security event");
        return Err(Error::throttled(&messages::TOO_MANY_REGISTRATIONS, wait));
    }
    let email = clean.e_mail_address.as_deref().unwrap_or_default().to_lowercase();
    // The password is hashed before the insert finds the e-mail taken: both answers take as long.
    let (id, version) = match accounts::create_account(state, clean).await {
        Err(Error::Store(StoreError::Conflict(_))) => {
            password_reset::tell_owner_of_sign_up(state, &email, lang).await?;
            return Ok(SignUp::MailSent);
        }
        created => created?,
    };
    Ok(SignUp::Opened(open(state, client.agent, id, version, email).await?))
}
