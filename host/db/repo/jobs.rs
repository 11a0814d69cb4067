//! The server's periodic jobs: one row per job name, claimed by a conditional UPDATE so one host
//! at a time runs it. The claim is a lease: a host that dies mid-run holds the job only until the
//! lease ends, then another host runs it.
use super::{Store, StoreResult};
use crate::db::entity::job;
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, Condition, EntityTrait, QueryFilter,
    sea_query::{Expr, OnConflict},
};

/// How far two hosts' clocks may differ, or one host's reads of its clock around another host's
/// run: a due time set within it by another host is that host's, not a clock set back.
const SKEW: Duration = Duration::minutes(1);

impl Store {
    /// Claims job `name` (run every `every`) for `host` until `now + lease` when it is due and no
    /// other host's lease is running; the first claim of a name makes its row, due at once. True
    /// when `host` holds it. A due time more than `every` ahead, or a lease more than `lease`
    /// ahead, by more than [`SKEW`], was written by a clock that was ahead and has been set back
    /// (a host's clock corrected): it counts as passed, or the job would wait out the difference.
    pub async fn claim_job(
        &self,
        name: &str,
        host: &str,
        now: DateTime<Utc>,
        every: Duration,
        lease: Duration,
    ) -> StoreResult<bool> {
        let row = job::ActiveModel {
            name: Set(name.to_owned()),
            next_run_at: Set(now),
            lease_until: Set(None),
            leased_by: Set(None),
            last_run_at: Set(None),
        };
        job::Entity::insert(row)
            .on_conflict(OnConflict::column(job::Column::Name).do_nothing().to_owned())
            .exec_without_returning(&self.db)
            .await?;
        // One statement: of two hosts claiming at once, the second finds the lease taken.
        let claimed = job::Entity::update_many()
            .col_expr(job::Column::LeaseUntil, Expr::value(Some(now + lease)))
            .col_expr(job::Column::LeasedBy, Expr::value(Some(host.to_owned())))
            .filter(job::Column::Name.eq(name))
            .filter(
                Condition::any()
                    .add(job::Column::NextRunAt.lte(now))
                    .add(job::Column::NextRunAt.gt(now + every + SKEW)),
            )
            .filter(
                Condition::any()
                    .add(job::Column::LeaseUntil.is_null())
                    .add(job::Column::LeaseUntil.lte(now))
                    .add(job::Column::LeaseUntil.gt(now + lease + SKEW)),
            )
            .exec(&self.db)
            .await?;
        Ok(claimed.rows_affected == 1)
    }

    /// Ends `host`'s run of job `name`: due again at `next_run_at`. Nothing when its lease was
    /// lost (another host has the job now).
    pub async fn finish_job(
        &self,
        name: &str,
        host: &str,
        now: DateTime<Utc>,
        next_run_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        job::Entity::update_many()
            .col_expr(job::Column::LeaseUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(job::Column::LeasedBy, Expr::value(Option::<String>::None))
            .col_expr(job::Column::LastRunAt, Expr::value(Some(now)))
            .col_expr(job::Column::NextRunAt, Expr::value(next_run_at))
            .filter(job::Column::Name.eq(name))
            .filter(job::Column::LeasedBy.eq(host))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
