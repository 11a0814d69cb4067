//! The outbox: messages written in the transaction that caused them (on the pool or a service's
//! [`Write`](super::Write)), claimed by the senders of every host, marked sent or retried later.
//!
//! A claim takes one due row with `FOR UPDATE SKIP LOCKED` on PostgreSQL, so two hosts claiming
//! at once take different rows (on SQLite, `BEGIN IMMEDIATE` makes claims one at a time and the
//! lock clause is not written), and gives it a lease: until it ends no other claim takes it;
//! past it, a sender that died mid-send has lost it and another host sends it. One row a claim,
//! so the lease starts when its own send does: rows claimed together would wait behind each
//! other's sends, and a slow gateway would let their leases end before they are sent (issue 47).
use super::{Store, StoreResult};
use crate::db::entity::outbox;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, ExprTrait, LockBehavior, LockType, OnConflict},
};

/// How a message travels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MessageKind {
    Email,
    Sms,
}

impl MessageKind {
    pub fn code(self) -> &'static str {
        match self {
            Self::Email => "email",
            Self::Sms => "sms",
        }
    }
}

/// A message to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMessage {
    pub kind: MessageKind,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// The language it is written in (`en`, `es`).
    pub language: String,
    /// Names the event it tells of: a second write for the same event adds nothing.
    pub dedup_key: Option<String>,
}

/// A claimed message, for a sender to deliver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutgoingRow {
    pub id: i64,
    pub kind: MessageKind,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    /// Including this one.
    pub attempts: i32,
}

/// What the outbox holds, for tests and the backlog figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OutboxCounts {
    /// Not sent and still to be tried.
    pub waiting: u64,
    /// Not sent after the last try the sender makes: no host will try them again.
    pub given_up: u64,
    pub sent: u64,
}

impl<C: ConnectionTrait> Store<C> {
    /// Adds a message, due at once; inside a service's write it is sent only if that commits.
    pub async fn enqueue(&self, message: NewMessage, now: DateTime<Utc>) -> StoreResult<()> {
        let row = outbox::ActiveModel {
            id: NotSet,
            kind: Set(message.kind.code().to_owned()),
            recipient: Set(message.recipient),
            subject: Set(message.subject),
            body: Set(message.body),
            language: Set(message.language),
            dedup_key: Set(message.dedup_key),
            created_at: Set(now),
            attempts: Set(0),
            next_attempt_at: Set(now),
            lease_until: Set(None),
            sent_at: Set(None),
            last_error: Set(None),
        };
        outbox::Entity::insert(row)
            .on_conflict(OnConflict::column(outbox::Column::DedupKey).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await?;
        Ok(())
    }

    /// Adds many messages at once, due at once; those whose `dedup_key` is already there add
    /// nothing. How many were new.
    pub async fn enqueue_many(&self, messages: Vec<NewMessage>, now: DateTime<Utc>) -> StoreResult<u64> {
        if messages.is_empty() {
            return Ok(0);
        }
        let rows = messages.into_iter().map(|message| outbox::ActiveModel {
            id: NotSet,
            kind: Set(message.kind.code().to_owned()),
            recipient: Set(message.recipient),
            subject: Set(message.subject),
            body: Set(message.body),
            language: Set(message.language),
            dedup_key: Set(message.dedup_key),
            created_at: Set(now),
            attempts: Set(0),
            next_attempt_at: Set(now),
            lease_until: Set(None),
            sent_at: Set(None),
            last_error: Set(None),
        });
        let added = outbox::Entity::insert_many(rows)
            .on_conflict(OnConflict::column(outbox::Column::DedupKey).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await?;
        Ok(added)
    }
}

impl Store {
    /// Marks a claimed message delivered.
    pub async fn outbox_sent(&self, id: i64, now: DateTime<Utc>) -> StoreResult<()> {
        outbox::Entity::update_many()
            .col_expr(outbox::Column::SentAt, Expr::value(Some(now)))
            .col_expr(outbox::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(outbox::Column::LastError, Expr::value(Option::<String>::None))
            .filter(outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Gives a claimed message back after a failed try, due again at `retry_at`.
    pub async fn outbox_failed(&self, id: i64, error: &str, retry_at: DateTime<Utc>) -> StoreResult<()> {
        outbox::Entity::update_many()
            .col_expr(outbox::Column::NextAttemptAt, Expr::value(retry_at))
            .col_expr(outbox::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(outbox::Column::LastError, Expr::value(Some(error.chars().take(2000).collect::<String>())))
            .filter(outbox::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Messages waiting, given up (tried `max_attempts` times, as `claim_outbox` counts) and sent.
    pub async fn outbox_counts(&self, max_attempts: i32) -> StoreResult<OutboxCounts> {
        let unsent = || outbox::Entity::find().filter(outbox::Column::SentAt.is_null());
        let waiting = unsent().filter(outbox::Column::Attempts.lt(max_attempts)).count(&self.db).await?;
        let given_up = unsent().filter(outbox::Column::Attempts.gte(max_attempts)).count(&self.db).await?;
        let sent = outbox::Entity::find().filter(outbox::Column::SentAt.is_not_null()).count(&self.db).await?;
        Ok(OutboxCounts { waiting, given_up, sent })
    }
}

impl super::Write {
    /// Claims the next due message (not sent, due by `now`, not leased or lease ended, fewer
    /// than `max_attempts` tries; e-mail only unless `texts`) until `now + lease`, its attempt
    /// counted.
    pub async fn claim_outbox(
        &self,
        now: DateTime<Utc>,
        lease: Duration,
        max_attempts: i32,
        texts: bool,
    ) -> StoreResult<Option<OutgoingRow>> {
        let mut find = outbox::Entity::find();
        if !texts {
            // A host without a gateway leaves texts to one with it, rather than failing them.
            find = find.filter(outbox::Column::Kind.eq(MessageKind::Email.code()));
        }
        let row = find
            .filter(outbox::Column::SentAt.is_null())
            .filter(outbox::Column::NextAttemptAt.lte(now))
            .filter(Condition::any().add(outbox::Column::LeaseUntil.is_null()).add(outbox::Column::LeaseUntil.lte(now)))
            .filter(outbox::Column::Attempts.lt(max_attempts))
            .order_by_asc(outbox::Column::NextAttemptAt)
            .order_by_asc(outbox::Column::Id)
            .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
            .one(&self.db)
            .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        outbox::Entity::update_many()
            .col_expr(outbox::Column::LeaseUntil, Expr::value(Some(now + lease)))
            .col_expr(outbox::Column::Attempts, Expr::col(outbox::Column::Attempts).add(1))
            .filter(outbox::Column::Id.eq(row.id))
            .exec(&self.db)
            .await?;
        Ok(Some(OutgoingRow {
            id: row.id,
            kind: if row.kind == "sms" { MessageKind::Sms } else { MessageKind::Email },
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            attempts: row.attempts + 1,
        }))
    }
}
