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
pub mod survey;
pub mod tefap;

use crate::db::repo::StoreError;

/// Why an operation gave no answer. The message is the one people see (the API's
/// `failureReason`), so each variant maps to one status in both callers.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The address names nothing: an unknown id or code.
    #[error("{0}")]
    NotFound(String),
    /// The input cannot be used as given.
    #[error("{0}")]
    Invalid(String),
    /// A rule of host/domain said no; `step` names the checkout step that mends it, if one does.
    #[error("{message}")]
    Refused { message: String, step: Option<&'static str> },
    /// Fields of the input that name nothing (an unknown choice) or that a rule requires.
    #[error("{}", crate::domain::messages::VERIFY_REQUIRED_FIELDS)]
    Fields(Vec<crate::domain::forms::FieldError>),
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Every password-hashing slot stayed taken: come back in a moment.
    #[error("{}", crate::api::hasher::HASHER_BUSY)]
    Busy,
    /// A fault of ours that is not the database's.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl Error {
    /// `"{what} not found"`, the API's wording for an unknown id.
    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found"))
    }

    /// A rule's refusal that no checkout step mends.
    pub fn refused(message: impl Into<String>) -> Self {
        Self::Refused { message: message.into(), step: None }
    }
}

impl From<crate::api::hasher::Busy> for Error {
    fn from(_: crate::api::hasher::Busy) -> Self {
        Self::Busy
    }
}

pub type Result<T> = std::result::Result<T, Error>;
