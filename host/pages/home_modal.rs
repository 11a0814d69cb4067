//! /home/modal/{modalId}: the home page with one info card open in a modal. An unknown id
//! renders plain home data (`modal: null`); the client then replaces the URL with /.
use super::{LoadCtx, LoadFuture, Loaded, Page, home::info_sections};
use serde_json::json;

pub const PAGE: Page = Page { id: "home-modal", patterns: &["/home/modal/{modalId}"], public: true, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let sections = info_sections(&ctx.state, None).await;
        let id = ctx.params.get("modalId").cloned().unwrap_or_default();
        let modal = sections
            .iter()
            .filter_map(|s| s["cards"].as_array())
            .flatten()
            .find(|c| c["id"].as_str() == Some(id.as_str()))
            .cloned();
        Loaded::ok(json!({ "infoSections": sections, "modal": modal }))
    })
}
