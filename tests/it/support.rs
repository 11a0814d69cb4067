//! Starting the app for a test: in-process (`oneshot`) or on a real port.
use axum::{Router, body::Body, http::Request};
use http_body_util::BodyExt;
use orderahead::{config::Config, http, server, state::AppState};
use std::{net::SocketAddr, sync::OnceLock};
use tokio::sync::OnceCell;
use tower::ServiceExt;

pub fn config() -> Config {
    let dir = std::env::temp_dir().join(format!("orderahead-test-{}", std::process::id()));
    // Every browser suite signs its shoppers up from 127.0.0.1; the limit itself is tested
    // in api_account on the default.
    // `localhost` plays an old address of the app: the shell suite opens it to see the banner.
    // The eligibility suite uses the TEFAP testing panel (off by default: see main.rs).
    Config {
        registrations_per_hour: 10_000,
        old_hosts: vec!["localhost".into()],
        tefap_testing: true,
        ..Config::for_tests(dir)
    }
}

/// The real server's settings: its own data dir, so its start never races the in-process
/// state's migrations on the same database file.
pub fn served_config() -> Config {
    let base = config();
    let data_dir = base.data_dir.with_extension("served");
    Config { data_dir, ..base }
}

/// One app state per test binary: starting render runtimes is the slow part.
pub async fn state() -> AppState {
    static STATE: OnceCell<AppState> = OnceCell::const_new();
    STATE.get_or_init(|| async { server::build_state(config()).await.expect("state") }).await.clone()
}

pub async fn app() -> Router {
    http::app(state().await)
}

pub struct Reply {
    pub status: u16,
    pub headers: axum::http::HeaderMap,
    pub body: String,
}

pub async fn get(app: Router, uri: &str) -> Reply {
    let res = app.oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    Reply { status, headers, body: String::from_utf8_lossy(&bytes).into_owned() }
}

/// A real server on an ephemeral port, alive for the rest of the test binary.
pub fn serve_forever() -> SocketAddr {
    static ADDR: OnceLock<SocketAddr> = OnceLock::new();
    *ADDR.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async move {
                let state = server::build_state(served_config()).await.expect("state");
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
                tx.send(listener.local_addr().unwrap()).unwrap();
                server::launch_with_listener(listener, state, std::future::pending()).await.unwrap();
            });
        });
        rx.recv().unwrap()
    })
}
