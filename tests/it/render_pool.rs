//! The render pool on both engines: identical output under concurrency, the client shell on a
//! throw or a runaway script, a full queue refused, and JavaScriptCore rendering every page
//! byte-for-byte as QuickJS-NG does (so the insta snapshots hold for either engine); idle JIT
//! engines warming up on the public pages kept for it.
use crate::support::{app, get, state};
use orderahead::{
    http,
    infra::auth::Tokens,
    render::{EngineKind, PoolConfig, RenderError, RenderPool, Renderer, SERVER_BUNDLE},
    state::AppState,
};
use std::{
    sync::{Arc, atomic::Ordering},
    time::{Duration, Instant},
};

/// Both engines; this suite fails, never skips, where JavaScriptCore is missing (CI installs it).
fn engines() -> [EngineKind; 2] {
    if !cfg!(has_jsc) {
        panic!("this build has no JavaScriptCore: apt-get install -y libjavascriptcoregtk-6.0-dev, then rebuild");
    }
    [EngineKind::Jsc, EngineKind::Quickjs]
}

fn pool(source: &str, engine: EngineKind, threads: usize, queue: usize) -> RenderPool {
    RenderPool::start(source, PoolConfig { engine, threads, queue, ..PoolConfig::default() }).unwrap()
}

/// The test database's host, rendering through `pool`.
async fn state_with(pool: Arc<RenderPool>) -> AppState {
    let shared = state().await;
    AppState::new(
        shared.config.clone(),
        pool as Arc<dyn Renderer>,
        shared.store.clone(),
        Tokens::from_secret(b"test secret, not used by these pages"),
    )
}

fn home_payload() -> Arc<str> {
    // Texts come with the payload, as the host sends them; the ones left out render as their keys.
    r#"{"route":"home","status":200,"url":"/","data":{"infoSections":[]},"config":{"tileUrl":""},"lang":"en","messages":{"app.title":"OrderAhead","app.tagline":"Free, convenient groceries when in need"}}"#.into()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_renders_are_identical() {
    for engine in engines() {
        let pool = Arc::new(pool(SERVER_BUNDLE, engine, 2, 512));
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
        assert!(all[0].html.contains("Free, convenient groceries when in need"), "{engine:?}");
        assert!(all.iter().all(|r| *r == all[0]), "{engine:?}: every render of the same payload is byte-identical");
        assert_eq!(pool.stats.js_errors.load(Ordering::Relaxed), 0);
    }
}

/// The real bundle, each engine counting its renders in a comment after the markup.
const COUNTING: &str = r#"
;(function () {
  var real = globalThis.SSR.render, n = 0;
  globalThis.SSR = { render: function (payload) {
    var r = real(payload);
    n += 1;
    return { html: r.html + "<!--" + n + "-->", title: r.title, description: r.description };
  } };
})();
"#;

