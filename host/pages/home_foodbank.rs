//! /home/foodbank?zip=|lat=&lng=: the food bank serving a place (same search as
//! GET /api/v1/foodbanks/locations) with its info cards, or the not-available message.
//! /home/foodbank?id=: one food bank by id, as the pantry selector introduces a site's food bank.
use super::{LoadCtx, LoadFuture, Loaded, Page, home::info_sections, pantries::center};
use crate::{
    db::Scope,
    service::places::{find_food_bank, food_banks_serving},
};
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
        if let Some(id) = ctx.query.get("id") {
            return by_id(&ctx, id.parse().ok(), query).await;
        }
        let at = match center(&ctx.query) {
            Some(Ok(at)) => at,
            Some(Err(_)) => return Loaded::ok(json!({ "status": "badZip", "zip": zip, "query": query })),
            None => return Loaded::ok(json!({ "status": "noLocation", "zip": zip, "query": query })),
        };
        match food_banks_serving(&ctx.state, at).await {
            Ok(banks) => {
                // Which food bank serves a place (or that none does) is the directory's.
                let Some(bank) = banks.into_iter().next() else {
                    return Loaded::ok(json!({ "status": "none", "zip": zip, "query": query }))
                        .showing([Scope::Directory]);
                };
                let scopes = [Scope::Directory, Scope::FoodBank(bank.food_bank.id), Scope::Content, Scope::Catalog];
                let sections = if bank.food_bank.is_enabled {
                    info_sections(&ctx.state, Some(&bank.food_bank.code), ctx.lang).await
                } else {
                    Vec::new()
                };
                Loaded::ok(
                    json!({ "status": "ok", "zip": zip, "query": query, "foodBank": bank, "infoSections": sections }),
                )
                .showing(scopes)
            }
            Err(error) => {
                tracing::warn!(?error, "home/foodbank: search failed");
                Loaded::with_status(
                    StatusCode::SERVICE_UNAVAILABLE,
                    json!({ "status": "error", "zip": zip, "query": query }),
                )
            }
        }
    })
}

async fn by_id(ctx: &LoadCtx, id: Option<i64>, query: String) -> Loaded {
    let found = match id {
        Some(id) => find_food_bank(&ctx.state, id).await,
        None => Ok(None),
    };
    match found {
        Ok(Some(bank)) => {
            let sections =
                if bank.is_enabled { info_sections(&ctx.state, Some(&bank.code), ctx.lang).await } else { Vec::new() };
            let scopes = [Scope::FoodBank(bank.id), Scope::Content, Scope::Catalog];
            Loaded::ok(json!({ "status": "ok", "zip": "", "query": query, "foodBank": bank, "infoSections": sections }))
                .showing(scopes)
        }
        Ok(None) => Loaded::with_status(StatusCode::NOT_FOUND, json!({ "status": "none", "zip": "", "query": query })),
        Err(error) => {
            tracing::warn!(?error, "home/foodbank: food bank failed to load");
            Loaded::with_status(
                StatusCode::SERVICE_UNAVAILABLE,
                json!({ "status": "error", "zip": "", "query": query }),
            )
        }
    }
}
