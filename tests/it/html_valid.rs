//! The server's HTML is valid HTML (issue 28): the W3C Nu checker (`vnu-jar`, from app/'s npm
//! packages; Java from the machine) reads every page the host renders, in every language (the
//! staff side in its own, English and Spanish), signed out and, for the shopper's own pages,
//! signed in, and any error fails the test.
//!
//! One backend: the markup does not depend on the database, and the checker's JVM start is the
//! slow part of this test.
use crate::{
    api_orders::{MAIN, demo, pantry, pickup, place, stock, times},
    api_staff::token_of,
    api_support::{Backend, TestApp},
};
use axum::{
    body::Body,
    http::{Request, header},
};
use http_body_util::BodyExt;
use serde_json::Value;
use std::{collections::BTreeSet, path::PathBuf, process::Command};
use tower::ServiceExt;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

#[tokio::test]
async fn every_page_is_valid_html_in_every_language() {
    let t = TestApp::new(Backend::Sqlite).await;
    let me = demo(&t).await;
    let main = pantry(&t, MAIN).await;
    let item = stock(&t, main, 5).await;
    let order = place(&t, &me, pickup(main, times(&t, main, 2).await[0], &[(item, 1)])).await;
    let shop = fetch(&t, &format!("/products?pantry={main}"), None).await;
    let product = regex_lite::Regex::new(r#"href="(/products/\d+[^"]*)""#)
        .unwrap()
        .captures(&shop.1)
        .map(|c| c[1].replace("&amp;", "&"));
    let product = product.expect("the shop links its products");

    let public = [
        "/".to_owned(),
        "/home/foodbank?zip=43215".into(),
        "/home/modal/1".into(),
        "/pantries?zip=43215".into(),
        format!("/pantries/{main}"),
        format!("/products?pantry={main}"),
        product,
        "/cart".into(),
        "/cart/schedulepickup".into(),
        "/account/login".into(),
        "/account/register".into(),
        "/account/register/eligibility".into(),
        "/account/forgot-password".into(),
        "/account/update-password/some-token/123456".into(),
        "/referral".into(),
        "/referral/FAITH2026".into(),
        "/no/such/page".into(),
    ];
    let personal = [
        "/account".to_owned(),
        "/account/orders".into(),
        format!("/account/orders/{order}"),
        format!("/account/orders/{order}/cancel"),
        format!("/account/orders/{order}/location"),
        format!("/account/orders/{order}/time"),
        format!("/cart/confirmation/{order}"),
        "/messages".into(),
    ];

    // The staff side, as the demo pantry staff member (the order is at one of their pantries).
    let staff = token_of(&t, orderahead::db::seed::DEMO_STAFF_EMAIL).await;
    let stock = t.get("/api/v1/staff/stock", Some(&staff)).await;
    let (pantry, item) =
        (stock.value()["pantryId"].as_i64().unwrap(), stock.value()["items"][0]["id"].as_i64().unwrap());
    let csv = format!("itemId,quantity\n{item},5\n999999999,x\n");
    let upload = t
        .post("/api/v1/staff/stock/imports", Some(&staff), serde_json::json!({ "pantryId": pantry, "csv": csv }))
        .await;
    let import = upload.value()["token"].as_str().unwrap().to_owned();
    // The order made the demo shopper's household.
    let shopper = t.state.store.test_user_id(orderahead::db::seed::DEMO_EMAIL).await.unwrap().unwrap();
    let household = t.state.store.test_household_of(shopper).await.unwrap().unwrap();
    // Every food bank asks for a visit's signature, so the household page shows its fields too.
    use sea_orm::ConnectionTrait;
    t.db().execute_unprepared("UPDATE food_banks SET visit_signature = TRUE").await.unwrap();
    let staff_pages = [
        "/staff".to_owned(),
        "/staff/orders".into(),
        "/staff/find".into(),
        format!("/staff/orders/{order}"),
        "/staff/check-in".into(),
        "/staff/pick-list".into(),
        "/staff/schedule".into(),
        "/staff/items".into(),
        format!("/staff/stock?pantry={pantry}"),
        format!("/staff/stock/{item}"),
        format!("/staff/stock/import/{import}"),
        "/staff/reports".into(),
        format!("/staff/tefap?pantry={pantry}"),
        format!("/staff/households?pantry={main}"),
        format!("/staff/households/{household}?pantry={main}"),
        format!("/staff/households/{household}/order?pantry={main}"),
    ];
    let admin = token_of(&t, orderahead::db::seed::DEMO_ADMIN_EMAIL).await;
    // A delivery window with a packed order made into a run, for the runs board and a run sheet.
    let (window, program, bank) = crate::runs::window(&t).await;
    let delivered = t.state.store.test_delivery_stock(bank, program, 10).await.unwrap();
    crate::runs::ready_delivery(&t, window, bank, 2.0, delivered).await;
    let board = t
        .post(
            &format!("/api/v1/staff/delivery-windows/{window}/runs"),
            Some(&admin),
            serde_json::json!({ "drivers": 1 }),
        )
        .await;
    let run = board.value()["runs"][0]["id"].as_i64().expect("a run");
    let admin_pages = [
        format!("/staff/runs?window={window}"),
        format!("/staff/runs/{run}"),
        "/staff/team".into(),
        "/staff/audit".into(),
        "/staff/delivery-schedule".into(),
        "/staff/pantries-admin".into(),
        "/staff/codes".into(),
        "/staff/content".into(),
        "/staff/settings".into(),
        // Setting up a code app: the key and its address.
        "/staff/second-factor".into(),
    ];

    let dir = PathBuf::from(ROOT).join("target/tmp/html-valid");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut routes = BTreeSet::new();
    let mut files = Vec::new();
    for lang in orderahead::catalog::Lang::all() {
        // The staff side is written in the staff languages only (others get its English pages).
        let staff_side = lang.for_staff() == lang;
        let lang = lang.code();
        let pages = public
            .iter()
            .map(|p| (p, None))
            .chain(personal.iter().map(|p| (p, Some(me.token.as_str()))))
            .chain(staff_pages.iter().filter(|_| staff_side).map(|p| (p, Some(staff.as_str()))))
            .chain(admin_pages.iter().filter(|_| staff_side).map(|p| (p, Some(admin.as_str()))));
        for (n, (path, token)) in pages.enumerate() {
            let (status, html) = fetch(&t, &with_lang(path, lang), token).await;
            assert!(status < 500, "{path} ({lang}) answered {status}");
            assert!(!html.contains("class=\"loading-screen\""), "{path} ({lang}) was server-rendered");
            routes.insert(route_of(&html));
            let file = dir.join(format!("{lang}-{n:02}.html"));
            std::fs::write(&file, &html).unwrap();
            files.push((file, format!("{path} ({lang})")));
        }
    }
    // Every page of the app is among them: a new route needs a line above.
    let mut app_routes = BTreeSet::new();
    for entry in std::fs::read_dir(PathBuf::from(ROOT).join("app/src/routes")).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            app_routes.insert(entry.file_name().to_string_lossy().into_owned());
        }
    }
    assert_eq!(routes, app_routes, "the pages checked are every route of the app");

    let errors = check(&files.iter().map(|(f, _)| f.clone()).collect::<Vec<_>>());
    let named: Vec<String> = errors
        .iter()
        .map(|(file, message)| {
            let page = files.iter().find(|(f, _)| f.to_string_lossy() == *file).map_or(file.as_str(), |(_, p)| p);
            format!("{page}: {message}")
        })
        .collect();
    assert!(named.is_empty(), "the Nu HTML checker found errors:\n  {}", named.join("\n  "));
    t.cleanup().await;
}

