//! `files`: a stored file (a re-encoded photo), named by the SHA-256 of its bytes.
use sea_orm::entity::prelude::*;

#[sea_orm::model]
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "files")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub sha256: String,
    pub content_type: String,
    pub size: i32,
    #[sea_orm(column_type = "Blob")]
    pub bytes: Vec<u8>,
    pub created_at: DateTimeUtc,
}

impl ActiveModelBehavior for ActiveModel {}
