//! Reminders and text messages on both databases (issue 25 item 5), against a local HTTP server
//! that plays the SMS gateway (Twilio's Messages API shape): a pickup tomorrow gets exactly one
//! e-mail and one text, in Spanish for a Spanish shopper, and none for a shopper who turned both
//! off; the job run again, or two hosts' senders at once, send nothing twice; a gateway failing
//! twice loses nothing: after the back-off the text is delivered once. Texting is off without a
//! gateway: nothing is written for it.
use crate::{
    api_orders::{MAIN, Shopper, fresh, pantry, pickup, stock},
    api_support::TestApp,
    on_both,
};
use axum::{
    Form, Router,
    extract::State,
    http::{HeaderMap, StatusCode, Uri},
    routing::post,
};
use chrono::{DateTime, Duration, NaiveTime, TimeZone, Utc};
use chrono_tz::America::New_York;
use orderahead::{sms::SmsConfig, state::AppState};
use std::{
    collections::HashMap,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
};

on_both!(
    a_pickup_tomorrow_gets_one_email_and_one_text_in_the_shoppers_language,
    a_korean_shoppers_confirmation_and_reminder_are_in_korean,
    a_gateway_failing_twice_loses_nothing,
    order_news_is_texted_and_nothing_without_a_gateway,
);

const SID: &str = "ACtest0001";
const TOKEN: &str = "gateway-secret";
const FROM: &str = "+16145550100";

/// One request the gateway took: its path, Authorization header and form.
#[derive(Debug, Clone)]
struct Taken {
    path: String,
    auth: String,
    form: HashMap<String, String>,
}

/// The local gateway: records every request, answers 500 to the first `failures` to `failing`.
#[derive(Default)]
struct Gateway {
    tries: Mutex<Vec<Taken>>,
    delivered: Mutex<Vec<Taken>>,
    failing: Mutex<String>,
    failures: AtomicUsize,
}

impl Gateway {
    fn delivered_to(&self, to: &str) -> Vec<Taken> {
        self.delivered
            .lock()
            .unwrap()
            .iter()
            .filter(|t| t.form.get("To").map(String::as_str) == Some(to))
            .cloned()
            .collect()
    }
    fn tries_to(&self, to: &str) -> usize {
        self.tries.lock().unwrap().iter().filter(|t| t.form.get("To").map(String::as_str) == Some(to)).count()
    }
}

async fn take(
    State(gateway): State<Arc<Gateway>>,
    uri: Uri,
    headers: HeaderMap,
    Form(form): Form<HashMap<String, String>>,
) -> (StatusCode, &'static str) {
    let auth = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    let taken = Taken { path: uri.path().to_owned(), auth, form };
    gateway.tries.lock().unwrap().push(taken.clone());
    let failing = taken.form.get("To") == Some(&*gateway.failing.lock().unwrap());
    if failing && gateway.failures.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
        return (StatusCode::INTERNAL_SERVER_ERROR, "{\"message\":\"try later\"}");
    }
    gateway.delivered.lock().unwrap().push(taken);
    (StatusCode::CREATED, "{\"sid\":\"SM1\",\"status\":\"queued\"}")
}

