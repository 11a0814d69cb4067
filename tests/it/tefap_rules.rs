//! A food bank's TEFAP rules and decisions (issue 49 items 3 and 5) on both databases, through the
//! pages' forms as a browser without JavaScript sends them: the admin sets how many months a
//! decision stands, and the shop, the profile and the door all follow it; staff record a decision
//! on a household's page and it joins the household's history; where the food bank asks for a
//! signature a visit is refused without one (nothing written) and kept with a typed or drawn one;
//! only the food bank's admin changes the rules, and bad input is refused at its field.
use crate::{
    api_orders::{MAIN, named},
    api_staff::token_of,
    api_support::TestApp,
    households::{count, household_of, lists, noon_at_the_pantry, open, pantry, post, register},
    on_both,
};
use chrono::{Months, NaiveDate};
use orderahead::db::seed::{DEMO_ADMIN_EMAIL, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL};
use serde_json::Value;

on_both!(
    the_food_banks_period_decides_when_tefap_lapses,
    staff_record_a_decision_and_the_history_keeps_each,
    a_visit_is_signed_where_the_food_bank_asks,
    only_the_admin_sets_the_rules_and_bad_input_is_refused,
);

const ANA: [(&str, &str); 4] = [("firstName", "Ana"), ("lastName", "Quiroga"), ("postalCode", "43206"), ("size", "2")];

/// The admin's food bank (the one the main pantry belongs to) and its rules as the page shows them.
async fn rules(t: &TestApp, admin: &str) -> Value {
    let page = open(t, admin, "/staff/settings").await;
    assert_eq!(page.status, 200, "{}", page.data);
    page.data["foodBanks"][0].clone()
}

async fn set_rules(t: &TestApp, admin: &str, bank: i64, months: &str, signature: bool) -> crate::households::Opened {
    let bank = bank.to_string();
    let mut fields = vec![("intent", "rules"), ("foodBank", bank.as_str()), ("tefapValidMonths", months)];
    if signature {
        fields.push(("visitSignature", "1"));
    }
    post(t, admin, "/staff/settings", &fields).await
}

/// The profile's `tefapRecertificationDueAt`.
async fn due(t: &TestApp, token: &str) -> Value {
    t.get("/api/v1/account/profile", Some(token)).await.value()["tefapRecertificationDueAt"].clone()
}

async fn audited(t: &TestApp, action: &str) -> i64 {
    count(t, "SELECT COUNT(*) AS n FROM audit_log WHERE action = ?", vec![action.into()]).await
}

async fn the_food_banks_period_decides_when_tefap_lapses(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let bank = rules(t, &admin).await;
    assert_eq!(bank["tefapValidMonths"], 12, "twelve months unless the food bank sets another period");
    let bank = bank["id"].as_i64().unwrap();
    // The demo shopper answered the questionnaire 59 days ago: it stands for 12 months...
    let demo = t.demo_token().await;
    let (spaghetti, _, source, _) = named(t, Some(main), "Spaghetti").await;
    assert_eq!(source.as_deref(), Some("TEFAP"));
    assert!(lists(t, &demo, main, spaghetti).await);
    assert_eq!(due(t, &demo).await, Value::Null);

    // ...but not for one: the shop hides TEFAP food and the profile says the answer lapsed.
    let r = set_rules(t, &admin, bank, "1", false).await;
    assert_eq!((r.status, r.location.as_deref()), (303, Some("/staff/settings?saved=rules")));
    assert_eq!(rules(t, &admin).await["tefapValidMonths"], 1);
    assert!(!lists(t, &demo, main, spaghetti).await, "a one-month period: the answer has lapsed");
    assert!(due(t, &demo).await.is_string(), "the shop offers the questionnaire again");
    assert_eq!(audited(t, "foodBank.rules").await, 1, "the change is in the audit log");

    // The door reads the same period: a decision made today stands one month.
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    // Noon at the pantry: a month on is a month on whatever the hour the suite runs.
    noon_at_the_pantry(t);
    let r = register(t, &volunteer, main, &ANA).await;
    let id = household_of(r.location.as_deref().unwrap());
    let path = format!("/staff/households/{id}?pantry={main}");
    let p = main.to_string();
    let r =
        post(t, &volunteer, &path, &[("intent", "decide"), ("pantry", p.as_str()), ("decisionBasis", "income")]).await;
    assert_eq!(r.status, 303);
    let h = open(t, &volunteer, &path).await.data["household"].clone();
    assert_eq!(h["tefapValidMonths"], 1);
    let decided: NaiveDate = h["tefap"]["decidedOn"].as_str().unwrap().parse().unwrap();
    let until = decided.checked_add_months(Months::new(1)).unwrap().to_string();
    assert_eq!(h["tefapDueOn"], until.as_str());
    assert_eq!(h["recertificationDue"], false);
    t.clock.advance(chrono::Duration::days(32));
    let h = open(t, &volunteer, &path).await.data["household"].clone();
    assert_eq!(h["recertificationDue"], true, "a month on, the household recertifies");

    // Back to twelve months: the same decisions stand again.
    assert_eq!(set_rules(t, &admin, bank, "12", false).await.status, 303);
    assert_eq!(open(t, &volunteer, &path).await.data["household"]["recertificationDue"], false);
    assert!(lists(t, &demo, main, spaghetti).await, "the answer stands under twelve months");
}

