//! `second_factors`: a person's code app (issue 53 item 1).
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "second_factors")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub user_id: i64,
    /// Base32, as the app was given it.
    pub secret: String,
    pub created_at: DateTimeUtc,
    /// `None` until a code from the app confirmed it.
    pub confirmed_at: Option<DateTimeUtc>,
    /// The last 30-second step whose code was used: older ones are refused.
    pub last_step: i64,
}

impl ActiveModelBehavior for ActiveModel {}
