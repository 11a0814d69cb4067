//! `food_banks`: Food banks (§3 Food bank). `time_zone` is the IANA zone its delivery windows are
//! local to.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "food_banks")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub name: String,
    pub home_page_url: Option<String>,
    pub is_enabled: bool,
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
    pub address_id: i64,
    pub time_zone: String,
    pub created_at: DateTimeUtc,
    /// Months a TEFAP decision stands before the household recertifies (1-36, default 12).
    pub tefap_valid_months: i32,
    /// Whether a walk-in visit needs the household's signature.
    pub visit_signature: bool,
    /// Months without a login or an order after which a shopper account is deleted (migration
    /// 38); `None` never.
    pub inactive_account_months: Option<i32>,
    /// Its staff's grants act only in sessions that proved a second factor (migration 39).
    pub require_second_factor: bool,
    #[sea_orm(belongs_to, from = "address_id", to = "id")]
    pub address: BelongsTo<super::address::Entity>,
    #[sea_orm(has_many)]
    pub pantry_locations: HasMany<super::pantry_location::Entity>,
    #[sea_orm(has_many)]
    pub delivery_programs: HasMany<super::delivery_program::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
