//! The HSDS export (issue 54 items 2 and 3), on both databases: every answer of `/api/hsds` and
//! every object of its bulk zip validates against HSDS 3.0's compiled JSON Schemas (vendored in
//! `tests/fixtures/hsds/`) with no error; weekly hours are a WEEKLY recurrence and a closed day its
//! exception; a restricted pantry says a referral is required and carries no code; deactivated
//! pantries and disabled food banks are left out; a write shows in the next answer.
use crate::{
    api_orders::{MAIN, pantry},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{body::Body, http::Request};
use chrono::{Datelike, Duration, NaiveDate, Utc};
use chrono_tz::America::New_York;
use http_body_util::BodyExt;
use jsonschema::Validator;
use orderahead::db::seed::DEMO_STAFF_EMAIL;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    io::{Cursor, Read},
    sync::OnceLock,
};
use tower::ServiceExt;

on_both!(
    the_export_validates_against_the_hsds_schemas,
    a_closed_day_is_the_exception_of_the_weekly_recurrence,
    left_out_what_is_not_public_and_writes_show_at_once,
    unknown_ids_and_bad_pages_answer_the_envelope,
);

/// Codes and the people of the demo, none of which may appear anywhere in the export.
const NEVER: &[&str] = &["FAITH2026", "KINGARTS", "OLDSTPATS", "DELIVERCOH", "@example.org", "Valley of the Sun"];

fn schema_file(name: &str) -> Value {
    let path = format!("{}/tests/fixtures/hsds/{name}.json", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn build(schema: &Value) -> Validator {
    jsonschema::draft202012::options().should_validate_formats(true).build(schema).expect("a valid schema")
}

/// Validators by name: the compiled files, and the location and schedule objects as the compiled
/// service schema nests them (HSDS compiles no file of their own).
fn validators() -> &'static HashMap<&'static str, Validator> {
    static V: OnceLock<HashMap<&'static str, Validator>> = OnceLock::new();
    V.get_or_init(|| {
        let mut v: HashMap<&'static str, Validator> = HashMap::new();
        for name in [
            "organization",
            "organization_list",
            "service",
            "service_list",
            "service_at_location",
            "service_at_location_list",
        ] {
            v.insert(name, build(&schema_file(name)));
        }
        let service = schema_file("service");
        v.insert("location", build(&service["properties"]["service_at_locations"]["items"]["properties"]["location"]));
        v.insert("schedule", build(&service["properties"]["schedules"]["items"]));
        v
    })
}

/// Fails with every error of every object (none may have any).
fn assert_valid(schema: &str, objects: &[Value]) {
    let validator = &validators()[schema];
    let errors: Vec<String> = objects
        .iter()
        .flat_map(|o| validator.iter_errors(o).map(move |e| format!("{e} at {} in {o}", e.instance_path())))
        .collect();
    assert!(errors.is_empty(), "{} errors against {schema}: {errors:#?}", errors.len());
    assert!(!objects.is_empty(), "nothing to validate against {schema}");
}

async fn get(t: &TestApp, uri: &str) -> (u16, Value) {
    let r = t.get(uri, None).await;
    (r.status, r.body)
}

async fn ok(t: &TestApp, uri: &str) -> Value {
    let (status, body) = get(t, uri).await;
    assert_eq!(status, 200, "{uri}: {body}");
    body
}

/// The whole list at `uri` (one page of up to 1000).
async fn all(t: &TestApp, uri: &str) -> Vec<Value> {
    let sep = if uri.contains('?') { '&' } else { '?' };
    let page = ok(t, &format!("{uri}{sep}per_page=1000")).await;
    assert_eq!(page["total_pages"], 1, "{page}");
    page["contents"].as_array().unwrap().clone()
}

/// The bulk zip's files, parsed.
async fn zip_files(t: &TestApp) -> HashMap<String, Value> {
    let req = Request::get("/api/hsds/export.zip").body(Body::empty()).unwrap();
    let res = t.app().oneshot(req).await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/zip");
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes.to_vec())).expect("a zip");
    let mut files = HashMap::new();
    for i in 0..archive.len() {
        let mut file = archive.by_index(i).unwrap();
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        files.insert(file.name().unwrap().to_string(), serde_json::from_str(&text).expect("JSON"));
    }
    files
}

fn array(v: &Value) -> Vec<Value> {
    v.as_array().unwrap_or_else(|| panic!("an array: {v}")).clone()
}

