//! Slow and idle clients cannot starve the server (issue 21): 1,100 connections trickling a
//! request head keep no one else waiting and are closed by the header read timeout; past the
//! connection bound a client is closed at once; an idle keep-alive connection is closed too.
use crate::{api_support::TestApp, on_both};
use orderahead::{connections::ConnectionLimits, server, state::AppState};
use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
    sync::oneshot,
};

on_both!(slow_connections_do_not_keep_healthz_waiting, the_connection_bound_refuses_the_excess_at_once);

const SLOW_CLIENTS: usize = 1_100;
const HEALTHZ_WITHIN: Duration = Duration::from_millis(100);
/// A slow client's pace: slower than any real one, faster than would let the server notice idleness.
const BYTE_EVERY: Duration = Duration::from_secs(1);

/// A real server on the test's database; dropping the sender stops it.
async fn serve(state: AppState) -> (SocketAddr, oneshot::Sender<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    tokio::spawn(async move {
        server::launch_with_listener(listener, state, async {
            let _ = stopped.await;
        })
        .await
        .unwrap();
    });
    (addr, stop)
}

/// Time to the whole answer of `GET /healthz` on a new connection, connect included.
async fn healthz(addr: SocketAddr) -> (Duration, String) {
    let started = Instant::now();
    let mut s = TcpStream::connect(addr).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut answer = Vec::new();
    // A connection refused while the bound is full reads as an empty answer.
    let _ = s.read_to_end(&mut answer).await;
    (started.elapsed(), String::from_utf8_lossy(&answer).into_owned())
}

/// Whether the server ended the connection (end of file or reset) within `within`.
async fn closed_within(s: &mut TcpStream, within: Duration) -> bool {
    let mut buf = [0u8; 512];
    let deadline = Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline.into(), s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => continue,
        }
    }
}

async fn slow_connections_do_not_keep_healthz_waiting(t: &TestApp) {
    let (addr, _stop) = serve(t.state.clone()).await;
    let closed = Arc::new(AtomicUsize::new(0));
    let mut clients = Vec::with_capacity(SLOW_CLIENTS);
    for _ in 0..SLOW_CLIENTS {
        let mut s = TcpStream::connect(addr).await.unwrap();
        s.write_all(b"G").await.unwrap();
        let closed = closed.clone();
        clients.push(tokio::spawn(async move {
            let head = b"ET / HTTP/1.1\r\nHost: t\r\nX-Slow: ".iter().copied().chain(std::iter::repeat(b'a'));
            for byte in head {
                if closed_within(&mut s, BYTE_EVERY).await || s.write_all(&[byte]).await.is_err() {
                    break;
                }
            }
            closed.fetch_add(1, Ordering::SeqCst);
        }));
    }
    // Every slow client is connected and has sent its first byte; none has been let go yet.
    let mut slowest = Duration::ZERO;
    for _ in 0..20 {
        let (took, answer) = healthz(addr).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        slowest = slowest.max(took);
    }
    assert_eq!(closed.load(Ordering::SeqCst), 0, "the samples were taken while all slow clients were open");
    assert!(slowest < HEALTHZ_WITHIN, "/healthz took {slowest:?} beside {SLOW_CLIENTS} slow connections");

    // The header read timeout (5 s) closes every one of them, however steadily it trickles.
    let all_closed = tokio::time::timeout(Duration::from_secs(60), async {
        for c in clients {
            c.await.unwrap();
        }
    })
    .await;
    assert!(all_closed.is_ok(), "{} of {SLOW_CLIENTS} slow clients closed", closed.load(Ordering::SeqCst));
    let (took, answer) = healthz(addr).await;
    assert!(answer.starts_with("HTTP/1.1 200") && took < HEALTHZ_WITHIN, "{took:?} {answer}");
}

async fn the_connection_bound_refuses_the_excess_at_once(t: &TestApp) {
    const BOUND: usize = 20;
    let header_read_timeout = Duration::from_secs(2);
    let state =
        t.state_with_config(|c| c.connections = ConnectionLimits { header_read_timeout, max_connections: BOUND });
    let (addr, _stop) = serve(state).await;

    // A keep-alive connection that asked once and then says nothing is one of the bound's.
    let mut keep_alive = TcpStream::connect(addr).await.unwrap();
    keep_alive.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").await.unwrap();
    let mut buf = [0u8; 512];
    let n = keep_alive.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"), "{}", String::from_utf8_lossy(&buf[..n]));
    let mut idle = vec![keep_alive];
    for _ in 1..BOUND {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    // Each idle one was accepted (a refused one would be closed): the bound is full.
    for s in &mut idle {
        assert!(!closed_within(s, Duration::from_millis(50)).await, "an idle connection within the bound was closed");
    }
    let mut excess = TcpStream::connect(addr).await.unwrap();
    assert!(
        closed_within(&mut excess, header_read_timeout / 2).await,
        "the connection past the bound is closed before any timeout could"
    );

    // The timeout ends the idle ones (the keep-alive one included), which frees the bound.
    for s in &mut idle {
        assert!(closed_within(s, header_read_timeout * 5).await, "an idle connection was never closed");
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (_, answer) = healthz(addr).await;
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(Instant::now() < deadline, "the server never took connections again: {answer:?}");
        tokio::task::yield_now().await;
    }
}
