//! The checkout survey (status flags per food bank, answers) and the
//! food-situation screening behind `/account/eligibilitystatus`.
use crate::{
    api_account::{assert_refused, error_fields, register, unique_email},
    api_support::TestApp,
    on_both,
};
use chrono::Datelike;
use serde_json::{Value, json};

on_both!(
    survey_status_follows_answers,
    survey_answers_are_validated_and_write_nothing_when_refused,
    shown_questions_depend_on_the_food_bank,
    food_situation_screening,
);

const FLAGS: [&str; 9] = [
    "isHouseholdMembersEnabledAndUnanswered",
    "isStreetEnabledAndUnanswered",
    "isCityEnabledAndUnanswered",
    "isStateEnabledAndUnanswered",
    "isDateOfBirthEnabledAndUnanswered",
    "isGenderEnabledAndUnanswered",
    "isRaceEnabledAndUnanswered",
    "isHowDidYouHearEnabledAndUnanswered",
    "isParticipationEnabledAndUnanswered",
];

/// The flags that are set, by their question part ("Street", "Gender", ...).
fn asked(status: &Value) -> Vec<&'static str> {
    FLAGS
        .iter()
        .filter(|f| status[**f] == true)
        .map(|f| f.trim_start_matches("is").trim_end_matches("EnabledAndUnanswered"))
        .collect()
}

/// The status; its `shownQuestions` are the first four flagged, in order (what the checkout asks).
async fn status(t: &TestApp, token: &str, food_bank_id: i64) -> Value {
    let r = t.get(&format!("/api/v1/account/surveystatus/{food_bank_id}"), Some(token)).await;
    let v = r.value().clone();
    assert_eq!(v.as_object().unwrap().len(), FLAGS.len() + 1, "{v}");
    let first_four: Vec<String> = asked(&v).iter().take(4).map(|q| lower_first(q)).collect();
    assert_eq!(v["shownQuestions"], json!(first_four), "{v}");
    v
}

/// "DateOfBirth" as the question's API name, "dateOfBirth".
fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_ascii_lowercase().to_string() + c.as_str()).unwrap_or_default()
}

async fn food_bank(t: &TestApp, token: &str) -> i64 {
    t.get("/api/v1/account/profile", Some(token)).await.value()["defaultFoodBank"]["id"].as_i64().unwrap()
}

async fn first_id(t: &TestApp, path: &str) -> i64 {
    t.get(path, None).await.value()[0]["id"].as_i64().unwrap()
}

fn year() -> i32 {
    chrono::Utc::now().year()
}

async fn survey_status_follows_answers(t: &TestApp) {
    let demo = t.demo_token().await;
    let coh = food_bank(t, &demo).await;
    // The demo shopper answered household members and state; Columbus asks all nine.
    let s = status(t, &demo, coh).await;
    assert_eq!(asked(&s), vec!["Street", "City", "DateOfBirth", "Gender", "Race", "HowDidYouHear", "Participation"]);
    assert_refused(&t.get("/api/v1/account/surveystatus/987654", Some(&demo)).await, 404);
    assert_refused(&t.get("/api/v1/account/surveystatus/coh", Some(&demo)).await, 400);

    // The four shown questions (first four asked), with the default food bank.
    let gender = first_id(t, "/api/v1/genders").await;
    let answers = json!({
        "street": " 500 S Front St ", "city": "Columbus",
        "dateOfBirth": { "month": 7, "year": year() - 30, "day": 1 }, "genderId": gender
    });
    assert_eq!(t.post("/api/v1/account/survey", Some(&demo), answers).await.value(), &json!(true));
    assert_eq!(asked(&status(t, &demo, coh).await), vec!["Race", "HowDidYouHear", "Participation"]);

    // The next round, naming the food bank; an empty checklist is an answer.
    let race = first_id(t, "/api/v1/races").await;
    let answers = json!({
        "foodBankId": coh, "raceId": race, "howDidYouHear": "  A flyer at the library  ",
        "participationResponse": { "isParticipationSNAPNoted": true, "isParticipationWICNoted": false }
    });
    assert_eq!(t.post("/api/v1/account/survey", Some(&demo), answers).await.value(), &json!(true));
    assert!(asked(&status(t, &demo, coh).await).is_empty());
    // With nothing left to ask, an empty submission is accepted and changes nothing.
    assert_eq!(t.post("/api/v1/account/survey", Some(&demo), json!({})).await.value(), &json!(true));
    assert!(asked(&status(t, &demo, coh).await).is_empty());
}

