//! `survey_answers`: A shopper's checkout-survey answers (§3 Survey answers), one row per user;
//! NULL = unanswered.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "survey_answers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub user_id: i64,
    pub food_bank_id: Option<i64>,
    pub household_members: Option<i32>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub state_abbreviation: Option<String>,
    pub date_of_birth: Option<Date>,
    pub gender_id: Option<i64>,
    pub race_id: Option<i64>,
    #[sea_orm(column_type = "Text")]
    pub how_did_you_hear: Option<String>,
    pub is_participation_snap_noted: Option<bool>,
    pub is_participation_wic_noted: Option<bool>,
    pub is_participation_medicaid_noted: Option<bool>,
    pub is_participation_ssi_noted: Option<bool>,
    pub is_participation_tanf_noted: Option<bool>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(belongs_to, from = "gender_id", to = "id")]
    pub gender: BelongsTo<Option<super::gender::Entity>>,
    #[sea_orm(belongs_to, from = "race_id", to = "id")]
    pub race: BelongsTo<Option<super::race::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
