//! The shop: a pantry's (or delivery window's) inventory as a visitor sees it, with its food bank. The selection lives
//! in the browser, so the URL carries it (`?pantry={id}` or `?delivery={deliveryTimeId}`); the
//! component refetches with the shopper's token after hydration for their own effective limits.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    api::{
        ApiError,
        auth::MaybeUser,
        foodbanks::delivery_items,
        locations::{categories_in, pantry_detail, pantry_items},
    },
    db::Scope,
    domain::limits::OrderSizeLimit,
    model::locations::{InventoryItem, Limit},
    state::AppState,
};
use axum::http::StatusCode;
use serde_json::{Value, json};

pub const PAGE: Page = Page { id: "products", patterns: &["/products"], public: true, load };

/// What the shop knows without the shopper: the site, its items, categories and order-size limit.
pub(super) struct Shop {
    pub status: StatusCode,
    pub data: Value,
    pub items: Vec<InventoryItem>,
    /// What the data came from (see `Loaded::scopes`).
    pub scopes: Vec<Scope>,
}

/// The data a shop shows, its items and where they came from.
type ShopLoad = (Value, Vec<InventoryItem>, Vec<Scope>);

/// `?{key}=`: None when absent, Err when present but not an id (then the address names nothing).
fn id_param(ctx: &LoadCtx, key: &str) -> Result<Option<i64>, std::num::ParseIntError> {
    ctx.query.get(key).map(|v| v.parse()).transpose()
}

fn order_limit(limits: &[Limit]) -> Value {
    let domain: Vec<_> = limits.iter().filter_map(Limit::to_domain).collect();
    json!(OrderSizeLimit::from_limits(&domain))
}

async fn load_shop(
    state: &AppState,
    pantry: Option<i64>,
    delivery: Option<i64>,
    lang: crate::catalog::Lang,
) -> Result<ShopLoad, ApiError> {
    let anonymous = || MaybeUser(None);
    let (site, items, limits, mut scopes) = if let Some(id) = pantry {
        let site = pantry_detail(state, id).await?;
        let items = pantry_items(state, id, anonymous()).await?;
        let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
        let limits = state.store.pantry_limits(&facts.pantry).await?;
        let scopes = vec![Scope::Pantry(id), Scope::PantryStock(id), Scope::FoodBank(facts.pantry.food_bank_id)];
        (json!({ "foodBank": site.food_bank, "pantry": site }), items, limits, scopes)
    } else if let Some(id) = delivery {
        let items = delivery_items(state, id, anonymous()).await?;
        let facts = state.store.delivery_facts(id).await?.ok_or_else(|| ApiError::not_found("Delivery time"))?;
        let limits = state.store.delivery_limits(&facts.time).await?;
        let food_bank = state.store.food_bank(facts.time.food_bank_id).await?;
        let scopes = vec![
            Scope::DeliveryProgram(facts.time.entity_delivery_program_id),
            Scope::FoodBank(facts.time.food_bank_id),
        ];
        (json!({ "deliveryTimeId": id, "foodBank": food_bank }), items, limits, scopes)
    } else {
        return Ok((json!({}), Vec::new(), Vec::new()));
    };
    scopes.push(Scope::Catalog);
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let categories = categories_in(lang, state.store.categories_of(&ids).await?);
    let mut data = site;
    data["categories"] = json!(categories);
    data["orderLimit"] = order_limit(&limits);
    Ok((data, items, scopes))
}

/// Shared by the shop and product pages: a failed load still renders, with `error` set; an
/// unknown or malformed site answers 404.
pub(super) async fn shop(ctx: &LoadCtx) -> Shop {
    let (Ok(pantry), Ok(delivery)) = (id_param(ctx, "pantry"), id_param(ctx, "delivery")) else {
        return Shop {
            status: StatusCode::NOT_FOUND,
            data: json!({ "error": true }),
            items: Vec::new(),
            scopes: Vec::new(),
        };
    };
    match load_shop(&ctx.state, pantry, delivery, ctx.lang).await {
        Ok((data, items, scopes)) => Shop { status: StatusCode::OK, data, items, scopes },
        Err(e) => {
            let status = if matches!(e, ApiError::NotFound(_)) {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::INTERNAL_SERVER_ERROR
            };
            Shop { status, data: json!({ "error": true }), items: Vec::new(), scopes: Vec::new() }
        }
    }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let shop = shop(&ctx).await;
        if shop.status == StatusCode::NOT_FOUND {
            return Loaded::not_found();
        }
        let mut data = shop.data;
        data["items"] = json!(shop.items);
        Loaded::with_status(shop.status, data).showing(shop.scopes)
    })
}
