//! What more than one page shows, so that pages share it here rather than import each other: the
//! shop's site (the shop and product pages), the home page's info sections (home, its modal and
//! the food bank page) and the searched point (the pantry list and the food bank page).
use super::{LoadCtx, failure_status};
use crate::{
    catalog::Lang,
    db::Scope,
    domain::limits::OrderSizeLimit,
    geo::GeoPoint,
    model::{
        content::InfoCard,
        locations::{Category, FoodBank, InventoryItem, PantryLocation},
    },
    service::{
        self, Context,
        places::{point, zip_point},
        shop::Site,
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

/// What the shop knows of its site without the shopper: a pantry or a delivery window, its food
/// bank, its categories and its order-size limit. A page without a site has none of these, so the
/// document calls every field optional: pages flatten `Option<ShopSite>` into their data.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopSite {
    food_bank: Option<ShopFoodBank>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pantry: Option<ShopPantry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    delivery_time_id: Option<i64>,
    #[schema(required = false)]
    categories: Vec<Category>,
    #[schema(required = false)]
    order_limit: OrderLimit,
}

/// The food bank as the shop names it (the TEFAP prompt's text) and whether it offers the
/// prompt: its address, zone and links are the food bank page's.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopFoodBank {
    id: i64,
    name: String,
    #[serde(rename = "isTEFAPEnabled")]
    is_tefap_enabled: bool,
}

impl From<FoodBank> for ShopFoodBank {
    fn from(bank: FoodBank) -> Self {
        Self { id: bank.id, name: bank.name, is_tefap_enabled: bank.is_tefap_enabled }
    }
}

/// The pantry as the shop names it (its banner, its links): its schedule and photos are the
/// pantry page's.
#[derive(Serialize, ToSchema)]
pub struct ShopPantry {
    id: i64,
    label: String,
}

impl From<PantryLocation> for ShopPantry {
    fn from(pantry: PantryLocation) -> Self {
        Self { id: pantry.id, label: pantry.label }
    }
}

/// The per-order item limit (spec §5) and its message.
#[derive(Serialize, ToSchema)]
pub struct OrderLimit {
    /// None when no ITEM-type limit applies.
    limit: Option<i64>,
    message: String,
}

/// The shop at the site the URL names (`?pantry={id}` or `?delivery={deliveryTimeId}`), for a visitor.
pub enum SiteShop {
    /// The URL names no site.
    NoSite,
    /// The URL names a site that is not there, or an id that cannot be one: the Not Found page.
    Unknown,
    /// The site did not load: the page renders with its `error`, in this status.
    Failed(StatusCode),
    Found {
        site: Box<ShopSite>,
        items: Vec<InventoryItem>,
        scopes: Vec<Scope>,
    },
}

/// A row id as the API takes one (a positive 64-bit integer), from an address or a form field.
/// The photo forms' refusals (`http::files` sends their codes back in `?photoError=`).
const PHOTO_REFUSALS: [&crate::domain::refusal::RefusalKind; 8] = [
    &crate::domain::messages::PHOTO_TOO_LARGE,
    &crate::domain::messages::PHOTO_WRONG_TYPE,
    &crate::domain::messages::PHOTO_UNREADABLE,
    &crate::domain::messages::PHOTO_MISSING,
    &crate::domain::messages::PHOTO_TOO_MANY_PIXELS,
    &crate::domain::messages::SHARED_PRODUCT,
    &crate::domain::messages::PRODUCT_OF_THE_FOOD_BANK,
    &crate::domain::messages::SERVER_BUSY,
];

/// The photo form's refusal code a 303 back named, if it is one of theirs.
pub fn photo_refusal(query: &HashMap<String, String>) -> Option<String> {
    let code = query.get("photoError")?;
    PHOTO_REFUSALS.iter().find(|k| k.code == code).map(|k| k.code.to_owned())
}

pub fn row_id(text: &str) -> Option<i64> {
    text.parse::<i64>().ok().filter(|id| *id > 0)
}

/// `?{key}=`: None when absent, Err when present but not an id (then the address names nothing).
fn id_param(ctx: &LoadCtx, key: &str) -> Result<Option<i64>, std::num::ParseIntError> {
    ctx.query.get(key).map(|v| v.parse()).transpose()
}

