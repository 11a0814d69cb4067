//! Versions of cache scopes (`db::Scope`), which triggers bump on every write to the rows behind
//! them (migration `m20261201_000013_cache_scopes`).
use super::{Store, StoreResult, param};
use crate::{db::Scope, domain::Id};
use sea_orm::{ConnectionTrait, DatabaseTransaction, DbBackend, Statement, Value};
use std::collections::HashMap;

/// A point in the database's history, taken before a page loads: a version written after it may
/// or may not be in what the load read.
#[derive(Clone, Debug)]
pub enum ScopeMark {
    /// SQLite (one writer at a time): the largest version committed so far.
    Clock(i64),
    /// PostgreSQL: the snapshot then (`pg_current_snapshot()`, as text); a version is older when
    /// its writing transaction is visible in it.
    Snapshot(String),
}

/// The markers of `n` values after `skip` others (see [`param`]).
fn placeholders(backend: DbBackend, skip: usize, n: usize) -> String {
    (1..=n).map(|i| param(backend, skip + i)).collect::<Vec<_>>().join(", ")
}

impl Store {
    /// Where the database is now, for [`Store::scope_versions_before`] after a load.
    pub async fn scope_mark(&self) -> StoreResult<ScopeMark> {
        let backend = self.db.get_database_backend();
        let sql = match backend {
            DbBackend::Postgres => "SELECT pg_current_snapshot()::text AS m",
            _ => "SELECT coalesce(max(version), 0) AS m FROM cache_scopes",
        };
        let row = self.db.query_one_raw(Statement::from_string(backend, sql)).await?;
        let row = row.ok_or_else(|| sea_orm::DbErr::RecordNotFound("scope mark".into()))?;
        Ok(match backend {
            DbBackend::Postgres => ScopeMark::Snapshot(row.try_get("", "m")?),
            _ => ScopeMark::Clock(row.try_get("", "m")?),
        })
    }

    /// The current version of each scope (0 for one never bumped), in one query.
    pub async fn scope_versions(&self, scopes: &[Scope]) -> StoreResult<Vec<i64>> {
        Ok(self.scope_versions_marked(scopes, None).await?.0.into_iter().map(|(version, _)| version).collect())
    }

    /// The current version of each scope if it was written before `mark`, else None (a write
    /// that may have raced a load taken after the mark). One query.
    pub async fn scope_versions_before(&self, scopes: &[Scope], mark: &ScopeMark) -> StoreResult<Vec<Option<i64>>> {
        let (versions, _) = self.scope_versions_marked(scopes, Some(mark)).await?;
        Ok(versions.into_iter().map(|(v, older)| older.then_some(v)).collect())
    }

    /// (version, written before `mark`) of each scope, and where the database was as they were
    /// read (None when there was nothing to read): a mark for any load that starts after this
    /// returns, read in the same query, so the render cache needs no query of its own for one.
    pub async fn scope_versions_marked(
        &self,
        scopes: &[Scope],
        mark: Option<&ScopeMark>,
    ) -> StoreResult<(Vec<(i64, bool)>, Option<ScopeMark>)> {
        if scopes.is_empty() {
            return Ok((Vec::new(), None));
        }
        let backend = self.db.get_database_backend();
        let keys: Vec<String> = scopes.iter().map(Scope::key).collect();
        let mut values: Vec<Value> = Vec::with_capacity(keys.len() + 1);
        let older = match mark {
            Some(ScopeMark::Snapshot(snapshot)) if backend == DbBackend::Postgres => {
                values.push(snapshot.clone().into());
                "pg_visible_in_snapshot(c.writer, $1::pg_snapshot)"
            }
            _ => "true",
        };
        let now = match backend {
            DbBackend::Postgres => "SELECT pg_current_snapshot()::text AS m",
            _ => "SELECT coalesce(max(version), 0) AS m FROM cache_scopes",
        };
        // The one-row mark joined to the scopes' rows: a row even when no scope has been written.
        let sql = format!(
            "SELECT now.m AS m, c.scope AS scope, c.version AS version, {older} AS older \
             FROM ({now}) AS now LEFT JOIN cache_scopes c ON c.scope IN ({})",
            placeholders(backend, values.len(), keys.len())
        );
        values.extend(keys.iter().map(|k| Value::from(k.clone())));
        let rows = self.db.query_all_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
        let mut found: HashMap<String, (i64, bool)> = HashMap::with_capacity(rows.len());
        let mut now = None;
        for row in rows {
            now = Some(match backend {
                DbBackend::Postgres => ScopeMark::Snapshot(row.try_get("", "m")?),
                _ => ScopeMark::Clock(row.try_get("", "m")?),
            });
            let Some(scope) = row.try_get::<Option<String>>("", "scope")? else { continue };
            let version: i64 = row.try_get("", "version")?;
            let older = match mark {
                Some(ScopeMark::Clock(clock)) => version <= *clock,
                Some(ScopeMark::Snapshot(_)) => row.try_get("", "older")?,
                None => true,
            };
            found.insert(scope, (version, older));
        }
        // A scope without a row has never been written: version 0, as it was at any mark.
        let versions = keys.iter().map(|k| found.get(k).copied().unwrap_or((0, true))).collect();
        Ok((versions, now))
    }
}

/// Takes the row locks of these stock rows' scopes now, in key order, by bumping them (the
/// triggers bump them again as the stock moves, under the locks already held). Without it the
/// triggers would lock them in inventory-id order, and two orders touching two scopes (a
/// location change; a delivery order with program and food-bank stock) could wait on each other.
/// PostgreSQL only: SQLite's `BEGIN IMMEDIATE` already serialises writers.
pub(super) async fn lock_stock_scopes(txn: &DatabaseTransaction, inventory_item_ids: &[Id]) -> StoreResult<()> {
    let backend = txn.get_database_backend();
    if backend != DbBackend::Postgres || inventory_item_ids.is_empty() {
        return Ok(());
    }
    let sql =
        format!("SELECT cache_bump_stock(ARRAY[{}]::bigint[])", placeholders(backend, 0, inventory_item_ids.len()));
    let values = inventory_item_ids.iter().map(|id| Value::from(*id));
    txn.execute_raw(Statement::from_sql_and_values(backend, sql, values)).await?;
    Ok(())
}
