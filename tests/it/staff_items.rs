//! A pantry's items kept by its staff (`/api/v1/staff/items`) on both databases: adding one (a new
//! product or the catalog's), editing, hiding and showing it with the shop page following at
//! once, each change in the admin's audit log; the refusals at their fields with nothing written;
//! and photos: re-encoded by the server, kept by the database store and by the directory store,
//! served with an immutable cache lifetime and an ETag.
use crate::{
    api_orders::{CHICAGO, MAIN, pantry, stock},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
    page_cache::fetch,
};
use axum::{
    body::Body,
    http::{Request, header},
};
use http_body_util::BodyExt;
use orderahead::{
    db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
    infra::files::FileBackend,
};
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(
    items_are_added_edited_hidden_and_shown_and_audited,
    item_refusals_are_coded_at_their_fields_and_write_nothing,
    photos_are_reencoded_and_served_from_the_database_store,
    photos_are_reencoded_and_served_from_the_directory_store,
    the_photo_form_needs_this_site_and_its_token,
);

async fn items_of(t: &TestApp, token: &str, pantry: i64) -> Value {
    t.get(&format!("/api/v1/staff/items?pantry={pantry}"), Some(token)).await.value().clone()
}

/// A new product's item at `pantry`, with the first unit and category.
pub(crate) async fn new_item(t: &TestApp, token: &str, pantry: i64, name: &str) -> Value {
    let list = items_of(t, token, pantry).await;
    let form = json!({
        "pantryId": pantry, "name": name, "nameEs": "Lentejas", "amount": 16,
        "unitId": list["units"][0]["id"], "categoryId": list["categories"][0]["id"], "source": "donated",
    });
    t.post("/api/v1/staff/items", Some(token), form).await.value().clone()
}

/// Whether the pantry's shop page lists the inventory item.
async fn in_shop(t: &TestApp, pantry: i64, item: i64) -> Option<Value> {
    let (data, _) = fetch(t, &format!("/products?pantry={pantry}")).await;
    data["items"].as_array().expect("items").iter().find(|i| i["id"] == item).cloned()
}

async fn audit_of(t: &TestApp, pantry: i64) -> Vec<Value> {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let page = t.get(&format!("/api/v1/staff/audit?pantry={pantry}"), Some(&admin)).await;
    page.value()["entries"].as_array().unwrap().clone()
}

fn change<'a>(entry: &'a Value, field: &str) -> Option<&'a Value> {
    entry["changes"].as_array().unwrap().iter().find(|c| c["field"] == field)
}

