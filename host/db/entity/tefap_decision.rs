//! `tefap_decisions`: every TEFAP decision on a household, kept with its day (issue 49 item 5);
//! the household row holds the latest.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tefap_decisions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub household_id: i64,
    /// `income`, `programs`, `emergency` or `homeless`.
    pub basis: String,
    /// The pantry's local day of the decision.
    pub decided_on: Date,
    pub decided_by: Option<i64>,
    pub pantry_location_id: Option<i64>,
    /// `staff` (the household page's form), `visit` (TEFAP foods given at a lapsed decision) or
    /// `kept` (the decision the household held when the history began).
    pub how: String,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
