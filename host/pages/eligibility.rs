//! /account/register/eligibility: the TEFAP questionnaire (spec §4). Every answer, the selected
//! food bank and the result live in the browser, so the server only echoes returnTo; the server
//! HTML shows the heading and the first question.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "eligibility",
    patterns: &["/account/register/eligibility"],
    public: false,
    cache_query: &[],
    load,
    action: None,
};

/// The questionnaire's data: where to go once it is done.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EligibilityPage {
    return_to: String,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        Loaded::ok(EligibilityPage { return_to })
    })
}
