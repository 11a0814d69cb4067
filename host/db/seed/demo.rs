//! The demo world: see [`seed_demo`].

use std::collections::HashMap;

use chrono::{DateTime, Datelike, Duration, NaiveDate, NaiveTime, Utc, Weekday};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set};
use serde_json::json;

use super::super::entity::{
    address, attachment, county, delivery_program, delivery_time, favorite_pantry, food_bank,
    food_bank_survey_question, food_situation_answer, info_card, info_card_section, inventory_item,
    inventory_item_subcategory, limit, notification, notification_read, order, order_item, pantry_item,
    pantry_location, pickup_time, postal_code, postal_code_county, referral_code, referral_code_food_bank,
    referral_code_pantry_location, saved_address, subcategory, survey_answer, tefap_eligibility, tefap_response, user,
    user_authorized_location, user_delivery_food_bank, user_referral_code,
};
use super::demo_data::{
    CATEGORIES, COUNTIES, FOOD_BANKS, INFO_CARDS, INFO_CARDS_ES, NOTIFICATIONS, NOTIFICATIONS_ES, PANTRIES,
    POSTAL_CODES, PRODUCT_LIMITS, PRODUCTS, PRODUCTS_WITH_TWO_IMAGES, REFERRAL_CODES, RESTRICTED, SECTIONS,
    SECTIONS_ES, WITHOUT_PICKUP_TIMES, pickup_instructions,
};
use super::reference::{PACKAGE_TYPES, SURVEY_QUESTIONS, UNITS, province_id};
use super::{Ids, hm, insert_batched, local_to_utc_tz, mix, seed_reference, whole_seconds};
use crate::domain::{
    inventory::Source,
    limits::{LimitScope, LimitType},
    orders::StatusType,
};

/// E-mail of the demo shopper.
pub const DEMO_EMAIL: &str = "demo@example.org";
/// Password of the demo shopper; `seed_demo` passes it to the caller's hash function.
pub const DEMO_PASSWORD: &str = "OrderAhead!demo";
/// Pickup and delivery times are seeded for this many days from `now`.
pub const DEMO_SCHEDULE_DAYS: i64 = 14;

/// What [`seed_demo`] inserted (all zero and `skipped` if the demo was already there).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DemoSummary {
    pub skipped: bool,
    pub food_banks: usize,
    pub pantries: usize,
    pub pickup_times: usize,
    pub delivery_times: usize,
    pub products: usize,
    pub categories: usize,
    pub inventory_items: usize,
    pub limits: usize,
    pub referral_codes: usize,
    pub info_cards: usize,
    pub notifications: usize,
    pub orders: usize,
    pub demo_user_id: i64,
}

/// URL-style slug of a product or card name: "Diapers, Size 3" → "diapers-size-3".
pub(super) fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_owned()
}

/// URL of a demo picture: `dir` is products, categories, pantries or cards. The files are
/// static/img/<dir>/<name>.svg (the host serves static/x at /x), drawn by
/// app/scripts/gen-demo-images.mjs from the tables in demo_data.rs.
fn picture(dir: &str, name: &str) -> String {
    format!("/img/{dir}/{name}.svg")
}

/// A pantry's photos by its kind (library, church or community); libraries have a second one.
fn pantry_pictures(kind: &str) -> Vec<String> {
    let mut photos = vec![picture("pantries", kind)];
    if kind == "library" {
        photos.push("/img/pantries/library-2.svg".into());
    }
    photos
}

/// A product's photos: `<slug>.svg`, and `<slug>-2.svg` for PRODUCTS_WITH_TWO_IMAGES.
fn product_pictures(name: &str) -> Vec<String> {
    let mut photos = vec![picture("products", &slug(name))];
    if PRODUCTS_WITH_TWO_IMAGES.contains(&name) {
        photos.push(picture("products", &format!("{}-2", slug(name))));
    }
    photos
}

/// Every image path the demo data refers to (products, categories, pantries, info
/// cards), for whoever draws the pictures.
pub fn demo_image_paths() -> Vec<String> {
    let mut paths = Vec::new();
    for p in PRODUCTS {
        paths.extend(product_pictures(p.name));
    }
    for (_, s) in CATEGORIES {
        paths.push(picture("categories", s));
    }
    for p in PANTRIES {
        paths.extend(pantry_pictures(p.kind));
    }
    for c in INFO_CARDS {
        paths.push(picture("cards", c.image));
    }
    paths.sort();
    paths.dedup();
    paths
}

struct PantryRow {
    id: i64,
    food_bank_code: &'static str,
    tz: Tz,
    label: &'static str,
}

