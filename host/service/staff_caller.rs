//! Who is calling, as staff: [`Staff<R>`], an account acting with the access its role marker `R`
//! names (`domain::staff::{Volunteer, PantryStaff, FoodBankAdmin}`), at the places its grants give
//! that access. Only [`Staff::resolve`] makes one, so an operation that takes a `Staff<R>` states
//! the access it needs in its signature, and every staff side (pages, API, downloads) resolves the
//! caller here.
use super::{Context, Result};
use crate::domain::{
    Id,
    staff::{Access, Needs, Reach, reach},
};
use std::marker::PhantomData;

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

    /// What the operation needs.
    pub fn access(&self) -> Access {
        R::ACCESS
    }
}
