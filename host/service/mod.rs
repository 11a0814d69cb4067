//! The application's operations: what the API handlers (host/api) and the page loaders
//! (host/pages) both need, in one place. A service reads and writes through the Store,
//! applies the rules of host/domain, and answers in the wire shapes of host/model; it
//! knows nothing of HTTP. It is given a [`Context`] (the store and the infrastructure of
//! host/infra), never the app's whole state. Handlers turn its [`Error`] into the API envelope,
//! loaders into a page status, so neither calls the other.
pub mod access;
pub mod account_deletion;
pub mod accounts;
pub mod calendar;
pub mod content;
pub mod delivery_schedules;
pub mod devices;
pub mod door;
pub mod households;
pub mod hsds;
pub mod jobs;
pub mod limits;
pub mod my_data;
pub mod notices;
pub mod order_code;
pub mod orders;
pub mod outbox;
pub mod passkeys;
pub mod password_reset;
pub mod pick_list;
pub mod places;
pub mod reference;
pub mod referrals;
pub mod reminders;
pub mod reports;
pub mod retention;
pub(crate) mod rich_text;
pub mod runs;
mod schedule_rows;
pub mod schedules;
pub mod second_factor;
pub mod sessions;
mod shapes;
pub mod shop;
pub mod staff;
pub mod stock;
pub mod survey;
pub mod tefap;

use crate::{
    db::repo::{Store, StoreError},
    domain::{
        messages,
        refusal::{Reason, Refusal, RefusalKind},
    },
    infra::{auth::Tokens, clock::Clock, hasher::Hasher, ratelimit::RateLimits},
    mail::Mailer,
};
use std::sync::Arc;

/// A write a service runs in `Store::write` goes again when the database gave up on it for timing alone.
impl crate::db::repo::Transient for Error {
    fn is_transient(&self) -> bool {
        matches!(self, Error::Store(e) if e.is_transient())
    }
}

/// What the operations stand on: the store, session tokens, password hashing, mail and the
/// allowances, and the public address links point to. The app's state holds one and derefs to
/// it, so a handler hands its `&AppState` to a service, which sees only this.
#[derive(Clone)]
pub struct Context {
    pub store: Store,
    pub tokens: Arc<Tokens>,
    pub hasher: Arc<Hasher>,
    pub mailer: Arc<Mailer>,
    /// The SMS gateway; None: texting is off and no text is written to the outbox.
    pub sms: Option<Arc<crate::sms::SmsGateway>>,
    /// The geocoder; None: saved addresses stand at their ZIP code's centre.
    pub geocoder: Option<Arc<crate::geocoder::Geocoder>>,
    pub rate_limits: Arc<RateLimits>,
    /// `--public-url`, which mailed links point to.
    pub public_url: String,
    /// The time the staff side's writes, the outbox and the jobs read (a test's own clock in tests).
    pub clock: Arc<dyn Clock>,
    /// Signalled after a write that added to the outbox commits: this host's sender wakes at once.
    pub mail_written: Arc<tokio::sync::Notify>,
    /// Where uploaded photos are kept and served from.
    pub files: crate::infra::files::FileStore,
    /// What the host counts for `/metrics` (the outbox's sends and failures, the jobs' runs).
    pub metrics: Arc<crate::infra::metrics::Metrics>,
}

/// Why an operation gave no answer. The reason is the one people see (the API's
/// `failureReason`, with its code), so each variant maps to one status in both callers.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The address names nothing: an unknown id or code.
    #[error("{0}")]
    NotFound(Reason),
    /// The input cannot be used as given.
    #[error("{0}")]
    Invalid(Reason),
    /// A rule of host/domain said no; `step` names the checkout step that mends it, if one does.
    #[error("{refusal}")]
    Refused { refusal: Refusal, step: Option<&'static str> },
    /// Fields of the input that name nothing (an unknown choice), that a rule requires or that break
    /// a field rule; `reason` is "verify the required fields" unless one problem says it better.
    #[error("{reason}")]
    Fields { reason: Reason, fields: Vec<crate::domain::forms::FieldError> },
    /// The credentials given sign no one in.
    #[error("{0}")]
    Unauthorized(Reason),
    /// Signed in, but without the grant the operation needs (a shopper on a staff page).
    #[error("{0}")]
    Forbidden(Reason),
    /// The write collides with what is there now: an e-mail address with an account, or a change
    /// an order's state no longer allows (409).
    #[error("{0}")]
    Conflict(Reason),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The caller used up an allowance (guesses at codes): come back after `retry_after`.
    #[error("{reason}")]
    Throttled { reason: Reason, retry_after: std::time::Duration },
    /// Every password-hashing slot stayed taken: come back in a moment.
    #[error("{}", messages::SERVER_BUSY.english)]
    Busy,
    /// A fault of ours that is not the database's.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    /// An unknown id, named by its kind (`messages::ORDER_NOT_FOUND`, ...).
    pub fn not_found(what: &'static RefusalKind) -> Self {
        Self::NotFound(what.into())
    }

    /// Fields to mend, said with the usual "verify the required fields".
    pub fn fields(fields: Vec<crate::domain::forms::FieldError>) -> Self {
        Self::Fields { reason: (&messages::VERIFY_REQUIRED_FIELDS).into(), fields }
    }

    /// The allowance `reason` names is used up until `retry_after`.
    pub fn throttled(reason: &'static RefusalKind, retry_after: std::time::Duration) -> Self {
        Self::Throttled { reason: reason.into(), retry_after }
    }

    /// A rule's refusal that no checkout step mends.
    pub fn refused(refusal: impl Into<Refusal>) -> Self {
        Self::Refused { refusal: refusal.into(), step: None }
    }
}

impl From<crate::infra::hasher::Busy> for Error {
    fn from(_: crate::infra::hasher::Busy) -> Self {
        Self::Busy
    }
}

pub type Result<T> = std::result::Result<T, Error>;
