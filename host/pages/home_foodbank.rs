//! /home/foodbank?zip=|lat=&lng=: the food bank serving a place (same search as
//! GET /api/v1/foodbanks/locations) with its info cards, or the not-available message.
use super::{LoadCtx, LoadFuture, Loaded, Page, home::info_sections, pantries::center};
use crate::api::foodbanks::food_banks_serving;
use axum::http::StatusCode;
use serde_json::json;

pub const PAGE: Page = Page { id: "home-foodbank", patterns: &["/home/foodbank"], public: true, load };

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let zip = ctx.query.get("zip").cloned().unwrap_or_default();
        let query = if zip.is_empty() {
            format!("lat={}&lng={}", ctx.query.get("lat").map_or("", |s| s), ctx.query.get("lng").map_or("", |s| s))
        } else {
            format!("zip={zip}")
        };
        let at = match center(&ctx.query) {
            Some(Ok(at)) => at,
            Some(Err(_)) => return Loaded::ok(json!({ "status": "badZip", "zip": zip, "query": query })),
            None => return Loaded::ok(json!({ "status": "noLocation", "zip": zip, "query": query })),
        };
        match food_banks_serving(&ctx.state, at).await {
            Ok(banks) => {
                let Some(bank) = banks.into_iter().next() else {
                    return Loaded::ok(json!({ "status": "none", "zip": zip, "query": query }));
                };
                let sections = if bank.food_bank.is_enabled {
                    info_sections(&ctx.state, Some(&bank.food_bank.code)).await
                } else {
                    Vec::new()
                };
                Loaded::ok(json!({ "status": "ok", "zip": zip, "query": query, "foodBank": bank, "infoSections": sections }))
            }
            Err(error) => {
                tracing::warn!(?error, "home/foodbank: search failed");
                Loaded { status: StatusCode::SERVICE_UNAVAILABLE, data: json!({ "status": "error", "zip": zip, "query": query }), json_ld: Vec::new() }
            }
        }
    })
}
