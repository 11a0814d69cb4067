//! /account/forgot-password: the e-mail form needs nothing from the server; the request goes to
//! POST /api/v1/user/reset from the browser.
use super::{EmptyPage, LoadCtx, LoadFuture, Loaded, Page};

pub const PAGE: Page = Page { id: "forgot-password", patterns: &["/account/forgot-password"], public: false, load };

fn load(_ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(EmptyPage {}) })
}
