//! The outbox's sender, one in each host: it claims due messages one at a time
//! (`db::repo::outbox`), hands each to the transport (SMTP or the `.eml` folder, `mail::Deliver`), and marks it sent, or due
//! again after an exponential back-off. It wakes when a write that mailed commits
//! ([`Context::mail_written`](super::Context)) and polls besides, for messages another host wrote
//! and for retries.
use crate::{
    db::repo::{
        Store, StoreResult,
        outbox::{MessageKind, NewMessage, OutgoingRow},
    },
    infra::{clock::Clock, metrics::Metrics},
    mail::{Deliver, Outgoing},
};
use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;
use tokio::sync::Notify;

/// How long a claim keeps other hosts off a message: longer than any one delivery takes (lettre's
/// SMTP timeout is a minute, the SMS gateway's 30 s), so only a host that died loses one. A claim
/// takes one message, just before its send: a lease shared by several would have to outlast all
/// their sends, and a slow gateway outlived it (texts sent twice, issue 47).
const LEASE: Duration = Duration::minutes(5);
/// Tries before a message is left with its last error for an operator to read.
pub const MAX_ATTEMPTS: i32 = 12;
const FIRST_RETRY: Duration = Duration::seconds(30);
const LONGEST_RETRY: Duration = Duration::hours(2);

/// The wait after the `attempts`-th failed try: 30 s, doubling, at most two hours.
pub fn back_off(attempts: i32) -> Duration {
    let doublings = u32::try_from(attempts.saturating_sub(1)).unwrap_or(0).min(16);
    (FIRST_RETRY * 2i32.pow(doublings)).min(LONGEST_RETRY)
}

/// A text message to `to` (E.164) in `lang`; `subject` is kept for the operator, not sent.
pub fn text(
    to: &str,
    subject: String,
    body: String,
    lang: crate::catalog::Lang,
    dedup_key: Option<String>,
) -> NewMessage {
    NewMessage {
        kind: MessageKind::Sms,
        recipient: to.trim().to_owned(),
        subject,
        body,
        language: lang.code().to_owned(),
        dedup_key,
    }
}

/// An e-mail to `to` in `lang`, about the event `dedup_key` names (if any).
pub fn email(
    to: &str,
    subject: String,
    body: String,
    lang: crate::catalog::Lang,
    dedup_key: Option<String>,
) -> NewMessage {
    NewMessage {
        kind: MessageKind::Email,
        recipient: to.trim().to_owned(),
        subject,
        body,
        language: lang.code().to_owned(),
        dedup_key,
    }
}

/// What one pass of the sender did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pass {
    pub sent: usize,
    pub failed: usize,
}

pub struct Sender {
    pub store: Store,
    pub transport: Arc<dyn Deliver>,
    pub clock: Arc<dyn Clock>,
}

/// Claims the next due message for this host (see `Write::claim_outbox`), in a write of its own.
async fn claim(store: &Store, now: DateTime<Utc>, texts: bool) -> StoreResult<Option<OutgoingRow>> {
    store.write(|txn| async move { txn.claim_outbox(now, LEASE, MAX_ATTEMPTS, texts).await }).await
}

impl Sender {
    /// Sends every message due now, one claim at a time, until none is left to claim.
    pub async fn send_due(&self) -> StoreResult<Pass> {
        let mut pass = Pass::default();
        let texts = self.transport.carries_texts();
        while let Some(row) = claim(&self.store, self.clock.now(), texts).await? {
            let message = Outgoing { kind: row.kind, recipient: row.recipient, subject: row.subject, body: row.body };
            match self.transport.deliver(&message).await {
                Ok(()) => {
                    self.store.outbox_sent(row.id, self.clock.now()).await?;
                    pass.sent += 1;
                }
                Err(e) => {
                    tracing::warn!(id = row.id, attempts = row.attempts, error = %e, "message not delivered; retried later");
                    let retry_at = self.clock.now() + back_off(row.attempts);
                    self.store.outbox_failed(row.id, &format!("{e:#}"), retry_at).await?;
                    pass.failed += 1;
                }
            }
        }
        Ok(pass)
    }

