//! /account (Account Details): for a signed-in shopper (session cookie), their profile and saved
//! addresses, as GET /account/profile and /account/addresses answer them, so the page shows them
//! without JavaScript; signed out, the heading and a Log In link.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::service::accounts;
use serde_json::json;

pub const PAGE: Page = Page { id: "account", patterns: &["/account"], public: false, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else { return Loaded::ok(json!({})) };
        let state = &ctx.state;
        match tokio::try_join!(accounts::profile(state, shopper.id), accounts::saved_addresses(state, shopper.id)) {
            Ok((profile, addresses)) => Loaded::ok(json!({ "profile": profile, "addresses": addresses })),
            // The page still works: the app loads the account itself after hydration.
            Err(error) => {
                tracing::warn!(%error, "account page rendered without the shopper's data");
                Loaded::ok(json!({}))
            }
        }
    })
}
