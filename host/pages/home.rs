//! The home page: its info cards in their sections.
use super::{
    LoadCtx, LoadFuture, Loaded, Page,
    shared::{InfoSection, info_sections_or_none},
};
use crate::db::Scope;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "home", patterns: &["/"], public: true, cache_query: &[], load, action: None };

/// The home page: its info cards in their sections.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomePage {
    info_sections: Vec<InfoSection>,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let info_sections = info_sections_or_none(&ctx.state, None, ctx.lang).await;
        Loaded::ok(HomePage { info_sections }).showing([Scope::Content])
    })
}
