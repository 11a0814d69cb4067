//! The monthly report asks, for each household of the month at each place, whether it was served
//! there before (`report_households`): a probe of its visits by (household, place, day). With only
//! (household, day) and (place, day) indexes, SQLite chose the place's, reading every earlier
//! visit of the food bank once per household (the report of a food bank with 500,000 visits timed
//! out). These put the household first and the place second, as the report_orders indexes do.
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

const INDEXES: [(&str, &str); 2] = [
    ("ix_visits_household_food_bank_day", "visits (household_id, food_bank_id, day)"),
    ("ix_visits_household_pantry_day", "visits (household_id, pantry_location_id, day)"),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (name, on) in INDEXES {
            db.execute_unprepared(&format!("CREATE INDEX {name} ON {on}")).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for (name, _) in INDEXES {
            db.execute_unprepared(&format!("DROP INDEX {name}")).await?;
        }
        Ok(())
    }
}