async fn items_are_added_edited_hidden_and_shown_and_audited(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let made = new_item(t, &staff, main, "Test Lentils").await;
    let id = made["id"].as_i64().unwrap();
    assert_eq!(
        (made["active"].clone(), made["shared"].clone(), made["quantity"].clone()),
        (json!(true), json!(false), json!(0))
    );
    assert_eq!(
        (made["nameEs"].as_str(), made["source"].as_str(), made["amount"].as_f64()),
        (Some("Lentejas"), Some("DONATED"), Some(16.0))
    );
    assert!(made["category"].is_string() && made["unit"].is_string(), "{made}");
    let shown = in_shop(t, main, id).await.expect("a new item shows in the shop at once");
    assert_eq!(shown["pantryItem"]["name"], "Test Lentils");
    let (es, _) = fetch(t, &format!("/products?pantry={main}&lang=es")).await;
    let es = es["items"].as_array().unwrap().iter().find(|i| i["id"] == id).expect("on the Spanish page too").clone();
    assert_eq!(es["pantryItem"]["name"], "Lentejas", "the Spanish page shows the Spanish name");

    let list = items_of(t, &staff, main).await;
    let form =
        json!({ "name": "Red Lentils", "nameEs": "", "amount": 2, "unitId": made["unitId"], "source": "PURCHASED" });
    let edited = t.put(&format!("/api/v1/staff/items/{id}"), Some(&staff), form).await.value().clone();
    assert_eq!(
        (edited["name"].as_str(), edited["nameEs"].as_str(), edited["source"].as_str()),
        (Some("Red Lentils"), None, Some("PURCHASED"))
    );
    assert!(edited["categoryId"].is_null(), "no category given: listed under none");

    let hidden = t.put(&format!("/api/v1/staff/items/{id}/active"), Some(&staff), json!({ "active": false })).await;
    assert_eq!(hidden.value()["active"], false);
    assert!(in_shop(t, main, id).await.is_none(), "a hidden item leaves the shop at once");
    t.put(&format!("/api/v1/staff/items/{id}/active"), Some(&staff), json!({ "active": true })).await.value();
    assert!(in_shop(t, main, id).await.is_some(), "and comes back when shown");

    // From the catalog: a shared product, whose fields the form cannot change.
    let shared = list["catalog"].as_array().unwrap().iter().find(|p| p["shared"] == true).expect("a shared product");
    let form = json!({ "pantryId": main, "productId": shared["id"], "name": "ignored" });
    let from_catalog = t.post("/api/v1/staff/items", Some(&staff), form).await.value().clone();
    assert_eq!((from_catalog["name"].clone(), from_catalog["shared"].clone()), (shared["name"].clone(), json!(true)));

    let entries = audit_of(t, main).await;
    let mine: Vec<&Value> = entries.iter().filter(|e| e["subject"] == format!("inventoryItem:{id}")).collect();
    let actions: Vec<&str> = mine.iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["item.show", "item.hide", "item.update", "item.create"], "newest first");
    assert!(mine.iter().all(|e| e["who"] == DEMO_STAFF_EMAIL && e["pantry"] == MAIN));
    let update = change(mine[2], "name").expect("the name's change");
    assert_eq!((update["before"].as_str(), update["after"].as_str()), (Some("Test Lentils"), Some("Red Lentils")));
    assert_eq!(change(mine[1], "active").unwrap()["after"], "false");
    assert!(change(mine[1], "name").is_none(), "only what changed is listed");
    assert_eq!(change(mine[3], "name").unwrap()["before"], Value::Null, "a creation has no before");

    // The log is the admin's: pantry staff may not read it, nor the admin another food bank's.
    assert_eq!(t.get("/api/v1/staff/audit", Some(&staff)).await.status, 403);
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let chicago = pantry(t, CHICAGO).await;
    assert_eq!(t.get(&format!("/api/v1/staff/audit?pantry={chicago}"), Some(&admin)).await.status, 404);
}

async fn item_refusals_are_coded_at_their_fields_and_write_nothing(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let before = items_of(t, &staff, main).await["items"].as_array().unwrap().len();
    let audited = audit_of(t, main).await.len();
    let refused = |r: &crate::api_support::ApiReply| -> Vec<(String, String)> {
        assert_eq!(r.status, 400, "{}", r.body);
        r.body["value"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| (e["field"].as_str().unwrap().to_owned(), e["code"].as_str().unwrap().to_owned()))
            .collect()
    };
    let pair = |f: &str, c: &str| (f.to_owned(), c.to_owned());
    let r = t.post("/api/v1/staff/items", Some(&staff), json!({ "pantryId": main, "name": "  " })).await;
    assert_eq!(refused(&r), [pair("name", "required")]);
    let form = json!({ "pantryId": main, "name": "Rice", "amount": -1, "unitId": 999999, "categoryId": 999999, "source": "STOLEN" });
    let r = t.post("/api/v1/staff/items", Some(&staff), form).await;
    assert_eq!(
        refused(&r),
        [
            pair("amount", "outOfRange"),
            pair("unitId", "choice"),
            pair("categoryId", "choice"),
            pair("source", "choice")
        ]
    );
    let r = t.post("/api/v1/staff/items", Some(&staff), json!({ "pantryId": main, "productId": 999999 })).await;
    assert_eq!(refused(&r), [pair("productId", "choice")]);
    let long = "x".repeat(201);
    let r = t.post("/api/v1/staff/items", Some(&staff), json!({ "pantryId": main, "name": long })).await;
    assert_eq!(refused(&r), [pair("name", "tooLong")]);
    assert_eq!(items_of(t, &staff, main).await["items"].as_array().unwrap().len(), before, "nothing added");
    assert_eq!(audit_of(t, main).await.len(), audited, "nor audited");

    // Another food bank's pantry and its items are not theirs; a volunteer keeps no items.
    let chicago = pantry(t, CHICAGO).await;
    let theirs = stock(t, chicago, 5).await;
    assert_eq!(t.get(&format!("/api/v1/staff/items?pantry={chicago}"), Some(&staff)).await.status, 404);
    let r = t.put(&format!("/api/v1/staff/items/{theirs}/active"), Some(&staff), json!({ "active": false })).await;
    assert_eq!((r.status, r.body["failureCode"].as_str()), (404, Some("itemNotFound")));
    let r = t.post("/api/v1/staff/items", Some(&staff), json!({ "pantryId": chicago, "name": "Rice" })).await;
    assert_eq!(r.status, 404);
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    assert_eq!(t.get("/api/v1/staff/items", Some(&volunteer)).await.status, 403);
}

