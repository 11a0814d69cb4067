//! The shop: a pantry's or delivery window's items as a shopper (or a visitor) sees them,
//! with its site, categories and order-size limit (GET /locations/{id}[/pickuptimes|/inventory|
//! /categories], /deliverytimes/{id}/inventory and the /products and /products/{id} pages).
use super::{Context, Error, Result, places::with_valid_times, shapes};
use crate::{
    catalog::Lang,
    db::{
        Scope, now,
        repo::{inventory::InventoryRow, shopping::ShopFacts},
    },
    domain::{
        cart::{self, CartLine, ShoppingContext},
        delivery::valid_delivery_times,
        limits::{OrderSizeLimit, item_limits},
        messages,
        tefap::TefapArea,
    },
    model::{
        locations::{Category, DeliveryTime, FoodBank, InventoryItem, InventoryOverviewEntry, PantryLocation},
        orders::{CartCheckResult, CartRemoval},
    },
};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// An active pantry of an enabled food bank, with its valid pickup times.
pub async fn pantry(state: &Context, id: i64) -> Result<PantryLocation> {
    let now = now();
    let site = state
        .store
        .pantry_site(id, now)
        .await?
        .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    Ok(with_valid_times(site, now))
}

/// The items the shopper may see (TEFAP ones only when eligible), each with its
/// effective limits against the shopper's past orders (none for a visitor).
fn visible_items(rows: Vec<InventoryRow>, shop: &ShopFacts, now: DateTime<Utc>) -> Vec<InventoryItem> {
    rows.into_iter()
        .filter(|row| row.line.is_visible(shop.tefap_eligible))
        .map(|row| {
            let limits = item_limits(row.line.stocked(), &shop.past_orders, now, shop.tz);
            shapes::inventory_item(row, limits)
        })
        .collect()
}

/// What the item rules need of the shopper at `food_bank_id`: their past orders there and
/// whether they may see TEFAP items in `area`.
async fn shopper_facts(
    state: &Context,
    user_id: Option<i64>,
    food_bank_id: i64,
    area: &crate::domain::tefap::TefapArea,
    tz: chrono_tz::Tz,
) -> Result<ShopFacts> {
    Ok(ShopFacts {
        inventory: Vec::new(),
        past_orders: match user_id {
            Some(u) => state.store.past_orders(u, food_bank_id).await?,
            None => Vec::new(),
        },
        order_limits: Vec::new(),
        tefap_eligible: state.store.tefap_eligible(user_id, area).await?,
        tz,
    })
}

/// The pantry's items as the shopper `user_id` (None: a visitor) sees them.
pub async fn pantry_items(state: &Context, id: i64, user_id: Option<i64>) -> Result<Vec<InventoryItem>> {
    let facts =
        state.store.pantry_facts(id).await?.ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    let shop = shopper_facts(state, user_id, facts.pantry.food_bank_id, &facts.tefap_area(), facts.tz).await?;
    let items = state.store.pantry_inventory_items(id).await?;
    Ok(visible_items(items, &shop, now()))
}

/// What a delivery window offers, as the shopper `user_id` sees it. Windows that have started
/// still answer, so a cart can be checked against them; ordering re-checks the time.
pub async fn delivery_items(state: &Context, id: i64, user_id: Option<i64>) -> Result<Vec<InventoryItem>> {
    let facts =
        state.store.delivery_facts(id).await?.ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
    let shop = shopper_facts(state, user_id, facts.time.food_bank_id, &facts.tefap_area(), facts.tz).await?;
    let items = state.store.delivery_inventory_items(&facts.time).await?;
    Ok(visible_items(items, &shop, now()))
}

/// The categories of `items`, named in `lang`, in display order (the shop's section headings).
pub async fn categories(state: &Context, items: &[InventoryItem], lang: Lang) -> Result<Vec<Category>> {
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let list = state.store.categories_of(&ids).await?;
    Ok(list
        .into_iter()
        .map(|c| Category { name: crate::infra::localize::name_in(lang, c.name.clone()), ..Category::from(c) })
        .collect())
}

