//! The cache scopes' triggers and versions.
use super::*;
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
    use crate::db::Scope::*;
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
    let sql = format!("UPDATE delivery_times SET delivery_end_time = '23:58:00' WHERE delivery_program_id = {program}");
    assert_eq!(bumped_by(db, &sql).await, set(&[DeliveryProgram(program).key()]), "{l}: delivery windows");

    // Pickup times bump their pantry only (the `updated_at` touch they cause is not a change).
    // One that no demo order names, so that it can be deleted below: which times the demo's
    // orders take follows the day the seed runs.
    let (time, timed) = one_id(
        db,
        "SELECT id, pantry_location_id FROM pickup_times \
         WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.pickup_time_id = pickup_times.id) ORDER BY id",
    )
    .await;
    let sql = format!("UPDATE pickup_times SET pickup_end_time = '23:59:00' WHERE id = {time}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(timed).key()]), "{l}: pickup time");
    // Bookings are not shown, only whether the time is full: a booking that leaves room bumps
    // nothing, the one that fills it (and a capacity edit) bump the pantry.
    let sql = format!("UPDATE pickup_times SET capacity = booked + 2 WHERE id = {time}");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(timed).key()]), "{l}: capacity");
    let sql = format!("UPDATE pickup_times SET booked = booked + 1 WHERE id = {time}");
    assert_eq!(bumped_by(db, &sql).await, set(&[]), "{l}: a booking with room left");
    assert_eq!(bumped_by(db, &sql).await, set(&[Pantry(timed).key()]), "{l}: the booking that fills it");
    let sql = format!("UPDATE pickup_times SET booked = booked + 1 WHERE id = {time}");
    assert!(db.execute_unprepared(&sql).await.is_err(), "{l}: an overfull time is refused by its CHECK");
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
    use crate::db::Scope::*;
    let db = t.db();
    seed::seed_demo(db, Utc::now(), fake_hash).await.expect("seed demo");
    let store = crate::db::repo::Store::new(db.clone());
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
    let txn = crate::db::begin_write(db).await.unwrap();
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

    // The mark a versions read brings (the render cache's, with no query of its own) is one too:
    // it vouches for what that read saw, not for a write committed after it; and it comes even
    // when no scope read has a row yet.
    let (seen, mark) = store.scope_versions_marked(&scopes, None).await.unwrap();
    let mark = mark.expect("a mark with the versions");
    let vouched = store.scope_versions_before(&scopes, &mark).await.unwrap();
    assert_eq!(vouched, seen.iter().map(|(v, _)| Some(*v)).collect::<Vec<_>>());
    let txn = crate::db::begin_write(db).await.unwrap();
    txn.execute_unprepared(&format!("UPDATE inventory_items SET quantity = quantity + 1 WHERE id = {item}"))
        .await
        .unwrap();
    txn.commit().await.unwrap();
    let after = store.scope_versions_before(&scopes, &mark).await.unwrap();
    assert_eq!(after, vec![Some(seen[0].0), None, Some(0)], "{}: the stock was written after that read", t.label());
    let (unwritten, mark) = store.scope_versions_marked(&[FoodBank(987_654)], None).await.unwrap();
    assert_eq!(unwritten, vec![(0, true)]);
    assert!(mark.is_some(), "{}: a mark without any scope row", t.label());
}
on_both!(cache_scope_versions_since_a_mark, check_scope_versions_since_a_mark);
