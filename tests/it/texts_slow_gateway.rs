//! Texts under a slow SMS gateway (issue 47): host A's gateway takes 25 s (of the test's clock) to
//! answer each text, while host B, on the same database, runs its sender meanwhile as a running
//! host polls. However long A's texts take in all, no text is sent by both: a message is only
//! sent while its own lease is held.
use crate::{api_support::TestApp, on_both};
use axum::{Form, Router, extract::State, http::StatusCode, routing::post};
use chrono::Duration;
use orderahead::{
    db::repo::outbox::{MessageKind, NewMessage},
    infra::clock::Clock,
    sms::SmsConfig,
    state::AppState,
};
use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};
use tokio::sync::{mpsc, oneshot};

on_both!(two_hosts_behind_a_slow_gateway_send_every_text_once);

const TEXTS: usize = 20;
/// How long the slow gateway takes to answer one text.
const ANSWER: Duration = Duration::seconds(25);

/// A local gateway (Twilio's Messages API shape) recording the numbers it delivered to, into a
/// log it may share with another gateway. A slow one holds each text until the test answers it.
struct Gateway {
    delivered: Arc<Mutex<Vec<String>>>,
    hold: Option<mpsc::UnboundedSender<oneshot::Sender<()>>>,
}

async fn take(State(gateway): State<Arc<Gateway>>, Form(form): Form<HashMap<String, String>>) -> StatusCode {
    if let Some(hold) = &gateway.hold {
        let (answer, answered) = oneshot::channel();
        hold.send(answer).expect("the test is listening");
        answered.await.expect("the test answers every held text");
    }
    gateway.delivered.lock().unwrap().push(form.get("To").cloned().unwrap_or_default());
    StatusCode::CREATED
}

/// Starts a gateway on 127.0.0.1:0; its base URL.
async fn gateway(gateway: Gateway) -> String {
    let app = Router::new().route("/{*path}", post(take)).with_state(Arc::new(gateway));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

fn texting(base: String) -> impl FnOnce(&mut orderahead::config::Config) {
    move |c| {
        c.sms = SmsConfig {
            base_url: base,
            account_sid: Some("ACslow0001".into()),
            auth_token: Some("gateway-secret".into()),
            from: Some("+16145550100".into()),
        }
    }
}

async fn two_hosts_behind_a_slow_gateway_send_every_text_once(t: &TestApp) {
    let delivered = Arc::new(Mutex::new(Vec::new()));
    let (hold, mut held) = mpsc::unbounded_channel();
    let slow = gateway(Gateway { delivered: delivered.clone(), hold: Some(hold) }).await;
    let quick = gateway(Gateway { delivered: delivered.clone(), hold: None }).await;
    let host_a: AppState = t.state_on_clock_with(texting(slow));
    let host_b: AppState = t.other_host_on_clock_with(texting(quick)).await;

    let numbers: Vec<String> = (0..TEXTS).map(|i| format!("+1614555{:04}", 7000 + i)).collect();
    for to in &numbers {
        let text = NewMessage {
            kind: MessageKind::Sms,
            recipient: to.clone(),
            subject: "Ready".into(),
            body: "Your order is ready.".into(),
            language: "en".into(),
            dedup_key: None,
        };
        t.state.store.enqueue(text, t.clock.now()).await.unwrap();
    }

    let mut a = tokio::spawn(async move { host_a.send_due_mail().await.unwrap() });
    let mut answered = 0;
    loop {
        tokio::select! {
            Some(answer) = held.recv() => {
                // While the gateway takes its 25 s over A's text, B's sender looks for due texts.
                t.clock.advance(ANSWER);
                host_b.send_due_mail().await.unwrap();
                answer.send(()).unwrap();
                answered += 1;
            }
            done = &mut a => {
                done.unwrap();
                break;
            }
        }
    }
    assert!(answered >= 1, "host A sent through the slow gateway");
    assert_eq!(host_b.send_due_mail().await.unwrap(), 0, "nothing left to send");

    let mut sent = delivered.lock().unwrap().clone();
    sent.sort();
    assert_eq!(sent, numbers, "every text once");
    for to in &numbers {
        let rows = t.state.store.test_outbox(to).await.unwrap();
        assert!(rows.len() == 1 && rows[0].3, "{to}: marked sent: {rows:?}");
    }
}
