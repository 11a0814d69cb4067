//! Starting the app for a test: in-process (`oneshot`) or on a real port.
use axum::{Router, body::Body, http::Request};
use chrono::{DateTime, Utc};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{seed, testdb::TestDb},
    http,
    infra::{
        auth,
        clock::{Clock, TestClock},
    },
    server,
    state::AppState,
};
use std::{
    net::SocketAddr,
    path::PathBuf,
    sync::{Arc, Mutex, OnceLock},
};
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

/// Which database a real server runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Served {
    Sqlite,
    Postgres,
}

/// A real server on an ephemeral port, alive for the rest of the test binary, with its clock and
/// a control port of the test harness's own (never part of the app) that moves that clock and
/// runs the server's due jobs, so a suite can let a pickup window pass.
pub struct Server {
    pub addr: SocketAddr,
    pub control: SocketAddr,
    /// The server's mail outbox (no SMTP in tests).
    pub outbox: PathBuf,
    pub clock: Arc<TestClock>,
}

/// The browser server on PostgreSQL has a database of its own, dropped when the binary exits.
static BROWSER_PG: Mutex<Option<TestDb>> = Mutex::new(None);

extern "C" fn drop_browser_database() {
    if let Some(db) = BROWSER_PG.lock().unwrap_or_else(|e| e.into_inner()).take() {
        drop(db);
    }
}

pub fn serve_forever(on: Served) -> &'static Server {
    static SQLITE: OnceLock<Server> = OnceLock::new();
    static POSTGRES: OnceLock<Server> = OnceLock::new();
    let cell = match on {
        Served::Sqlite => &SQLITE,
        Served::Postgres => &POSTGRES,
    };
    cell.get_or_init(|| start_server(on))
}

fn start_server(on: Served) -> Server {
    let base = config();
    // Its own data dir, so its start never races the in-process state's migrations on the same file.
    let data_dir = base.data_dir.with_extension(match on {
        Served::Sqlite => "served",
        Served::Postgres => "served-pg",
    });
    let outbox = data_dir.join("outbox");
    let clock = Arc::new(TestClock::system());
    let (tx, rx) = std::sync::mpsc::channel();
    let server_clock = clock.clone();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(async move {
            let database_url = match on {
                Served::Sqlite => None,
                Served::Postgres => {
                    let db = TestDb::postgres().await;
                    seed::seed_demo(db.db(), orderahead::db::now(), auth::hash_password_blocking)
                        .await
                        .expect("demo seed");
                    let url = db.url().to_owned();
                    *BROWSER_PG.lock().unwrap() = Some(db);
                    // SAFETY: registers a plain function, run once at exit.
                    unsafe { libc::atexit(drop_browser_database) };
                    Some(url)
                }
            };
            let config = Config { data_dir, database_url, ..base };
            let state = server::build_state_with_clock(config, server_clock.clone()).await.expect("state");
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let control = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            tx.send((listener.local_addr().unwrap(), control.local_addr().unwrap())).unwrap();
            let control_state = state.clone();
            tokio::spawn(async move {
                axum::serve(control, control_app(control_state, server_clock)).await.unwrap();
            });
            server::launch_with_listener(listener, state, std::future::pending()).await.unwrap();
        });
    });
    let (addr, control) = rx.recv().unwrap();
    Server { addr, control, outbox, clock }
}

/// The harness's control port: `POST /clock?to=<RFC 3339>` moves the server's clock on to that
/// instant (never back: [`Server::clock`]'s reset after a suite does that); `POST /jobs` runs the
/// jobs due now and answers what each changed (`[]` when another pass holds them: wait for their
/// effect, not for this answer).
fn control_app(state: AppState, clock: Arc<TestClock>) -> Router {
    use axum::{Json, extract::Query, http::StatusCode, routing::post};
    #[derive(serde::Deserialize)]
    struct To {
        to: DateTime<Utc>,
    }
    Router::new()
        .route(
            "/clock",
            post(move |Query(q): Query<To>| async move {
                let now = clock.now();
                if q.to > now {
                    clock.advance(q.to - now);
                }
                clock.now().to_rfc3339()
            }),
        )
        .route(
            "/jobs",
            post(move || async move {
                state
                    .run_due_jobs("browser-harness")
                    .await
                    .map(Json)
                    .map_err(|e| (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
            }),
        )
}