async fn staff_record_a_decision_and_the_history_keeps_each(t: &TestApp) {
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let r = register(t, &volunteer, main, &ANA).await;
    let id = household_of(r.location.as_deref().unwrap());
    let path = format!("/staff/households/{id}?pantry={main}");
    let p = main.to_string();
    let h = open(t, &volunteer, &path).await.data["household"].clone();
    assert_eq!(h["recertificationDue"], true, "no decision yet");
    assert_eq!(h["decisions"].as_array().unwrap().len(), 0);

    // A decision today, by a volunteer at the door.
    let decide = [("intent", "decide"), ("pantry", p.as_str()), ("decisionBasis", "programs")];
    let r = post(t, &volunteer, &path, &decide).await;
    assert_eq!(r.status, 303);
    assert!(r.location.as_deref().unwrap().contains("done=decided"), "{:?}", r.location);
    // The form sent again (a second click): still one decision, one audit entry.
    assert_eq!(post(t, &volunteer, &path, &decide).await.status, 303);
    let h = open(t, &volunteer, &path).await.data["household"].clone();
    assert_eq!(h["tefap"]["basis"], "programs");
    assert_eq!(h["tefap"]["byStaff"], true);
    assert_eq!(h["recertificationDue"], false);
    assert_eq!(h["decisions"][0]["how"], "staff");
    assert_eq!(h["decisions"][0]["pantry"], MAIN);
    assert_eq!(audited(t, "household.decide").await, 1);

    // Thirteen months on it has lapsed; TEFAP foods given at a visit decide again, and the
    // history keeps both, newest first.
    t.clock.advance(chrono::Duration::days(396));
    assert_eq!(open(t, &volunteer, &path).await.data["household"]["recertificationDue"], true);
    let fields =
        [("intent", "visit"), ("pantry", p.as_str()), ("pounds", "4"), ("tefap", "1"), ("tefapBasis", "income")];
    assert_eq!(post(t, &volunteer, &path, &fields).await.status, 303);
    let h = open(t, &volunteer, &path).await.data["household"].clone();
    let how: Vec<(&str, &str)> = h["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| (d["basis"].as_str().unwrap(), d["how"].as_str().unwrap()))
        .collect();
    assert_eq!(how, [("income", "visit"), ("programs", "staff")]);
    assert_eq!(h["tefap"]["basis"], "income");
    assert_eq!(h["recertificationDue"], false);
    let kept = count(t, "SELECT COUNT(*) AS n FROM tefap_decisions WHERE household_id = ?", vec![id.into()]).await;
    assert_eq!(kept, 2);

    // A basis that is none of the four is refused at its field; nothing is recorded.
    let r =
        post(t, &volunteer, &path, &[("intent", "decide"), ("pantry", p.as_str()), ("decisionBasis", "luck")]).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.refused, ["decisionBasis"]);
    let kept = count(t, "SELECT COUNT(*) AS n FROM tefap_decisions WHERE household_id = ?", vec![id.into()]).await;
    assert_eq!(kept, 2, "nothing written");
}

