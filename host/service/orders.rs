//! Reading the shopper's orders: GET /orders, /orders/{id} and /orders/{id}/items, and the
//! /account/orders page. Another shopper's order is NotFound, like one that does not exist.
//! (Placing, cancelling and changing orders stay in host/api/orders.rs for now.)
use super::{Error, Result};
use crate::{
    domain::Id,
    model::orders::{Order, OrderItem},
    state::AppState,
};

/// Every order of the shopper, as the order history lists them.
pub async fn list(state: &AppState, user_id: Id) -> Result<Vec<Order>> {
    Ok(state.store.orders_of(user_id).await?)
}

pub async fn show(state: &AppState, user_id: Id, order_id: Id) -> Result<Order> {
    state.store.order_of(user_id, order_id).await?.ok_or_else(|| Error::not_found("Order"))
}

pub async fn items(state: &AppState, user_id: Id, order_id: Id) -> Result<Vec<OrderItem>> {
    state.store.order_items_of(user_id, order_id).await?.ok_or_else(|| Error::not_found("Order"))
}
