//! Rate limits for the account calls an attacker would hammer: login guesses, sign-ups,
//! password-reset mails and referral codes. Fixed windows: a bucket's window opens at its first
//! event and lasts the limit's `window`, and the events counted in it are held against the
//! allowance until it ends.
//!
//! Where the counts live is the [`Counter`]: on PostgreSQL in the database
//! ([`SharedCounter`]), so any number of hosts together allow exactly what one host allows; on
//! SQLite (one host) in this process's memory ([`MemoryCounter`]), in moka caches whose idle keys
//! expire on their own.
use crate::db::repo::{Store, StoreResult, throttles::Tally};
use axum::{
    extract::{ConnectInfo, FromRef, FromRequestParts},
    http::request::Parts,
};
use moka::{future::Cache, ops::compute::Op};
use sha2::{Digest, Sha256};
use std::{
    convert::Infallible,
    future::Future,
    net::SocketAddr,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};
use tokio::time::Instant;

const FIVE_MINUTES: Duration = Duration::from_secs(5 * 60);
const FIFTEEN_MINUTES: Duration = Duration::from_secs(15 * 60);
const ONE_HOUR: Duration = Duration::from_secs(3600);
/// Unknown referral codes per address and per account in 15 minutes: a shopper mistypes a code
/// or two; a guesser needs thousands.
pub const REFERRAL_GUESSES: u32 = 30;
/// Bounds memory when someone cycles through addresses or e-mails.
const MAX_KEYS: u64 = 100_000;
/// Counts a host makes between two sweeps of ended windows from the shared table: often enough
/// that it stays about as large as the buckets in use, rarely enough to cost nothing per count.
const SWEEP_EVERY: u64 = 1_000;

pub type Pending<'a, T> = Pin<Box<dyn Future<Output = StoreResult<T>> + Send + 'a>>;

/// Where a limit's counts live. `bucket` names the limit and the key.
pub trait Counter: Send + Sync {
    /// Adds `n` to the bucket's open window, or opens one of `window` with `n`.
    fn add<'a>(&'a self, bucket: &'a str, n: u32, window: Duration) -> Pending<'a, Tally>;
    /// Takes `n` back from the bucket's open window (not below zero); nothing once it has ended.
    fn take_back<'a>(&'a self, bucket: &'a str, n: u32) -> Pending<'a, ()>;
    /// Ends the bucket's window.
    fn clear<'a>(&'a self, bucket: &'a str) -> Pending<'a, ()>;
}

/// The counts of one limit in this process (one host on SQLite).
pub struct MemoryCounter {
    window: Duration,
    counts: Cache<String, Window>,
}

#[derive(Clone, Copy)]
struct Window {
    started: Instant,
    count: u32,
}

impl MemoryCounter {
    /// Counts of a limit whose windows last `window` (entries expire with them).
    pub fn new(window: Duration) -> Self {
        Self { window, counts: Cache::builder().max_capacity(MAX_KEYS).time_to_live(window).build() }
    }
}

impl Counter for MemoryCounter {
    fn add<'a>(&'a self, bucket: &'a str, n: u32, window: Duration) -> Pending<'a, Tally> {
        Box::pin(async move {
            let entry = self
                .counts
                .entry(bucket.to_owned())
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
            Ok(Tally { count: w.count, left: window.saturating_sub(w.started.elapsed()) })
        })
    }

    fn take_back<'a>(&'a self, bucket: &'a str, n: u32) -> Pending<'a, ()> {
        let window = self.window;
        Box::pin(async move {
            self.counts
                .entry(bucket.to_owned())
                .and_compute_with(|old| async move {
                    match old.map(|e| e.into_value()) {
                        Some(w) if w.count > 0 && w.started.elapsed() < window => {
                            Op::Put(Window { count: w.count.saturating_sub(n), ..w })
                        }
                        _ => Op::Nop,
                    }
                })
                .await;
            Ok(())
        })
    }

    fn clear<'a>(&'a self, bucket: &'a str) -> Pending<'a, ()> {
        Box::pin(async move {
            self.counts.invalidate(bucket).await;
            Ok(())
        })
    }
}

/// The counts of every limit in the database every host shares (`Store::throttle_*`). Each host
/// sweeps ended windows away now and then, so the table holds about the buckets in use.
pub struct SharedCounter {
    store: Store,
    counted: AtomicU64,
}

impl SharedCounter {
    pub fn new(store: Store) -> Self {
        Self { store, counted: AtomicU64::new(0) }
    }
}

