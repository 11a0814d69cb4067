//! Database tests. Every test runs twice: on a fresh SQLite file and on a fresh
//! PostgreSQL database (see `testdb`; PostgreSQL must be running, the tests do not skip).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, ExprTrait, PaginatorTrait,
    QueryFilter, QueryOrder, Set, Statement, TransactionTrait,
};

use super::entity::{
    address, food_bank, info_card, inventory_item, limit, notification, order, order_item, pantry_item,
    pantry_location, pickup_time, referral_code, saved_address, user,
};
use super::seed;
use super::testdb::TestDb;
use crate::domain::{
    inventory::Source,
    limits::{LimitScope, LimitType},
};

/// Runs `$body(&TestDb)` as two tests, `$name::sqlite` and `$name::postgres`.
macro_rules! on_both {
    ($name:ident, $body:ident) => {
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn sqlite() {
                let t = super::TestDb::sqlite().await;
                super::$body(&t).await;
                t.cleanup().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
            async fn postgres() {
                let t = super::TestDb::postgres().await;
                super::$body(&t).await;
                t.cleanup().await;
            }
        }
    };
}

/// Tables without an entity: the repository reads them with SQL of its own.
const SQL_ONLY_TABLES: &[&str] = &["cache_scopes"];

/// Every table the migrations create with an entity (besides `seaql_migrations`).
const TABLES: &[&str] = &[
    "addresses",
    "assistance_programs",
    "attachments",
    "counties",
    "delivery_programs",
    "delivery_times",
    "donation_package_types",
    "favorite_pantries",
    "food_bank_survey_questions",
    "food_banks",
    "food_situation_answers",
    "genders",
    "info_card_sections",
    "info_cards",
    "inventory_item_subcategories",
    "inventory_items",
    "limits",
    "notification_reads",
    "notifications",
    "order_events",
    "order_items",
    "order_status_types",
    "orders",
    "pantry_items",
    "pantry_locations",
    "password_reset_tokens",
    "pickup_times",
    "postal_code_counties",
    "postal_codes",
    "province_assistance_programs",
    "provinces",
    "races",
    "referral_code_food_banks",
    "referral_code_pantry_locations",
    "referral_codes",
    "revoked_sessions",
    "saved_addresses",
    "staff_grants",
    "subcategories",
    "survey_answers",
    "survey_questions",
    "tefap_eligibilities",
    "tefap_guidelines",
    "tefap_responses",
    "unit_of_measures",
    "user_authorized_locations",
    "user_delivery_food_banks",
    "user_referral_codes",
    "users",
];

async fn table_names(db: &DatabaseConnection) -> HashSet<String> {
    let sql = match db.get_database_backend() {
        DbBackend::Sqlite => "SELECT name AS t FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        _ => "SELECT table_name::text AS t FROM information_schema.tables WHERE table_schema = current_schema()",
    };
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await.expect("list tables");
    rows.iter().map(|r| r.try_get::<String>("", "t").expect("table name")).collect()
}

async fn index_names(db: &DatabaseConnection) -> HashSet<String> {
    let sql = match db.get_database_backend() {
        DbBackend::Sqlite => "SELECT name AS i FROM sqlite_master WHERE type = 'index'",
        _ => "SELECT indexname::text AS i FROM pg_indexes WHERE schemaname = current_schema()",
    };
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await.expect("list indexes");
    rows.iter().map(|r| r.try_get::<String>("", "i").expect("index name")).collect()
}

/// Reads every row of every entity: proves entity definitions and the migrated schema
/// agree (names, types, nullability) on this backend. Returns row counts.
async fn decode_every_entity(db: &DatabaseConnection) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    macro_rules! decode {
        ($($m:ident),* $(,)?) => {
            $(
                let rows = super::entity::$m::Entity::find()
                    .all(db)
                    .await
                    .unwrap_or_else(|e| panic!("decoding {}: {e}", stringify!($m)));
                counts.insert(stringify!($m), rows.len());
            )*
        };
    }
    decode!(
        address,
        assistance_program,
        attachment,
        county,
        delivery_program,
        delivery_time,
        donation_package_type,
        favorite_pantry,
        food_bank,
        food_bank_survey_question,
        food_situation_answer,
        gender,
        info_card,
        info_card_section,
        inventory_item,
        inventory_item_subcategory,
        limit,
        notification,
        notification_read,
        order,
        order_event,
        order_item,
        order_status_type,
        pantry_item,
        pantry_location,
        password_reset_token,
        pickup_time,
        postal_code,
        postal_code_county,
        province,
        province_assistance_program,
        race,
        referral_code,
        referral_code_food_bank,
        referral_code_pantry_location,
        revoked_session,
        saved_address,
        staff_grant,
        subcategory,
        survey_answer,
        survey_question,
        tefap_eligibility,
        tefap_guideline,
        tefap_response,
        unit_of_measure,
        user_authorized_location,
        user_delivery_food_bank,
        user_referral_code,
        user,
    );
    assert_eq!(counts.len(), TABLES.len(), "one entity per table");
    counts
}

