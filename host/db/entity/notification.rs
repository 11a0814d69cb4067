//! `notifications`: Messages (§3 Message, notification). `food_bank_code` NULL = for everyone;
//! `details` is HTML.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "notifications")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub description: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub details: Option<String>,
    pub food_bank_code: Option<String>,
    pub created_at: DateTimeUtc,
    pub expires_at: Option<DateTimeUtc>,
    /// Other languages' versions of the texts: `{"es": {"title": ...}}`.
    pub translations: Option<Json>,
    /// The one shopper a personal message is for (their order's news); None: a general one.
    pub user_id: Option<i64>,
    /// Shown from this instant (None: from `created_at`), until `expires_at`.
    pub starts_at: Option<DateTimeUtc>,
}

impl ActiveModelBehavior for ActiveModel {}
