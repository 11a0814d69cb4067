//! `food_situation_answers`: Food-situation screening answers (§3, §5: codes 1..3).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "food_situation_answers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub food_bank_id: Option<i64>,
    pub worried_food_will_run_out: i32,
    pub food_did_not_last: i32,
    pub received_charity_food: i32,
    pub is_eligible: bool,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
