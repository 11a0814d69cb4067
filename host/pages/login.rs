//! /account/login: the form needs nothing from the server but the query, echoed so the
//! server HTML already shows the expired-session variant.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page = Page { id: "login", patterns: &["/account/login"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        let expired = ctx.query.get("expired").is_some_and(|v| v == "true");
        Loaded::ok(json!({ "returnTo": return_to, "expired": expired }))
    })
}
