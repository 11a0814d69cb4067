//! Stock (the CHECK constraint and conditional decrements) and the other constraints.
use super::*;
// ---- Stock: CHECK constraint and conditional decrements ----------------------------------

async fn ohio<C: ConnectionTrait>(db: &C) -> i64 {
    use crate::db::entity::province;
    province::Entity::find().filter(province::Column::Abbreviation.eq("OH")).one(db).await.unwrap().expect("Ohio").id
}

/// A minimal world with one pantry item in stock at one pantry; returns the inventory id.
pub(super) async fn stock_fixture<C: ConnectionTrait>(db: &C, quantity: i32) -> i64 {
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
        name_es: Set(None),
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
            let txn = crate::db::begin_write(&db).await.expect("begin write");
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
        phone_only: Set(false),
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
    let txn = crate::db::begin_write(db).await.unwrap();
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

// ---- The audit log: kept with its change, dropped with a rollback ---------------------------

async fn audit_commits_and_rolls_back_with_its_change(t: &TestDb) {
    use crate::db::repo::{Store, audit::AuditEntry};
    let store = Store::new(t.db().clone());
    let now = Utc.with_ymd_and_hms(2026, 11, 25, 15, 0, 0).unwrap();
    let entry = |subject: &str, after: i32| {
        AuditEntry::change(
            7,
            (3, Some(11)),
            crate::domain::audit::AuditAction::StockMove,
            subject.to_owned(),
            Some(&1),
            Some(&after),
        )
    };
    let kept = store.begin_write().await.unwrap();
    kept.audit(entry("pantryItem:1", 5), now).await.unwrap();
    kept.commit().await.unwrap();
    let dropped = store.begin_write().await.unwrap();
    dropped.audit(entry("pantryItem:2", 9), now).await.unwrap();
    drop(dropped);
    store.audit(entry("pantryItem:3", 4), now + Duration::minutes(1)).await.unwrap();

    let rows = store.audit_entries(vec![3], None, None, 10).await.unwrap();
    let subjects: Vec<&str> = rows.iter().map(|r| r.subject.as_str()).collect();
    assert_eq!(subjects, ["pantryItem:3", "pantryItem:1"], "newest first, the rolled-back one absent");
    assert_eq!(rows[1].before, Some(serde_json::json!(1)));
    assert_eq!(rows[1].after, Some(serde_json::json!(5)));
    assert_eq!(
        (rows[1].actor_user_id, rows[1].pantry_location_id, rows[1].action.as_str()),
        (7, Some(11), "stock.move")
    );
    assert_eq!(rows[1].at, now);
    assert!(
        store.audit_entries(vec![4], None, None, 10).await.unwrap().is_empty(),
        "another food bank's are not listed"
    );
    let older = store.audit_entries(vec![3], Some(11), Some(rows[0].id), 10).await.unwrap();
    assert_eq!(older.len(), 1, "paging on from the newest");
}
on_both!(audit_log_round_trip, audit_commits_and_rolls_back_with_its_change);

// ---- A staff stock move and an order do not wait on each other ------------------------------

/// An order writes its lines (whose foreign key holds a key share on the stock row) before it
/// bumps the stock's cache scopes; a staff move bumps the scopes first and then locks the row.
/// Were that lock FOR UPDATE, it would wait for the order's key share while the order waits for
/// the scope: a deadlock (issue 47: 36 in a burst of 60 moves and 100 orders, 408s for moves
/// that had committed). FOR NO KEY UPDATE does not conflict with a key share. PostgreSQL only:
/// SQLite serialises writers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stock_move_does_not_wait_for_an_orders_key_share() {
    use crate::db::repo::Store;
    use sea_orm::TransactionTrait;
    let t = TestDb::postgres().await;
    let id = stock_fixture(t.db(), 5).await;
    let order = t.db().begin().await.unwrap();
    order
        .execute_raw(sea_orm::Statement::from_sql_and_values(
            DbBackend::Postgres,
            "SELECT id FROM inventory_items WHERE id = $1 FOR KEY SHARE",
            [id.into()],
        ))
        .await
        .unwrap();
    let store = Store::new(t.db().clone());
    let write = store.begin_write().await.unwrap();
    let locked = tokio::time::timeout(std::time::Duration::from_secs(10), write.lock_stock(&[id])).await;
    let quantities = locked.expect("the move does not wait for the order's key share").unwrap();
    assert_eq!(quantities.get(&id), Some(&5));
    drop(write);
    order.rollback().await.unwrap();
    t.cleanup().await;
}
