//! /account/forgot-password: the e-mail form. The app sends it to POST /api/v1/user/reset; before
//! (or without) JavaScript it posts here, and `?sent=true` is the page saying the mail is on its way.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::service::password_reset::send_reset;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "forgot-password",
    patterns: &["/account/forgot-password"],
    public: false,
    cache_query: &[],
    load,
    action: Some(action),
};

/// Whether the page shows the request as sent (after the form posted without JavaScript).
#[derive(Serialize, ToSchema)]
pub struct ForgotPasswordPage {
    sent: bool,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { Loaded::ok(ForgotPasswordPage { sent: ctx.query.get("sent").is_some_and(|v| v == "true") }) })
}

/// Mails the link as POST /user/reset does. The address stays out of the URL it redirects to.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let email = ctx.form.text("email").to_owned();
        match send_reset(&ctx.state, &ctx.ip, ctx.lang, &email).await {
            Ok(()) => Acted::to("/account/forgot-password?sent=true"),
            Err(error) => Acted::refused(error).keeping(vec![("email", email)]),
        }
    })
}
