//! /account/update-password/{token}/{code}: the link of the reset mail. The page only echoes the
//! link's parts; the browser checks them through GET /api/v1/user/password/validate, so a wrong
//! code counts against the token's attempts only when a person actually opens the link.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "update-password", patterns: &["/account/update-password/{token}/{code}"], public: false, load };

/// The reset link's parts, as the URL spells them (unchecked).
#[derive(Serialize, ToSchema)]
pub struct UpdatePasswordPage {
    token: String,
    code: String,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let part = |name: &str| ctx.params.get(name).cloned().unwrap_or_default();
        Loaded::ok(UpdatePasswordPage { token: part("token"), code: part("code") })
    })
}
