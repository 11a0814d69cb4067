//! The application's operations: what the API handlers (host/api) and the page loaders
//! (host/pages) both need, in one place. A service reads and writes through the Store,
//! applies the rules of host/domain, and answers in the wire shapes of host/model; it
//! knows nothing of HTTP. Handlers turn its [`Error`] into the API envelope, loaders into
//! a page status, so neither calls the other.
pub mod access;
pub mod accounts;
pub mod content;
pub mod limits;
pub mod orders;
pub mod password_reset;
pub mod places;
pub mod reference;
pub mod referrals;
mod rich_text;
mod shapes;
pub mod shop;
pub mod staff;
pub mod staff_accounts;
pub mod survey;
pub mod tefap;

use crate::{
    db::repo::StoreError,
    domain::{
        messages,
        refusal::{Reason, Refusal, RefusalKind},
    },
};

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
    /// A rule refused a change because of the state the thing is in now (an order's state): 409.
    #[error("{0}")]
    Conflict(Refusal),
    /// Fields of the input that name nothing (an unknown choice) or that a rule requires.
    #[error("{}", messages::VERIFY_REQUIRED_FIELDS.english)]
    Fields(Vec<crate::domain::forms::FieldError>),
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

    /// A rule's refusal that no checkout step mends.
    pub fn refused(refusal: impl Into<Refusal>) -> Self {
        Self::Refused { refusal: refusal.into(), step: None }
    }
}

impl From<crate::api::hasher::Busy> for Error {
    fn from(_: crate::api::hasher::Busy) -> Self {
        Self::Busy
    }
}

pub type Result<T> = std::result::Result<T, Error>;
