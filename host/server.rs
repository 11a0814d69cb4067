//! Starting and stopping the server.
use crate::{
    config::Config,
    http,
    render::{QuickJsPool, Renderer, SERVER_BUNDLE},
    state::AppState,
};
use std::{future::Future, sync::Arc};
use tokio::net::TcpListener;

/// Everything the server needs, ready to serve: the render pool is loaded.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let pool_config = config.render.clone();
    let pool = tokio::task::spawn_blocking(move || QuickJsPool::start(SERVER_BUNDLE, pool_config))
        .await?
        .map_err(|e| anyhow::anyhow!("render engine: {e}"))?;
    Ok(AppState::new(config, Arc::new(pool) as Arc<dyn Renderer>))
}

/// Serves on an already-bound listener until `shutdown` resolves; tests bind port 0.
pub async fn launch_with_listener(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, http::app(state)).with_graceful_shutdown(shutdown).await
}

pub async fn run(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    tracing::info!(?config, "starting");
    let state = build_state(config).await?;
    let listener = TcpListener::bind(bind).await?;
    tracing::info!(address = %listener.local_addr()?, "listening");
    launch_with_listener(listener, state, shutdown_signal()).await?;
    tracing::info!("stopped");
    Ok(())
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
