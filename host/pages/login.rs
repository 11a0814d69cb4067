//! /account/login: the form needs nothing from the server but the query, echoed so the
//! server HTML already shows the expired-session variant.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page, SessionChange};
use crate::{model::account::LoginBody, service::sessions::log_in};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "login", patterns: &["/account/login"], public: false, cache_query: &[], load, action: Some(action) };

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

/// The form sent before (or without) JavaScript: signed in as `POST /account/login` signs in, then
/// on to returnTo with the session cookie. The device-side steps of the app's sign-in (remember
/// me, claiming the codes kept on the device) need the app, so they wait for the next sign-in there.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let email = ctx.form.text("email").to_owned();
        let body = LoginBody { username: email.clone(), password: ctx.form.text("password").to_owned() };
        match log_in(&ctx.state, ctx.client(), body).await {
            Ok(session) => {
                let to = ctx.query.get("returnTo").cloned().unwrap_or_else(|| "/".into());
                Acted::Redirect { to, session: SessionChange::Set(session) }
            }
            Err(error) => Acted::refused(error).keeping(vec![("email", email)]),
        }
    })
}
