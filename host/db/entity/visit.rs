//! `visits`: a household served at a pantry without an order (a walk-in), with what it took.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "visits")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub household_id: i64,
    pub food_bank_id: i64,
    pub pantry_location_id: i64,
    /// The pantry's local day of the visit.
    pub day: Date,
    pub units: i64,
    pub pounds: f64,
    /// Set when TEFAP foods were given: the eligibility they were given on.
    pub tefap_basis: Option<String>,
    pub recorded_by: Option<i64>,
    pub created_at: DateTimeUtc,
    /// `typed` or `drawn`, when the household signed for the visit.
    pub signature_kind: Option<String>,
    /// The name typed, or the strokes drawn as an SVG path of moves and lines.
    pub signature: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