impl Counter for SharedCounter {
    fn add<'a>(&'a self, bucket: &'a str, n: u32, window: Duration) -> Pending<'a, Tally> {
        Box::pin(async move {
            let tally = self.store.throttle_add(bucket, n, window).await?;
            if self.counted.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
                // Ended windows already count as empty: a failed sweep only leaves them for the next.
                if let Err(e) = self.store.throttle_sweep().await {
                    tracing::warn!(error = %e, "rate limit sweep failed");
                }
            }
            Ok(tally)
        })
    }

    fn take_back<'a>(&'a self, bucket: &'a str, n: u32) -> Pending<'a, ()> {
        Box::pin(self.store.throttle_take_back(bucket, n))
    }

    fn clear<'a>(&'a self, bucket: &'a str) -> Pending<'a, ()> {
        Box::pin(self.store.throttle_clear(bucket))
    }
}

/// At most `max` events per key in a window of `window`.
pub struct Limit {
    name: &'static str,
    max: u32,
    window: Duration,
    counter: Arc<dyn Counter>,
}

/// A count refused: how long until the window ends (for `Retry-After`).
pub type Wait = Duration;

impl Limit {
    /// A limit named `name` (unique among the limits sharing `counter`).
    pub fn new(name: &'static str, max: u32, window: Duration, counter: Arc<dyn Counter>) -> Self {
        Self { name, max, window, counter }
    }

    /// A limit counted in this process alone.
    pub fn in_memory(name: &'static str, max: u32, window: Duration) -> Self {
        Self::new(name, max, window, Arc::new(MemoryCounter::new(window)))
    }

    /// The limit's bucket of `key`. Hashed: the shared table then holds no e-mail or client
    /// address, and every bucket name has the same length however long the key.
    fn bucket(&self, key: &str) -> String {
        let digest = Sha256::digest(key.as_bytes());
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        format!("{}:{hex}", self.name)
    }

    /// Counts one event for `key`: refused (with the wait until the window ends) once the
    /// allowance is exceeded. Atomic per key, so a burst of parallel requests cannot slip past
    /// the limit. The outer error is a storage fault: nothing was decided.
    pub async fn try_hit(&self, key: &str) -> StoreResult<Result<(), Wait>> {
        self.try_hit_n(key, 1).await
    }

    /// Counts `n` events for `key` at once (several guesses in one request), refused when they
    /// would pass the allowance; all `n` stay counted either way, as a refused single one does.
    pub async fn try_hit_n(&self, key: &str, n: u32) -> StoreResult<Result<(), Wait>> {
        let tally = self.counter.add(&self.bucket(key), n, self.window).await?;
        Ok(if tally.count <= self.max { Ok(()) } else { Err(tally.left) })
    }

    /// Takes back one event counted by [`Self::try_hit`], for attempts that turned out
    /// not to count (a success, or a refusal by another limit before any work).
    pub async fn refund(&self, key: &str) {
        self.refund_n(key, 1).await
    }

    /// Takes back `n` events, for the part of a batch that turned out not to count. A refund the
    /// database failed to take only errs on the strict side, until the window ends: logged.
    pub async fn refund_n(&self, key: &str, n: u32) {
        if let Err(e) = self.counter.take_back(&self.bucket(key), n).await {
            tracing::warn!(limit = self.name, error = %e, "rate limit refund lost");
        }
    }

    /// Restores the key's whole allowance (logged when the database fails to, as a refund).
    pub async fn clear(&self, key: &str) {
        if let Err(e) = self.counter.clear(&self.bucket(key)).await {
            tracing::warn!(limit = self.name, error = %e, "rate limit clear lost");
        }
    }
}

/// Counts `n` events in each `(limit, key)`, all or none: when one refuses, the events already
/// counted in the others are taken back (the refusing one keeps them, as a refused single count
/// does) and its wait returned.
pub async fn reserve(buckets: &[(&Limit, &str)], n: u32) -> StoreResult<Result<(), Wait>> {
    for (i, (limit, key)) in buckets.iter().enumerate() {
        let counted = limit.try_hit_n(key, n).await;
        if !matches!(counted, Ok(Ok(()))) {
            refund(&buckets[..i], n).await;
            return counted;
        }
    }
    Ok(Ok(()))
}

