//! `jobs`: the server's periodic work by name, run by the one host holding its lease.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "jobs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub name: String,
    pub next_run_at: DateTimeUtc,
    pub lease_until: Option<DateTimeUtc>,
    pub leased_by: Option<String>,
    pub last_run_at: Option<DateTimeUtc>,
}

impl ActiveModelBehavior for ActiveModel {}
