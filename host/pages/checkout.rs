//! /cart/schedulepickup/{step?}: everything the flow checks (cart, selection, token) lives in the
//! browser, so the server only names the step; the steps run after hydration.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "checkout",
    patterns: &["/cart/schedulepickup", "/cart/schedulepickup/{step}"],
    public: false,
    cache_query: &[],
    load,
    action: None,
};

/// The checkout's data: which step the address names (none: the first).
#[derive(Serialize, ToSchema)]
pub struct CheckoutPage {
    step: Option<String>,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(CheckoutPage { step: ctx.params.get("step").cloned() }) })
}