/// One request at a time goes to the engine that went idle last, so one engine does them all
/// (its JIT code and caches warm) rather than the engines taking turns.
#[tokio::test]
async fn one_request_at_a_time_keeps_to_one_engine() {
    let source = format!("{SERVER_BUNDLE}\n{COUNTING}");
    for engine in engines() {
        let pool = pool(&source, engine, 2, 8);
        let mut last = String::new();
        for _ in 0..12 {
            last = pool.render(home_payload()).await.expect("render").html;
        }
        assert!(last.ends_with("<!--12-->"), "{engine:?}: every render on one engine: {}", &last[last.len() - 12..]);
    }
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
    // JavaScriptCore's watchdog is one process-wide value, so every pool here keeps the default.
    let limit = PoolConfig::default().time_limit;
    let source = format!("{SERVER_BUNDLE}\n{MISBEHAVING}");
    for engine in engines() {
        let pool = Arc::new(pool(&source, engine, 1, 8));
        let state = state_with(pool.clone()).await;

        for url in ["/__throw", "/__loop"] {
            let started = Instant::now();
            let res = get(http::app(state.clone()), url).await;
            assert!(
                started.elapsed() < limit + Duration::from_millis(700),
                "{engine:?} {url}: {:?}",
                started.elapsed()
            );
            assert_eq!(res.status, 404, "{url} keeps its route's status");
            assert!(res.body.contains(r#""ssr":false"#), "{engine:?} {url} gets the client-rendered shell");
            assert!(res.body.contains("Loading..."));
            assert!(
                res.body.contains(r#"<script type="module" id="__oa-boot" data-entry="/assets/entry-"#),
                "the shell still boots the app"
            );
        }
        // QuickJS replaces its runtime after any failure; a JavaScriptCore VM survives a throw
        // (React's finally blocks ran) and is replaced only after the watchdog cut a script off.
        let rebuilds = if engine == EngineKind::Jsc { 1 } else { 2 };
        // The request stops waiting at its deadline; the worker may still be ending the loop.
        let settled = Instant::now() + Duration::from_secs(10);
        while pool.stats.rebuilds.load(Ordering::Relaxed) < rebuilds && Instant::now() < settled {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert_eq!(pool.stats.js_errors.load(Ordering::Relaxed), 1, "{engine:?}");
        assert_eq!(pool.stats.timeouts.load(Ordering::Relaxed), 1, "{engine:?}");
        assert_eq!(pool.stats.rebuilds.load(Ordering::Relaxed), rebuilds, "{engine:?}");

        let res = get(http::app(state.clone()), "/").await;
        assert_eq!(res.status, 200);
        assert!(res.body.contains(r#""ssr":true"#), "{engine:?}: the engine serves again");
    }
}

/// Queueing is the pool's, not the engine's: shown on QuickJS, whose time limit is per pool.
#[tokio::test]
async fn a_full_queue_is_refused_not_awaited() {
    let source = format!("{SERVER_BUNDLE}\n{MISBEHAVING}");
    let config = PoolConfig {
        engine: EngineKind::Quickjs,
        threads: 1,
        queue: 1,
        time_limit: Duration::from_millis(300),
        ..PoolConfig::default()
    };
    let pool = RenderPool::start(&source, config).unwrap();
    let looping: Arc<str> =
        r#"{"route":"not-found","status":404,"url":"/__loop","data":{},"config":{"tileUrl":""}}"#.into();
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

/// A job whose deadline passed while it waited is answered without touching an engine.
#[tokio::test]
async fn an_expired_job_never_reaches_the_engine() {
    let config = PoolConfig {
        engine: EngineKind::Quickjs,
        threads: 1,
        queue: 4,
        time_limit: Duration::ZERO,
        ..PoolConfig::default()
    };
    let pool = RenderPool::start(SERVER_BUNDLE, config).unwrap();
    assert_eq!(pool.render(home_payload()).await, Err(RenderError::Timeout));
    let settled = Instant::now() + Duration::from_secs(5);
    while pool.stats.expired.load(Ordering::Relaxed) == 0 && Instant::now() < settled {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(pool.stats.expired.load(Ordering::Relaxed), 1);
    assert_eq!(pool.stats.renders.load(Ordering::Relaxed) + pool.stats.rebuilds.load(Ordering::Relaxed), 0);
}

/// The loader payloads of real pages, as the host hands them to the engine.
async fn page_payloads() -> Vec<(String, Arc<str>)> {
    let app = app().await;
    let pantries = get(app.clone(), "/_data?url=%2Fpantries%3Fzip%3D43215").await;
    let pantry_id = regex_lite::Regex::new(r#""pantries":\[\{"id":(\d+)"#)
        .unwrap()
        .captures(&pantries.body)
        .map(|c| c[1].to_owned())
        .expect("a pantry near 43215");
    let urls = [
        "/".to_owned(),
        "/pantries?zip=43215".to_owned(),
        format!("/pantries/{pantry_id}"),
        format!("/products?pantry={pantry_id}"),
        "/home/foodbank?zip=43215".to_owned(),
        "/messages".to_owned(),
        "/account/login".to_owned(),
        "/account/register/eligibility".to_owned(),
        "/account/orders".to_owned(),
        "/account/orders/7/cancel".to_owned(),
        "/cart".to_owned(),
        "/no/such/page".to_owned(),
    ];
    let mut out = Vec::new();
    for url in urls {
        let res = get(
            app.clone(),
            &format!("/_data?url={}", url.replace('/', "%2F").replace('?', "%3F").replace('=', "%3D")),
        )
        .await;
        assert!(res.body.starts_with('{'), "{url}: {}", res.body);
        // The host adds the ssr flag when it embeds the payload; the engine gets it as loaded.
        out.push((url, res.body.into()));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn javascriptcore_renders_every_page_as_quickjs_does() {
    let [jsc, quickjs] = engines().map(|e| pool(SERVER_BUNDLE, e, 1, 16));
    for (url, payload) in page_payloads().await {
        let a = jsc.render(payload.clone()).await.unwrap_or_else(|e| panic!("{url} on JavaScriptCore: {e}"));
        let b = quickjs.render(payload).await.unwrap_or_else(|e| panic!("{url} on QuickJS: {e}"));
        assert!(a.html.len() > 200, "{url} rendered real markup");
        assert_eq!(a, b, "{url}: the engines disagree");
    }
}

/// Waits for the pool's warm-up renders to reach `due`.
async fn warm_ups_reach(pool: &RenderPool, due: u64) {
    while pool.stats.warm_ups.load(Ordering::Relaxed) < due {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

fn jsc_pool(source: &str, threads: usize, warm_up: usize) -> RenderPool {
    engines();
    RenderPool::start(source, PoolConfig { engine: EngineKind::Jsc, threads, warm_up, ..PoolConfig::default() })
        .unwrap()
}

/// Each engine renders each kept page `warm_up` times while it has no job, then rests; a route
/// is kept once, whatever else of it is shown later.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_engines_warm_up_on_each_kept_page_then_rest() {
    let source = format!("{SERVER_BUNDLE}\n{COUNTING}");
    let pool = jsc_pool(&source, 2, 20);
    let messages = home_payload().replace("OrderAhead", "Mensajes");
    pool.remember("home", home_payload());
    pool.remember("messages", messages.into());
    pool.remember("home", home_payload().replace("OrderAhead", "Otra").into());
    assert_eq!(pool.kept_routes(), ["home", "messages"]);
    warm_ups_reach(&pool, 2 * 2 * 20).await;
    let first = pool.render(home_payload()).await.expect("render").html;
    assert!(first.ends_with("<!--41-->"), "two pages warmed 20 times each first: {}", &first[first.len() - 12..]);
    let second = pool.render(home_payload()).await.expect("render").html;
    assert!(second.ends_with("<!--42-->"), "no warm-up render after them: {}", &second[second.len() - 12..]);
    assert_eq!(pool.stats.warm_ups.load(Ordering::Relaxed), 80, "two engines, two routes, 20 each");
    assert_eq!(pool.stats.renders.load(Ordering::Relaxed), 2, "warm-ups are not counted as pages");
}

/// A page asked for while its engine warms up waits for one warm-up render at most, not for the
/// rest of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_is_served_while_its_engine_warms_up() {
    let warm_up = 1_000_000;
    let pool = jsc_pool(SERVER_BUNDLE, 1, warm_up);
    pool.remember("home", home_payload());
    warm_ups_reach(&pool, 1).await;
    for _ in 0..3 {
        let rendered = pool.render(home_payload()).await.expect("served during the warm-up");
        assert!(rendered.html.contains("Free, convenient groceries when in need"));
    }
    let made = pool.stats.warm_ups.load(Ordering::Relaxed);
    assert!(made < warm_up as u64, "the warm-up was still going on: {made}");
    assert_eq!(pool.stats.renders.load(Ordering::Relaxed), 3);
}

/// QuickJS-NG interprets: nothing to warm, so it keeps no page and renders nothing extra.
#[tokio::test]
async fn an_engine_without_a_jit_keeps_no_page() {
    let source = format!("{SERVER_BUNDLE}\n{COUNTING}");
    let pool = RenderPool::start(
        &source,
        PoolConfig { engine: EngineKind::Quickjs, threads: 1, warm_up: 20, ..PoolConfig::default() },
    )
    .unwrap();
    pool.remember("home", home_payload());
    let html = pool.render(home_payload()).await.expect("render").html;
    assert!(html.ends_with("<!--1-->"), "{}", &html[html.len() - 12..]);
    assert!(pool.kept_routes().is_empty());
    assert_eq!(pool.stats.warm_ups.load(Ordering::Relaxed), 0);
}

/// The host keeps the first page of each public route it rendered, and never a page made for
/// one visitor (a page that is not public carries a form's token).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_host_warms_its_engines_on_public_pages_only() {
    let source = format!("{SERVER_BUNDLE}\n{COUNTING}");
    let pool = Arc::new(jsc_pool(&source, 1, 3));
    let state = state_with(pool.clone()).await;
    let res = get(http::app(state.clone()), "/").await;
    assert!(res.body.contains("<!--1-->"), "the home page's own render comes first");
    warm_ups_reach(&pool, 3).await;
    let res = get(http::app(state.clone()), "/account/login").await;
    assert_eq!(res.status, 200);
    assert!(res.body.contains("<!--5-->"), "the sign-in page after the home page's 3 warm-ups");
    assert_eq!(pool.kept_routes(), ["home"], "nothing kept from a page that is not public");
    assert_eq!(pool.stats.warm_ups.load(Ordering::Relaxed), 3);
}