async fn a_visit_is_signed_where_the_food_bank_asks(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let main = pantry(t, MAIN).await;
    let bank = rules(t, &admin).await["id"].as_i64().unwrap();
    let r = register(t, &volunteer, main, &ANA).await;
    let id = household_of(r.location.as_deref().unwrap());
    let path = format!("/staff/households/{id}?pantry={main}");
    let p = main.to_string();
    let visits = || count(t, "SELECT COUNT(*) AS n FROM visits WHERE household_id = ?", vec![id.into()]);
    let visit = |extra: Vec<(&'static str, &'static str)>| {
        let (path, p, volunteer) = (path.clone(), p.clone(), volunteer.clone());
        async move {
            let mut fields = vec![("intent", "visit"), ("pantry", p.as_str()), ("pounds", "3")];
            fields.extend(extra);
            post(t, &volunteer, &path, &fields).await
        }
    };

    // Not asked: no signature field on the page, and a visit needs none.
    assert_eq!(open(t, &volunteer, &path).await.data["household"]["visitSignature"], false);
    assert_eq!(visit(vec![("signedName", "Ana Quiroga")]).await.status, 303);
    assert_eq!(visits().await, 1);

    // Asked: unsigned or an unreadable drawing is refused at the signature, nothing written.
    assert_eq!(set_rules(t, &admin, bank, "12", true).await.status, 303);
    assert_eq!(open(t, &volunteer, &path).await.data["household"]["visitSignature"], true);
    for extra in [
        vec![],
        vec![("signedName", "   ")],
        vec![("signedDrawing", "M 1 1 C 2 2 3 3 4 4")],
        vec![("signedName", "Ana"), ("signedDrawing", "M 1 1 L 999 1")],
    ] {
        let r = visit(extra.clone()).await;
        assert_eq!(r.status, 422, "{extra:?}");
        assert_eq!(r.refused, ["signature"], "{extra:?}");
    }
    assert_eq!(visits().await, 1, "nothing half-written");

    // Typed or drawn, it is kept with the visit.
    assert_eq!(visit(vec![("signedName", "  Ana   Quiroga ")]).await.status, 303);
    assert_eq!(visit(vec![("signedDrawing", "M 10 10 L 40.5 60 L 80 20")]).await.status, 303);
    assert_eq!(visits().await, 3);
    let typed = count(
        t,
        "SELECT COUNT(*) AS n FROM visits WHERE household_id = ? AND signature_kind = 'typed' AND signature = 'Ana Quiroga'",
        vec![id.into()],
    )
    .await;
    let drawn = count(
        t,
        "SELECT COUNT(*) AS n FROM visits WHERE household_id = ? AND signature_kind = 'drawn' AND signature = 'M 10 10 L 40.5 60 L 80 20'",
        vec![id.into()],
    )
    .await;
    let unsigned =
        count(t, "SELECT COUNT(*) AS n FROM visits WHERE household_id = ? AND signature IS NULL", vec![id.into()])
            .await;
    assert_eq!((typed, drawn, unsigned), (1, 1, 1), "the name typed when none was asked is not kept");
    let signed: Vec<bool> = open(t, &volunteer, &path).await.data["household"]["visits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["signed"].as_bool().unwrap())
        .collect();
    assert_eq!(signed.iter().filter(|s| **s).count(), 2);
}

async fn only_the_admin_sets_the_rules_and_bad_input_is_refused(t: &TestApp) {
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let volunteer = token_of(t, DEMO_VOLUNTEER_EMAIL).await;
    let bank = rules(t, &admin).await["id"].as_i64().unwrap();
    let stored = || count(t, "SELECT tefap_valid_months AS n FROM food_banks WHERE id = ?", vec![bank.into()]);

    for who in [&staff, &volunteer] {
        assert_eq!(open(t, who, "/staff/settings").await.status, 403, "pantry staff and volunteers see no settings");
        let r = set_rules(t, who, bank, "3", true).await;
        assert_eq!((r.status, r.code.as_deref()), (422, Some("staffOnly")), "the post is refused");
    }
    assert_eq!(stored().await, 12);

    for months in ["0", "37", "six", "", "1.5"] {
        let r = set_rules(t, &admin, bank, months, false).await;
        assert_eq!(r.status, 422, "{months:?}");
        assert_eq!(r.refused, ["tefapValidMonths"], "{months:?}");
    }
    assert_eq!(stored().await, 12, "nothing written");
    // Another food bank's rules are not the admin's to set.
    let r = set_rules(t, &admin, bank + 1000, "6", false).await;
    assert_eq!((r.status, r.code.as_deref()), (422, Some("foodBankNotFound")));
    assert_eq!(audited(t, "foodBank.rules").await, 0);
}
