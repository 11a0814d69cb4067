//! TEFAP eligibility (area, guideline, responses decided by the server, assignment)
//! and the county lists of the residency question.
use crate::{
    api_referrals::{demo, fresh},
    api_support::TestApp,
    on_both,
};
use serde_json::{Value, json};

on_both!(
    a_zip_code_has_an_area_and_a_guideline,
    the_server_decides_eligibility_itself,
    guidelines_of_the_zip_state_apply,
    homeless_answers_use_the_food_banks_area,
    signed_in_answers_are_stored_on_the_account,
    responses_are_assigned_once_to_one_account,
    bad_answers_are_4xx_and_store_nothing,
    counties_of_a_zip_code_mark_its_county,
    counties_are_filled_from_the_zip_table,
);

struct Area {
    county_id: i64,
    province_id: i64,
    food_bank_id: i64,
}

async fn area(t: &TestApp, zip: &str) -> Area {
    let r = t.get(&format!("/api/v1/tefapeligibility/postalcodes/{zip}"), None).await;
    let v = r.value();
    Area {
        county_id: v["county"]["id"].as_i64().expect("county"),
        province_id: v["province"]["id"].as_i64().unwrap(),
        food_bank_id: v["foodBank"]["id"].as_i64().expect("food bank"),
    }
}

/// Answers that pass every Ohio question; the client's own verdict says otherwise.
fn eligible_answers(county_id: i64) -> Value {
    json!({
        "isHomeless": false,
        "residencyPostalCode": "43215",
        "residencyCounty": county_id,
        "selectedAssistanceProgramIDs": [0],
        "totalHouseholdSize": 3,
        "isBelowIncomeLimit": true,
        "incomeLimit": 1,
        "signature": "<svg><path d='M0 0 L10 10'/></svg>",
        "typedName": "Pat Doe",
        "acceptedTerms": true,
        "disqualified": false,
        "isEligible": false
    })
}

/// Over the income limit, no emergency, and only WIC (not cross-eligible in Ohio).
fn ineligible_answers(county_id: i64) -> Value {
    let mut a = eligible_answers(county_id);
    a["isBelowIncomeLimit"] = json!(false);
    a["isEmergency"] = json!(false);
    a["selectedAssistanceProgramIDs"] = json!([2]);
    a["isEligible"] = json!(true);
    a
}

async fn submit(t: &TestApp, token: Option<&str>, answers: Value) -> Value {
    let r = t.post("/api/v1/tefapeligibility/responses", token, answers).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.value().clone()
}

async fn a_zip_code_has_an_area_and_a_guideline(t: &TestApp) {
    let r = t.get("/api/v1/tefapeligibility/postalcodes/43215", None).await;
    let v = r.value();
    assert_eq!(v["postalCode"]["code"], "43215");
    assert_eq!(v["province"]["abbreviation"], "OH");
    assert_eq!(v["province"]["name"], "Ohio");
    assert_eq!(v["county"]["name"], "Franklin County");
    assert_eq!(v["county"]["isMatch"], true);
    assert_eq!(v["county"]["provinceId"], v["province"]["id"]);
    assert_eq!(v["foodBank"]["code"], "COH");
    assert_eq!(v["foodBank"]["isTEFAPEnabled"], true);
    let r = t.get("/api/v1/tefapeligibility/postalcodes/60602", None).await;
    assert_eq!(r.value()["foodBank"]["code"], "CHI");
    assert_eq!(r.value()["county"]["name"], "Cook County");

    for (path, status) in [("00000", 404), ("4321", 400), ("abcde", 400)] {
        let r = t.get(&format!("/api/v1/tefapeligibility/postalcodes/{path}"), None).await;
        assert_eq!(r.status, status, "{path}");
        assert_eq!(r.failure(), "Unable to load data");
        let r = t.get(&format!("/api/v1/tefapeligibility/guidelines/{path}"), None).await;
        assert_eq!(r.status, status, "{path}");
        assert_eq!(r.failure(), "Unable to load data");
    }

    let r = t.get("/api/v1/tefapeligibility/guidelines/43215", None).await;
    let v = r.value();
    assert_eq!(v["province"]["abbreviation"], "OH");
    assert_eq!(v["postalCode"]["code"], "43215");
    let g = &v["tefapGuideline"];
    assert_eq!(g["incomePercentRequired"], 200);
    assert_eq!(g["acceptsCrossEligibility"], true);
    assert_eq!(g["acceptsEmergencySituation"], true);
    assert_eq!(g["requiresIncomeProof"], false);
    assert_eq!(g["requiresGeographicResidency"], true);
    assert_eq!(g["province"]["abbreviation"], "OH");
    assert_eq!(g["province"]["povertyGuideline"]["baseIncomeInDollars"], 15650);
    assert_eq!(g["province"]["povertyGuideline"]["perPersonAmountInDollars"], 5500);
    // The income question shows the server's maximum: (15,650 + 5,500 per further person) x 200 %.
    let maximums = g["incomeMaximums"].as_array().unwrap();
    assert_eq!(maximums.len(), 20, "household sizes 1 to 20");
    assert_eq!(maximums[0], json!({ "householdSize": 1, "incomeInDollars": 31300.0 }));
    assert_eq!(maximums[2], json!({ "householdSize": 3, "incomeInDollars": 53300.0 }));
    assert_eq!(maximums[19], json!({ "householdSize": 20, "incomeInDollars": 240300.0 }));
    let programs = g["province"]["tefapProvinceAssistancePrograms"].as_array().unwrap();
    assert_eq!(programs.len(), 5);
    let program = |abbr: &str| programs.iter().find(|p| p["assistanceProgram"]["abbreviation"] == abbr).unwrap();
    assert_eq!(program("SNAP")["isCrossEligible"], true);
    assert_eq!(program("WIC")["isCrossEligible"], false);
    assert_eq!(program("SNAP")["assistanceProgramID"], program("SNAP")["assistanceProgram"]["id"]);
}