/// Weekly pickup pattern `n` for a local date: list of (start, end).
fn pickup_slots(pattern: usize, date: NaiveDate) -> Vec<(NaiveTime, NaiveTime)> {
    let wd = date.weekday();
    match pattern {
        // Busy: four hourly windows Monday to Friday, three on Saturday morning.
        0 => match wd {
            Weekday::Sun => vec![],
            Weekday::Sat => vec![(hm(9, 0), hm(10, 0)), (hm(10, 0), hm(11, 0)), (hm(11, 0), hm(12, 0))],
            _ => vec![(hm(9, 0), hm(10, 0)), (hm(10, 0), hm(11, 0)), (hm(13, 0), hm(14, 0)), (hm(17, 0), hm(18, 30))],
        },
        // Tuesday, Thursday, Saturday: late morning and evening.
        1 => match wd {
            Weekday::Tue | Weekday::Thu | Weekday::Sat => vec![(hm(10, 0), hm(12, 0)), (hm(17, 0), hm(19, 0))],
            _ => vec![],
        },
        // Monday, Wednesday, Friday afternoons.
        2 => match wd {
            Weekday::Mon | Weekday::Wed | Weekday::Fri => vec![(hm(14, 0), hm(16, 0))],
            _ => vec![],
        },
        // Weekdays at lunch; Wednesdays every 30 minutes through the morning.
        _ => match wd {
            Weekday::Sat | Weekday::Sun => vec![],
            Weekday::Wed => (0..6)
                .map(|k| {
                    let start = hm(9, 0) + Duration::minutes(30 * k);
                    (start, start + Duration::minutes(30))
                })
                .collect(),
            _ => vec![(hm(11, 30), hm(13, 0))],
        },
    }
}

/// Seeds the demo world (and the reference data it needs) in one write transaction.
///
/// `now` anchors every relative date (pickup times over the next 14 days, past orders,
/// notification dates). `hash_password` receives [`DEMO_PASSWORD`] and returns the
/// stored hash for [`DEMO_EMAIL`]. Does nothing if the demo food bank `COH` exists.
pub async fn seed_demo<F>(db: &DatabaseConnection, now: DateTime<Utc>, hash_password: F) -> Result<DemoSummary, DbErr>
where
    F: FnOnce(&str) -> String,
{
    let now = whole_seconds(now);
    let password_hash = hash_password(DEMO_PASSWORD);
    let txn = super::super::begin_write(db).await?;
    seed_reference(&txn).await?;
    let exists = food_bank::Entity::find().filter(food_bank::Column::Code.eq("COH")).one(&txn).await?.is_some();
    if exists {
        txn.commit().await?;
        return Ok(DemoSummary { skipped: true, ..Default::default() });
    }
    let mut ids = Ids::new();
    let summary = seed_world(&txn, &mut ids, now, password_hash).await?;
    ids.finish(&txn).await?;
    txn.commit().await?;
    Ok(summary)
}

