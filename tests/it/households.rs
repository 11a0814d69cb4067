//! Households at the door (issue 49) on both databases, through the pages' forms as a browser
//! without JavaScript sends them: a volunteer registers a walk-in household and finds it again by
//! a misspelt unaccented name and by its phone typed another way; a second registration of the
//! same person is shown the match and answered "same household" (no second record, an audit
//! entry); a visit gives out stock (movements `given_out`) and counts in the month's report, where
//! a household with an order and a visit counts once; bad input is refused at its field with
//! nothing written; and nobody outside the household's food bank sees it.
use crate::{
    api_orders::{CHICAGO, MAIN, named, pickup, qty, stock, times},
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use axum::{
    body::Body,
    http::{Method, Request, header},
};
use chrono::{NaiveTime, TimeZone};
use http_body_util::BodyExt;
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::{Value, json};
use tower::ServiceExt;

on_both!(
    a_walk_in_is_registered_found_and_not_registered_twice,
    a_visit_gives_out_stock_and_counts_once_with_an_order,
    bad_input_is_refused_at_its_field_and_nothing_is_written,
    a_visit_and_an_order_share_the_households_allowance_and_tefap_lapses,
    only_the_food_banks_staff_see_a_household,
);

/// A page as a browser without JavaScript has it: its status, where a 303 sends it, its data, and
/// the form token and CSRF cookie to post with.
pub(crate) struct Opened {
    pub status: u16,
    pub location: Option<String>,
    pub data: Value,
    /// The fields a refused form names (the envelope's `value.errors`).
    pub refused: Vec<String>,
    /// A refused form's `failureCode`.
    pub code: Option<String>,
    csrf: String,
    cookie: String,
}

pub(crate) async fn open(t: &TestApp, session: &str, path: &str) -> Opened {
    let req = Request::get(path).header(header::COOKIE, format!("oa_lang=en; oa_session={session}"));
    answered(t.app().oneshot(req.body(Body::empty()).unwrap()).await.unwrap(), String::new()).await
}

async fn answered(res: axum::response::Response, cookie: String) -> Opened {
    let status = res.status().as_u16();
    let location = res.headers().get(header::LOCATION).map(|l| l.to_str().unwrap().to_owned());
    let cookie = res
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("oa_csrf="))
        .map(|v| v.split(';').next().unwrap().to_owned())
        .unwrap_or(cookie);
    let html = String::from_utf8_lossy(&res.into_body().collect().await.unwrap().to_bytes()).into_owned();
    let payload: Value = html
        .split(r#"<script id="__oa""#)
        .nth(1)
        .and_then(|s| s.split_once('>'))
        .and_then(|s| serde_json::from_str(s.1.split("</script>").next().unwrap()).ok())
        .unwrap_or(Value::Null);
    let csrf = payload["csrf"].as_str().unwrap_or_default().to_owned();
    let errors = payload["action"]["failure"]["value"]["errors"].as_array().cloned().unwrap_or_default();
    let refused = errors.iter().filter_map(|e| e["field"].as_str().map(str::to_owned)).collect();
    let code = payload["action"]["failure"]["failureCode"].as_str().map(str::to_owned);
    Opened { status, location, data: payload["data"].clone(), refused, code, csrf, cookie }
}

/// Posts `fields` to the page `path` was opened as, with its form token.
pub(crate) async fn post(t: &TestApp, session: &str, path: &str, fields: &[(&str, &str)]) -> Opened {
    let opened = open(t, session, path).await;
    assert!(!opened.csrf.is_empty(), "{path} carries a form token");
    let mut all = vec![("csrf", opened.csrf.as_str())];
    all.extend_from_slice(fields);
    let req = Request::builder()
        .method(Method::POST)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .header(header::ORIGIN, "http://localhost")
        .header(header::COOKIE, format!("oa_lang=en; oa_session={session}; oa_csrf={}", opened.cookie))
        .body(Body::from(serde_urlencoded::to_string(&all).unwrap()))
        .unwrap();
    answered(t.app().oneshot(req).await.unwrap(), opened.cookie).await
}

/// A staff member with `role` at `pantry` (granted as `orderahead staff add` does); their token.
pub(crate) async fn staff_at(
    t: &TestApp,
    email: &str,
    role: orderahead::domain::staff::StaffRole,
    pantry: i64,
) -> String {
    orderahead::add_staff(
        &t.state.store,
        "http://localhost",
        email,
        role,
        orderahead::db::repo::staff::grants::GrantPlace::Pantry(pantry),
        None,
        orderahead::infra::clock::Clock::now(&*t.clock),
    )
    .await
    .unwrap();
    token_of(t, email).await
}

pub(crate) async fn pantry(t: &TestApp, label: &str) -> i64 {
    crate::api_orders::pantry(t, label).await
}

/// Registers through the intake form at `pantry`; the reply.
pub(crate) async fn register(t: &TestApp, session: &str, pantry: i64, fields: &[(&str, &str)]) -> Opened {
    let p = pantry.to_string();
    let mut all = vec![("intent", "register"), ("pantry", p.as_str())];
    all.extend_from_slice(fields);
    post(t, session, &format!("/staff/households?pantry={pantry}"), &all).await
}

pub(crate) fn household_of(location: &str) -> i64 {
    let rest = location.strip_prefix("/staff/households/").unwrap_or_else(|| panic!("{location}"));
    rest.split('?').next().unwrap().parse().unwrap()
}

pub(crate) async fn search(t: &TestApp, session: &str, pantry: i64, q: &str) -> Vec<i64> {
    let r = post(t, session, &format!("/staff/households?pantry={pantry}"), &[("intent", "search"), ("q", q)]).await;
    assert_eq!(r.status, 200, "a search answers the page");
    r.data["found"].as_array().unwrap().iter().map(|h| h["id"].as_i64().unwrap()).collect()
}

/// `sql` with `?` placeholders, as the test's database numbers them.
pub(crate) fn statement(t: &TestApp, sql: &str, values: Vec<sea_orm::Value>) -> sea_orm::Statement {
    use sea_orm::{DbBackend, Statement};
    let backend = t.db().get_database_backend();
    let (mut text, mut n) = (String::new(), 0);
    for c in sql.chars() {
        if c == '?' && backend == DbBackend::Postgres {
            n += 1;
            text.push_str(&format!("${n}"));
        } else {
            text.push(c);
        }
    }
    Statement::from_sql_and_values(backend, text, values)
}

/// One count, `?` its placeholders, on the test's database.
pub(crate) async fn count(t: &TestApp, sql: &str, values: Vec<sea_orm::Value>) -> i64 {
    use sea_orm::ConnectionTrait;
    let row = t.db().query_one_raw(statement(t, sql, values)).await.unwrap().unwrap();
    row.try_get::<i64>("", "n").unwrap_or_else(|_| i64::from(row.try_get::<i32>("", "n").unwrap()))
}

async fn households(t: &TestApp) -> i64 {
    count(t, "SELECT COUNT(*) AS n FROM households", vec![]).await
}

const MARIA: [(&str, &str); 5] = [
    ("firstName", "María José"),
    ("lastName", "González"),
    ("postalCode", "43215"),
    ("size", "3"),
    ("phone", "(614) 555-0101"),
];

async fn a_walk_in_is_registered_found_and_not_registered_twice(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let before = households(t).await;
    let r = register(t, &volunteer, main, &MARIA).await;
    assert_eq!(r.status, 303, "{}", r.data);
    let id = household_of(r.location.as_deref().unwrap());
    assert_eq!(households(t).await, before + 1);
    let shown = open(t, &volunteer, &format!("/staff/households/{id}?pantry={main}")).await;
    assert_eq!(shown.data["household"]["lastName"], "González");
    assert_eq!(shown.data["household"]["recertificationDue"], true, "no TEFAP decision yet");

    // Found by a misspelt name without its accent (a typo at either end or in the middle), by her
    // second given name, by the phone typed another way, by ZIP.
    for q in [
        "gonzales",
        "konzalez",
        "ognzalez jose",
        "gonzlez maria",
        "GONZALEZ maria",
        "maria jose gonzalez",
        "jose",
        "614.555.0101",
        "+1 614 555 0101",
    ] {
        assert!(search(t, &volunteer, main, q).await.contains(&id), "{q} finds her");
    }
    assert!(search(t, &volunteer, main, "43215").await.contains(&id));
    for q in ["gomez", "gonzalez ana", "konzales"] {
        assert!(!search(t, &volunteer, main, q).await.contains(&id), "{q}: two letters off is someone else");
    }

    // The same person registered again (no accent, the phone typed differently): the match is
    // shown, nothing is written until staff answer.
    let again = [
        ("firstName", "Maria Jose"),
        ("lastName", "Gonzalez"),
        ("postalCode", "43215"),
        ("size", "4"),
        ("phone", "614-555-0101"),
        ("birthDate", "1980-02-29"),
    ];
    let r = register(t, &volunteer, main, &again).await;
    assert_eq!(r.status, 200, "shown, not registered");
    let alike: Vec<i64> = r.data["duplicates"].as_array().unwrap().iter().map(|h| h["id"].as_i64().unwrap()).collect();
    assert_eq!(alike, vec![id], "{}", r.data);
    assert_eq!(r.data["typed"]["lastName"], "Gonzalez", "the form is kept for the answer");
    assert_eq!(households(t).await, before + 1);

    // "Same household": no second record; the one kept gains the birth date and the new size.
    let same = format!("same-{id}");
    let mut answered = again.to_vec();
    answered.push(("answer", same.as_str()));
    let r = register(t, &volunteer, main, &answered).await;
    assert_eq!(r.status, 303);
    assert_eq!(household_of(r.location.as_deref().unwrap()), id);
    assert_eq!(households(t).await, before + 1, "merged, not added");
    let shown = open(t, &volunteer, &format!("/staff/households/{id}?pantry={main}")).await;
    assert_eq!(shown.status, 200, "{}", shown.data);
    assert_eq!(
        (shown.data["household"]["birthDate"].as_str(), shown.data["household"]["size"].as_i64()),
        (Some("1980-02-29"), Some(4))
    );
    let merges = count(
        t,
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'household.merge' AND subject = ?",
        vec![format!("household:{id}").into()],
    )
    .await;
    assert_eq!(merges, 1, "the merge is in the audit log");
    let looks = count(
        t,
        "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'household.view' AND subject = ?",
        vec![format!("household:{id}").into()],
    )
    .await;
    assert_eq!(looks, 2, "each look at the household is logged");

    // "Different household": a namesake with another phone and birth date is a record of its own.
    let mut different = again.to_vec();
    different.push(("answer", "different"));
    let r = register(t, &volunteer, main, &different).await;
    assert_eq!(r.status, 303);
    assert_ne!(household_of(r.location.as_deref().unwrap()), id);
    assert_eq!(households(t).await, before + 2);
}

/// The pantry's month in its report, as the page shows it.
async fn month_at(t: &TestApp, admin: &str, pantry: i64, month: &str) -> Value {
    let r = open(t, admin, &format!("/staff/reports?month={month}&place=pantry:{pantry}")).await;
    let place = format!("pantry:{pantry}");
    let places = r.data["report"]["places"].as_array().unwrap().clone();
    places.into_iter().find(|p| format!("{}:{}", p["kind"].as_str().unwrap(), p["id"]) == place).unwrap()["totals"]
        .clone()
}

/// Moves the clock to noon at the pantry today, so orders and visits fall on one day whatever the
/// hour the suite runs at; the month, as the report names it.
pub(crate) fn noon_at_the_pantry(t: &TestApp) -> String {
    let tz: chrono_tz::Tz = "America/New_York".parse().unwrap();
    let now = orderahead::infra::clock::Clock::now(&*t.clock);
    let noon = tz
        .from_local_datetime(&now.with_timezone(&tz).date_naive().and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap()))
        .unwrap();
    t.clock.advance(noon.with_timezone(&chrono::Utc) - now);
    noon.format("%Y-%m").to_string()
}

