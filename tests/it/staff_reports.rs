//! The monthly report and the TEFAP records on both databases: a seeded month (orders in several
//! states, on several days, at two pantries, households with people of each age group, one
//! household ordering twice, one that ordered before the month) whose report equals counts written
//! here in SQL, independently of the report's own queries; who may see what; and the TEFAP list and
//! its CSV, which hold the record and nothing else of the shopper. The report reads a summary the
//! order writes keep; its counts stay equal to the independent ones through each kind of change.
use crate::{
    api_orders::{DRIVING_PARK, MAIN, PARSONS, Shopper, fresh, pantry, pickup, place, stock, times},
    api_pick_list::page,
    api_staff::place as place_at,
    api_staff::token_of,
    api_support::TestApp,
    on_both,
};
use chrono::{DateTime, Datelike, Duration, Months, NaiveDate, TimeZone, Utc};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use sea_orm::{ConnectionTrait, DbBackend, Statement, Value as Sql};
use serde_json::{Value, json};

on_both!(
    a_seeded_month_adds_up_to_an_independent_count,
    the_summary_follows_every_change_of_an_order,
    reports_are_for_staff_of_their_pantries,
    the_tefap_list_holds_the_record_and_nothing_else
);

const MONTH: &str = "2030-01";

/// Runs `sql` with `?` placeholders on the test's database.
fn statement(t: &TestApp, sql: &str, values: Vec<Sql>) -> Statement {
    let backend = t.db().get_database_backend();
    let mut text = String::new();
    let mut n = 0;
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

pub(crate) async fn exec(t: &TestApp, sql: &str, values: Vec<Sql>) {
    t.db().execute_raw(statement(t, sql, values)).await.unwrap();
}

/// One number, read as f64 whatever type the database sums it as.
async fn number(t: &TestApp, sql: &str, values: Vec<Sql>) -> f64 {
    let row = t.db().query_one_raw(statement(t, sql, values)).await.unwrap().unwrap();
    if let Ok(n) = row.try_get::<Option<i64>>("", "n") {
        return n.unwrap_or(0) as f64;
    }
    if let Ok(n) = row.try_get::<Option<f64>>("", "n") {
        return n.unwrap_or(0.0);
    }
    let n: Option<i32> = row.try_get("", "n").unwrap();
    f64::from(n.unwrap_or(0))
}

/// The shopper's TEFAP answers (Ohio, income below the limit, or SNAP) with the household's ages.
pub(crate) async fn answer_tefap(t: &TestApp, who: &Shopper, ages: [u32; 3], programs: bool) {
    let area = t.get("/api/v1/tefapeligibility/postalcodes/43215", None).await;
    let county = area.value()["county"]["id"].as_i64().unwrap();
    let size: u32 = ages.iter().sum();
    let mut answers = json!({
        "isHomeless": false,
        "residencyPostalCode": "43215",
        "residencyCounty": county,
        "selectedAssistanceProgramIDs": [0],
        "totalHouseholdSize": size,
        "isBelowIncomeLimit": true,
        "signature": "<svg><path d='M0 0 L10 10'/></svg>",
        "typedName": "Pat Doe",
        "acceptedTerms": true,
        "disqualified": false,
        "householdMembersByAge": { "children": ages[0], "adults": ages[1], "seniors": ages[2] },
    });
    if programs {
        answers["selectedAssistanceProgramIDs"] = json!([1]);
        answers["totalHouseholdSize"] = Value::Null;
        answers["isBelowIncomeLimit"] = Value::Null;
    }
    let r = t.post("/api/v1/tefapeligibility/responses", Some(&who.token), answers).await;
    assert_eq!(r.value()["isEligible"], true, "{}", r.body);
}

/// A TEFAP stock item of `units` at the pantry.
pub(crate) async fn tefap_stock(t: &TestApp, pantry_id: i64, units: i32) -> i64 {
    let id = stock(t, pantry_id, units).await;
    exec(t, "UPDATE inventory_items SET source_code = 'TEFAP' WHERE id = ?", vec![id.into()]).await;
    id
}

/// Places an order of `units` of TEFAP stock and 1 of other stock, then dates it `at`.
async fn order_on(t: &TestApp, who: &Shopper, pantry_label: &str, units: i64, at: DateTime<Utc>) -> i64 {
    let p = pantry(t, pantry_label).await;
    let time = times(t, p, 1).await[0];
    let (food, other) = (tefap_stock(t, p, 20).await, stock(t, p, 20).await);
    let id = place(t, who, pickup(p, time, &[(food, units), (other, 1)])).await;
    exec(t, "UPDATE orders SET created_at = ? WHERE id = ?", vec![at.into(), id.into()]).await;
    let day = at.with_timezone(&chrono_tz::America::New_York).date_naive();
    exec(t, "UPDATE tefap_records SET served_on = ? WHERE order_id = ?", vec![day.into(), id.into()]).await;
    // Changed here in SQL, past the writes that keep the report summary.
    t.state.store.test_summarise_order(id).await.unwrap();
    id
}

async fn set_state(t: &TestApp, id: i64, status: i64) {
    t.state.store.test_set_order_status(id, status).await.unwrap();
}

/// Noon of a January 2030 day in Columbus.
fn jan(day: u32) -> DateTime<Utc> {
    chrono_tz::America::New_York.with_ymd_and_hms(2030, 1, day, 12, 0, 0).unwrap().with_timezone(&Utc)
}

/// The page's data (`__oa` payload) and status.
pub(crate) async fn page_data(t: &TestApp, path: &str, token: Option<&str>) -> (u16, Value) {
    let (status, _, html) = page(t, path, token).await;
    let json = html.split(r#"<script id="__oa""#).nth(1).and_then(|s| s.split_once('>')).map(|s| s.1);
    let data = json
        .and_then(|j| serde_json::from_str::<Value>(j.split("</script>").next().unwrap()).ok())
        .map(|p| p["data"].clone())
        .unwrap_or(Value::Null);
    (status, data)
}

struct Seeded {
    main: i64,
    driving_park: i64,
    twice: i64,
}

/// January 2030 at Main and Driving Park: A (2 children, 1 adult) picks up twice at Main; B (1
/// adult, 1 senior), who ordered at Main in December, is a no-show; C (1 child, 1 adult, SNAP) is
/// cancelled at Driving Park; D (1 senior) picks up at Driving Park, one line packed short.
async fn seed(t: &TestApp) -> Seeded {
    let (a, b, c, d) = (fresh(t).await, fresh(t).await, fresh(t).await, fresh(t).await);
    answer_tefap(t, &a, [2, 1, 0], false).await;
    answer_tefap(t, &b, [0, 1, 1], false).await;
    answer_tefap(t, &c, [1, 1, 0], true).await;
    answer_tefap(t, &d, [0, 0, 1], false).await;
    let a1 = order_on(t, &a, MAIN, 3, jan(3)).await;
    let a2 = order_on(t, &a, MAIN, 2, jan(17)).await;
    let earlier = chrono_tz::America::New_York.with_ymd_and_hms(2029, 12, 20, 12, 0, 0).unwrap().with_timezone(&Utc);
    let b0 = order_on(t, &b, MAIN, 1, earlier).await;
    let b1 = order_on(t, &b, MAIN, 4, jan(3)).await;
    let c1 = order_on(t, &c, DRIVING_PARK, 2, jan(5)).await;
    let d1 = order_on(t, &d, DRIVING_PARK, 5, jan(5)).await;
    // D's TEFAP line is packed short: 5 asked, 2 given.
    exec(t, "UPDATE order_items SET packed_quantity = 2 WHERE order_id = ? AND quantity = 5", vec![d1.into()]).await;
    t.state.store.test_summarise_order(d1).await.unwrap();
    for id in [a1, a2, b0, d1] {
        set_state(t, id, 5).await;
    }
    set_state(t, b1, 7).await;
    set_state(t, c1, 6).await;
    Seeded { main: pantry(t, MAIN).await, driving_park: pantry(t, DRIVING_PARK).await, twice: a1 }
}

/// The bounds of the month beginning `first` at a pantry, from its own time zone.
async fn bounds(t: &TestApp, pantry_id: i64, first: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let row = t
        .db()
        .query_one_raw(statement(t, "SELECT time_zone FROM pantry_locations WHERE id = ?", vec![pantry_id.into()]))
        .await
        .unwrap()
        .unwrap();
    let tz: chrono_tz::Tz = row.try_get::<String>("", "time_zone").unwrap().parse().unwrap();
    let local = |d: NaiveDate| tz.from_local_datetime(&d.and_hms_opt(0, 0, 0).unwrap()).unwrap().with_timezone(&Utc);
    (local(first), local(first + Months::new(1)))
}

fn january() -> NaiveDate {
    NaiveDate::from_ymd_opt(2030, 1, 1).unwrap()
}

/// The report's totals of a place, counted again here in SQL: `column` is `pantry_location_id`
/// or `food_bank_id`.
async fn independent(t: &TestApp, column: &str, id: i64, (from, to): (DateTime<Utc>, DateTime<Utc>)) -> Value {
    let month = format!("o.{column} = ? AND o.created_at >= ? AND o.created_at < ?");
    let v = || -> Vec<Sql> { vec![id.into(), from.into(), to.into()] };
    let count = |extra: &str| format!("SELECT COUNT(*) AS n FROM orders o WHERE {month}{extra}");
    let orders = number(t, &count(""), v()).await;
    let picked = number(t, &count(" AND o.status_type_id = 5"), v()).await;
    let no_shows = number(t, &count(" AND o.status_type_id = 7"), v()).await;
    let delivered = number(t, &count(" AND o.status_type_id = 5 AND o.pantry_location_id IS NULL"), v()).await;
    let not_delivered = number(t, &count(" AND o.status_type_id = 7 AND o.pantry_location_id IS NULL"), v()).await;
    let households =
        number(t, &format!("SELECT COUNT(DISTINCT o.user_id) AS n FROM orders o WHERE {month}"), v()).await;
    let same = if column == "pantry_location_id" { "e.pantry_location_id" } else { "e.food_bank_id" };
    let new = number(
        t,
        &format!(
            "SELECT COUNT(DISTINCT o.user_id) AS n FROM orders o WHERE {month} AND NOT EXISTS \
             (SELECT 1 FROM orders e WHERE e.user_id = o.user_id AND {same} = o.{column} AND e.created_at < ?)"
        ),
        vec![id.into(), from.into(), to.into(), from.into()],
    )
    .await;
    let items = number(
        t,
        &format!(
            "SELECT SUM(COALESCE(i.packed_quantity, i.quantity)) AS n FROM orders o \
             JOIN order_items i ON i.order_id = o.id WHERE {month} AND o.status_type_id = 5"
        ),
        v(),
    )
    .await;
    let pounds = number(
        t,
        &format!(
            "SELECT SUM(COALESCE(i.packed_quantity, i.quantity) * i.weight_pounds) AS n FROM orders o \
             JOIN order_items i ON i.order_id = o.id WHERE {month} AND o.status_type_id = 5"
        ),
        v(),
    )
    .await;
    let mut ages = Vec::new();
    for age in ["children", "adults", "seniors"] {
        ages.push(
            number(
                t,
                &format!(
                    "SELECT SUM(r.{age}) AS n FROM tefap_records r WHERE r.id IN \
                     (SELECT MAX(x.id) FROM tefap_records x WHERE x.served_on >= ? AND x.served_on < ? \
                      AND x.children IS NOT NULL GROUP BY x.user_id) \
                     AND r.user_id IN (SELECT o.user_id FROM orders o WHERE {month} AND o.status_type_id = 5)"
                ),
                vec![
                    from.with_timezone(&chrono_tz::America::New_York).date_naive().into(),
                    to.with_timezone(&chrono_tz::America::New_York).date_naive().into(),
                    id.into(),
                    from.into(),
                    to.into(),
                ],
            )
            .await,
        );
    }
    json!({
        "orders": orders, "pickedUp": picked, "noShows": no_shows, "households": households,
        "delivered": delivered, "notDelivered": not_delivered,
        "newHouseholds": new, "children": ages[0], "adults": ages[1], "seniors": ages[2],
        // The page gives pounds to a tenth.
        "items": items, "pounds": (pounds * 10.0).round() / 10.0,
    })
}

/// The report's totals of a place as the same numbers.
fn shown(report: &Value, key: &str) -> Value {
    let place = report["places"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| format!("{}:{}", p["kind"].as_str().unwrap(), p["id"]) == key);
    let totals = &place.unwrap_or_else(|| panic!("{key} in {report}"))["totals"];
    let f = |k: &str| totals[k].as_f64().unwrap();
    json!({
        "orders": f("orders"), "pickedUp": f("pickedUp"), "noShows": f("noShows"), "households": f("households"),
        "delivered": f("delivered"), "notDelivered": f("notDelivered"),
        "newHouseholds": f("newHouseholds"), "children": f("children"), "adults": f("adults"), "seniors": f("seniors"),
        "items": f("items"), "pounds": f("pounds"),
    })
}

async fn a_seeded_month_adds_up_to_an_independent_count(t: &TestApp) {
    let s = seed(t).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (status, data) = page_data(t, &format!("/staff/reports?month={MONTH}"), Some(&staff)).await;
    assert_eq!(status, 200, "{data}");
    let report = &data["report"];
    for id in [s.main, s.driving_park] {
        let month = bounds(t, id, january()).await;
        assert_eq!(shown(report, &format!("pantry:{id}")), independent(t, "pantry_location_id", id, month).await);
    }
    // What the seed makes of Main: A twice (picked up), B a no-show who ordered in December.
    let main = shown(report, &format!("pantry:{}", s.main));
    assert_eq!(
        main,
        json!({"orders": 3.0, "pickedUp": 2.0, "noShows": 1.0, "households": 2.0, "newHouseholds": 1.0,
               "delivered": 0.0, "notDelivered": 0.0,
               "children": 2.0, "adults": 1.0, "seniors": 0.0, "items": 7.0, "pounds": 10.5})
    );
    // Driving Park: D's short line counts what was packed (2 + 1 units at 1.5 lb).
    let dp = shown(report, &format!("pantry:{}", s.driving_park));
    assert_eq!(
        (dp["items"].as_f64(), dp["pounds"].as_f64(), dp["seniors"].as_f64()),
        (Some(3.0), Some(4.5), Some(1.0))
    );
    assert!(report["places"].as_array().unwrap().iter().all(|p| p["kind"] == "pantry"), "staff see no food bank row");

    // The admin sees the food bank first, counted over all its pantries and deliveries.
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let (_, data) = page_data(t, &format!("/staff/reports?month={MONTH}"), Some(&admin)).await;
    let report = &data["report"];
    let bank = &report["places"][0];
    assert_eq!(bank["kind"], "foodBank");
    let bank_id = bank["id"].as_i64().unwrap();
    let month = bounds(t, s.main, january()).await;
    assert_eq!(shown(report, &format!("foodBank:{bank_id}")), independent(t, "food_bank_id", bank_id, month).await);

    // By day, at Main: the 3rd has A and B, the 17th A again.
    let (_, data) = page_data(t, &format!("/staff/reports?month={MONTH}&place=pantry:{}", s.main), Some(&staff)).await;
    let days = data["report"]["days"].as_array().unwrap();
    assert_eq!(days.len(), 31);
    let day = |n: usize| {
        (days[n - 1]["orders"].as_i64(), days[n - 1]["pickedUp"].as_i64(), days[n - 1]["households"].as_i64())
    };
    assert_eq!(
        (day(3), day(17), day(4)),
        ((Some(2), Some(1), Some(2)), (Some(1), Some(1), Some(1)), (Some(0), Some(0), Some(0)))
    );

    // The CSV has the same totals.
    let (status, headers, csv) = page(t, &format!("/staff/reports.csv?month={MONTH}"), Some(&staff)).await;
    assert_eq!(status, 200);
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    let main_name = MAIN;
    let line = csv.lines().find(|l| l.contains(main_name) && l.contains(",Month,")).unwrap_or_else(|| panic!("{csv}"));
    assert!(line.ends_with(",3,2,1,0,0,0,2,1,2,1,0,7,10.5,2"), "{line}");
    let _ = s.twice;

    // A malformed month is refused at its field, not guessed.
    let (status, data) = page_data(t, "/staff/reports?month=2030-13", Some(&staff)).await;
    assert_eq!((status, data["badMonth"].as_str()), (400, Some("2030-13")));
    let (status, _, _) = page(t, "/staff/reports.csv?month=January", Some(&staff)).await;
    assert_eq!(status, 400);
}

/// The admin's report of the month beginning `first` against the independent counts, at Main,
/// Driving Park and the food bank; Main's and the food bank's totals.
async fn report_matches(t: &TestApp, first: NaiveDate, step: &str) -> (Value, Value) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let (status, data) = page_data(t, &format!("/staff/reports?month={}", first.format("%Y-%m")), Some(&admin)).await;
    assert_eq!(status, 200, "{step}: {data}");
    let report = &data["report"];
    let (main, dp) = (pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await);
    for id in [main, dp] {
        let month = bounds(t, id, first).await;
        let counted = independent(t, "pantry_location_id", id, month).await;
        assert_eq!(shown(report, &format!("pantry:{id}")), counted, "{step}: pantry {id}");
    }
    let bank = report["places"][0]["id"].as_i64().unwrap();
    let counted = independent(t, "food_bank_id", bank, bounds(t, main, first).await).await;
    assert_eq!(shown(report, &format!("foodBank:{bank}")), counted, "{step}: the food bank");
    (shown(report, &format!("pantry:{main}")), counted)
}

async fn the_summary_follows_every_change_of_an_order(t: &TestApp) {
    let first = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive().with_day(1).unwrap();
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let act = |id: i64, action: &'static str| {
        let staff = staff.clone();
        async move {
            let r =
                t.post(&format!("/api/v1/staff/orders/{id}/state"), Some(&staff), json!({ "action": action })).await;
            assert_eq!(r.status, 200, "{action}: {}", r.body);
        }
    };
    let (before, _) = report_matches(t, first, "the demo's orders").await;
    let n = |v: &Value, k: &str| v[k].as_f64().unwrap();

    let (a, b, c) = (fresh(t).await, fresh(t).await, fresh(t).await);
    let (moving, item, _) = place_at(t, &a, MAIN, 10, 3).await;
    let (cancelled, _, _) = place_at(t, &b, MAIN, 10, 2).await;
    let (short, _, _) = place_at(t, &c, MAIN, 10, 4).await;
    let (main, _) = report_matches(t, first, "placed").await;
    assert_eq!(n(&main, "orders"), n(&before, "orders") + 3.0);

    assert_eq!(t.delete(&format!("/api/v1/orders/{cancelled}"), Some(&b.token)).await.status, 200);
    report_matches(t, first, "cancelled").await;

    let park = pantry(t, DRIVING_PARK).await;
    t.state.store.test_stock(park, 5, Some(item)).await.unwrap();
    let body = json!({ "OrderId": moving, "LocationId": park, "PickupTimeId": times(t, park, 1).await[0] });
    let r = t.put(&format!("/api/v1/orders/{moving}/location"), Some(&a.token), body).await;
    assert_eq!(r.value()["pantryLocationID"], park);
    let (main, _) = report_matches(t, first, "moved to Driving Park").await;
    assert_eq!(n(&main, "orders"), n(&before, "orders") + 2.0, "counted at its new pantry");

    act(short, "startPacking").await;
    let detail = t.get(&format!("/api/v1/staff/orders/{short}"), Some(&staff)).await;
    let line = detail.value()["lines"][0]["id"].as_i64().unwrap();
    let r = t.put(&format!("/api/v1/staff/orders/{short}/lines/{line}"), Some(&staff), json!({ "packed": 1 })).await;
    assert_eq!(r.status, 200, "{}", r.body);
    report_matches(t, first, "packed short").await;

    act(short, "markReady").await;
    act(short, "checkIn").await;
    let (main, _) = report_matches(t, first, "picked up").await;
    assert_eq!(n(&main, "items"), n(&before, "items") + 1.0, "what was packed, not what was asked");

    // The no-show job closes the moved order once its window and grace are over.
    let ends = t.state.store.test_pickup_ends(moving).await.unwrap().expect("a pickup window");
    t.clock.advance(ends + t.state.config.no_show_grace + Duration::minutes(5) - Utc::now());
    t.state.run_due_jobs("host-a").await.unwrap();
    let (_, bank) = report_matches(t, first, "no-show").await;
    let state = t.get(&format!("/api/v1/orders/{moving}"), Some(&a.token)).await;
    assert_eq!(state.value()["pantryOrderStatusType"]["code"], "NO_SHOW");
    assert!(n(&bank, "noShows") >= 1.0, "{bank}");
}

