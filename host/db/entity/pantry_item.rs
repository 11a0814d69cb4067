//! `pantry_items`: Products (§3 Inventory item.pantryItem). `food_bank_id` NULL = shared catalogue.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "pantry_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub food_bank_id: Option<i64>,
    pub name: String,
    /// The Spanish name; None shows `name`.
    pub name_es: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub description: Option<String>,
    pub amount: Option<f64>,
    pub each_quantity: Option<i32>,
    pub unit_of_measure_id: Option<i64>,
    pub donation_package_type_id: Option<i64>,
    pub created_at: DateTimeUtc,
    #[sea_orm(belongs_to, from = "food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(belongs_to, from = "unit_of_measure_id", to = "id")]
    pub unit_of_measure: BelongsTo<Option<super::unit_of_measure::Entity>>,
    #[sea_orm(belongs_to, from = "donation_package_type_id", to = "id")]
    pub donation_package_type: BelongsTo<Option<super::donation_package_type::Entity>>,
    #[sea_orm(has_many)]
    pub attachments: HasMany<super::attachment::Entity>,
    #[sea_orm(has_many)]
    pub inventory_items: HasMany<super::inventory_item::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
