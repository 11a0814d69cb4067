//! In-memory rate limits for the account calls an attacker would hammer: login
//! guesses and password-reset mails. Fixed windows in moka caches, so idle keys
//! expire on their own; counts are per server process.
use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};
use moka::future::Cache;
use std::{convert::Infallible, net::SocketAddr, time::Duration};
use tokio::time::Instant;

const FIFTEEN_MINUTES: Duration = Duration::from_secs(15 * 60);
const ONE_HOUR: Duration = Duration::from_secs(3600);
/// Bounds memory when someone cycles through addresses or e-mails.
const MAX_KEYS: u64 = 100_000;

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    count: u32,
}

/// At most `max` events per key in a window of `window`.
pub struct Limit {
    max: u32,
    window: Duration,
    counts: Cache<String, Window>,
}

impl Limit {
    pub fn new(max: u32, window: Duration) -> Self {
        Self { max, window, counts: Cache::builder().max_capacity(MAX_KEYS).time_to_live(window).build() }
    }

    /// Whether `key` has used up its allowance in the current window.
    pub async fn is_exhausted(&self, key: &str) -> bool {
        self.counts.get(key).await.is_some_and(|w| w.started.elapsed() < self.window && w.count >= self.max)
    }

    /// Counts one event for `key`; false once the allowance is exceeded. Atomic per
    /// key, so a burst of parallel requests cannot slip past the limit.
    pub async fn hit(&self, key: &str) -> bool {
        let window = self.window;
        let entry = self
            .counts
            .entry(key.to_owned())
            .and_upsert_with(|old| async move {
                let now = Instant::now();
                match old.map(|e| e.into_value()) {
                    Some(w) if now.duration_since(w.started) < window => {
                        Window { count: w.count.saturating_add(1), ..w }
                    }
                    _ => Window { started: now, count: 1 },
                }
            })
            .await;
        entry.value().count <= self.max
    }

    pub async fn clear(&self, key: &str) {
        self.counts.invalidate(key).await;
    }
}

pub struct RateLimits {
    /// Wrong passwords from one client address, over all accounts.
    pub login_failures_per_ip: Limit,
    /// Login attempts on one account; a successful login clears it.
    pub login_attempts_per_account: Limit,
    pub reset_requests_per_ip: Limit,
    pub reset_requests_per_email: Limit,
    /// Wrong codes for one reset link (the code is only 6 digits).
    pub reset_code_failures_per_token: Limit,
}

impl Default for RateLimits {
    fn default() -> Self {
        Self {
            login_failures_per_ip: Limit::new(20, FIFTEEN_MINUTES),
            login_attempts_per_account: Limit::new(5, FIFTEEN_MINUTES),
            reset_requests_per_ip: Limit::new(10, ONE_HOUR),
            reset_requests_per_email: Limit::new(3, ONE_HOUR),
            reset_code_failures_per_token: Limit::new(5, ONE_HOUR),
        }
    }
}

/// The client's address as the listener saw it. Requests that did not come
/// through a socket (in-process calls) share the one bucket "unknown".
/// Forwarding headers are ignored on purpose: any client can forge them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let ip = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip().to_string());
        Ok(Self(ip.unwrap_or_else(|| "unknown".into())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_key_is_refused_after_its_allowance_until_the_window_ends() {
        let limit = Limit::new(2, Duration::from_millis(200));
        assert!(limit.hit("a").await && limit.hit("a").await);
        assert!(limit.is_exhausted("a").await);
        assert!(!limit.hit("a").await);
        assert!(!limit.is_exhausted("b").await && limit.hit("b").await);
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert!(!limit.is_exhausted("a").await);
        assert!(limit.hit("a").await);
    }

    #[tokio::test]
    async fn clearing_restores_the_allowance() {
        let limit = Limit::new(1, FIFTEEN_MINUTES);
        assert!(limit.hit("a").await);
        assert!(!limit.hit("a").await);
        limit.clear("a").await;
        assert!(limit.hit("a").await);
    }

    #[tokio::test]
    async fn parallel_hits_never_exceed_the_limit() {
        let limit = std::sync::Arc::new(Limit::new(5, FIFTEEN_MINUTES));
        let tasks: Vec<_> = (0..50)
            .map(|_| {
                let l = limit.clone();
                tokio::spawn(async move { l.hit("k").await })
            })
            .collect();
        let mut allowed = 0;
        for t in tasks {
            allowed += usize::from(t.await.unwrap());
        }
        assert_eq!(allowed, 5);
    }
}