pub async fn site_shop(ctx: &LoadCtx, page: &'static str) -> SiteShop {
    let site = match (id_param(ctx, "pantry"), id_param(ctx, "delivery")) {
        (Ok(Some(id)), _) => Site::Pantry(id),
        (Ok(None), Ok(Some(id))) => Site::Delivery(id),
        (Ok(None), Ok(None)) => return SiteShop::NoSite,
        _ => return SiteShop::Unknown,
    };
    match service::shop::shop(&ctx.state, site, ctx.lang).await {
        Ok(service::shop::Shop { food_bank, pantry, delivery_time_id, categories, order_limit, items, scopes }) => {
            let OrderSizeLimit { limit, message } = order_limit;
            let order_limit = OrderLimit { limit, message };
            let pantry = pantry.map(ShopPantry::from);
            let food_bank = food_bank.map(ShopFoodBank::from);
            let site = Box::new(ShopSite { food_bank, pantry, delivery_time_id, categories, order_limit });
            SiteShop::Found { site, items, scopes }
        }
        Err(service::Error::NotFound(_)) => SiteShop::Unknown,
        Err(error) => SiteShop::Failed(failure_status(&error, page)),
    }
}

/// A section of info cards; `id` is the section's, or "general" for cards without one.
#[derive(Clone, Serialize, ToSchema)]
pub struct InfoSection {
    pub id: String,
    /// None when the section's title is hidden, and for the general section.
    pub title: Option<String>,
    pub cards: Vec<HomeCard>,
}

/// An info card as the home page shows it (the card opens its modal by `id`).
#[derive(Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeCard {
    pub id: String,
    pub title: String,
    pub summary: Option<String>,
    pub image_url: Option<String>,
    pub action_button_text: Option<String>,
    pub modal_title: Option<String>,
    pub modal_content: Option<String>,
}

/// The general info cards, plus a food bank's (same store call and sanitising as GET
/// /api/v1/content/infocards), grouped into their sections in display order; cards without a
/// section form a last, untitled one.
pub async fn info_sections(
    state: &Context,
    food_bank_code: Option<&str>,
    lang: Lang,
) -> service::Result<Vec<InfoSection>> {
    let cards = service::content::info_cards(state, food_bank_code, lang).await?;
    let mut sections: Vec<(Option<i64>, InfoSection)> = Vec::new();
    for card in cards {
        let key = card.section.as_ref().map(|s| s.id);
        if sections.last().map(|(k, _)| *k) != Some(key) {
            let title = card.section.as_ref().filter(|s| !s.hide_title).map(|s| s.name.clone());
            let id = key.map_or_else(|| "general".to_owned(), |k| k.to_string());
            sections.push((key, InfoSection { id, title, cards: Vec::new() }));
        }
        sections.last_mut().expect("pushed above").1.cards.push(home_card(card));
    }
    Ok(sections.into_iter().map(|(_, s)| s).collect())
}

/// [`info_sections`], or none when they failed to load: spec §2, when content fails the page still
/// shows its hero card and search.
pub async fn info_sections_or_none(state: &Context, food_bank_code: Option<&str>, lang: Lang) -> Vec<InfoSection> {
    match info_sections(state, food_bank_code, lang).await {
        Ok(sections) => sections,
        Err(error) => {
            tracing::warn!(%error, "info cards failed to load; the page shows none");
            Vec::new()
        }
    }
}

fn home_card(c: InfoCard) -> HomeCard {
    // The card's first picture (the demo's are static/img/cards/*.svg, which the service worker
    // keeps once seen); a card without one, or with something other than a path, shows none.
    let image_url = c.images[0].as_str().map(str::to_owned);
    HomeCard {
        id: c.id.to_string(),
        title: c.title,
        summary: c.description,
        image_url,
        action_button_text: c.action_button_text,
        modal_title: c.modal_title,
        modal_content: c.modal_content,
    }
}

/// The searched point from `zip`, or from `lat` and `lng`; Err(zip) when the zip is unknown.
pub fn center(q: &HashMap<String, String>) -> Option<Result<GeoPoint, String>> {
    if let Some(zip) = q.get("zip").map(|z| z.trim()).filter(|z| !z.is_empty()) {
        return Some(zip_point(zip).map_err(|_| zip.to_owned()));
    }
    let lat = q.get("lat")?.parse::<f64>().ok()?;
    let lng = q.get("lng")?.parse::<f64>().ok()?;
    point(lat, lng).ok().map(Ok)
}
