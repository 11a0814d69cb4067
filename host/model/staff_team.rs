//! The food bank admin's team page (`/staff/team`) and its API: the grants of their food banks and
//! pantries, and the form that grants a role to an e-mail.
use crate::domain::Id;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A place a grant can be at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamPlace {
    pub id: Id,
    pub name: String,
}

/// One grant: who has which role where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamGrant {
    /// Names the grant to change or revoke.
    pub id: Id,
    pub email: String,
    /// Their name; empty until they fill in their profile.
    pub name: String,
    /// `admin`, `staff` or `volunteer`.
    pub role: String,
    /// The food bank (an admin's grant) or the pantry (staff and volunteers).
    pub food_bank_id: Option<Id>,
    pub pantry_id: Option<Id>,
    pub place: String,
}

/// The admin's food banks, their pantries and every grant there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    pub food_banks: Vec<TeamPlace>,
    /// By name.
    pub pantries: Vec<TeamPlace>,
    /// By place, then e-mail.
    pub grants: Vec<TeamGrant>,
}

/// `POST /staff/team`: grant `role` at a food bank (admin) or pantry (staff, volunteer).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewGrant {
    #[schema(max_length = 254)]
    pub email: String,
    /// `admin`, `staff` or `volunteer`.
    pub role: String,
    #[serde(default)]
    pub food_bank_id: Option<Id>,
    #[serde(default)]
    pub pantry_id: Option<Id>,
}

/// What a grant did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantDone {
    pub email: String,
    /// An account was made for it; its invitation sets the password.
    pub new_account: bool,
}

/// `PUT /staff/team/{grantId}`: the grant's new role and place, as in [`NewGrant`].
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantChange {
    /// `admin`, `staff` or `volunteer`.
    pub role: String,
    #[serde(default)]
    pub food_bank_id: Option<Id>,
    #[serde(default)]
    pub pantry_id: Option<Id>,
}

/// What a change or revocation did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GrantChanged {
    pub email: String,
    /// The grant was the account's last: every session of the account has ended.
    pub signed_out: bool,
}