/// Every answer and every object of the zip against the schemas; nothing that must not be there.
async fn validate_everything(t: &TestApp) -> HashMap<String, Value> {
    let meta = ok(t, "/api/hsds/").await;
    assert_eq!(meta["version"], "3.0");
    assert!(meta["profile"].as_str().unwrap().starts_with("https://"), "{meta}");
    assert!(meta["openapi_url"].as_str().unwrap().ends_with("/api/hsds/openapi.json"), "{meta}");
    let organizations = all(t, "/api/hsds/organizations").await;
    assert_valid("organization_list", &organizations);
    let mut full = Vec::new();
    for o in &organizations {
        full.push(ok(t, &format!("/api/hsds/organizations/{}", o["id"].as_str().unwrap())).await);
    }
    assert_valid("organization", &full);
    let services = all(t, "/api/hsds/services").await;
    assert_valid("service_list", &services);
    let mut full = Vec::new();
    for s in &services {
        full.push(ok(t, &format!("/api/hsds/services/{}", s["id"].as_str().unwrap())).await);
    }
    assert_valid("service", &full);
    let sals = all(t, "/api/hsds/service_at_locations").await;
    assert_valid("service_at_location_list", &sals);
    let mut full = Vec::new();
    for s in &sals {
        full.push(ok(t, &format!("/api/hsds/service_at_locations/{}", s["id"].as_str().unwrap())).await);
    }
    assert_valid("service_at_location", &full);

    let files = zip_files(t).await;
    assert_valid("organization", &array(&files["organizations.json"]));
    assert_valid("service", &array(&files["services.json"]));
    assert_valid("service_at_location_list", &array(&files["service_at_locations.json"]));
    assert_valid("location", &array(&files["locations.json"]));
    assert_valid("schedule", &array(&files["schedules.json"]));
    assert_eq!(array(&files["services.json"]).len(), services.len());
    assert_eq!(array(&files["organizations.json"]).len(), organizations.len());
    let text = serde_json::to_string(&files).unwrap();
    for never in NEVER {
        assert!(!text.contains(never), "{never} is in the export");
    }
    files
}