// ---- Migrations ------------------------------------------------------------------------

async fn check_migrations(t: &TestDb) {
    let db = t.db();
    assert!(table_names(db).await.is_empty(), "{}: fresh database is empty", t.label());
    super::migrate(db).await.expect("migrate up");
    super::migrate(db).await.expect("migrate up again is a no-op");
    let tables = table_names(db).await;
    for name in TABLES.iter().chain(SQL_ONLY_TABLES) {
        assert!(tables.contains(*name), "{}: table {name} missing", t.label());
    }
    let expected = TABLES.len() + SQL_ONLY_TABLES.len() + 1;
    assert_eq!(tables.len(), expected, "{}: unexpected tables {tables:?}", t.label());
    let indexes = index_names(db).await;
    for name in [
        "ux_users_email_lower",
        "ux_saved_addresses_one_primary",
        "ux_referral_codes_code_upper",
        "ix_pantry_locations_latitude_longitude",
        "ux_pickup_times_pantry_location_id_start_at",
        "ix_inventory_items_pantry_location_id",
        "ix_orders_user_id_created_at",
        "ix_pantry_locations_address_id",
        "ix_food_banks_address_id",
        "ix_order_items_order_id",
        "ux_orders_user_id_idempotency_key",
    ] {
        assert!(indexes.contains(name), "{}: index {name} missing", t.label());
    }
    let counts = decode_every_entity(db).await;
    assert!(counts.values().all(|&n| n == 0));

    super::migrate_down_all(db).await.expect("migrate down");
    let left: Vec<_> = table_names(db).await.into_iter().filter(|n| n != "seaql_migrations").collect();
    assert!(left.is_empty(), "{}: tables left after down: {left:?}", t.label());

    super::migrate(db).await.expect("migrate up after down");
    assert_eq!(table_names(db).await.len(), expected);
}

mod migrations_up_and_down {
    #[tokio::test]
    async fn sqlite() {
        let t = super::TestDb::sqlite_unmigrated().await;
        super::check_migrations(&t).await;
        t.cleanup().await;
    }

    #[tokio::test]
    async fn postgres() {
        let t = super::TestDb::postgres_unmigrated().await;
        super::check_migrations(&t).await;
        t.cleanup().await;
    }
}

// ---- Demo seed ---------------------------------------------------------------------------

fn miles(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (p1, p2) = (a.0.to_radians(), b.0.to_radians());
    let (dp, dl) = (p2 - p1, (b.1 - a.1).to_radians());
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * 3958.8 * h.sqrt().asin()
}

fn fake_hash(password: &str) -> String {
    format!("$test$not-argon2${}", password.len())
}

