//! /account/register: a blank profile form; only returnTo comes from the URL.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page = Page { id: "register", patterns: &["/account/register"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        Loaded::ok(json!({ "returnTo": return_to }))
    })
}
