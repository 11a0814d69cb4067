//! The shopper hears of each step, and the no-show job, on both databases: the order confirmed
//! (e-mail only), Ready, a pantry's cancel and No-Show each leave a personal message and an outbox
//! e-mail in the shopper's language (none when their profile declines e-mail); an uncollected order becomes No-Show only
//! after its grace period, by one runner however many run, its stock back once; a host whose clock
//! ran ahead and was set back does not wait out the difference for its next run.
use crate::{
    api_orders::{MAIN, Shopper, fresh, qty},
    api_staff::{place, token_of},
    api_support::TestApp,
    on_both,
};
use chrono::Duration;
use orderahead::db::seed::DEMO_STAFF_EMAIL;
use serde_json::json;

on_both!(
    ready_and_a_pantry_cancel_reach_the_shoppers_messages_and_mail,
    no_news_by_mail_when_the_profile_declines_it,
    an_uncollected_order_becomes_no_show_after_its_grace_once,
    a_job_run_while_the_clock_was_ahead_runs_again_once_it_is_set_back,
);

async fn user_of(t: &TestApp, shopper: &Shopper) -> i64 {
    let me = t.get("/api/v1/account/profile", Some(&shopper.token)).await;
    me.value()["id"].as_i64().expect("profile id")
}

/// The shopper's order news among their messages, as GET /messages serves them in `lang`.
async fn messages(t: &TestApp, shopper: &Shopper, lang: &str) -> Vec<String> {
    const NEWS: [&str; 6] =
        ["Your order", "Su pedido", "The pantry cancelled", "La despensa canceló", "not picked up", "no se recogió"];
    let r = t.get(&format!("/api/v1/messages?lang={lang}"), Some(&shopper.token)).await;
    r.value()
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["type"] == "notification")
        .map(|m| m["data"].to_string())
        .filter(|m| NEWS.iter().any(|n| m.contains(n)))
        .collect()
}

async fn state_act(t: &TestApp, token: &str, id: i64, action: &str, reason: Option<&str>) {
    let r = t
        .post(&format!("/api/v1/staff/orders/{id}/state"), Some(token), json!({ "action": action, "reason": reason }))
        .await;
    r.value();
}