async fn check_demo_seed(t: &TestDb) {
    let db = t.db();
    // A fixed instant just before the US spring-forward change, so windows straddle DST.
    let now = Utc.with_ymd_and_hms(2026, 3, 4, 15, 30, 0).unwrap();
    let started = std::time::Instant::now();
    let s = seed::seed_demo(db, now, fake_hash).await.expect("seed demo");
    eprintln!("[{}] seed_demo took {:?}: {s:?}", t.label(), started.elapsed());
    assert!(!s.skipped);
    assert!(s.food_banks >= 3 && s.pantries >= 40 && s.products >= 80 && s.categories >= 8, "{s:?}");
    assert!(s.pickup_times > 300 && s.delivery_times > 20 && s.orders == 4, "{s:?}");

    let again = seed::seed_demo(db, now, fake_hash).await.expect("seed demo twice");
    assert!(again.skipped, "second run is a no-op");

    let counts = decode_every_entity(db).await;
    assert_eq!(counts["pantry_location"], s.pantries);
    assert_eq!(counts["province"], 51);
    // Every table has demo rows but those a shopper's later actions fill (reset links, sign-outs).
    let empty = ["password_reset_token", "revoked_session"];
    assert!(counts.iter().filter(|(_, n)| **n == 0).all(|(name, _)| empty.contains(name)), "{counts:?}");

    // Columbus: pantries within 10 miles of ZIP 43215, others further out.
    let cbus = (39.9671, -83.0044);
    let pantries = pantry_location::Entity::find().all(db).await.unwrap();
    let near = pantries.iter().filter(|p| miles(cbus, (p.latitude, p.longitude)) <= 10.0).count();
    let within_20 = pantries.iter().filter(|p| miles(cbus, (p.latitude, p.longitude)) <= 20.0).count();
    assert!(near >= 20 && within_20 > near, "near={near} within_20={within_20}");
    let zones: HashSet<_> = pantries.iter().map(|p| p.time_zone.as_str()).collect();
    assert!(zones.len() >= 3, "{zones:?}");
    let restricted: Vec<_> = pantries.iter().filter(|p| p.is_restricted).collect();
    assert!(restricted.len() >= 2);

    // Bounding-box query on the indexed columns.
    let boxed = pantry_location::Entity::find()
        .filter(pantry_location::Column::Latitude.between(cbus.0 - 0.145, cbus.0 + 0.145))
        .filter(pantry_location::Column::Longitude.between(cbus.1 - 0.19, cbus.1 + 0.19))
        .count(db)
        .await
        .unwrap();
    assert!(boxed as usize >= near);

    // Pickup times: all in (now, now + 14 days] except the two past ones kept for order
    // history; local day/time agree with the UTC instants in the pantry's zone.
    let by_id: HashMap<i64, &pantry_location::Model> = pantries.iter().map(|p| (p.id, p)).collect();
    let times = pickup_time::Entity::find().order_by_asc(pickup_time::Column::StartAt).all(db).await.unwrap();
    let mut sorted = times.clone();
    sorted.sort_by_key(|t| (t.start_at, t.id));
    assert_eq!(
        times.iter().map(|t| t.start_at).collect::<Vec<_>>(),
        sorted.iter().map(|t| t.start_at).collect::<Vec<_>>(),
        "ORDER BY start_at is chronological"
    );
    let past = times.iter().filter(|t| t.start_at <= now).count();
    assert_eq!(past, 2);
    for pt in &times {
        let zone = &by_id[&pt.pantry_location_id].time_zone;
        assert_eq!(seed::local_to_utc(zone, pt.pickup_day, pt.pickup_start_time), Some(pt.start_at));
        assert!(pt.end_at > pt.start_at && pt.start_at <= now + Duration::days(14));
    }
    // The same filter in SQL (timestamps compare correctly on both backends).
    let future_sql = pickup_time::Entity::find().filter(pickup_time::Column::StartAt.gt(now)).count(db).await.unwrap();
    assert_eq!(future_sql as usize, times.len() - past);
    let mut per_day: HashMap<(i64, chrono::NaiveDate), usize> = HashMap::new();
    for pt in &times {
        *per_day.entry((pt.pantry_location_id, pt.pickup_day)).or_default() += 1;
    }
    assert!(per_day.values().any(|&n| n > 3), "some days have more than 3 windows");
    let with_times: HashSet<i64> = times.iter().map(|t| t.pantry_location_id).collect();
    assert!(pantries.iter().filter(|p| !with_times.contains(&p.id)).count() >= 3, "some pantries have none");

    // Limits of every scope, an ITEM limit, TEFAP stock, referral codes, content.
    let limits = limit::Entity::find().all(db).await.unwrap();
    for scope in LimitScope::ALL.map(LimitScope::code) {
        assert!(limits.iter().any(|l| l.time_scope_code == scope), "no {scope} limit");
    }
    assert!(
        limits
            .iter()
            .any(|l| l.limit_type_code == LimitType::Item.code() && l.time_scope_code == LimitScope::Order.code())
    );
    let tefap = inventory_item::Entity::find()
        .filter(inventory_item::Column::SourceCode.eq(Source::Tefap.code()))
        .count(db)
        .await
        .unwrap();
    assert!(tefap > 50, "tefap items: {tefap}");
    assert!(referral_code::Entity::find().count(db).await.unwrap() >= 2);
    let cards = info_card::Entity::find().all(db).await.unwrap();
    assert!(cards.iter().all(|c| c.section_id.is_some()) && cards.iter().any(|c| c.food_bank_code.is_none()));
    assert!(notification::Entity::find().count(db).await.unwrap() >= 3);
    let enabled = food_bank::Entity::find().filter(food_bank::Column::IsEnabled.eq(false)).count(db).await.unwrap();
    assert_eq!(enabled, 1, "one food bank is not enabled yet");

    // The demo shopper, found case-insensitively through lower(email).
    let shopper = user::Entity::find()
        .filter(Expr::cust("lower(email)").eq("DEMO@Example.org".to_lowercase()))
        .one(db)
        .await
        .unwrap()
        .expect("demo user");
    assert_eq!(shopper.password_hash, fake_hash(seed::DEMO_PASSWORD));
    assert_eq!(shopper.id, s.demo_user_id);
    // Order lines point at stock of the order's own pantry (pickup) or food bank (delivery).
    let stock: HashMap<i64, inventory_item::Model> =
        inventory_item::Entity::find().all(db).await.unwrap().into_iter().map(|i| (i.id, i)).collect();
    let orders = order::Entity::find().filter(order::Column::UserId.eq(shopper.id)).all(db).await.unwrap();
    assert_eq!(orders.len(), 4);
    for o in &orders {
        let lines = order_item::Entity::find().filter(order_item::Column::OrderId.eq(o.id)).all(db).await.unwrap();
        assert!(!lines.is_empty());
        for line in lines {
            let inv = &stock[&line.inventory_item_id];
            assert_eq!(inv.pantry_item_id, line.pantry_item_id);
            if o.pickup_time_id.is_some() {
                assert_eq!(inv.pantry_location_id, o.pantry_location_id, "order {} line {}", o.id, line.id);
            } else {
                assert!(o.delivery_time_id.is_some() && o.delivery_address.is_some());
                assert_eq!(inv.food_bank_id, Some(o.food_bank_id), "order {} line {}", o.id, line.id);
            }
        }
    }
    let item_limits: Vec<_> = limits.iter().filter_map(|l| l.inventory_item_id).collect();
    assert!(item_limits.iter().all(|id| stock[id].pantry_location_id.is_some()));

    let images = seed::demo_image_paths();
    assert!(images.len() > 90 && images.iter().all(|p| p.starts_with("/img/")));
}
on_both!(demo_seed_loads, check_demo_seed);

