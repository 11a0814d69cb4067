//! `limits`: Limits (§3 Limit, §5 effective limit). Exactly one owner: a product or inventory item
//! (per-product quantity limits) or a pantry, food bank or delivery program (ITEM = items per
//! order, ORDER = orders per scope). `time_scope_code` is DAY, WEEK, MONTH, ORDER or ACCOUNT;
//! `time_scope_amount` is N in "every N days/weeks/months/orders".
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "limits")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub value: i32,
    pub time_scope_amount: i32,
    pub time_scope_code: String,
    pub limit_type_code: String,
    pub pantry_item_id: Option<i64>,
    pub inventory_item_id: Option<i64>,
    pub pantry_location_id: Option<i64>,
    pub food_bank_id: Option<i64>,
    pub delivery_program_id: Option<i64>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "pantry_item_id", to = "id")]
    pub pantry_item: BelongsTo<Option<super::pantry_item::Entity>>,
    #[sea_orm(belongs_to, from = "inventory_item_id", to = "id")]
    pub inventory_item: BelongsTo<Option<super::inventory_item::Entity>>,
    #[sea_orm(belongs_to, from = "pantry_location_id", to = "id")]
    pub pantry_location: BelongsTo<Option<super::pantry_location::Entity>>,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(belongs_to, from = "delivery_program_id", to = "id")]
    pub delivery_program: BelongsTo<Option<super::delivery_program::Entity>>,
}

impl ActiveModelBehavior for ActiveModel {}
