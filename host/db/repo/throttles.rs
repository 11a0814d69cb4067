//! The throttles' shared counts on PostgreSQL (`rate_limit_buckets`, see its migration): the
//! database's clock decides when a window ends, so hosts whose clocks differ still agree.
use super::{Store, StoreResult};
use sea_orm::{ConnectionTrait, DbBackend, DbErr, Statement, Value};
use std::time::Duration;

/// A bucket's count in its open window, and the time until that window ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    pub count: u32,
    pub left: Duration,
}

fn millis(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Store {
    /// Adds `n` to `bucket` in its open window, or opens a window of `window` with `n` when there
    /// is none (or it has ended): one statement, so hosts counting at once never lose a count.
    pub async fn throttle_add(&self, bucket: &str, n: u32, window: Duration) -> StoreResult<Tally> {
        // `now()` is the statement's start on every use, so both CASEs agree on whether the
        // window is open.
        const SQL: &str = "INSERT INTO rate_limit_buckets AS b (bucket, count, expires_at) \
             VALUES ($1, $2, now() + $3 * interval '1 millisecond') \
             ON CONFLICT (bucket) DO UPDATE SET \
             count = CASE WHEN b.expires_at > now() THEN LEAST(b.count + EXCLUDED.count, 4294967295) \
                     ELSE EXCLUDED.count END, \
             expires_at = CASE WHEN b.expires_at > now() THEN b.expires_at ELSE EXCLUDED.expires_at END \
             RETURNING count, GREATEST(CEIL(EXTRACT(EPOCH FROM expires_at - now()) * 1000), 0)::bigint AS left_ms";
        let values: [Value; 3] = [bucket.into(), i64::from(n).into(), millis(window).into()];
        let row = self.db.query_one_raw(Statement::from_sql_and_values(DbBackend::Postgres, SQL, values)).await?;
        let row = row.ok_or_else(|| DbErr::RecordNotFound("rate limit bucket".into()))?;
        let count: i64 = row.try_get("", "count")?;
        let left: i64 = row.try_get("", "left_ms")?;
        Ok(Tally {
            count: u32::try_from(count).unwrap_or(u32::MAX),
            left: Duration::from_millis(u64::try_from(left).unwrap_or(0)),
        })
    }

    /// Takes `n` back from `bucket`'s open window (not below zero); nothing once it has ended.
    pub async fn throttle_take_back(&self, bucket: &str, n: u32) -> StoreResult<()> {
        const SQL: &str = "UPDATE rate_limit_buckets SET count = GREATEST(count - $2, 0) \
             WHERE bucket = $1 AND expires_at > now() AND count > 0";
        let values: [Value; 2] = [bucket.into(), i64::from(n).into()];
        self.db.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, SQL, values)).await?;
        Ok(())
    }

    /// Ends `bucket`'s window.
    pub async fn throttle_clear(&self, bucket: &str) -> StoreResult<()> {
        const SQL: &str = "DELETE FROM rate_limit_buckets WHERE bucket = $1";
        self.db.execute_raw(Statement::from_sql_and_values(DbBackend::Postgres, SQL, [bucket.into()])).await?;
        Ok(())
    }

    /// Deletes the buckets whose window has ended (they count as empty already); how many.
    pub async fn throttle_sweep(&self) -> StoreResult<u64> {
        const SQL: &str = "DELETE FROM rate_limit_buckets WHERE expires_at <= now()";
        Ok(self.db.execute_unprepared(SQL).await?.rows_affected())
    }

    /// Buckets stored, ended or not (for tests of the sweep).
    pub async fn throttle_buckets(&self) -> StoreResult<u64> {
        const SQL: &str = "SELECT COUNT(*) AS n FROM rate_limit_buckets";
        let row = self.db.query_one_raw(Statement::from_string(DbBackend::Postgres, SQL)).await?;
        let n: i64 = row.map(|r| r.try_get("", "n")).transpose()?.unwrap_or(0);
        Ok(u64::try_from(n).unwrap_or(0))
    }
}