async fn the_export_validates_against_the_hsds_schemas(t: &TestApp) {
    // The validators do check: a bad id's format and a missing required field are errors.
    let bad = json!({ "id": "pantry-1", "name": "Food pickup", "status": "open" });
    assert_eq!(validators()["service"].iter_errors(&bad).count(), 2, "format and enum checked");
    assert!(!validators()["organization"].is_valid(&json!({ "id": uuid::Uuid::new_v4().to_string(), "name": "x" })));
    let files = validate_everything(t).await;
    let orgs: Vec<String> =
        array(&files["organizations.json"]).iter().map(|o| o["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(orgs.len(), 4, "the four enabled food banks: {orgs:?}");
    let services = array(&files["services.json"]);
    assert!(
        services.iter().any(|s| s["name"] == "Home delivery: Franklin County Home Delivery"),
        "Central Ohio's delivery program is a service"
    );
    // A restricted pantry: referral required, said in words only.
    let faith = services.iter().find(|s| s["name"] == "Food pickup at Faith Mission").expect("Faith Mission");
    assert!(faith["eligibility_description"].as_str().unwrap().starts_with("A referral is required"), "{faith}");
    let open = services.iter().find(|s| s["name"] == format!("Food pickup at {MAIN}")).expect("Main Library");
    assert!(open.get("eligibility_description").is_none(), "{open}");

    // With weekly hours, a one-off day and a closed day, everything still validates.
    arrange_hours(t).await;
    validate_everything(t).await;
}

/// Weekly hours (09:00-12:00 on a weekday), a one-off day and a closed day ten days ahead on that
/// weekday at the Main Library; (closed day, weekday's code, schedule row id).
async fn arrange_hours(t: &TestApp) -> (NaiveDate, &'static str, i64) {
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let closed = Utc::now().with_timezone(&New_York).date_naive() + Duration::days(10);
    let weekday = closed.weekday().num_days_from_monday();
    let row = json!({ "pantryId": main, "weekday": weekday, "opens": "09:00", "closes": "12:00", "slotMinutes": 30 });
    let id = t.post("/api/v1/staff/schedule", Some(&staff), row).await.value()["id"].as_i64().unwrap();
    let extra = json!({ "pantryId": main, "date": (closed + Duration::days(2)).to_string(), "opens": "06:00", "closes": "07:00", "slotMinutes": 60 });
    t.post("/api/v1/staff/schedule", Some(&staff), extra).await.value();
    let day = json!({ "pantryId": main, "firstDay": closed.to_string(), "lastDay": closed.to_string(), "reason": "Staff training" });
    t.post("/api/v1/staff/closed-days", Some(&staff), day).await.value();
    (closed, ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][weekday as usize], id)
}

fn main_schedules(files: &HashMap<String, Value>) -> Vec<Value> {
    let services = array(&files["services.json"]);
    let main = services.iter().find(|s| s["name"] == format!("Food pickup at {MAIN}")).expect("Main Library");
    array(&main["service_at_locations"][0]["schedules"])
}

async fn a_closed_day_is_the_exception_of_the_weekly_recurrence(t: &TestApp) {
    let before = zip_files(t).await;
    let link = main_schedules(&before);
    assert_eq!(link.len(), 1, "without weekly hours, the page's link: {link:?}");
    assert!(link[0]["schedule_link"].as_str().unwrap().contains("/pantries/"), "{link:?}");
    assert_eq!(zip_files(t).await["meta.json"]["generated"], before["meta.json"]["generated"], "served from the cache");

    let (closed, byday, row) = arrange_hours(t).await;
    let files = zip_files(t).await;
    let schedules = main_schedules(&files);
    let weekly: Vec<&Value> = schedules.iter().filter(|s| s["freq"] == "WEEKLY").collect();
    assert!(weekly.iter().all(|s| s["byday"] == byday), "{weekly:?}");
    let first = weekly[0];
    assert_eq!(first["valid_to"], (closed - Duration::days(1)).to_string(), "ends the day before: {first}");
    assert!(first["opens_at"].as_str().unwrap().starts_with("09:00-0"), "{first}");
    assert!(first["closes_at"].as_str().unwrap().starts_with("12:00-0"), "{first}");
    assert!(first["notes"].as_str().unwrap().contains("Staff training"), "{first}");
    assert_eq!(weekly[1]["valid_from"], (closed + Duration::days(1)).to_string(), "resumes the day after");
    let exception = schedules.iter().find(|s| s["description"] == "Closed").expect("the closed day");
    assert_eq!((&exception["valid_from"], &exception["valid_to"]), (&json!(closed), &json!(closed)));
    assert!(exception.get("freq").is_none() && exception.get("opens_at").is_none(), "{exception}");
    assert_eq!(exception["notes"], format!("Closed on {closed}: Staff training."));
    let extra = schedules.iter().find(|s| s["dtstart"] == json!(closed + Duration::days(2))).expect("the one-off day");
    assert!(extra["opens_at"].as_str().unwrap().starts_with("06:00"), "{extra}");
    // The flat schedules carry the same, linked to their service at a location.
    let services = array(&files["services.json"]);
    let main = services.iter().find(|s| s["name"] == format!("Food pickup at {MAIN}")).unwrap();
    let sal = main["service_at_locations"][0]["id"].clone();
    assert_eq!(main["service_at_locations"][0]["location"]["addresses"][0]["country"], "US");
    assert!(array(&files["service_at_locations.json"]).iter().any(|s| s["id"] == sal));
    let flat = array(&files["schedules.json"]).into_iter().filter(|s| s["service_at_location_id"] == sal).count();
    assert_eq!(flat, schedules.len());

    // An edit of the hours shows in the next export.
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let weekday = closed.weekday().num_days_from_monday();
    let later = json!({ "pantryId": pantry(t, MAIN).await, "weekday": weekday, "opens": "13:00", "closes": "15:00", "slotMinutes": 30 });
    t.put(&format!("/api/v1/staff/schedule/{row}"), Some(&staff), later).await.value();
    let edited = main_schedules(&zip_files(t).await);
    let weekly: Vec<&Value> = edited.iter().filter(|s| s["freq"] == "WEEKLY").collect();
    assert!(weekly.iter().all(|s| s["opens_at"].as_str().unwrap().starts_with("13:00")), "{weekly:?}");
    let service = ok(t, &format!("/api/hsds/service_at_locations/{}", sal.as_str().unwrap())).await;
    assert!(
        array(&service["schedules"]).iter().any(|s| s["opens_at"].as_str().is_some_and(|o| o.starts_with("13:00")))
    );
}

async fn left_out_what_is_not_public_and_writes_show_at_once(t: &TestApp) {
    let names = |files: &HashMap<String, Value>| -> Vec<String> {
        array(&files["locations.json"]).iter().map(|l| l["name"].as_str().unwrap().to_owned()).collect()
    };
    let before = names(&zip_files(t).await);
    assert!(before.iter().any(|n| n == MAIN));
    assert!(before.iter().any(|n| n == "Faith Mission"), "restricted pantries are listed");
    // Deactivated by hand in SQL: the triggers still tell the cache.
    let main = pantry(t, MAIN).await;
    t.db()
        .execute_unprepared(&format!("UPDATE pantry_locations SET is_active = false WHERE id = {main}"))
        .await
        .unwrap();
    let after = names(&zip_files(t).await);
    assert!(!after.iter().any(|n| n == MAIN), "a deactivated pantry is left out");
    assert_eq!(after.len() + 1, before.len());
    let services = all(t, "/api/hsds/services").await;
    assert!(!services.iter().any(|s| s["name"] == format!("Food pickup at {MAIN}")));
    // Hours written by hand, before the job makes any time of them: the export has them at once.
    let faith = pantry(t, "Faith Mission").await;
    let stamp =
        if t.db().get_database_backend() == sea_orm::DbBackend::Postgres { "now()" } else { "CURRENT_TIMESTAMP" };
    t.db()
        .execute_unprepared(&format!(
            "INSERT INTO schedules (pantry_location_id, weekday, opens, closes, slot_minutes, created_at) \
             VALUES ({faith}, 5, '10:00:00', '11:00:00', 60, {stamp})"
        ))
        .await
        .unwrap();
    let services = array(&zip_files(t).await["services.json"]);
    let faith = services.iter().find(|s| s["name"] == "Food pickup at Faith Mission").unwrap();
    let weekly = array(&faith["service_at_locations"][0]["schedules"]);
    assert!(weekly.iter().any(|s| s["byday"] == "SA" && s["freq"] == "WEEKLY"), "{weekly:?}");
    // A food bank disabled: its organization and everything of it go.
    let orgs = all(t, "/api/hsds/organizations").await;
    let chicago = orgs.iter().find(|o| o["name"] == "Chicagoland Community Food Bank").unwrap()["id"].clone();
    t.db().execute_unprepared("UPDATE food_banks SET is_enabled = false WHERE code = 'CHI'").await.unwrap();
    let (status, body) = get(t, &format!("/api/hsds/organizations/{}", chicago.as_str().unwrap())).await;
    assert_eq!(status, 404, "{body}");
    let services = all(t, &format!("/api/hsds/services?organization_id={}", chicago.as_str().unwrap())).await;
    assert!(services.is_empty(), "{services:?}");
}

async fn unknown_ids_and_bad_pages_answer_the_envelope(t: &TestApp) {
    for uri in [
        format!("/api/hsds/organizations/{}", uuid::Uuid::new_v4()),
        "/api/hsds/services/not-an-id".to_owned(),
        format!("/api/hsds/service_at_locations/{}", uuid::Uuid::new_v4()),
    ] {
        let (status, body) = get(t, &uri).await;
        assert_eq!(status, 404, "{uri}: {body}");
        assert_eq!((&body["successful"], &body["failureCode"]), (&json!(false), &json!("directoryRecordNotFound")));
    }
    for uri in [
        "/api/hsds/services?page=0",
        "/api/hsds/services?per_page=0",
        "/api/hsds/organizations?per_page=5000",
        "/api/hsds/service_at_locations?page=abc",
        "/api/hsds/services?per_page=-1",
    ] {
        let (status, body) = get(t, uri).await;
        assert_eq!(status, 400, "{uri}: {body}");
        assert_eq!(body["successful"], false, "{uri}: {body}");
    }
    let (status, body) = get(t, "/api/hsds/nothing-here").await;
    assert_eq!((status, &body["successful"]), (404, &json!(false)));
    // Pages past the last are empty, not errors.
    let page = ok(t, "/api/hsds/services?page=99&per_page=10").await;
    assert_eq!((&page["empty"], &page["last_page"], &page["size"]), (&json!(true), &json!(true), &json!(0)));
    let page = ok(t, "/api/hsds/services?page=2&per_page=10").await;
    assert_eq!((&page["page_number"], &page["size"], &page["first_page"]), (&json!(2), &json!(10), &json!(false)));

    // The API's own document names exactly the paths it serves.
    let doc = ok(t, "/api/hsds/openapi.json").await;
    let mut paths: Vec<&str> = doc["paths"].as_object().unwrap().keys().map(String::as_str).collect();
    paths.sort_unstable();
    assert_eq!(
        paths,
        vec![
            "/",
            "/export.zip",
            "/openapi.json",
            "/organizations",
            "/organizations/{id}",
            "/service_at_locations",
            "/service_at_locations/{id}",
            "/services",
            "/services/{id}",
        ]
    );
}
