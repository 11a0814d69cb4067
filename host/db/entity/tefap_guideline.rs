//! `tefap_guidelines`: A state's TEFAP eligibility rules (§3 TEFAP guideline);
//! `income_percent_required` defaults to 100.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tefap_guidelines")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub province_id: i64,
    pub requires_geographic_residency: bool,
    pub accepts_cross_eligibility: bool,
    pub requires_income_check: bool,
    pub requires_income_proof: bool,
    pub requires_income_self_declare: bool,
    pub requires_identification_proof: bool,
    pub accepts_emergency_situation: bool,
    pub income_percent_required: i32,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<super::province::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