async fn a_visit_gives_out_stock_and_counts_once_with_an_order(t: &TestApp) {
    let month = noon_at_the_pantry(t);

    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let start = month_at(t, &admin, main, &month).await;

    // A shopper orders at Main: their account's household is made with the order.
    let shopper = t.state.store.test_shopper(&format!("household-{}@example.org", uuid::Uuid::new_v4())).await.unwrap();
    t.state.store.test_answer_checkout_questions(shopper).await.unwrap();
    let token = t.state.tokens.issue(shopper, 0).unwrap();
    let time = times(t, main, 1).await[0];
    let item = stock(t, main, 10).await;
    t.post("/api/v1/order", Some(&token), pickup(main, time, &[(item, 1)])).await.value();
    let theirs = t.state.store.test_household_of(shopper).await.unwrap().expect("the order made the household");
    assert_eq!(qty(t, item).await, 9);

    // The same household walks in: two units given out, TEFAP foods on an income basis.
    let path = format!("/staff/households/{theirs}?pantry={main}");
    let shown = open(t, &volunteer, &path).await;
    assert_eq!(shown.status, 200);
    assert!(
        shown.data["household"]["items"].as_array().unwrap().iter().any(|i| i["id"] == item),
        "the item is offered"
    );
    assert_eq!(shown.data["household"]["orders"].as_array().unwrap().len(), 1, "its order is listed");
    let units = format!("units.{item}");
    let p = main.to_string();
    let fields =
        [("intent", "visit"), ("pantry", p.as_str()), (units.as_str(), "2"), ("tefap", "1"), ("tefapBasis", "income")];
    let r = post(t, &volunteer, &path, &fields).await;
    let back = format!("/staff/households/{theirs}?done=visited&pantry={main}");
    assert_eq!((r.status, r.location.as_deref()), (303, Some(back.as_str())));
    assert_eq!(qty(t, item).await, 7, "the visit's units left the stock");
    let given = count(
        t,
        "SELECT COUNT(*) AS n FROM stock_movements WHERE inventory_item_id = ? AND reason = 'given_out' AND delta = -2",
        vec![item.into()],
    )
    .await;
    assert_eq!(given, 1, "as one movement, given out");

    // A walk-in household of its own, with pounds only.
    let r = register(
        t,
        &volunteer,
        main,
        &[("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "43206"), ("size", "1")],
    )
    .await;
    let walk_in = household_of(r.location.as_deref().unwrap());
    let path = format!("/staff/households/{walk_in}?pantry={main}");
    let r = post(t, &volunteer, &path, &[("intent", "visit"), ("pantry", p.as_str()), ("pounds", "12.5")]).await;
    assert_eq!(r.status, 303);

    // The month: one more order, two visits, and two households more (not three).
    let end = month_at(t, &admin, main, &month).await;
    let grew = |key: &str| end[key].as_i64().unwrap() - start[key].as_i64().unwrap();
    assert_eq!((grew("orders"), grew("visits"), grew("households")), (1, 2, 2), "{start} -> {end}");
    assert!(end["pounds"].as_f64().unwrap() >= start["pounds"].as_f64().unwrap() + 12.5);
    let shown = open(t, &volunteer, &format!("/staff/households/{theirs}?pantry={main}")).await;
    let visits = shown.data["household"]["visits"].as_array().unwrap();
    assert_eq!(
        (visits.len(), visits[0]["units"].as_i64(), visits[0]["tefapBasis"].as_str()),
        (1, Some(2), Some("income"))
    );
}

/// Whether the shopper's shop at the pantry lists the item.
pub(crate) async fn lists(t: &TestApp, token: &str, pantry: i64, item: i64) -> bool {
    let r = t.get(&format!("/api/v1/locations/{pantry}/inventory"), Some(token)).await;
    r.value()["items"].as_array().unwrap().iter().any(|i| i["id"] == item)
}

async fn a_visit_and_an_order_share_the_households_allowance_and_tefap_lapses(t: &TestApp) {
    noon_at_the_pantry(t);
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let item = stock(t, main, 20).await;
    let limit = json!({ "scope": "ACCOUNT", "value": 3 });
    t.put(&format!("/api/v1/staff/stock/{item}/limits"), Some(&staff), limit).await.value();

    // One unit in the app, two at the door: the household's three.
    let shopper = t.state.store.test_shopper(&format!("allowance-{}@example.org", uuid::Uuid::new_v4())).await.unwrap();
    t.state.store.test_answer_checkout_questions(shopper).await.unwrap();
    let token = t.state.tokens.issue(shopper, 0).unwrap();
    let time = times(t, main, 1).await[0];
    t.post("/api/v1/order", Some(&token), pickup(main, time, &[(item, 1)])).await.value();
    let theirs = t.state.store.test_household_of(shopper).await.unwrap().expect("the order made the household");
    let path = format!("/staff/households/{theirs}?pantry={main}");
    let (units, p) = (format!("units.{item}"), main.to_string());
    let r = post(t, &volunteer, &path, &[("intent", "visit"), ("pantry", p.as_str()), (units.as_str(), "2")]).await;
    assert_eq!(r.status, 303);
    let over = t.post("/api/v1/order", Some(&token), pickup(main, time, &[(item, 1)])).await;
    assert_eq!(over.status, 422, "{}", over.body);
    assert_eq!(over.failure(), "This item has a limit of 3 per account");
    assert_eq!(qty(t, item).await, 17, "nothing taken by the refused order");

    // TEFAP food shows once the household has a decision (a visit giving TEFAP foods made it)...
    let (spaghetti, _, source, _) = named(t, Some(main), "Spaghetti").await;
    assert_eq!(source.as_deref(), Some("TEFAP"));
    assert!(!lists(t, &token, main, spaghetti).await, "no decision, no TEFAP food");
    let fields =
        [("intent", "visit"), ("pantry", p.as_str()), ("pounds", "3"), ("tefap", "1"), ("tefapBasis", "income")];
    assert_eq!(post(t, &volunteer, &path, &fields).await.status, 303);
    assert!(lists(t, &token, main, spaghetti).await, "the household's decision shows TEFAP food");
    let demo = t.demo_token().await;
    assert!(lists(t, &demo, main, spaghetti).await, "the demo shopper's questionnaire stands");
    let due = |profile: &Value| profile["tefapRecertificationDueAt"].clone();
    assert_eq!(due(t.get("/api/v1/account/profile", Some(&token)).await.value()), Value::Null);

    // ...and hides it again once the decision is over a year old, as the questionnaire's does.
    t.clock.advance(chrono::Duration::days(396));
    assert!(!lists(t, &token, main, spaghetti).await, "the household's decision has lapsed");
    assert!(!lists(t, &demo, main, spaghetti).await, "the questionnaire's answer has lapsed");
    // The shop offers the questionnaire again: the profile says since when.
    for who in [&token, &demo] {
        let since = due(t.get("/api/v1/account/profile", Some(who)).await.value());
        let since: chrono::DateTime<chrono::Utc> = since.as_str().expect("due").parse().unwrap();
        assert!(since <= orderahead::infra::clock::Clock::now(&*t.clock), "{since}");
    }
    let shown = open(t, &volunteer, &path).await;
    assert_eq!(shown.data["household"]["recertificationDue"], true, "{}", shown.data);
}

async fn bad_input_is_refused_at_its_field_and_nothing_is_written(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let before = households(t).await;
    for (fields, field) in [
        (vec![("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "43206")], "size"),
        (vec![("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "4320"), ("size", "2")], "postalCode"),
        (vec![("firstName", " "), ("lastName", "Pérez"), ("postalCode", "43206"), ("size", "2")], "firstName"),
        (vec![("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "43206"), ("size", "99")], "size"),
        (
            vec![
                ("firstName", "Ana"),
                ("lastName", "Pérez"),
                ("postalCode", "43206"),
                ("size", "2"),
                ("birthDate", "2999-01-01"),
            ],
            "birthDate",
        ),
        (
            vec![
                ("firstName", "Ana"),
                ("lastName", "Pérez"),
                ("postalCode", "43206"),
                ("size", "2"),
                ("children", "5"),
            ],
            "size",
        ),
        (
            vec![("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "43206"), ("size", "2"), ("phone", "12")],
            "phone",
        ),
    ] {
        let r = register(t, &volunteer, main, &fields).await;
        assert_eq!(r.status, 422, "{fields:?}");
        assert!(r.refused.contains(&field.to_owned()), "{fields:?} refused at {field}: {:?}", r.refused);
    }
    assert_eq!(households(t).await, before, "nothing half-written");

    // A visit with nothing given, or more than the stock holds, is refused; nothing moves.
    let r = register(
        t,
        &volunteer,
        main,
        &[("firstName", "Ana"), ("lastName", "Pérez"), ("postalCode", "43206"), ("size", "1")],
    )
    .await;
    let id = household_of(r.location.as_deref().unwrap());
    let item = stock(t, main, 3).await;
    let path = format!("/staff/households/{id}?pantry={main}");
    let p = main.to_string();
    let units = format!("units.{item}");
    let visits = || count(t, "SELECT COUNT(*) AS n FROM visits WHERE household_id = ?", vec![id.into()]);
    for fields in [
        vec![("intent", "visit"), ("pantry", p.as_str())],
        vec![("intent", "visit"), ("pantry", p.as_str()), (units.as_str(), "4")],
        vec![("intent", "visit"), ("pantry", p.as_str()), (units.as_str(), "two")],
        vec![("intent", "visit"), ("pantry", p.as_str()), ("pounds", "-1")],
        vec![("intent", "visit"), ("pantry", p.as_str()), ("pounds", "3"), ("tefap", "1"), ("tefapBasis", "luck")],
    ] {
        let r = post(t, &volunteer, &path, &fields).await;
        assert_eq!(r.status, 422, "{fields:?}");
        assert!(!r.refused.is_empty(), "{fields:?} refused at a field");
    }
    assert_eq!(qty(t, item).await, 3, "no stock moved");
    assert_eq!(visits().await, 0, "no visit written");
}

async fn only_the_food_banks_staff_see_a_household(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let r = register(t, &volunteer, main, &MARIA).await;
    let id = household_of(r.location.as_deref().unwrap());

    // A shopper is not staff.
    let shopper = t.state.store.test_shopper(&format!("not-staff-{}@example.org", uuid::Uuid::new_v4())).await.unwrap();
    let shopper = t.state.tokens.issue(shopper, 0).unwrap();
    assert_eq!(open(t, &shopper, "/staff/households").await.status, 403);
    assert_eq!(open(t, &shopper, &format!("/staff/households/{id}")).await.status, 403);

    // Another food bank's volunteer: the household names nothing, the search finds nothing.
    let chicago = pantry(t, CHICAGO).await;
    let other = staff_at(t, "chicago-door@example.org", orderahead::domain::staff::StaffRole::Volunteer, chicago).await;
    assert_eq!(open(t, &other, &format!("/staff/households/{id}?pantry={chicago}")).await.status, 404);
    assert!(search(t, &other, chicago, "gonzalez").await.is_empty());
    let p = chicago.to_string();
    let visit = post(
        t,
        &other,
        &format!("/staff/households/{id}?pantry={chicago}"),
        &[("intent", "visit"), ("pantry", p.as_str()), ("pounds", "5")],
    )
    .await;
    assert_eq!((visit.status, visit.code.as_deref()), (422, Some("householdNotFound")), "nor records a visit of it");
    // Nor registers at a pantry not theirs.
    let main_text = main.to_string();
    let r = post(
        t,
        &other,
        &format!("/staff/households?pantry={chicago}"),
        &[
            ("intent", "register"),
            ("pantry", main_text.as_str()),
            ("firstName", "A"),
            ("lastName", "B"),
            ("postalCode", "60601"),
            ("size", "1"),
        ],
    )
    .await;
    assert_eq!((r.status, r.code.as_deref()), (422, Some("pantryNotFound")));
    assert_eq!(count(t, "SELECT COUNT(*) AS n FROM visits WHERE household_id = ?", vec![id.into()]).await, 0);
}
