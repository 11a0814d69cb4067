//! Database tests. Every test runs twice: on a fresh SQLite file and on a fresh
//! PostgreSQL database (see `testdb`; PostgreSQL must be running, the tests do not skip).

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use chrono::{DateTime, Duration, TimeZone, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr, EntityTrait, ExprTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, Statement, TransactionTrait,
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

/// Tables of one backend alone, without an entity: PostgreSQL's shared throttle counts
/// (`infra::ratelimit` counts in memory on SQLite), SQLite's R*Tree of pantry positions and the
/// tables it keeps its nodes in, and SQLite's pause of the slot insert triggers (migration 29).
fn backend_tables(backend: DbBackend) -> &'static [&'static str] {
    match backend {
        DbBackend::Postgres => &["rate_limit_buckets"],
        _ => &[
            "pantry_location_boxes",
            "pantry_location_boxes_node",
            "pantry_location_boxes_parent",
            "pantry_location_boxes_rowid",
            "slot_trigger_pauses",
        ],
    }
}

/// Every table the migrations create with an entity (besides `seaql_migrations`).
const TABLES: &[&str] = &[
    "addresses",
    "assistance_programs",
    "attachments",
    "audit_log",
    "calendar_feeds",
    "closed_days",
    "counties",
    "delivery_programs",
    "delivery_schedules",
    "delivery_times",
    "donation_package_types",
    "favorite_pantries",
    "files",
    "food_bank_survey_questions",
    "food_banks",
    "food_situation_answers",
    "genders",
    "households",
    "household_name_keys",
    "info_card_sections",
    "info_cards",
    "inventory_item_subcategories",
    "inventory_items",
    "jobs",
    "limits",
    "notification_reads",
    "notifications",
    "order_events",
    "order_items",
    "order_status_types",
    "orders",
    "outbox",
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
    "report_orders",
    "revoked_sessions",
    "saved_addresses",
    "sessions",
    "second_factors",
    "recovery_codes",
    "passkeys",
    "passkey_ceremonies",
    "door_actions",
    "driver_grants",
    "delivery_runs",
    "delivery_stops",
    "schedule_horizons",
    "schedules",
    "staff_choices",
    "staff_grants",
    "stock_imports",
    "stock_move_keys",
    "stock_movements",
    "subcategories",
    "survey_answers",
    "survey_questions",
    "tefap_decisions",
    "tefap_eligibilities",
    "tefap_guidelines",
    "tefap_records",
    "tefap_responses",
    "unit_of_measures",
    "user_authorized_locations",
    "user_delivery_food_banks",
    "user_referral_codes",
    "users",
    "visit_lines",
    "visits",
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
        audit_log,
        calendar_feed,
        closed_day,
        county,
        delivery_program,
        delivery_schedule,
        delivery_time,
        donation_package_type,
        favorite_pantry,
        file,
        food_bank,
        food_bank_survey_question,
        food_situation_answer,
        gender,
        household,
        household_name_key,
        info_card,
        info_card_section,
        inventory_item,
        inventory_item_subcategory,
        job,
        limit,
        notification,
        notification_read,
        order,
        order_event,
        order_item,
        outbox,
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
        report_order,
        revoked_session,
        saved_address,
        session,
        second_factor,
        recovery_code,
        passkey,
        passkey_ceremony,
        door_action,
        driver_grant,
        delivery_run,
        delivery_stop,
        schedule,
        schedule_horizon,
        staff_choice,
        staff_grant,
        stock_import,
        stock_move_key,
        stock_movement,
        subcategory,
        survey_answer,
        survey_question,
        tefap_decision,
        tefap_eligibility,
        tefap_guideline,
        tefap_record,
        tefap_response,
        unit_of_measure,
        user_authorized_location,
        user_delivery_food_bank,
        user_referral_code,
        user,
        visit,
        visit_line,
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
    let own = backend_tables(db.get_database_backend());
    for name in TABLES.iter().chain(SQL_ONLY_TABLES).chain(own) {
        assert!(tables.contains(*name), "{}: table {name} missing", t.label());
    }
    let expected = TABLES.len() + SQL_ONLY_TABLES.len() + own.len() + 1;
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

/// Migration 45 turns the demo households' "both names together" keys into keys found only whole,
/// and back down again, leaving every other key as it was.
async fn check_whole_name_keys_migration(t: &TestDb) {
    use sea_orm_migration::MigratorTrait;
    let db = t.db();
    seed::seed_demo(db, Utc::now(), fake_hash).await.expect("seed demo");
    let keys = async || key_rows(db).await;
    let now = keys().await;
    let both: Vec<(String, i64)> = super::entity::household::Entity::find()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|h| (format!("{}{}", h.first_key, h.last_key), h.id))
        .collect();
    assert!(!both.is_empty());
    // Down to just before migration 45, whichever came after it.
    let all = super::migration::Migrator::migrations();
    let at = all.iter().position(|m| m.name() == "m20270114_000045_whole_name_keys").expect("migration 45");
    super::migration::Migrator::down(db, Some((all.len() - at) as u32)).await.expect("migration 45 down");
    let before = keys().await;
    for (key, id) in &both {
        assert!(now.contains(&(true, key.clone(), *id)) && before.contains(&(false, key.clone(), *id)), "{key}");
    }
    let flipped: BTreeSet<_> = both.iter().map(|(key, id)| (key.clone(), *id)).collect();
    let unflipped = |set: &BTreeSet<(bool, String, i64)>| -> BTreeSet<(bool, String, i64)> {
        set.iter().filter(|(_, key, id)| !flipped.contains(&(key.clone(), *id))).cloned().collect()
    };
    assert_eq!(unflipped(&now), unflipped(&before));
    super::migration::Migrator::up(db, None).await.expect("migration 45 up");
    assert_eq!(keys().await, now);
}

