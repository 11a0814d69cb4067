//! `user_referral_codes`: Referral codes a shopper has claimed (§7 referralcodes/claims;
//! isApplied).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "user_referral_codes")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub referral_code_id: i64,
    pub is_applied: bool,
    pub claimed_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "referral_code_id", to = "id")]
    pub referral_code: BelongsTo<super::referral_code::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
