//! /home/modal/{modalId}: the home page with one info card open in a modal. An unknown id names
//! nothing: a 404 whose markup is the Not Found page's; with JavaScript the client then goes home.
use super::{
    LoadCtx, LoadFuture, Loaded, Page, failure_status,
    shared::{HomeCard, InfoSection, info_sections},
};
use crate::db::Scope;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "home-modal", patterns: &["/home/modal/{modalId}"], public: true, cache_query: &[], load, action: None };

/// The home page with the open card; without one (`modal` null) the client goes home.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeModalPage {
    info_sections: Vec<InfoSection>,
    modal: Option<HomeCard>,
    /// Only when the id names no card.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    not_found: bool,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let sections = match info_sections(&ctx.state, None, ctx.lang).await {
            Ok(sections) => sections,
            Err(error) => {
                // Not a 404: the card may well exist. Home without the modal; the client goes to /.
                let data = HomeModalPage { info_sections: Vec::new(), modal: None, not_found: false };
                return Loaded::with_status(failure_status(&error, "home-modal"), data);
            }
        };
        let id = ctx.params.get("modalId").cloned().unwrap_or_default();
        let modal = sections.iter().flat_map(|s| &s.cards).find(|c| c.id == id).cloned();
        match modal {
            Some(modal) => {
                let data = HomeModalPage { info_sections: sections, modal: Some(modal), not_found: false };
                Loaded::ok(data).showing([Scope::Content])
            }
            // Its own route rather than the Not Found page's: it renders the Not Found content,
            // then (with JavaScript) goes home as spec §2 says.
            None => Loaded::with_status(
                StatusCode::NOT_FOUND,
                HomeModalPage { info_sections: Vec::new(), modal: None, not_found: true },
            ),
        }
    })
}
