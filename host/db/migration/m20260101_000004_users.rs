//! Shoppers, their addresses, access grants, surveys.
use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // users
        manager
            .create_table(
                Table::create()
                    .table("users")
                    .col(big_pk_auto("id"))
                    .col(string("first_name"))
                    .col(string("last_name"))
                    .col(string("email"))
                    .col(string("password_hash"))
                    .col(string_null("phone_number"))
                    .col(string_null("postal_code"))
                    .col(boolean("is_email_notification_enabled").default(true))
                    .col(boolean("is_text_message_notification_enabled").default(true))
                    .col(boolean("is_phone_call_notification_enabled").default(true))
                    .col(big_integer_null("default_food_bank_id"))
                    .col(boolean("is_tefap_survey_answered").default(false))
                    .col(integer("token_version").default(0))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .col(timestamp_with_time_zone_null("last_login_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_users_default_food_bank_id")
                            .from("users", "default_food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared("CREATE UNIQUE INDEX ux_users_email_lower ON users (lower(email))")
            .await?;
        // saved_addresses
        manager
            .create_table(
                Table::create()
                    .table("saved_addresses")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(big_integer("address_id"))
                    .col(string("name"))
                    .col(boolean("is_primary").default(false))
                    .col(text_null("notes"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_saved_addresses_user_id")
                            .from("saved_addresses", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_saved_addresses_address_id")
                            .from("saved_addresses", "address_id")
                            .to("addresses", "id")
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .check(("ck_saved_addresses_notes_len", Expr::cust("notes IS NULL OR length(notes) <= 250")))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("ix_saved_addresses_user_id").table("saved_addresses").col("user_id").to_owned(),
            )
            .await?;
        manager
            .get_connection()
            .execute_unprepared(
                "CREATE UNIQUE INDEX ux_saved_addresses_one_primary ON saved_addresses (user_id) WHERE is_primary",
            )
            .await?;
        // user_authorized_locations
        manager
            .create_table(
                Table::create()
                    .table("user_authorized_locations")
                    .col(big_integer("user_id"))
                    .col(big_integer("pantry_location_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .primary_key(Index::create().col("user_id").col("pantry_location_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_authorized_locations_user_id")
                            .from("user_authorized_locations", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_authorized_locations_pantry_location_id")
                            .from("user_authorized_locations", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // user_delivery_food_banks
        manager
            .create_table(
                Table::create()
                    .table("user_delivery_food_banks")
                    .col(big_integer("user_id"))
                    .col(big_integer("food_bank_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .primary_key(Index::create().col("user_id").col("food_bank_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_delivery_food_banks_user_id")
                            .from("user_delivery_food_banks", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_delivery_food_banks_food_bank_id")
                            .from("user_delivery_food_banks", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // favorite_pantries
        manager
            .create_table(
                Table::create()
                    .table("favorite_pantries")
                    .col(big_integer("user_id"))
                    .col(big_integer("pantry_location_id"))
                    .col(timestamp_with_time_zone("created_at"))
                    .primary_key(Index::create().col("user_id").col("pantry_location_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_favorite_pantries_user_id")
                            .from("favorite_pantries", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_favorite_pantries_pantry_location_id")
                            .from("favorite_pantries", "pantry_location_id")
                            .to("pantry_locations", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // password_reset_tokens
        manager
            .create_table(
                Table::create()
                    .table("password_reset_tokens")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(string_uniq("token_hash"))
                    .col(string("code_hash"))
                    .col(timestamp_with_time_zone("expires_at"))
                    .col(timestamp_with_time_zone_null("used_at"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_password_reset_tokens_user_id")
                            .from("password_reset_tokens", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_password_reset_tokens_user_id")
                    .table("password_reset_tokens")
                    .col("user_id")
                    .to_owned(),
            )
            .await?;
        // food_bank_survey_questions
        manager
            .create_table(
                Table::create()
                    .table("food_bank_survey_questions")
                    .col(big_integer("food_bank_id"))
                    .col(big_integer("survey_question_id"))
                    .col(boolean("is_enabled").default(true))
                    .primary_key(Index::create().col("food_bank_id").col("survey_question_id"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_food_bank_survey_questions_food_bank_id")
                            .from("food_bank_survey_questions", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_food_bank_survey_questions_survey_question_id")
                            .from("food_bank_survey_questions", "survey_question_id")
                            .to("survey_questions", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        // survey_answers
        manager
            .create_table(
                Table::create()
                    .table("survey_answers")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id").unique_key())
                    .col(big_integer_null("food_bank_id"))
                    .col(integer_null("household_members"))
                    .col(string_null("street"))
                    .col(string_null("city"))
                    .col(string_null("state_abbreviation"))
                    .col(date_null("date_of_birth"))
                    .col(big_integer_null("gender_id"))
                    .col(big_integer_null("race_id"))
                    .col(text_null("how_did_you_hear"))
                    .col(boolean_null("is_participation_snap_noted"))
                    .col(boolean_null("is_participation_wic_noted"))
                    .col(boolean_null("is_participation_medicaid_noted"))
                    .col(boolean_null("is_participation_ssi_noted"))
                    .col(boolean_null("is_participation_tanf_noted"))
                    .col(timestamp_with_time_zone("created_at"))
                    .col(timestamp_with_time_zone("updated_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_survey_answers_user_id")
                            .from("survey_answers", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_survey_answers_food_bank_id")
                            .from("survey_answers", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_survey_answers_gender_id")
                            .from("survey_answers", "gender_id")
                            .to("genders", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_survey_answers_race_id")
                            .from("survey_answers", "race_id")
                            .to("races", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        // food_situation_answers
        manager
            .create_table(
                Table::create()
                    .table("food_situation_answers")
                    .col(big_pk_auto("id"))
                    .col(big_integer("user_id"))
                    .col(big_integer_null("food_bank_id"))
                    .col(integer("worried_food_will_run_out"))
                    .col(integer("food_did_not_last"))
                    .col(integer("received_charity_food"))
                    .col(boolean("is_eligible"))
                    .col(timestamp_with_time_zone("created_at"))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_food_situation_answers_user_id")
                            .from("food_situation_answers", "user_id")
                            .to("users", "id")
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_food_situation_answers_food_bank_id")
                            .from("food_situation_answers", "food_bank_id")
                            .to("food_banks", "id")
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .check((
                        "ck_food_situation_answers_worried_food_will_run_out",
                        Expr::cust("worried_food_will_run_out BETWEEN 1 AND 3"),
                    ))
                    .check((
                        "ck_food_situation_answers_food_did_not_last",
                        Expr::cust("food_did_not_last BETWEEN 1 AND 3"),
                    ))
                    .check((
                        "ck_food_situation_answers_received_charity_food",
                        Expr::cust("received_charity_food BETWEEN 1 AND 3"),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("ix_food_situation_answers_user_id_created_at")
                    .table("food_situation_answers")
                    .col("user_id")
                    .col("created_at")
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            "food_situation_answers",
            "survey_answers",
            "food_bank_survey_questions",
            "password_reset_tokens",
            "favorite_pantries",
            "user_delivery_food_banks",
            "user_authorized_locations",
            "saved_addresses",
            "users",
        ] {
            manager.drop_table(Table::drop().table(table).to_owned()).await?;
        }
        Ok(())
    }
}
