//! /home/modal/{modalId}: the home page with one info card open in a modal. An unknown id names
//! nothing: a 404 whose markup is the Not Found page's; with JavaScript the client then goes home.
use super::{LoadCtx, LoadFuture, Loaded, Page, home::try_info_sections};
use crate::db::Scope;
use axum::http::StatusCode;
use serde_json::json;

pub const PAGE: Page = Page { id: "home-modal", patterns: &["/home/modal/{modalId}"], public: true, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let sections = match try_info_sections(&ctx.state, None, ctx.lang).await {
            Ok(sections) => sections,
            Err(error) => {
                // Not a 404: the card may well exist. Home without the modal; the client goes to /.
                tracing::warn!(%error, "home modal: info cards failed to load");
                let data = json!({ "infoSections": [], "modal": null });
                return Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, data);
            }
        };
        let id = ctx.params.get("modalId").cloned().unwrap_or_default();
        let modal = sections
            .iter()
            .filter_map(|s| s["cards"].as_array())
            .flatten()
            .find(|c| c["id"].as_str() == Some(id.as_str()))
            .cloned();
        match modal {
            Some(modal) => Loaded::ok(json!({ "infoSections": sections, "modal": modal })).showing([Scope::Content]),
            // Its own route rather than the Not Found page's: it renders the Not Found content,
            // then (with JavaScript) goes home as spec §2 says.
            None => Loaded::with_status(
                StatusCode::NOT_FOUND,
                json!({ "infoSections": [], "modal": null, "notFound": true }),
            ),
        }
    })
}
