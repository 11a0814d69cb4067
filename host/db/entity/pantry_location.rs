//! `pantry_locations`: Pickup sites (§3 Pantry location). `latitude`/`longitude` are copied from
//! the address for bounding-box search; `time_zone` is IANA.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "pantry_locations")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub food_bank_id: i64,
    pub address_id: i64,
    pub label: String,
    pub time_zone: String,
    pub is_restricted: bool,
    pub is_active: bool,
    #[sea_orm(column_type = "Text")]
    pub pickup_instructions: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
    pub created_at: DateTimeUtc,
    /// Last change of the pantry or its pickup times (kept by triggers); None: unchanged since created.
    pub updated_at: Option<DateTimeUtc>,
    /// `(614) 555-0100`; None: not given.
    pub phone: Option<String>,
    pub offers_pickup: bool,
    pub offers_delivery: bool,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
    #[sea_orm(belongs_to, from = "address_id", to = "id")]
    pub address: BelongsTo<super::address::Entity>,
    #[sea_orm(has_many)]
    pub pickup_times: HasMany<super::pickup_time::Entity>,
    #[sea_orm(has_many)]
    pub attachments: HasMany<super::attachment::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
