//! How an address's coordinates were found (issue 51): `address` when the geocoder matched the
//! address itself, `zip` when it stands at its ZIP code's centre; NULL for the addresses of food
//! banks and pantries, set by hand. The saved addresses kept so far stand at their ZIP's centre.
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
            .alter_table(
                Table::alter()
                    .table("addresses")
                    .add_column(
                        string_len_null("located_by", 8).check(Expr::col("located_by").is_in(["address", "zip"])),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE addresses SET located_by = 'zip' WHERE latitude IS NOT NULL \
                 AND id IN (SELECT address_id FROM saved_addresses)",
            )
            .await
            .map(|_| ())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.alter_table(Table::alter().table("addresses").drop_column("located_by").to_owned()).await
    }
}
