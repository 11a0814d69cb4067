//! /home/foodbank?zip=|lat=&lng=: the food bank serving a place (same search as
//! GET /api/v1/foodbanks/locations) with its info cards, or the not-available message.
//! /home/foodbank?id=: one food bank by id, as the pantry selector introduces a site's food bank.
use super::{
    LoadCtx, LoadFuture, Loaded, Page, failure_status,
    shared::{InfoSection, center, info_sections_or_none},
};
use crate::{
    db::Scope,
    model::locations::{FoodBank, NearbyFoodBank},
    service::places::{find_food_bank, food_banks_serving},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "home-foodbank",
    patterns: &["/home/foodbank"],
    public: true,
    cache_query: &["zip", "lat", "lng", "id"],
    load,
    action: None,
};

/// The food bank page: the search as given (`zip`, and `query` to link back to it), what it
/// found, and with `ok` the food bank and its info cards.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeFoodBankPage {
    status: FoodBankSearch,
    zip: String,
    query: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    food_bank: Option<ShownFoodBank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    info_sections: Option<Vec<InfoSection>>,
}

#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum FoodBankSearch {
    Ok,
    BadZip,
    NoLocation,
    /// No food bank serves the place, or the id names none.
    #[serde(rename = "none")]
    NotServed,
    Error,
}

/// From a search, with its distance and pantry count; by id, the food bank alone.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum ShownFoodBank {
    Nearby(NearbyFoodBank),
    ById(FoodBank),
}

impl HomeFoodBankPage {
    fn without_bank(status: FoodBankSearch, zip: &str, query: &str) -> Self {
        Self { status, zip: zip.to_owned(), query: query.to_owned(), food_bank: None, info_sections: None }
    }

    fn found(zip: &str, query: &str, bank: ShownFoodBank, sections: Vec<InfoSection>) -> Self {
        Self {
            food_bank: Some(bank),
            info_sections: Some(sections),
            ..Self::without_bank(FoodBankSearch::Ok, zip, query)
        }
    }
}

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
            Some(Err(_)) => return Loaded::ok(HomeFoodBankPage::without_bank(FoodBankSearch::BadZip, &zip, &query)),
            None => return Loaded::ok(HomeFoodBankPage::without_bank(FoodBankSearch::NoLocation, &zip, &query)),
        };
        match food_banks_serving(&ctx.state, at).await {
            Ok(banks) => {
                // Which food bank serves a place (or that none does) is the directory's.
                let Some(bank) = banks.into_iter().next() else {
                    return Loaded::ok(HomeFoodBankPage::without_bank(FoodBankSearch::NotServed, &zip, &query))
                        .showing([Scope::Directory]);
                };
                let scopes = [Scope::Directory, Scope::FoodBank(bank.food_bank.id), Scope::Content, Scope::Catalog];
                let sections = if bank.food_bank.is_enabled {
                    info_sections_or_none(&ctx.state, Some(&bank.food_bank.code), ctx.lang).await
                } else {
                    Vec::new()
                };
                Loaded::ok(HomeFoodBankPage::found(&zip, &query, ShownFoodBank::Nearby(bank), sections)).showing(scopes)
            }
            Err(error) => Loaded::with_status(
                failure_status(&error, "home-foodbank"),
                HomeFoodBankPage::without_bank(FoodBankSearch::Error, &zip, &query),
            ),
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
            let sections = if bank.is_enabled {
                info_sections_or_none(&ctx.state, Some(&bank.code), ctx.lang).await
            } else {
                Vec::new()
            };
            let scopes = [Scope::FoodBank(bank.id), Scope::Content, Scope::Catalog];
            Loaded::ok(HomeFoodBankPage::found("", &query, ShownFoodBank::ById(bank), sections)).showing(scopes)
        }
        Ok(None) => Loaded::with_status(
            StatusCode::NOT_FOUND,
            HomeFoodBankPage::without_bank(FoodBankSearch::NotServed, "", &query),
        ),
        Err(error) => Loaded::with_status(
            failure_status(&error, "home-foodbank"),
            HomeFoodBankPage::without_bank(FoodBankSearch::Error, "", &query),
        ),
    }
}
