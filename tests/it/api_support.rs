//! A fresh, seeded database per API test, on SQLite and on PostgreSQL.
//! `on_both!(fn_name, ...)` runs each `async fn fn_name(t: TestApp)` once per backend.
use axum::{
    Router,
    body::Body,
    http::{Method, Request, header},
};
use http_body_util::BodyExt;
use orderahead::{
    config::Config,
    db::{self, repo::Store, testdb::TestDb},
    http,
    infra::{
        auth::{self, Tokens},
        clock::TestClock,
    },
    render::{PoolConfig, RenderPool, Renderer, SERVER_BUNDLE},
    state::AppState,
};
use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};
use tower::ServiceExt;

pub use orderahead::db::seed::{DEMO_EMAIL, DEMO_PASSWORD};

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Render workers are threads, not tied to a test's runtime: share one pool.
fn renderer() -> Arc<dyn Renderer> {
    static POOL: OnceLock<Arc<dyn Renderer>> = OnceLock::new();
    POOL.get_or_init(|| {
        Arc::new(
            RenderPool::start(SERVER_BUNDLE, PoolConfig { threads: 1, warm_up: 0, ..PoolConfig::default() }).unwrap(),
        )
    })
    .clone()
}

const TOKEN_SECRET: &[u8] = b"api tests secret, 32 bytes long!";

pub struct TestApp {
    pub state: AppState,
    /// The services' clock: the system's time until a test moves it on.
    pub clock: Arc<TestClock>,
    db: TestDb,
}

/// An answer of the API, with its envelope parsed.
#[derive(Debug)]
pub struct ApiReply {
    pub status: u16,
    pub body: Value,
}

impl ApiReply {
    pub fn value(&self) -> &Value {
        assert_eq!(self.body["successful"], true, "expected success, got {} {}", self.status, self.body);
        &self.body["value"]
    }
    pub fn failure(&self) -> &str {
        assert_eq!(self.body["successful"], false, "expected failure, got {} {}", self.status, self.body);
        self.body["failureReason"].as_str().expect("failureReason is a string")
    }
}

impl TestApp {
    pub async fn new(backend: Backend) -> Self {
        let db = match backend {
            Backend::Sqlite => TestDb::sqlite().await,
            Backend::Postgres => TestDb::postgres().await,
        };
        db::seed::seed_demo(db.db(), db::now(), auth::hash_password_blocking).await.expect("demo seed");
        let dir = std::env::temp_dir().join(format!("orderahead-api-test-{}", std::process::id()));
        let clock = Arc::new(TestClock::system());
        let state = AppState::with_clock(
            Config::for_tests(dir),
            renderer(),
            Store::new(db.db().clone()),
            Tokens::from_secret(TOKEN_SECRET),
            clock.clone(),
        );
        // Mail goes out as on a server; jobs run when a test runs them, on its clock.
        state.start_sender();
        Self { state, clock, db }
    }

    /// The test's own database, for arranging what the API cannot (e.g. aging a row).
    pub fn db(&self) -> &sea_orm::DatabaseConnection {
        self.db.db()
    }

    /// The URL of the test's own database.
    pub fn db_url(&self) -> &str {
        self.db.url()
    }

    pub fn app(&self) -> Router {
        http::app(self.state.clone())
    }

    /// The app on this test's database with other settings (e.g. a small sitemap page size).
    pub fn app_with_config(&self, change: impl FnOnce(&mut Config)) -> Router {
        http::app(self.state_with_config(change))
    }

    /// The state on this test's database with other settings (e.g. for a real server).
    pub fn state_with_config(&self, change: impl FnOnce(&mut Config)) -> AppState {
        let mut config = self.state.config.clone();
        change(&mut config);
        AppState::new(config, renderer(), self.state.store.clone(), Tokens::from_secret(TOKEN_SECRET))
    }

    /// The state on this test's database and clock with other settings; its sender is not started
    /// (the test runs its passes).
    pub fn state_on_clock_with(&self, change: impl FnOnce(&mut Config)) -> AppState {
        let mut config = self.state.config.clone();
        change(&mut config);
        let tokens = Tokens::from_secret(TOKEN_SECRET);
        AppState::with_clock(config, renderer(), self.state.store.clone(), tokens, self.clock.clone())
    }

