use super::{EmptyPage, LoadCtx, LoadFuture, Loaded, Page};
use axum::http::StatusCode;

pub const PAGE: Page = Page { id: "not-found", patterns: &[], public: true, cache_query: &[], load, action: None };

fn load(_ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::with_status(StatusCode::NOT_FOUND, EmptyPage {}) })
}
