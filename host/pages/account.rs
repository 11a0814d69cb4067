//! /account (Account Details): for a signed-in shopper (session cookie), their profile and saved
//! addresses, as GET /account/profile and /account/addresses answer them, so the page shows them
//! without JavaScript; signed out, the heading and a Log In link.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page, SessionChange};
use crate::{
    model::account::{Profile, SavedAddress},
    service::accounts,
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "account", patterns: &["/account"], public: false, load, action: Some(action) };

/// The shopper's profile and addresses; both absent when signed out or when they failed to load.
#[derive(Serialize, ToSchema, Default)]
pub struct AccountPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    profile: Option<Profile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    addresses: Option<Vec<SavedAddress>>,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else { return Loaded::ok(AccountPage::default()) };
        let state = &ctx.state;
        match tokio::try_join!(accounts::profile(state, shopper.id), accounts::saved_addresses(state, shopper.id)) {
            Ok((profile, addresses)) => Loaded::ok(AccountPage { profile: Some(profile), addresses: Some(addresses) }),
            // The page still works: the app loads the account itself after hydration.
            Err(error) => {
                tracing::warn!(%error, "account page rendered without the shopper's data");
                Loaded::ok(AccountPage::default())
            }
        }
    })
}

/// Log Out sent before (or without) JavaScript: the session cookie goes, as POST /account/logout
/// drops it, and the shopper lands on home like the app's sign-out.
fn action(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        match ctx.form.text(super::INTENT) {
            // As `POST /account/logout`: the session ends on every host, not only in this browser.
            "signOut" => match ctx.session_token.as_deref() {
                Some(token) => match crate::service::accounts::sign_out(&ctx.state, token).await {
                    Ok(()) => Acted::Redirect { to: "/".into(), session: SessionChange::Clear },
                    Err(error) => Acted::refused(error),
                },
                None => Acted::Redirect { to: "/".into(), session: SessionChange::Clear },
            },
            _ => Acted::refused(crate::service::Error::Invalid("Unknown form.".into())),
        }
    })
}
