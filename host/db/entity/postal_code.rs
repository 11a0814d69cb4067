//! `postal_codes`: ZIP codes known to the app, with their centroid (county look-up by ZIP, §7
//! counties/postalcode).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "postal_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    #[sea_orm(unique)]
    pub code: String,
    pub city: String,
    pub province_id: i64,
    pub latitude: f64,
    pub longitude: f64,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<super::province::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
