//! /cart/schedulepickup/{step?}: everything the flow checks (cart, selection, token) lives in the
//! browser, so the server only names the step; the steps run after hydration.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page =
    Page { id: "checkout", patterns: &["/cart/schedulepickup", "/cart/schedulepickup/{step}"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(json!({ "step": ctx.params.get("step") })) })
}
