//! /cart/confirmation/{orderId}: the order belongs to the signed-in shopper, whose token only the
//! browser holds, so it is fetched after hydration; the server passes the id on.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page =
    Page { id: "confirmation", patterns: &["/cart/confirmation", "/cart/confirmation/{orderId}"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(json!({ "orderId": ctx.params.get("orderId") })) })
}
