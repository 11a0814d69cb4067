//! /account/register: a blank profile form; only returnTo comes from the URL.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "register", patterns: &["/account/register"], public: false, load };

/// The form's data: where to go once registered.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterPage {
    return_to: String,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        Loaded::ok(RegisterPage { return_to })
    })
}
