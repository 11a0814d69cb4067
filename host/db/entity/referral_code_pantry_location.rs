//! `referral_code_pantry_locations`: Pantries a referral code opens (§3
//! referralCodePantryLocations).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "referral_code_pantry_locations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub referral_code_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub pantry_location_id: i64,
    #[sea_orm(belongs_to, from = "referral_code_id", to = "id")]
    pub referral_code: BelongsTo<super::referral_code::Entity>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<super::pantry_location::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
