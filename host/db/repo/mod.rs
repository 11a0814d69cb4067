//! The repository: the only code that queries the database. It returns domain
//! values or plain row structs, never SeaORM models nor the API's wire shapes: the
//! services build those, once, from what it returns, and ask the rules of host/domain.
//! Each file adds `impl Store` blocks for one area: one query surface, whose queries run on the
//! pool (`Store`) or inside the write transaction a service runs its work in ([`Write`], from
//! [`Store::write`], which commits, rolls back and retries it). Writes of more than one statement
//! are `Write`'s methods alone, so none runs outside a transaction.
pub mod accounts;
pub mod addresses;
pub mod audit;
mod calendar;
pub mod content;
pub mod delivery_schedules;
pub mod door;
pub mod erasure;
mod favorites;
pub mod files;
pub mod geography;
mod household_merge;
pub mod households;
pub mod hsds;
pub mod inventory;
mod jobs;
pub mod locations;
pub mod my_data;
mod name_keys;
pub mod orders;
pub mod outbox;
pub mod passkeys;
mod passwords;
pub mod phone_orders;
pub mod pick_list;
pub mod reference;
pub mod referrals;
pub mod reminders;
pub mod reports;
pub mod retention;
pub mod runs;
pub mod schedule_rows;
pub mod schedules;
mod scopes;
pub mod second_factor;
mod sessions;
pub mod shopping;
pub mod sitemap;
pub mod staff;
pub mod stock;
mod survey;
pub mod tefap;
pub mod tefap_records;
pub mod tefap_rules;
#[cfg(any(test, feature = "test-support"))]
mod test_bulk;
#[cfg(any(test, feature = "test-support"))]
pub mod test_bulk_households;
#[cfg(any(test, feature = "test-support"))]
mod test_bulk_reports;
#[cfg(any(test, feature = "test-support"))]
mod test_bulk_runs;
#[cfg(any(test, feature = "test-support"))]
mod test_support;
pub mod throttles;

pub use scopes::ScopeMark;
pub use sessions::{ListedSession, NewSession, SEEN_EVERY};

use std::sync::Arc;

use super::entity::user;
use sea_orm::{DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, QuerySelect, SqlErr};

/// A stored photo (of a product or a pantry), in its collection's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhotoRow {
    pub id: i64,
    pub sequence_number: i32,
    pub storage_path: String,
}

impl PhotoRow {
    /// Photos a statement carried as a JSON array of `[id, sequence_number, storage_path]` (see
    /// `locations::json_rows`), in their collection's order: by sequence number, then id.
    fn from_json(json: Option<&str>) -> Result<Vec<Self>, serde_json::Error> {
        let Some(json) = json else { return Ok(Vec::new()) };
        let mut rows: Vec<(i64, i32, String)> = serde_json::from_str(json)?;
        rows.sort_by_key(|r| (r.1, r.0));
        Ok(rows
            .into_iter()
            .map(|(id, sequence_number, storage_path)| Self { id, sequence_number, storage_path })
            .collect())
    }
}

/// A connection pool's use (the host's metrics).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PoolUse {
    pub open: u32,
    pub idle: u32,
    pub max: u32,
}

/// Where the repository's queries run: the connection pool, or (`Write`) one open transaction.
#[derive(Clone)]
pub struct Store<C = DatabaseConnection> {
    pub(in crate::db) db: C,
    /// Declared after `db`, so a dropped `Write` ends its transaction before it lets the next in.
    writers: Writers,
}

/// SQLite's writers, one at a time. SQLite lets one transaction write at a time and makes the
/// others wait in its busy handler, which sleeps and tries again (1, 2, 5, 10 … 100 ms): the
/// lock sits idle between one writer's commit and the next one's wake-up, and every sleeper
/// holds a pooled connection the readers need. The store's writers queue here instead, in order,
/// without a connection, and each is let in as the one before it ends. SQLite's lock stays what
/// guarantees it (a store made elsewhere on the same file, a second process); PostgreSQL's
/// writers need no queue.
#[derive(Clone)]
enum Writers {
    Any,
    Queue(Arc<tokio::sync::Mutex<()>>),
    /// A `Write`'s turn, until it ends.
    Turn(#[allow(dead_code)] Arc<tokio::sync::OwnedMutexGuard<()>>),
}

/// A write transaction a service sequences its reads and writes in: committed by
/// [`Write::commit`], rolled back when dropped or by [`Write::rollback`].
pub type Write = Store<DatabaseTransaction>;

/// Storage failures, sorted into what a caller can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A unique constraint refused the write (e.g. the e-mail is taken).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A foreign key or check constraint refused the write: the input named something that isn't there.
    #[error("invalid reference: {0}")]
    InvalidReference(String),
    #[error("database error: {0}")]
    Db(DbErr),
}

