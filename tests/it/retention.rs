//! The retention job (issue 53 item 4) on both databases: a TEFAP record served four years ago is
//! erased and one of two years ago kept; a walk-in visit of four years ago stays counted but loses
//! its TEFAP basis and signature; a four-year-old TEFAP decision goes from the history and from the
//! household; spent and expired reset links go, a live one stays; mail sent over a month ago goes,
//! recent and unsent mail stays; the food bank's change log says what was erased, by the system,
//! and a second run a day later erases only the link that expired meanwhile and says nothing. Shopper
//! accounts unused for the period a food bank set are deleted there, and nowhere else.
use crate::{
    api_orders::MAIN,
    api_staff::token_of,
    api_support::TestApp,
    households::{household_of, pantry, post, register, statement},
    on_both,
};
use chrono::{Duration, NaiveDate, Utc};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use sea_orm::{ConnectionTrait, Value as Sql};

on_both!(what_is_past_its_time_is_erased_and_the_rest_kept, unused_accounts_go_only_where_the_food_bank_asks);

async fn exec(t: &TestApp, sql: &str, values: Vec<Sql>) {
    t.db().execute_raw(statement(t, sql, values)).await.unwrap();
}

async fn count(t: &TestApp, sql: &str, values: Vec<Sql>) -> i64 {
    let row = t.db().query_one_raw(statement(t, sql, values)).await.unwrap().unwrap();
    row.try_get_by_index::<i64>(0).unwrap_or_else(|_| i64::from(row.try_get_by_index::<i32>(0).unwrap()))
}

fn years_ago(years: i64) -> NaiveDate {
    Utc::now().date_naive() - Duration::days(365 * years + 1)
}

