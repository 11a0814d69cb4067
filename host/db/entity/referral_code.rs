//! `referral_codes`: Referral codes (§3 Referral code); unique case-insensitively (unique index on
//! upper(code)).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referral_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub code: String,
    pub description: Option<String>,
    pub is_active: bool,
    pub expires_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    #[sea_orm(has_many, via = "referral_code_pantry_location")]
    pub pantry_locations: HasMany<super::pantry_location::Entity>,
    #[sea_orm(has_many)]
    pub referral_code_food_banks: HasMany<super::referral_code_food_bank::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
