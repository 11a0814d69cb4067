//! `/metrics` (issue 26 item 9) is served on its own listener only, never on the public one, and
//! counts the requests it saw by route pattern, method and status; `/readyz` (item 10) answers
//! 503 while a host starts, 200 while it serves, and 503 from its stop signal while it drains.
use crate::{api_support::TestApp, on_both};
use axum::{body::Body, http::Request};
use http_body_util::BodyExt;
use orderahead::{http, server, state::AppState};
use std::{
    net::SocketAddr,
    time::{Duration, Instant},
};
use tokio::{net::TcpListener, sync::oneshot};
use tower::ServiceExt;

on_both!(metrics_are_served_on_their_own_listener_only, readiness_follows_start_and_stop);

/// How long a condition may take to hold on a busy machine before the test fails.
const WITHIN: Duration = Duration::from_secs(30);

async fn body_of(app: axum::Router, uri: &str) -> (u16, String) {
    let res = app.oneshot(Request::get(uri).body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    (status, String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned())
}

async fn get(addr: SocketAddr, path: &str) -> Result<(u16, String), reqwest::Error> {
    let res = reqwest::get(format!("http://{addr}{path}")).await?;
    let status = res.status().as_u16();
    Ok((status, res.text().await?))
}

/// The value of the series `name{labels}` in a scrape, if present.
fn series(text: &str, name_and_labels: &str) -> Option<f64> {
    text.lines().find_map(|line| line.strip_prefix(name_and_labels)?.strip_prefix(' ')?.trim().parse().ok())
}

async fn metrics_are_served_on_their_own_listener_only(t: &TestApp) {
    let app = t.app();
    let (status, text) = body_of(app.clone(), "/metrics").await;
    assert_eq!(status, 404, "the public listener has no /metrics");
    assert!(!text.contains("orderahead_http_request_duration_seconds"), "{text}");

    let (api_status, _) = body_of(app.clone(), "/api/v1/foodbanks/1").await;
    for _ in 0..2 {
        assert_eq!(body_of(app.clone(), "/pantries?zip=43215&utm_source=x").await.0, 200);
    }
    let ran = t.state.run_due_jobs("metrics-test").await.unwrap();

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server::serve_metrics(listener, t.state.clone()));
    let (status, text) = get(addr, "/metrics").await.unwrap();
    assert_eq!(status, 200, "{text}");
    assert!(text.ends_with("# EOF\n"), "a whole OpenMetrics text");

    // Each request under the pattern that answered it: the API's with its prefix, the page's.
    let count = |labels: &str| series(&text, &format!("orderahead_http_request_duration_seconds_count{{{labels}}}"));
    assert_eq!(count(&format!(r#"route="/api/v1/foodbanks/{{id}}",method="GET",status="{api_status}""#)), Some(1.0));
    assert_eq!(count(r#"route="/pantries",method="GET",status="200""#), Some(2.0));
    assert_eq!(count(r#"route="unmatched",method="GET",status="404""#), Some(1.0), "the public /metrics");
    assert!(!text.contains("utm_source") && !text.contains("43215"), "never a raw path or query");

    // What is read at the scrape, and what the host counted as it went.
    let cache = series(&text, "orderahead_page_cache_hits_total").unwrap()
        + series(&text, "orderahead_page_cache_misses_total").unwrap();
    assert!(cache >= 2.0, "both public page requests asked the cache: {cache}");
    for name in [
        "orderahead_render_queue_depth",
        "orderahead_render_timeouts_total",
        "orderahead_render_shell_fallbacks_total",
        "orderahead_render_warm_ups_total",
        "orderahead_outbox_failures_total",
        "orderahead_outbox_backlog",
        "orderahead_outbox_given_up",
    ] {
        assert!(series(&text, name).is_some(), "{name} in {text}");
    }
    assert!(series(&text, "orderahead_db_pool_max").unwrap() >= 1.0);
    assert!(series(&text, "orderahead_db_pool_connections").unwrap() >= 1.0);
    for (job, _) in ran {
        assert_eq!(series(&text, &format!(r#"orderahead_job_runs_total{{job="{job}",outcome="ok"}}"#)), Some(1.0));
    }

    // The metrics listener serves nothing else.
    assert_eq!(get(addr, "/").await.unwrap().0, 404);
    assert_eq!(get(addr, "/api/v1/foodbanks/1").await.unwrap().0, 404);
}

/// Polls `path` until it answers `status`; the body of that answer.
async fn until(addr: SocketAddr, path: &str, status: u16) -> String {
    let deadline = Instant::now() + WITHIN;
    loop {
        if let Ok((got, body)) = get(addr, path).await
            && got == status
        {
            return body;
        }
        assert!(Instant::now() < deadline, "{path} never answered {status}");
        tokio::task::yield_now().await;
    }
}

async fn readiness_follows_start_and_stop(t: &TestApp) {
    // A drain long enough to be seen, short enough for the test to see the host stop after it.
    let state: AppState = t.state_with_config(|c| c.drain = Duration::from_secs(5));
    assert_eq!(body_of(http::app(state.clone()), "/readyz").await, (503, "starting".into()));

    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = oneshot::channel::<()>();
    let served = tokio::spawn(server::launch_with_listener(listener, state, async {
        let _ = stopped.await;
    }));
    assert_eq!(until(addr, "/readyz", 200).await, "ready");

    stop.send(()).unwrap();
    assert_eq!(until(addr, "/readyz", 503).await, "draining", "still answering, no longer ready");
    assert_eq!(get(addr, "/healthz").await.unwrap(), (200, "ok".into()), "alive while it drains");
    tokio::time::timeout(WITHIN, served).await.expect("the host stops after its drain").unwrap().unwrap();
    assert!(get(addr, "/healthz").await.is_err(), "its port is closed");
}