async fn what_is_past_its_time_is_erased_and_the_rest_kept(t: &TestApp) {
    // Two TEFAP records of the demo's orders: four and two years old.
    let row = t.db().query_all_raw(statement(t, "SELECT id, user_id, food_bank_id FROM orders ORDER BY id", vec![]));
    let orders: Vec<(i64, i64, i64)> = row
        .await
        .unwrap()
        .iter()
        .map(|r| {
            (r.try_get("", "id").unwrap(), r.try_get("", "user_id").unwrap(), r.try_get("", "food_bank_id").unwrap())
        })
        .collect();
    let bank = orders[0].2;
    for ((order, user, food_bank), years) in orders.iter().take(2).zip([4, 2]) {
        let served = years_ago(years);
        let keep = orderahead::domain::reports::keep_until(served);
        exec(
            t,
            "INSERT INTO tefap_records (order_id, food_bank_id, user_id, recipient_name, household_size, \
             eligibility_basis, is_homeless, served_on, keep_until, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            vec![
                (*order).into(),
                (*food_bank).into(),
                (*user).into(),
                format!("Served {years} years ago").into(),
                3i32.into(),
                "income".into(),
                false.into(),
                served.into(),
                keep.into(),
                Utc::now().into(),
            ],
        )
        .await;
    }

    // A household with a TEFAP decision and two TEFAP visits, then aged: one visit and the
    // decision four years back, the other visit two.
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let fields = [("firstName", "Old"), ("lastName", "Records"), ("postalCode", "43215"), ("size", "2")];
    let id = household_of(register(t, &volunteer, main, &fields).await.location.as_deref().unwrap());
    let path = format!("/staff/households/{id}?pantry={main}");
    let p = main.to_string();
    let decide = [("intent", "decide"), ("pantry", p.as_str()), ("decisionBasis", "income")];
    assert_eq!(post(t, &volunteer, &path, &decide).await.status, 303);
    let visit =
        [("intent", "visit"), ("pantry", p.as_str()), ("pounds", "5"), ("tefap", "1"), ("tefapBasis", "income")];
    for _ in 0..2 {
        assert_eq!(post(t, &volunteer, &path, &visit).await.status, 303);
    }
    let visits: Vec<i64> = t
        .db()
        .query_all_raw(statement(t, "SELECT id FROM visits WHERE household_id = ? ORDER BY id", vec![id.into()]))
        .await
        .unwrap()
        .iter()
        .map(|r| r.try_get_by_index::<i64>(0).unwrap())
        .collect();
    exec(t, "UPDATE visits SET day = ? WHERE id = ?", vec![years_ago(4).into(), visits[0].into()]).await;
    exec(t, "UPDATE visits SET day = ? WHERE id = ?", vec![years_ago(2).into(), visits[1].into()]).await;
    exec(t, "UPDATE tefap_decisions SET decided_on = ? WHERE household_id = ?", vec![years_ago(4).into(), id.into()])
        .await;
    exec(t, "UPDATE households SET tefap_decided_on = ? WHERE id = ?", vec![years_ago(4).into(), id.into()]).await;

    // Reset links: spent, expired, live. Mail: sent 40 days ago, sent 5 days ago, waiting.
    let user = orders[0].1;
    let now = Utc::now();
    for (name, expires, used) in [
        ("spent", now + Duration::hours(1), Some(now - Duration::minutes(5))),
        ("expired", now - Duration::hours(1), None),
        ("live", now + Duration::hours(1), None),
    ] {
        exec(
            t,
            "INSERT INTO password_reset_tokens (user_id, token_hash, code_hash, expires_at, used_at, created_at) \
             VALUES (?, ?, ?, ?, ?, ?)",
            vec![user.into(), format!("retention-{name}").into(), "x".into(), expires.into(), used.into(), now.into()],
        )
        .await;
    }
    for (name, made, sent) in [
        ("old", now - Duration::days(40), Some(now - Duration::days(40))),
        ("recent", now - Duration::days(5), Some(now - Duration::days(5))),
        ("waiting", now - Duration::days(40), None),
    ] {
        exec(
            t,
            "INSERT INTO outbox (kind, recipient, subject, body, language, dedup_key, created_at, attempts, \
             next_attempt_at, sent_at) VALUES ('email', 'a@example.org', 's', 'b', 'en', ?, ?, 0, ?, ?)",
            vec![format!("retention-{name}").into(), made.into(), (now + Duration::days(1)).into(), sent.into()],
        )
        .await;
    }

    // The keys of the door's offline actions (issue 50): a week on, no device resends them.
    for (name, sent) in [("old", now - Duration::days(8)), ("recent", now - Duration::days(1))] {
        exec(
            t,
            "INSERT INTO door_actions (key, user_id, kind, outcome_id, created_at) VALUES (?, ?, 'checkIn', 1, ?)",
            vec![format!("retention-door-{name}").into(), user.into(), sent.into()],
        )
        .await;
    }

    let ran = t.state.run_due_jobs("host-a").await.unwrap();
    let erased = ran.iter().find(|(job, _)| *job == "retention").expect("the retention job ran").1;
    assert_eq!(erased, 7, "a record, a visit, a decision, two links, a mail and a door key: {ran:?}");
    let door_keys = "SELECT COUNT(*) FROM door_actions WHERE key LIKE 'retention-door-%'";
    assert_eq!(count(t, door_keys, vec![]).await, 1, "the week-old key goes, the day-old one stays");

    let records = |years: i64| {
        let name = format!("Served {years} years ago");
        async move { count(t, "SELECT COUNT(*) FROM tefap_records WHERE recipient_name = ?", vec![name.into()]).await }
    };
    assert_eq!(records(4).await, 0, "four years old: past its retention");
    assert_eq!(records(2).await, 1, "two years old: kept");
    let marked = |visit: i64| async move {
        count(
            t,
            "SELECT COUNT(*) FROM visits WHERE id = ? AND (tefap_basis IS NOT NULL OR signature IS NOT NULL)",
            vec![visit.into()],
        )
        .await
    };
    assert_eq!(count(t, "SELECT COUNT(*) FROM visits WHERE household_id = ?", vec![id.into()]).await, 2, "visits stay");
    assert_eq!(marked(visits[0]).await, 0, "the old visit's TEFAP basis is erased");
    assert_eq!(marked(visits[1]).await, 1, "the newer one's kept");
    assert_eq!(count(t, "SELECT COUNT(*) FROM tefap_decisions WHERE household_id = ?", vec![id.into()]).await, 0);
    let decided = "SELECT COUNT(*) FROM households WHERE id = ? AND tefap_basis IS NOT NULL";
    assert_eq!(count(t, decided, vec![id.into()]).await, 0, "the household's lapsed decision is erased");
    let links = "SELECT COUNT(*) FROM password_reset_tokens WHERE token_hash LIKE 'retention-%'";
    assert_eq!(count(t, links, vec![]).await, 1);
    let live = "SELECT COUNT(*) FROM password_reset_tokens WHERE token_hash = 'retention-live'";
    assert_eq!(count(t, live, vec![]).await, 1, "the live link stays");
    let mail = |name: &'static str| async move {
        count(t, "SELECT COUNT(*) FROM outbox WHERE dedup_key = ?", vec![format!("retention-{name}").into()]).await
    };
    assert_eq!((mail("old").await, mail("recent").await, mail("waiting").await), (0, 1, 1));

    // The change log says it, by the system, in counts.
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let log = t.get("/api/v1/staff/audit?action=retention.erase", Some(&admin)).await;
    let entries = log.value()["entries"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0]["bySystem"], true);
    assert_eq!(entries[0]["who"], "");
    let said = count(
        t,
        "SELECT COUNT(*) FROM audit_log WHERE action = 'retention.erase' AND food_bank_id = ?",
        vec![bank.into()],
    );
    assert_eq!(said.await, 1);
    let after = t
        .db()
        .query_one_raw(statement(t, "SELECT after FROM audit_log WHERE action = 'retention.erase'", vec![]))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index::<String>(0)
        .unwrap();
    let after: serde_json::Value = serde_json::from_str(&after).unwrap();
    assert_eq!(after, serde_json::json!({ "tefapRecords": 1, "visits": 1, "tefapDecisions": 1 }));

    // A day on, only the link that was live has expired since: it goes, and no food bank's
    // change log says anything (nothing of theirs was erased).
    t.clock.advance(Duration::days(1));
    let ran = t.state.run_due_jobs("host-a").await.unwrap();
    assert!(ran.contains(&("retention", 1)), "{ran:?}");
    assert_eq!(count(t, live, vec![]).await, 0);
    assert_eq!(count(t, "SELECT COUNT(*) FROM audit_log WHERE action = 'retention.erase'", vec![]).await, 1);
}

