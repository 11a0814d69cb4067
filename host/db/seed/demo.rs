//! stub
use chrono::{DateTime, Utc};
use sea_orm::{DatabaseConnection, DbErr};
pub const DEMO_EMAIL: &str = "demo@example.org";
pub const DEMO_PASSWORD: &str = "OrderAhead!demo";
#[derive(Debug, Default, Clone)]
pub struct DemoSummary {}
pub async fn seed_demo<F: FnOnce(&str) -> String>(_db: &DatabaseConnection, _now: DateTime<Utc>, _h: F) -> Result<DemoSummary, DbErr> { Ok(DemoSummary::default()) }