/// An image of `width` x `height` in `format`, with a gradient so it does not compress to nothing.
pub(crate) fn image_bytes(width: u32, height: u32, format: image::ImageFormat) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 251) as u8, (y % 241) as u8, ((x + y) % 7 * 30) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(img).write_to(&mut out, format).unwrap();
    out.into_inner()
}

/// Posts `bytes` as the multipart `photo` of the item through `app`.
pub(crate) async fn upload(app: axum::Router, token: &str, item: i64, bytes: &[u8]) -> (u16, Value) {
    let boundary = "oa-test-boundary-7d1f";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let req = Request::post(format!("/api/v1/staff/items/{item}/photo"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
        .body(Body::from(body))
        .unwrap();
    let res = app.oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

async fn photos_are_reencoded_and_served_from_the_database_store(t: &TestApp) {
    photos_are_reencoded_and_served(t, FileBackend::Database).await;
}

async fn photos_are_reencoded_and_served_from_the_directory_store(t: &TestApp) {
    photos_are_reencoded_and_served(t, FileBackend::Directory).await;
}

async fn photos_are_reencoded_and_served(t: &TestApp, backend: FileBackend) {
    let dir = std::env::temp_dir().join(format!("orderahead-files-{}", uuid::Uuid::new_v4()));
    let app = t.app_with_config(|c| {
        c.file_store = Some(backend);
        c.files_dir = Some(dir.clone());
    });
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = new_item(t, &staff, main, "Photo Beans").await;
    let id = item["id"].as_i64().unwrap();

    let png = image_bytes(1200, 900, image::ImageFormat::Png);
    let started = std::time::Instant::now();
    let (status, reply) = upload(app.clone(), &staff, id, &png).await;
    assert_eq!(status, 200, "{reply}");
    let took = started.elapsed();
    let path = reply["value"]["photo"].as_str().expect("the photo's address").to_owned();
    assert!(path.starts_with("/files/") && path.ends_with(".jpg"), "{path}");

    let res = app.clone().oneshot(Request::get(&path).body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(res.status(), 200);
    let h = res.headers().clone();
    assert_eq!(h[header::CONTENT_TYPE], "image/jpeg");
    assert_eq!(h[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    let etag = h[header::ETAG].to_str().unwrap().to_owned();
    let served = res.into_body().collect().await.unwrap().to_bytes().to_vec();
    assert_ne!(served, png, "never the uploaded bytes");
    assert_eq!(image::guess_format(&served).unwrap(), image::ImageFormat::Jpeg, "decodes as the declared type");
    let decoded = image::load_from_memory_with_format(&served, image::ImageFormat::Jpeg).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (800, 600), "shrunk to 800 px");
    println!(
        "photo upload ({backend:?} store): PNG 1200x900 of {} B stored as JPEG 800x600 of {} B in {} ms (debug build)",
        png.len(),
        served.len(),
        took.as_millis()
    );
    let again = Request::get(&path).header(header::IF_NONE_MATCH, &etag).body(Body::empty()).unwrap();
    let res = app.clone().oneshot(again).await.unwrap();
    assert_eq!(res.status(), 304);
    assert!(res.into_body().collect().await.unwrap().to_bytes().is_empty());
    match backend {
        FileBackend::Directory => {
            let sha = &path["/files/".len()..path.len() - 4];
            assert!(dir.join(&sha[..2]).join(format!("{sha}.jpg")).is_file(), "kept in the directory");
        }
        FileBackend::Database => {
            assert!(!dir.exists(), "kept in the database, not on disk");
            // Another host on the same database serves it (its own pool on PostgreSQL, where the
            // database store is the default; SQLite has one host: a second state stands in).
            let host_b = if t.state.store.is_shared() {
                orderahead::http::app(t.other_host().await)
            } else {
                t.app_with_config(|c| c.file_store = Some(FileBackend::Database))
            };
            let res = host_b.oneshot(Request::get(&path).body(Body::empty()).unwrap()).await.unwrap();
            assert_eq!(res.status(), 200, "served by another host");
            assert_eq!(res.into_body().collect().await.unwrap().to_bytes().to_vec(), served);
        }
    }
    let missing = format!("/files/{}.jpg", "0".repeat(64));
    assert_eq!(app.clone().oneshot(Request::get(&missing).body(Body::empty()).unwrap()).await.unwrap().status(), 404);

    // The shop's tile shows it (the catalog's scope moved with the attachment).
    let tile = in_shop(t, main, id).await.expect("shown");
    assert_eq!(tile["attachmentCollection"][0]["attachment"]["storagePath"], path.as_str());
    let audited = audit_of(t, main).await;
    let entry = audited.iter().find(|e| e["action"] == "item.photo").expect("the photo is audited");
    assert_eq!(change(entry, "photo").unwrap()["after"], path.as_str());

    // WebP and JPEG uploads are taken too; the rest is refused by content, whatever it claims.
    for format in [image::ImageFormat::WebP, image::ImageFormat::Jpeg] {
        let (status, reply) = upload(app.clone(), &staff, id, &image_bytes(40, 30, format)).await;
        assert_eq!(status, 200, "{format:?}: {reply}");
    }
    let mut cut = png.clone();
    cut.truncate(200);
    let mut over = image_bytes(64, 64, image::ImageFormat::Png);
    over.resize(5 * 1024 * 1024 + 1, 0);
    let huge = vec![0u8; 7 * 1024 * 1024];
    let cases: [(&[u8], &str); 5] = [
        (b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "photoWrongType"),
        (b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "photoWrongType"),
        (&cut, "photoUnreadable"),
        (&over, "photoTooLarge"),
        (&huge, "photoTooLarge"),
    ];
    for (bytes, code) in cases {
        let (status, reply) = upload(app.clone(), &staff, id, bytes).await;
        assert_eq!(
            ((400..500).contains(&status), reply["failureCode"].as_str()),
            (true, Some(code)),
            "{status} {reply}"
        );
    }
    // A shared catalog product's photo is the catalog's.
    let list = items_of(t, &staff, main).await;
    let shared = list["items"].as_array().unwrap().iter().find(|i| i["shared"] == true).expect("a seeded item");
    let (status, reply) = upload(app.clone(), &staff, shared["id"].as_i64().unwrap(), &png).await;
    assert_eq!((status, reply["failureCode"].as_str()), (409, Some("sharedProduct")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The items page's photo form (a plain multipart post) is refused from another site or without
/// the form token, before anything is read of the photo or stored.
async fn the_photo_form_needs_this_site_and_its_token(t: &TestApp) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let item = new_item(t, &staff, pantry(t, MAIN).await, "Form Beans").await["id"].as_i64().unwrap();
    let boundary = "oa-form-boundary";
    let body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\nforged\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"p.png\"\r\nContent-Type: image/png\r\n\r\nnot a photo\r\n--{boundary}--\r\n"
    );
    let main = pantry(t, MAIN).await;
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let pantry_photos = || async {
        let pantries = t.get("/api/v1/staff/pantries-admin", Some(&admin)).await.value().clone();
        pantries["pantries"].as_array().unwrap().iter().find(|p| p["id"] == main).unwrap()["photos"].clone()
    };
    let photos_before = pantry_photos().await;
    // The pantries page's photo form (food bank admins) is the same kind of post.
    let forms =
        [(format!("/staff/items/{item}/photo"), &staff), (format!("/staff/pantries-admin/{main}/photo"), &admin)];
    for (uri, who) in &forms {
        for (origin, expected) in [("https://elsewhere.example", 403), ("http://localhost", 403)] {
            let req = Request::post(uri)
                .header(header::ORIGIN, origin)
                .header(header::COOKIE, format!("oa_session={who}"))
                .header(header::CONTENT_TYPE, format!("multipart/form-data; boundary={boundary}"))
                .body(Body::from(body.clone()))
                .unwrap();
            let res = t.app().oneshot(req).await.unwrap();
            assert_eq!(res.status().as_u16(), expected, "{uri} from {origin}");
        }
    }
    let list = items_of(t, &staff, main).await;
    let saved = list["items"].as_array().unwrap().iter().find(|i| i["id"] == item).unwrap().clone();
    assert!(saved["photo"].is_null(), "nothing stored");
    assert_eq!(pantry_photos().await, photos_before, "no pantry photo stored");
}
