//! What several hosts on one database share besides the data: `outbox`, every e-mail (and text
//! message) written in the transaction that caused it and sent by whichever host claims it first;
//! `jobs`, the server's own periodic work (the no-show job), run by one host at a time under a
//! lease; and personal messages (`notifications.user_id`), shown only to their shopper.
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
            .create_table(
                Table::create()
                    .table("outbox")
                    .col(big_pk_auto("id"))
                    .col(string("kind"))
                    .col(string("recipient"))
                    .col(string("subject"))
                    .col(text("body"))
                    .col(string("language"))
                    // Two writes for one event (a retried transaction) make one message.
                    .col(string_null("dedup_key").unique_key())
                    .col(timestamp_with_time_zone("created_at"))
                    .col(integer("attempts").default(0))
                    .col(timestamp_with_time_zone("next_attempt_at"))
                    // A sender's claim: until then no other host takes the row; past it, a host
                    // that died mid-send has lost it and another sends it.
                    .col(timestamp_with_time_zone_null("lease_until"))
                    .col(timestamp_with_time_zone_null("sent_at"))
                    .col(text_null("last_error"))
                    .check(("ck_outbox_kind", Expr::cust("kind IN ('email', 'sms')")))
                    .check(("ck_outbox_attempts", Expr::cust("attempts >= 0")))
                    .to_owned(),
            )
            .await?;
        let db = manager.get_connection();
        // The senders' look-up reads only what is still to send.
        db.execute_unprepared("CREATE INDEX ix_outbox_due ON outbox (next_attempt_at, id) WHERE sent_at IS NULL")
            .await?;
        manager
            .create_table(
                Table::create()
                    .table("jobs")
                    .col(string("name").primary_key())
                    .col(timestamp_with_time_zone("next_run_at"))
                    .col(timestamp_with_time_zone_null("lease_until"))
                    .col(string_null("leased_by"))
                    .col(timestamp_with_time_zone_null("last_run_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(Table::alter().table("notifications").add_column(big_integer_null("user_id")).to_owned())
            .await?;
        // No foreign key: SQLite cannot add one to an existing table. Accounts are never deleted
        // today; whatever deletes one must delete its personal messages too.
        manager
            .create_index(
                Index::create().name("ix_notifications_user_id").table("notifications").col("user_id").to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_index(Index::drop().name("ix_notifications_user_id").table("notifications").to_owned()).await?;
        manager.alter_table(Table::alter().table("notifications").drop_column("user_id").to_owned()).await?;
        for table in ["jobs", "outbox"] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
