//! `orders`: Orders (§3 Order). Pickup orders have a pantry and pickup time; delivery orders a
//! delivery time and an address snapshot JSON {name, address{addressLine1, addressLine2, city,
//! province, postalCode, countryCode}}. `idempotency_key` is unique per user.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    pub food_bank_id: i64,
    pub pantry_location_id: Option<i64>,
    pub pickup_time_id: Option<i64>,
    pub delivery_time_id: Option<i64>,
    pub saved_address_id: Option<i64>,
    pub delivery_address: Option<Json>,
    pub status_type_id: i64,
    pub idempotency_key: Option<String>,
    /// SHA-256 (hex) of the canonical submission sent with `idempotency_key`.
    pub request_fingerprint: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub cancelled_at: Option<DateTimeUtc>,
    /// Why the pantry cancelled it, shown to the shopper.
    pub cancel_reason: Option<String>,
    /// The staff member who placed it on the household's behalf (a phone order; migration 40).
    pub placed_by: Option<i64>,
    #[sea_orm(belongs_to, from = "user_id", to = "id")]
    pub user: BelongsTo<super::user::Entity>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<super::food_bank::Entity>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<Option<super::pantry_location::Entity>>,
    #[sea_orm(belongs_to, from = "pickup_time_id", to = "id")]
    pub pickup_time: BelongsTo<Option<super::pickup_time::Entity>>,
    #[sea_orm(belongs_to, from = "delivery_time_id", to = "id")]
    pub delivery_time: BelongsTo<Option<super::delivery_time::Entity>>,
    #[sea_orm(belongs_to, from = "saved_address_id", to = "id")]
    pub saved_address: BelongsTo<Option<super::saved_address::Entity>>,
    #[sea_orm(belongs_to, from = "status_type_id", to = "id")]
    pub order_status_type: BelongsTo<super::order_status_type::Entity>,
    #[sea_orm(has_many)]
    pub order_items: HasMany<super::order_item::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
