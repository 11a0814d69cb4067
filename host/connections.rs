//! Accepting connections so that slow or idle clients cannot starve the server: a client must
//! send a request's head within the header read timeout (which also ends an idle keep-alive
//! connection: hyper starts that clock whenever it waits for a next head), at most
//! `max_connections` are open at once (the excess is closed as soon as it is accepted, before any
//! byte is read), at most `max_per_address` of them from one client address (so that one address
//! cannot fill the bound and keep everyone else out; issue 47), and the file-descriptor limit is
//! raised at start so that bound is reachable.
use axum::{Router, extract::ConnectInfo};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use std::{
    collections::HashMap,
    future::Future,
    net::{IpAddr, Ipv6Addr},
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};
use tokio::{net::TcpListener, sync::Semaphore};

/// How long a client may take to send a request's head, and to start its next one on a
/// keep-alive connection: a phone on slow 3G sends a head in well under a second.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(5);
/// Default of `--max-connections`.
pub const MAX_CONNECTIONS: usize = 10_000;
/// Default of `--max-connections-per-address`. A phone's browser opens at most 6 connections to
/// a host and the server closes each 5 s after its last request, so 64 lets about ten phones
/// behind one shelter's or library's NAT load pages in the very same seconds (and many more over a
/// minute), while one address holds under 1% of the default bound, or a twelfth of the 768 left
/// under the common 1024-descriptor limit.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 64;
/// Descriptors kept for what is not a client connection: database pool, SQLite files, outbox
/// mails, render engines, logs.
const RESERVED_DESCRIPTORS: u64 = 256;
/// How long accepting pauses after a failed accept (out of descriptors): retrying at once spins.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    /// Open connections from one client address at most; 0: no such bound.
    pub max_per_address: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self {
            header_read_timeout: HEADER_READ_TIMEOUT,
            max_connections: MAX_CONNECTIONS,
            max_per_address: MAX_CONNECTIONS_PER_ADDRESS,
        }
    }
}

/// The connections open per client address, and the bound on them. The address is the TCP peer's:
/// the connection is accepted or refused before a byte of it is read, so no `X-Forwarded-For`
/// is known yet, and a header is the client's to forge anyway. Behind a reverse proxy every peer
/// is the proxy, so the `exempt` one (`--trusted-proxy`) is not bounded: bounding it would bound
/// everyone together. IPv6 addresses count by their /64, which one household or one attacker gets
/// whole.
pub struct OpenConnections {
    max_per_address: usize,
    exempt: Option<IpAddr>,
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl OpenConnections {
    pub fn new(max_per_address: usize, exempt: Option<IpAddr>) -> Self {
        Self { max_per_address, exempt: exempt.map(|ip| ip.to_canonical()), open: Mutex::default() }
    }

    /// Connections open now from `ip`'s address (its /64 for IPv6).
    pub fn open_from(&self, ip: IpAddr) -> usize {
        self.counts().get(&address_key(ip)).copied().unwrap_or(0)
    }

    /// Addresses with a connection open now: entries are removed at zero, so addresses that come
    /// and go do not grow the table.
    pub fn addresses(&self) -> usize {
        self.counts().len()
    }

    /// A place for one more connection from `ip`, held until the guard drops; None past the bound.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let ip = ip.to_canonical();
        if self.max_per_address == 0 || self.exempt == Some(ip) {
            return Some(AddressSlot { table: self.clone(), key: None });
        }
        let key = address_key(ip);
        let mut open = self.counts();
        let count = open.entry(key).or_insert(0);
        if *count >= self.max_per_address {
            return None;
        }
        *count += 1;
        Some(AddressSlot { table: self.clone(), key: Some(key) })
    }

    /// The counts; a panic elsewhere while they were locked left them consistent (every change
    /// is one statement), so a poisoned lock is used as it is rather than failing every accept.
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<IpAddr, usize>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What counts as one client address: an IPv4 address (an IPv4-mapped IPv6 one included) or an
/// IPv6 /64.
fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        v4 => v4,
    }
}

/// One connection's place in its address's count. It lives in the connection's task, so the count
/// goes down however the connection ends: closed, failed, timed out, its task panicking or dropped
/// at shutdown.
struct AddressSlot {
    table: Arc<OpenConnections>,
    /// None: a connection the bound does not apply to.
    key: Option<IpAddr>,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let Some(key) = self.key else { return };
        let mut open = self.table.counts();
        if let Some(count) = open.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&key);
            }
        }
    }
}

/// Raises the soft open-file limit to the hard one (where the system allows it: an unprivileged
/// process may go up to its hard limit) and answers the soft limit now in force.
pub fn raise_descriptor_limit() -> std::io::Result<u64> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed by pointer.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        if limit.rlim_cur < limit.rlim_max {
            let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
            if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                limit = raised;
            }
        }
    }
    Ok(limit.rlim_cur)
}

