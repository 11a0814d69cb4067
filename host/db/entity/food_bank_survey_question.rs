//! `food_bank_survey_questions`: Which checkout-survey questions a food bank asks (§3 survey status
//! flags).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "food_bank_survey_questions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub food_bank_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub survey_question_id: i64,
    pub is_enabled: bool,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
    #[sea_orm(belongs_to, from = "survey_question_id", to = "id")]
    pub survey_question: BelongsTo<super::survey_question::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
