//! `users`: Shopper accounts and profiles (§3 Profile). E-mail is unique case-insensitively (unique
//! index on lower(email)); `token_version` is bumped to invalidate issued tokens.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "users")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub password_hash: String,
    pub phone_number: Option<String>,
    pub postal_code: Option<String>,
    pub is_email_notification_enabled: bool,
    pub is_text_message_notification_enabled: bool,
    pub is_phone_call_notification_enabled: bool,
    pub default_food_bank_id: Option<i64>,
    pub is_tefap_survey_answered: bool,
    pub token_version: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub last_login_at: Option<DateTimeUtc>,
    /// `en` or `es` once the shopper chose one.
    pub language: Option<String>,
    /// The account's household (migration 35).
    pub household_id: Option<i64>,
    /// When its owner deleted the account (migration 38): the row is kept, emptied, for the orders.
    pub erased_at: Option<DateTimeUtc>,
    /// The login-less account carrying a household's phone orders (migration 40).
    pub phone_only: bool,
    #[sea_orm(belongs_to, from = "default_food_bank_id", to = "id")]
    pub food_bank: BelongsTo<Option<super::food_bank::Entity>>,
    #[sea_orm(has_many)]
    pub saved_addresses: HasMany<super::saved_address::Entity>,
}

impl ActiveModelBehavior for ActiveModel {}