    /// Another host on this test's database, as a second process would be: its own pool, and its
    /// own copy of everything `AppState` keeps in memory (limits, caches, hasher), the same token
    /// secret. SQLite is served by one host: that is this test's own state.
    pub async fn other_host(&self) -> AppState {
        if matches!(self.db.label(), "sqlite") {
            return self.state.clone();
        }
        let mut opts = sea_orm::ConnectOptions::new(self.db.url().to_owned());
        opts.max_connections(4).sqlx_logging(false);
        let conn = sea_orm::Database::connect(opts).await.expect("the other host's pool");
        AppState::new(self.state.config.clone(), renderer(), Store::new(conn), Tokens::from_secret(TOKEN_SECRET))
    }

    /// Another host on this test's database and clock with other settings, as
    /// [`other_host`](Self::other_host) (its own pool on PostgreSQL) and
    /// [`state_on_clock_with`](Self::state_on_clock_with) (its sender not started).
    pub async fn other_host_on_clock_with(&self, change: impl FnOnce(&mut Config)) -> AppState {
        let store = if matches!(self.db.label(), "sqlite") {
            self.state.store.clone()
        } else {
            let mut opts = sea_orm::ConnectOptions::new(self.db.url().to_owned());
            opts.max_connections(4).sqlx_logging(false);
            Store::new(sea_orm::Database::connect(opts).await.expect("the other host's pool"))
        };
        let mut config = self.state.config.clone();
        change(&mut config);
        AppState::with_clock(config, renderer(), store, Tokens::from_secret(TOKEN_SECRET), self.clock.clone())
    }

    pub async fn cleanup(self) {
        self.db.cleanup().await;
    }

    /// Sends a request; `body` is sent as JSON when given.
    pub async fn call(&self, method: Method, uri: &str, token: Option<&str>, body: Option<Value>) -> ApiReply {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(t) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        let req = match body {
            Some(b) => req.header(header::CONTENT_TYPE, "application/json").body(Body::from(b.to_string())),
            None => req.body(Body::empty()),
        }
        .unwrap();
        self.send(req).await
    }

    pub async fn send(&self, req: Request<Body>) -> ApiReply {
        let res = self.app().oneshot(req).await.unwrap();
        let status = res.status().as_u16();
        let bytes = res.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| panic!("status {status}: not JSON: {}", String::from_utf8_lossy(&bytes)));
        ApiReply { status, body }
    }

    pub async fn get(&self, uri: &str, token: Option<&str>) -> ApiReply {
        self.call(Method::GET, uri, token, None).await
    }
    pub async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> ApiReply {
        self.call(Method::POST, uri, token, Some(body)).await
    }
    pub async fn put(&self, uri: &str, token: Option<&str>, body: Value) -> ApiReply {
        self.call(Method::PUT, uri, token, Some(body)).await
    }
    pub async fn delete(&self, uri: &str, token: Option<&str>) -> ApiReply {
        self.call(Method::DELETE, uri, token, None).await
    }

    /// A token for the seeded demo shopper.
    pub async fn demo_token(&self) -> String {
        self.login(DEMO_EMAIL, DEMO_PASSWORD).await
    }

    pub async fn login(&self, email: &str, password: &str) -> String {
        let r = self.post("/api/v1/account/login", None, json!({ "Username": email, "Password": password })).await;
        r.value().as_str().expect("login value is the token").to_owned()
    }
}

/// Runs each named `async fn(TestApp)` as two tests, `<name>::sqlite` and `<name>::postgres`.
#[macro_export]
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {$(
        mod $name {
            use $crate::api_support::{Backend, TestApp};
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let t = TestApp::new(Backend::Sqlite).await;
                super::$name(&t).await;
                t.cleanup().await;
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                let t = TestApp::new(Backend::Postgres).await;
                super::$name(&t).await;
                t.cleanup().await;
            }
        }
    )*};
}