impl From<DbErr> for StoreError {
    fn from(e: DbErr) -> Self {
        match e.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(m)) => Self::Conflict(m),
            Some(SqlErr::ForeignKeyConstraintViolation(m)) => Self::InvalidReference(m),
            _ => Self::Db(e),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;

impl StoreError {
    /// The database gave up on this transaction for reasons of timing alone, so running it
    /// again from the start is safe and will likely succeed: PostgreSQL's serialization failure
    /// (40001) and deadlock (40P01). SQLite has no such case: `BEGIN IMMEDIATE` queues writers
    /// behind its busy timeout, and a busy answer after that is overload, which a retry worsens.
    pub fn is_transient(&self) -> bool {
        use sea_orm::{RuntimeErr, sqlx};
        let Self::Db(DbErr::Exec(RuntimeErr::SqlxError(e)) | DbErr::Query(RuntimeErr::SqlxError(e))) = self else {
            return false;
        };
        match &**e {
            sqlx::Error::Database(e) => matches!(e.code().as_deref(), Some("40001" | "40P01")),
            _ => false,
        }
    }
}

/// A failure that may be the database giving up on a transaction for timing alone.
pub trait Transient {
    fn is_transient(&self) -> bool;
}

impl Transient for StoreError {
    fn is_transient(&self) -> bool {
        StoreError::is_transient(self)
    }
}

/// Attempts of one write transaction before a transient failure is passed on (as 503).
const WRITE_ATTEMPTS: u32 = 4;

/// Whether a write that failed with `e` on its `attempt`th run goes again; if so, after a short
/// randomised pause, so the racers that made it fail do not meet again.
async fn again<E: Transient + std::fmt::Display>(e: &E, attempt: u32) -> bool {
    if !e.is_transient() || attempt >= WRITE_ATTEMPTS {
        return false;
    }
    tracing::info!(attempt, error = %e, "write transaction retried");
    let pause = rand::random_range(1..=10u64 << attempt);
    tokio::time::sleep(std::time::Duration::from_millis(pause)).await;
    true
}

/// The transaction a [`Store::write`]'s work runs in: a [`Write`] (`&txn` is a `&Write`) that the
/// work holds, not owns, so only `write` ends it. Owned by the work's future rather than lent to
/// it, so the future may also borrow what the caller holds for as long as the caller does.
pub struct Txn(Arc<Write>);

impl std::ops::Deref for Txn {
    type Target = Write;

    fn deref(&self) -> &Write {
        &self.0
    }
}

/// The `i`th value (from 1) bound to a raw statement: `$i` on PostgreSQL, `?i` on SQLite. Both
/// are numbered, so one value can stand in several places.
pub(super) fn param(backend: sea_orm::DbBackend, i: usize) -> String {
    if backend == sea_orm::DbBackend::Postgres { format!("${i}") } else { format!("?{i}") }
}

/// Locks the user's row until the transaction ends, so one shopper's writes to their own rows
/// (orders, saved addresses, favourite) run one at a time, all taking their locks in the same
/// order: no deadlock, no lost write. PostgreSQL only; SQLite's `BEGIN IMMEDIATE` already
/// serialises writers. False when there is no such user.
pub(super) async fn lock_user(txn: &DatabaseTransaction, user_id: i64) -> StoreResult<bool> {
    Ok(lock_user_household(txn, user_id).await?.is_some())
}

/// [`lock_user`], with the account's household read in the same statement (Place Order counts
/// the household's orders): `None` when there is no such user.
async fn lock_user_household(txn: &DatabaseTransaction, user_id: i64) -> StoreResult<Option<Option<i64>>> {
    Ok(user::Entity::find_by_id(user_id)
        .select_only()
        .column(user::Column::HouseholdId)
        .lock_exclusive()
        .into_tuple::<Option<i64>>()
        .one(txn)
        .await?)
}

impl Store {
    pub fn new(db: DatabaseConnection) -> Self {
        let writers = match db.get_database_backend() {
            sea_orm::DbBackend::Sqlite => Writers::Queue(Arc::default()),
            _ => Writers::Any,
        };
        Self { db, writers }
    }

