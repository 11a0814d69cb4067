//! Session tokens (HS256 JWT with sub, iss, exp), password hashes (argon2id) and
//! the extractors that turn a bearer header into the caller's user id.
use super::error::{ApiError, UNAUTHORIZED};
use crate::state::AppState;
use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
    password_hash::{SaltString, rand_core::OsRng},
};
use axum::{extract::FromRequestParts, http::request::Parts};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use std::{fmt, path::Path, time::Duration};

pub const ISSUER: &str = "orderahead";
const TOKEN_LIFETIME: Duration = Duration::from_secs(30 * 24 * 3600);

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    pub sub: String,
    pub iss: String,
    pub exp: u64,
    pub iat: u64,
    /// Bumped on password change, so older tokens stop working.
    pub ver: i32,
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
            Ok(s) if s.len() >= 32 => s,
            _ => {
                std::fs::create_dir_all(dir)?;
                let s: [u8; 32] = rand::random();
                std::fs::write(&path, s)?;
                s.to_vec()
            }
        };
        Ok(Self::from_secret(&secret))
    }

    pub fn issue(&self, user_id: i64, version: i32) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp() as u64;
        let claims = Claims { sub: user_id.to_string(), iss: ISSUER.into(), iat: now, exp: now + TOKEN_LIFETIME.as_secs(), ver: version };
        Ok(jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    pub fn verify(&self, token: &str) -> Option<Claims> {
        let mut v = Validation::new(Algorithm::HS256);
        v.set_issuer(&[ISSUER]);
        v.set_required_spec_claims(&["exp", "sub", "iss"]);
        v.leeway = 0;
        jsonwebtoken::decode::<Claims>(token, &self.decoding, &v).ok().map(|d| d.claims)
    }
}

/// argon2id with the crate's default (OWASP) parameters.
pub fn hash_password_blocking(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 with default parameters").to_string()
}

/// [`hash_password_blocking`], off the async threads (it takes ~20 ms of CPU by design).
pub async fn hash_password(password: String) -> anyhow::Result<String> {
    Ok(tokio::task::spawn_blocking(move || hash_password_blocking(&password)).await?)
}

pub async fn verify_password(password: String, hash: String) -> bool {
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).map(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok()).unwrap_or(false)
    })
    .await
    .unwrap_or(false)
}

/// The signed-in caller. A missing, expired, forged or revoked token is a 401.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AuthUser {
    pub id: i64,
}

/// The caller if signed in; an invalid token is still a 401 (so the app can send
/// the shopper to log in again), only a missing one is `None`.
pub struct MaybeUser(pub Option<AuthUser>);

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(axum::http::header::AUTHORIZATION)?.to_str().ok()?;
    value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer ")).map(str::trim)
}

async fn authenticate(state: &AppState, token: &str) -> Result<AuthUser, ApiError> {
    let unauthorized = || ApiError::Unauthorized(UNAUTHORIZED.into());
    let claims = state.tokens.verify(token).ok_or_else(unauthorized)?;
    let id: i64 = claims.sub.parse().map_err(|_| unauthorized())?;
    let current = state.store.token_version(id).await?.ok_or_else(unauthorized)?;
    if current != claims.ver {
        return Err(unauthorized());
    }
    Ok(AuthUser { id })
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = bearer(parts).ok_or_else(|| ApiError::Unauthorized(UNAUTHORIZED.into()))?;
        authenticate(state, token).await
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        match bearer(parts) {
            None => Ok(Self(None)),
            Some(token) => authenticate(state, token).await.map(|u| Self(Some(u))),
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
        let other = Tokens::from_secret(b"another secret another secret!!!");
        assert!(other.verify(&t).is_none());
        assert!(tokens.verify(&format!("{t}x")).is_none());
        assert!(format!("{tokens:?}").contains("redacted"));
    }

    #[test]
    fn expired_tokens_are_refused() {
        let tokens = Tokens::from_secret(b"0123456789abcdef0123456789abcdef");
        let claims = Claims { sub: "1".into(), iss: ISSUER.into(), iat: 1, exp: 2, ver: 0 };
        let t = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &tokens.encoding).unwrap();
        assert!(tokens.verify(&t).is_none());
    }

    #[tokio::test]
    async fn passwords_hash_and_verify() {
        let h = hash_password("OrderAhead!demo".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify_password("OrderAhead!demo".into(), h.clone()).await);
        assert!(!verify_password("wrong".into(), h).await);
    }
}