    /// Runs for the life of the host: a pass whenever `wake` is signalled, and every `poll`.
    pub async fn run(self, wake: Arc<Notify>, poll: std::time::Duration, metrics: Arc<Metrics>) {
        loop {
            match self.send_due().await {
                Ok(pass) => metrics.outbox_pass(pass.sent, pass.failed),
                Err(e) => tracing::error!(error = %e, "outbox pass failed"),
            }
            tokio::select! {
                () = wake.notified() => {}
                () = tokio::time::sleep(poll) => {}
            }
        }
    }
}

/// Sends what is due through `transport` once, on the system clock (`orderahead staff add`).
pub async fn send_outbox(store: &Store, transport: Arc<dyn Deliver>) -> anyhow::Result<()> {
    let clock = Arc::new(crate::infra::clock::SystemClock);
    let pass = Sender { store: store.clone(), transport, clock }.send_due().await?;
    if pass.failed > 0 {
        anyhow::bail!("{} message(s) not delivered yet; a running server retries them", pass.failed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{catalog::Lang, db::testdb::TestDb, infra::clock::TestClock};
    use std::{
        future::Future,
        pin::Pin,
        sync::{
            Mutex,
            atomic::{AtomicUsize, Ordering},
        },
    };

    /// Records what it delivers; refuses the first `failures` tries.
    #[derive(Default)]
    struct Recording {
        delivered: Mutex<Vec<String>>,
        failures: AtomicUsize,
    }

    impl Deliver for Recording {
        fn deliver<'a>(&'a self, m: &'a Outgoing) -> Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>> {
            Box::pin(async move {
                if self.failures.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1)).is_ok() {
                    anyhow::bail!("451 try again later");
                }
                // A delivery takes a moment, so two senders overlap.
                tokio::task::yield_now().await;
                self.delivered.lock().unwrap().push(m.recipient.clone());
                Ok(())
            })
        }
    }

    fn at(s: &str) -> chrono::DateTime<chrono::Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn back_off_doubles_from_thirty_seconds_to_two_hours() {
        assert_eq!(back_off(1), Duration::seconds(30));
        assert_eq!(back_off(2), Duration::seconds(60));
        assert_eq!(back_off(4), Duration::seconds(240));
        assert_eq!(back_off(40), Duration::hours(2));
    }

    async fn two_senders_deliver_each_message_once(t: &TestDb) {
        const N: usize = 60;
        let clock = Arc::new(TestClock::at(at("2026-06-20T15:00:00Z")));
        let store = Store::new(t.db().clone());
        for i in 0..N {
            let m = email(&format!("p{i}@example.org"), "Ready".into(), "Your order is ready.".into(), Lang::EN, None);
            store.enqueue(m, clock.now()).await.unwrap();
        }
        // The same event told twice is one message.
        for _ in 0..2 {
            let m = email("once@example.org", "Ready".into(), "x".into(), Lang::ES, Some("order:1:ready".into()));
            store.enqueue(m, clock.now()).await.unwrap();
        }
        let transport = Arc::new(Recording::default());
        // Two hosts: two pools on one database, each with its own sender.
        let other = crate::db::connect(t.url()).await.unwrap();
        let senders = [Store::new(t.db().clone()), Store::new(other.clone())].map(|store| Sender {
            store,
            transport: transport.clone(),
            clock: clock.clone(),
        });
        let [a, b] = senders;
        let (ra, rb) = tokio::join!(
            tokio::spawn(async move { a.send_due().await.unwrap() }),
            tokio::spawn(async move { b.send_due().await.unwrap() })
        );
        let (ra, rb) = (ra.unwrap(), rb.unwrap());
        assert_eq!(ra.sent + rb.sent, N + 1, "{ra:?} {rb:?}");
        let mut delivered = transport.delivered.lock().unwrap().clone();
        delivered.sort();
        let mut expected: Vec<String> = (0..N).map(|i| format!("p{i}@example.org")).collect();
        expected.push("once@example.org".into());
        expected.sort();
        assert_eq!(delivered, expected, "each message exactly once");
        let counts = store.outbox_counts(MAX_ATTEMPTS).await.unwrap();
        assert_eq!((counts.waiting, counts.given_up, counts.sent), (0, 0, N as u64 + 1));
        let _ = other.close().await;
    }

    async fn a_failing_transport_is_retried_with_back_off(t: &TestDb) {
        let clock = Arc::new(TestClock::at(at("2026-06-20T15:00:00Z")));
        let store = Store::new(t.db().clone());
        store.enqueue(email("pat@example.org", "Ready".into(), "x".into(), Lang::EN, None), clock.now()).await.unwrap();
        let transport = Arc::new(Recording { failures: AtomicUsize::new(2), ..Default::default() });
        let sender = Sender { store: store.clone(), transport: transport.clone(), clock: clock.clone() };

        assert_eq!(sender.send_due().await.unwrap(), Pass { sent: 0, failed: 1 });
        // Not due again before its back-off ends.
        clock.advance(Duration::seconds(29));
        assert_eq!(sender.send_due().await.unwrap(), Pass::default());
        clock.advance(Duration::seconds(1));
        assert_eq!(sender.send_due().await.unwrap(), Pass { sent: 0, failed: 1 });
        // The second wait is twice the first.
        clock.advance(Duration::seconds(59));
        assert_eq!(sender.send_due().await.unwrap(), Pass::default());
        clock.advance(Duration::seconds(1));
        assert_eq!(sender.send_due().await.unwrap(), Pass { sent: 1, failed: 0 });
        assert_eq!(*transport.delivered.lock().unwrap(), vec!["pat@example.org".to_owned()]);
        clock.advance(Duration::hours(3));
        assert_eq!(sender.send_due().await.unwrap(), Pass::default(), "sent once");
    }

    async fn a_message_failing_every_try_is_given_up_and_leaves_the_backlog(t: &TestDb) {
        let clock = Arc::new(TestClock::at(at("2026-06-20T15:00:00Z")));
        let store = Store::new(t.db().clone());
        store.enqueue(email("pat@example.org", "Ready".into(), "x".into(), Lang::EN, None), clock.now()).await.unwrap();
        let transport = Arc::new(Recording { failures: AtomicUsize::new(usize::MAX), ..Default::default() });
        let sender = Sender { store: store.clone(), transport, clock: clock.clone() };
        for tried in 1..=MAX_ATTEMPTS {
            assert_eq!(store.outbox_counts(MAX_ATTEMPTS).await.unwrap().waiting, 1, "before try {tried}");
            assert_eq!(sender.send_due().await.unwrap(), Pass { sent: 0, failed: 1 }, "try {tried}");
            clock.advance(LONGEST_RETRY);
        }
        assert_eq!(sender.send_due().await.unwrap(), Pass::default(), "tried again after the last try");
        let counts = store.outbox_counts(MAX_ATTEMPTS).await.unwrap();
        assert_eq!((counts.waiting, counts.given_up, counts.sent), (0, 1, 0));
    }

    async fn a_host_dying_mid_send_loses_nothing(t: &TestDb) {
        let clock = Arc::new(TestClock::at(at("2026-06-20T15:00:00Z")));
        let store = Store::new(t.db().clone());
        store.enqueue(email("pat@example.org", "Ready".into(), "x".into(), Lang::EN, None), clock.now()).await.unwrap();
        // A host claims the message and dies before it is sent or given back.
        let claimed = claim(&store, clock.now(), false).await.unwrap();
        assert!(claimed.is_some());
        let transport = Arc::new(Recording::default());
        let sender = Sender { store: store.clone(), transport: transport.clone(), clock: clock.clone() };
        assert_eq!(sender.send_due().await.unwrap(), Pass::default(), "leased to the other host");
        clock.advance(LEASE);
        assert_eq!(sender.send_due().await.unwrap(), Pass { sent: 1, failed: 0 }, "its lease ended");
    }

    macro_rules! on_both {
        ($($name:ident),*) => {$(
            mod $name {
                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn sqlite() {
                    let t = crate::db::testdb::TestDb::sqlite().await;
                    super::$name(&t).await;
                    t.cleanup().await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
                async fn postgres() {
                    let t = crate::db::testdb::TestDb::postgres().await;
                    super::$name(&t).await;
                    t.cleanup().await;
                }
            }
        )*};
    }

    on_both!(
        two_senders_deliver_each_message_once,
        a_failing_transport_is_retried_with_back_off,
        a_message_failing_every_try_is_given_up_and_leaves_the_backlog,
        a_host_dying_mid_send_loses_nothing
    );
}
