//! `audit_log`: one staff change, with the subject before and after (JSON text).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_log")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub at: DateTimeUtc,
    pub actor_user_id: i64,
    pub food_bank_id: i64,
    pub pantry_location_id: Option<i64>,
    pub action: String,
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub before: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub after: Option<String>,
}

impl ActiveModelBehavior for ActiveModel {}
