//! `tefap_eligibilities`: A shopper's stored TEFAP eligibilities (§3, §5 TEFAP products
//! visibility).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "tefap_eligibilities")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub province_id: Option<i64>,
    pub food_bank_id: Option<i64>,
    pub county_id: Option<i64>,
    pub postal_code: Option<String>,
    pub unique_id: Option<String>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<Option<super::province::Entity>>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(belongs_to, from = "county_id", to = "id")]
    pub county: BelongsTo<Option<super::county::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
