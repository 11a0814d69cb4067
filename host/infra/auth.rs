//! Session tokens (HS256 JWT with sub, iss, exp and the session's id) and the extractors that turn a
//! bearer header into the caller's user id. Password hashing is in `hasher`.
//!
//! Only the `Authorization: Bearer` header signs an API call in; the session cookie
//! (`api::session_cookie`) never does, so no cross-site request can act for a shopper. Page loads
//! read the cookie, through [`user_of`], to render the shopper's own data.
use super::clock::Clock;
pub use super::hasher::hash_password_blocking;
use super::ratelimit::{TrustedProxy, client_ip};
use crate::db::repo::{SEEN_EVERY, Store, StoreError};
use axum::{
    extract::{FromRef, FromRequestParts},
    http::request::Parts,
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use chrono::{DateTime, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::{fmt, path::Path, sync::Arc, time::Duration};

pub const ISSUER: &str = "orderahead";
/// The device cookie's issuer: a session token is never a device token, nor the other way round.
const DEVICE_ISSUER: &str = "orderahead-device";
pub const DEVICE_LIFETIME: Duration = Duration::from_secs(365 * 24 * 3600);
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub iss: String,
    pub exp: u64,
    pub iat: u64,
    /// Bumped on password change, so older tokens stop working.
    pub ver: i32,
    /// The session's id, random per sign-in: signing out revokes it (`revoked_sessions`) on every
    /// host. Required, so a token from before sessions had ids (which could not be signed out)
    /// is refused and its shopper signs in once more.
    pub sid: String,
}

/// A device cookie's claims (OWASP "device cookies"): the e-mail that signed in on this device
/// and the device's own random name, which its login guesses are counted under.
#[derive(Debug, Serialize, Deserialize)]
pub struct DeviceClaims {
    pub sub: String,
    pub iss: String,
    pub exp: u64,
    pub dev: String,
}

pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl fmt::Debug for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Tokens(<secret redacted>)")
    }
}

impl Tokens {
    pub fn from_secret(secret: &[u8]) -> Self {
        Self { encoding: EncodingKey::from_secret(secret), decoding: DecodingKey::from_secret(secret) }
    }

    /// The signing secret kept in the data dir, made on first start, so tokens
    /// survive restarts without any setup.
    pub fn from_data_dir(dir: &Path) -> std::io::Result<Self> {
        let path = dir.join("token.secret");
        let secret = match std::fs::read(&path) {
            Ok(s) if s.len() >= 32 => {
                // A key file from before files were made private.
                crate::private_files::restrict_if_present(&path)?;
                s
            }
            _ => {
                crate::private_files::private_dir(dir)?;
                let s: [u8; 32] = rand::random();
                crate::private_files::write_private(&path, &s)?;
                s.to_vec()
            }
        };
        Ok(Self::from_secret(&secret))
    }

    /// The configured key (`--token-secret`), else the data dir's. A configured key shorter than
    /// 32 bytes is refused: HS256 with a short key can be brute-forced offline from any token.
    pub fn configured(secret: Option<&str>, data_dir: &std::path::Path) -> anyhow::Result<Self> {
        match secret {
            Some(secret) if secret.len() >= 32 => Ok(Self::from_secret(secret.as_bytes())),
            Some(_) => anyhow::bail!("the token secret must be at least 32 bytes long"),
            None => Ok(Self::from_data_dir(data_dir)?),
        }
    }

    pub fn issue(&self, user_id: i64, version: i32) -> anyhow::Result<String> {
        Ok(self.issue_session(user_id, version)?.0)
    }