/// Starts the gateway on 127.0.0.1:0; it and its base URL.
async fn gateway() -> (Arc<Gateway>, String) {
    let gateway = Arc::new(Gateway::default());
    let app = Router::new().route("/{*path}", post(take)).with_state(gateway.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (gateway, format!("http://{addr}"))
}

/// A host of this test with texting through `base`.
fn texting_host(t: &TestApp, base: &str) -> AppState {
    t.state_on_clock_with(|c| {
        c.sms = SmsConfig {
            base_url: base.to_owned(),
            account_sid: Some(SID.into()),
            auth_token: Some(TOKEN.into()),
            from: Some(FROM.into()),
        }
    })
}

async fn user_of(t: &TestApp, shopper: &Shopper) -> i64 {
    t.get("/api/v1/account/profile", Some(&shopper.token)).await.value()["id"].as_i64().expect("profile id")
}

/// A shopper in `lang` taking e-mail and texts (at `phone`) as given; their e-mail address.
async fn shopper(t: &TestApp, lang: &str, email: bool, phone: &str, texts: bool) -> (Shopper, String) {
    let s = fresh(t).await;
    let id = user_of(t, &s).await;
    let address = t.state.store.test_contact(id, lang, email).await.unwrap();
    t.state.store.test_texts(id, Some(phone), texts).await.unwrap();
    (s, address)
}

/// A pickup time of the Main Library at least three days out, and its day's noon in New York the
/// day before (when its reminder is due).
async fn time_and_eve(t: &TestApp) -> (i64, i64, DateTime<Utc>) {
    let main = pantry(t, MAIN).await;
    let from = Utc::now() + Duration::days(3);
    let (time, starts) = t
        .state
        .store
        .test_pickup_times(main)
        .await
        .unwrap()
        .into_iter()
        .find(|(_, at)| *at > from)
        .expect("a pickup time three days out");
    let day = starts.with_timezone(&New_York).date_naive();
    let eve =
        New_York.from_local_datetime(&day.pred_opt().unwrap().and_time(NaiveTime::from_hms_opt(12, 0, 0).unwrap()));
    (main, time, eve.unwrap().with_timezone(&Utc))
}

async fn order(t: &TestApp, shopper: &Shopper, main: i64, time: i64) -> i64 {
    let item = stock(t, main, 10).await;
    let r = t.post("/api/v1/order", Some(&shopper.token), pickup(main, time, &[(item, 1)])).await;
    r.value().as_i64().expect("order id")
}

/// Moves the test's clock to `at`.
fn clock_to(t: &TestApp, at: DateTime<Utc>) {
    t.clock.advance(at - orderahead::infra::clock::Clock::now(&*t.clock));
}

/// The reminder e-mails in the outbox to `email`: (subject, body, language).
async fn reminders_to(t: &TestApp, email: &str) -> Vec<(String, String, String)> {
    let rows = t.state.store.test_outbox(email).await.unwrap();
    rows.into_iter()
        .filter(|m| m.0.starts_with("Pickup reminder") || m.0.starts_with("Recordatorio"))
        .map(|m| (m.0, m.1, m.2))
        .collect()
}

async fn a_pickup_tomorrow_gets_one_email_and_one_text_in_the_shoppers_language(t: &TestApp) {
    let (gateway, base) = gateway().await;
    let host_a = texting_host(t, &base);
    let (ana, ana_email) = shopper(t, "es", true, "(614) 555-0101", true).await;
    let (bo, bo_email) = shopper(t, "en", false, "(614) 555-0102", false).await;
    let (main, time, eve) = time_and_eve(t).await;
    let ana_order = order(t, &ana, main, time).await;
    order(t, &bo, main, time).await;

    // Two days before, at noon, nothing is due yet.
    clock_to(t, eve - Duration::days(1));
    host_a.send_reminders().await.unwrap();
    assert!(reminders_to(t, &ana_email).await.is_empty());

    clock_to(t, eve);
    let added = host_a.send_reminders().await.unwrap();
    assert!(added >= 2, "Ana's e-mail and text at least: {added}");
    // Run again, and as the job on two hosts at once: nothing more is written.
    assert_eq!(host_a.send_reminders().await.unwrap(), 0);
    let host_b = texting_host(t, &base);
    let (a, b) = tokio::join!(host_a.run_due_jobs("host-a"), host_b.run_due_jobs("host-b"));
    let reminder_runs: Vec<_> =
        a.unwrap().into_iter().chain(b.unwrap()).filter(|(job, _)| *job == "reminders").collect();
    assert!(reminder_runs.iter().all(|(_, n)| *n == 0), "{reminder_runs:?}");

    // Two hosts' senders at once deliver each text once.
    let (a, b) = tokio::join!(host_a.send_due_mail(), host_b.send_due_mail());
    a.unwrap();
    b.unwrap();
    assert_eq!(host_a.send_due_mail().await.unwrap(), 0, "nothing left to send");

    let texts = gateway.delivered_to("+16145550101");
    assert_eq!(texts.len(), 1, "one text: {texts:?}");
    let text = &texts[0];
    assert_eq!(text.path, format!("/2010-04-01/Accounts/{SID}/Messages.json"));
    use base64::Engine;
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{SID}:{TOKEN}"));
    assert_eq!(text.auth, format!("Basic {basic}"));
    assert_eq!(text.form.get("From").map(String::as_str), Some(FROM));
    let body = &text.form["Body"];
    assert!(body.contains("mañana") && body.contains(&format!("{ana_order:X}")), "in Spanish: {body}");
    assert!(body.contains(MAIN), "{body}");

    let mails = reminders_to(t, &ana_email).await;
    assert_eq!(mails.len(), 1, "one e-mail: {mails:?}");
    assert_eq!((mails[0].0.as_str(), mails[0].2.as_str()), ("Recordatorio: recoja su pedido mañana", "es"));
    assert!(mails[0].1.contains("Hola") && mails[0].1.contains(&format!("{ana_order:X}")), "{mails:?}");

    // Bo turned both channels off: nothing at all.
    assert!(reminders_to(t, &bo_email).await.is_empty());
    assert!(t.state.store.test_outbox(&bo_email).await.unwrap().is_empty(), "not even the confirmation");
    assert_eq!(gateway.tries_to("+16145550102"), 0);
}

/// The Korean server texts (host/i18n/api.ko.json): English key → Korean.
fn korean() -> HashMap<String, String> {
    serde_json::from_str(include_str!("../../host/i18n/api.ko.json")).unwrap()
}

/// Whether `text` is written in Hangul (and so not left in English).
fn hangul(text: &str) -> bool {
    text.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
}

async fn a_korean_shoppers_confirmation_and_reminder_are_in_korean(t: &TestApp) {
    let (gateway, base) = gateway().await;
    let host = texting_host(t, &base);
    let (min, email) = shopper(t, "ko", true, "(614) 555-0105", true).await;
    let (main, time, eve) = time_and_eve(t).await;
    let id = order(t, &min, main, time).await;
    let number = format!("{id:X}");
    let ko = korean();

    // The confirmation, e-mailed as the order was placed: its subject and text from the Korean table.
    let mails = t.state.store.test_outbox(&email).await.unwrap();
    let confirmed = mails.iter().find(|m| m.0 == ko["Your order is confirmed"]).expect("a Korean confirmation");
    assert_eq!(confirmed.2, "ko");
    let greeting: Vec<&str> = ko["Hello {name},"].split("{name}").map(str::trim).filter(|p| !p.is_empty()).collect();
    assert!(
        !greeting.is_empty() && greeting.iter().all(|p| confirmed.1.contains(p)),
        "greeted in Korean: {confirmed:?}"
    );
    assert!(confirmed.1.contains(&number), "{confirmed:?}");
    assert!(hangul(&confirmed.1) && !confirmed.1.contains("is confirmed"), "{confirmed:?}");
    assert!(confirmed.1.contains("?lang=ko"), "its link opens the page in Korean: {confirmed:?}");

    // The reminder the day before: the e-mail and the text, with the day and times in Korean words.
    clock_to(t, eve);
    assert!(host.send_reminders().await.unwrap() >= 2);
    host.send_due_mail().await.unwrap();
    let reminder = t
        .state
        .store
        .test_outbox(&email)
        .await
        .unwrap()
        .into_iter()
        .find(|m| m.0 == ko["Pickup reminder: tomorrow"])
        .expect("a Korean reminder e-mail");
    assert!(reminder.1.contains(&number) && hangul(&reminder.1), "{reminder:?}");
    assert!(reminder.1.contains('월') && reminder.1.contains('일'), "the day in Korean: {reminder:?}");
    assert!(reminder.1.contains("오전") || reminder.1.contains("오후"), "the times in Korean: {reminder:?}");
    assert!(!reminder.1.contains("tomorrow") && !reminder.1.contains("pm"), "{reminder:?}");
    let texts = gateway.delivered_to("+16145550105");
    let text = texts.iter().map(|t| &t.form["Body"]).find(|b| b.contains(&number) && b.contains('월')).expect("a text");
    assert!(hangul(text) && !text.contains("tomorrow"), "the reminder text in Korean: {text}");
}

async fn a_gateway_failing_twice_loses_nothing(t: &TestApp) {
    let (gateway, base) = gateway().await;
    let host = texting_host(t, &base);
    let (cy, _) = shopper(t, "en", false, "614-555-0103", true).await;
    let (main, time, eve) = time_and_eve(t).await;
    order(t, &cy, main, time).await;
    clock_to(t, eve);
    assert!(host.send_reminders().await.unwrap() >= 1);

    let to = "+16145550103";
    *gateway.failing.lock().unwrap() = to.to_owned();
    gateway.failures.store(2, Ordering::SeqCst);
    host.send_due_mail().await.unwrap();
    assert_eq!((gateway.tries_to(to), gateway.delivered_to(to).len()), (1, 0), "the first try failed");
    // Not tried again before its back-off (30 s) ends.
    t.clock.advance(Duration::seconds(20));
    host.send_due_mail().await.unwrap();
    assert_eq!(gateway.tries_to(to), 1);
    t.clock.advance(Duration::seconds(10));
    host.send_due_mail().await.unwrap();
    assert_eq!((gateway.tries_to(to), gateway.delivered_to(to).len()), (2, 0), "the second try failed");
    // The second wait is twice the first.
    t.clock.advance(Duration::seconds(60));
    host.send_due_mail().await.unwrap();
    let delivered = gateway.delivered_to(to);
    assert_eq!((gateway.tries_to(to), delivered.len()), (3, 1), "delivered on the third try");
    assert!(delivered[0].form["Body"].contains("tomorrow"), "{delivered:?}");
    t.clock.advance(Duration::hours(3));
    host.send_due_mail().await.unwrap();
    assert_eq!(gateway.tries_to(to), 3, "and only once");
}

async fn order_news_is_texted_and_nothing_without_a_gateway(t: &TestApp) {
    let (gateway, base) = gateway().await;
    let host = texting_host(t, &base);
    let (di, _) = shopper(t, "es", false, "(614) 555-0104", true).await;
    let (main, time, _) = time_and_eve(t).await;
    // Placed through the texting host: its confirmation is texted.
    let item = stock(t, main, 10).await;
    let app = orderahead::http::app(host.clone());
    let req = axum::http::Request::post("/api/v1/order")
        .header("authorization", format!("Bearer {}", di.token))
        .header("content-type", "application/json")
        .body(axum::body::Body::from(pickup(main, time, &[(item, 1)]).to_string()))
        .unwrap();
    let res = tower::ServiceExt::oneshot(app, req).await.unwrap();
    assert_eq!(res.status(), 200);
    host.send_due_mail().await.unwrap();
    let texts = gateway.delivered_to("+16145550104");
    assert_eq!(texts.len(), 1, "{texts:?}");
    assert!(texts[0].form["Body"].contains("está confirmado"), "{texts:?}");

    // Through the test's own host (no gateway) no text is written, and texts another host wrote
    // are left to a host that has one.
    let (ed, _) = shopper(t, "en", false, "(614) 555-0105", true).await;
    order(t, &ed, main, time).await;
    host.send_due_mail().await.unwrap();
    assert_eq!(gateway.tries_to("+16145550105"), 0, "texting is off on that host");
    assert!(t.state.store.test_outbox("+16145550105").await.unwrap().is_empty(), "nothing written for it");
}