async fn survey_answers_are_validated_and_write_nothing_when_refused(t: &TestApp) {
    let demo = t.demo_token().await;
    let coh = food_bank(t, &demo).await;
    let before = status(t, &demo, coh).await;
    let gender = first_id(t, "/api/v1/genders").await;
    let good = json!({
        "street": "500 S Front St", "city": "Columbus", "dateOfBirth": { "month": 7, "year": year() - 30 }, "genderId": gender
    });
    let with = |key: &str, value: Value| {
        let mut b = good.clone();
        b[key] = value;
        b
    };
    let mut without_city = good.clone();
    without_city.as_object_mut().unwrap().remove("city");
    let cases = [
        (json!({}), vec!["street", "city", "dateOfBirth", "genderId"]),
        (without_city, vec!["city"]),
        (with("street", json!("   ")), vec!["street"]),
        (with("dateOfBirth", json!({ "month": 7, "year": year() - 9 })), vec!["dateOfBirth"]),
        (with("dateOfBirth", json!({ "month": 7, "year": year() - 100 })), vec!["dateOfBirth"]),
        (with("dateOfBirth", json!({ "month": 13, "year": year() - 30 })), vec!["dateOfBirth"]),
        (with("genderId", json!(987_654)), vec!["genderId"]),
        // Answers to questions not shown are checked too.
        (with("state", json!("ZZ")), vec!["state"]),
        (with("raceId", json!(987_654)), vec!["raceId"]),
        (with("householdMembersResponse", json!(0)), vec!["householdMembersResponse"]),
        (with("howDidYouHear", json!("h".repeat(1001))), vec!["howDidYouHear"]),
        (with("foodBankId", json!(987_654)), vec!["foodBankId"]),
    ];
    for (body, fields) in cases {
        let r = t.post("/api/v1/account/survey", Some(&demo), body).await;
        assert_eq!(error_fields(&r), fields, "{}", r.body);
    }
    for body in [
        with("genderId", json!("one")),
        with("dateOfBirth", json!("1990-07-01")),
        with("householdMembersResponse", json!(-2)),
    ] {
        assert_refused(&t.post("/api/v1/account/survey", Some(&demo), body).await, 400);
    }
    assert_eq!(status(t, &demo, coh).await, before, "refused answers were not stored");
}

async fn shown_questions_depend_on_the_food_bank(t: &TestApp) {
    let token = register(t, &unique_email("survey")).await;
    // Registered in Columbus: all nine questions are open, four are shown at once.
    let coh = food_bank(t, &token).await;
    assert_eq!(asked(&status(t, &token, coh).await).len(), 9);
    let r = t.post("/api/v1/account/survey", Some(&token), json!({})).await;
    assert_eq!(error_fields(&r), vec!["householdMembersResponse", "street", "city", "state"]);

    // Chicago asks household members, state, gender and participation.
    let moved =
        json!({ "firstName": "Pat", "lastName": "Doe", "phoneNumber": "(614) 555-0100", "postalCode": "60602" });
    t.put("/api/v1/account/profile", Some(&token), moved).await.value();
    let chi = food_bank(t, &token).await;
    assert_ne!(chi, coh);
    assert_eq!(asked(&status(t, &token, chi).await), vec!["HouseholdMembers", "State", "Gender", "Participation"]);
    let r = t.post("/api/v1/account/survey", Some(&token), json!({ "foodBankId": chi, "state": "il" })).await;
    assert_eq!(error_fields(&r), vec!["householdMembersResponse", "genderId", "participationResponse"]);
    let gender = first_id(t, "/api/v1/genders").await;
    let answers = json!({ "foodBankId": chi, "householdMembersResponse": 4, "state": "il", "genderId": gender,
        "participationResponse": {} });
    assert_eq!(t.post("/api/v1/account/survey", Some(&token), answers).await.value(), &json!(true));
    assert!(asked(&status(t, &token, chi).await).is_empty());
    // Shared questions now count as answered in Columbus too.
    assert_eq!(asked(&status(t, &token, coh).await), vec!["Street", "City", "DateOfBirth", "Race", "HowDidYouHear"]);
}

async fn required(t: &TestApp, token: &str) -> Value {
    t.get("/api/v1/account/eligibilitystatus", Some(token)).await.value()["isSurveyRequired"].clone()
}

async fn food_situation_screening(t: &TestApp) {
    let demo = t.demo_token().await;
    let r = t.get("/api/v1/account/eligibilitystatus", Some(&demo)).await;
    assert_eq!(r.value(), &json!({ "isSurveyRequired": false }));

    let token = register(t, &unique_email("situation")).await;
    assert_eq!(required(t, &token).await, true);
    let answer = |w: Value, f: Value, r: Value| json!({ "worriedFoodWillRunOut": w, "foodDidNotLast": f, "receivedCharityFood": r });

    let r = t.post("/api/v1/account/eligibilitystatus", Some(&token), answer(json!(0), json!(4), json!(2))).await;
    assert_eq!(error_fields(&r), vec!["worriedFoodWillRunOut", "foodDidNotLast"]);
    assert_refused(
        &t.post(
            "/api/v1/account/eligibilitystatus",
            Some(&token),
            json!({ "worriedFoodWillRunOut": 1, "foodDidNotLast": 1 }),
        )
        .await,
        400,
    );
    assert_refused(
        &t.post("/api/v1/account/eligibilitystatus", Some(&token), answer(json!("1"), json!(1), json!(1))).await,
        400,
    );
    assert_eq!(required(t, &token).await, true);

    // Never worried, food always lasted, charity food more than a year ago: not eligible.
    for (w, f, c) in [(3, 3, 3), (3, 3, 2)] {
        let r = t.post("/api/v1/account/eligibilitystatus", Some(&token), answer(json!(w), json!(f), json!(c))).await;
        assert_refused(&r, 422);
        assert_eq!(r.failure(), "Sorry, you are not currently eligible for this service.");
        assert!(r.body["value"].is_null());
        assert_eq!(required(t, &token).await, true);
    }
    let r = t.post("/api/v1/account/eligibilitystatus", Some(&token), answer(json!(3), json!(2), json!(3))).await;
    assert_eq!(r.value(), &json!(true));
    assert_eq!(required(t, &token).await, false);
}
