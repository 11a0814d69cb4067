//! Cross-site request forgery defences for the forms that post to pages (`forms`): the session
//! cookie signs those posts in, so a post must come from one of our pages.
//!
//! Three locks, each enough alone against today's browsers: the session cookie is `SameSite=Lax`
//! (no cross-site POST carries it); the post's `Origin` (else its `Referer`) must be this site;
//! and every form carries a token, the HMAC of a random `HttpOnly` cookie under the token secret,
//! which another site can neither read nor compute. Only pages that are never cached carry a token
//! (it is per browser), and only those pages have forms.
use crate::{api::session_cookie::SessionCookie, catalog, service::password_reset::same, state::AppState};
use axum::http::{HeaderMap, HeaderValue, header};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};

pub const COOKIE: &str = "oa_csrf";
/// The hidden input that carries the token.
pub const FIELD: &str = "csrf";
/// As long as a session: a page left open for days still posts.
const MAX_AGE_SECS: u64 = 30 * 24 * 3600;

/// The form token for this browser, and the cookie to set when it had none yet.
pub fn token(state: &AppState, headers: &HeaderMap, cookie: SessionCookie) -> (Option<String>, Option<HeaderValue>) {
    if let Some(secret) = browser_secret(headers) {
        return (sign(state, secret), None);
    }
    let secret = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    let set = cookie.other(COOKIE, &secret, MAX_AGE_SECS);
    (sign(state, &secret), Some(set))
}

/// Whether `posted` is the token of the browser's cookie.
pub fn valid(state: &AppState, headers: &HeaderMap, posted: &str) -> bool {
    let expected = browser_secret(headers).and_then(|secret| sign(state, secret));
    expected.is_some_and(|t| same(&t, posted))
}

/// Whether the post comes from a page of this site: its `Origin` (every current browser sends
/// one with a form POST), else its `Referer`, names the public URL or the host the request was
/// addressed to (a site reached under several names, the tests' 127.0.0.1). Neither header: refused.
pub fn same_origin(state: &AppState, headers: &HeaderMap) -> bool {
    let text = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    let from = match (text(header::ORIGIN), text(header::REFERER)) {
        (Some(origin), _) => origin,
        (None, Some(referer)) => referer,
        (None, None) => return false,
    };
    let Some(from) = origin_of(from) else { return false };
    let public = origin_of(&state.config.public_url);
    let addressed = text(header::HOST).map(str::to_ascii_lowercase);
    public.as_deref() == Some(from.as_str())
        || addressed.is_some_and(|host| from.split_once("://").map(|(_, h)| h) == Some(host.as_str()))
}

/// `scheme://host[:port]` of a URL, lower-cased; None for anything else ("null" included).
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next().filter(|h| !h.is_empty())?;
    matches!(scheme, "http" | "https").then(|| format!("{scheme}://{host}").to_ascii_lowercase())
}

fn browser_secret(headers: &HeaderMap) -> Option<&str> {
    catalog::cookie(headers, COOKIE).map(str::trim).filter(|s| !s.is_empty())
}

fn sign(state: &AppState, secret: &str) -> Option<String> {
    state
        .tokens
        .mac(format!("csrf:{secret}").as_bytes())
        .inspect_err(|error| tracing::error!(%error, "csrf token"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_scheme_and_host_only() {
        assert_eq!(
            origin_of("https://Food.example.org/account/login?x=1").as_deref(),
            Some("https://food.example.org")
        );
        assert_eq!(origin_of("http://127.0.0.1:8080").as_deref(), Some("http://127.0.0.1:8080"));
        assert_eq!(origin_of("null"), None);
        assert_eq!(origin_of("javascript://x"), None);
    }
}
