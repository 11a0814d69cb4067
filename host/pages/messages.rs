//! /messages: the general notifications, as a visitor sees them, so the page has its content
//! without JavaScript; a signed-in shopper's list (orders, food bank notes) follows after hydration.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{db::Scope, service::content::messages_for};
use axum::http::StatusCode;
use serde_json::json;

pub const PAGE: Page = Page { id: "messages", patterns: &["/messages"], public: true, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        match messages_for(&ctx.state, None, None, ctx.lang).await {
            Ok(messages) => Loaded::ok(json!({ "messages": messages })).showing([Scope::Content]),
            Err(_) => Loaded::with_status(StatusCode::INTERNAL_SERVER_ERROR, json!({ "error": true })),
        }
    })
}
