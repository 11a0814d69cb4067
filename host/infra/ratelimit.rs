//! In-memory rate limits for the account calls an attacker would hammer: login
//! guesses, sign-ups and password-reset mails. Fixed windows in moka caches, so
//! idle keys expire on their own; counts are per server process.
use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::request::Parts,
};
use moka::{future::Cache, ops::compute::Op};
use std::{convert::Infallible, net::SocketAddr, time::Duration};
use tokio::time::Instant;

const FIVE_MINUTES: Duration = Duration::from_secs(5 * 60);
const FIFTEEN_MINUTES: Duration = Duration::from_secs(15 * 60);
const ONE_HOUR: Duration = Duration::from_secs(3600);
/// Unknown referral codes per address and per account in 15 minutes: a shopper mistypes a code
/// or two; a guesser needs thousands.
pub const REFERRAL_GUESSES: u32 = 30;
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
        self.try_hit(key).await.is_ok()
    }

    /// [`Self::hit`], telling on refusal how long until the window ends (for `Retry-After`).
    pub async fn try_hit(&self, key: &str) -> Result<(), Duration> {
        self.try_hit_n(key, 1).await
    }

    /// Counts `n` events for `key` at once (several guesses in one request), refused when they
    /// would pass the allowance; all `n` stay counted either way, as a refused single one does.
    pub async fn try_hit_n(&self, key: &str, n: u32) -> Result<(), Duration> {
        let window = self.window;
        let entry = self
            .counts
            .entry(key.to_owned())
            .and_upsert_with(|old| async move {
                let now = Instant::now();
                match old.map(|e| e.into_value()) {
                    Some(w) if now.duration_since(w.started) < window => {
                        Window { count: w.count.saturating_add(n), ..w }
                    }
                    _ => Window { started: now, count: n },
                }
            })
            .await;
        let w = entry.value();
        if w.count <= self.max { Ok(()) } else { Err(self.window.saturating_sub(w.started.elapsed())) }
    }

    /// Takes back one event counted by [`Self::try_hit`], for attempts that turned out
    /// not to count (a success, or a refusal by another limit before any work).
    pub async fn refund(&self, key: &str) {
        self.refund_n(key, 1).await
    }

    /// Takes back `n` events, for the part of a batch that turned out not to count.
    pub async fn refund_n(&self, key: &str, n: u32) {
        let window = self.window;
        self.counts
            .entry(key.to_owned())
            .and_compute_with(|old| async move {
                match old.map(|e| e.into_value()) {
                    Some(w) if w.count > 0 && w.started.elapsed() < window => {
                        Op::Put(Window { count: w.count.saturating_sub(n), ..w })
                    }
                    _ => Op::Nop,
                }
            })
            .await;
    }

    pub async fn clear(&self, key: &str) {
        self.counts.invalidate(key).await;
    }
}

/// Counts one event in each `(limit, key)`, all or none: when one refuses, the
/// events already counted are taken back and the wait of the refusing one returned.
pub async fn reserve(buckets: &[(&Limit, &str)]) -> Result<(), Duration> {
    for (i, (limit, key)) in buckets.iter().enumerate() {
        if let Err(wait) = limit.try_hit(key).await {
            refund(&buckets[..i]).await;
            return Err(wait);
        }
    }
    Ok(())
}

pub async fn refund(buckets: &[(&Limit, &str)]) {
    for (limit, key) in buckets {
        limit.refund(key).await;
    }
}

/// Login guesses are counted in three buckets before the password is checked.
/// The per-(account, address) one is tight, so one client cannot guess much at
/// one account, yet a stranger's guesses never lock the owner out from their own
/// address; the per-account one is loose and short, so guesses spread over many
/// addresses are slowed, not blocked for long (a password reset also clears it).
pub struct RateLimits {
    /// Login attempts from one client address, over all accounts; successes are refunded.
    pub login_attempts_per_ip: Limit,
    /// Login attempts on one account from one client address; a success clears it.
    pub login_attempts_per_account_ip: Limit,
    /// Login attempts on one account from anywhere; successes are refunded.
    pub login_attempts_per_account: Limit,
    /// Login attempts with a device cookie of the account (from a past successful login), which
    /// count here instead of in `login_attempts_per_account`: guesses spread over many addresses
    /// cannot lock the owner out of a device they signed in on, and a stolen device cookie is
    /// still held to a few guesses.
    pub login_attempts_per_device: Limit,
    pub registrations_per_ip: Limit,
    pub reset_requests_per_ip: Limit,
    pub reset_requests_per_email: Limit,
    /// Wrong codes for one reset link (the code is only 6 digits).
    pub reset_code_failures_per_token: Limit,
    /// Referral codes tried from one client address that named no code (each code of a request
    /// counts; codes that exist are refunded, so a shopper's own codes never use it up).
    pub referral_codes_per_ip: Limit,
    /// The same per signed-in account, wherever it tries from.
    pub referral_codes_per_account: Limit,
}

