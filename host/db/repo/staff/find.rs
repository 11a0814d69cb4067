//! The day's orders at a site read lean: one row per order with its state, its pickup time or
//! delivery window and its shopper's name, so the queue can count, search and fold a day of
//! 2,000 orders and then load in full only the 200 it lists, and check-in can find a name at the
//! door without loading every order's lines.
use crate::db::repo::{Store, StoreResult, staff::orders::QueueSite};
use crate::domain::{Id, orders::StatusType};
use chrono::{NaiveDate, NaiveTime};
use sea_orm::{ConnectionTrait, DbBackend, Statement, Value};

/// One order of the day, as the queue's index holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueueEntry {
    pub id: Id,
    pub state: StatusType,
    pub starts: NaiveTime,
    pub ends: NaiveTime,
    pub first_name: String,
    pub last_name: String,
}

impl Store {
    /// The day's orders at the site by time (start, end) then number.
    pub async fn queue_index(&self, site: QueueSite, day: NaiveDate) -> StoreResult<Vec<QueueEntry>> {
        let backend = self.db.get_database_backend();
        let p = |i: usize| if backend == DbBackend::Postgres { format!("${i}") } else { "?".to_owned() };
        let (sql, values): (String, Vec<Value>) = match site {
            // The pantry test on the order too: an order keeps its pantry when its time is another's.
            QueueSite::Pantry(pantry) => (
                format!(
                    "SELECT o.id, o.status_type_id, t.pickup_start_time AS starts, t.pickup_end_time AS ends, \
                     u.first_name, u.last_name \
                     FROM orders o JOIN pickup_times t ON t.id = o.pickup_time_id JOIN users u ON u.id = o.user_id \
                     WHERE t.pantry_location_id = {} AND t.pickup_day = {} AND o.pantry_location_id = {} \
                     ORDER BY starts, ends, o.id",
                    p(1),
                    p(2),
                    p(3)
                ),
                vec![pantry.into(), day.into(), pantry.into()],
            ),
            QueueSite::Delivery(bank) => (
                format!(
                    "SELECT o.id, o.status_type_id, t.delivery_start_time AS starts, t.delivery_end_time AS ends, \
                     u.first_name, u.last_name \
                     FROM orders o JOIN delivery_times t ON t.id = o.delivery_time_id JOIN users u ON u.id = o.user_id \
                     WHERE t.food_bank_id = {} AND t.delivery_day = {} \
                     ORDER BY starts, ends, o.id",
                    p(1),
                    p(2)
                ),
                vec![bank.into(), day.into()],
            ),
        };
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
        rows.into_iter()
            .map(|row| -> StoreResult<QueueEntry> {
                let status: Id = row.try_get("", "status_type_id")?;
                Ok(QueueEntry {
                    id: row.try_get("", "id")?,
                    // Every stored status id is one of ours (seeded, foreign key).
                    state: StatusType::from_id(status).unwrap_or(StatusType::Submitted),
                    starts: row.try_get("", "starts")?,
                    ends: row.try_get("", "ends")?,
                    first_name: row.try_get("", "first_name")?,
                    last_name: row.try_get("", "last_name")?,
                })
            })
            .collect()
    }
}
