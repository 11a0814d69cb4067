//! Reference data: places, lookups.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // provinces
        manager
            .create_table(
                Table::create()
                    .table("provinces")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(string_uniq("abbreviation"))
                    .col(string_null("fips"))
                    .col(integer("poverty_guideline_year"))
                    .col(integer("poverty_base_income_dollars"))
                    .col(integer("poverty_per_person_dollars"))
                    .to_owned(),
            )
            .await?;
        // counties
        manager
            .create_table(
                Table::create()
                    .table("counties")
                    .col(big_pk_auto("id"))
                    .col(big_integer("province_id"))
                    .col(string("name"))
                    .col(string_null("fips").unique_key())
                    .col(string_null("description"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_counties_province_id")
                            .from("counties", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_counties_province_id_name")
                    .table("counties")
                    .col("province_id")
                    .col("name")
                    .to_owned(),
            )
            .await?;
        // postal_codes
        manager
            .create_table(
                Table::create()
                    .table("postal_codes")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("code"))
                    .col(string("city"))
                    .col(big_integer("province_id"))
                    .col(double("latitude"))
                    .col(double("longitude"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_postal_codes_province_id")
                            .from("postal_codes", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // postal_code_counties
        manager
            .create_table(
                Table::create()
                    .table("postal_code_counties")
                    .col(big_integer("postal_code_id"))
                    .col(big_integer("county_id"))
                    .primary_key(Index::create().col("postal_code_id").col("county_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_postal_code_counties_postal_code_id")
                            .from("postal_code_counties", "postal_code_id")
                            .to("postal_codes", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_postal_code_counties_county_id")
                            .from("postal_code_counties", "county_id")
                            .to("counties", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_postal_code_counties_county_id")
                    .table("postal_code_counties")
                    .col("county_id")
                    .to_owned(),
            )
            .await?;
        // addresses
        manager
            .create_table(
                Table::create()
                    .table("addresses")
                    .col(big_pk_auto("id"))
                    .col(string("address_line1"))
                    .col(string_null("address_line2"))
                    .col(string("city"))
                    .col(big_integer("province_id"))
                    .col(string("postal_code"))
                    .col(big_integer_null("county_id"))
                    .col(double_null("latitude"))
                    .col(double_null("longitude"))
                    .col(string("country_code").default("USA"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_addresses_province_id")
                            .from("addresses", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_addresses_county_id")
                            .from("addresses", "county_id")
                            .to("counties", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // genders
        manager
            .create_table(
                Table::create()
                    .table("genders")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("name"))
                    .col(integer("sort_order").default(0))
                    .to_owned(),
            )
            .await?;
        // races
        manager
            .create_table(
                Table::create()
                    .table("races")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("name"))
                    .col(integer("sort_order").default(0))
                    .to_owned(),
            )
            .await?;
        // order_status_types
        manager
            .create_table(
                Table::create()
                    .table("order_status_types")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("code"))
                    .col(string("name"))
                    .col(boolean("is_successfully_completed_type").default(false))
                    .col(boolean("is_cancelled_type").default(false))
                    .col(boolean("is_in_progress_type").default(false))
                    .col(integer("sort_order").default(0))
                    .to_owned(),
            )
            .await?;
        // assistance_programs
        manager
            .create_table(
                Table::create()
                    .table("assistance_programs")
                    .col(big_pk_auto("id"))
                    .col(string("name"))
                    .col(string_uniq("abbreviation"))
                    .col(integer("sort_order").default(0))
                    .to_owned(),
            )
            .await?;
        // survey_questions
        manager
            .create_table(
                Table::create()
                    .table("survey_questions")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("code"))
                    .col(string("name"))
                    .col(integer("sort_order").default(0))
                    .to_owned(),
            )
            .await?;
        // unit_of_measures
        manager
            .create_table(
                Table::create().table("unit_of_measures").col(big_pk_auto("id")).col(string_uniq("name")).to_owned(),
            )
            .await?;
        // donation_package_types
        manager
            .create_table(
                Table::create()
                    .table("donation_package_types")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("name"))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "donation_package_types",
            "unit_of_measures",
            "survey_questions",
            "assistance_programs",
            "order_status_types",
            "races",
            "genders",
            "addresses",
            "postal_code_counties",
            "postal_codes",
            "counties",
            "provinces",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
