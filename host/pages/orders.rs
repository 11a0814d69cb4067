//! The order area (spec §2): /account/orders, /account/orders/{orderId} with its Cancel Order page,
//! and /account/orders/{orderId}/location. The list comes with the signed-in shopper's orders (from
//! the session cookie), so it is useful without JavaScript; signed out it is the sign-in prompt.
//! An order's screens load after hydration: their loaders pass the order id on, and an id that
//! cannot be one is Not Found at once.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    model::{
        locations::{DeliveryTime, PickupTime},
        orders::Order,
    },
    service::orders::{self, TimesOffered},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const LIST: Page =
    Page { id: "orders", patterns: &["/account/orders"], public: false, cache_query: &[], load: list, action: None };

pub const ORDER: Page = Page {
    id: "order",
    patterns: &["/account/orders/{orderId}"],
    public: false,
    cache_query: &[],
    load: summary,
    action: None,
};

/// The Cancel Order page is the order page's other view.
pub const CANCEL: Page = Page {
    id: "order",
    patterns: &["/account/orders/{orderId}/cancel"],
    public: false,
    cache_query: &[],
    load: cancel,
    action: Some(confirm_cancel),
};

/// Change time without JavaScript: the times the order may move to, as a list to choose from (once
/// the app runs, the order page's time pickers do this in a dialog).
pub const TIME: Page = Page {
    id: "order",
    patterns: &["/account/orders/{orderId}/time"],
    public: false,
    cache_query: &[],
    load: time,
    action: Some(change_time),
};

pub const LOCATION: Page = Page {
    id: "order-location",
    patterns: &["/account/orders/{orderId}/location"],
    public: false,
    cache_query: &[],
    load: location,
    action: None,
};

/// The order history: the shopper's orders, absent when signed out or when they failed to load.
#[derive(Serialize, ToSchema, Default)]
pub struct OrdersPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    orders: Option<Vec<Order>>,
}

/// An order's screens: the order the address names (null when it cannot be one) and the view;
/// for a signed-in shopper (session cookie) the order itself, so the page (and its Cancel Order
/// form) works without JavaScript. Absent when signed out, not theirs, or not loaded.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderPage {
    order_id: Option<String>,
    view: OrderView,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<Order>,
    /// On the Change time view: the times the order may move to.
    #[serde(skip_serializing_if = "Option::is_none")]
    times: Option<OrderTimes>,
}

#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum OrderView {
    Summary,
    Cancel,
    Time,
}

/// The times an order may move to: its pantry's pickup times or its delivery program's windows.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderTimes {
    #[serde(skip_serializing_if = "Option::is_none")]
    pickup: Option<Vec<PickupTime>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    delivery: Option<Vec<DeliveryTime>>,
}

/// The order's pickup location screen: the order the address names.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLocationPage {
    order_id: Option<String>,
}

fn list(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else { return Loaded::ok(OrdersPage::default()) };
        match orders::list(&ctx.state, shopper.id).await {
            Ok(list) => Loaded::ok(OrdersPage { orders: Some(list) }),
            // The page still works: the app loads the orders itself after hydration.
            Err(error) => {
                tracing::warn!(%error, "order history rendered without the shopper's orders");
                Loaded::ok(OrdersPage::default())
            }
        }
    })
}

/// The id as the API takes it (a positive 64-bit integer), else None.
fn order_id(params: &std::collections::HashMap<String, String>) -> Option<i64> {
    params.get("orderId").and_then(|s| super::shared::row_id(s))
}

/// The page made from the id (as a string: ids are strings in the app's URLs), 404 without one.
fn with_id<T: Serialize>(ctx: &LoadCtx, page: impl FnOnce(Option<String>) -> T) -> Loaded {
    match order_id(&ctx.params) {
        Some(id) => Loaded::ok(page(Some(id.to_string()))),
        None => Loaded::with_status(StatusCode::NOT_FOUND, page(None)),
    }
}

