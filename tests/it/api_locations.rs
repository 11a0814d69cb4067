//! Pantry search, detail, pickup times, geocoding and food banks, on the demo data.
use crate::{
    api_support::{ApiReply, TestApp},
    on_both,
};
use chrono::{NaiveDate, NaiveTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde_json::{Value, json};

on_both!(
    search_around_43215_widens_with_the_radius_and_sorts_by_distance,
    search_offers_only_future_pickup_times,
    search_refuses_bad_radius_and_bad_query_types,
    search_filters_by_food_bank,
    pantry_detail_and_pickup_times,
    unknown_or_malformed_pantry_ids_answer_envelopes,
    geocode_known_and_unknown_zips,
    food_banks_serving_a_place,
    food_bank_detail_and_delivery_times,
);

/// Downtown Columbus (the demo's 43215).
pub const COLUMBUS: (f64, f64) = (39.9612, -82.9988);
pub const DENVER: (f64, f64) = (39.7392, -104.9903);
pub const MAIN_LIBRARY: &str = "Columbus Metropolitan Library - Main Library";

pub async fn search(t: &TestApp, at: (f64, f64), radius: u32) -> Vec<Value> {
    let r = t.get(&format!("/api/v1/locations?lat={}&lng={}&radiusMiles={radius}", at.0, at.1), None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value().as_array().unwrap().clone()
}

/// The id of the demo pantry labelled `label` within 20 miles of `at`.
pub async fn pantry_id(t: &TestApp, at: (f64, f64), label: &str) -> i64 {
    let found = search(t, at, 20).await;
    found.iter().find(|p| p["label"] == label).unwrap_or_else(|| panic!("{label} not found"))["id"].as_i64().unwrap()
}

/// Signs up a fresh shopper (no orders, no TEFAP eligibility) and returns their token.
pub async fn new_user(t: &TestApp, email: &str) -> String {
    let r = t
        .post(
            "/api/v1/account",
            None,
            json!({
                "firstName": "New", "lastName": "Shopper", "eMailAddress": email, "password": "A long enough secret 1!",
                "phoneNumber": "(614) 555-0199", "postalCode": "43215", "isEligible": true
            }),
        )
        .await;
    r.value()["jwt"].as_str().expect("registration answers a jwt").to_owned()
}

pub async fn food_bank_id(t: &TestApp, zip: &str) -> i64 {
    let r = t.get(&format!("/api/v1/foodbanks/locations?zip={zip}"), None).await;
    r.value()[0]["id"].as_i64().unwrap()
}

/// The start of a pickup time as an instant, read in the pantry's zone.
fn pickup_start(time: &Value, tz: Tz) -> chrono::DateTime<Utc> {
    let day: NaiveDate = time["pickupDay"].as_str().unwrap().parse().unwrap();
    let start: NaiveTime = time["pickupStartTime"].as_str().unwrap().parse().unwrap();
    tz.from_local_datetime(&day.and_time(start)).earliest().unwrap().with_timezone(&Utc)
}

fn assert_failure(r: &ApiReply, status: u16) {
    assert_eq!(r.status, status, "{}", r.body);
    assert!(!r.failure().is_empty());
    assert!(r.body["value"].is_null(), "{}", r.body);
}

async fn search_around_43215_widens_with_the_radius_and_sorts_by_distance(t: &TestApp) {
    let zip = t.get("/api/v1/locations/geocode/43215", None).await.value().clone();
    let centroid = (zip["latitude"].as_f64().unwrap(), zip["longitude"].as_f64().unwrap());
    let mut previous: Option<Vec<i64>> = None;
    for radius in [10, 15, 20] {
        let found = search(t, centroid, radius).await;
        assert!(found.len() >= 20, "radius {radius}: {}", found.len());
        let distances: Vec<f64> = found.iter().map(|p| p["distance"].as_f64().unwrap()).collect();
        assert!(distances.windows(2).all(|w| w[0] <= w[1]), "not sorted: {distances:?}");
        assert!(distances.iter().all(|d| *d <= f64::from(radius)), "{distances:?}");
        assert!(found.iter().all(|p| p["foodBank"]["code"] == "COH"));
        let ids: Vec<i64> = found.iter().map(|p| p["id"].as_i64().unwrap()).collect();
        if let Some(prev) = previous {
            assert!(prev.iter().all(|id| ids.contains(id)), "a wider search lost pantries");
            if radius == 15 {
                assert!(ids.len() > prev.len(), "Dublin, Canal Winchester and New Albany lie at 11-14 miles");
            }
        }
        previous = Some(ids);
    }
    let ten = search(t, COLUMBUS, 10).await;
    let main = ten.iter().find(|p| p["label"] == MAIN_LIBRARY).unwrap();
    assert!(main["distance"].as_f64().unwrap() < 0.5);
    assert_eq!(main["foodBankID"], main["foodBank"]["id"]);
    assert_eq!(main["foodBank"]["address"]["province"], "OH");
    assert_eq!(main["address"]["county"]["name"], "Franklin County");
    assert!(main["address"]["county"]["id"].is_i64());
    assert!(main["address"]["latitude"].is_f64() && main["address"]["longitude"].is_f64());
    assert_eq!(main["addressID"], main["address"]["id"]);
    assert_eq!(main["isRestricted"], false);
    assert!(main["pickupInstructions"].as_str().is_some_and(|s| !s.is_empty()));
    let photos = main["attachmentCollection"].as_array().unwrap();
    assert!(!photos.is_empty() && photos[0]["attachment"]["storagePath"].as_str().unwrap().starts_with("/img/"));
    assert!(ten.iter().any(|p| p["isRestricted"] == true), "Faith Mission and King Arts Complex are restricted");
    // The default radius is 10 miles.
    let r = t.get(&format!("/api/v1/locations?lat={}&lng={}", COLUMBUS.0, COLUMBUS.1), None).await;
    assert_eq!(r.value().as_array().unwrap().len(), ten.len());
    // Nothing in the middle of Lake Michigan.
    assert!(search(t, (43.5, -87.0), 20).await.is_empty());
}

async fn search_offers_only_future_pickup_times(t: &TestApp) {
    let now = Utc::now();
    let found = search(t, COLUMBUS, 20).await;
    let mut with_times = 0;
    for p in &found {
        let tz: Tz = p["timeZone"].as_str().unwrap().parse().unwrap();
        let times = p["pantryLocationPickupTimes"].as_array().unwrap();
        with_times += usize::from(!times.is_empty());
        for time in times {
            assert!(pickup_start(time, tz) > now, "{} offers a past time {time}", p["label"]);
            assert_eq!(time["pantryLocationID"], p["id"]);
        }
        let starts: Vec<_> = times.iter().map(|x| pickup_start(x, tz)).collect();
        assert!(starts.windows(2).all(|w| w[0] <= w[1]), "pickup times not soonest first");
    }
    assert!(with_times >= found.len() - 1, "only Karl Road has no pickup times");
    let karl = found.iter().find(|p| p["label"] == "Columbus Metropolitan Library - Karl Road Branch").unwrap();
    assert_eq!(karl["pantryLocationPickupTimes"], json!([]));
}

async fn search_refuses_bad_radius_and_bad_query_types(t: &TestApp) {
    let (lat, lng) = COLUMBUS;
    for query in [
        format!("lat={lat}&lng={lng}&radiusMiles=12"),
        format!("lat={lat}&lng={lng}&radiusMiles=0"),
        format!("lat={lat}&lng={lng}&radiusMiles=-10"),
        format!("lat={lat}&lng={lng}&radiusMiles=ten"),
        format!("lat=north&lng={lng}"),
        format!("lng={lng}"),
        format!("lat=91&lng={lng}"),
        format!("lat={lat}&lng=-181"),
        format!("lat={lat}&lng={lng}&foodBankId=coh"),
        "lat=NaN&lng=NaN".to_owned(),
    ] {
        let r = t.get(&format!("/api/v1/locations?{query}"), None).await;
        assert_failure(&r, 400);
    }
    let r = t.get(&format!("/api/v1/locations?lat={lat}&lng={lng}&radiusMiles=12"), None).await;
    assert_eq!(r.failure(), "radiusMiles must be 10, 15 or 20.");
}

async fn search_filters_by_food_bank(t: &TestApp) {
    let coh = food_bank_id(t, "43215").await;
    let chi = food_bank_id(t, "60602").await;
    let (lat, lng) = COLUMBUS;
    let r = t.get(&format!("/api/v1/locations?lat={lat}&lng={lng}&radiusMiles=20&foodBankId={coh}"), None).await;
    assert_eq!(r.value().as_array().unwrap().len(), search(t, COLUMBUS, 20).await.len());
    let r = t.get(&format!("/api/v1/locations?lat={lat}&lng={lng}&radiusMiles=20&foodBankId={chi}"), None).await;
    assert_eq!(r.value(), &json!([]));
}

async fn pantry_detail_and_pickup_times(t: &TestApp) {
    let id = pantry_id(t, COLUMBUS, MAIN_LIBRARY).await;
    let r = t.get(&format!("/api/v1/locations/{id}"), None).await;
    let p = r.value();
    assert_eq!((p["id"].as_i64(), p["label"].as_str()), (Some(id), Some(MAIN_LIBRARY)));
    assert!(p["distance"].is_null());
    assert_eq!(p["foodBank"]["code"], "COH");
    assert_eq!(p["address"]["addressLine1"], "96 S Grant Ave");
    assert_eq!(p["address"]["postalCode"], "43215");
    assert_eq!(p["address"]["province"], "OH");
    assert_eq!(p["attachmentCollection"].as_array().unwrap().len(), 2, "libraries have two photos");
    let times = p["pantryLocationPickupTimes"].as_array().unwrap();
    assert!(!times.is_empty());
    // The demo seeds two past windows at the Main Library; neither is offered.
    let tz: Tz = p["timeZone"].as_str().unwrap().parse().unwrap();
    assert!(times.iter().all(|x| pickup_start(x, tz) > Utc::now()));
    let r = t.get(&format!("/api/v1/locations/{id}/pickuptimes"), None).await;
    assert_eq!(r.value(), &p["pantryLocationPickupTimes"]);
}

async fn unknown_or_malformed_pantry_ids_answer_envelopes(t: &TestApp) {
    for path in ["", "/pickuptimes", "/inventory", "/categories"] {
        let r = t.get(&format!("/api/v1/locations/987654{path}"), None).await;
        assert_failure(&r, 404);
        assert_eq!(r.failure(), "Pantry location not found");
        let r = t.get(&format!("/api/v1/locations/main{path}"), None).await;
        assert_failure(&r, 400);
    }
}

async fn geocode_known_and_unknown_zips(t: &TestApp) {
    let r = t.get("/api/v1/locations/geocode/43215", None).await;
    let g = r.value();
    assert_eq!((g["postalCode"].as_str(), g["province"].as_str()), (Some("43215"), Some("OH")));
    assert!(g["county"].as_str().unwrap().starts_with("Franklin"), "{g}");
    let (lat, lng) = (g["latitude"].as_f64().unwrap(), g["longitude"].as_f64().unwrap());
    assert!((lat - 39.96).abs() < 0.1 && (lng + 83.0).abs() < 0.1, "{g}");
    let r = t.get("/api/v1/locations/geocode/43215-1234", None).await;
    assert_eq!(r.value()["postalCode"], "43215");
    for bad in ["00000", "4321", "abcde", "43215-12"] {
        let r = t.get(&format!("/api/v1/locations/geocode/{bad}"), None).await;
        assert_failure(&r, 404);
        assert_eq!(r.failure(), format!("Unable to load zip code {bad}"));
    }
}

async fn food_banks_serving_a_place(t: &TestApp) {
    let r = t.get("/api/v1/foodbanks/locations?zip=43215", None).await;
    let banks = r.value().as_array().unwrap();
    assert_eq!(banks.len(), 1, "{banks:?}");
    let coh = &banks[0];
    assert_eq!((coh["code"].as_str(), coh["isEnabled"].as_bool()), (Some("COH"), Some(true)));
    assert_eq!(coh["homePageUrl"], "https://central-ohio.example.org/");
    assert!(coh["pantryCount"].as_u64().unwrap() >= 20);
    let r = t.get(&format!("/api/v1/foodbanks/locations?lat={}&lng={}", DENVER.0, DENVER.1), None).await;
    assert_eq!(r.value()[0]["code"], "DEN");
    // Phoenix has a food bank that has not launched: no pantries, not enabled.
    let r = t.get("/api/v1/foodbanks/locations?zip=85003", None).await;
    let phx = &r.value()[0];
    assert_eq!((phx["code"].as_str(), phx["isEnabled"].as_bool()), (Some("PHX"), Some(false)));
    assert_eq!(phx["homePageUrl"], "https://valley-of-the-sun.example.org/");
    assert_eq!(phx["pantryCount"], 0);
    // Nowhere near a food bank.
    let r = t.get("/api/v1/foodbanks/locations?zip=99501", None).await;
    assert_eq!(r.value(), &json!([]));
    let r = t.get("/api/v1/foodbanks/locations?zip=00000", None).await;
    assert_failure(&r, 404);
    assert_eq!(r.failure(), "Unable to load zip code 00000");
    for query in ["", "?lat=39.9", "?lat=x&lng=1", "?lat=95&lng=0"] {
        let r = t.get(&format!("/api/v1/foodbanks/locations{query}"), None).await;
        assert_failure(&r, 400);
    }
}

async fn food_bank_detail_and_delivery_times(t: &TestApp) {
    let coh = food_bank_id(t, "43215").await;
    let r = t.get(&format!("/api/v1/foodbanks/{coh}"), None).await;
    let fb = r.value();
    assert_eq!(fb["code"], "COH");
    assert_eq!(fb["name"], "Central Ohio Food Network");
    assert_eq!((fb["isTEFAPEnabled"].as_bool(), fb["isDeliveryEnabled"].as_bool()), (Some(true), Some(true)));
    assert_eq!(fb["address"], json!({ "province": "OH", "postalCode": "43215" }));

    let r = t.get(&format!("/api/v1/foodbanks/{coh}/deliverytimes"), None).await;
    let times = r.value().as_array().unwrap();
    assert!(times.len() >= 10, "two windows most weekdays over 14 days: {}", times.len());
    let tz: Tz = fb["timeZone"].as_str().unwrap().parse().unwrap();
    let now = Utc::now();
    let starts: Vec<_> = times
        .iter()
        .map(|d| {
            assert_eq!(d["foodBankID"], coh);
            assert!(d["entityDeliveryProgramID"].is_i64());
            let day: NaiveDate = d["deliveryDay"].as_str().unwrap().parse().unwrap();
            let start: NaiveTime = d["deliveryStartTime"].as_str().unwrap().parse().unwrap();
            tz.from_local_datetime(&day.and_time(start)).earliest().unwrap()
        })
        .collect();
    assert!(starts.iter().all(|s| *s > now));
    assert!(starts.windows(2).all(|w| w[0] <= w[1]));
    let chi = food_bank_id(t, "60602").await;
    let r = t.get(&format!("/api/v1/foodbanks/{chi}/deliverytimes"), None).await;
    assert_eq!(r.value(), &json!([]), "Chicago has no delivery programs");
    for path in ["", "/deliverytimes", "/inventoryoverview"] {
        assert_failure(&t.get(&format!("/api/v1/foodbanks/424242{path}"), None).await, 404);
        assert_failure(&t.get(&format!("/api/v1/foodbanks/x{path}"), None).await, 400);
    }
}