/// A food bank admin sets how long a shopper account may go unused (issue 53 item 4); until then
/// none is deleted. Then the job deletes an account of theirs with neither a login nor an order
/// for that long, and keeps one that ordered since, one that logged in since, a staff member's,
/// and another food bank's; the change log says how many, by the system.
async fn unused_accounts_go_only_where_the_food_bank_asks(t: &TestApp) {
    let bank = count(t, "SELECT default_food_bank_id FROM users WHERE email = ?", vec![DEMO_EMAIL.into()]).await;
    let other = count(t, "SELECT MIN(id) FROM food_banks WHERE id <> ?", vec![bank.into()]).await;
    let now = orderahead::infra::clock::Clock::now(&*t.clock);
    let account = |email: &'static str, bank: i64, login_days_ago: i64| async move {
        let id = t.state.store.test_shopper(email).await.unwrap();
        let (made, login) = (now - Duration::days(800), now - Duration::days(login_days_ago));
        exec(
            t,
            "UPDATE users SET default_food_bank_id = ?, created_at = ?, last_login_at = ? WHERE id = ?",
            vec![bank.into(), made.into(), login.into(), id.into()],
        )
        .await;
        id
    };
    let unused = account("unused@example.org", bank, 500).await;
    let recent = account("recent@example.org", bank, 20).await;
    let elsewhere = account("elsewhere@example.org", other, 500).await;
    // The demo shopper logged in long ago but has orders of the demo's days; the staff member is staff.
    for email in [DEMO_EMAIL, DEMO_STAFF_EMAIL] {
        let login = now - Duration::days(500);
        exec(
            t,
            "UPDATE users SET default_food_bank_id = ?, last_login_at = ?, created_at = ? WHERE email = ?",
            vec![bank.into(), login.into(), login.into(), email.into()],
        )
        .await;
    }
    let erased = |id: i64| async move {
        count(
            t,
            "SELECT COUNT(*) FROM users WHERE id = ? AND erased_at IS NOT NULL AND first_name = ''",
            vec![id.into()],
        )
        .await
    };
    t.state.run_due_jobs("host-a").await.unwrap();
    assert_eq!(erased(unused).await, 0, "no food bank asked yet");

    // The admin sets a year; three months is refused at its field.
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let set = |months: &'static str| {
        let admin = admin.clone();
        async move {
            let bank = bank.to_string();
            let fields = [
                ("intent", "rules"),
                ("foodBank", bank.as_str()),
                ("tefapValidMonths", "12"),
                ("inactiveAccountMonths", months),
            ];
            post(t, &admin, "/staff/settings", &fields).await
        }
    };
    let refused = set("3").await;
    assert_eq!((refused.status, refused.refused), (422, vec!["inactiveAccountMonths".to_owned()]));
    assert_eq!(set("12").await.status, 303);

    t.clock.advance(Duration::days(1));
    t.state.run_due_jobs("host-a").await.unwrap();
    assert_eq!(erased(unused).await, 1, "a year and more without a login or an order");
    assert_eq!(erased(recent).await, 0, "logged in three weeks ago");
    assert_eq!(erased(elsewhere).await, 0, "another food bank set nothing");
    let kept = "SELECT COUNT(*) FROM users WHERE email IN (?, ?) AND erased_at IS NULL";
    assert_eq!(count(t, kept, vec![DEMO_EMAIL.into(), DEMO_STAFF_EMAIL.into()]).await, 2, "an order since; staff");
    let said = "SELECT COUNT(*) FROM audit_log WHERE action = 'retention.erase' AND subject = 'accounts:inactive' \
                AND food_bank_id = ? AND actor_user_id = 0";
    assert_eq!(count(t, said, vec![bank.into()]).await, 1);
}
