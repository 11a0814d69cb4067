//! Households at the door (`/staff/households`, issue 49): what the intake search lists, one
//! household as its page shows it (with its TEFAP decisions), and the forms that register one and
//! record a walk-in visit.
use crate::domain::Id;
use serde::Serialize;
use utoipa::ToSchema;

/// A household the search found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdListed {
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    /// `YYYY-MM-DD`.
    pub birth_date: Option<String>,
    /// The phone's last four digits: enough to tell two households apart at the door.
    pub phone_end: Option<String>,
    pub postal_code: String,
    pub size: i32,
    pub recertification_due: bool,
}

/// Its TEFAP eligibility as decided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdTefap {
    /// `income`, `program`, `emergency` or `homeless`.
    pub basis: String,
    /// `YYYY-MM-DD`.
    pub decided_on: String,
    /// True when a staff member decided it; false, the shopper's own answers.
    pub by_staff: bool,
}

/// A visit as the household's page lists it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdVisit {
    pub id: Id,
    /// `YYYY-MM-DD`, the pantry's day.
    pub day: String,
    pub pantry: String,
    pub units: i64,
    pub pounds: f64,
    pub tefap_basis: Option<String>,
    /// The household signed for it.
    pub signed: bool,
}

/// A TEFAP decision of the household's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdDecision {
    /// `income`, `programs`, `emergency` or `homeless`.
    pub basis: String,
    /// `YYYY-MM-DD`, the pantry's day.
    pub day: String,
    /// `staff` (decided on the household's page), `visit` (TEFAP foods given at a lapsed
    /// decision) or `kept` (the one it held when the history began).
    pub how: String,
    pub pantry: Option<String>,
}

/// An order of the household's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdOrder {
    pub id: Id,
    /// `YYYY-MM-DD`, the day it was placed.
    pub day: String,
    pub pantry: Option<String>,
    /// The order's state code (`SUBMITTED`, `COMPLETED`, ...).
    pub state: String,
}

/// An item the visit form offers: the working pantry's stock on hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VisitItem {
    /// The stock row's id.
    pub id: Id,
    pub name: String,
    pub on_hand: i64,
}

/// One household, for staff of its food bank.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdDetail {
    pub id: Id,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub street: Option<String>,
    pub postal_code: String,
    pub language: Option<String>,
    pub size: i32,
    pub children: Option<i32>,
    pub adults: Option<i32>,
    pub seniors: Option<i32>,
    pub tefap: Option<HouseholdTefap>,
    /// No TEFAP decision, or one older than the food bank's period.
    pub recertification_due: bool,
    /// The food bank's period, in months, a decision stands for.
    pub tefap_valid_months: u32,
    /// `YYYY-MM-DD`: the day the standing decision lapses.
    pub tefap_due_on: Option<String>,
    /// Every decision, newest first.
    pub decisions: Vec<HouseholdDecision>,
    /// The food bank asks the household to sign for a visit.
    pub visit_signature: bool,
    /// Other records of the food bank sharing three of first name, last name, birth date and
    /// phone with this one: staff may answer "same household" and merge them into it.
    pub possible_duplicates: Vec<HouseholdListed>,
    /// Newest first.
    pub visits: Vec<HouseholdVisit>,
    /// Newest first.
    pub orders: Vec<HouseholdOrder>,
    /// The pantry a visit is recorded at (the console's working pantry), when the caller works at one.
    pub pantry_id: Option<Id>,
    pub items: Vec<VisitItem>,
}

/// The phone order form of a household at one of the caller's pantries
/// (`/staff/households/{householdId}/order`, issue 49 item 4).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneOrderSheet {
    pub household_id: Id,
    pub first_name: String,
    pub last_name: String,
    /// The household has an app account: the order shows in it, and its profile's choices decide
    /// the confirmation.
    pub has_account: bool,
    /// Where a confirmation would go without an account: the record's phone and e-mail.
    pub phone: Option<String>,
    pub email: Option<String>,
    /// No TEFAP decision, or one older than the food bank's period: TEFAP items are refused.
    pub recertification_due: bool,
    pub pantry_id: Id,
    pub pantry: String,
    /// The pantry's pickup times an order may still choose, soonest first.
    pub times: Vec<crate::model::locations::PickupTime>,
    /// The food bank's delivery windows still open, when the household has a street to deliver to.
    pub windows: Vec<crate::model::locations::DeliveryTime>,
    /// The window a delivery is being ordered for (the items are its stock); none: a pickup.
    pub window: Option<Id>,
    /// The stock on hand: the pantry's, or the delivery window's.
    pub items: Vec<VisitItem>,
    /// A fresh `Idempotency-Key` the form posts: a second click of it places nothing more.
    pub key: String,
}
