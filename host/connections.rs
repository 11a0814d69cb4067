//! Accepting connections so that slow or idle clients cannot starve the server: a client must
//! send a request's head within the header read timeout (which also ends an idle keep-alive
//! connection: hyper starts that clock whenever it waits for a next head), at most
//! `max_connections` are open at once (the excess is closed as soon as it is accepted, before any
//! byte is read), and the file-descriptor limit is raised at start so that bound is reachable.
use axum::{Router, extract::ConnectInfo};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
    service::TowerToHyperService,
};
use std::{future::Future, sync::Arc, time::Duration};
use tokio::{net::TcpListener, sync::Semaphore};

/// How long a client may take to send a request's head, and to start its next one on a
/// keep-alive connection: a phone on slow 3G sends a head in well under a second.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(5);
/// Default of `--max-connections`.
pub const MAX_CONNECTIONS: usize = 10_000;
/// Descriptors kept for what is not a client connection: database pool, SQLite files, outbox
/// mails, render engines, logs.
const RESERVED_DESCRIPTORS: u64 = 256;
/// How long accepting pauses after a failed accept (out of descriptors): retrying at once spins.
const ACCEPT_BACKOFF: Duration = Duration::from_millis(50);

#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        Self { header_read_timeout: HEADER_READ_TIMEOUT, max_connections: MAX_CONNECTIONS }
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
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
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
            drop(permit);
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
}
