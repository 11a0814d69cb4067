//! The session cookie: the session token again, where the server can read it when the browser
//! asks for a page, so pages render the shopper's own data (orders, account, messages) without
//! waiting for JavaScript. The API sets it wherever it issues a token and clears it on sign-out.
//!
//! It is `HttpOnly` (scripts keep using their bearer copy), `SameSite=Lax` and `Path=/`, lives as
//! long as the token, and is `Secure` when the site is served over HTTPS. The API never accepts it
//! as authentication (see `auth`): only page loads read it.
use super::Api;
use crate::infra::auth::{DEVICE_LIFETIME, TOKEN_LIFETIME};
use crate::{catalog, state::AppState};
use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::{HeaderMap, HeaderName, HeaderValue, header, request::Parts},
};
use std::{convert::Infallible, net::SocketAddr};

pub const NAME: &str = "oa_session";
/// The device cookie: set by a successful login, it lets its account's owner sign in on this
/// device while guesses from elsewhere have used up the account's allowance (see `infra::ratelimit`).
pub const DEVICE: &str = "oa_device";

/// An API answer that also sets (or clears) the session cookie.
pub type WithCookie<T> = ([(HeaderName, HeaderValue); 1], Api<T>);

/// How this request's answer writes the cookie: `Secure` or not.
#[derive(Clone, Copy, Debug)]
pub struct SessionCookie {
    secure: bool,
}

impl SessionCookie {
    /// Secure when the configured public URL is HTTPS: that is the address shoppers are sent to
    /// (links, redirects from old hosts), so their browsers reach the site over HTTPS whatever
    /// this listener speaks behind a TLS-terminating proxy. A proxy that sets `X-Forwarded-Proto:
    /// https` also makes it Secure, but only the configured trusted proxy is believed (any other
    /// client could send the header). A plain-HTTP site (a local demo) gets no `Secure`, which its
    /// browsers would otherwise refuse to store.
    pub fn for_request(parts: &Parts, state: &AppState) -> Self {
        let public_https = state.config.public_url.to_ascii_lowercase().starts_with("https://");
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
        let from_proxy = peer.is_some() && peer == state.config.trusted_proxy;
        let forwarded_https = from_proxy
            && parts
                .headers
                .get("x-forwarded-proto")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"));
        Self { secure: public_https || forwarded_https }
    }

    fn header(&self, value: &str, max_age: u64) -> HeaderValue {
        self.other(NAME, value, max_age)
    }

    /// Another cookie of the same kind (`HttpOnly`, `SameSite=Lax`, `Secure` alike): the forms'
    /// CSRF cookie. `value` is base64url and dots.
    pub fn other(&self, name: &str, value: &str, max_age: u64) -> HeaderValue {
        let secure = if self.secure { "; Secure" } else { "" };
        let cookie = format!("{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{secure}");
        // Base64url and dots: always a valid header value.
        HeaderValue::from_str(&cookie).unwrap_or_else(|_| HeaderValue::from_static("oa_session=; Path=/; Max-Age=0"))
    }

    /// Whether the cookies this answer sets are `Secure`.
    pub fn secure(&self) -> bool {
        self.secure
    }

    /// `value` answered with the cookie carrying `token`, for as long as the token is valid.
    pub fn set<T>(&self, token: &str, value: T) -> WithCookie<T> {
        ([(header::SET_COOKIE, self.header(token, TOKEN_LIFETIME.as_secs()))], Api(value))
    }

    /// The header that sets the device cookie to `token` (`Tokens::issue_device`), for a year.
    pub fn device(&self, token: &str) -> HeaderValue {
        self.other(DEVICE, token, DEVICE_LIFETIME.as_secs())
    }

    /// The header that drops the cookie (sign-out, a refused token).
    pub fn clearing(&self) -> HeaderValue {
        self.header("", 0)
    }

    /// `value` answered with the cookie dropped.
    pub fn clear<T>(&self, value: T) -> WithCookie<T> {
        ([(header::SET_COOKIE, self.clearing())], Api(value))
    }
}

impl FromRequestParts<AppState> for SessionCookie {
    type Rejection = Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Infallible> {
        Ok(Self::for_request(parts, state))
    }
}

/// The device token the request's device cookie carries, unverified.
pub fn device_token(headers: &HeaderMap) -> Option<&str> {
    catalog::cookie(headers, DEVICE).map(str::trim).filter(|t| !t.is_empty())
}

/// The session token the request's cookie carries, unverified.
pub fn token(headers: &HeaderMap) -> Option<&str> {
    catalog::cookie(headers, NAME).map(str::trim).filter(|t| !t.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookie_is_http_only_lax_and_lives_as_long_as_the_token() {
        let plain = SessionCookie { secure: false };
        let set = plain.header("abc.def", TOKEN_LIFETIME.as_secs());
        assert_eq!(set, "oa_session=abc.def; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
        assert_eq!(
            SessionCookie { secure: true }.clearing(),
            "oa_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"
        );
    }

    #[test]
    fn the_token_is_read_among_other_cookies() {
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_static("oa_lang=es; oa_session=t.o.k"));
        assert_eq!(token(&headers), Some("t.o.k"));
        headers.insert(header::COOKIE, HeaderValue::from_static("oa_session="));
        assert_eq!(token(&headers), None);
    }
}
