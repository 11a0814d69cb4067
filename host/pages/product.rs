//! One product of the shop (`/products/{productId}?pantry=…`): the same load as the shop page,
//! narrowed to the inventory item, so the stepper knows the visitor's limit.
use super::{
    LoadCtx, LoadFuture, Loaded, Page,
    products::{ShopSite, shop},
};
use crate::model::locations::InventoryItem;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page { id: "product", patterns: &["/products/{productId}"], public: true, load, action: None };

/// The product page: the shop's site as the shop page has it, the item (null when the site has
/// no such product) and the id the address names.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductPage {
    #[serde(flatten)]
    #[schema(value_type = ShopSite)]
    site: Option<ShopSite>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    error: bool,
    item: Option<InventoryItem>,
    product_id: Option<i64>,
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        // An id that is no product id names no product: the Not Found page, whatever the pantry.
        let Some(product_id) = ctx.params.get("productId").and_then(|v| v.parse::<i64>().ok()) else {
            return Loaded::not_found();
        };
        let shop = shop(&ctx).await;
        // An unknown site names nothing; an unknown product at a known site keeps its own page.
        if shop.status == StatusCode::NOT_FOUND {
            return Loaded::not_found();
        }
        let item = shop.items.into_iter().find(|i| i.id == product_id);
        let status = if shop.status == StatusCode::OK && item.is_none() && shop.site.is_some() {
            StatusCode::NOT_FOUND
        } else {
            shop.status
        };
        let data = ProductPage { site: shop.site, error: shop.error, item, product_id: Some(product_id) };
        Loaded::with_status(status, data).showing(shop.scopes)
    })
}
