//! One product of the shop (`/products/{productId}?pantry=…`): the same load as the shop page,
//! narrowed to the inventory item, so the stepper knows the visitor's limit.
use super::{LoadCtx, LoadFuture, Loaded, Page, products::shop};
use axum::http::StatusCode;
use serde_json::json;

pub const PAGE: Page = Page { id: "product", patterns: &["/products/{productId}"], public: true, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let product: Option<i64> = ctx.params.get("productId").and_then(|v| v.parse().ok());
        let shop = shop(&ctx).await;
        // An unknown site names nothing; an unknown product at a known site keeps its own page.
        if shop.status == StatusCode::NOT_FOUND {
            return Loaded::not_found();
        }
        let item = shop.items.into_iter().find(|i| Some(i.id) == product);
        let status = if shop.status == StatusCode::OK && item.is_none() && shop.data.get("orderLimit").is_some() {
            StatusCode::NOT_FOUND
        } else {
            shop.status
        };
        let mut data = shop.data;
        data["item"] = json!(item);
        data["productId"] = json!(product);
        Loaded::with_status(status, data).showing(shop.scopes)
    })
}
