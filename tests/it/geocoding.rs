//! Saved addresses are geocoded (issue 51) through a local server playing the US Census Bureau's
//! one-line geocoder: a match puts the address where the geocoder says; no match, an error or an
//! answer slower than the time limit leaves it at its ZIP's centre, marked so, and the save goes
//! through; without a geocoder, the ZIP's centre too.
use crate::{
    api_account::{address, register, unique_email},
    api_support::{ApiReply, TestApp},
    on_both,
};
use axum::{
    Json, Router,
    body::Body,
    extract::{Query, State},
    http::{Request, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use http_body_util::BodyExt;
use orderahead::geocoder::{CENSUS_BENCHMARK, GeocoderConfig};
use serde_json::{Value, json};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};
use tower::ServiceExt;

on_both!(a_saved_address_stands_where_the_geocoder_puts_it_or_at_its_zips_centre);

/// Where the fake geocoder puts "867 Mt Vernon Ave": not its ZIP's centre.
const MATCHED: (f64, f64) = (39.971_234, -82.967_891);

/// The one-line addresses the fake geocoder was asked for, with the other query fields.
type Asked = Arc<Mutex<Vec<HashMap<String, String>>>>;

/// Answers as the Census geocoder does, by the street: a match, no match, a 500, or never.
async fn geocode(State(asked): State<Asked>, Query(query): Query<HashMap<String, String>>) -> Response {
    asked.lock().unwrap().push(query.clone());
    let address = query.get("address").cloned().unwrap_or_default();
    let matches = if address.starts_with("867 Mt Vernon Ave") {
        json!([{ "matchedAddress": "867 MT VERNON AVE, COLUMBUS, OH, 43203",
                 "coordinates": { "x": MATCHED.1, "y": MATCHED.0 } }])
    } else if address.starts_with("1 Nowhere Ln") {
        json!([])
    } else if address.starts_with("2 Broken Rd") {
        return (StatusCode::INTERNAL_SERVER_ERROR, "geocoder down").into_response();
    } else {
        // "3 Slow St": no answer at all; the save's time limit ends the wait.
        std::future::pending::<()>().await;
        unreachable!()
    };
    Json(json!({ "result": { "input": { "address": { "address": address } }, "addressMatches": matches } }))
        .into_response()
}

/// Starts the fake geocoder on 127.0.0.1:0; its base URL.
async fn geocoder(asked: Asked) -> String {
    let app = Router::new().route("/geocoder/locations/onelineaddress", get(geocode)).with_state(asked);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}/")
}

/// Saves an address through `app` (new, or over `id`).
async fn save_as(app: &Router, token: &str, id: Option<&Value>, body: Value) -> ApiReply {
    let req = match id {
        Some(id) => Request::put(format!("/api/v1/account/addresses/{id}")),
        None => Request::post("/api/v1/account/addresses"),
    };
    let req = req
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status().as_u16();
    let body = serde_json::from_slice(&res.into_body().collect().await.unwrap().to_bytes()).unwrap();
    ApiReply { status, body }
}

fn on_street(street: &str) -> Value {
    let mut body = address("Home", false);
    body["address"]["addressLine1"] = json!(street);
    body
}

/// The address's (latitude, longitude, locatedBy).
fn located(saved: &Value) -> (f64, f64, String) {
    let a = &saved["address"];
    (a["latitude"].as_f64().unwrap(), a["longitude"].as_f64().unwrap(), a["locatedBy"].as_str().unwrap().to_owned())
}

async fn a_saved_address_stands_where_the_geocoder_puts_it_or_at_its_zips_centre(t: &TestApp) {
    let token = register(t, &unique_email("geocoded")).await;
    // Without a geocoder: the ZIP's centre, which every other save below falls back to.
    let (zip_lat, zip_lng, by) =
        located(t.post("/api/v1/account/addresses", Some(&token), on_street("1 Main St")).await.value());
    assert_eq!(by, "zip");
    assert!((39.8..40.1).contains(&zip_lat) && (-83.1..-82.8).contains(&zip_lng));

    let asked: Asked = Arc::default();
    let base = geocoder(asked.clone()).await;
    let app = t.app_with_config(|c| c.geocoder = GeocoderConfig { geocoder_url: Some(base), geocoder_timeout_ms: 500 });

    let matched = save_as(&app, &token, None, on_street("867 Mt Vernon Ave")).await;
    assert_eq!(located(matched.value()), (MATCHED.0, MATCHED.1, "address".to_owned()));
    let query = asked.lock().unwrap()[0].clone();
    assert_eq!(query["address"], "867 Mt Vernon Ave, Columbus, OH 43203");
    assert_eq!((query["benchmark"].as_str(), query["format"].as_str()), (CENSUS_BENCHMARK, "json"));

    for street in ["1 Nowhere Ln", "2 Broken Rd", "3 Slow St"] {
        let saved = save_as(&app, &token, None, on_street(street)).await;
        assert_eq!(located(saved.value()), (zip_lat, zip_lng, "zip".to_owned()), "{street}");
        assert_eq!(saved.value()["address"]["addressLine1"], street);
    }
    assert_eq!(asked.lock().unwrap().len(), 4, "each save asked once");

    // Kept as saved: the list reads the same places back.
    let list = t.get("/api/v1/account/addresses", Some(&token)).await.value().clone();
    let by_street: HashMap<String, String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["address"]["addressLine1"].as_str().unwrap().to_owned(), located(a).2))
        .collect();
    assert_eq!(by_street.len(), 5);
    assert_eq!(by_street["867 Mt Vernon Ave"], "address");
    assert!(by_street.iter().filter(|(s, _)| *s != "867 Mt Vernon Ave").all(|(_, by)| by == "zip"), "{by_street:?}");

    // An edit asks again: moved to a street the geocoder cannot place, it stands at the ZIP's centre.
    let edited = save_as(&app, &token, Some(&matched.value()["id"]), on_street("1 Nowhere Ln")).await;
    assert_eq!(located(edited.value()), (zip_lat, zip_lng, "zip".to_owned()));
}