    /// Whether the database is PostgreSQL, which every host shares (else the embedded SQLite of one).
    pub fn is_shared(&self) -> bool {
        self.db.get_database_backend() == sea_orm::DbBackend::Postgres
    }

    /// The connection pool's use now: open connections, idle ones, and its bound.
    pub fn pool_use(&self) -> PoolUse {
        fn of<DB: sea_orm::sqlx::Database>(pool: &sea_orm::sqlx::Pool<DB>) -> PoolUse {
            PoolUse {
                open: pool.size(),
                idle: u32::try_from(pool.num_idle()).unwrap_or(u32::MAX),
                max: pool.options().get_max_connections(),
            }
        }
        match self.db.get_database_backend() {
            sea_orm::DbBackend::Postgres => of(self.db.get_postgres_connection_pool()),
            sea_orm::DbBackend::Sqlite => of(self.db.get_sqlite_connection_pool()),
            _ => PoolUse::default(),
        }
    }

    /// A write transaction (`db::begin_write`) for a service to sequence its reads and writes in.
    pub async fn begin_write(&self) -> StoreResult<Write> {
        let writers = match &self.writers {
            Writers::Queue(queue) => {
                let wait = std::time::Duration::from_millis(super::SQLITE_BUSY_TIMEOUT_MS);
                match tokio::time::timeout(wait, queue.clone().lock_owned()).await {
                    Ok(turn) => Writers::Turn(Arc::new(turn)),
                    // As SQLite's busy timeout would have answered.
                    Err(_) => return Err(StoreError::Db(DbErr::Custom("database is locked".into()))),
                }
            }
            _ => Writers::Any,
        };
        Ok(Store { db: super::begin_write(&self.db).await?, writers })
    }
}

impl Store {
    /// Runs `work` in a write transaction of its own: committed when `work` answers `Ok`, rolled
    /// back otherwise (a refused write leaves nothing behind), and run again from the start in a
    /// new transaction when the database aborted it for timing alone ([`StoreError::is_transient`]), a
    /// bounded number of times with a short randomised pause, so concurrent shoppers never see a 5xx
    /// from a race. The one
    /// way a service writes; `work` reads what it decides on inside the transaction, so a second
    /// run never acts on what the first saw.
    ///
    /// ```text
    /// state.store.write(|txn| async move { txn.cancel_order(id, now).await }).await
    /// ```
    pub async fn write<T, E, W, F>(&self, mut work: W) -> Result<T, E>
    where
        E: Transient + std::fmt::Display + From<StoreError>,
        W: FnMut(Txn) -> F,
        F: Future<Output = Result<T, E>>,
    {
        let mut attempt = 1;
        loop {
            let shared = Arc::new(self.begin_write().await?);
            let done = work(Txn(shared.clone())).await;
            // The work's future, and the handle in it, ended with the await above.
            let txn = Arc::into_inner(shared)
                .ok_or_else(|| StoreError::Db(DbErr::Custom("a write's work kept its transaction".into())))?;
            let out = match done {
                Ok(v) => txn.commit().await.map(|()| v).map_err(E::from),
                Err(e) => {
                    if let Err(rb) = txn.rollback().await {
                        tracing::warn!(error = %rb, "rollback after a refused or failed write");
                    }
                    Err(e)
                }
            };
            match out {
                Err(e) if again(&e, attempt).await => attempt += 1,
                other => return other,
            }
        }
    }
}

impl Write {
    pub async fn commit(self) -> StoreResult<()> {
        Ok(self.db.commit().await?)
    }

    pub async fn rollback(self) -> StoreResult<()> {
        Ok(self.db.rollback().await?)
    }

    /// Locks the user's row until the transaction ends (see [`lock_user`]); false when there is
    /// no such user.
    pub async fn lock_user(&self, user_id: i64) -> StoreResult<bool> {
        lock_user(&self.db, user_id).await
    }

