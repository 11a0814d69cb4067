use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page = Page { id: "home", patterns: &["/"], public: true, load };

fn load(_ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(json!({ "infoSections": [] })) })
}
