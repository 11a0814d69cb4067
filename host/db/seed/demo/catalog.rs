//! What the demo offers: shop categories, products and their photos.
use std::collections::HashMap;

use chrono::Duration;
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{attachment, pantry_item, subcategory};
use super::super::demo_data::{CATEGORIES, PRODUCTS};
use super::super::insert_batched;
use super::super::reference::{PACKAGE_TYPES, UNITS};
use super::Seeding;
use super::pictures::{picture, product_pictures};

/// The seeded categories by name, and product ids in `PRODUCTS` order.
pub(super) struct Catalog {
    pub(super) category_ids: HashMap<&'static str, i64>,
    pub(super) product_ids: Vec<i64>,
}

/// The position of a product in `PRODUCTS` (and so in [`Catalog::product_ids`]).
pub(super) fn product_index(name: &str) -> usize {
    PRODUCTS.iter().position(|p| p.name == name).unwrap_or_else(|| panic!("product {name}"))
}

/// Seeds the catalogue, and inserts the pantries' photos (`pantry_photos`) before the products'.
pub(super) async fn seed_catalog<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    pantry_photos: Vec<attachment::ActiveModel>,
) -> Result<Catalog, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let mut category_ids: HashMap<&'static str, i64> = HashMap::new();
    let mut categories = Vec::new();
    for (i, &(name, image)) in CATEGORIES.iter().enumerate() {
        let id = sd.id("subcategories").await?;
        category_ids.insert(name, id);
        categories.push(subcategory::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            sort_order: Set(i as i32 + 1),
            image_url: Set(Some(picture("categories", image))),
        });
    }
    insert_batched(db, categories).await?;
    sd.summary.categories = CATEGORIES.len();

    let unit_id = |name: &str| UNITS.iter().position(|u| *u == name).map(|i| i as i64 + 1);
    let package_id = |name: &str| PACKAGE_TYPES.iter().position(|u| *u == name).map(|i| i as i64 + 1);
    let mut product_ids = Vec::new();
    let mut products = Vec::new();
    let mut photos = Vec::new();
    for p in PRODUCTS {
        let id = sd.id("pantry_items").await?;
        product_ids.push(id);
        products.push(pantry_item::ActiveModel {
            id: Set(id),
            food_bank_id: Set(None),
            name: Set(p.name.into()),
            name_es: Set(None),
            description: Set(Some(p.description.into())),
            amount: Set(p.amount),
            each_quantity: Set(p.each_quantity),
            unit_of_measure_id: Set(p.unit.and_then(unit_id)),
            donation_package_type_id: Set(package_id(p.package)),
            created_at: Set(now - Duration::days(200)),
        });
        for (seq, path) in product_pictures(p.name).into_iter().enumerate() {
            photos.push(attachment::ActiveModel {
                id: Set(sd.id("attachments").await?),
                storage_path: Set(path),
                sequence_number: Set(seq as i32),
                pantry_location_id: Set(None),
                pantry_item_id: Set(Some(id)),
            });
        }
    }
    insert_batched(db, products).await?;
    insert_batched(db, pantry_photos).await?;
    insert_batched(db, photos).await?;
    sd.summary.products = PRODUCTS.len();
    Ok(Catalog { category_ids, product_ids })
}
