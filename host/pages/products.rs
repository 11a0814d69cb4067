//! The shop: a pantry's (or delivery window's) inventory as a visitor sees it, with its food bank. The selection lives
//! in the browser, so the URL carries it (`?pantry={id}` or `?delivery={deliveryTimeId}`); the
//! component refetches with the shopper's token after hydration for their own effective limits.
use super::{
    LoadCtx, LoadFuture, Loaded, Page,
    shared::{ShopSite, SiteShop, site_shop},
};
use crate::{
    domain::limits::LimitRule,
    model::locations::{AttachmentEntry, InventoryItem, Name, PantryItem},
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "products",
    patterns: &["/products"],
    public: true,
    cache_query: &["pantry", "delivery"],
    load,
    action: None,
};

/// The shop page: the site (absent when the URL names none or it failed to load, then with
/// `error`) and its items as a visitor sees them.
#[derive(Serialize, ToSchema)]
pub struct ShopPage {
    #[serde(flatten)]
    #[schema(value_type = ShopSite)]
    site: Option<ShopSite>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    error: bool,
    items: Vec<ShopItem>,
}

/// An inventory item as the shop's tiles and the cart read it (app/src/state/cart.ts keeps a
/// part of it per unit): the API's `InventoryItem` with what neither shows left out (the
/// product's description, the limits behind the effective one, the other photos, the
/// categories' names), so a full item from the API is one of these too.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopItem {
    id: i64,
    #[serde(rename = "pantryItemID")]
    pantry_item_id: i64,
    quantity: i32,
    pantry_item: ShopProduct,
    weight_pounds: f64,
    /// The product's first photo, if it has one.
    attachment_collection: Vec<AttachmentEntry>,
    effective_limit: ShopLimit,
    pantry_inventory_subcategories: Vec<ShopSubcategory>,
}

/// The effective limit as the tile and the cart word it, from its rule in the page's language
/// (app/src/lib/limits.ts): the API's English `message` is left out (an entry a cart stored
/// before rules were sent still has its own).
#[derive(Serialize, ToSchema)]
pub struct ShopLimit {
    limit: i64,
    rule: LimitRule,
}

/// The product as its tile words it ("2 x 16 oz Can").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShopProduct {
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    amount: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    each_quantity: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unit_of_measure: Option<Name>,
    #[serde(skip_serializing_if = "Option::is_none")]
    donation_package_type: Option<Name>,
}

/// A category the item is listed under (the page's `categories` name them).
#[derive(Serialize, ToSchema)]
pub struct ShopSubcategory {
    #[serde(rename = "pantrySubcategoryID")]
    pantry_subcategory_id: i64,
}

impl From<InventoryItem> for ShopItem {
    fn from(item: InventoryItem) -> Self {
        // Every field named, so a new one is a decision for the shop rather than silently sent.
        let InventoryItem {
            id,
            pantry_item_id,
            quantity,
            pantry_item,
            weight_pounds,
            mut attachment_collection,
            effective_limit,
            all_effective_limits: _,
            limits: _,
            pantry_inventory_subcategories,
            pantry_inventory_item_source: _,
            created: _,
        } = item;
        let PantryItem {
            id: _,
            name,
            name_es: _,
            description: _,
            amount,
            each_quantity,
            unit_of_measure,
            donation_package_type,
            limits: _,
        } = pantry_item;
        attachment_collection.sort_by_key(|a| a.sequence_number);
        attachment_collection.truncate(1);
        Self {
            id,
            pantry_item_id,
            quantity,
            pantry_item: ShopProduct { name, amount, each_quantity, unit_of_measure, donation_package_type },
            weight_pounds,
            attachment_collection,
            effective_limit: ShopLimit { limit: effective_limit.limit, rule: effective_limit.rule },
            pantry_inventory_subcategories: pantry_inventory_subcategories
                .into_iter()
                .map(|s| ShopSubcategory { pantry_subcategory_id: s.pantry_subcategory_id })
                .collect(),
        }
    }
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let empty = |error| ShopPage { site: None, error, items: Vec::new() };
        match site_shop(&ctx, "products").await {
            SiteShop::NoSite => Loaded::ok(empty(false)),
            SiteShop::Unknown => Loaded::not_found(),
            SiteShop::Failed(status) => Loaded::with_status(status, empty(true)),
            SiteShop::Found { site, items, scopes } => {
                let items = items.into_iter().map(|i| ShopItem::from(i.in_language(ctx.lang))).collect();
                Loaded::ok(ShopPage { site: Some(*site), error: false, items }).showing(scopes)
            }
        }
    })
}
