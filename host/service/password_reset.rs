//! Password reset links: mailing one (`POST /user/reset` and the forgot-password form), checking it
//! (`GET /user/password/validate`) and setting the new password through it (`POST /user/password`
//! and the update-password form), which ends every session. The link
//! is `/account/update-password/{token}/{code}`; only hashes of both are stored.
use super::{Context, Error, Result, notices::say, outbox};
use crate::{
    catalog::Lang,
    db::repo::{
        Write,
        accounts::{Recipient, ResetToken},
    },
    domain::{
        forms::{FieldCode, FieldError, Format, PASSWORD_MAX, is_valid_email, new_password},
        messages,
        passwords::password_problem,
    },
    model::account::{NewPasswordBody, ResetLink},
};

const PASSWORDS_DIFFER: &str = "The passwords do not match";
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};

// The mails' texts, translated by host/i18n/api.<lang>.json.
const RESET_SUBJECT: &str = "Reset your OrderAhead password";
const EXISTS_SUBJECT: &str = "You already have an OrderAhead account";
const RESET_TEXT: &str = "Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your OrderAhead account.\n\
     Open this link within one hour to choose a new password:\n\n{link}\n\n\
     If you did not ask for this, ignore this message; your password stays the same.\n";
const EXISTS_TEXT: &str = "Hello {name},\n\nSomeone (hopefully you) tried to sign up for OrderAhead with this e-mail address, \
     which already has an account.\n\nLog in here:\n\n{login}\n\n\
     Forgot your password? Open this link within one hour to choose a new one:\n\n{link}\n\n\
     If it was not you, ignore this message; nothing has changed.\n";

/// Why a mail carries a reset link: asked for, or a sign-up with an address that has an account
/// (told to its owner, never to whoever signed up).
#[derive(Clone, Copy)]
enum Why {
    Asked,
    SignUp,
}
const LINK_LIFETIME: chrono::Duration = chrono::Duration::hours(1);

fn expired() -> Error {
    Error::refused(&messages::RESET_EXPIRED)
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
pub(crate) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Mails a reset link for `email` asked from `ip`: the address checked and both allowances counted
/// first. The JSON call and the form share it.
pub async fn send_reset(state: &Context, ip: &str, lang: Lang, email: &str) -> Result<()> {
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        return Err(Error::fields(vec![FieldError::required("email")]));
    }
    if !is_valid_email(&email) {
        return Err(Error::fields(vec![Format::Email.error("email")]));
    }
    let limits = &state.rate_limits;
    // A request refused for its e-mail still counts for its address: cycling one
    // address through requests for a victim's mailbox burns the sender's allowance too.
    let counted = match limits.reset_requests_per_ip.try_hit(ip).await? {
        Ok(()) => limits.reset_requests_per_email.try_hit(&email).await?,
        refused => refused,
    };
    if let Err(wait) = counted {
        tracing::warn!(event = "reset_throttled", client = %ip, account = %state.tokens.log_tag(&email), retry_after_secs = wait.as_secs(), "security event");
        return Err(Error::throttled(&messages::TOO_MANY_RESETS, wait));
    }
    send_link(state, &email, lang, Why::Asked).await
}

/// A sign-up named `email`, which has an account: its owner gets a mail saying so, with a reset
/// link, within the address's reset allowance (beyond it, nothing is sent, so nobody can flood a
/// mailbox through sign-ups). The sign-up is answered as if it had gone through to a mail.
pub async fn tell_owner_of_sign_up(state: &Context, email: &str, lang: Lang) -> Result<()> {
    if state.rate_limits.reset_requests_per_email.try_hit(email).await?.is_err() {
        return Ok(());
    }
    send_link(state, email, lang, Why::SignUp).await
}

/// Mails a reset link to the account of `email`, if there is one, in the account's language (else
/// `request_lang`). Returns at once: the link and its mail are written afterwards, so neither the
/// answer nor its timing tells whether the e-mail has an account.
async fn send_link(state: &Context, email: &str, request_lang: Lang, why: Why) -> Result<()> {
    if let Some(recipient) = state.store.recipient(email).await? {
        let state = state.clone();
        let lang = recipient.language.as_deref().and_then(Lang::from_code).unwrap_or(request_lang);
        tokio::spawn(async move {
            if let Err(e) = mail_reset_link(&state, recipient, lang, why).await {
                tracing::error!(error = %e, "password reset link not written");
            }
        });
    }
    Ok(())
}

