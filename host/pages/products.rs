//! The shop: a pantry's (or delivery window's) inventory as a visitor sees it, with its food bank. The selection lives
//! in the browser, so the URL carries it (`?pantry={id}` or `?delivery={deliveryTimeId}`); the
//! component refetches with the shopper's token after hydration for their own effective limits.
use super::{
    LoadCtx, LoadFuture, Loaded, Page,
    shared::{ShopSite, SiteShop, site_shop},
};
use crate::model::locations::InventoryItem;
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

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let empty = |error| ShopPage { site: None, error, items: Vec::new() };
        match site_shop(&ctx, "products").await {
            SiteShop::NoSite => Loaded::ok(empty(false)),
            SiteShop::Unknown => Loaded::not_found(),
            SiteShop::Failed(status) => Loaded::with_status(status, empty(true)),
            SiteShop::Found { site, items, scopes } => {
                Loaded::ok(ShopPage { site: Some(*site), error: false, items }).showing(scopes)
            }
        }
    })
}