async fn seed_world<C: ConnectionTrait>(
    db: &C,
    ids: &mut Ids,
    now: DateTime<Utc>,
    password_hash: String,
) -> Result<DemoSummary, DbErr> {
    let mut s = DemoSummary::default();

    // ---- Places: counties, ZIP codes, addresses ---------------------------------------
    let mut county_ids: HashMap<&str, i64> = HashMap::new();
    let mut counties = Vec::new();
    for &(name, state, fips) in COUNTIES {
        let id = ids.next(db, "counties").await?;
        county_ids.insert(fips, id);
        counties.push(county::ActiveModel {
            id: Set(id),
            province_id: Set(province_id(state)),
            name: Set(name.into()),
            fips: Set(Some(fips.into())),
            description: Set(None),
        });
    }
    insert_batched(db, counties).await?;
    let county_of = |state: &str, name: &str| -> Option<i64> {
        COUNTIES.iter().find(|c| c.1 == state && c.0 == name).and_then(|c| county_ids.get(c.2).copied())
    };

    let mut zip_county: HashMap<&str, Option<i64>> = HashMap::new();
    let mut zips = Vec::new();
    let mut zip_links = Vec::new();
    for &(code, city, state, county_name, lat, lng) in POSTAL_CODES {
        let id = ids.next(db, "postal_codes").await?;
        let county_id = county_of(state, county_name);
        zip_county.insert(code, county_id);
        zips.push(postal_code::ActiveModel {
            id: Set(id),
            code: Set(code.into()),
            city: Set(city.into()),
            province_id: Set(province_id(state)),
            latitude: Set(lat),
            longitude: Set(lng),
        });
        if let Some(county_id) = county_id {
            zip_links.push(postal_code_county::ActiveModel { postal_code_id: Set(id), county_id: Set(county_id) });
        }
    }
    insert_batched(db, zips).await?;
    insert_batched(db, zip_links).await?;

    let mut addresses = Vec::new();
    let address_row =
        |id: i64, line1: &str, line2: Option<&str>, city: &str, state: &str, zip: &str, at: Option<(f64, f64)>| {
            address::ActiveModel {
                id: Set(id),
                address_line1: Set(line1.into()),
                address_line2: Set(line2.map(Into::into)),
                city: Set(city.into()),
                province_id: Set(province_id(state)),
                postal_code: Set(zip.into()),
                county_id: Set(zip_county.get(zip).copied().flatten()),
                latitude: Set(at.map(|a| a.0)),
                longitude: Set(at.map(|a| a.1)),
                country_code: Set("USA".into()),
            }
        };

    // ---- Food banks and pantries ------------------------------------------------------
    let mut bank_ids: HashMap<&str, (i64, Tz)> = HashMap::new();
    let mut banks = Vec::new();
    for fb in FOOD_BANKS {
        let address_id = ids.next(db, "addresses").await?;
        addresses.push(address_row(address_id, fb.line1, None, fb.city, fb.state, fb.zip, Some((fb.lat, fb.lng))));
        let id = ids.next(db, "food_banks").await?;
        let tz: Tz = fb.time_zone.parse().expect("valid IANA zone in demo data");
        bank_ids.insert(fb.code, (id, tz));
        banks.push(food_bank::ActiveModel {
            id: Set(id),
            code: Set(fb.code.into()),
            name: Set(fb.name.into()),
            home_page_url: Set(Some(fb.home_page_url.into())),
            is_enabled: Set(fb.is_enabled),
            is_tefap_enabled: Set(fb.is_tefap_enabled),
            is_delivery_enabled: Set(fb.is_delivery_enabled),
            address_id: Set(address_id),
            time_zone: Set(fb.time_zone.into()),
            created_at: Set(now - Duration::days(400)),
        });
    }

    let mut pantries = Vec::new();
    let mut pantry_rows = Vec::new();
    let mut pantry_photos = Vec::new();
    for p in PANTRIES {
        let address_id = ids.next(db, "addresses").await?;
        addresses.push(address_row(address_id, p.line1, None, p.city, p.state, p.zip, Some((p.lat, p.lng))));
        let id = ids.next(db, "pantry_locations").await?;
        let (food_bank_id, tz) = bank_ids[p.food_bank];
        pantries.push(pantry_location::ActiveModel {
            id: Set(id),
            food_bank_id: Set(food_bank_id),
            address_id: Set(address_id),
            label: Set(p.label.into()),
            time_zone: Set(tz.name().into()),
            is_restricted: Set(RESTRICTED.contains(&p.label)),
            is_active: Set(true),
            pickup_instructions: Set(Some(pickup_instructions(p.kind).into())),
            latitude: Set(p.lat),
            longitude: Set(p.lng),
            created_at: Set(now - Duration::days(300)),
            updated_at: Set(None),
        });
        for (seq, path) in pantry_pictures(p.kind).into_iter().enumerate() {
            pantry_photos.push(attachment::ActiveModel {
                id: Set(ids.next(db, "attachments").await?),
                storage_path: Set(path),
                sequence_number: Set(seq as i32),
                pantry_location_id: Set(Some(id)),
                pantry_item_id: Set(None),
            });
        }
        pantry_rows.push(PantryRow { id, food_bank_code: p.food_bank, tz, label: p.label });
    }
    // Addresses first (foreign keys), then the rows that point at them.
    insert_batched(db, std::mem::take(&mut addresses)).await?;
    insert_batched(db, banks).await?;
    insert_batched(db, pantries).await?;
    s.food_banks = FOOD_BANKS.len();
    s.pantries = PANTRIES.len();

    // ---- Pickup times: next 14 days, local to each pantry -----------------------------
    let horizon = now + Duration::days(DEMO_SCHEDULE_DAYS);
    let mut pickups = Vec::new();
    let mut pattern_index = 0usize;
    let main_library = pantry_rows[0].id;
    let mut main_library_future: Vec<(i64, DateTime<Utc>)> = Vec::new();
    for row in &pantry_rows {
        if WITHOUT_PICKUP_TIMES.contains(&row.label) {
            continue;
        }
        let pattern = pattern_index % 4;
        pattern_index += 1;
        let today = now.with_timezone(&row.tz).date_naive();
        for day in 0..=DEMO_SCHEDULE_DAYS {
            let date = today + Duration::days(day);
            for (start, end) in pickup_slots(pattern, date) {
                let start_at = local_to_utc_tz(row.tz, date, start);
                let end_at = local_to_utc_tz(row.tz, date, end);
                if start_at <= now || start_at > horizon {
                    continue;
                }
                let id = ids.next(db, "pickup_times").await?;
                if row.id == main_library {
                    main_library_future.push((id, start_at));
                }
                pickups.push(pickup_time::ActiveModel {
                    id: Set(id),
                    pantry_location_id: Set(row.id),
                    pickup_day: Set(date),
                    pickup_start_time: Set(start),
                    pickup_end_time: Set(end),
                    start_at: Set(start_at),
                    end_at: Set(end_at),
                });
            }
        }
    }
    // Two past windows at the Main Library, for the demo shopper's order history.
    let main_tz = pantry_rows[0].tz;
    let past_pickup = |days_ago: i64, start: NaiveTime, end: NaiveTime| {
        let date = now.with_timezone(&main_tz).date_naive() - Duration::days(days_ago);
        (date, start, end, local_to_utc_tz(main_tz, date, start), local_to_utc_tz(main_tz, date, end))
    };
    let past = [past_pickup(10, hm(10, 0), hm(11, 0)), past_pickup(20, hm(13, 0), hm(14, 0))];
    let mut past_ids = Vec::new();
    for (date, start, end, start_at, end_at) in past {
        let id = ids.next(db, "pickup_times").await?;
        past_ids.push(id);
        pickups.push(pickup_time::ActiveModel {
            id: Set(id),
            pantry_location_id: Set(main_library),
            pickup_day: Set(date),
            pickup_start_time: Set(start),
            pickup_end_time: Set(end),
            start_at: Set(start_at),
            end_at: Set(end_at),
        });
    }
    s.pickup_times = pickups.len();
    insert_batched(db, pickups).await?;

    // ---- Delivery programs and windows (Central Ohio) ---------------------------------
    let (coh_id, coh_tz) = bank_ids["COH"];
    let home_delivery = ids.next(db, "delivery_programs").await?;
    let senior_delivery = ids.next(db, "delivery_programs").await?;
    insert_batched(
        db,
        vec![
            delivery_program::ActiveModel {
                id: Set(home_delivery),
                food_bank_id: Set(coh_id),
                name: Set("Franklin County Home Delivery".into()),
                is_active: Set(true),
            },
            delivery_program::ActiveModel {
                id: Set(senior_delivery),
                food_bank_id: Set(coh_id),
                name: Set("Senior Home Delivery".into()),
                is_active: Set(true),
            },
        ],
    )
    .await?;
    let mut deliveries = Vec::new();
    let mut first_home_delivery: Option<(i64, DateTime<Utc>)> = None;
    let today = now.with_timezone(&coh_tz).date_naive();
    for day in 0..=DEMO_SCHEDULE_DAYS {
        let date = today + Duration::days(day);
        let mut windows: Vec<(i64, NaiveTime, NaiveTime)> = match date.weekday() {
            Weekday::Sun => vec![],
            Weekday::Sat => vec![(home_delivery, hm(9, 0), hm(11, 0))],
            _ => vec![(home_delivery, hm(10, 0), hm(12, 0)), (home_delivery, hm(14, 0), hm(16, 0))],
        };
        if matches!(date.weekday(), Weekday::Tue | Weekday::Thu) {
            windows.push((senior_delivery, hm(13, 0), hm(15, 0)));
        }
        for (program, start, end) in windows {
            let start_at = local_to_utc_tz(coh_tz, date, start);
            if start_at <= now || start_at > horizon {
                continue;
            }
            let id = ids.next(db, "delivery_times").await?;
            if program == home_delivery && first_home_delivery.is_none() && start_at > now + Duration::days(1) {
                first_home_delivery = Some((id, start_at));
            }
            deliveries.push(delivery_time::ActiveModel {
                id: Set(id),
                food_bank_id: Set(coh_id),
                delivery_program_id: Set(program),
                delivery_day: Set(date),
                delivery_start_time: Set(start),
                delivery_end_time: Set(end),
                start_at: Set(start_at),
                end_at: Set(local_to_utc_tz(coh_tz, date, end)),
            });
        }
    }
    s.delivery_times = deliveries.len();
    insert_batched(db, deliveries).await?;

    // ---- Catalogue: categories, products, photos --------------------------------------
    let mut category_ids: HashMap<&str, i64> = HashMap::new();
    let mut categories = Vec::new();
    for (i, &(name, image)) in CATEGORIES.iter().enumerate() {
        let id = ids.next(db, "subcategories").await?;
        category_ids.insert(name, id);
        categories.push(subcategory::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            sort_order: Set(i as i32 + 1),
            image_url: Set(Some(picture("categories", image))),
        });
    }
    insert_batched(db, categories).await?;
    s.categories = CATEGORIES.len();

    let unit_id = |name: &str| UNITS.iter().position(|u| *u == name).map(|i| i as i64 + 1);
    let package_id = |name: &str| PACKAGE_TYPES.iter().position(|u| *u == name).map(|i| i as i64 + 1);
    let mut product_ids = Vec::new();
    let mut products = Vec::new();
    let mut photos = Vec::new();
    for p in PRODUCTS {
        let id = ids.next(db, "pantry_items").await?;
        product_ids.push(id);
        products.push(pantry_item::ActiveModel {
            id: Set(id),
            food_bank_id: Set(None),
            name: Set(p.name.into()),
            description: Set(Some(p.description.into())),
            amount: Set(p.amount),
            each_quantity: Set(p.each_quantity),
            unit_of_measure_id: Set(p.unit.and_then(unit_id)),
            donation_package_type_id: Set(package_id(p.package)),
            created_at: Set(now - Duration::days(200)),
        });
        for (seq, path) in product_pictures(p.name).into_iter().enumerate() {
            photos.push(attachment::ActiveModel {
                id: Set(ids.next(db, "attachments").await?),
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
    s.products = PRODUCTS.len();
    let product_index =
        |name: &str| PRODUCTS.iter().position(|p| p.name == name).unwrap_or_else(|| panic!("product {name}"));

    // ---- Inventory: ~70 % of products at each pantry; delivery stock for COH ----------
    let tefap_banks: Vec<&str> = FOOD_BANKS.iter().filter(|f| f.is_tefap_enabled).map(|f| f.code).collect();
    let mut stock = Vec::new();
    let mut stock_links = Vec::new();
    let mut inventory_at: HashMap<(StockAt, usize), i64> = HashMap::new();
    for (pi, row) in pantry_rows.iter().enumerate() {
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
            let id = ids.next(db, "inventory_items").await?;
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
            Some(home_delivery)
        } else if h % 100 < 65 {
            None
        } else {
            continue;
        };
        let quantity = 20 + (h % 80) as i32;
        let id = ids.next(db, "inventory_items").await?;
        inventory_at.insert((StockAt::Delivery(program), j), id);
        stock.push(inventory_row(id, product_ids[j], None, Some(coh_id), program, quantity, p, true, h, now));
        stock_links.push(inventory_item_subcategory::ActiveModel {
            inventory_item_id: Set(id),
            subcategory_id: Set(category_ids[p.category]),
        });
    }
    s.inventory_items = stock.len();
    insert_batched(db, stock).await?;
    insert_batched(db, stock_links).await?;

    // ---- Limits: every time scope, per product, per inventory item, ITEM and ORDER ----
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
    let parsons = pantry_rows.iter().find(|r| r.label.ends_with("Parsons Branch")).expect("Parsons").id;
    let (chi_id, _) = bank_ids["CHI"];
    let (den_id, _) = bank_ids["DEN"];
    limit_specs.push((30, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::FoodBank(coh_id)));
    limit_specs.push((15, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::Pantry(parsons)));
    limit_specs.push((20, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::Program(home_delivery)));
    limit_specs.push((25, LimitScope::Order.code(), 1, LimitType::Item.code(), LimitOwner::FoodBank(chi_id)));
    // Orders-per-period limits (type ORDER).
    limit_specs.push((2, LimitScope::Week.code(), 1, LimitType::Order.code(), LimitOwner::FoodBank(chi_id)));
    limit_specs.push((1, LimitScope::Week.code(), 1, LimitType::Order.code(), LimitOwner::FoodBank(den_id)));
    limit_specs.push((4, LimitScope::Month.code(), 1, LimitType::Order.code(), LimitOwner::Program(senior_delivery)));
    for (value, scope, amount, kind, owner) in limit_specs {
        let id = ids.next(db, "limits").await?;
        limits.push(limit_row(id, value, scope, amount, kind, owner, now - Duration::days(100)));
    }
    s.limits = limits.len();
    insert_batched(db, limits).await?;

    // ---- Referral codes -----------------------------------------------------------------
    let pantry_id =
        |label: &str| pantry_rows.iter().find(|r| r.label == label).unwrap_or_else(|| panic!("pantry {label}")).id;
    let mut code_ids: HashMap<&str, i64> = HashMap::new();
    let (mut rc, mut rc_pantries, mut rc_banks) = (Vec::new(), Vec::new(), Vec::new());
    for &(code, description, labels, banks) in REFERRAL_CODES {
        let id = ids.next(db, "referral_codes").await?;
        code_ids.insert(code, id);
        rc.push(referral_code::ActiveModel {
            id: Set(id),
            code: Set(code.into()),
            description: Set(Some(description.into())),
            is_active: Set(true),
            expires_at: Set(Some(now + Duration::days(365))),
            created_at: Set(now - Duration::days(30)),
        });
        for label in labels {
            rc_pantries.push(referral_code_pantry_location::ActiveModel {
                referral_code_id: Set(id),
                pantry_location_id: Set(pantry_id(label)),
            });
        }
        for &(bank, delivery) in banks {
            rc_banks.push(referral_code_food_bank::ActiveModel {
                referral_code_id: Set(id),
                food_bank_id: Set(bank_ids[bank].0),
                is_delivery_enabled: Set(delivery),
            });
        }
    }
    s.referral_codes = rc.len();
    insert_batched(db, rc).await?;
    insert_batched(db, rc_pantries).await?;
    insert_batched(db, rc_banks).await?;

    // ---- Content: info cards and notifications ----------------------------------------
    let mut section_ids: HashMap<&str, i64> = HashMap::new();
    let mut sections = Vec::new();
    for &(name, order, hide_title) in SECTIONS {
        let id = ids.next(db, "info_card_sections").await?;
        section_ids.insert(name, id);
        sections.push(info_card_section::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            sort_order: Set(order),
            hide_title: Set(hide_title),
            translations: Set(SECTIONS_ES
                .iter()
                .find(|(en, _)| *en == name)
                .map(|(_, es)| json!({ "es": { "name": es } }))),
        });
    }
    insert_batched(db, sections).await?;
    let mut cards = Vec::new();
    for c in INFO_CARDS {
        cards.push(info_card::ActiveModel {
            id: Set(ids.next(db, "info_cards").await?),
            section_id: Set(Some(section_ids[c.section])),
            title: Set(c.title.into()),
            images: Set(json!([picture("cards", c.image)])),
            description: Set(Some(c.description.into())),
            action_button_text: Set(c.action.map(Into::into)),
            modal_title: Set(c.modal_title.map(Into::into)),
            modal_content: Set(c.modal_content.map(Into::into)),
            sort_order: Set(c.order),
            text_color: Set(Some(c.text_color.into())),
            background_color: Set(Some(c.background_color.into())),
            food_bank_code: Set(c.food_bank.map(Into::into)),
            is_public: Set(c.is_public),
            created_at: Set(now - Duration::days(90)),
            translations: Set(INFO_CARDS_ES.iter().find(|(en, _)| *en == c.title).map(|(_, es)| {
                json!({ "es": {
                    "title": es.title,
                    "description": es.description,
                    "actionButtonText": es.action,
                    "modalTitle": es.modal_title,
                    "modalContent": es.modal_content,
                } })
            })),
        });
    }
    s.info_cards = cards.len();
    insert_batched(db, cards).await?;
    let mut notes = Vec::new();
    let mut bring_a_bag = 0;
    for &(bank, days_ago, title, description, details, expired) in NOTIFICATIONS {
        let id = ids.next(db, "notifications").await?;
        if title == "Bring a bag" {
            bring_a_bag = id;
        }
        let created = now - Duration::days(days_ago);
        notes.push(notification::ActiveModel {
            id: Set(id),
            title: Set(title.into()),
            description: Set(Some(description.into())),
            details: Set(Some(details.into())),
            food_bank_code: Set(bank.map(Into::into)),
            created_at: Set(created),
            expires_at: Set(if expired { Some(created + Duration::days(7)) } else { None }),
            translations: Set(NOTIFICATIONS_ES
                .iter()
                .find(|(en, _)| *en == title)
                .map(|(_, (t, d, html))| json!({ "es": { "title": t, "description": d, "details": html } }))),
        });
    }
    s.notifications = notes.len();
    insert_batched(db, notes).await?;

    // ---- Survey question enablement per food bank -------------------------------------
    let mut enabled = Vec::new();
    for fb in FOOD_BANKS {
        let asked: &[&str] = match fb.code {
            "COH" => &[
                "HouseholdMembers",
                "Street",
                "City",
                "State",
                "DateOfBirth",
                "Gender",
                "Race",
                "HowDidYouHear",
                "Participation",
            ],
            "CHI" => &["HouseholdMembers", "State", "Gender", "Participation"],
            "DEN" => &["HowDidYouHear"],
            _ => &[],
        };
        for &(qid, code, _) in SURVEY_QUESTIONS {
            enabled.push(food_bank_survey_question::ActiveModel {
                food_bank_id: Set(bank_ids[fb.code].0),
                survey_question_id: Set(qid),
                is_enabled: Set(asked.contains(&code)),
            });
        }
    }
    insert_batched(db, enabled).await?;

    // ---- The demo shopper -------------------------------------------------------------
    let user_id = ids.next(db, "users").await?;
    s.demo_user_id = user_id;
    insert_batched(
        db,
        vec![user::ActiveModel {
            id: Set(user_id),
            first_name: Set("Demo".into()),
            last_name: Set("Shopper".into()),
            email: Set(DEMO_EMAIL.into()),
            password_hash: Set(password_hash),
            phone_number: Set(Some("(614) 555-0142".into())),
            postal_code: Set(Some("43215".into())),
            is_email_notification_enabled: Set(true),
            is_text_message_notification_enabled: Set(true),
            is_phone_call_notification_enabled: Set(false),
            default_food_bank_id: Set(Some(coh_id)),
            is_tefap_survey_answered: Set(true),
            token_version: Set(0),
            created_at: Set(now - Duration::days(60)),
            updated_at: Set(now - Duration::days(60)),
            last_login_at: Set(None),
            language: Set(None),
        }],
    )
    .await?;
    let home = ids.next(db, "addresses").await?;
    let other = ids.next(db, "addresses").await?;
    addresses.push(address_row(home, "500 S Front St", Some("Apt 4B"), "Columbus", "OH", "43215", None));
    addresses.push(address_row(other, "1120 Oak St", None, "Columbus", "OH", "43205", None));
    insert_batched(db, std::mem::take(&mut addresses)).await?;
    let home_saved = ids.next(db, "saved_addresses").await?;
    let other_saved = ids.next(db, "saved_addresses").await?;
    insert_batched(
        db,
        vec![
            saved_address::ActiveModel {
                id: Set(home_saved),
                user_id: Set(user_id),
                address_id: Set(home),
                name: Set("Home".into()),
                is_primary: Set(true),
                notes: Set(Some("Buzz 4B; the door on Front Street.".into())),
                created_at: Set(now - Duration::days(59)),
            },
            saved_address::ActiveModel {
                id: Set(other_saved),
                user_id: Set(user_id),
                address_id: Set(other),
                name: Set("Grandma's".into()),
                is_primary: Set(false),
                notes: Set(None),
                created_at: Set(now - Duration::days(40)),
            },
        ],
    )
    .await?;
    insert_batched(
        db,
        vec![user_delivery_food_bank::ActiveModel {
            user_id: Set(user_id),
            food_bank_id: Set(coh_id),
            created_at: Set(now - Duration::days(59)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![user_authorized_location::ActiveModel {
            user_id: Set(user_id),
            pantry_location_id: Set(pantry_id("King Arts Complex")),
            created_at: Set(now - Duration::days(50)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![user_referral_code::ActiveModel {
            user_id: Set(user_id),
            referral_code_id: Set(code_ids["FAITH2026"]),
            is_applied: Set(true),
            claimed_at: Set(now - Duration::days(25)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![favorite_pantry::ActiveModel {
            user_id: Set(user_id),
            pantry_location_id: Set(main_library),
            created_at: Set(now - Duration::days(58)),
        }],
    )
    .await?;
    let franklin = county_of("OH", "Franklin County");
    let tefap_unique_id = "00000000-0000-4000-8000-000000000001".to_owned();
    insert_batched(
        db,
        vec![tefap_response::ActiveModel {
            id: Set(ids.next(db, "tefap_responses").await?),
            unique_id: Set(tefap_unique_id.clone()),
            user_id: Set(Some(user_id)),
            food_bank_id: Set(Some(coh_id)),
            province_id: Set(Some(province_id("OH"))),
            county_id: Set(franklin),
            postal_code: Set(Some("43215".into())),
            answers: Set(json!({
                "isHomeless": false,
                "residencyPostalCode": "43215",
                "residencyCounty": franklin,
                "selectedAssistanceProgramIDs": [1],
                "totalHouseholdSize": 3,
                "isEmergency": false,
                "typedName": "Demo Shopper",
                "acceptedTerms": true,
                "disqualified": false
            })),
            is_eligible: Set(true),
            created_at: Set(now - Duration::days(59)),
            assigned_at: Set(Some(now - Duration::days(59))),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![tefap_eligibility::ActiveModel {
            id: Set(ids.next(db, "tefap_eligibilities").await?),
            user_id: Set(user_id),
            province_id: Set(Some(province_id("OH"))),
            food_bank_id: Set(Some(coh_id)),
            county_id: Set(franklin),
            postal_code: Set(Some("43215".into())),
            unique_id: Set(Some(tefap_unique_id)),
            created_at: Set(now - Duration::days(59)),
        }],
    )
    .await?;
    // Two questions answered; the checkout survey still asks the rest (at most 4).
    insert_batched(
        db,
        vec![survey_answer::ActiveModel {
            id: Set(ids.next(db, "survey_answers").await?),
            user_id: Set(user_id),
            food_bank_id: Set(Some(coh_id)),
            household_members: Set(Some(3)),
            street: Set(None),
            city: Set(None),
            state_abbreviation: Set(Some("OH".into())),
            date_of_birth: Set(None),
            gender_id: Set(None),
            race_id: Set(None),
            how_did_you_hear: Set(None),
            is_participation_snap_noted: Set(None),
            is_participation_wic_noted: Set(None),
            is_participation_medicaid_noted: Set(None),
            is_participation_ssi_noted: Set(None),
            is_participation_tanf_noted: Set(None),
            created_at: Set(now - Duration::days(12)),
            updated_at: Set(now - Duration::days(12)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![food_situation_answer::ActiveModel {
            id: Set(ids.next(db, "food_situation_answers").await?),
            user_id: Set(user_id),
            food_bank_id: Set(Some(coh_id)),
            worried_food_will_run_out: Set(2),
            food_did_not_last: Set(2),
            received_charity_food: Set(1),
            is_eligible: Set(true),
            created_at: Set(now - Duration::days(60)),
        }],
    )
    .await?;
    if bring_a_bag != 0 {
        insert_batched(
            db,
            vec![notification_read::ActiveModel {
                user_id: Set(user_id),
                notification_id: Set(bring_a_bag),
                read_at: Set(now - Duration::days(5)),
            }],
        )
        .await?;
    }

    // ---- The demo shopper's orders ----------------------------------------------------
    let upcoming = main_library_future
        .iter()
        .find(|(_, at)| *at > now + Duration::hours(24))
        .or(main_library_future.first())
        .copied();
    let mut orders = Vec::new();
    let mut lines = Vec::new();
    // (idempotency key, status, created, pickup time, (delivery time, saved address), items)
    type OrderSpec<'a> = (&'a str, i64, DateTime<Utc>, Option<i64>, Option<(i64, i64)>, &'a [(&'a str, i32)]);
    let mut specs: Vec<OrderSpec> = vec![
        (
            "demo-order-completed",
            StatusType::Completed.id(),
            now - Duration::days(12),
            Some(past_ids[0]),
            None,
            &[("Gala Apples", 2), ("Large Eggs", 1), ("Spaghetti", 2), ("Pasta Sauce", 1)],
        ),
        (
            "demo-order-cancelled",
            StatusType::Cancelled.id(),
            now - Duration::days(21),
            Some(past_ids[1]),
            None,
            &[("Peanut Butter", 1)],
        ),
    ];
    if let Some((pickup_id, _)) = upcoming {
        specs.push((
            "demo-order-upcoming",
            StatusType::Submitted.id(),
            now - Duration::hours(5),
            Some(pickup_id),
            None,
            &[("Whole Turkey", 1), ("2% Milk", 2), ("Corn Flakes", 1)],
        ));
    }
    if let Some((delivery_id, _)) = first_home_delivery {
        specs.push((
            "demo-order-delivery",
            StatusType::Submitted.id(),
            now - Duration::hours(2),
            None,
            Some((delivery_id, home_saved)),
            &[("Long Grain White Rice", 1), ("Dry Black Beans", 2)],
        ));
    }
    for (key, status_id, created, pickup, delivery, items) in specs {
        let id = ids.next(db, "orders").await?;
        let snapshot = delivery.map(|_| {
            json!({
                "name": "Home",
                "address": {
                    "addressLine1": "500 S Front St",
                    "addressLine2": "Apt 4B",
                    "city": "Columbus",
                    "province": "OH",
                    "postalCode": "43215",
                    "countryCode": "USA"
                }
            })
        });
        orders.push(order::ActiveModel {
            id: Set(id),
            user_id: Set(user_id),
            food_bank_id: Set(coh_id),
            pantry_location_id: Set(pickup.map(|_| main_library)),
            pickup_time_id: Set(pickup),
            delivery_time_id: Set(delivery.map(|d| d.0)),
            saved_address_id: Set(delivery.map(|d| d.1)),
            delivery_address: Set(snapshot),
            status_type_id: Set(status_id),
            idempotency_key: Set(Some(key.into())),
            request_fingerprint: Set(None),
            created_at: Set(created),
            updated_at: Set(created),
            cancelled_at: Set((status_id == StatusType::Cancelled.id()).then(|| created + Duration::hours(3))),
        });
        for &(name, quantity) in items {
            let j = product_index(name);
            let at =
                if delivery.is_some() { StockAt::Delivery(Some(home_delivery)) } else { StockAt::Pantry(main_library) };
            lines.push(order_item::ActiveModel {
                id: Set(ids.next(db, "order_items").await?),
                order_id: Set(id),
                inventory_item_id: Set(inventory_at[&(at, j)]),
                pantry_item_id: Set(product_ids[j]),
                quantity: Set(quantity),
                weight_pounds: Set(PRODUCTS[j].weight_pounds),
                is_substitute_ok: Set(false),
            });
        }
    }
    s.orders = orders.len();
    insert_batched(db, orders).await?;
    insert_batched(db, lines).await?;
    Ok(s)
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
enum StockAt {
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

#[allow(clippy::too_many_arguments)]
fn inventory_row(
    id: i64,
    pantry_item_id: i64,
    pantry_location_id: Option<i64>,
    food_bank_id: Option<i64>,
    delivery_program_id: Option<i64>,
    quantity: i32,
    p: &super::demo_data::Product,
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
        created_at: Set(created),
        updated_at: Set(created),
    }
}

#[cfg(test)]
mod tests {
    use super::demo_image_paths;
    use std::path::Path;

    /// The host serves static/x at /x, so every picture the seed names must be a file under static/.
    #[test]
    fn every_demo_image_is_shipped() {
        let static_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("static");
        let paths = demo_image_paths();
        assert!(paths.len() > 100, "{} paths", paths.len());
        let misplaced: Vec<_> = paths.iter().filter(|p| !(p.starts_with("/img/") && p.ends_with(".svg"))).collect();
        assert!(misplaced.is_empty(), "demo pictures are /img/<dir>/<name>.svg: {misplaced:?}");
        let missing: Vec<_> = paths.iter().filter(|p| !static_dir.join(&p[1..]).is_file()).collect();
        assert!(
            missing.is_empty(),
            "{} demo pictures missing under static/ (run `node app/scripts/gen-demo-images.mjs`): {missing:?}",
            missing.len()
        );
    }
}
