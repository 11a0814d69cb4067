//! Who looked (issue 53 item 6) on both databases: pantry staff opening a shopper's order (its
//! page or the API) and downloading the TEFAP records, and an admin downloading the change log,
//! are each written in the food bank's change log with who and which record (by id, never its
//! facts); the admin reads them there with the person's e-mail; a refused look writes nothing.
use crate::{
    api_orders::{MAIN, demo, pantry, pickup, stock, times},
    api_pick_list::page,
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use sea_orm::{ConnectionTrait, DbBackend, Statement};

on_both!(looks_at_orders_and_downloads_of_personal_data_are_logged);

async fn logged(t: &TestApp, action: &str, subject: &str) -> i64 {
    let backend = t.db().get_database_backend();
    let sql = match backend {
        DbBackend::Postgres => "SELECT COUNT(*) FROM audit_log WHERE action = $1 AND subject = $2",
        _ => "SELECT COUNT(*) FROM audit_log WHERE action = ? AND subject = ?",
    };
    let row = t
        .db()
        .query_one_raw(Statement::from_sql_and_values(backend, sql, [action.into(), subject.into()]))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

async fn looks_at_orders_and_downloads_of_personal_data_are_logged(t: &TestApp) {
    let main = pantry(t, MAIN).await;
    let time = times(t, main, 1).await[0];
    let item = stock(t, main, 5).await;
    let shopper = demo(t).await;
    let order = t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 1)])).await;
    let order = order.value().as_i64().unwrap();
    let subject = format!("order:{order}");
    let (staff, volunteer, admin) = (
        token_of(t, DEMO_STAFF_EMAIL).await,
        token_of(t, DEMO_VOLUNTEER_EMAIL).await,
        token_of(t, DEMO_ADMIN_EMAIL).await,
    );
    assert_eq!(logged(t, "shopper.view", &subject).await, 0, "placing it is no look");

    // The packing table opens it through the API, then its page: two looks.
    let r = t.get(&format!("/api/v1/staff/orders/{order}"), Some(&staff)).await;
    assert_eq!(r.value()["shopper"]["firstName"], "Demo");
    assert_eq!(logged(t, "shopper.view", &subject).await, 1);
    let (status, _, _) = page(t, &format!("/staff/orders/{order}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert_eq!(logged(t, "shopper.view", &subject).await, 2);
    // A volunteer may not open it: refused, and nothing is written.
    let r = t.get(&format!("/api/v1/staff/orders/{order}"), Some(&volunteer)).await;
    assert_eq!(r.status, 403);
    assert_eq!(logged(t, "shopper.view", &subject).await, 2);

    // The TEFAP records leave the site as a file: logged with the pantry and month.
    let month = t.state.clock.now().with_timezone(&chrono_tz::America::New_York).format("%Y-%m").to_string();
    let (status, _, _) = page(t, &format!("/staff/tefap.csv?pantry={main}&month={month}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert_eq!(logged(t, "export.tefap", &format!("tefap:{main}:{month}")).await, 1);
    // A month that is not one is refused, and no download is logged.
    let (status, _, _) = page(t, &format!("/staff/tefap.csv?pantry={main}&month=13"), Some(&staff)).await;
    assert_eq!(status, 400);
    assert_eq!(logged(t, "export.tefap", &format!("tefap:{main}:13")).await, 0);

    // The admin reads the looks in the change log, by e-mail, and their own download is logged.
    let log = t.get("/api/v1/staff/audit?action=shopper.view", Some(&admin)).await;
    let entries = log.value()["entries"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 2, "{entries:?}");
    assert!(entries.iter().all(|e| e["who"] == DEMO_STAFF_EMAIL && e["subject"] == subject.as_str()));
    let (status, _, csv) = page(t, "/staff/audit.csv?action=shopper.view", Some(&admin)).await;
    assert_eq!(status, 200);
    assert!(csv.contains(&subject) && csv.contains("Order and shopper opened"), "{csv}");
    assert_eq!(logged(t, "export.audit", "audit").await, 1);
}
