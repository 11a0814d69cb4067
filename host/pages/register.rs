//! /account/register: a blank profile form; only returnTo comes from the URL.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page, SessionChange};
use crate::{
    model::account::RegistrationBody,
    service::sessions::{SignUp, sign_up},
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "register",
    patterns: &["/account/register"],
    public: false,
    cache_query: &[],
    load,
    action: Some(action),
};

/// The form's data: where to go once registered; `sent`: a form posted before JavaScript named an
/// e-mail that has an account, whose owner was mailed (the address itself is never in the URL).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterPage {
    return_to: String,
    sent: bool,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let return_to = ctx.query.get("returnTo").cloned().unwrap_or_default();
        let sent = ctx.query.get("sent").is_some_and(|v| v == "true");
        Loaded::ok(RegisterPage { return_to, sent })
    })
}

/// The form sent before (or without) JavaScript, checked and saved as `POST /account` does; a
/// refusal keeps every field but the password. Unticked boxes are not sent, so they read as off.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let form = &ctx.form;
        let text = |name: &str| form.text(name).to_owned();
        let body = RegistrationBody {
            first_name: text("firstName"),
            last_name: text("lastName"),
            e_mail_address: text("email"),
            password: text("password"),
            phone_number: text("phone"),
            postal_code: form.optional("zip"),
            is_email_notification_enabled: Some(form.ticked("isEmailNotificationEnabled")),
            is_text_message_notification_enabled: Some(form.ticked("isTextMessageNotificationEnabled")),
            is_phone_call_notification_enabled: Some(form.ticked("isPhoneCallNotificationEnabled")),
            is_eligible: Some(form.ticked("isEligible")),
        };
        let ticks = |name: &'static str| (name, if form.ticked(name) { "on".to_owned() } else { String::new() });
        let kept = vec![
            ("firstName", text("firstName")),
            ("lastName", text("lastName")),
            ("email", text("email")),
            ("phone", text("phone")),
            ("zip", text("zip")),
            ticks("isEmailNotificationEnabled"),
            ticks("isTextMessageNotificationEnabled"),
            ticks("isPhoneCallNotificationEnabled"),
            ticks("isEligible"),
        ];
        match sign_up(&ctx.state, ctx.client(), ctx.lang, body).await {
            Ok(SignUp::Opened(session)) => {
                let to = ctx.query.get("returnTo").cloned().unwrap_or_else(|| "/".into());
                Acted::Redirect { to, session: SessionChange::Set(session) }
            }
            Ok(SignUp::MailSent) => Acted::to("/account/register?sent=true"),
            Err(error) => Acted::refused(error).keeping(kept),
        }
    })
}
