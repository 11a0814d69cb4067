//! /cart/confirmation/{orderId}: the order belongs to the signed-in shopper, whose token only the
//! browser holds, so it is fetched after hydration; the server passes the id on.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "confirmation",
    patterns: &["/cart/confirmation", "/cart/confirmation/{orderId}"],
    public: false,
    cache_query: &[],
    load,
    action: None,
};

/// The confirmation's data: the order the address names, as the URL spells it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmationPage {
    order_id: Option<String>,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        // An id the API could not name an order by is the Not Found page, not a confirmation.
        match ctx.params.get("orderId") {
            None => Loaded::ok(ConfirmationPage { order_id: None }),
            Some(id) if id.parse::<i64>().is_ok_and(|id| id > 0) => {
                Loaded::ok(ConfirmationPage { order_id: Some(id.clone()) })
            }
            Some(_) => Loaded::not_found(),
        }
    })
}
