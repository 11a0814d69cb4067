//! /account/login: the form needs nothing from the server but the query, echoed so the
//! server HTML already shows the expired-session variant.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "login", patterns: &["/account/login"], public: false, load };

/// The form's data: where to go once signed in, and whether a session just expired.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginPage {
    return_to: String,
    expired: bool,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        let expired = ctx.query.get("expired").is_some_and(|v| v == "true");
        Loaded::ok(LoginPage { return_to, expired })
    })
}
