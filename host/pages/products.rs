//! The shop: a pantry's (or delivery window's) inventory as a visitor sees it, with its food bank. The selection lives
//! in the browser, so the URL carries it (`?pantry={id}` or `?delivery={deliveryTimeId}`); the
//! component refetches with the shopper's token after hydration for their own effective limits.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    db::Scope,
    domain::limits::OrderSizeLimit,
    model::locations::{Category, FoodBank, InventoryItem, PantryLocation},
    service::{
        self,
        shop::{Site, shop as load_shop},
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "products", patterns: &["/products"], public: true, load, action: None };

/// The shop page: the site (absent when the URL names none or it failed to load, then with
/// `error`) and its items as a visitor sees them.
#[derive(Serialize, ToSchema)]
pub struct ShopPage {
    #[serde(flatten)]
    #[schema(value_type = ShopSite)]
    site: Option<ShopSite>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    error: bool,
    items: Vec<InventoryItem>,
}

/// What the shop knows of its site without the shopper: a pantry or a delivery window, its food
/// bank, its categories and its order-size limit. A page without a site has none of these, so the
/// document calls every field optional: pages flatten `Option<ShopSite>` into their data.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopSite {
    food_bank: Option<FoodBank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pantry: Option<PantryLocation>,
    #[serde(skip_serializing_if = "Option::is_none")]
    delivery_time_id: Option<i64>,
    #[schema(required = false)]
    categories: Vec<Category>,
    #[schema(required = false)]
    order_limit: OrderLimit,
}

/// The per-order item limit (spec §5) and its message.
#[derive(Serialize, ToSchema)]
pub struct OrderLimit {
    /// None when no ITEM-type limit applies.
    limit: Option<i64>,
    message: String,
}

impl From<OrderSizeLimit> for OrderLimit {
    fn from(OrderSizeLimit { limit, message }: OrderSizeLimit) -> Self {
        Self { limit, message }
    }
}

/// What the shop knows without the shopper: the site, its items, categories and order-size limit.
pub(super) struct Shop {
    pub status: StatusCode,
    /// None when the URL names no site or it failed to load (then `error`).
    pub site: Option<ShopSite>,
    pub error: bool,
    pub items: Vec<InventoryItem>,
    /// What the data came from (see `Loaded::scopes`).
    pub scopes: Vec<Scope>,
}

/// `?{key}=`: None when absent, Err when present but not an id (then the address names nothing).
fn id_param(ctx: &LoadCtx, key: &str) -> Result<Option<i64>, std::num::ParseIntError> {
    ctx.query.get(key).map(|v| v.parse()).transpose()
}

/// Shared by the shop and product pages: a failed load still renders, with `error` set; an
/// unknown or malformed site answers 404.
pub(super) async fn shop(ctx: &LoadCtx) -> Shop {
    let failed = |status| Shop { status, site: None, error: true, items: Vec::new(), scopes: Vec::new() };
    let site = match (id_param(ctx, "pantry"), id_param(ctx, "delivery")) {
        (Ok(Some(id)), _) => Site::Pantry(id),
        (Ok(None), Ok(Some(id))) => Site::Delivery(id),
        (Ok(None), Ok(None)) => {
            return Shop { status: StatusCode::OK, site: None, error: false, items: Vec::new(), scopes: Vec::new() };
        }
        _ => return failed(StatusCode::NOT_FOUND),
    };
    match load_shop(&ctx.state, site, ctx.lang).await {
        Ok(shop) => {
            let service::shop::Shop { food_bank, pantry, delivery_time_id, categories, order_limit, items, scopes } =
                shop;
            let site = ShopSite { food_bank, pantry, delivery_time_id, categories, order_limit: order_limit.into() };
            Shop { status: StatusCode::OK, site: Some(site), error: false, items, scopes }
        }
        Err(service::Error::NotFound(_)) => failed(StatusCode::NOT_FOUND),
        Err(error) => {
            tracing::warn!(%error, "shop page: load failed");
            failed(StatusCode::INTERNAL_SERVER_ERROR)
        }
    }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let shop = shop(&ctx).await;
        if shop.status == StatusCode::NOT_FOUND {
            return Loaded::not_found();
        }
        let data = ShopPage { site: shop.site, error: shop.error, items: shop.items };
        Loaded::with_status(shop.status, data).showing(shop.scopes)
    })
}