/// Takes back `n` events from each `(limit, key)`.
pub async fn refund(buckets: &[(&Limit, &str)], n: u32) {
    for (limit, key) in buckets {
        limit.refund_n(key, n).await;
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
    /// The limits, counted where `store` says: in the database when every host shares it
    /// (PostgreSQL), else in memory.
    pub fn new(registrations_per_hour: u32, store: &Store) -> Self {
        let shared: Option<Arc<dyn Counter>> =
            store.is_shared().then(|| Arc::new(SharedCounter::new(store.clone())) as _);
        let limit = |name, max, window| match &shared {
            Some(counter) => Limit::new(name, max, window, counter.clone()),
            None => Limit::in_memory(name, max, window),
        };
        Self {
            login_attempts_per_ip: limit("login_ip", 20, FIFTEEN_MINUTES),
            login_attempts_per_account_ip: limit("login_account_ip", 5, FIFTEEN_MINUTES),
            login_attempts_per_account: limit("login_account", 20, FIVE_MINUTES),
            login_attempts_per_device: limit("login_device", 10, FIFTEEN_MINUTES),
            registrations_per_ip: limit("registration_ip", registrations_per_hour, ONE_HOUR),
            reset_requests_per_ip: limit("reset_ip", 10, ONE_HOUR),
            reset_requests_per_email: limit("reset_email", 3, ONE_HOUR),
            reset_code_failures_per_token: limit("reset_code_token", 5, ONE_HOUR),
            referral_codes_per_ip: limit("referral_ip", REFERRAL_GUESSES, FIFTEEN_MINUTES),
            referral_codes_per_account: limit("referral_account", REFERRAL_GUESSES, FIFTEEN_MINUTES),
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
    use crate::db::testdb::TestDb;

    /// Where a test's limits count: this process, or a PostgreSQL database.
    enum Counts {
        Memory,
        Shared(Store),
    }

    impl Counts {
        fn limit(&self, name: &'static str, max: u32, window: Duration) -> Limit {
            match self {
                Counts::Memory => Limit::in_memory(name, max, window),
                Counts::Shared(store) => Limit::new(name, max, window, Arc::new(SharedCounter::new(store.clone()))),
            }
        }
    }

    /// Runs `$check(&Counts)` as `$check::memory` and `$check::shared` (on a fresh PostgreSQL database).
    macro_rules! on_both_counters {
        ($($check:ident),* $(,)?) => {$(
            mod $check {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn memory() {
                    super::$check(&super::Counts::Memory).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn shared() {
                    let t = super::TestDb::postgres().await;
                    super::$check(&super::Counts::Shared(super::Store::new(t.db().clone()))).await;
                    t.cleanup().await;
                }
            }
        )*};
    }

    on_both_counters!(
        a_key_is_refused_after_its_allowance_until_the_window_ends,
        a_batch_counts_each_of_its_events,
        clearing_restores_the_allowance,
        a_refused_reservation_takes_back_what_it_counted,
        parallel_hits_never_exceed_the_limit,
    );

    async fn allowed(limit: &Limit, key: &str) -> bool {
        limit.try_hit(key).await.expect("counted").is_ok()
    }

    async fn a_key_is_refused_after_its_allowance_until_the_window_ends(counts: &Counts) {
        let window = Duration::from_millis(400);
        let limit = counts.limit("t", 2, window);
        let opened = std::time::Instant::now();
        assert!(allowed(&limit, "a").await && allowed(&limit, "a").await);
        let wait = limit.try_hit("a").await.unwrap().unwrap_err();
        assert!(wait <= window && wait > Duration::from_millis(100), "{wait:?}");
        assert!(allowed(&limit, "b").await, "keys count apart");
        // Refused, with the wait it says, until the window ends: then a new one opens.
        while !allowed(&limit, "a").await {
            assert!(opened.elapsed() < Duration::from_secs(10), "the window never ended");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(opened.elapsed() >= window - Duration::from_millis(50), "{:?}", opened.elapsed());
        assert!(allowed(&limit, "a").await, "the new window holds the allowance again");
        assert!(!allowed(&limit, "a").await);
    }

    async fn a_batch_counts_each_of_its_events(counts: &Counts) {
        let limit = counts.limit("t", 10, FIFTEEN_MINUTES);
        assert!(limit.try_hit_n("a", 8).await.unwrap().is_ok());
        assert!(limit.try_hit_n("a", 3).await.unwrap().is_err(), "8 + 3 passes 10");
        limit.refund_n("a", 9).await;
        assert!(limit.try_hit_n("a", 8).await.unwrap().is_ok(), "11 - 9 + 8 = 10");
        assert!(!allowed(&limit, "a").await);
        limit.refund_n("a", 100).await;
        assert!(limit.try_hit_n("a", 10).await.unwrap().is_ok(), "a refund never goes below zero");
    }

    async fn clearing_restores_the_allowance(counts: &Counts) {
        let limit = counts.limit("t", 1, FIFTEEN_MINUTES);
        assert!(allowed(&limit, "a").await);
        assert!(!allowed(&limit, "a").await);
        limit.clear("a").await;
        assert!(allowed(&limit, "a").await);
    }

    async fn a_refused_reservation_takes_back_what_it_counted(counts: &Counts) {
        let (wide, tight) = (counts.limit("wide", 10, FIFTEEN_MINUTES), counts.limit("tight", 1, FIFTEEN_MINUTES));
        assert!(reserve(&[(&wide, "ip"), (&tight, "acct")], 1).await.unwrap().is_ok());
        let wait = reserve(&[(&wide, "ip"), (&tight, "acct")], 1).await.unwrap().unwrap_err();
        assert!(wait > Duration::from_secs(14 * 60) && wait <= FIFTEEN_MINUTES, "{wait:?}");
        // One counted, one refunded: nine left for "ip".
        for _ in 0..9 {
            assert!(allowed(&wide, "ip").await);
        }
        assert!(!allowed(&wide, "ip").await);
        // The refused attempt counted too (an attacker's flood keeps the window full).
        tight.refund("acct").await;
        assert!(!allowed(&tight, "acct").await);
        for _ in 0..3 {
            tight.refund("acct").await;
        }
        assert!(allowed(&tight, "acct").await);
    }

    async fn parallel_hits_never_exceed_the_limit(counts: &Counts) {
        let limit = Arc::new(counts.limit("t", 5, FIFTEEN_MINUTES));
        let tasks: Vec<_> = (0..50)
            .map(|_| {
                let l = limit.clone();
                tokio::spawn(async move { allowed(&l, "k").await })
            })
            .collect();
        let mut passed = 0;
        for t in tasks {
            passed += usize::from(t.await.unwrap());
        }
        assert_eq!(passed, 5);
    }

    #[tokio::test]
    async fn the_shared_table_holds_no_key_and_sweeps_ended_windows() {
        let t = TestDb::postgres().await;
        let store = Store::new(t.db().clone());
        let counter = Arc::new(SharedCounter::new(store.clone()));
        let short = Limit::new("short", 5, Duration::from_millis(50), counter.clone());
        let long = Limit::new("long", 5, FIFTEEN_MINUTES, counter);
        assert!(allowed(&short, "someone@example.org").await && allowed(&long, "203.0.113.9").await);
        assert_eq!(store.throttle_buckets().await.unwrap(), 2);
        let sql = "SELECT count(*) AS n FROM rate_limit_buckets WHERE bucket LIKE '%example%' OR bucket LIKE '%203.%'";
        let row = sea_orm::ConnectionTrait::query_one_raw(
            t.db(),
            sea_orm::Statement::from_string(sea_orm::DbBackend::Postgres, sql),
        )
        .await
        .unwrap()
        .unwrap();
        assert_eq!(row.try_get::<i64>("", "n").unwrap(), 0, "buckets are named by a hash of their key");
        // The short window ends; the sweep takes it and leaves the open one.
        while store.throttle_sweep().await.unwrap() == 0 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(store.throttle_buckets().await.unwrap(), 1);
        for _ in 0..4 {
            assert!(allowed(&long, "203.0.113.9").await);
        }
        assert!(!allowed(&long, "203.0.113.9").await, "the open window kept its count");
        t.cleanup().await;
    }

    #[tokio::test]
    async fn a_host_sweeps_as_it_counts() {
        let t = TestDb::postgres().await;
        let store = Store::new(t.db().clone());
        let counter = Arc::new(SharedCounter::new(store.clone()));
        let limit = Limit::new("t", u32::MAX, Duration::from_millis(1), counter);
        let keys: Vec<String> = (0..SWEEP_EVERY).map(|i| i.to_string()).collect();
        for key in &keys[..SWEEP_EVERY as usize - 1] {
            assert!(allowed(&limit, key).await);
        }
        assert_eq!(store.throttle_buckets().await.unwrap(), SWEEP_EVERY - 1);
        let all_ended = "SELECT bool_and(expires_at <= now()) AS ended FROM rate_limit_buckets";
        let all_ended = sea_orm::Statement::from_string(sea_orm::DbBackend::Postgres, all_ended);
        while !sea_orm::ConnectionTrait::query_one_raw(t.db(), all_ended.clone())
            .await
            .unwrap()
            .unwrap()
            .try_get::<bool>("", "ended")
            .unwrap()
        {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        assert!(allowed(&limit, &keys[SWEEP_EVERY as usize - 1]).await);
        assert!(store.throttle_buckets().await.unwrap() <= 1, "the thousandth count swept the ended windows");
        t.cleanup().await;
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
}
