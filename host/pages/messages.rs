//! /messages: the notifications, plus for a signed-in shopper (session cookie) their upcoming
//! orders and their food bank's notes, as GET /messages answers them, so the page has its content
//! without JavaScript. Not public: a shopper's list must never be shared through the render cache.
use super::{LoadCtx, LoadFuture, Loaded, Page, failure_status};
use crate::{
    model::content::Message,
    service::{accounts, content::messages_for},
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "messages", patterns: &["/messages"], public: false, cache_query: &[], load, action: None };

/// The messages, or `error` when they failed to load.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum MessagesPage {
    Loaded { messages: Vec<Message> },
    Failed { error: bool },
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let state = &ctx.state;
        let user = ctx.shopper.map(|s| s.id);
        // The app asks for the messages of the shopper's own food bank (their profile's default).
        let food_bank = match user {
            Some(id) => accounts::profile(state, id).await.ok().and_then(|p| p.default_food_bank).map(|b| b.code),
            None => None,
        };
        match messages_for(state, food_bank.as_deref(), user, ctx.lang).await {
            Ok(messages) => Loaded::ok(MessagesPage::Loaded { messages }),
            Err(error) => Loaded::with_status(failure_status(&error, "messages"), MessagesPage::Failed { error: true }),
        }
    })
}
