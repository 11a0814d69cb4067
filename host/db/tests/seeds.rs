//! The demo and scale seeds load what the app and the benchmarks expect.
use super::*;
// ---- Demo seed ---------------------------------------------------------------------------

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
    // Every table has demo rows but those a shopper's later actions, a running server or the
    // staff's edits fill (reset links, sign-outs, mail, job claims, schedules, closed days, audit,
    // stock movements and imports: the demo's stock is where its history starts, uploaded photos,
    // the console's remembered pantries).
    let empty = [
        "password_reset_token",
        "revoked_session",
        "session",
        "second_factor",
        "recovery_code",
        "outbox",
        "job",
        "audit_log",
        "schedule",
        "schedule_horizon",
        "closed_day",
        "stock_movement",
        "stock_move_key",
        "stock_import",
        "file",
        // The pantry each staff member last chose: written as they work.
        "staff_choice",
        // The demo has no delivery schedules, and its orders are seeded, not placed.
        "delivery_schedule",
        "tefap_record",
        // Made when a shopper asks for their calendar feed's address.
        "calendar_feed",
        // Made as walk-ins are served.
        "visit",
        "visit_line",
        // Made as staff decide a household's TEFAP eligibility (the demo's households have none).
        "tefap_decision",
        // Made as staff register passkeys, and while a page's passkey challenge waits.
        "passkey",
        "passkey_ceremony",
        // Made as the door sends what it recorded without a connection.
        "door_action",
        // Made as the delivery coordinator shares a window's packed orders among the drivers.
        "delivery_run",
        "delivery_stop",
    ];
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
    let id = super::stock::stock_fixture(db, 1).await;
    assert!(id > 0);
}
on_both!(scale_seed_small, check_scale_seed);
