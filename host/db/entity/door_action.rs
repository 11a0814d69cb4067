//! `door_actions`: the key of each door action sent from a device, with what it made or changed
//! (issue 50; migration 43).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "door_actions")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    pub user_id: i64,
    /// `checkIn`, `noShow`, `household` or `visit`.
    pub kind: String,
    /// The order, household or visit.
    pub outcome_id: i64,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
