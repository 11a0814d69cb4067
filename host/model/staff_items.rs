//! A pantry's items as its staff keep them (`/staff/items`, `/api/v1/staff/items`): the list, the
//! form that adds or edits one (a product of the food bank's catalog or a new one), hiding and
//! showing, and the product's photo.
use crate::domain::Id;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Something to choose: a pantry, a unit, a category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Named {
    pub id: Id,
    pub name: String,
}

/// One item of the pantry: its stock row and its product.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffItem {
    /// The stock row (inventory item): what the shop lists.
    pub id: Id,
    pub product_id: Id,
    pub name: String,
    /// The Spanish name; the English one shows where it is missing.
    pub name_es: Option<String>,
    /// Size, in `unit`.
    pub amount: Option<f64>,
    pub unit_id: Option<Id>,
    pub unit: Option<String>,
    pub category_id: Option<Id>,
    pub category: Option<String>,
    /// `TEFAP`, `DONATED`, `PURCHASED` or none.
    pub source: Option<String>,
    /// Shown in the shop (false: hidden).
    pub active: bool,
    pub quantity: i32,
    /// The product's first photo (a path of this site).
    pub photo: Option<String>,
    /// The product is the shared catalog's: its name, size and photo are kept there.
    pub shared: bool,
}

/// A product of the food bank's catalog.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogProduct {
    pub id: Id,
    pub name: String,
    pub shared: bool,
}

/// The items page: the caller's pantries, the chosen one's items, and the form's choices.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffItems {
    /// By name.
    pub pantries: Vec<Named>,
    pub pantry_id: Id,
    /// Active first, then by name.
    pub items: Vec<StaffItem>,
    /// The products an item can be added from, by name.
    pub catalog: Vec<CatalogProduct>,
    pub units: Vec<Named>,
    pub categories: Vec<Named>,
}

/// Adds an item (`POST`) or edits one (`PUT`). With `productId`, the catalog's product (its name,
/// size and unit are ignored for a shared product); without it a new product of the food bank.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemForm {
    /// The pantry (adding only; editing keeps the item's).
    #[serde(default)]
    pub pantry_id: Option<Id>,
    #[serde(default)]
    pub product_id: Option<Id>,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 200)]
    pub name_es: Option<String>,
    #[serde(default)]
    pub amount: Option<f64>,
    #[serde(default)]
    pub unit_id: Option<Id>,
    #[serde(default)]
    pub category_id: Option<Id>,
    /// `TEFAP`, `DONATED`, `PURCHASED`, or none.
    #[serde(default)]
    #[schema(max_length = 20)]
    pub source: Option<String>,
}

/// Shows (`true`) or hides an item in the shop.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemActive {
    pub active: bool,
}
