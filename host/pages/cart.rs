//! The cart: it lives in the browser (localStorage), so the server knows nothing of it and the
//! component renders the stored lines after hydration.
use super::{EmptyPage, LoadCtx, LoadFuture, Loaded, Page};

pub const PAGE: Page = Page { id: "cart", patterns: &["/cart"], public: false, cache_query: &[], load, action: None };

fn load(_ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(EmptyPage {}) })
}