/// Waits until the outbox holds `n` messages to `email`, all sent by the test's sender.
async fn mail_to(t: &TestApp, email: &str, n: usize) -> Vec<(String, String, String, bool)> {
    for _ in 0..100 {
        let rows = t.state.store.test_outbox(email).await.unwrap();
        if rows.len() >= n && rows.iter().all(|r| r.3) {
            return rows;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{n} sent message(s) to {email}: {:?}", t.state.store.test_outbox(email).await.unwrap());
}

async fn ready_and_a_pantry_cancel_reach_the_shoppers_messages_and_mail(t: &TestApp) {
    let shopper = fresh(t).await;
    let email = t.state.store.test_contact(user_of(t, &shopper).await, "es", true).await.unwrap();
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (id, _, _) = place(t, &shopper, MAIN, 10, 1).await;
    assert!(messages(t, &shopper, "es").await.is_empty(), "no news before a step");
    state_act(t, &staff, id, "startPacking", None).await;
    assert!(messages(t, &shopper, "es").await.is_empty(), "packing is no news");
    state_act(t, &staff, id, "markReady", None).await;

    let number = format!("{id:X}");
    let es = messages(t, &shopper, "es").await;
    assert_eq!(es.len(), 1, "{es:?}");
    assert!(es[0].contains("Su pedido está listo") && es[0].contains(&number), "{es:?}");
    let en = messages(t, &shopper, "en").await;
    assert!(en[0].contains("Your order is ready") && en[0].contains(&number), "{en:?}");
    // The order's confirmation came first, then the news of each step.
    let mail = mail_to(t, &email, 2).await;
    assert_eq!(mail[0].0, "Su pedido está confirmado");
    assert_eq!(mail[1].0, "Su pedido está listo");
    assert_eq!(mail[1].2, "es", "in the shopper's language");
    assert!(mail[1].1.contains(&number) && mail[1].1.contains("/account/orders?lang=es"), "{mail:?}");

    // Another shopper sees none of it.
    let other = fresh(t).await;
    assert!(messages(t, &other, "en").await.is_empty());

    state_act(t, &staff, id, "cancel", Some("Nuestro congelador se averió")).await;
    let es = messages(t, &shopper, "es").await;
    assert_eq!(es.len(), 2, "{es:?}");
    assert!(
        es.iter().any(|m| m.contains("La despensa canceló el pedido") && m.contains("Nuestro congelador se averió"))
    );
    let mail = mail_to(t, &email, 3).await;
    assert_eq!(mail[2].0, "La despensa canceló su pedido");
    assert!(mail[2].1.contains("Nuestro congelador se averió"), "{mail:?}");
}

async fn no_news_by_mail_when_the_profile_declines_it(t: &TestApp) {
    let shopper = fresh(t).await;
    let email = t.state.store.test_contact(user_of(t, &shopper).await, "en", false).await.unwrap();
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (id, _, _) = place(t, &shopper, MAIN, 10, 1).await;
    state_act(t, &staff, id, "startPacking", None).await;
    state_act(t, &staff, id, "markReady", None).await;
    let en = messages(t, &shopper, "en").await;
    assert!(en.len() == 1 && en[0].contains("Your order is ready"), "the message is still there: {en:?}");
    assert!(t.state.store.test_outbox(&email).await.unwrap().is_empty(), "but no e-mail");
}

async fn an_uncollected_order_becomes_no_show_after_its_grace_once(t: &TestApp) {
    let shopper = fresh(t).await;
    let email = t.state.store.test_contact(user_of(t, &shopper).await, "en", true).await.unwrap();
    let staff = token_of(t, DEMO_STAFF_EMAIL).await;
    let (id, item, _) = place(t, &shopper, MAIN, 10, 3).await;
    let (delivered, _, _) = place(t, &shopper, MAIN, 10, 1).await;
    state_act(t, &staff, delivered, "startPacking", None).await;
    assert_eq!(qty(t, item).await, 7);
    let ends = t.state.store.test_pickup_ends(id).await.unwrap().expect("a pickup window");
    let grace = t.state.config.no_show_grace;
    let token = shopper.token.as_str();
    let state_of = |id: i64| async move {
        let o = t.get(&format!("/api/v1/orders/{id}"), Some(token)).await;
        o.value()["pantryOrderStatusType"]["code"].as_str().unwrap().to_owned()
    };

    // Within the grace period nothing changes.
    t.clock.advance(ends + grace - Duration::minutes(1) - chrono::Utc::now());
    // (The schedule job's first run comes with it: the demo has no schedules.)
    // (Reminders run too, for whatever pickups are tomorrow then: not this test's.)
    let ran = t.state.run_due_jobs("host-a").await.unwrap();
    assert_eq!(
        ran.into_iter().filter(|r| !["reminders", "retention"].contains(&r.0)).collect::<Vec<_>>(),
        vec![("no-show", 0), ("schedules", 0)]
    );
    assert_eq!(state_of(id).await, "SUBMITTED");
    assert_eq!(qty(t, item).await, 7);

    // Past it, two hosts' runners at once: the job runs on one of them, the order changes once.
    t.clock.advance(Duration::minutes(10));
    let (a, b) = tokio::join!(t.state.run_due_jobs("host-a"), t.state.run_due_jobs("host-b"));
    let mut ran: Vec<(&str, usize)> = a.unwrap().into_iter().chain(b.unwrap()).collect();
    ran.sort();
    assert_eq!(ran.len(), 1, "one host runs the job: {ran:?}");
    assert!(ran[0].1 >= 2, "both of the shopper's orders closed: {ran:?}");
    assert_eq!(state_of(id).await, "NO_SHOW");
    assert_eq!(state_of(delivered).await, "NO_SHOW", "packing too");
    assert_eq!(qty(t, item).await, 10, "its stock is back");

    // The job is not due again until its period ends; then it finds nothing more to do.
    assert_eq!(t.state.run_due_jobs("host-b").await.unwrap(), vec![]);
    t.clock.advance(Duration::minutes(5));
    let again = t.state.run_due_jobs("host-b").await.unwrap();
    assert_eq!(again.len(), 1);
    assert_eq!(qty(t, item).await, 10, "stock came back once");

    let detail = t.get(&format!("/api/v1/staff/orders/{id}"), Some(&staff)).await;
    let history = detail.value()["history"].as_array().unwrap().clone();
    let last = history.last().unwrap();
    assert_eq!((last["to"].as_str(), last["by"].as_str()), (Some("NO_SHOW"), None), "the job, not a person");
    assert!(messages(t, &shopper, "en").await.iter().any(|m| m.contains("Your order was not picked up")));
    // Two confirmations, then the two orders' news.
    let mail = mail_to(t, &email, 4).await;
    let news: Vec<_> = mail.iter().filter(|m| m.0 != "Your order is confirmed").collect();
    assert!(news.len() == 2 && news.iter().all(|m| m.0 == "Your order was not picked up"), "{mail:?}");
}

async fn a_job_run_while_the_clock_was_ahead_runs_again_once_it_is_set_back(t: &TestApp) {
    let no_show = |ran: Vec<(&'static str, usize)>| ran.iter().any(|r| r.0 == "no-show");
    assert!(no_show(t.state.run_due_jobs("host-a").await.unwrap()), "the first run");
    assert!(!no_show(t.state.run_due_jobs("host-a").await.unwrap()), "not due again yet");
    // A week ahead: the job runs there and is next due a week and five minutes from the present.
    t.clock.advance(Duration::days(7));
    assert!(no_show(t.state.run_due_jobs("host-a").await.unwrap()));
    // Set back: the present is five minutes on, so the job is due, not a week away.
    t.clock.advance(Duration::minutes(6) - Duration::days(7));
    assert!(no_show(t.state.run_due_jobs("host-b").await.unwrap()), "due once its period has passed");
    assert!(!no_show(t.state.run_due_jobs("host-b").await.unwrap()), "and then at its period again");
}