async fn the_server_decides_eligibility_itself(t: &TestApp) {
    let franklin = area(t, "43215").await.county_id;
    let v = submit(t, None, eligible_answers(franklin)).await;
    assert_eq!(v["isEligible"], true, "the client's isEligible:false is ignored");
    assert_eq!(v["county"]["name"], "Franklin County");
    assert_eq!(v["foodBank"]["name"], "Central Ohio Food Network");
    assert_eq!(v["postalCode"]["code"], "43215");
    assert_eq!(v["province"]["name"], "Ohio");
    let first = v["uniqueID"].as_str().unwrap().to_owned();
    assert_eq!(first.len(), 36);

    let v = submit(t, None, ineligible_answers(franklin)).await;
    assert_eq!(v["isEligible"], false, "the client's isEligible:true is ignored");
    assert_ne!(v["uniqueID"], first.as_str());

    // A cross-eligible program skips the income questions; so does an accepted emergency.
    let mut a = ineligible_answers(franklin);
    a["selectedAssistanceProgramIDs"] = json!([2, 1]);
    assert_eq!(submit(t, None, a).await["isEligible"], true);
    let mut a = ineligible_answers(franklin);
    a["isEmergency"] = json!(true);
    assert_eq!(submit(t, None, a).await["isEligible"], true);
    // Disqualified answers, missing terms or signature, or the Other county are never eligible.
    for (field, value) in [
        ("disqualified", json!(true)),
        ("acceptedTerms", json!(false)),
        ("typedName", json!("  ")),
        ("signature", Value::Null),
        ("residencyCounty", json!(0)),
    ] {
        let mut a = eligible_answers(franklin);
        a[field] = value;
        assert_eq!(submit(t, None, a).await["isEligible"], false, "{field}");
    }
    // Answers without any area cannot be eligible.
    let v = submit(t, None, json!({ "acceptedTerms": true, "isEligible": true })).await;
    assert_eq!(v["isEligible"], false);
    assert_eq!(v["postalCode"], Value::Null);
}

async fn guidelines_of_the_zip_state_apply(t: &TestApp) {
    // Illinois asks for income proof and identification.
    let cook = area(t, "60602").await.county_id;
    let mut a = eligible_answers(cook);
    a["residencyPostalCode"] = json!("60602");
    let v = submit(t, None, a.clone()).await;
    assert_eq!(v["isEligible"], false);
    assert_eq!(v["province"]["abbreviation"], "IL");
    assert_eq!(v["foodBank"]["name"], "Chicagoland Community Food Bank");
    a["canProveIncome"] = json!(true);
    a["isIdentificationAvailable"] = json!(true);
    assert_eq!(submit(t, None, a).await["isEligible"], true);
}

async fn homeless_answers_use_the_food_banks_area(t: &TestApp) {
    let coh = area(t, "43215").await.food_bank_id;
    let mut a = eligible_answers(0);
    a["isHomeless"] = json!(true);
    a["residencyPostalCode"] = Value::Null;
    a["residencyCounty"] = Value::Null;
    a["foodBankID"] = json!(coh);
    let v = submit(t, None, a).await;
    assert_eq!(v["isEligible"], true);
    assert_eq!(v["foodBank"]["name"], "Central Ohio Food Network");
    assert_eq!(v["postalCode"]["code"], "43215", "the food bank's office postal code");
    assert_eq!(v["province"]["abbreviation"], "OH");
}