async fn reports_are_for_staff_of_their_pantries(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let shopper = fresh(t).await;
    for path in ["/staff/reports", "/staff/tefap", "/staff/reports.csv", "/staff/tefap.csv"] {
        assert_eq!(page(t, path, Some(&volunteer)).await.0, 403, "volunteer {path}");
        assert_eq!(page(t, path, Some(&shopper.token)).await.0, 403, "shopper {path}");
        assert_eq!(page(t, path, None).await.0, 401, "signed out {path}");
    }
    let (_, data) = page_data(t, "/staff/reports", Some(&staff)).await;
    let mut places: Vec<i64> =
        data["report"]["places"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
    places.sort_unstable();
    let mut mine = vec![pantry(t, MAIN).await, pantry(t, DRIVING_PARK).await];
    mine.sort_unstable();
    assert_eq!(places, mine, "pantry staff see their own pantries only");
    let parsons = pantry(t, PARSONS).await;
    assert_eq!(page(t, &format!("/staff/tefap?pantry={parsons}"), Some(&staff)).await.0, 404);
    assert_eq!(page(t, &format!("/staff/tefap.csv?pantry={parsons}"), Some(&staff)).await.0, 404);
}

async fn the_tefap_list_holds_the_record_and_nothing_else(t: &TestApp) {
    let s = seed(t).await;
    // Contact details the record must not carry.
    exec(t, "UPDATE users SET phone_number = '614-555-0199', first_name = 'Ana', last_name = 'Ruiz' WHERE id = (SELECT user_id FROM orders WHERE id = ?)", vec![s.twice.into()]).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (status, data) = page_data(t, &format!("/staff/tefap?pantry={}&month={MONTH}", s.main), Some(&staff)).await;
    assert_eq!(status, 200, "{data}");
    let records = data["records"]["records"].as_array().unwrap();
    // A twice and B once at Main in January (B's December order is December's).
    assert_eq!(records.len(), 3, "{records:?}");
    let first = &records[0];
    assert_eq!(first["servedOn"], "2030-01-03");
    assert!(records.iter().all(|r| r["basis"] == "income" && r["householdSize"].as_i64().is_some()));
    // Kept 3 years past the close of the federal fiscal year (October to September) of the day
    // the record was taken: the order was placed today.
    let today = Utc::now().with_timezone(&chrono_tz::America::New_York).date_naive();
    let fiscal = if today.month() >= 10 { today.year() + 1 } else { today.year() };
    let expected = format!("{}-09-30", fiscal + 3);
    let keep = records.iter().map(|r| r["keepUntil"].as_str().unwrap()).collect::<Vec<_>>();
    assert!(keep.iter().all(|k| *k == expected), "kept until {expected}: {keep:?}");
    // Snapshots: renaming the shopper afterwards does not rewrite them.
    let names: Vec<&str> = records.iter().map(|r| r["recipientName"].as_str().unwrap()).collect();
    assert!(names.iter().all(|n| *n == "Test Shopper"), "the name when ordered: {names:?}");
    let text = data["records"].to_string();
    assert!(!text.contains('@') && !text.contains("555-0199"), "no e-mail or phone: {text}");

    let dp = s.driving_park;
    let (_, data) = page_data(t, &format!("/staff/tefap?pantry={dp}&month={MONTH}"), Some(&staff)).await;
    let bases: Vec<&str> =
        data["records"]["records"].as_array().unwrap().iter().map(|r| r["basis"].as_str().unwrap()).collect();
    assert!(bases.contains(&"programs") && bases.contains(&"income"), "{bases:?}");

    let (status, headers, csv) =
        page(t, &format!("/staff/tefap.csv?pantry={}&month={MONTH}", s.main), Some(&staff)).await;
    assert_eq!(status, 200);
    assert!(headers["content-disposition"].to_str().unwrap().contains("tefap-"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 4, "{csv}");
    assert!(lines[0].starts_with("Day,Order,Recipient,Household size,Basis of eligibility"), "{}", lines[0]);
    assert!(lines[1].starts_with("2030-01-03,"), "{}", lines[1]);
    assert!(lines[1].contains(",3,Income,,2,1,0,"), "{}", lines[1]);
    assert!(!csv.contains('@') && !csv.contains("555-0199"), "{csv}");
}