    /// Locks the user's row ([`lock_user`]); their household, `None` when there is no such user.
    pub async fn lock_user_household(&self, user_id: i64) -> StoreResult<Option<Option<i64>>> {
        lock_user_household(&self.db, user_id).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{begin_write, testdb::TestDb};
    use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};
    use std::sync::{
        Arc,
        atomic::{AtomicU32, Ordering},
    };
    use tokio::sync::Barrier;

    async fn exec(c: &impl ConnectionTrait, sql: &str) -> Result<(), DbErr> {
        c.execute_raw(Statement::from_string(c.get_database_backend(), sql)).await.map(|_| ())
    }

    /// Locks row `first` then row `second` of a scratch table, the two writers meeting at the
    /// barrier in between so that opposite orders deadlock on every first attempt.
    async fn crossing(
        txn: &impl ConnectionTrait,
        first: i32,
        second: i32,
        barrier: &Barrier,
        attempts: &AtomicU32,
    ) -> StoreResult<()> {
        let attempt = attempts.fetch_add(1, Ordering::SeqCst);
        exec(txn, &format!("UPDATE crossing SET n = n + 1 WHERE id = {first}")).await?;
        if attempt < 2 {
            barrier.wait().await;
        }
        exec(txn, &format!("UPDATE crossing SET n = n + 1 WHERE id = {second}")).await?;
        Ok(())
    }

    /// [`crossing`] in a transaction of its own, run once.
    async fn crossing_once(
        db: &DatabaseConnection,
        first: i32,
        second: i32,
        barrier: &Barrier,
        attempts: &AtomicU32,
    ) -> StoreResult<()> {
        let txn = begin_write(db).await?;
        crossing(&txn, first, second, barrier, attempts).await?;
        txn.commit().await?;
        Ok(())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_postgresql_deadlock_is_retried_until_both_writes_land() {
        let t = TestDb::postgres().await;
        let db = t.db().clone();
        exec(&db, "CREATE TABLE crossing (id INT PRIMARY KEY, n INT NOT NULL)").await.unwrap();
        exec(&db, "INSERT INTO crossing VALUES (1, 0), (2, 0)").await.unwrap();

        // Without the retry, one of the two is PostgreSQL's chosen deadlock victim.
        let (barrier, attempts) = (Arc::new(Barrier::new(2)), Arc::new(AtomicU32::new(0)));
        let spawn = |first, second| {
            let (db, barrier, attempts) = (db.clone(), barrier.clone(), attempts.clone());
            tokio::spawn(async move { crossing_once(&db, first, second, &barrier, &attempts).await })
        };
        let (a, b) = (spawn(1, 2), spawn(2, 1));
        let results = [a.await.unwrap(), b.await.unwrap()];
        let victims: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
        assert_eq!(victims.len(), 1, "{results:?}");
        assert!(victims[0].is_transient(), "a deadlock is transient: {:?}", victims[0]);

        // In `Store::write`, both land.
        let (barrier, attempts) = (Arc::new(Barrier::new(2)), Arc::new(AtomicU32::new(0)));
        let store = Store::new(db.clone());
        let spawn = |first, second| {
            let (store, barrier, attempts) = (store.clone(), barrier.clone(), attempts.clone());
            tokio::spawn(async move {
                let (barrier, attempts) = (&barrier, &attempts);
                store.write(|txn| async move { crossing(&txn.db, first, second, barrier, attempts).await }).await
            })
        };
        let (a, b) = (spawn(1, 2), spawn(2, 1));
        a.await.unwrap().expect("first writer");
        b.await.unwrap().expect("second writer");
        assert_eq!(attempts.load(Ordering::SeqCst), 3, "one retry");
        let row = db
            .query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT SUM(n) AS s FROM crossing"))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.try_get::<i64>("", "s").unwrap(), 2 + 4, "each landed write adds 2");
        t.cleanup().await;
    }

    #[test]
    fn refusals_and_other_failures_are_not_retried() {
        assert!(!StoreError::Conflict("ux".into()).is_transient());
        assert!(!StoreError::Db(DbErr::Custom("gone".into())).is_transient());
    }
}
