//! Security headers, and the per-response nonce that lets our own inline
//! scripts and the document's inlined stylesheet rules run under the
//! Content-Security-Policy. No other `<style>` and no `style` attributes (scripts
//! may still set styles through the CSSOM, as Leaflet does), so injected markup
//! cannot restyle a page.
use crate::state::AppState;
use axum::{
    extract::{Request, State},
    http::{HeaderValue, header},
    middleware::Next,
    response::Response,
};
use base64::Engine as _;

#[derive(Clone)]
pub struct Nonce(pub String);

pub async fn headers(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let nonce = base64::engine::general_purpose::STANDARD.encode(rand::random::<[u8; 16]>());
    req.extensions_mut().insert(Nonce(nonce.clone()));
    let mut res = next.run(req).await;
    let tiles = state.config.tile_origin().unwrap_or("");
    let csp = format!(
        "default-src 'self'; script-src 'self' 'nonce-{nonce}'; style-src 'self' 'nonce-{nonce}'; \
         img-src 'self' data: {tiles}; connect-src 'self'; font-src 'self'; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"
    );
    let h = res.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&csp) {
        h.insert(header::CONTENT_SECURITY_POLICY, v);
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    res
}
