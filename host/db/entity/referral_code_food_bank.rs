//! `referral_code_food_banks`: Food banks a referral code covers, and whether it unlocks their
//! delivery (§3 referralCodeFoodBanks).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referral_code_food_banks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub referral_code_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub food_bank_id: i64,
    pub is_delivery_enabled: bool,
    #[sea_orm(belongs_to, from = "referral_code_id", to = "id")]
    pub referral_code: BelongsTo<super::referral_code::Entity>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
