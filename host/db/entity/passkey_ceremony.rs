//! `passkey_ceremonies`: the open challenge of a session, to register or to use a passkey
//! (issue 53 item 1; migration 41).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "passkey_ceremonies")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub session_id: String,
    /// `register` or `prove`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    /// webauthn-rs's ceremony state (JSON).
    pub state: String,
    pub expires_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
