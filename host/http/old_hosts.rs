//! Old addresses of the app (spec §9: two old hosts are redirected to the production site).
//! Pages move with a permanent redirect when the operator turns it on; the API keeps answering
//! on the old host, because installed copies of the app still call it until they are reinstalled.
use crate::state::AppState;
use axum::{
    extract::{Request, State},
    http::{Method, header},
    middleware::Next,
    response::{IntoResponse, Redirect, Response},
};

pub async fn redirect(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let config = &state.config;
    let is_page_read =
        matches!(*request.method(), Method::GET | Method::HEAD) && !request.uri().path().starts_with("/api/");
    let on_old_host =
        request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).is_some_and(|h| config.is_old_host(h));
    if config.redirect_old_hosts && is_page_read && on_old_host {
        let target = request.uri().path_and_query().map_or("/", |pq| pq.as_str());
        return Redirect::permanent(&format!("{}{target}", config.public_url.trim_end_matches('/'))).into_response();
    }
    next.run(request).await
}
