//! `revoked_sessions`: sessions signed out before their token expired. Every host checks a token's
//! session id here, so a sign-out on one host ends the session on all of them; a row is kept until
//! the token it revokes would have expired.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "revoked_sessions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub session_id: String,
    pub user_id: i64,
    pub expires_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
