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
}

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
) -> Result<(Value, Vec<InventoryItem>), ApiError> {
    let anonymous = || MaybeUser(None);
    let (site, items, limits) = if let Some(id) = pantry {
        let site = pantry_detail(state, id).await?;
        let items = pantry_items(state, id, anonymous()).await?;
        let facts = state.store.pantry_facts(id).await?.ok_or_else(|| ApiError::not_found("Pantry location"))?;
        let limits = state.store.pantry_limits(&facts.pantry).await?;
        (json!({ "foodBank": site.food_bank, "pantry": site }), items, limits)
    } else if let Some(id) = delivery {
        let items = delivery_items(state, id, anonymous()).await?;
        let facts = state.store.delivery_facts(id).await?.ok_or_else(|| ApiError::not_found("Delivery time"))?;
        let limits = state.store.delivery_limits(&facts.time).await?;
        let food_bank = state.store.food_bank(facts.time.food_bank_id).await?;
        (json!({ "deliveryTimeId": id, "foodBank": food_bank }), items, limits)
    } else {
        return Ok((json!({}), Vec::new()));
    };
    let ids: Vec<i64> = items.iter().map(|i| i.id).collect();
    let categories = categories_in(lang, state.store.categories_of(&ids).await?);
    let mut data = site;
    data["categories"] = json!(categories);
    data["orderLimit"] = order_limit(&limits);
    Ok((data, items))
}

/// Shared by the shop and product pages: a failed load still renders, with `error` set; an
/// unknown or malformed site answers 404.
pub(super) async fn shop(ctx: &LoadCtx) -> Shop {
    let (Ok(pantry), Ok(delivery)) = (id_param(ctx, "pantry"), id_param(ctx, "delivery")) else {
        return Shop { status: StatusCode::NOT_FOUND, data: json!({ "error": true }), items: Vec::new() };
    };
    match load_shop(&ctx.state, pantry, delivery, ctx.lang).await {
        Ok((data, items)) => Shop { status: StatusCode::OK, data, items },
        Err(e) => {
            let status = if matches!(e, ApiError::NotFound(_)) {
                StatusCode::NOT_FOUND
            } else {
                StatusCode::INTERNAL_SERVER_ERROR
            };
            Shop { status, data: json!({ "error": true }), items: Vec::new() }
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
        Loaded { status: shop.status, data, json_ld: Vec::new(), not_found_page: false }
    })
}
