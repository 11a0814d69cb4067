//! /account/register/eligibility: the TEFAP questionnaire (spec §4). Every answer, the selected
//! food bank and the result live in the browser, so the server only echoes returnTo; the server
//! HTML shows the heading and the first question.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde_json::json;

pub const PAGE: Page = Page { id: "eligibility", patterns: &["/account/register/eligibility"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        Loaded::ok(json!({ "returnTo": return_to }))
    })
}
