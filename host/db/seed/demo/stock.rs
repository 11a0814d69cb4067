//! What the demo's pantries and delivery programs hold: inventory (about 70 % of the products at
//! each pantry, delivery stock for Central Ohio) and limits of every scope and owner.
use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{inventory_item, inventory_item_subcategory, limit};
use super::super::demo_data::{FOOD_BANKS, PRODUCT_LIMITS, PRODUCTS, Product};
use super::super::{insert_batched, mix};
use super::Seeding;
use super::catalog::{Catalog, product_index};
use super::food_banks::Sites;
use super::schedule::Schedule;
use crate::domain::{
    inventory::Source,
    limits::{LimitScope, LimitType},
};

/// The seeded inventory rows by where they are and the product's index in `PRODUCTS`.
pub(super) type InventoryAt = HashMap<(StockAt, usize), i64>;

pub(super) async fn seed_inventory<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
    catalog: &Catalog,
    schedule: &Schedule,
) -> Result<InventoryAt, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let tefap_banks: Vec<&str> = FOOD_BANKS.iter().filter(|f| f.is_tefap_enabled).map(|f| f.code).collect();
    let mut stock = Vec::new();
    let mut stock_links = Vec::new();
    let mut inventory_at: HashMap<(StockAt, usize), i64> = HashMap::new();
    let main_library = sites.main_library().id;
    let (coh_id, _) = sites.banks["COH"];
    let Catalog { category_ids, product_ids } = catalog;
    for (pi, row) in sites.pantries.iter().enumerate() {
        let is_main = row.id == main_library;
        let tefap_ok = tefap_banks.contains(&row.food_bank_code);
        for (j, p) in PRODUCTS.iter().enumerate() {
            if p.tefap && !tefap_ok {
                continue;
            }
            if p.name == "Whole Turkey" && row.food_bank_code != "COH" {
                continue;
            }
            let h = mix(pi as u64, j as u64);
            if !is_main && h % 100 >= 70 {
                continue;
            }
            let r = mix(pi as u64 + 7_000, j as u64) % 100;
            let quantity = if is_main {
                // The Main Library has everything in stock, except two items that show
                // "Out of stock" in the demo.
                if matches!(p.name, "Frozen Blueberries" | "Bottled Water") { 0 } else { 10 + (r as i32 % 40) }
            } else if r < 6 {
                0
            } else if r < 15 {
                1 + (r as i32 % 3)
            } else {
                5 + (r as i32 % 56)
            };
            let id = sd.id("inventory_items").await?;
            inventory_at.insert((StockAt::Pantry(row.id), j), id);
            stock.push(inventory_row(id, product_ids[j], Some(row.id), None, None, quantity, p, tefap_ok, h, now));
            stock_links.push(inventory_item_subcategory::ActiveModel {
                inventory_item_id: Set(id),
                subcategory_id: Set(category_ids[p.category]),
            });
        }
    }
    // Delivery stock: the home-delivery program, plus a few items for every COH program.
    for (j, p) in PRODUCTS.iter().enumerate() {
        let h = mix(9_999, j as u64);
        let forced = matches!(p.name, "Long Grain White Rice" | "Dry Black Beans" | "Gala Apples");
        let program = if forced || h % 100 < 55 {
            Some(schedule.home_delivery)
        } else if h % 100 < 65 {
            None
        } else {
            continue;
        };
        let quantity = 20 + (h % 80) as i32;
        let id = sd.id("inventory_items").await?;
        inventory_at.insert((StockAt::Delivery(program), j), id);
        stock.push(inventory_row(id, product_ids[j], None, Some(coh_id), program, quantity, p, true, h, now));
        stock_links.push(inventory_item_subcategory::ActiveModel {
            inventory_item_id: Set(id),
            subcategory_id: Set(category_ids[p.category]),
        });
    }
    sd.summary.inventory_items = stock.len();
    insert_batched(db, stock).await?;
    insert_batched(db, stock_links).await?;
    Ok(inventory_at)
}

