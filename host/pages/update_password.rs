//! /account/update-password/{token}/{code}: the link of the reset mail. The page only echoes the
//! link's parts; the browser checks them through GET /api/v1/user/password/validate, so a wrong
//! code counts against the token's attempts only when a person actually opens the link.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    model::account::{NewPasswordBody, ResetLink},
    service::password_reset::reset_password,
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "update-password",
    patterns: &["/account/update-password/{token}/{code}"],
    public: false,
    cache_query: &[],
    load,
    action: Some(action),
};

/// The reset link's parts, as the URL spells them (unchecked), and whether the password was just
/// set through it (`?updated=true`, where the form posted without JavaScript is sent on to).
#[derive(Serialize, ToSchema)]
pub struct UpdatePasswordPage {
    token: String,
    code: String,
    updated: bool,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let part = |name: &str| ctx.params.get(name).cloned().unwrap_or_default();
        let updated = ctx.query.get("updated").is_some_and(|v| v == "true");
        Loaded::ok(UpdatePasswordPage { token: part("token"), code: part("code"), updated })
    })
}

/// Sets the password as POST /user/password does; the passwords are never sent back.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let part = |name: &str| ctx.params.get(name).cloned().unwrap_or_default();
        let link = ResetLink { token: part("token"), code: part("code") };
        let body = NewPasswordBody {
            password: ctx.form.text("password").to_owned(),
            confirm_password: Some(ctx.form.text("confirm").to_owned()),
        };
        match reset_password(&ctx.state, &link, body).await {
            Ok(()) => Acted::to(format!("/account/update-password/{}/{}?updated=true", link.token, link.code)),
            Err(error) => Acted::refused(error),
        }
    })
}
