//! The shop: a pantry's or delivery window's items as a shopper (or a visitor) sees them,
//! with its site, categories and order-size limit (GET /locations/{id}[/pickuptimes|/inventory|
//! /categories], /deliverytimes/{id}/inventory and the /products and /products/{id} pages).
use super::{Context, Error, Result, places::with_valid_times, shapes};
use crate::{
    catalog::Lang,
    db::{
        Scope,
        repo::{
            inventory::CategoryRow,
            shopping::{PantryFacts, SiteFacts},
        },
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
use serde::Serialize;

/// An active pantry of an enabled food bank, with its valid pickup times.
pub async fn pantry(state: &Context, id: i64) -> Result<PantryLocation> {
    let now = state.clock.now();
    let site = state
        .store
        .pantry_site(id, now)
        .await?
        .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    Ok(with_valid_times(site, now))
}

/// Whether `id` names a product some shop shows (the product page, when no site is named).
pub async fn product_exists(state: &Context, id: i64) -> Result<bool> {
    Ok(state.store.inventory_item_exists(id).await?)
}

/// What the rules read of the site; NotFound when the pantry or delivery window is gone,
/// inactive or of a disabled food bank.
pub(super) async fn site_facts(state: &Context, site: Site) -> Result<SiteFacts> {
    Ok(match site {
        Site::Pantry(id) => SiteFacts::Pickup(
            state
                .store
                .pantry_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?,
        ),
        Site::Delivery(id) => SiteFacts::Delivery(
            state
                .store
                .delivery_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?,
        ),
    })
}

/// The site's items as the shopper `user_id` (None: a visitor) sees them: TEFAP ones only when
/// eligible, each with its effective limits against the shopper's past orders (none for a
/// visitor). A delivery window that has started still answers, so a cart can be checked
/// against it; ordering re-checks the time.
pub async fn items(state: &Context, site: Site, user_id: Option<i64>) -> Result<Vec<InventoryItem>> {
    Ok(listed_at(state, &site_facts(state, site).await?, user_id).await?.items)
}

/// The site's items as `user_id` sees them, with the categories they are in, named in `lang`, in
/// display order (the shop's section headings, GET /locations/{id}/categories).
pub async fn categories(state: &Context, site: Site, user_id: Option<i64>, lang: Lang) -> Result<Vec<Category>> {
    Ok(listed_at(state, &site_facts(state, site).await?, user_id).await?.categories(lang))
}

/// The items a shopper sees, and the categories of their rows (read with them, not again).
struct Listed {
    items: Vec<InventoryItem>,
    categories: Vec<CategoryRow>,
}

impl Listed {
    fn categories(&self, lang: Lang) -> Vec<Category> {
        self.categories
            .iter()
            .map(|c| Category {
                name: crate::infra::localize::name_in(lang, c.name.clone()),
                ..Category::from(c.clone())
            })
            .collect()
    }
}

async fn listed_at(state: &Context, site: &SiteFacts, user_id: Option<i64>) -> Result<Listed> {
    let past_orders = match user_id {
        Some(u) => state.store.past_orders(u, site.food_bank_id()).await?,
        None => Vec::new(),
    };
    let tefap_eligible = state.store.tefap_eligible(user_id, &site.tefap_area(), state.clock.now()).await?;
    let rows = state.store.inventory_items(site).await?;
    let (now, tz) = (state.clock.now(), site.tz());
    let rows: Vec<_> = rows.into_iter().filter(|row| row.line.is_visible(tefap_eligible)).collect();
    // Display order, as the repository orders a row's own: by sort order, then id.
    let mut categories: Vec<CategoryRow> = rows.iter().flat_map(|row| row.categories.iter().cloned()).collect();
    categories.sort_by_key(|c| (c.sort_order, c.id));
    categories.dedup_by_key(|c| c.id);
    let items = rows
        .into_iter()
        .map(|row| {
            let limits = item_limits(row.line.stocked(), &past_orders, now, tz);
            shapes::inventory_item(row, limits)
        })
        .collect();
    Ok(Listed { items, categories })
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
    let facts = state.store.shop(&site_facts(state, site).await?, user_id, state.clock.now()).await?;
    let ctx = ShoppingContext {
        inventory: &facts.inventory,
        past_orders: &facts.past_orders,
        tefap_eligible: facts.tefap_eligible,
        now: state.clock.now(),
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

/// The shop at `site` for a visitor, each row read once: a pantry's detail (its address, photos
/// and pickup times) is also what the rules read of it.
pub async fn shop(state: &Context, site: Site, lang: Lang) -> Result<Shop> {
    let now = state.clock.now();
    let (facts, food_bank, pantry, delivery_time_id, mut scopes) = match site {
        Site::Pantry(id) => {
            let row = state
                .store
                .pantry_site(id, now)
                .await?
                .ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
            let facts = SiteFacts::Pickup(PantryFacts::from(&row));
            let pantry = with_valid_times(row, now);
            let scopes = vec![Scope::Pantry(id), Scope::PantryStock(id), Scope::FoodBank(pantry.food_bank_id)];
            (facts, Some(pantry.food_bank.clone()), Some(pantry), None, scopes)
        }
        Site::Delivery(id) => {
            let delivery = state
                .store
                .delivery_facts(id)
                .await?
                .ok_or_else(|| Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND))?;
            let time = &delivery.time;
            let food_bank = state.store.food_bank(time.food_bank_id).await?.map(FoodBank::from);
            let scopes =
                vec![Scope::DeliveryProgram(time.entity_delivery_program_id), Scope::FoodBank(time.food_bank_id)];
            (SiteFacts::Delivery(delivery), food_bank, None, Some(id), scopes)
        }
    };
    // Neither waits for the other (each is a query of its own): the page's load is their longest.
    let (listed, limits) = tokio::try_join!(listed_at(state, &facts, None), async {
        state.store.order_size_limits(&facts).await.map_err(Error::from)
    })?;
    scopes.push(Scope::Catalog);
    Ok(Shop {
        food_bank,
        pantry,
        delivery_time_id,
        categories: listed.categories(lang),
        order_limit: OrderSizeLimit::from_limits(&limits),
        items: listed.items,
        scopes,
    })
}

/// The food bank's delivery windows that are still valid (later than now), soonest first.
pub async fn delivery_times(state: &Context, food_bank_id: i64) -> Result<Vec<DeliveryTime>> {
    let now = state.clock.now();
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
    let eligible = state.store.tefap_eligible(user_id, &area, state.clock.now()).await?;
    let rows = state.store.inventory_overview(fb.id, eligible).await?;
    Ok(rows.into_iter().map(InventoryOverviewEntry::from).collect())
}
