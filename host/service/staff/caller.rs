//! Who is calling, as staff: [`Staff<R>`], an account acting with the access its role marker `R`
//! names (`domain::staff::{Volunteer, PantryStaff, FoodBankAdmin}`), at the places its grants give
//! that access. Only [`Staff::resolve`] makes one, so an operation that takes a `Staff<R>` states
//! the access it needs in its signature, and every staff side (pages, API, downloads) resolves the
//! caller here.
use crate::domain::{
    Id,
    staff::{Access, Needs, Reach, reach},
};
use crate::service::{Context, Result};
use std::marker::PhantomData;

/// Why a caller is not let in as staff.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No session.
    SignIn,
    /// Signed in, without a grant that gives this access.
    Needs(Access),
    /// The grants could not be read (the store failed): try again.
    Unavailable,
    /// A food bank of the grants requires a second factor this session has not proved.
    SecondFactor,
}

/// Who calls: the account, and the id of the session it calls in (a token's `sid`), which the
/// second factor is proved in.
#[derive(Debug, Clone, Copy)]
pub struct Who<'a> {
    pub user_id: Id,
    pub session: Option<&'a str>,
}

impl Refusal {
    /// The catalog key that says it, the same on every side.
    pub fn text_key(self) -> &'static str {
        match self {
            Refusal::SignIn => "staff.signIn",
            Refusal::Needs(Access::FoodBankAdmin) => "staff.adminOnly",
            Refusal::Needs(_) => "staff.only",
            Refusal::Unavailable => "refusal.unavailable",
            Refusal::SecondFactor => "staff.secondFactor.needed",
        }
    }
}

/// As a service error, for the sides that answer with one (the API's envelope, a form's refusal).
impl From<Refusal> for crate::service::Error {
    fn from(refusal: Refusal) -> Self {
        use crate::domain::messages;
        match refusal {
            Refusal::SignIn => Self::Unauthorized((&messages::LOGIN_REQUIRED).into()),
            Refusal::Needs(_) => Self::Forbidden((&messages::STAFF_ONLY).into()),
            Refusal::Unavailable => Self::Busy,
            Refusal::SecondFactor => Self::Forbidden((&messages::SECOND_FACTOR_NEEDED).into()),
        }
    }
}

/// A signed-in account acting with the access `R` names, at the places [`Reach`] lists.
#[derive(Debug, Clone)]
pub struct Staff<R: Needs> {
    pub user_id: Id,
    pub reach: Reach,
    role: PhantomData<R>,
}

impl<R: Needs> Staff<R> {
    /// The account as staff with `R`'s access; None when no grant of theirs gives it.
    pub async fn resolve(state: &Context, user_id: Id) -> Result<Option<Self>> {
        let posts = state.store.staff_posts(user_id).await?;
        let reach = reach(&posts, R::ACCESS);
        Ok((!reach.is_empty()).then_some(Self { user_id, reach, role: PhantomData }))
    }

    /// The one guard of every staff side (pages, API, downloads): the signed-in account (`None`:
    /// signed out) as staff with `R`'s access, else why not. Each side words the [`Refusal`] its
    /// own way (a page, an envelope, a line of text) from the same texts.
    /// A grant at a food bank that requires a second factor acts only in a session that proved
    /// one (issue 53 item 1); the shopper side of the same account is not asked.
    pub async fn admit(state: &Context, who: Option<Who<'_>>) -> std::result::Result<Self, Refusal> {
        let Some(Who { user_id, session }) = who else { return Err(Refusal::SignIn) };
        let resolved = match Self::resolve(state, user_id).await {
            Ok(Some(staff)) => crate::service::second_factor::grants_act(state, user_id, session)
                .await
                .map(|acts| if acts { Ok(staff) } else { Err(Refusal::SecondFactor) }),
            other => other.map(|none| none.ok_or(Refusal::Needs(R::ACCESS))),
        };
        match resolved {
            Ok(admitted) => admitted,
            Err(error) => {
                tracing::warn!(%error, "staff grants not read");
                Err(Refusal::Unavailable)
            }
        }
    }

    /// What the operation needs.
    pub fn access(&self) -> Access {
        R::ACCESS
    }
}