/// A new link that sets the account's password, open until `expires` (reset mails and the staff
/// side's invitations), written in the caller's transaction with the mail that carries it.
pub(crate) async fn new_link(
    txn: &Write,
    public_url: &str,
    user_id: i64,
    expires: DateTime<Utc>,
    at: DateTime<Utc>,
) -> anyhow::Result<String> {
    let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let code = format!("{:06}", rand::random_range(0..1_000_000u32));
    txn.create_reset_token(user_id, token_hash(&token), code_hash(&token, &code), expires, at).await?;
    Ok(format!("{}/account/update-password/{token}/{code}", public_url.trim_end_matches('/')))
}

async fn mail_reset_link(state: &Context, recipient: Recipient, lang: Lang, why: Why) -> Result<()> {
    let now = state.clock.now();
    let recipient = &recipient;
    state.store.write(|txn| async move { write_reset_mail(state, &txn, recipient, lang, why, now).await }).await?;
    state.mail_written.notify_one();
    Ok(())
}

async fn write_reset_mail(
    state: &Context,
    txn: &Write,
    recipient: &Recipient,
    lang: Lang,
    why: Why,
    now: DateTime<Utc>,
) -> Result<()> {
    let link = new_link(txn, &state.public_url, recipient.user_id, now + LINK_LIFETIME, now).await?;
    let login = format!("{}/account/login", state.public_url.trim_end_matches('/'));
    // The links open their pages in the mail's language.
    let (link, login) = match lang {
        Lang::EN => (link, login),
        other => (format!("{link}?lang={}", other.code()), format!("{login}?lang={}", other.code())),
    };
    let fill = [("name", recipient.first_name.as_str()), ("link", link.as_str()), ("login", login.as_str())];
    let (subject, text) = match why {
        Why::SignUp => (say(EXISTS_SUBJECT, lang, &[]), say(EXISTS_TEXT, lang, &fill)),
        Why::Asked => (say(RESET_SUBJECT, lang, &[]), say(RESET_TEXT, lang, &fill)),
    };
    txn.enqueue(outbox::email(&recipient.email, subject, text, lang, None), now).await?;
    Ok(())
}

/// The open reset link named by `token` and `code`. Codes tried at a token are counted before
/// they are checked, atomically, so however many arrive at once at most the allowance is checked
/// (the right code is given back); past it even the right code is refused until the window ends,
/// with 429 so the shopper knows to wait rather than that the link is dead.
pub async fn open_link(state: &Context, token: &str, code: &str) -> Result<ResetToken> {
    let hash = token_hash(token.trim());
    let limit = &state.rate_limits.reset_code_failures_per_token;
    if let Err(retry_after) = limit.try_hit(&hash).await? {
        tracing::warn!(event = "reset_code_throttled", retry_after_secs = retry_after.as_secs(), "security event");
        return Err(Error::Throttled { reason: (&messages::TOO_MANY_CODES_FOR_LINK).into(), retry_after });
    }
    let open = state.store.reset_token(&hash).await?.filter(|t| t.is_open(state.clock.now()));
    match open {
        Some(t) if same(&t.code_hash, &code_hash(token.trim(), code.trim())) => {
            limit.refund(&hash).await;
            Ok(t)
        }
        _ => Err(expired()),
    }
}

/// Sets the new password through a reset link, once it passes the password rules; the JSON call and
/// the form share it.
pub async fn reset_password(state: &Context, link: &ResetLink, body: NewPasswordBody) -> Result<()> {
    let confirm = body.confirm_password.as_deref().unwrap_or(&body.password);
    let Some(password) = new_password(&body.password, confirm) else {
        let error = if body.password.trim().is_empty() {
            FieldError::required("password")
        } else {
            FieldError::new("password", FieldCode::PasswordsDiffer, PASSWORDS_DIFFER)
        };
        return Err(Error::fields(vec![error]));
    };
    if password.chars().count() > PASSWORD_MAX {
        return Err(Error::fields(vec![FieldError::too_long("password", PASSWORD_MAX)]));
    }
    if let Some(why) = password_problem(&password) {
        return Err(Error::Fields {
            reason: why.into(),
            fields: vec![FieldError::new("password", FieldCode::WeakPassword, why)],
        });
    }
    set_password(state, &link.token, &link.code, password).await
}

/// Sets `password` (already checked against the password rules) through the link, which is then
/// used up; every session of the account ends.
async fn set_password(state: &Context, token: &str, code: &str, password: String) -> Result<()> {
    let token = open_link(state, token, code).await?;
    let hash = state.hasher.hash(password).await?;
    let (token, hash, now) = (&token, &hash, state.clock.now());
    if !state.store.write(|txn| async move { txn.complete_reset(token, hash, now).await }).await? {
        return Err(expired());
    }
    // The owner proved control of the mailbox: guesses spread over many addresses
    // must not keep them out any longer.
    if let Some(email) = super::accounts::email(state, token.user_id).await? {
        state.rate_limits.login_attempts_per_account.clear(&email.to_lowercase()).await;
    }
    Ok(())
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
