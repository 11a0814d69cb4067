//! Items kept by the pantry itself (issue 24 item 6) and files every host can serve (issue 26
//! item 4): `pantry_items.name_es` (the product's Spanish name; English shows where it is
//! missing) and `files`, uploaded photos re-encoded by the server, content-addressed by the
//! SHA-256 of the stored bytes. `files` is the database backend of the one file store
//! (`infra::files`); the directory backend keeps the same names as files instead.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(Table::alter().table("pantry_items").add_column(string_len_null("name_es", 200)).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("files")
                    // Lowercase hex SHA-256 of `bytes`: the same content is one row however often
                    // it is stored, and a name never changes what it serves (so it is cached for good).
                    .col(string_len("sha256", 64).primary_key())
                    .col(string_len("content_type", 64))
                    .col(integer("size"))
                    .col(blob("bytes"))
                    .col(timestamp_with_time_zone("created_at"))
                    .check(("ck_files_size", Expr::cust("size >= 0")))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table("files").to_owned()).await?;
        manager.alter_table(Table::alter().table("pantry_items").drop_column("name_es").to_owned()).await.map(|_| ())
    }
}