    /// A new session's token, and its claims (its id and expiry, for the list of devices).
    pub fn issue_session(&self, user_id: i64, version: i32) -> anyhow::Result<(String, Claims)> {
        let now = chrono::Utc::now().timestamp() as u64;
        let claims = Claims {
            sub: user_id.to_string(),
            iss: ISSUER.into(),
            iat: now,
            exp: now + TOKEN_LIFETIME.as_secs(),
            ver: version,
            sid: URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>()),
        };
        Ok((jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?, claims))
    }

    /// An HMAC-SHA256 of `message` under the token secret (base64url): the forms' CSRF tokens
    /// (`http::csrf`), so they need no second key.
    pub fn mac(&self, message: &[u8]) -> anyhow::Result<String> {
        Ok(jsonwebtoken::crypto::sign(message, &self.encoding, Algorithm::HS256)?)
    }

    /// A pseudonym of `text` (an e-mail) for log lines: the same account reads the same in every
    /// line of this deployment, so a run of throttled guesses at one account can be followed,
    /// while the address itself never reaches a log (a keyed MAC: it cannot be looked up from a
    /// list of addresses without the secret).
    pub fn log_tag(&self, text: &str) -> String {
        let mut message = b"log:".to_vec();
        message.extend_from_slice(text.as_bytes());
        self.mac(&message).map_or_else(|_| "-".to_owned(), |mac| mac.chars().take(12).collect())
    }

    /// A device cookie's value for a successful sign-in of `email` (lowercase) on this device.
    pub fn issue_device(&self, email: &str) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp() as u64;
        let claims = DeviceClaims {
            sub: email.to_owned(),
            iss: DEVICE_ISSUER.into(),
            exp: now + DEVICE_LIFETIME.as_secs(),
            dev: URL_SAFE_NO_PAD.encode(rand::random::<[u8; 16]>()),
        };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The device a device cookie names, when this server signed it and it has not expired.
    pub fn verify_device(&self, token: &str) -> Option<DeviceClaims> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[DEVICE_ISSUER]);
        v.set_required_spec_claims(&["exp", "sub", "iss"]);
        v.leeway = 0;
        jsonwebtoken::decode::<DeviceClaims>(token, &self.decoding, &v).ok().map(|d| d.claims)
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[ISSUER]);
        v.set_required_spec_claims(&["exp", "sub", "iss"]);
        v.leeway = 0;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &v).ok().map(|d| d.claims)
    }
}

/// The signed-in caller. A missing, expired, forged or revoked token is a 401.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuthUser {
    pub id: i64,
}

/// The caller if signed in; an invalid token is still a 401 (so the app can send
/// the shopper to log in again), only a missing one is `None`.
pub struct MaybeUser(pub Option<AuthUser>);

impl MaybeUser {
    pub fn id(&self) -> Option<i64> {
        self.0.as_ref().map(|u| u.id)
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    bearer_token(&parts.headers)
}

/// The token of an `Authorization: Bearer` header, unverified.
pub fn bearer_token(headers: &axum::http::HeaderMap) -> Option<&str> {
    let value = headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")).map(str::trim)
}

/// What telling the caller from a token reads (an axum substate of the app's state): the key, the
/// accounts' token versions and signed-out sessions, and who may forward client addresses (for the log).
#[derive(Clone)]
pub struct Verifier {
    pub tokens: Arc<Tokens>,
    pub store: Store,
    pub trusted_proxy: TrustedProxy,
    /// For marking a listed session used.
    pub clock: Arc<dyn Clock>,
}

/// Why a request is not let in: no token, or one that does not let its bearer in (401), or the
/// store failed while checking it. The API answers it in its envelope (`api::error`).
#[derive(Debug)]
pub enum NotSignedIn {
    Refused,
    Store(StoreError),
}

impl From<StoreError> for NotSignedIn {
    fn from(e: StoreError) -> Self {
        Self::Store(e)
    }
}

/// A token that does not let its bearer in: logged as a security event (a flood of
/// these is someone trying forged or stolen tokens), answered 401.
fn refused(parts: &Parts, verifier: &Verifier, reason: &'static str) -> NotSignedIn {
    let client = client_ip(parts, verifier.trusted_proxy);
    tracing::warn!(event = "token_refused", reason, client = %client, path = ?parts.uri.path(), "security event");
    NotSignedIn::Refused
}

/// The account a session token signs in, checked as every API call checks its bearer: signature,
/// issuer, expiry, the account's current token version (so a password change revokes it) and its
/// session not signed out. A listed session is marked used at `now` (at most every
/// `SEEN_EVERY`). `Ok(Err(reason))` is a token that does not let its bearer in.
pub async fn user_of(
    tokens: &Tokens,
    store: &Store,
    now: DateTime<Utc>,
    token: &str,
) -> Result<Result<i64, &'static str>, StoreError> {
    let Some(claims) = tokens.verify(token) else { return Ok(Err("invalid or expired")) };
    let Ok(id) = claims.sub.parse::<i64>() else { return Ok(Err("bad subject")) };
    let Some(state) = store.session_state(id, &claims.sid).await? else { return Ok(Err("unknown user")) };
    if state.version != claims.ver {
        return Ok(Err("revoked"));
    }
    if state.signed_out {
        return Ok(Err("signed out"));
    }
    if state.last_seen.is_some_and(|seen| now - seen >= SEEN_EVERY) {
        store.touch_session(&claims.sid, now).await?;
    }
    Ok(Ok(id))
}

