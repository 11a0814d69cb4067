//! One product of the shop (`/products/{productId}?pantry=…`): the same load as the shop page,
//! narrowed to the inventory item, so the stepper knows the visitor's limit.
use super::{
    LoadCtx, LoadFuture, Loaded, Page, failure_status,
    shared::{ShopSite, SiteShop, site_shop},
};
use crate::model::locations::InventoryItem;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "product",
    patterns: &["/products/{productId}"],
    public: true,
    cache_query: &["pantry", "delivery"],
    load,
    action: None,
};

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
        let page = |site, error, item| ProductPage { site, error, item, product_id: Some(product_id) };
        match site_shop(&ctx, "product").await {
            // No site: the app finds the cart's; an id no shop has is Not Found all the same.
            SiteShop::NoSite => match crate::service::shop::product_exists(&ctx.state, product_id).await {
                Ok(true) => Loaded::ok(page(None, false, None)),
                Ok(false) => Loaded::not_found(),
                Err(error) => Loaded::with_status(failure_status(&error, "product"), page(None, true, None)),
            },
            // An unknown site names nothing; an unknown product at a known site keeps its own page.
            SiteShop::Unknown => Loaded::not_found(),
            SiteShop::Failed(status) => Loaded::with_status(status, page(None, true, None)),
            SiteShop::Found { site, items, scopes } => {
                let item = items.into_iter().find(|i| i.id == product_id).map(|i| i.in_language(ctx.lang));
                let status = if item.is_some() { StatusCode::OK } else { StatusCode::NOT_FOUND };
                Loaded::with_status(status, page(Some(*site), false, item)).showing(scopes)
            }
        }
    })
}
