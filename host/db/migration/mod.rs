//! Schema migrations (sea-orm-migration). Every migration runs in a transaction on both
//! backends (`use_transaction() -> Some(true)`; SeaORM only wraps PostgreSQL by default).
//!
//! Identifiers are plain snake_case strings so that the SQL reads like the entities.
//! Named constraints (`ck_*`, `fk_*`, `ux_*`) let the repository layer tell which rule a
//! failed statement broke. Expression and partial indexes are raw SQL that is identical on
//! SQLite and PostgreSQL.
use sea_orm_migration::prelude::*;

mod m20260101_000001_reference;
mod m20260101_000002_food_banks;
mod m20260101_000003_catalog;
mod m20260101_000004_users;
mod m20260101_000005_tefap_referrals;
mod m20260101_000006_orders;
mod m20260101_000007_content;
mod m20260301_000008_order_fingerprint;
mod m20260401_000009_pantry_updated_at;
mod m20261124_000010_content_translations;
mod m20261124_000011_user_language;
mod m20261124_000012_one_favorite;
mod m20261201_000013_cache_scopes;
mod m20261202_000014_revoked_sessions;
mod m20261210_000015_staff;
mod m20261220_000016_outbox_jobs;
mod m20261225_000017_slot_capacity;
mod m20261226_000018_rate_limit_buckets;
mod m20261226_000019_pantry_location_boxes;
mod m20261227_000020_audit_log;
mod m20261228_000021_schedules;
mod m20261228_000022_stock_movements;
mod m20261228_000023_items_files;
mod m20261229_000024_network;
mod m20261229_000025_people;
mod m20261229_000026_reports;
mod m20261229_000027_slot_statement_bumps;
mod m20261229_000028_delivery_schedules;
pub(crate) mod m20261230_000029_slot_trigger_pauses;
mod m20261230_000030_report_orders;
mod m20261231_000031_stock_move_keys;
mod m20270101_000032_staff_console;
mod m20270102_000033_calendar;
mod m20270103_000034_schedule_scopes;
mod m20270104_000035_households;
mod m20270105_000036_tefap_rules;
mod m20270106_000037_sessions;
mod m20270107_000038_erased_accounts;
mod m20270108_000039_second_factor;
mod m20270109_000040_phone_orders;
mod m20270110_000041_passkeys;
mod m20270111_000042_visit_probes;
mod m20270112_000043_door_actions;
mod m20270113_000044_household_name_keys;
mod m20270114_000045_whole_name_keys;
mod m20270115_000046_address_located_by;
mod m20270116_000047_delivery_runs;
mod m20270117_000048_name_key_names;
mod name_key_rows;

pub(crate) use m20270104_000035_households::back_fill as back_fill_households;

/// The name keys of every household that has none, as the latest migration has them.
pub(crate) async fn back_fill_name_keys<C: sea_orm::ConnectionTrait>(db: &C) -> Result<(), sea_orm::DbErr> {
    name_key_rows::back_fill(db, true).await
}

/// All migrations, oldest first.
pub struct Migrator;

impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20260101_000001_reference::Migration),
            Box::new(m20260101_000002_food_banks::Migration),
            Box::new(m20260101_000003_catalog::Migration),
            Box::new(m20260101_000004_users::Migration),
            Box::new(m20260101_000005_tefap_referrals::Migration),
            Box::new(m20260101_000006_orders::Migration),
            Box::new(m20260101_000007_content::Migration),
            Box::new(m20260301_000008_order_fingerprint::Migration),
            Box::new(m20260401_000009_pantry_updated_at::Migration),
            Box::new(m20261124_000010_content_translations::Migration),
            Box::new(m20261124_000011_user_language::Migration),
            Box::new(m20261124_000012_one_favorite::Migration),
            Box::new(m20261201_000013_cache_scopes::Migration),
            Box::new(m20261202_000014_revoked_sessions::Migration),
            Box::new(m20261210_000015_staff::Migration),
            Box::new(m20261220_000016_outbox_jobs::Migration),
            Box::new(m20261225_000017_slot_capacity::Migration),
            Box::new(m20261226_000018_rate_limit_buckets::Migration),
            Box::new(m20261226_000019_pantry_location_boxes::Migration),
            Box::new(m20261227_000020_audit_log::Migration),
            Box::new(m20261228_000021_schedules::Migration),
            Box::new(m20261228_000022_stock_movements::Migration),
            Box::new(m20261228_000023_items_files::Migration),
            Box::new(m20261229_000024_network::Migration),
            Box::new(m20261229_000025_people::Migration),
            Box::new(m20261229_000026_reports::Migration),
            Box::new(m20261229_000027_slot_statement_bumps::Migration),
            Box::new(m20261229_000028_delivery_schedules::Migration),
            Box::new(m20261230_000029_slot_trigger_pauses::Migration),
            Box::new(m20261230_000030_report_orders::Migration),
            Box::new(m20261231_000031_stock_move_keys::Migration),
            Box::new(m20270101_000032_staff_console::Migration),
            Box::new(m20270102_000033_calendar::Migration),
            Box::new(m20270103_000034_schedule_scopes::Migration),
            Box::new(m20270104_000035_households::Migration),
            Box::new(m20270105_000036_tefap_rules::Migration),
            Box::new(m20270106_000037_sessions::Migration),
            Box::new(m20270107_000038_erased_accounts::Migration),
            Box::new(m20270108_000039_second_factor::Migration),
            Box::new(m20270109_000040_phone_orders::Migration),
            Box::new(m20270110_000041_passkeys::Migration),
            Box::new(m20270111_000042_visit_probes::Migration),
            Box::new(m20270112_000043_door_actions::Migration),
            Box::new(m20270113_000044_household_name_keys::Migration),
            Box::new(m20270114_000045_whole_name_keys::Migration),
            Box::new(m20270115_000046_address_located_by::Migration),
            Box::new(m20270116_000047_delivery_runs::Migration),
            Box::new(m20270117_000048_name_key_names::Migration),
        ]
    }
}
