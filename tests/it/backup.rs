//! Backups that restore (issue 53 item 5). On SQLite: 100 shoppers order at once while
//! `orderahead backup` copies the database and the uploaded photos; the copy restored into an
//! empty data directory holds every order acknowledged before the backup began, no order that was
//! not acknowledged, each order whole (its line, its stock taken: stock plus units ordered is what
//! there was), and the photo; a backup after the burst restores exactly as many orders as were
//! acknowledged. The commands themselves back up and restore the demo, a restore refuses a data
//! directory that has a database and a file naming a place outside it, and on PostgreSQL both
//! say to use pg_dump.
use crate::{
    api_orders::{MAIN, Shopper, fresh, order_request, pantry, pickup, stock, times},
    api_support::TestApp,
    on_both,
    staff_items::upload,
};
use axum::{body::Body, http::Request};
use orderahead::{
    backup::{ON_POSTGRES, backup, restore},
    db::{self, seed::DEMO_STAFF_EMAIL},
};
use sea_orm::{ConnectionTrait, DatabaseConnection, DbBackend, Statement};
use std::{
    path::{Path, PathBuf},
    sync::{Arc, Mutex},
};
use tower::ServiceExt;

on_both!(a_backup_under_orders_restores_every_acknowledged_order);

const SHOPPERS: usize = 100;
const STOCK: i64 = 200;
/// The backup starts once this many orders are acknowledged: the rest race it.
const BEFORE_BACKUP: usize = 10;

fn scratch(what: &str) -> PathBuf {
    std::env::temp_dir().join(format!("orderahead-{what}-{}", uuid::Uuid::new_v4()))
}

async fn number(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db.query_one_raw(Statement::from_string(DbBackend::Sqlite, sql)).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap()
}

async fn ids(db: &DatabaseConnection, sql: &str) -> Vec<i64> {
    let rows = db.query_all_raw(Statement::from_string(DbBackend::Sqlite, sql)).await.unwrap();
    rows.iter().map(|r| r.try_get_by_index::<i64>(0).unwrap()).collect()
}

/// Restores `file` into a new data directory and opens the database there.
async fn restored(file: &Path) -> (PathBuf, DatabaseConnection) {
    let dir = scratch("restored");
    let summary = restore(file, &dir, &dir.join("files")).await.expect("the backup restores");
    assert!(summary.database_bytes > 0);
    let conn = db::connect(&db::sqlite_url(&dir)).await.unwrap();
    (dir, conn)
}

