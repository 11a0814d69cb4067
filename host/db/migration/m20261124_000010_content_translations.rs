//! `translations` on content (info cards, their sections, notifications): other languages'
//! versions of a row's texts, `{"es": {"title": "...", ...}}`. A missing language or field shows
//! the row's own (English) text.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const TABLES: [&str; 3] = ["info_cards", "info_card_sections", "notifications"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            manager.alter_table(Table::alter().table(table).add_column(json_null("translations")).to_owned()).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in TABLES {
            manager.alter_table(Table::alter().table(table).drop_column("translations").to_owned()).await?;
        }
        Ok(())
    }
}
