//! Starting and stopping the server.
use crate::{
    config::Config,
    db::{self, repo::Store},
    http,
    render::{RenderPool, Renderer, SERVER_BUNDLE},
    state::AppState,
};
use std::{future::Future, sync::Arc};
use tokio::net::TcpListener;

/// What makes the next build link JavaScriptCore (build.rs reruns once the library appears).
const JSC_FIX: &str = "apt-get install -y libjavascriptcoregtk-6.0-dev pkg-config, then cargo build --release again";

/// The configured database, migrated. The embedded default gets the demo data
/// when it is empty, so `cargo run` shows a working app; a `DATABASE_URL`
/// database is never seeded implicitly.
pub async fn open_database(config: &Config) -> anyhow::Result<Store> {
    let url = match &config.database_url {
        Some(url) => url.clone(),
        None => {
            // Made private before SQLite opens it: its -wal and -shm files copy its mode.
            crate::private_files::private_dir(&config.data_dir)?;
            let file = config.data_dir.join(db::SQLITE_FILE_NAME);
            crate::private_files::private_file(&file)?;
            for suffix in ["-wal", "-shm"] {
                let mut side = file.clone().into_os_string();
                side.push(suffix);
                crate::private_files::restrict_if_present(std::path::Path::new(&side))?;
            }
            db::sqlite_url(&config.data_dir)
        }
    };
    let conn = db::connect(&url).await?;
    db::migrate(&conn).await?;
    if config.database_url.is_none() {
        let summary = db::seed::seed_demo(&conn, db::now(), crate::infra::auth::hash_password_blocking).await?;
        if !summary.skipped {
            tracing::info!(?summary, "empty embedded database: demo data loaded");
        }
    }
    Ok(Store::new(conn))
}

pub async fn start_renderer(config: &Config) -> anyhow::Result<Arc<dyn Renderer>> {
    let pool_config = config.render.clone();
    let pool = tokio::task::spawn_blocking(move || RenderPool::start(SERVER_BUNDLE, pool_config))
        .await?
        .map_err(|e| anyhow::anyhow!("render engine: {e}"))?;
    Ok(Arc::new(pool))
}

/// Everything the server needs, ready to serve: database migrated, render pool loaded.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    build_state_with_clock(config, Arc::new(crate::infra::clock::SystemClock)).await
}

/// The same on a clock of the caller's (the browser tests' server, whose suites let time pass).
pub async fn build_state_with_clock(
    config: Config,
    clock: Arc<dyn crate::infra::clock::Clock>,
) -> anyhow::Result<AppState> {
    let store = open_database(&config).await?;
    let renderer = start_renderer(&config).await?;
    let tokens = crate::infra::auth::Tokens::configured(config.token_secret.as_deref(), &config.data_dir)?;
    Ok(AppState::with_clock(config, renderer, store, tokens, clock))
}

/// Serves on an already-bound listener until `shutdown` resolves; tests bind port 0. Ready from
/// the start (the state is migrated and its engines loaded); when `shutdown` resolves, `/readyz`
/// answers 503 at once and the host goes on serving for the configured drain, then stops
/// accepting and finishes the requests in flight.
pub async fn launch_with_listener(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (limits, per_address) = (state.config.connections, state.open_connections.clone());
    state.start_workers();
    state.readiness.ready();
    let (readiness, drain) = (state.readiness.clone(), state.config.drain);
    let drained = async move {
        shutdown.await;
        readiness.drain();
        if !drain.is_zero() {
            tracing::info!(seconds = drain.as_secs_f64(), "draining: /readyz answers 503");
            tokio::time::sleep(drain).await;
        }
    };
    crate::connections::serve(listener, http::app(state), limits, per_address, drained).await
}

/// Serves `/metrics` on its own listener for as long as the process runs.
pub async fn serve_metrics(listener: TcpListener, state: AppState) -> std::io::Result<()> {
    let limits = state.config.connections;
    // A count of its own: the scraper's connections are not the clients'.
    let per_address = Arc::new(crate::connections::OpenConnections::new(limits.max_per_address, None));
    crate::connections::serve(listener, http::metrics::app(state), limits, per_address, std::future::pending()).await
}

pub async fn run(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    tracing::info!(?config, "starting");
    if !cfg!(has_jsc) {
        tracing::warn!(
            fix = JSC_FIX,
            "this binary renders with QuickJS-NG only (7-10x slower per page): libjavascriptcoregtk-6.0 \
             was not found when it was built"
        );
    }
    let metrics_bind = config.metrics_bind;
    let state = build_state(config).await?;
    tokio::spawn(return_freed_memory(state.clone()));
    if let Some(address) = metrics_bind {
        let listener = TcpListener::bind(address).await?;
        tracing::info!(address = %listener.local_addr()?, "metrics listening");
        tokio::spawn(serve_metrics(listener, state.clone()));
    }
    let listener = TcpListener::bind(bind).await?;
    tracing::info!(address = %listener.local_addr()?, "listening");
    launch_with_listener(listener, state, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
}

/// glibc keeps the pages a burst of renders freed (each page's payload, markup and document are
/// tens of KB, made on many threads) for reuse, so after a load the process stays at its peak.
/// What is free goes back to the system every 10 s (as after the API's work, which these counts
/// leave out), and at once in the first quiet second after a burst of pages.
async fn return_freed_memory(state: AppState) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // Pages served and rendered (warm-ups stop by themselves).
        let work = || {
            let (render, cache) = (state.renderer.load(), state.cache.stats());
            render.renders + render.warm_ups + cache.hits + cache.misses
        };
        let mut every = tokio::time::interval(std::time::Duration::from_secs(1));
        let (mut last, mut was_busy, mut since_trim) = (work(), false, 0u32);
        loop {
            every.tick().await;
            let now = work();
            let busy = now != last;
            last = now;
            since_trim += 1;
            if (was_busy && !busy) || since_trim >= 10 {
                since_trim = 0;
                // SAFETY: malloc_trim only releases free memory of the allocator's own arenas.
                let _ = tokio::task::spawn_blocking(|| unsafe { libc::malloc_trim(0) }).await;
            }
            was_busy = busy;
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    let _ = state;
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! { _ = ctrl_c => {}, _ = term => {} }
    tracing::info!("shutdown signal received; finishing requests in flight");
}