async fn a_backup_under_orders_restores_every_acknowledged_order(t: &TestApp) {
    let files = scratch("files");
    if t.db().get_database_backend() == DbBackend::Postgres {
        let refused = backup(t.db(), &files, &scratch("backup").join("b.zip")).await.unwrap_err();
        assert_eq!(refused.to_string(), ON_POSTGRES);
        return;
    }
    // A photo uploaded to the directory store the backup copies.
    let app = t.app_with_config(|c| {
        c.file_store = Some(orderahead::infra::files::FileBackend::Directory);
        c.files_dir = Some(files.clone());
    });
    let staff = crate::api_staff::token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, STOCK as i32).await;
    let png = crate::staff_items::image_bytes(400, 300, image::ImageFormat::Png);
    let pictured = crate::staff_items::new_item(t, &staff, main, "Backup Beans").await["id"].as_i64().unwrap();
    let (status, reply) = upload(app.clone(), &staff, pictured, &png).await;
    assert_eq!(status, 200, "{reply}");
    let photo = reply["value"]["photo"].as_str().unwrap().trim_start_matches("/files/").to_owned();

    let time = times(t, main, 1).await[0];
    let mut shoppers: Vec<Shopper> = Vec::with_capacity(SHOPPERS);
    for _ in 0..SHOPPERS {
        shoppers.push(fresh(t).await);
    }
    let first_new = number(t.db(), "SELECT COALESCE(MAX(id), 0) FROM orders").await;
    let body = pickup(main, time, &[(item, 1)]).to_string();
    let acknowledged = Arc::new(Mutex::new(Vec::<i64>::new()));
    let (progress, mut counted) = tokio::sync::watch::channel(0usize);
    let progress = Arc::new(progress);
    // One router for all (building one per request would let the first orders finish first).
    let shop = t.app();
    let tasks: Vec<_> = shoppers
        .iter()
        .map(|s| {
            let req = order_request(&s.token, &body);
            let (app, acknowledged, progress) = (shop.clone(), acknowledged.clone(), progress.clone());
            tokio::spawn(async move {
                let res = app.oneshot(req).await.unwrap();
                assert_eq!(res.status(), 200, "every order fits the stock");
                let bytes = http_body_util::BodyExt::collect(res.into_body()).await.unwrap().to_bytes();
                let id = serde_json::from_slice::<serde_json::Value>(&bytes).unwrap()["value"].as_i64().unwrap();
                let mut acknowledged = acknowledged.lock().unwrap();
                acknowledged.push(id);
                progress.send_replace(acknowledged.len());
            })
        })
        .collect();

    // The backup starts once some orders are in, while the rest are still being placed.
    counted.wait_for(|n| *n >= BEFORE_BACKUP).await.unwrap();
    let before: Vec<i64> = acknowledged.lock().unwrap().clone();
    let during = scratch("backup").join("during.zip");
    let summary = backup(t.db(), &files, &during).await.expect("a backup while orders are placed");
    assert_eq!(summary.files, 1, "the photo");
    for task in tasks {
        task.await.unwrap();
    }
    let all: Vec<i64> = acknowledged.lock().unwrap().clone();
    assert_eq!(all.len(), SHOPPERS);

    let (dir, copy) = restored(&during).await;
    let kept = ids(&copy, &format!("SELECT id FROM orders WHERE id > {first_new} ORDER BY id")).await;
    assert!(before.iter().all(|id| kept.contains(id)), "every order acknowledged before the backup is in it");
    assert!(kept.iter().all(|id| all.contains(id)), "no order that was not acknowledged");
    let lines = number(&copy, &format!("SELECT COUNT(*) FROM order_items WHERE order_id > {first_new}")).await;
    assert_eq!(lines, kept.len() as i64, "each order with its line");
    let left = number(&copy, &format!("SELECT quantity FROM inventory_items WHERE id = {item}")).await;
    assert_eq!(left + kept.len() as i64, STOCK, "each order's stock taken, none half");
    let restored_photo =
        std::fs::read(dir.join("files").join(&photo[..2]).join(&photo)).expect("the photo is restored");
    let served =
        app.clone().oneshot(Request::get(format!("/files/{photo}")).body(Body::empty()).unwrap()).await.unwrap();
    let served = http_body_util::BodyExt::collect(served.into_body()).await.unwrap().to_bytes();
    assert_eq!(restored_photo, served.to_vec());
    println!(
        "backup during the burst: {} of {SHOPPERS} orders in it ({} acknowledged before it began)",
        kept.len(),
        before.len()
    );
    copy.close().await.unwrap();

    // After the burst: the restored copy counts what was acknowledged, exactly.
    let after = scratch("backup").join("after.zip");
    backup(t.db(), &files, &after).await.unwrap();
    let (_, copy) = restored(&after).await;
    let kept = number(&copy, &format!("SELECT COUNT(*) FROM orders WHERE id > {first_new}")).await;
    assert_eq!(kept, SHOPPERS as i64);
    copy.close().await.unwrap();

    // A restore never overwrites a database, nor writes outside its directory.
    let refused = restore(&after, &dir, &dir.join("files")).await.unwrap_err();
    assert!(refused.to_string().contains("already holds a database"), "{refused}");
    let evil = scratch("evil").join("evil.zip");
    std::fs::create_dir_all(evil.parent().unwrap()).unwrap();
    {
        use std::io::Write;
        let mut zip = zip::ZipWriter::new(std::fs::File::create(&evil).unwrap());
        zip.start_file("orderahead.db", zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(b"x").unwrap();
        zip.start_file("../escaped.txt", zip::write::SimpleFileOptions::default()).unwrap();
        zip.write_all(b"x").unwrap();
        zip.finish().unwrap();
    }
    let target = scratch("target");
    let refused = restore(&evil, &target, &target.join("files")).await.unwrap_err();
    assert!(refused.to_string().contains("not a backup"), "{refused}");
    assert!(!target.join("orderahead.db").exists() && !target.parent().unwrap().join("escaped.txt").exists());

    // The commands, on this test's database file.
    let data_dir = PathBuf::from(t.db_url().trim_start_matches("sqlite://").split('?').next().unwrap())
        .parent()
        .unwrap()
        .to_path_buf();
    let file = scratch("cli").join("demo.zip");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_orderahead"))
            .args(args)
            .env_remove("DATABASE_URL")
            .output()
            .expect("the orderahead binary");
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr))
    };
    let (code, said) = run(&["backup", "--data-dir", data_dir.to_str().unwrap(), "--to", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    assert!(said.contains("backed up to"), "{said}");
    let into = scratch("cli-restored");
    let (code, said) = run(&["restore", "--data-dir", into.to_str().unwrap(), "--from", file.to_str().unwrap()]);
    assert_eq!(code, Some(0), "{said}");
    let copy = db::connect(&db::sqlite_url(&into)).await.unwrap();
    let orders = number(&copy, "SELECT COUNT(*) FROM orders").await;
    assert_eq!(orders, number(t.db(), "SELECT COUNT(*) FROM orders").await, "count: equal");
    copy.close().await.unwrap();
    let (code, said) = run(&["restore", "--data-dir", into.to_str().unwrap(), "--from", file.to_str().unwrap()]);
    assert_ne!(code, Some(0));
    assert!(said.contains("already holds a database"), "{said}");
    let (code, said) =
        run(&["backup", "--database-url", "postgres://127.0.0.1:5432/test", "--to", file.to_str().unwrap()]);
    assert_ne!(code, Some(0));
    assert!(said.contains("pg_dump"), "{said}");
}