/// The connection bound in force: the configured one, lowered to what the descriptor limit leaves.
pub fn effective_max_connections(configured: usize, descriptors: u64) -> usize {
    let available = descriptors.saturating_sub(RESERVED_DESCRIPTORS).max(1);
    configured.min(usize::try_from(available).unwrap_or(usize::MAX)).max(1)
}

/// Serves `app` on `listener` until `shutdown` resolves, then waits for the requests in flight.
/// `per_address` counts this listener's connections (its bound is `limits.max_per_address`).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    per_address: Arc<OpenConnections>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let descriptors = raise_descriptor_limit().unwrap_or(1024);
    let max = effective_max_connections(limits.max_connections, descriptors);
    if max < limits.max_connections {
        tracing::warn!(
            configured = limits.max_connections,
            in_force = max,
            descriptors,
            "the open-file limit lowers the connection bound (raise `ulimit -n` to allow more)"
        );
    }
    let permits = Arc::new(Semaphore::new(max));
    let mut builder = http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_read_timeout);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // Checked before the global bound, so that a connection refused here never holds one of
        // its places, even for a moment.
        let Some(slot) = per_address.admit(peer.ip()) else {
            tracing::warn!(
                event = "connection_refused",
                client = %peer.ip(),
                max_per_address = limits.max_per_address,
                "security event"
            );
            drop(stream);
            continue;
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            // Closing at once frees the descriptor and tells the client now, instead of letting
            // the excess queue up where it would hold descriptors and memory.
            tracing::warn!(event = "connection_refused", client = %peer.ip(), max, "security event");
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = tower::ServiceExt::map_request(app.clone(), move |mut req: hyper::Request<Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            req
        });
        let conn = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // A timed-out or reset connection is the client's doing, not the server's.
            if let Err(error) = conn.await {
                tracing::debug!(%error, client = %peer, "connection ended");
            }
            drop((permit, slot));
        });
    }
    drop(listener);
    graceful.shutdown().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bound_leaves_room_for_the_servers_own_files() {
        assert_eq!(effective_max_connections(10_000, 1_048_576), 10_000);
        assert_eq!(effective_max_connections(10_000, 1024), 768);
        assert_eq!(effective_max_connections(10, 100), 1, "never none at all");
    }

    #[test]
    fn the_descriptor_limit_is_raised_to_the_hard_limit() {
        let soft = raise_descriptor_limit().unwrap();
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: reads into the struct passed by pointer.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) }, 0);
        assert_eq!((soft, limit.rlim_cur), (limit.rlim_max, limit.rlim_max));
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_gets_its_share_and_no_more_and_gives_it_back() {
        let open = Arc::new(OpenConnections::new(2, None));
        let (a, b) = (ip("192.0.2.1"), ip("192.0.2.2"));
        let first = open.admit(a).unwrap();
        let second = open.admit(a).unwrap();
        assert!(open.admit(a).is_none(), "past the bound");
        assert!(open.admit(b).is_some(), "another address has its own share");
        assert_eq!(open.open_from(a), 2);
        drop(first);
        let third = open.admit(a).expect("a place given back is free again");
        drop((second, third));
        assert_eq!((open.open_from(a), open.addresses()), (0, 0), "no entry kept at zero");
    }

    #[test]
    fn ipv6_counts_by_its_64_and_a_mapped_ipv4_as_itself() {
        let open = Arc::new(OpenConnections::new(1, None));
        let _one = open.admit(ip("2001:db8:1:2::1")).unwrap();
        assert!(open.admit(ip("2001:db8:1:2:ffff::9")).is_none(), "same /64");
        assert!(open.admit(ip("2001:db8:1:3::1")).is_some(), "another /64");
        let _v4 = open.admit(ip("192.0.2.1")).unwrap();
        assert!(open.admit(ip("::ffff:192.0.2.1")).is_none(), "the same IPv4 client");
    }

    #[test]
    fn the_trusted_proxy_and_a_bound_of_zero_are_not_bounded() {
        let proxy = ip("10.0.0.10");
        let open = Arc::new(OpenConnections::new(1, Some(proxy)));
        let slots: Vec<_> = (0..5).map(|_| open.admit(proxy).unwrap()).collect();
        assert_eq!((open.open_from(proxy), slots.len()), (0, 5));
        let unbounded = Arc::new(OpenConnections::new(0, None));
        let slots: Vec<_> = (0..5).map(|_| unbounded.admit(ip("192.0.2.1")).unwrap()).collect();
        assert_eq!((unbounded.addresses(), slots.len()), (0, 5));
    }

    #[tokio::test]
    async fn a_connection_task_that_panics_gives_its_place_back() {
        let open = Arc::new(OpenConnections::new(1, None));
        let slot = open.admit(ip("192.0.2.1")).unwrap();
        let task = tokio::spawn(async move {
            let _slot = slot;
            panic!("a handler's bug");
        });
        assert!(task.await.unwrap_err().is_panic());
        assert_eq!(open.addresses(), 0);
        assert!(open.admit(ip("192.0.2.1")).is_some());
    }
}
