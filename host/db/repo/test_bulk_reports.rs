//! Bulk rows for the monthly report's benchmark: a food bank's year of orders (1,000,000 across
//! its pantries) written by the database itself in a few statements, so seeding takes seconds
//! rather than the hours row-by-row inserts would. Built only with the `test-support` feature.
use super::{Store, StoreResult};
use crate::{
    db::entity::{food_bank, order, pantry_location},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbBackend, EntityTrait, QueryFilter, QueryOrder, QuerySelect, Statement, Value,
};

/// The numbers 0 to `n` - 1 as rows of `x`, written by the database.
fn series(pg: bool, n: &str) -> String {
    if pg {
        format!("SELECT generate_series(0, {n} - 1) AS x")
    } else {
        format!("WITH RECURSIVE s(x) AS (SELECT 0 UNION ALL SELECT x + 1 FROM s WHERE x + 1 < {n}) SELECT x FROM s")
    }
}

#[doc(hidden)]
impl Store {
    pub async fn test_food_bank_id(&self, code: &str) -> StoreResult<Option<Id>> {
        Ok(food_bank::Entity::find()
            .filter(food_bank::Column::Code.eq(code))
            .select_only()
            .column(food_bank::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?)
    }

    pub async fn test_first_pantry(&self, food_bank_id: Id) -> StoreResult<Option<Id>> {
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::FoodBankId.eq(food_bank_id))
            .select_only()
            .column(pantry_location::Column::Id)
            .order_by_asc(pantry_location::Column::Id)
            .into_tuple()
            .one(&self.db)
            .await?)
    }

    async fn bulk_sql(&self, sql: &str, values: Vec<Value>) -> StoreResult<()> {
        let backend = self.db.get_database_backend();
        let mut text = String::new();
        let mut n = 0;
        for c in sql.chars() {
            if c == '?' && backend == DbBackend::Postgres {
                n += 1;
                text.push_str(&format!("${n}"));
            } else {
                text.push(c);
            }
        }
        self.db.execute_raw(Statement::from_sql_and_values(backend, text, values)).await?;
        Ok(())
    }

    /// `households` shoppers and `count` pickup orders at the food bank's pantries, one line each
    /// (2 units of `stock`, 1 lb a unit), placed over the 365 days from `start` (one order in ten a
    /// no-show, one a cancel, the rest picked up), each shopper ordering at one pantry.
    pub async fn test_bulk_report_orders(
        &self,
        food_bank_id: Id,
        stock: Id,
        households: i64,
        count: i64,
        start: DateTime<Utc>,
    ) -> StoreResult<()> {
        let pg = self.db.get_database_backend() == DbBackend::Postgres;
        let series = |n: &str| series(pg, n);
        for t in ["bench_pantries", "bench_users"] {
            self.bulk_sql(&format!("DROP TABLE IF EXISTS {t}"), vec![]).await?;
        }
        let first: Id = order::Entity::find()
            .select_only()
            .column_as(order::Column::Id.max(), "last")
            .into_tuple::<Option<Id>>()
            .one(&self.db)
            .await?
            .flatten()
            .unwrap_or(0);
        self.bulk_sql(
            "CREATE TABLE bench_pantries AS SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k \
             FROM pantry_locations WHERE food_bank_id = ?",
            vec![food_bank_id.into()],
        )
        .await?;
        let first_user = format!(
            "INSERT INTO users (first_name, last_name, email, password_hash, created_at, updated_at) \
             SELECT 'Bench', 'Shopper ' || x, 'bench-' || x || '-' || ? || '@example.org', 'x', ?, ? FROM ({}) g",
            series("?")
        );
        // The series' bound is a parameter of its own (SQLite's recursive form reads it inside).
        self.bulk_sql(&first_user, vec![food_bank_id.into(), start.into(), start.into(), households.into()]).await?;
        self.bulk_sql(
            "CREATE TABLE bench_users AS SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k \
             FROM users WHERE email LIKE ?",
            vec![format!("bench-%-{food_bank_id}@example.org").into()],
        )
        .await?;
        let pantries = "(SELECT COUNT(*) FROM bench_pantries)";
        let created = if pg {
            "CAST(? AS timestamptz) + (x % 365) * INTERVAL '1 day' + (x % 600) * INTERVAL '1 minute'".to_owned()
        } else {
            "strftime('%Y-%m-%dT%H:%M:%S', ?, '+' || (x % 365) || ' days', '+' || (x % 600) || ' minutes') || '+00:00'"
                .to_owned()
        };
        let start_value: Value = if pg { start.into() } else { start.format("%Y-%m-%d %H:%M:%S").to_string().into() };
        let orders = format!(
            "INSERT INTO orders (user_id, food_bank_id, pantry_location_id, status_type_id, created_at, updated_at) \
             SELECT u.id, ?, p.id, CASE x % 10 WHEN 0 THEN 7 WHEN 1 THEN 6 ELSE 5 END, c.at, c.at \
             FROM (SELECT x, {created} AS at FROM ({}) g) c \
             JOIN bench_users u ON u.k = c.x % ? \
             JOIN bench_pantries p ON p.k = (c.x % ?) % {pantries}",
            series("?")
        );
        self.bulk_sql(
            &orders,
            vec![food_bank_id.into(), start_value, count.into(), households.into(), households.into()],
        )
        .await?;
        self.bulk_sql(
            "INSERT INTO order_items (order_id, inventory_item_id, pantry_item_id, quantity, weight_pounds, is_substitute_ok) \
             SELECT o.id, i.id, i.pantry_item_id, 2, 1.0, false FROM orders o \
             JOIN bench_users u ON u.id = o.user_id JOIN inventory_items i ON i.id = ?",
            vec![stock.into()],
        )
        .await?;
        for t in ["bench_pantries", "bench_users"] {
            self.bulk_sql(&format!("DROP TABLE {t}"), vec![]).await?;
        }
        // The report summary, as the order writes keep it: the orders above skipped them.
        super::reports::summarise_orders_from(&self.db, first + 1).await
    }

    /// `count` walk-in visits at the food bank's pantries by its kept households (3 units, 4.5 lb
    /// each), over the 365 days from `start`, each household visiting one pantry.
    pub async fn test_bulk_visits(&self, food_bank_id: Id, count: i64, start: DateTime<Utc>) -> StoreResult<()> {
        let pg = self.db.get_database_backend() == DbBackend::Postgres;
        for t in ["bench_pantries", "bench_households"] {
            self.bulk_sql(&format!("DROP TABLE IF EXISTS {t}"), vec![]).await?;
        }
        self.bulk_sql(
            "CREATE TABLE bench_pantries AS SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k \
             FROM pantry_locations WHERE food_bank_id = ?",
            vec![food_bank_id.into()],
        )
        .await?;
        self.bulk_sql(
            "CREATE TABLE bench_households AS SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS k \
             FROM households WHERE food_bank_id = ? AND merged_into IS NULL",
            vec![food_bank_id.into()],
        )
        .await?;
        let (day, at) = if pg {
            ("CAST(? AS date) + CAST(x % 365 AS INTEGER)", "CAST(? AS timestamptz) + (x % 365) * INTERVAL '1 day'")
        } else {
            (
                "date(?, '+' || (x % 365) || ' days')",
                "strftime('%Y-%m-%dT%H:%M:%S', ?, '+' || (x % 365) || ' days') || '+00:00'",
            )
        };
        let (day_value, at_value): (Value, Value) = if pg {
            (start.date_naive().into(), start.into())
        } else {
            (start.format("%Y-%m-%d").to_string().into(), start.format("%Y-%m-%d %H:%M:%S").to_string().into())
        };
        let visits = format!(
            "INSERT INTO visits (household_id, food_bank_id, pantry_location_id, day, units, pounds, created_at) \
             SELECT h.id, ?, p.id, {day}, 3, 4.5, {at} FROM ({}) g \
             JOIN bench_households h ON h.k = g.x % (SELECT COUNT(*) FROM bench_households) \
             JOIN bench_pantries p ON p.k = h.k % (SELECT COUNT(*) FROM bench_pantries)",
            series(pg, "?")
        );
        self.bulk_sql(&visits, vec![food_bank_id.into(), day_value, at_value, count.into()]).await?;
        for t in ["bench_pantries", "bench_households"] {
            self.bulk_sql(&format!("DROP TABLE {t}"), vec![]).await?;
        }
        Ok(())
    }
}
