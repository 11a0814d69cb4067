//! `passkeys`: a person's registered passkeys (issue 53 item 1; migration 41).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "passkeys")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub user_id: i64,
    /// Base64url, as the authenticator named it.
    pub credential_id: String,
    /// The credential as webauthn-rs serialises it (public key, counter).
    pub credential: String,
    pub name: String,
    pub created_at: DateTimeUtc,
    pub last_used_at: Option<DateTimeUtc>,
}

impl ActiveModelBehavior for ActiveModel {}