/// The cart check for the shopper `user_id` at `site`: the units that must leave the cart, and
/// why (`domain::cart::check_cart`, the rule orders are placed by), and where the cart stands
/// against the site's order-size limit (the cart and shop screens show it as it changes).
pub async fn check_cart(
    state: &Context,
    site: Site,
    user_id: Option<i64>,
    lines: &[CartLine],
    with_limits: bool,
) -> Result<CartCheckResult> {
    let facts = match site {
        Site::Pantry(id) => {
            let pantry = state
                .store
                .pantry_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
            state.store.pickup_shop(&pantry, user_id).await?
        }
        Site::Delivery(id) => {
            let time = state
                .store
                .delivery_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
            state.store.delivery_shop(&time, user_id).await?
        }
    };
    let ctx = ShoppingContext {
        inventory: &facts.inventory,
        past_orders: &facts.past_orders,
        tefap_eligible: facts.tefap_eligible,
        now: now(),
        tz: facts.tz,
    };
    let removed = cart::check_cart(lines, &ctx, with_limits)
        .into_iter()
        .map(|(line, short)| CartRemoval {
            inventory_item_id: line.inventory_item_id,
            quantity: line.quantity,
            reason: short.reason,
            effective_limit: short.limit,
        })
        .collect();
    let order_limit = OrderSizeLimit::from_limits(&facts.order_limits);
    let units = lines.iter().map(|l| l.quantity).sum();
    Ok(CartCheckResult { removed, order_limit_status: order_limit.status(units), order_limit })
}

/// Where a shop is: a pantry, or a delivery window.
#[derive(Debug, Clone, Copy)]
pub enum Site {
    Pantry(i64),
    Delivery(i64),
}

/// A shop as a visitor sees it: the shop page's data (the app refetches the items with the
/// shopper's token after hydration, for their own effective limits).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Shop {
    pub food_bank: Option<FoodBank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pantry: Option<PantryLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delivery_time_id: Option<i64>,
    pub categories: Vec<Category>,
    pub order_limit: OrderSizeLimit,
    pub items: Vec<InventoryItem>,
    /// What the data came from (the page cache's scopes).
    #[serde(skip)]
    pub scopes: Vec<Scope>,
}

/// The shop at `site` for a visitor.
pub async fn shop(state: &Context, site: Site, lang: Lang) -> Result<Shop> {
    let (food_bank, pantry, delivery_time_id, items, limits, mut scopes) = match site {
        Site::Pantry(id) => {
            let pantry = self::pantry(state, id).await?;
            let items = pantry_items(state, id, None).await?;
            let facts = state
                .store
                .pantry_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
            let limits = state.store.pantry_order_size_limits(&facts.pantry).await?;
            let scopes = vec![Scope::Pantry(id), Scope::PantryStock(id), Scope::FoodBank(facts.pantry.food_bank_id)];
            (Some(pantry.food_bank.clone()), Some(pantry), None, items, limits, scopes)
        }
        Site::Delivery(id) => {
            let items = delivery_items(state, id, None).await?;
            let facts = state
                .store
                .delivery_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
            let limits = state.store.delivery_order_size_limits(&facts.time).await?;
            let food_bank = state.store.food_bank(facts.time.food_bank_id).await?.map(FoodBank::from);
            let scopes = vec![
                Scope::DeliveryProgram(facts.time.entity_delivery_program_id),
                Scope::FoodBank(facts.time.food_bank_id),
            ];
            (food_bank, None, Some(id), items, limits, scopes)
        }
    };
    scopes.push(Scope::Catalog);
    let categories = categories(state, &items, lang).await?;
    Ok(Shop {
        food_bank,
        pantry,
        delivery_time_id,
        categories,
        order_limit: OrderSizeLimit::from_limits(&limits),
        items,
        scopes,
    })
}

/// The food bank's delivery windows that are still valid (later than now), soonest first.
pub async fn delivery_times(state: &Context, food_bank_id: i64) -> Result<Vec<DeliveryTime>> {
    let now = now();
    let schedule = state
        .store
        .delivery_schedule(food_bank_id, now)
        .await?
        .ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?;
    Ok(valid_delivery_times(&schedule.times, now, schedule.tz).iter().map(DeliveryTime::from).collect())
}

/// One entry per product the food bank has on hand, by category, with its TEFAP stock only for a
/// caller who is TEFAP-eligible in the food bank's area.
pub async fn food_bank_overview(
    state: &Context,
    food_bank_id: i64,
    user_id: Option<i64>,
) -> Result<Vec<InventoryOverviewEntry>> {
    let fb = super::places::food_bank(state, food_bank_id).await?;
    let area = TefapArea::delivery(fb.id, Some(fb.address.province.clone()), Some(fb.address.postal_code.clone()));
    let eligible = state.store.tefap_eligible(user_id, &area).await?;
    let rows = state.store.inventory_overview(fb.id, eligible).await?;
    Ok(rows.into_iter().map(InventoryOverviewEntry::from).collect())
}
