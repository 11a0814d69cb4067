//! `sessions`: a sign-in's device as its owner sees it in the account's list (issue 53 item 2).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The token's `sid`.
    #[sea_orm(unique)]
    pub session_id: String,
    pub user_id: i64,
    /// The account's token version at sign-in: a later version ended this session.
    pub token_version: i32,
    /// A browser's name from the User-Agent (`domain::devices`), or `other`.
    pub browser: String,
    /// An operating system's name from the User-Agent, or `other`.
    pub system: String,
    pub created_at: DateTimeUtc,
    pub last_seen_at: DateTimeUtc,
    /// The token's expiry: past it the row is dropped.
    pub expires_at: DateTimeUtc,
    /// When the session proved its holder's second factor (migration 39).
    pub second_factor_at: Option<DateTimeUtc>,
}

impl ActiveModelBehavior for ActiveModel {}