on_both!(whole_name_keys_migration, check_whole_name_keys_migration);

/// The name keys' own columns, as every migration since 44 has them.
async fn key_rows(db: &DatabaseConnection) -> BTreeSet<(bool, String, i64)> {
    use super::entity::household_name_key as k;
    k::Entity::find()
        .select_only()
        .columns([k::Column::Typo, k::Column::Key, k::Column::HouseholdId])
        .into_tuple()
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .collect()
}

/// Migration 48 writes each key's household's folded names into it and drops the keys of a
/// household merged into another; down and up again, every other key is as it was.
async fn check_name_key_names_migration(t: &TestDb) {
    use super::entity::{household, household_name_key as k};
    use sea_orm_migration::MigratorTrait;
    let db = t.db();
    seed::seed_demo(db, Utc::now(), fake_hash).await.expect("seed demo");
    let all = super::migration::Migrator::migrations();
    let at = all.iter().position(|m| m.name() == "m20270117_000048_name_key_names").expect("migration 48");
    super::migration::Migrator::down(db, Some((all.len() - at) as u32)).await.expect("migration 48 down");
    let households = household::Entity::find().all(db).await.unwrap();
    assert!(households.len() >= 2, "the demo's households");
    let (kept, merged) = (&households[0], &households[1]);
    db.execute_unprepared(&format!("UPDATE households SET merged_into = {} WHERE id = {}", kept.id, merged.id))
        .await
        .unwrap();
    let before = key_rows(db).await;
    assert!(before.iter().any(|r| r.2 == merged.id), "the merged household's keys before");
    super::migration::Migrator::up(db, None).await.expect("migration 48 up");

    let expected: BTreeSet<_> = before.into_iter().filter(|r| r.2 != merged.id).collect();
    assert_eq!(key_rows(db).await, expected);
    let names: HashMap<i64, (String, String)> =
        households.iter().map(|h| (h.id, (h.first_key.clone(), h.last_key.clone()))).collect();
    for row in k::Entity::find().all(db).await.unwrap() {
        assert_eq!(Some(&(row.first_key, row.last_key)), names.get(&row.household_id), "{}", row.key);
    }
}

on_both!(name_key_names_migration, check_name_key_names_migration);

/// Two hosts started together on one empty PostgreSQL database, each migrating and seeding the
/// demo data: both come up, the schema is made once and the demo data loaded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn hosts_started_together_migrate_and_seed_once() {
    use sea_orm_migration::MigratorTrait;
    let t = TestDb::postgres_unmigrated().await;
    let other = super::connect_with(t.url(), Some(4)).await.expect("the second host's pool");
    let start = async |db: &DatabaseConnection| {
        super::migrate(db).await?;
        seed::seed_demo(db, Utc::now(), fake_hash).await
    };
    let (a, b) = tokio::join!(start(t.db()), start(&other));
    let (a, b) = (a.expect("the first host comes up"), b.expect("the second host comes up"));
    assert_eq!(u8::from(a.skipped) + u8::from(b.skipped), 1, "seeded once: {a:?} {b:?}");
    let banks = food_bank::Entity::find().filter(food_bank::Column::Code.eq("COH")).count(t.db()).await.unwrap();
    assert_eq!(banks, 1);
    let applied = t
        .db()
        .query_one_raw(Statement::from_string(DbBackend::Postgres, "SELECT COUNT(*) AS n FROM seaql_migrations"))
        .await
        .unwrap()
        .unwrap()
        .try_get::<i64>("", "n")
        .unwrap();
    assert_eq!(applied as usize, super::migration::Migrator::migrations().len());
    other.close().await.unwrap();
    t.cleanup().await;
}

/// Two hosts seeding the demo data at once on a migrated database whose reference rows are there
/// already (so no insert of one waits on the other's): the data is loaded once.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_demo_seeds_at_once_load_it_once() {
    let t = TestDb::postgres().await;
    seed::seed_reference(t.db()).await.unwrap();
    let other = super::connect_with(t.url(), Some(4)).await.expect("the second host's pool");
    let (a, b) =
        tokio::join!(seed::seed_demo(t.db(), Utc::now(), fake_hash), seed::seed_demo(&other, Utc::now(), fake_hash));
    let (a, b) = (a.expect("the first seed"), b.expect("the second seed"));
    assert_eq!(u8::from(a.skipped) + u8::from(b.skipped), 1, "seeded once: {a:?} {b:?}");
    let banks = food_bank::Entity::find().filter(food_bank::Column::Code.eq("COH")).count(t.db()).await.unwrap();
    assert_eq!(banks, 1);
    other.close().await.unwrap();
    t.cleanup().await;
}

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

fn miles(a: (f64, f64), b: (f64, f64)) -> f64 {
    let (p1, p2) = (a.0.to_radians(), b.0.to_radians());
    let (dp, dl) = (p2 - p1, (b.1 - a.1).to_radians());
    let h = (dp / 2.0).sin().powi(2) + p1.cos() * p2.cos() * (dl / 2.0).sin().powi(2);
    2.0 * 3958.8 * h.sqrt().asin()
}

fn fake_hash(password: &str) -> String {
    format!("$test$not-argon2${}", password.len())
}

mod scopes;
mod seeds;
mod stock;
