//! Slow and idle clients cannot starve the server (issue 21): 1,100 connections trickling a
//! request head keep no one else waiting and are closed by the header read timeout; past the
//! connection bound a client is closed at once; an idle keep-alive connection is closed too. One
//! address cannot fill the bound (issue 47): past its own bound it is closed at once, others are
//! served meanwhile, and its count is given back however its connections end.
use crate::{
    api_support::{Backend, TestApp},
    on_both,
};
use orderahead::{
    connections::{ConnectionLimits, MAX_CONNECTIONS_PER_ADDRESS},
    server,
    state::AppState,
};
use std::{
    net::{IpAddr, Ipv4Addr, SocketAddr},
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};
use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpSocket, TcpStream},
    sync::oneshot,
};

on_both!(slow_connections_do_not_keep_healthz_waiting, the_connection_bound_refuses_the_excess_at_once);

const SLOW_CLIENTS: usize = 1_100;
/// The slow clients' addresses: enough for each to stay within the default bound per address (an
/// attack from many addresses, which only the header read timeout ends).
const SLOW_ADDRESSES: usize = 20;
const _: () = assert!(SLOW_CLIENTS.div_ceil(SLOW_ADDRESSES) <= MAX_CONNECTIONS_PER_ADDRESS);
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

/// A connection from `source` (Linux routes all of 127.0.0.0/8 to loopback, so each is a client
/// address of its own to the server).
async fn connect_from(source: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((source, 0))).unwrap();
    socket.connect(addr).await.unwrap()
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
    for n in 0..SLOW_CLIENTS {
        let source = Ipv4Addr::new(127, 0, 1, u8::try_from(1 + n % SLOW_ADDRESSES).unwrap());
        let mut s = connect_from(source, addr).await;
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
    let state = t.state_with_config(|c| {
        c.connections = ConnectionLimits { header_read_timeout, max_connections: BOUND, ..Default::default() }
    });
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

/// Waits until `done` holds; a deadline far past any healthy run turns a hang into a failure.
async fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !done() {
        assert!(Instant::now() < deadline, "never came to be: {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_fill_the_connection_bound() {
    // Connections only: no data, so one database is enough.
    let t = TestApp::new(Backend::Sqlite).await;
    one_address_holds_its_own_share(&t).await;
    t.cleanup().await;
}

async fn one_address_holds_its_own_share(t: &TestApp) {
    const BOUND: usize = 8;
    const PER_ADDRESS: usize = 3;
    // Longer than the test takes: every connection closed in it was closed by a bound.
    let header_read_timeout = Duration::from_secs(120);
    let state = t.state_with_config(|c| {
        c.connections = ConnectionLimits { header_read_timeout, max_connections: BOUND, max_per_address: PER_ADDRESS }
    });
    let open = state.open_connections.clone();
    let (addr, _stop) = serve(state).await;
    let greedy = Ipv4Addr::new(127, 0, 0, 2);
    let counted = || open.open_from(IpAddr::V4(greedy));

    // Requests begun and never finished, held open.
    let mut held = Vec::new();
    for n in 1..=PER_ADDRESS {
        let mut s = connect_from(greedy, addr).await;
        s.write_all(b"G").await.unwrap();
        held.push(s);
        wait_until("the held connection is counted", || counted() == n).await;
    }
    // As many again as the whole bound, from the same address.
    let mut excess = Vec::new();
    for _ in 0..BOUND {
        let mut s = connect_from(greedy, addr).await;
        let _ = s.write_all(b"G").await;
        excess.push(s);
    }

    // Another address is served meanwhile.
    for _ in 0..BOUND {
        let (_, answer) = healthz(addr).await;
        assert!(answer.starts_with("HTTP/1.1 200"), "127.0.0.1 was refused: {answer:?}");
    }
    for s in &mut excess {
        assert!(closed_within(s, header_read_timeout / 4).await, "a connection past the address's bound was kept open");
    }
    assert_eq!(counted(), PER_ADDRESS, "the excess never held a place");

    // The held ones were served all along, and give their places back however they end:
    // answered, refused as malformed (an error for the server), or dropped by the client.
    let mut answered = held.remove(0);
    answered.write_all(b"ET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await.unwrap();
    let mut malformed = held.remove(0);
    malformed.write_all(b" \x01\r\n\r\n").await.unwrap();
    for (mut s, status) in [(answered, "HTTP/1.1 200"), (malformed, "HTTP/1.1 400")] {
        let mut answer = Vec::new();
        let _ = s.read_to_end(&mut answer).await;
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with(status), "{status} expected: {answer:?}");
    }
    drop(held);
    wait_until("every place is given back", || counted() == 0 && open.addresses() == 0).await;
}
