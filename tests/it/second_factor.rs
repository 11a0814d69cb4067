//! A second factor for staff (issue 53 item 1) on both databases: once a food bank admin requires
//! it, a pantry staff member's grants do nothing (API 403, pages "not allowed" with the way to
//! it) until the session proves a code app, while the shopper side of the same login keeps
//! working; enrolment shows the key and answers ten recovery codes once; a code works once (not
//! in a second session), a recovery code works once, and the next step's code proves a new one.
use crate::{
    api_staff::token_of,
    api_support::TestApp,
    households::{count, open, post},
    on_both,
};
use orderahead::{
    db::seed::{DEMO_ADMIN_EMAIL, DEMO_PASSWORD, DEMO_STAFF_EMAIL, DEMO_VOLUNTEER_EMAIL},
    domain::second_factor::code_at,
};

on_both!(staff_prove_a_second_factor_where_their_food_bank_asks, a_passkey_is_offered_and_a_forged_answer_refused);

async fn staff_api(t: &TestApp, token: &str) -> (u16, Option<String>) {
    let r = t.get("/api/v1/staff/queue", Some(token)).await;
    (r.status, r.body["failureCode"].as_str().map(str::to_owned))
}

fn code_now(t: &TestApp, secret: &str) -> String {
    let now = orderahead::infra::clock::Clock::now(&*t.clock);
    code_at(secret, u64::try_from(now.timestamp()).unwrap()).unwrap()
}

async fn staff_prove_a_second_factor_where_their_food_bank_asks(t: &TestApp) {
    let staff = t.login(DEMO_STAFF_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(staff_api(t, &staff).await.0, 200, "not required yet");

    // The admin requires it for the Columbus food bank.
    let admin = token_of(t, DEMO_ADMIN_EMAIL).await;
    let settings = open(t, &admin, "/staff/settings").await;
    let bank = settings.data["foodBanks"][0]["id"].as_i64().unwrap().to_string();
    let fields =
        [("intent", "rules"), ("foodBank", bank.as_str()), ("tefapValidMonths", "12"), ("requireSecondFactor", "1")];
    assert_eq!(post(t, &admin, "/staff/settings", &fields).await.status, 303);

    assert_eq!(staff_api(t, &staff).await, (403, Some("secondFactorNeeded".to_owned())));
    let page = open(t, &staff, "/staff/orders").await;
    assert_eq!(page.status, 403);
    assert_eq!(t.get("/api/v1/account/profile", Some(&staff)).await.status, 200, "the shopper side is not asked");

    // Enrolment: the key, confirmed by a code; a wrong code is refused at its field.
    let enrolling = open(t, &staff, "/staff/second-factor").await;
    assert_eq!(enrolling.data["state"], "enrolling");
    let secret = enrolling.data["secret"].as_str().unwrap().to_owned();
    assert!(enrolling.data["url"].as_str().unwrap().starts_with("otpauth://totp/OrderAhead:"));
    let wrong = post(t, &staff, "/staff/second-factor", &[("intent", "confirm"), ("code", "000000")]).await;
    assert_eq!((wrong.status, wrong.refused), (422, vec!["code".to_owned()]));
    let code = code_now(t, &secret);
    let enrolled = post(t, &staff, "/staff/second-factor", &[("intent", "confirm"), ("code", &code)]).await;
    assert_eq!((enrolled.status, enrolled.data["state"].as_str()), (200, Some("proved")));
    let recovery: Vec<String> =
        enrolled.data["recoveryCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(recovery.len(), 10);
    assert_eq!(staff_api(t, &staff).await.0, 200, "this session proved it");
    let again = open(t, &staff, "/staff/second-factor").await;
    assert!(again.data.get("recoveryCodes").is_none() && again.data.get("secret").is_none(), "shown once");

    // A new login must prove it too; the code already used does not work again.
    let second = t.login(DEMO_STAFF_EMAIL, DEMO_PASSWORD).await;
    assert_eq!(staff_api(t, &second).await.0, 403);
    assert_eq!(open(t, &second, "/staff/second-factor").await.data["state"], "enrolled");
    let replay = post(t, &second, "/staff/second-factor", &[("intent", "prove"), ("code", &code)]).await;
    assert_eq!(replay.status, 422, "a code works once");
    // A recovery code works, once.
    let proved =
        post(t, &second, "/staff/second-factor", &[("intent", "prove"), ("code", &recovery[0].to_uppercase())]).await;
    assert_eq!((proved.status, proved.location.as_deref()), (303, Some("/staff")));
    assert_eq!(staff_api(t, &second).await.0, 200);
    let third = t.login(DEMO_STAFF_EMAIL, DEMO_PASSWORD).await;
    let reused = post(t, &third, "/staff/second-factor", &[("intent", "prove"), ("code", &recovery[0])]).await;
    assert_eq!(reused.status, 422, "a recovery code works once");
    // Thirty seconds on, the app's next code proves the third session.
    t.clock.advance(chrono::Duration::seconds(30));
    let next = code_now(t, &secret);
    let proved = post(t, &third, "/staff/second-factor", &[("intent", "prove"), ("code", &next)]).await;
    assert_eq!(proved.status, 303);
    assert_eq!(staff_api(t, &third).await.0, 200);
}

/// A passkey: the page hands the browser options for this app (relying party `localhost`, the
/// person's account, a fresh challenge kept for the session); an answer that is not the
/// authenticator's is refused at its field, stores nothing, and proves nothing. (The browser suite
/// registers and uses a real one, with Chromium's virtual authenticator.)
async fn a_passkey_is_offered_and_a_forged_answer_refused(t: &TestApp) {
    let volunteer = t.login(DEMO_VOLUNTEER_EMAIL, DEMO_PASSWORD).await;
    let page = open(t, &volunteer, "/staff/second-factor").await;
    assert_eq!(page.data["state"], "enrolling");
    let options = &page.data["passkeyCreate"];
    assert_eq!(options["rp"]["id"], "localhost", "{options}");
    assert_eq!(options["user"]["name"], DEMO_VOLUNTEER_EMAIL);
    assert!(options["challenge"].as_str().is_some_and(|c| c.len() >= 22), "{options}");
    assert!(page.data.get("passkeyGet").is_none(), "nothing to use yet");
    let open_challenges = "SELECT COUNT(*) AS n FROM passkey_ceremonies WHERE kind = 'register'";
    assert!(count(t, open_challenges, vec![]).await >= 1);

    let forged = r#"{"id":"AAAA","rawId":"AAAA","type":"public-key","response":{"clientDataJSON":"e30","attestationObject":"oA"}}"#;
    for (intent, answer) in [("addPasskey", forged), ("addPasskey", "not json"), ("usePasskey", forged)] {
        let r = post(t, &volunteer, "/staff/second-factor", &[("intent", intent), ("credential", answer)]).await;
        assert_eq!((r.status, r.refused), (422, vec!["passkey".to_owned()]), "{intent} {answer}");
    }
    let user = t.state.store.test_user_id(DEMO_VOLUNTEER_EMAIL).await.unwrap().unwrap();
    assert_eq!(count(t, "SELECT COUNT(*) AS n FROM passkeys WHERE user_id = ?", vec![user.into()]).await, 0);
    assert_eq!(open(t, &volunteer, "/staff/second-factor").await.data["state"], "enrolling", "nothing proved");
}