/// Limits: every time scope, per product, per inventory item, ITEM and ORDER.
pub(super) async fn seed_limits<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
    catalog: &Catalog,
    schedule: &Schedule,
    inventory_at: &InventoryAt,
) -> Result<(), DbErr> {
    let (db, now) = (sd.db, sd.now);
    let main_library = sites.main_library().id;
    let (coh_id, _) = sites.banks["COH"];
    let (home_delivery, senior_delivery) = (schedule.home_delivery, schedule.senior_delivery);
    let product_ids = &catalog.product_ids;
    let mut limits = Vec::new();
    let mut limit_specs: Vec<(i32, &str, i32, &str, LimitOwner)> = Vec::new();
    for &(name, value, scope, amount) in PRODUCT_LIMITS {
        let owner = LimitOwner::Product(product_ids[product_index(name)]);
        limit_specs.push((value, scope, amount, LimitType::Quantity.code(), owner));
    }
    // An inventory-item limit that is tighter than the product's: apples at the Main Library.
    let apples_main = inventory_at[&(StockAt::Pantry(main_library), product_index("Gala Apples"))];
    limit_specs.push((2, LimitScope::Order.code(), 1, LimitType::Quantity.code(), LimitOwner::Inventory(apples_main)));
    // Items-per-order limits (type ITEM, scope ORDER).
    let parsons = sites.pantries.iter().find(|r| r.label.ends_with("Parsons Branch")).expect("Parsons").id;
    let (chi_id, _) = sites.banks["CHI"];
    let (den_id, _) = sites.banks["DEN"];
    limit_specs.push((30, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::FoodBank(coh_id)));
    limit_specs.push((15, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::Pantry(parsons)));
    limit_specs.push((20, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::Program(home_delivery)));
    limit_specs.push((25, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::FoodBank(chi_id)));
    // Orders-per-period limits (type ORDER).
    limit_specs.push((2, LimitScope::Week.code(), 1, LimitType::Order.code(), LimitOwner::FoodBank(chi_id)));
    limit_specs.push((1, LimitScope::Week.code(), 1, LimitType::Order.code(), LimitOwner::FoodBank(den_id)));
    limit_specs.push((4, LimitScope::Month.code(), 1, LimitType::Order.code(), LimitOwner::Program(senior_delivery)));
    for (value, scope, amount, kind, owner) in limit_specs {
        let id = sd.id("limits").await?;
        limits.push(limit_row(id, value, scope, amount, kind, owner, now - Duration::days(100)));
    }
    sd.summary.limits = limits.len();
    insert_batched(db, limits).await?;
    Ok(())
}

fn limit_row(
    id: i64,
    value: i32,
    scope: &str,
    amount: i32,
    kind: &str,
    owner: LimitOwner,
    created: DateTime<Utc>,
) -> limit::ActiveModel {
    let mut row = limit::ActiveModel {
        id: Set(id),
        value: Set(value),
        time_scope_amount: Set(amount),
        time_scope_code: Set(scope.into()),
        limit_type_code: Set(kind.into()),
        pantry_item_id: Set(None),
        inventory_item_id: Set(None),
        pantry_location_id: Set(None),
        food_bank_id: Set(None),
        delivery_program_id: Set(None),
        created_at: Set(created),
    };
    match owner {
        LimitOwner::Product(x) => row.pantry_item_id = Set(Some(x)),
        LimitOwner::Inventory(x) => row.inventory_item_id = Set(Some(x)),
        LimitOwner::Pantry(x) => row.pantry_location_id = Set(Some(x)),
        LimitOwner::FoodBank(x) => row.food_bank_id = Set(Some(x)),
        LimitOwner::Program(x) => row.delivery_program_id = Set(Some(x)),
    }
    row
}

/// Where an inventory row is: at a pantry, or delivery stock of a program (None = every
/// program of the food bank).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum StockAt {
    Pantry(i64),
    Delivery(Option<i64>),
}

enum LimitOwner {
    Product(i64),
    Inventory(i64),
    Pantry(i64),
    FoodBank(i64),
    Program(i64),
}

/// The low-stock level of the demo pantries' items.
const DEMO_LOW_AT: i32 = 6;

#[allow(clippy::too_many_arguments)]
fn inventory_row(
    id: i64,
    pantry_item_id: i64,
    pantry_location_id: Option<i64>,
    food_bank_id: Option<i64>,
    delivery_program_id: Option<i64>,
    quantity: i32,
    p: &Product,
    tefap_ok: bool,
    h: u64,
    now: DateTime<Utc>,
) -> inventory_item::ActiveModel {
    let source = if p.tefap && tefap_ok {
        Source::Tefap.code()
    } else if h.is_multiple_of(3) {
        Source::Purchased.code()
    } else {
        Source::Donated.code()
    };
    let created = now - Duration::days((h % 30) as i64 + 1);
    inventory_item::ActiveModel {
        id: Set(id),
        pantry_item_id: Set(pantry_item_id),
        pantry_location_id: Set(pantry_location_id),
        food_bank_id: Set(food_bank_id),
        delivery_program_id: Set(delivery_program_id),
        quantity: Set(quantity),
        weight_pounds: Set(p.weight_pounds),
        source_code: Set(Some(source.into())),
        is_active: Set(true),
        // A pantry's shelves have a low-stock level, so Today's "running low" shows in the demo.
        low_at: Set(pantry_location_id.map(|_| DEMO_LOW_AT)),
        created_at: Set(created),
        updated_at: Set(created),
    }
}