// ---- Stock: CHECK constraint and conditional decrements ----------------------------------

async fn ohio<C: ConnectionTrait>(db: &C) -> i64 {
    use super::entity::province;
    province::Entity::find().filter(province::Column::Abbreviation.eq("OH")).one(db).await.unwrap().expect("Ohio").id
}

/// A minimal world with one pantry item in stock at one pantry; returns the inventory id.
async fn stock_fixture<C: ConnectionTrait>(db: &C, quantity: i32) -> i64 {
    seed::seed_reference(db).await.unwrap();
    let now = Utc::now();
    let addr = address::Entity::insert(address::ActiveModel {
        address_line1: Set("96 S Grant Ave".into()),
        address_line2: Set(None),
        city: Set("Columbus".into()),
        province_id: Set(ohio(db).await),
        postal_code: Set("43215".into()),
        county_id: Set(None),
        latitude: Set(Some(39.9612)),
        longitude: Set(Some(-82.9907)),
        country_code: Set("USA".into()),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id;
    let bank = food_bank::Entity::insert(food_bank::ActiveModel {
        code: Set(format!("T{}", addr)),
        name: Set("Test Food Bank".into()),
        home_page_url: Set(None),
        is_enabled: Set(true),
        is_tefap_enabled: Set(false),
        is_delivery_enabled: Set(false),
        address_id: Set(addr),
        time_zone: Set("America/New_York".into()),
        created_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id;
    let pantry = pantry_location::Entity::insert(pantry_location::ActiveModel {
        food_bank_id: Set(bank),
        address_id: Set(addr),
        label: Set("Test Pantry".into()),
        time_zone: Set("America/New_York".into()),
        is_restricted: Set(false),
        is_active: Set(true),
        pickup_instructions: Set(None),
        latitude: Set(39.9612),
        longitude: Set(-82.9907),
        created_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id;
    let item = pantry_item::Entity::insert(pantry_item::ActiveModel {
        food_bank_id: Set(None),
        name: Set("Canned Corn".into()),
        description: Set(None),
        amount: Set(Some(15.25)),
        each_quantity: Set(None),
        unit_of_measure_id: Set(None),
        donation_package_type_id: Set(None),
        created_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await
    .unwrap()
    .last_insert_id;
    inventory_item::Entity::insert(new_stock(item, Some(pantry), quantity, now)).exec(db).await.unwrap().last_insert_id
}

fn new_stock(
    pantry_item_id: i64,
    pantry: Option<i64>,
    quantity: i32,
    now: DateTime<Utc>,
) -> inventory_item::ActiveModel {
    inventory_item::ActiveModel {
        pantry_item_id: Set(pantry_item_id),
        pantry_location_id: Set(pantry),
        food_bank_id: Set(None),
        delivery_program_id: Set(None),
        quantity: Set(quantity),
        weight_pounds: Set(1.0),
        source_code: Set(Some(Source::Donated.code().into())),
        is_active: Set(true),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// `UPDATE inventory_items SET quantity = quantity - n WHERE id = ? AND quantity >= n`;
/// true if the stock was taken.
async fn take_stock<C: ConnectionTrait>(db: &C, id: i64, n: i32) -> Result<bool, DbErr> {
    let res = inventory_item::Entity::update_many()
        .col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).sub(n))
        .filter(inventory_item::Column::Id.eq(id))
        .filter(inventory_item::Column::Quantity.gte(n))
        .exec(db)
        .await?;
    Ok(res.rows_affected == 1)
}

async fn quantity(db: &DatabaseConnection, id: i64) -> i32 {
    inventory_item::Entity::find_by_id(id).one(db).await.unwrap().expect("inventory row").quantity
}

async fn check_negative_stock_rejected(t: &TestDb) {
    let db = t.db();
    let id = stock_fixture(db, 3).await;
    let row = inventory_item::Entity::find_by_id(id).one(db).await.unwrap().unwrap();

    // Inserting negative stock violates CHECK (quantity >= 0).
    let err = inventory_item::Entity::insert(new_stock(row.pantry_item_id, row.pantry_location_id, -1, Utc::now()))
        .exec(db)
        .await
        .expect_err("negative stock must be rejected");
    assert!(err.to_string().to_lowercase().contains("check"), "{}: {err}", t.label());

    // An unconditional decrement below zero is rejected too, and leaves the row alone.
    let err = inventory_item::Entity::update_many()
        .col_expr(inventory_item::Column::Quantity, Expr::col(inventory_item::Column::Quantity).sub(5))
        .filter(inventory_item::Column::Id.eq(id))
        .exec(db)
        .await
        .expect_err("quantity - 5 < 0 must be rejected");
    assert!(err.to_string().to_lowercase().contains("check"), "{}: {err}", t.label());
    assert_eq!(quantity(db, id).await, 3);

    // The conditional decrement simply takes nothing when stock is short.
    assert!(!take_stock(db, id, 4).await.unwrap());
    assert!(take_stock(db, id, 3).await.unwrap());
    assert!(!take_stock(db, id, 1).await.unwrap());
    assert_eq!(quantity(db, id).await, 0);

    // Stock must belong to exactly one scope (a pantry, or a food bank for delivery).
    let err = inventory_item::Entity::insert(new_stock(row.pantry_item_id, None, 1, Utc::now())).exec(db).await;
    assert!(err.is_err(), "stock without a scope must be rejected");

    // Foreign keys are enforced (on SQLite this needs PRAGMA foreign_keys=ON).
    let err =
        inventory_item::Entity::insert(new_stock(row.pantry_item_id, Some(999_999), 1, Utc::now())).exec(db).await;
    assert!(err.is_err(), "{}: dangling pantry id must be rejected", t.label());
}
on_both!(check_rejects_negative_stock, check_negative_stock_rejected);

const BUYERS: usize = 200;
const STOCK: i32 = 50;

async fn check_concurrent_decrements(t: &TestDb) {
    let db = t.db();
    let id = stock_fixture(db, STOCK).await;

    // 200 concurrent single-statement decrements.
    let wins = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..BUYERS {
        let (db, wins) = (db.clone(), wins.clone());
        tasks.push(tokio::spawn(async move {
            if take_stock(&db, id, 1).await.expect("decrement") {
                wins.fetch_add(1, Ordering::SeqCst);
            }
        }));
    }
    for task in tasks {
        task.await.expect("join");
    }
    assert_eq!(wins.load(Ordering::SeqCst), STOCK as usize, "{}: exactly the stock is sold", t.label());
    assert_eq!(quantity(db, id).await, 0);

    // The same inside write transactions (BEGIN IMMEDIATE on SQLite), as order placement
    // does it: decrement, then roll back when short, commit otherwise.
    inventory_item::Entity::update_many()
        .col_expr(inventory_item::Column::Quantity, Expr::value(STOCK))
        .filter(inventory_item::Column::Id.eq(id))
        .exec(db)
        .await
        .unwrap();
    let wins = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..BUYERS {
        let (db, wins) = (db.clone(), wins.clone());
        tasks.push(tokio::spawn(async move {
            let txn = super::begin_write(&db).await.expect("begin write");
            if take_stock(&txn, id, 1).await.expect("decrement in txn") {
                txn.commit().await.expect("commit");
                wins.fetch_add(1, Ordering::SeqCst);
            } else {
                txn.rollback().await.expect("rollback");
            }
        }));
    }
    for task in tasks {
        task.await.expect("join");
    }
    assert_eq!(wins.load(Ordering::SeqCst), STOCK as usize, "{}: exactly the stock is sold in transactions", t.label());
    assert_eq!(quantity(db, id).await, 0);
}
on_both!(concurrent_decrements_sell_exactly_the_stock, check_concurrent_decrements);

// ---- Other constraints ---------------------------------------------------------------------

fn new_user(email: &str, now: DateTime<Utc>) -> user::ActiveModel {
    user::ActiveModel {
        first_name: Set("Test".into()),
        last_name: Set("User".into()),
        email: Set(email.into()),
        password_hash: Set("x".into()),
        phone_number: Set(None),
        postal_code: Set(None),
        is_email_notification_enabled: Set(true),
        is_text_message_notification_enabled: Set(true),
        is_phone_call_notification_enabled: Set(true),
        default_food_bank_id: Set(None),
        is_tefap_survey_answered: Set(false),
        token_version: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        last_login_at: Set(None),
        ..Default::default()
    }
}

async fn check_user_constraints(t: &TestDb) {
    let db = t.db();
    seed::seed_reference(db).await.unwrap();
    let now = Utc::now();
    let uid = user::Entity::insert(new_user("Shopper@Example.org", now)).exec(db).await.unwrap().last_insert_id;
    let dup = user::Entity::insert(new_user("shopper@example.ORG", now)).exec(db).await;
    assert!(dup.is_err(), "{}: e-mail must be unique case-insensitively", t.label());

    // Saved addresses: at most one primary per user; notes at most 250 characters.
    let mut addr_ids = Vec::new();
    for line in ["1 A St", "2 B St", "3 C St"] {
        let id = address::Entity::insert(address::ActiveModel {
            address_line1: Set(line.into()),
            address_line2: Set(None),
            city: Set("Columbus".into()),
            province_id: Set(ohio(db).await),
            postal_code: Set("43215".into()),
            county_id: Set(None),
            latitude: Set(None),
            longitude: Set(None),
            country_code: Set("USA".into()),
            ..Default::default()
        })
        .exec(db)
        .await
        .unwrap()
        .last_insert_id;
        addr_ids.push(id);
    }
    let saved = |address_id: i64, primary: bool, notes: Option<String>| saved_address::ActiveModel {
        user_id: Set(uid),
        address_id: Set(address_id),
        name: Set("Home".into()),
        is_primary: Set(primary),
        notes: Set(notes),
        created_at: Set(now),
        ..Default::default()
    };
    saved_address::Entity::insert(saved(addr_ids[0], true, Some("n".repeat(250)))).exec(db).await.unwrap();
    assert!(saved_address::Entity::insert(saved(addr_ids[1], true, None)).exec(db).await.is_err(), "second primary");
    saved_address::Entity::insert(saved(addr_ids[1], false, None)).exec(db).await.unwrap();
    assert!(
        saved_address::Entity::insert(saved(addr_ids[2], false, Some("n".repeat(251)))).exec(db).await.is_err(),
        "notes > 250"
    );

    // Referral codes are unique case-insensitively.
    let code = |c: &str| referral_code::ActiveModel {
        code: Set(c.into()),
        description: Set(None),
        is_active: Set(true),
        expires_at: Set(None),
        created_at: Set(now),
        ..Default::default()
    };
    referral_code::Entity::insert(code("Friends1")).exec(db).await.unwrap();
    assert!(referral_code::Entity::insert(code("FRIENDS1")).exec(db).await.is_err());

    // Limits only take the documented scope codes.
    let bad = limit::Entity::insert(limit::ActiveModel {
        value: Set(1),
        time_scope_amount: Set(1),
        time_scope_code: Set("YEAR".into()),
        limit_type_code: Set(LimitType::Quantity.code().into()),
        pantry_item_id: Set(None),
        inventory_item_id: Set(None),
        pantry_location_id: Set(None),
        food_bank_id: Set(None),
        delivery_program_id: Set(None),
        created_at: Set(now),
        ..Default::default()
    })
    .exec(db)
    .await;
    assert!(bad.is_err());

    // A write transaction commits and rolls back as expected.
    let txn = super::begin_write(db).await.unwrap();
    user::Entity::update_many()
        .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
        .filter(user::Column::Id.eq(uid))
        .exec(&txn)
        .await
        .unwrap();
    txn.rollback().await.unwrap();
    assert_eq!(user::Entity::find_by_id(uid).one(db).await.unwrap().unwrap().token_version, 0);
    let txn = db.begin().await.unwrap();
    user::Entity::update_many()
        .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
        .filter(user::Column::Id.eq(uid))
        .exec(&txn)
        .await
        .unwrap();
    txn.commit().await.unwrap();
    assert_eq!(user::Entity::find_by_id(uid).one(db).await.unwrap().unwrap().token_version, 1);
}
on_both!(user_and_content_constraints, check_user_constraints);

// ---- Scale seed ----------------------------------------------------------------------------

async fn check_scale_seed(t: &TestDb) {
    let db = t.db();
    let now = Utc.with_ymd_and_hms(2026, 6, 1, 12, 0, 0).unwrap();
    let s = seed::seed_scale(db, 2, now).await.expect("seed scale 2");
    assert_eq!((s.food_banks, s.pantries), (2, 2 * seed::PANTRIES_PER_SCALE_FOOD_BANK));
    assert_eq!(s.pickup_times, s.pantries * seed::SCALE_PICKUPS_PER_PANTRY);
    let s2 = seed::seed_scale(db, 3, now).await.expect("seed scale 3");
    assert_eq!((s2.food_banks, s2.already_present), (1, 2));
    assert_eq!(
        pantry_location::Entity::find().count(db).await.unwrap() as usize,
        3 * seed::PANTRIES_PER_SCALE_FOOD_BANK
    );
    // Ids keep working after explicit-id inserts (PostgreSQL identity sequences moved on).
    let id = stock_fixture(db, 1).await;
    assert!(id > 0);
}
on_both!(scale_seed_small, check_scale_seed);

// ---- SQLite connection settings ------------------------------------------------------------

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sqlite_pragmas_on_every_pooled_connection() {
    let t = TestDb::sqlite().await;
    // Hold 8 transactions open at once: each pins a different pooled connection.
    let mut txns = Vec::new();
    for _ in 0..8 {
        txns.push(t.db().begin().await.expect("begin"));
    }
    for txn in &txns {
        let get = async |pragma: &str| -> String {
            let row = txn
                .query_one_raw(Statement::from_string(DbBackend::Sqlite, format!("PRAGMA {pragma}")))
                .await
                .unwrap()
                .unwrap();
            row.try_get_by_index::<i64>(0)
                .map(|v| v.to_string())
                .or_else(|_| row.try_get_by_index::<String>(0))
                .unwrap()
        };
        assert_eq!(get("journal_mode").await, "wal");
        assert_eq!(get("foreign_keys").await, "1");
        assert_eq!(get("busy_timeout").await, super::SQLITE_BUSY_TIMEOUT_MS.to_string());
        assert_eq!(get("synchronous").await, "1", "NORMAL");
    }
    for txn in txns {
        txn.rollback().await.unwrap();
    }
    t.cleanup().await;
}

#[test]
fn sqlite_url_escapes_specials() {
    let url = super::sqlite_url(std::path::Path::new("/data/my dir?#%"));
    assert_eq!(url, "sqlite:///data/my dir%3F%23%25/orderahead.db?mode=rwc");
}

// ---- Cache scopes --------------------------------------------------------------------------

/// Every row of `cache_scopes`: scope → version.
async fn scope_table(db: &DatabaseConnection) -> HashMap<String, i64> {
    let sql = "SELECT scope, version FROM cache_scopes";
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap();
    rows.iter().map(|r| (r.try_get("", "scope").unwrap(), r.try_get("", "version").unwrap())).collect()
}

/// The scopes `sql` bumps, as another host or an operator would write it.
async fn bumped_by(db: &DatabaseConnection, sql: &str) -> BTreeSet<String> {
    let before = scope_table(db).await;
    db.execute_unprepared(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    let after = scope_table(db).await;
    after.into_iter().filter(|(k, v)| before.get(k) != Some(v)).map(|(k, _)| k).collect()
}

async fn one_id(db: &DatabaseConnection, sql: &str) -> (i64, i64) {
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap().expect(sql);
    (row.try_get_by_index(0).unwrap(), row.try_get_by_index(1).unwrap())
}

fn set(keys: &[String]) -> BTreeSet<String> {
    keys.iter().cloned().collect()
}

async fn check_scope_triggers(t: &TestDb) {
    use super::Scope::*;
    let db = t.db();
    seed::seed_demo(db, Utc::now(), fake_hash).await.expect("seed demo");
    let l = t.label();

    let (item, pantry) = one_id(
        db,
        "SELECT id, pantry_location_id FROM inventory_items WHERE pantry_location_id IS NOT NULL ORDER BY id",
    )
    .await;
    let (bank, _) = one_id(db, "SELECT id, address_id FROM food_banks ORDER BY id").await;
    let wide = "SELECT id, food_bank_id FROM inventory_items WHERE delivery_program_id IS NULL \
                AND pantry_location_id IS NULL ORDER BY id";
    if let Some(row) = db.query_one_raw(Statement::from_string(db.get_database_backend(), wide)).await.unwrap() {
        let (wide_item, wide_bank): (i64, i64) = (row.try_get_by_index(0).unwrap(), row.try_get_by_index(1).unwrap());
        let sql = format!("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = {wide_item}");
        assert_eq!(bumped_by(db, &sql).await, set(&[FoodBank(wide_bank).key()]), "{l}: food bank stock");
    }
    let sql = format!("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = {item}");
    assert_eq!(bumped_by(db, &sql).await, set(&[PantryStock(pantry).key()]), "{l}: stock");
    let sql = format!("DELETE FROM inventory_item_subcategories WHERE inventory_item_id = {item}");
    assert_eq!(bumped_by(db, &sql).await, set(&[PantryStock(pantry).key()]), "{l}: categories of stock");
    let (program_item, program) = one_id(
        db,
        "SELECT id, delivery_program_id FROM inventory_items WHERE delivery_program_id IS NOT NULL ORDER BY id",
    )
    .await;
    let sql = format!("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = {program_item}");
    assert_eq!(bumped_by(db, &sql).await, set(&[DeliveryProgram(program).key()]), "{l}: program stock");
    let sql = format!("UPDATE delivery_times SET end_at = end_at WHERE delivery_program_id = {program}");
    assert_eq!(bumped_by(db, &sql).await, set(&[DeliveryProgram(program).key()]), "{l}: delivery windows");

    // Pickup times bump their pantry only (the `updated_at` touch they cause is not a change).
    let (time, timed) = one_id(db, "SELECT id, pantry_location_id FROM pickup_times ORDER BY id").await;
    let sql = format!("UPDATE pickup_times SET end_at = end_at WHERE id = {time}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(timed).key()]), "{l}: pickup time");
    let sql = format!("DELETE FROM pickup_times WHERE id = {time}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(timed).key()]), "{l}: pickup time deleted");

    let sql = format!("UPDATE pantry_locations SET label = label || ' (moved)' WHERE id = {pantry}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(pantry).key()]), "{l}: pantry label");
    let sql = format!("UPDATE pantry_locations SET is_active = false WHERE id = {pantry}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(pantry).key(), Directory.key()]), "{l}: pantry closed");
    let sql = format!("UPDATE food_banks SET name = name || '!' WHERE id = {bank}");
    assert_eq!(bumped_by(db, &sql).await, set(&[FoodBank(bank).key()]), "{l}: food bank");
    let sql = format!("UPDATE food_banks SET is_enabled = false WHERE id = {bank}");
    assert_eq!(bumped_by(db, &sql).await, set(&[FoodBank(bank).key(), Directory.key()]), "{l}: food bank off");

    // A pantry's address bumps the pantry; a shopper's address bumps nothing.
    let sql = format!(
        "UPDATE addresses SET city = city WHERE id = (SELECT address_id FROM pantry_locations WHERE id = {pantry})"
    );
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(pantry).key()]), "{l}: pantry address");
    let sql = "UPDATE addresses SET city = city WHERE id IN (SELECT address_id FROM saved_addresses)";
    assert_eq!(bumped_by(db, sql).await, set(&[]), "{l}: shoppers' addresses");

    let (limit, limited) = one_id(
        db,
        "SELECT l.id, i.pantry_location_id FROM limits l JOIN inventory_items i ON i.id = l.inventory_item_id \
         WHERE i.pantry_location_id IS NOT NULL ORDER BY l.id",
    )
    .await;
    let sql = format!("UPDATE limits SET value = value WHERE id = {limit}");
    assert_eq!(bumped_by(db, &sql).await, set(&[PantryStock(limited).key()]), "{l}: an item's limit");
    let (limit, bank_limited) =
        one_id(db, "SELECT id, food_bank_id FROM limits WHERE food_bank_id IS NOT NULL ORDER BY id").await;
    let sql = format!("UPDATE limits SET value = value WHERE id = {limit}");
    assert_eq!(bumped_by(db, &sql).await, set(&[FoodBank(bank_limited).key()]), "{l}: a food bank's limit");
    assert_eq!(bumped_by(db, "UPDATE pantry_items SET name = name").await, set(&[Catalog.key()]), "{l}: products");
    assert_eq!(bumped_by(db, "UPDATE provinces SET name = name").await, set(&[Catalog.key()]), "{l}: provinces");
    assert_eq!(bumped_by(db, "UPDATE info_cards SET title = title").await, set(&[Content.key()]), "{l}: cards");
    assert_eq!(bumped_by(db, "DELETE FROM notifications").await, set(&[Content.key()]), "{l}: notifications");
    // Orders themselves are no page's.
    assert_eq!(bumped_by(db, "UPDATE orders SET updated_at = updated_at").await, set(&[]), "{l}: orders");
}
on_both!(cache_scope_triggers, check_scope_triggers);

/// A version written after the mark is not vouched for, even when its transaction began (and
/// on PostgreSQL took its version) before the mark: the load after the mark may have missed it.
async fn check_scope_versions_since_a_mark(t: &TestDb) {
    use super::Scope::*;
    let db = t.db();
    seed::seed_demo(db, Utc::now(), fake_hash).await.expect("seed demo");
    let store = super::repo::Store::new(db.clone());
    let (item, pantry) = one_id(
        db,
        "SELECT id, pantry_location_id FROM inventory_items WHERE pantry_location_id IS NOT NULL ORDER BY id",
    )
    .await;
    let scopes = [Pantry(pantry), PantryStock(pantry), FoodBank(987_654)];
    let now = store.scope_versions(&scopes).await.unwrap();
    assert_eq!(now[2], 0, "never written");
    let mark = store.scope_mark().await.unwrap();
    let before: Vec<Option<i64>> = now.iter().map(|v| Some(*v)).collect();
    assert_eq!(store.scope_versions_before(&scopes, &mark).await.unwrap(), before);

    // A write in flight at the mark, committed after it.
    let txn = super::begin_write(db).await.unwrap();
    txn.execute_unprepared(&format!("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = {item}"))
        .await
        .unwrap();
    let mark = store.scope_mark().await.unwrap();
    assert_eq!(store.scope_versions(&scopes).await.unwrap(), now, "uncommitted: not seen");
    txn.commit().await.unwrap();
    let after = store.scope_versions_before(&scopes, &mark).await.unwrap();
    assert_eq!(after, vec![Some(now[0]), None, Some(0)], "{}: the stock was written after the mark", t.label());
    let bumped = store.scope_versions(&scopes).await.unwrap();
    assert_ne!(bumped[1], now[1]);

    // A new mark vouches for it.
    let mark = store.scope_mark().await.unwrap();
    let later = store.scope_versions_before(&scopes, &mark).await.unwrap();
    assert_eq!(later, bumped.iter().map(|v| Some(*v)).collect::<Vec<_>>());
}
on_both!(cache_scope_versions_since_a_mark, check_scope_versions_since_a_mark);