impl RateLimits {
    pub fn new(registrations_per_hour: u32) -> Self {
        Self {
            login_attempts_per_ip: Limit::new(20, FIFTEEN_MINUTES),
            login_attempts_per_account_ip: Limit::new(5, FIFTEEN_MINUTES),
            login_attempts_per_account: Limit::new(20, FIVE_MINUTES),
            login_attempts_per_device: Limit::new(10, FIFTEEN_MINUTES),
            registrations_per_ip: Limit::new(registrations_per_hour, ONE_HOUR),
            reset_requests_per_ip: Limit::new(10, ONE_HOUR),
            reset_requests_per_email: Limit::new(3, ONE_HOUR),
            reset_code_failures_per_token: Limit::new(5, ONE_HOUR),
            referral_codes_per_ip: Limit::new(REFERRAL_GUESSES, FIFTEEN_MINUTES),
            referral_codes_per_account: Limit::new(REFERRAL_GUESSES, FIFTEEN_MINUTES),
        }
    }
}

/// The client's address as the listener saw it. Requests that did not come
/// through a socket (in-process calls) share the one bucket "unknown".
/// `X-Forwarded-For` is read only when the connection comes from the configured
/// trusted proxy: any other client could forge it to dodge its limits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientIp(pub String);

/// The proxy whose `X-Forwarded-For` is believed (`--trusted-proxy`): the part of the app's state
/// that telling a client's address reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrustedProxy(pub Option<std::net::IpAddr>);

pub fn client_ip(parts: &Parts, proxy: TrustedProxy) -> String {
    client_ip_behind(parts, proxy.0)
}

fn client_ip_behind(parts: &Parts, trusted_proxy: Option<std::net::IpAddr>) -> String {
    let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    let forwarded = || {
        // The proxy appends the address it saw, so the last entry is the one it vouches for.
        let header = parts.headers.get_all("x-forwarded-for").iter().filter_map(|v| v.to_str().ok()).next_back()?;
        let last = header.rsplit(',').next()?.trim();
        last.parse::<std::net::IpAddr>().ok()
    };
    let ip = match (peer, trusted_proxy) {
        (Some(p), Some(proxy)) if p == proxy => forwarded().or(peer),
        _ => peer,
    };
    ip.map_or_else(|| "unknown".into(), |ip| ip.to_string())
}

impl<S: Send + Sync> FromRequestParts<S> for ClientIp
where
    TrustedProxy: FromRef<S>,
{
    type Rejection = Infallible;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Infallible> {
        Ok(Self(client_ip(parts, TrustedProxy::from_ref(state))))
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
    async fn a_batch_counts_each_of_its_events() {
        let limit = Limit::new(10, FIFTEEN_MINUTES);
        assert!(limit.try_hit_n("a", 8).await.is_ok());
        assert!(limit.try_hit_n("a", 3).await.is_err(), "8 + 3 passes 10");
        limit.refund_n("a", 9).await;
        assert!(limit.try_hit_n("a", 8).await.is_ok(), "11 - 9 + 8 = 10");
        assert!(!limit.hit("a").await);
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
    async fn a_refused_reservation_takes_back_what_it_counted() {
        let (wide, tight) = (Limit::new(10, FIFTEEN_MINUTES), Limit::new(1, FIFTEEN_MINUTES));
        assert!(reserve(&[(&wide, "ip"), (&tight, "acct")]).await.is_ok());
        let wait = reserve(&[(&wide, "ip"), (&tight, "acct")]).await.unwrap_err();
        assert!(wait > Duration::from_secs(14 * 60) && wait <= FIFTEEN_MINUTES, "{wait:?}");
        // One counted, one refunded: nine left for "ip".
        for _ in 0..9 {
            assert!(wide.hit("ip").await);
        }
        assert!(!wide.hit("ip").await);
        // The refused attempt counted too (an attacker's flood keeps the window full).
        tight.refund("acct").await;
        assert!(!tight.hit("acct").await);
        for _ in 0..3 {
            tight.refund("acct").await;
        }
        assert!(tight.hit("acct").await);
    }

    #[test]
    fn forwarded_for_counts_only_from_the_trusted_proxy() {
        let parts = |peer: &str| {
            let mut req =
                axum::http::Request::builder().header("x-forwarded-for", "6.6.6.6, 203.0.113.9").body(()).unwrap();
            req.extensions_mut().insert(ConnectInfo(format!("{peer}:5000").parse::<SocketAddr>().unwrap()));
            req.into_parts().0
        };
        let proxy = Some("10.0.0.1".parse().unwrap());
        assert_eq!(client_ip_behind(&parts("10.0.0.1"), proxy), "203.0.113.9");
        assert_eq!(client_ip_behind(&parts("198.51.100.4"), proxy), "198.51.100.4", "forged by a direct client");
        assert_eq!(client_ip_behind(&parts("10.0.0.1"), None), "10.0.0.1", "no proxy configured");
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
