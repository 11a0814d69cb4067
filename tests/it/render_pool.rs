use crate::support::{get, state};
use orderahead::{
    api::auth::Tokens,
    http,
    render::{PoolConfig, QuickJsPool, RenderError, Renderer, SERVER_BUNDLE},
    state::AppState,
};
use std::{
    sync::{Arc, atomic::Ordering},
    time::{Duration, Instant},
};

fn home_payload() -> Arc<str> {
    r#"{"route":"home","status":200,"url":"/","data":{"infoSections":[]},"config":{"tileUrl":""}}"#.into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_renders_are_identical() {
    let pool = Arc::new(QuickJsPool::start(SERVER_BUNDLE, PoolConfig { queue: 512, ..PoolConfig::default() }).unwrap());
    let tasks: Vec<_> = (0..16)
        .map(|_| {
            let pool = pool.clone();
            tokio::spawn(async move {
                let mut out = Vec::new();
                for _ in 0..(200 / 16 + 1) {
                    out.push(pool.render(home_payload()).await.expect("render"));
                }
                out
            })
        })
        .collect();
    let mut all = Vec::new();
    for t in tasks {
        all.extend(t.await.unwrap());
    }
    all.truncate(200);
    assert_eq!(all.len(), 200);
    assert!(all[0].html.contains("Free, convenient groceries when in need"));
    assert!(all.iter().all(|r| *r == all[0]), "every render of the same payload is byte-identical");
    assert_eq!(pool.stats.js_errors.load(Ordering::Relaxed), 0);
}

/// The real bundle, with two URLs that misbehave the way a buggy route could.
const MISBEHAVING: &str = r#"
;(function () {
  var real = globalThis.SSR.render;
  globalThis.SSR = { render: function (payload) {
    var url = JSON.parse(payload).url;
    if (url === "/__throw") throw new Error("boom");
    if (url === "/__loop") { for (;;) {} }
    return real(payload);
  } };
})();
"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_renders_fall_back_to_the_client_shell_and_the_pool_recovers() {
    let limit = Duration::from_millis(300);
    let source = format!("{SERVER_BUNDLE}\n{MISBEHAVING}");
    let pool = Arc::new(QuickJsPool::start(&source, PoolConfig { threads: 1, queue: 8, time_limit: limit, memory_limit: 64 << 20 }).unwrap());
    let shared = state().await;
    let state = AppState::new(shared.config.clone(), pool.clone() as Arc<dyn Renderer>, shared.store.clone(), Tokens::from_secret(b"test secret, not used by these pages"));

    for url in ["/__throw", "/__loop"] {
        let started = Instant::now();
        let res = get(http::app(state.clone()), url).await;
        assert!(started.elapsed() < limit + Duration::from_millis(700), "{url} answered in {:?}", started.elapsed());
        assert_eq!(res.status, 404, "{url} keeps its route's status");
        assert!(res.body.contains(r#""ssr":false"#), "{url} gets the client-rendered shell");
        assert!(res.body.contains("Loading..."));
        assert!(res.body.contains(r#"<script type="module""#), "the shell still boots the app");
    }
    assert_eq!(pool.stats.js_errors.load(Ordering::Relaxed), 1);
    assert_eq!(pool.stats.timeouts.load(Ordering::Relaxed), 1);
    assert_eq!(pool.stats.rebuilds.load(Ordering::Relaxed), 2);

    let res = get(http::app(state.clone()), "/").await;
    assert_eq!(res.status, 200);
    assert!(res.body.contains(r#""ssr":true"#), "the rebuilt runtime serves again");
}

#[tokio::test]
async fn a_full_queue_is_refused_not_awaited() {
    let source = format!("{SERVER_BUNDLE}\n{MISBEHAVING}");
    let limit = Duration::from_millis(300);
    let pool = QuickJsPool::start(&source, PoolConfig { threads: 1, queue: 1, time_limit: limit, memory_limit: 64 << 20 }).unwrap();
    let looping: Arc<str> = r#"{"route":"not-found","status":404,"url":"/__loop","data":{},"config":{"tileUrl":""}}"#.into();
    let first = pool.render(looping.clone());
    // Let the worker pick the first job, so the next fills the one queue slot.
    tokio::time::sleep(Duration::from_millis(50)).await;
    let second = pool.render(looping.clone());
    let third = pool.render(looping);
    assert_eq!(third.await, Err(RenderError::Busy));
    assert_eq!(first.await, Err(RenderError::Timeout));
    assert_eq!(second.await, Err(RenderError::Timeout));
    assert_eq!(pool.stats.rejected.load(Ordering::Relaxed), 1);
}
