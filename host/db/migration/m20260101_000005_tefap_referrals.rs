//! TEFAP eligibility and referral codes.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // tefap_guidelines
        manager
            .create_table(
                Table::create()
                    .table("tefap_guidelines")
                    .col(big_pk_auto("id"))
                    .col(big_integer("province_id").unique_key())
                    .col(boolean("requires_geographic_residency").default(true))
                    .col(boolean("accepts_cross_eligibility").default(true))
                    .col(boolean("requires_income_check").default(true))
                    .col(boolean("requires_income_proof").default(false))
                    .col(boolean("requires_income_self_declare").default(true))
                    .col(boolean("requires_identification_proof").default(false))
                    .col(boolean("accepts_emergency_situation").default(false))
                    .col(integer("income_percent_required").default(100))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_guidelines_province_id")
                            .from("tefap_guidelines", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // province_assistance_programs
        manager
            .create_table(
                Table::create()
                    .table("province_assistance_programs")
                    .col(big_pk_auto("id"))
                    .col(big_integer("province_id"))
                    .col(big_integer("assistance_program_id"))
                    .col(boolean("is_cross_eligible").default(false))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_province_assistance_programs_province_id")
                            .from("province_assistance_programs", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_province_assistance_programs_assistance_program_id")
                            .from("province_assistance_programs", "assistance_program_id")
                            .to("assistance_programs", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ux_province_assistance_programs_province_assistance_program")
                    .table("province_assistance_programs")
                    .col("province_id")
                    .col("assistance_program_id")
                    .unique()
                    .to_owned(),
            )
            .await?;
        // tefap_responses
        manager
            .create_table(
                Table::create()
                    .table("tefap_responses")
                    .col(big_pk_auto("id"))
                    .col(string_uniq("unique_id"))
                    .col(big_integer_null("user_id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(big_integer_null("province_id"))
                    .col(big_integer_null("county_id"))
                    .col(string_null("postal_code"))
                    .col(json("answers"))
                    .col(boolean("is_eligible"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone_null("assigned_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_responses_user_id")
                            .from("tefap_responses", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_responses_food_bank_id")
                            .from("tefap_responses", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_responses_province_id")
                            .from("tefap_responses", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_responses_county_id")
                            .from("tefap_responses", "county_id")
                            .to("counties", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_tefap_responses_user_id").table("tefap_responses").col("user_id").to_owned(),
            )
            .await?;
        // tefap_eligibilities
        manager
            .create_table(
                Table::create()
                    .table("tefap_eligibilities")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(big_integer_null("province_id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(big_integer_null("county_id"))
                    .col(string_null("postal_code"))
                    .col(string_null("unique_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_eligibilities_user_id")
                            .from("tefap_eligibilities", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_eligibilities_province_id")
                            .from("tefap_eligibilities", "province_id")
                            .to("provinces", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_eligibilities_food_bank_id")
                            .from("tefap_eligibilities", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_tefap_eligibilities_county_id")
                            .from("tefap_eligibilities", "county_id")
                            .to("counties", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_tefap_eligibilities_user_id")
                    .table("tefap_eligibilities")
                    .col("user_id")
                    .to_owned(),
            )
            .await?;
        // referral_codes
        manager
            .create_table(
                Table::create()
                    .table("referral_codes")
                    .col(big_pk_auto("id"))
                    .col(string("code"))
                    .col(string_null("description"))
                    .col(boolean("is_active").default(true))
                    .col(timestamp_with_time_zone_null("expires_at"))
                    .col(timestamp_with_time_zone("created_at"))
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared("CREATE UNIQUE INDEX ux_referral_codes_code_upper ON referral_codes (upper(code))")
            .await?;
        // referral_code_pantry_locations
        manager
            .create_table(
                Table::create()
                    .table("referral_code_pantry_locations")
                    .col(big_integer("referral_code_id"))
                    .col(big_integer("pantry_location_id"))
                    .primary_key(Index::create().col("referral_code_id").col("pantry_location_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_referral_code_pantry_locations_referral_code_id")
                            .from("referral_code_pantry_locations", "referral_code_id")
                            .to("referral_codes", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_referral_code_pantry_locations_pantry_location_id")
                            .from("referral_code_pantry_locations", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_referral_code_pantry_locations_pantry_location_id")
                    .table("referral_code_pantry_locations")
                    .col("pantry_location_id")
                    .to_owned(),
            )
            .await?;
        // referral_code_food_banks
        manager
            .create_table(
                Table::create()
                    .table("referral_code_food_banks")
                    .col(big_integer("referral_code_id"))
                    .col(big_integer("food_bank_id"))
                    .col(boolean("is_delivery_enabled").default(false))
                    .primary_key(Index::create().col("referral_code_id").col("food_bank_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_referral_code_food_banks_referral_code_id")
                            .from("referral_code_food_banks", "referral_code_id")
                            .to("referral_codes", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_referral_code_food_banks_food_bank_id")
                            .from("referral_code_food_banks", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // user_referral_codes
        manager
            .create_table(
                Table::create()
                    .table("user_referral_codes")
                    .col(big_integer("user_id"))
                    .col(big_integer("referral_code_id"))
                    .col(boolean("is_applied").default(true))
                    .col(timestamp_with_time_zone("claimed_at"))
                    .primary_key(Index::create().col("user_id").col("referral_code_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_referral_codes_user_id")
                            .from("user_referral_codes", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_referral_codes_referral_code_id")
                            .from("user_referral_codes", "referral_code_id")
                            .to("referral_codes", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "user_referral_codes",
            "referral_code_food_banks",
            "referral_code_pantry_locations",
            "referral_codes",
            "tefap_eligibilities",
            "tefap_responses",
            "province_assistance_programs",
            "tefap_guidelines",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
