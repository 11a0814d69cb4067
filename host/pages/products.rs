//! The shop: a pantry's (or delivery window's) inventory as a visitor sees it, with its food bank. The selection lives
//! in the browser, so the URL carries it (`?pantry={id}` or `?delivery={deliveryTimeId}`); the
//! component refetches with the shopper's token after hydration for their own effective limits.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    db::Scope,
    model::locations::InventoryItem,
    service::{
        self,
        shop::{Site, shop as load_shop},
    },
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

/// `?{key}=`: None when absent, Err when present but not an id (then the address names nothing).
fn id_param(ctx: &LoadCtx, key: &str) -> Result<Option<i64>, std::num::ParseIntError> {
    ctx.query.get(key).map(|v| v.parse()).transpose()
}

/// Shared by the shop and product pages: a failed load still renders, with `error` set; an
/// unknown or malformed site answers 404.
pub(super) async fn shop(ctx: &LoadCtx) -> Shop {
    let failed = |status| Shop { status, data: json!({ "error": true }), items: Vec::new(), scopes: Vec::new() };
    let site = match (id_param(ctx, "pantry"), id_param(ctx, "delivery")) {
        (Ok(Some(id)), _) => Site::Pantry(id),
        (Ok(None), Ok(Some(id))) => Site::Delivery(id),
        (Ok(None), Ok(None)) => {
            return Shop { status: StatusCode::OK, data: json!({}), items: Vec::new(), scopes: Vec::new() };
        }
        _ => return failed(StatusCode::NOT_FOUND),
    };
    match load_shop(&ctx.state, site, ctx.lang).await {
        Ok(mut shop) => {
            let items = std::mem::take(&mut shop.items);
            let scopes = std::mem::take(&mut shop.scopes);
            Shop { status: StatusCode::OK, data: json!(shop), items, scopes }
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
        let mut data = shop.data;
        data["items"] = json!(shop.items);
        Loaded::with_status(shop.status, data).showing(shop.scopes)
    })
}
