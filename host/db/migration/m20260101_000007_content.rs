//! Home-page info cards and notifications.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // info_card_sections
        manager
            .create_table(
                Table::create()
                    .table("info_card_sections")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(integer("sort_order").default(0))
                    .col(boolean("hide_title").default(false))
                    .to_owned(),
            )
            .await?;
        // info_cards
        manager
            .create_table(
                Table::create()
                    .table("info_cards")
                    .col(big_pk_auto("id"))
                    .col(big_integer_null("section_id"))
                    .col(string("title"))
                    .col(json("images"))
                    .col(text_null("description"))
                    .col(string_null("action_button_text"))
                    .col(string_null("modal_title"))
                    .col(text_null("modal_content"))
                    .col(integer("sort_order").default(0))
                    .col(string_null("text_color"))
                    .col(string_null("background_color"))
                    .col(string_null("food_bank_code"))
                    .col(boolean("is_public").default(true))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_info_cards_section_id")
                            .from("info_cards", "section_id")
                            .to("info_card_sections", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_info_cards_food_bank_code_sort_order")
                    .table("info_cards")
                    .col("food_bank_code")
                    .col("sort_order")
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_info_cards_section_id").table("info_cards").col("section_id").to_owned(),
            )
            .await?;
        // notifications
        manager
            .create_table(
                Table::create()
                    .table("notifications")
                    .col(big_pk_auto("id"))
                    .col(string("title"))
                    .col(text_null("description"))
                    .col(text_null("details"))
                    .col(string_null("food_bank_code"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("expires_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_notifications_food_bank_code_created_at")
                    .table("notifications")
                    .col("food_bank_code")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        // notification_reads
        manager
            .create_table(
                Table::create()
                    .table("notification_reads")
                    .col(big_integer("user_id"))
                    .col(big_integer("notification_id"))
                    .col(timestamp_with_time_zone("read_at"))
                    .primary_key(Index::create().col("user_id").col("notification_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_notification_reads_user_id")
                            .from("notification_reads", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_notification_reads_notification_id")
                            .from("notification_reads", "notification_id")
                            .to("notifications", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_notification_reads_notification_id")
                    .table("notification_reads")
                    .col("notification_id")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in ["notification_reads", "notifications", "info_cards", "info_card_sections"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
