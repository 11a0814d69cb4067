//! `addresses`: Street addresses of food banks, pantries and shoppers' saved addresses;
//! `country_code` is always USA.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "addresses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province_id: i64,
    pub postal_code: String,
    pub county_id: Option<i64>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// `address` or `zip` ([`crate::geo::LocatedBy`]): how the coordinates were found; NULL for a
    /// food bank's or a pantry's.
    pub located_by: Option<String>,
    pub country_code: String,
    #[sea_orm(belongs_to, from = "province_id", to = "id")]
    pub province: BelongsTo<super::province::Entity>,
    #[sea_orm(belongs_to, from = "county_id", to = "id")]
    pub county: BelongsTo<Option<super::county::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
