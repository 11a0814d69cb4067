//! The application's operations: what the API handlers (host/api) and the page loaders
//! (host/pages) both need, in one place. A service reads and writes through the Store,
//! applies the rules of host/domain, and answers in the wire shapes of host/model; it
//! knows nothing of HTTP. Handlers turn its [`Error`] into the API envelope, loaders into
//! a page status, so neither calls the other.
pub mod access;
pub mod accounts;
pub mod content;
pub mod orders;
pub mod places;
pub mod reference;
pub mod referrals;
mod rich_text;
mod shapes;
pub mod shop;
pub mod tefap;

use crate::{
    db::repo::StoreError,
    domain::refusal::{Reason, Refusal, RefusalKind},
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
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Error {
    /// An unknown id, named by its kind (`messages::ORDER_NOT_FOUND`, ...).
    pub fn not_found(what: &'static RefusalKind) -> Self {
        Self::NotFound(what.into())
    }
}

impl From<Refusal> for Error {
    /// A rule's refusal that no checkout step mends.
    fn from(refusal: Refusal) -> Self {
        Self::Refused { refusal, step: None }
    }
}

pub type Result<T> = std::result::Result<T, Error>;
