//! The limits that apply at a pantry or delivery window (GET /limits/...): as stored, the past
//! orders they count, and whether the shopper may place another order now.
use super::{
    Context, Error, Result,
    shop::{Site, site_facts},
};
use crate::{
    domain::{
        messages,
        order_limits::{OrderLimitCheck, check_order_limits},
    },
    model::locations::{Limit, LimitOrder},
};

/// Every limit set on the pantry (or the delivery window's program) and its food bank, as stored
/// (`GET /limits/locations/{id}`, `/limits/deliverytimes/{id}`).
pub async fn site_limits(state: &Context, site: Site) -> Result<Vec<Limit>> {
    let facts = site_facts(state, site).await?;
    Ok(state.store.site_limits(&facts).await?.iter().map(Limit::from).collect())
}

/// The user's non-cancelled orders at the pantry, newest first (the orders its limits count).
pub async fn pantry_orders(state: &Context, user_id: i64, id: i64) -> Result<Vec<LimitOrder>> {
    let facts =
        state.store.pantry_facts(id).await?.ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    let rows = state.store.limit_orders(user_id, Some(facts.pantry.id), None).await?;
    Ok(rows.into_iter().map(LimitOrder::from).collect())
}

/// The user's non-cancelled orders at the food bank, newest first.
pub async fn food_bank_orders(state: &Context, user_id: i64, id: i64) -> Result<Vec<LimitOrder>> {
    let fb = state.store.food_bank(id).await?.ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?;
    let rows = state.store.limit_orders(user_id, None, Some(fb.id)).await?;
    Ok(rows.into_iter().map(LimitOrder::from).collect())
}

/// Whether the user may place another order at the pantry (or in the delivery window's program)
/// now: its and its food bank's orders-per-period limits, as Place Order enforces them.
pub async fn order_check(state: &Context, user_id: i64, site: Site) -> Result<OrderLimitCheck> {
    let facts = site_facts(state, site).await?;
    let limits = state.store.order_limits(user_id, &facts).await?;
    Ok(check_order_limits(&limits, state.clock.now(), facts.tz()))
}

/// Whether the user may place another order at the food bank now (its own limits).
pub async fn food_bank_order_check(state: &Context, user_id: i64, id: i64) -> Result<OrderLimitCheck> {
    let fb = super::places::food_bank(state, id).await?;
    let tz = fb.time_zone.parse().unwrap_or(chrono_tz::UTC);
    let limits = state.store.food_bank_order_limits(user_id, fb.id).await?;
    Ok(check_order_limits(&limits, state.clock.now(), tz))
}
