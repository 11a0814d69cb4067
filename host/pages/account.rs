//! /account (Account Details): the profile and saved addresses live behind the bearer token in
//! the browser, so the server renders the heading and a Log In link and the screen loads after
//! hydration.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page = Page { id: "account", patterns: &["/account"], public: false, load };

fn load(_ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(json!({})) })
}