/// The checker itself refuses what it should: a known error in, a known error out, so a broken
/// checker run cannot pass the test above by reporting nothing.
#[test]
fn the_checker_reports_an_invalid_attribute() {
    let dir = PathBuf::from(ROOT).join("target/tmp/html-valid-canary");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.html");
    let bad = r#"<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><input type="text" autocomplete="bogus-token"></body></html>"#;
    std::fs::write(&file, bad).unwrap();
    let errors = check(&[file]);
    assert!(errors.iter().any(|(_, m)| m.contains("autocomplete")), "{errors:?}");
}

fn with_lang(path: &str, lang: &str) -> String {
    format!("{path}{}lang={lang}", if path.contains('?') { '&' } else { '?' })
}

async fn fetch(t: &TestApp, uri: &str, token: Option<&str>) -> (u16, String) {
    let mut req = Request::get(uri);
    if let Some(token) = token {
        req = req.header(header::COOKIE, format!("oa_session={token}"));
    }
    let res = t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

/// The route id the page's payload names.
fn route_of(html: &str) -> String {
    let re = regex_lite::Regex::new(r#""route":"([a-z-]+)""#).unwrap();
    re.captures(html).map(|c| c[1].to_owned()).unwrap_or_else(|| panic!("no route in {html}"))
}

/// `(file, message)` of every error the Nu checker finds in the files.
fn check(files: &[PathBuf]) -> Vec<(String, String)> {
    let jar = PathBuf::from(ROOT).join("app/node_modules/vnu-jar/build/dist/vnu.jar");
    assert!(jar.exists(), "{} is missing: the app's npm packages install it (build.rs runs npm ci)", jar.display());
    let out = Command::new("java")
        .arg("-jar")
        .arg(&jar)
        .args(["--errors-only", "--format", "json", "--exit-zero-always"])
        .args(files)
        .output()
        .expect("java runs (apt-get install -y default-jre-headless)");
    let report: Value = serde_json::from_slice(&out.stderr)
        .unwrap_or_else(|e| panic!("the checker's report ({e}): {}", String::from_utf8_lossy(&out.stderr)));
    report["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .filter(|m| m["type"] == "error" || m["subType"] == "fatal")
        .map(|m| {
            let file = m["url"].as_str().unwrap_or("").trim_start_matches("file:").to_owned();
            let line = m["lastLine"].as_u64().unwrap_or(0);
            (file, format!("line {line}: {}", m["message"].as_str().unwrap_or("")))
        })
        .collect()
}
