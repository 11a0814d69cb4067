//! The food bank runs its network (issue 25 items 1-3): a pantry's phone and whether it offers
//! pickup and delivery, and the start of a notification's window (`notifications.starts_at`;
//! `expires_at` already ends it). Pantry rows, referral codes and content need no other table.
//! The pantry's new columns are part of its pages, so an update of them bumps its cache scope
//! like the columns of migration 13 do (its trigger fires on the columns it names only).
use super::m20261201_000013_cache_scopes::bump;
use sea_orm::DbBackend;
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

const COLUMNS: &str = "phone, offers_pickup, offers_delivery";

fn pantry_scope(r: &str) -> String {
    format!("SELECT 'pantry:' || {r}.id AS s")
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let pantries = || Table::alter().table("pantry_locations").to_owned();
        manager.alter_table(pantries().add_column(string_len_null("phone", 40)).to_owned()).await?;
        manager.alter_table(pantries().add_column(boolean("offers_pickup").default(true)).to_owned()).await?;
        manager.alter_table(pantries().add_column(boolean("offers_delivery").default(false)).to_owned()).await?;
        manager
            .alter_table(
                Table::alter().table("notifications").add_column(timestamp_with_time_zone_null("starts_at")).to_owned(),
            )
            .await?;
        let backend = manager.get_database_backend();
        let conn = manager.get_connection();
        if backend == DbBackend::Postgres {
            conn.execute_unprepared(&format!(
                "CREATE FUNCTION cache_bump_pantry_network() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {} \
                 RETURN NULL; END $$",
                bump(&pantry_scope("NEW"), backend)
            ))
            .await?;
            conn.execute_unprepared(&format!(
                "CREATE TRIGGER tr_cache_pantry_network AFTER UPDATE OF {COLUMNS} ON pantry_locations \
                 FOR EACH ROW EXECUTE FUNCTION cache_bump_pantry_network()"
            ))
            .await?;
        } else {
            conn.execute_unprepared(&format!(
                "CREATE TRIGGER tr_cache_pantry_network AFTER UPDATE OF {COLUMNS} ON pantry_locations BEGIN {} END",
                bump(&pantry_scope("NEW"), backend)
            ))
            .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let conn = manager.get_connection();
        if manager.get_database_backend() == DbBackend::Postgres {
            conn.execute_unprepared("DROP TRIGGER tr_cache_pantry_network ON pantry_locations").await?;
            conn.execute_unprepared("DROP FUNCTION cache_bump_pantry_network()").await?;
        } else {
            conn.execute_unprepared("DROP TRIGGER tr_cache_pantry_network").await?;
        }
        manager.alter_table(Table::alter().table("notifications").drop_column("starts_at").to_owned()).await?;
        for column in ["offers_delivery", "offers_pickup", "phone"] {
            manager.alter_table(Table::alter().table("pantry_locations").drop_column(column).to_owned()).await?;
        }
        Ok(())
    }
}