async fn signed_in_answers_are_stored_on_the_account(t: &TestApp) {
    let franklin = area(t, "43215").await;
    let shopper = fresh(t).await;
    assert_eq!(t.state.store.tefap_record(shopper.id).await.unwrap(), Some((false, vec![])));
    let v = submit(t, Some(&shopper.token), ineligible_answers(franklin.county_id)).await;
    assert_eq!(v["isEligible"], false);
    let (answered, eligibilities) = t.state.store.tefap_record(shopper.id).await.unwrap().unwrap();
    assert!(answered, "completing the survey marks it answered");
    assert!(eligibilities.is_empty(), "an ineligible response grants nothing");

    let v = submit(t, Some(&shopper.token), eligible_answers(franklin.county_id)).await;
    assert_eq!(v["isEligible"], true);
    let (_, eligibilities) = t.state.store.tefap_record(shopper.id).await.unwrap().unwrap();
    assert_eq!(eligibilities.len(), 1);
    let e = &eligibilities[0];
    assert_eq!(e.province_abbreviation.as_deref(), Some("OH"));
    assert_eq!(e.county_id, Some(franklin.county_id));
    assert_eq!(e.food_bank_id, Some(franklin.food_bank_id));
    assert_eq!(e.postal_code.as_deref(), Some("43215"));
    // The response is the shopper's now: assigning it again is a no-op, another account cannot.
    let id = v["uniqueID"].as_str().unwrap();
    let r = t.post(&format!("/api/v1/tefapeligibility/responses/{id}"), Some(&shopper.token), json!({})).await;
    assert_eq!(r.value()["isEligible"], true);
    assert_eq!(t.state.store.tefap_record(shopper.id).await.unwrap().unwrap().1.len(), 1);
    let other = fresh(t).await;
    let r = t.post(&format!("/api/v1/tefapeligibility/responses/{id}"), Some(&other.token), json!({})).await;
    assert_eq!(r.status, 404);
}

