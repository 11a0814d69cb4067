//! The order area (spec §2): /account/orders, /account/orders/{orderId} with its Cancel Order page,
//! and /account/orders/{orderId}/location. The list comes with the signed-in shopper's orders (from
//! the session cookie), so it is useful without JavaScript; signed out it is the sign-in prompt.
//! An order's screens load after hydration: their loaders pass the order id on, and an id that
//! cannot be one is Not Found at once.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::service::orders;
use axum::http::StatusCode;
use serde_json::{Value, json};

pub const LIST: Page = Page { id: "orders", patterns: &["/account/orders"], public: false, load: list };

pub const ORDER: Page = Page { id: "order", patterns: &["/account/orders/{orderId}"], public: false, load: summary };

/// The Cancel Order page is the order page's other view.
pub const CANCEL: Page =
    Page { id: "order", patterns: &["/account/orders/{orderId}/cancel"], public: false, load: cancel };

pub const LOCATION: Page =
    Page { id: "order-location", patterns: &["/account/orders/{orderId}/location"], public: false, load: location };

fn list(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else { return Loaded::ok(json!({})) };
        match orders::list(&ctx.state, shopper.id).await {
            Ok(list) => Loaded::ok(json!({ "orders": list })),
            // The page still works: the app loads the orders itself after hydration.
            Err(error) => {
                tracing::warn!(%error, "order history rendered without the shopper's orders");
                Loaded::ok(json!({}))
            }
        }
    })
}

/// The id as the API takes it (a positive 64-bit integer), else None.
fn order_id(ctx: &LoadCtx) -> Option<i64> {
    ctx.params.get("orderId").and_then(|s| s.parse::<i64>().ok()).filter(|id| *id > 0)
}

fn with_id(ctx: &LoadCtx, mut data: Value) -> Loaded {
    match order_id(ctx) {
        Some(id) => {
            data["orderId"] = json!(id.to_string());
            Loaded::ok(data)
        }
        None => Loaded::with_status(StatusCode::NOT_FOUND, data),
    }
}

fn summary(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { with_id(&ctx, json!({ "orderId": null, "view": "summary" })) })
}

fn cancel(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { with_id(&ctx, json!({ "orderId": null, "view": "cancel" })) })
}

fn location(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { with_id(&ctx, json!({ "orderId": null })) })
}

#[cfg(test)]
mod tests {
    use crate::pages::PageTable;

    #[test]
    fn order_routes_resolve_to_their_pages() {
        let table = PageTable::default();
        assert_eq!(table.resolve("/account/orders").0.id, "orders");
        assert_eq!(table.resolve("/account/orders/12").0.id, "order");
        assert_eq!(table.resolve("/account/orders/12/cancel").0.id, "order");
        assert_eq!(table.resolve("/account/orders/12/location").0.id, "order-location");
        assert_eq!(table.resolve("/account/orders/12/other").0.id, "not-found");
    }
}
