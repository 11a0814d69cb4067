//! `province_assistance_programs`: Assistance programs recognised in a state (§3
//! tefapProvinceAssistancePrograms).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "province_assistance_programs")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub province_id: i64,
    pub assistance_program_id: i64,
    pub is_cross_eligible: bool,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<super::province::Entity>,
    #[sea_orm(belongs_to, from = "assistance_program_id", to = "id")]
    pub assistance_program: BelongsTo<super::assistance_program::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