async fn authenticate(parts: &Parts, verifier: &Verifier, token: &str) -> Result<AuthUser, NotSignedIn> {
    match user_of(&verifier.tokens, &verifier.store, verifier.clock.now(), token).await? {
        Ok(id) => Ok(AuthUser { id }),
        Err(reason) => Err(refused(parts, verifier, reason)),
    }
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser
where
    Verifier: FromRef<S>,
{
    type Rejection = NotSignedIn;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, NotSignedIn> {
        let token = bearer(parts).ok_or(NotSignedIn::Refused)?;
        authenticate(parts, &Verifier::from_ref(state), token).await
    }
}

impl<S: Send + Sync> FromRequestParts<S> for MaybeUser
where
    Verifier: FromRef<S>,
{
    type Rejection = NotSignedIn;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, NotSignedIn> {
        match bearer(parts) {
            None => Ok(Self(None)),
            Some(token) => authenticate(parts, &Verifier::from_ref(state), token).await.map(|u| Self(Some(u))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_and_reject_tampering() {
        let tokens = Tokens::from_secret(b"0123456789abcdef0123456789abcdef");
        let t = tokens.issue(42, 3).unwrap();
        let c = tokens.verify(&t).unwrap();
        assert_eq!((c.sub.as_str(), c.iss.as_str(), c.ver), ("42", ISSUER, 3));
        assert_ne!(c.sid, tokens.verify(&tokens.issue(42, 3).unwrap()).unwrap().sid, "each sign-in is its own session");
        let other = Tokens::from_secret(b"another secret another secret!!!");
        assert!(other.verify(&t).is_none());
        assert!(tokens.verify(&format!("{t}x")).is_none());
        assert!(format!("{tokens:?}").contains("redacted"));
    }

    #[test]
    fn device_and_session_tokens_are_never_taken_for_each_other() {
        let tokens = Tokens::from_secret(b"0123456789abcdef0123456789abcdef");
        let device = tokens.issue_device("pat@example.org").unwrap();
        let session = tokens.issue(42, 0).unwrap();
        assert_eq!(tokens.verify_device(&device).unwrap().sub, "pat@example.org");
        assert!(tokens.verify(&device).is_none() && tokens.verify_device(&session).is_none());
        let other = Tokens::from_secret(b"another secret another secret!!!");
        assert!(other.verify_device(&device).is_none());
    }

    #[test]
    fn a_log_tag_names_an_account_without_its_address() {
        let tokens = Tokens::from_secret(b"0123456789abcdef0123456789abcdef");
        let tag = tokens.log_tag("ana@example.org");
        assert_eq!(tag.len(), 12);
        assert_eq!(tag, tokens.log_tag("ana@example.org"), "the same account, the same tag");
        assert_ne!(tag, tokens.log_tag("bo@example.org"));
        assert!(!tag.contains("ana") && !tag.contains('@'));
        let other = Tokens::from_secret(b"another secret another secret!!!");
        assert_ne!(tag, other.log_tag("ana@example.org"), "keyed: another deployment's tag differs");
    }

    #[test]
    fn a_configured_secret_wins_and_must_be_long() {
        let unused = std::env::temp_dir().join("orderahead-unused-dir");
        let configured = Tokens::configured(Some("0123456789abcdef0123456789abcdef"), &unused).unwrap();
        let t = Tokens::from_secret(b"0123456789abcdef0123456789abcdef").issue(7, 0).unwrap();
        assert!(configured.verify(&t).is_some());
        assert!(Tokens::configured(Some("short"), &unused).is_err());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let tokens = Tokens::from_secret(b"0123456789abcdef0123456789abcdef");
        let claims = Claims { sub: "1".into(), iss: ISSUER.into(), iat: 1, exp: 2, ver: 0, sid: "s".into() };
        let t = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &tokens.encoding).unwrap();
        assert!(tokens.verify(&t).is_none());
    }
}