fn summary(ctx: LoadCtx) -> LoadFuture {
    Box::pin(order_page(ctx, OrderView::Summary))
}

fn cancel(ctx: LoadCtx) -> LoadFuture {
    Box::pin(order_page(ctx, OrderView::Cancel))
}

fn time(ctx: LoadCtx) -> LoadFuture {
    Box::pin(order_page(ctx, OrderView::Time))
}

async fn order_page(ctx: LoadCtx, view: OrderView) -> Loaded {
    let (order, times) = match (order_id(&ctx.params), ctx.shopper.as_ref()) {
        (Some(id), Some(shopper)) if view == OrderView::Time => {
            match orders::times_offered(&ctx.state, shopper.id, id).await {
                Ok((order, TimesOffered::Pickup(times))) => {
                    (Some(order), Some(OrderTimes { pickup: Some(times), delivery: None }))
                }
                Ok((order, TimesOffered::Delivery(times))) => {
                    (Some(order), Some(OrderTimes { pickup: None, delivery: Some(times) }))
                }
                Err(error) => {
                    tracing::debug!(%error, "change time page rendered without the order");
                    (None, None)
                }
            }
        }
        (Some(id), Some(shopper)) => {
            let order = orders::show(&ctx.state, shopper.id, id)
                .await
                // Not theirs, or not loaded: the app asks the API itself after hydration.
                .inspect_err(|error| tracing::debug!(%error, "order page rendered without the order"))
                .ok();
            (order, None)
        }
        _ => (None, None),
    };
    with_id(&ctx, |order_id| OrderPage { order_id, view, order, times })
}

/// Change time sent without JavaScript: the order moves as PUT /orders/{id}/pickuptime/{t} (or
/// deliverytime) moves it, then the order page shows it; refused, this page says why.
fn change_time(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let Some(id) = order_id(&ctx.params) else {
            return Acted::refused(crate::service::Error::not_found(&crate::domain::messages::ORDER_NOT_FOUND));
        };
        let Some(shopper) = ctx.shopper else {
            let back = format!("/account/orders/{id}/time");
            return Acted::to(format!("/account/login?returnTo={}", super::query_value(&back)));
        };
        let Some(time_id) = super::shared::row_id(ctx.form.text("timeId")) else {
            return Acted::refused(crate::service::Error::fields(vec![crate::domain::forms::FieldError::required(
                "timeId",
            )]));
        };
        match orders::change_to(&ctx.state, shopper.id, id, time_id).await {
            Ok(_) => Acted::to(format!("/account/orders/{id}")),
            Err(error) => Acted::refused(error),
        }
    })
}

/// Cancel Order sent before (or without) JavaScript: cancelled as DELETE /orders/{id} cancels it,
/// then the order page shows it. Signed out, the shopper logs in first and comes back here.
fn confirm_cancel(ctx: ActionCtx) -> ActionFuture {
    Box::pin(async move {
        let Some(id) = order_id(&ctx.params) else {
            return Acted::refused(crate::service::Error::not_found(&crate::domain::messages::ORDER_NOT_FOUND));
        };
        let Some(shopper) = ctx.shopper else {
            let back = format!("/account/orders/{id}/cancel");
            return Acted::to(format!("/account/login?returnTo={}", super::query_value(&back)));
        };
        match orders::cancel(&ctx.state, shopper.id, id).await {
            Ok(_) => Acted::to(format!("/account/orders/{id}")),
            Err(error) => Acted::refused(error),
        }
    })
}

fn location(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move { with_id(&ctx, |order_id| OrderLocationPage { order_id }) })
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
        assert_eq!(table.resolve("/account/orders/12/time").0.id, "order");
        assert_eq!(table.resolve("/account/orders/12/location").0.id, "order-location");
        assert_eq!(table.resolve("/account/orders/12/other").0.id, "not-found");
    }
}