async fn responses_are_assigned_once_to_one_account(t: &TestApp) {
    let franklin = area(t, "43215").await.county_id;
    let id = submit(t, None, eligible_answers(franklin)).await["uniqueID"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/tefapeligibility/responses/{id}");

    let r = t.post(&path, None, json!({})).await;
    assert_eq!(r.status, 401);
    assert!(!r.failure().is_empty());

    let shopper = fresh(t).await;
    let r = t.post(&path, Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let v = r.value();
    assert_eq!(v["uniqueID"], id.as_str());
    assert_eq!(v["isEligible"], true);
    assert_eq!(v["county"]["name"], "Franklin County");
    let (answered, eligibilities) = t.state.store.tefap_record(shopper.id).await.unwrap().unwrap();
    assert!(answered);
    assert_eq!(eligibilities.len(), 1);
    assert_eq!(eligibilities[0].county_id, Some(franklin));

    let r = t.post(&path, Some(&shopper.token), json!({})).await;
    assert_eq!(r.status, 200, "assigning again is idempotent");
    assert_eq!(t.state.store.tefap_record(shopper.id).await.unwrap().unwrap().1.len(), 1);

    let demo = demo(t).await;
    let before = t.state.store.tefap_record(demo.id).await.unwrap();
    let r = t.post(&path, Some(&demo.token), json!({})).await;
    assert_eq!(r.status, 404, "another shopper's response");
    assert_eq!(r.failure(), "Error assigning TEFAP response");
    assert_eq!(t.state.store.tefap_record(demo.id).await.unwrap(), before);

    let r = t
        .post("/api/v1/tefapeligibility/responses/00000000-0000-4000-8000-00000000dead", Some(&demo.token), json!({}))
        .await;
    assert_eq!(r.status, 404);
    assert_eq!(r.failure(), "Error assigning TEFAP response");

    // An ineligible response marks the survey answered but grants nothing.
    let id = submit(t, None, ineligible_answers(franklin)).await["uniqueID"].as_str().unwrap().to_owned();
    let other = fresh(t).await;
    let r = t.post(&format!("/api/v1/tefapeligibility/responses/{id}"), Some(&other.token), json!({})).await;
    assert_eq!(r.value()["isEligible"], false);
    assert_eq!(t.state.store.tefap_record(other.id).await.unwrap(), Some((true, vec![])));
}

async fn bad_answers_are_4xx_and_store_nothing(t: &TestApp) {
    let franklin = area(t, "43215").await.county_id;
    let cook = area(t, "60602").await.county_id;
    let shopper = fresh(t).await;
    let bad: Vec<(&str, Value)> = vec![
        ("household too large", json!({ "totalHouseholdSize": 25 })),
        ("household negative", json!({ "totalHouseholdSize": -1 })),
        ("zip not 5 digits", json!({ "residencyPostalCode": "4321" })),
        ("unknown zip", json!({ "residencyPostalCode": "00000" })),
        ("county of another state", json!({ "residencyCounty": cook })),
        ("unknown county", json!({ "residencyCounty": 999999 })),
        ("unknown program", json!({ "selectedAssistanceProgramIDs": [99] })),
        ("wrong type", json!({ "isHomeless": "yes" })),
        ("programs not a list", json!({ "selectedAssistanceProgramIDs": 1 })),
        ("typed name too long", json!({ "typedName": "x".repeat(201) })),
        ("unknown food bank", json!({ "foodBankID": 999999, "isHomeless": true })),
    ];
    for (why, change) in bad {
        let mut a = eligible_answers(franklin);
        for (k, v) in change.as_object().unwrap() {
            a[k] = v.clone();
        }
        let r = t.post("/api/v1/tefapeligibility/responses", Some(&shopper.token), a).await;
        assert_eq!(r.status, 400, "{why}: {}", r.body);
        assert!(!r.failure().is_empty(), "{why}");
    }
    let r = t
        .send(
            axum::http::Request::post("/api/v1/tefapeligibility/responses")
                .header("content-type", "application/json")
                .header("authorization", format!("Bearer {}", shopper.token))
                .body(axum::body::Body::from("{\"isHomeless\": true,"))
                .unwrap(),
        )
        .await;
    assert_eq!(r.status, 400, "malformed JSON");
    let r = t.post("/api/v1/tefapeligibility/responses", Some(&shopper.token), json!([1, 2])).await;
    assert_eq!(r.status, 400, "not an object");
    assert_eq!(t.state.store.tefap_record(shopper.id).await.unwrap(), Some((false, vec![])), "nothing stored");
    let r = t.post("/api/v1/tefapeligibility/responses", Some("forged"), eligible_answers(franklin)).await;
    assert_eq!(r.status, 401);
}

async fn counties_of_a_zip_code_mark_its_county(t: &TestApp) {
    let franklin = area(t, "43215").await;
    let r = t.get("/api/v1/counties/postalcode/43215", None).await;
    let list = r.value().as_array().unwrap().clone();
    assert!(list.len() >= 80, "Ohio has 88 counties, got {}", list.len());
    let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted, "sorted by name");
    assert!(names.contains(&"Delaware County") && names.contains(&"Cuyahoga County"));
    let matches: Vec<&Value> = list.iter().filter(|c| c["isMatch"] == true).collect();
    assert_eq!(matches.len(), 1);
    assert_eq!(matches[0]["name"], "Franklin County");
    assert_eq!(matches[0]["id"], franklin.county_id, "the seeded county keeps its id");
    assert!(list.iter().all(|c| c["provinceId"] == franklin.province_id));

    let r = t.get(&format!("/api/v1/provinces/{}/counties", franklin.province_id), None).await;
    let by_province = r.value().as_array().unwrap();
    assert_eq!(by_province.len(), list.len());
    assert!(by_province.iter().all(|c| c["isMatch"] == false));
    let ids = |l: &[Value]| l.iter().map(|c| c["id"].as_i64().unwrap()).collect::<Vec<_>>();
    assert_eq!(ids(by_province), ids(&list));

    for (path, status) in [
        ("/api/v1/counties/postalcode/00000", 404),
        ("/api/v1/counties/postalcode/4321", 400),
        ("/api/v1/counties/postalcode/43215x", 400),
        ("/api/v1/provinces/999999/counties", 404),
        ("/api/v1/provinces/ohio/counties", 400),
    ] {
        let r = t.get(path, None).await;
        assert_eq!(r.status, status, "{path}: {}", r.body);
        assert!(!r.failure().is_empty());
    }
}

async fn counties_are_filled_from_the_zip_table(t: &TestApp) {
    // New York has no seeded counties: they come from the ZIP table, once.
    let r = t.get("/api/v1/counties/postalcode/10001", None).await;
    let first = r.value().as_array().unwrap().clone();
    assert!(first.len() >= 60, "New York has 62 counties, got {}", first.len());
    let matched: Vec<&Value> = first.iter().filter(|c| c["isMatch"] == true).collect();
    assert_eq!(matched.len(), 1);
    assert_eq!(matched[0]["name"], "New York County");
    assert!(first.iter().any(|c| c["name"] == "Kings County"));
    let again = t.get("/api/v1/counties/postalcode/11201", None).await;
    let again = again.value().as_array().unwrap();
    assert_eq!(again.len(), first.len(), "no county added twice");
    let kings: Vec<&Value> = again.iter().filter(|c| c["isMatch"] == true).collect();
    assert_eq!(kings[0]["name"], "Kings County");
    assert_eq!(
        kings[0]["id"],
        first.iter().find(|c| c["name"] == "Kings County").unwrap()["id"],
        "the same row answers both"
    );
    // The filled county can be answered with.
    let area = t.get("/api/v1/tefapeligibility/postalcodes/10001", None).await;
    assert_eq!(area.value()["county"]["id"], matched[0]["id"]);
    assert_eq!(area.value()["foodBank"], Value::Null, "no demo food bank near New York");
}
