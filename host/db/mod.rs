//! The database layer: connection, migrations, seed data and SeaORM entities.
//!
//! One code base runs on the embedded SQLite file (the default) and on PostgreSQL
//! (`DATABASE_URL=postgres://…`). The backend is chosen at run time from the URL.
//!
//! Rules every query in this crate follows (see also the repository layer):
//! - Timestamps are stored in UTC (`timestamptz` on PostgreSQL, RFC 3339 text on SQLite)
//!   and are always written from Rust, never by a SQL default: on SQLite,
//!   `CURRENT_TIMESTAMP` would produce a different text format and break ordering.
//! - Stock and limits are taken with a conditional
//!   `UPDATE … SET quantity = quantity - n WHERE id = ? AND quantity >= n` and a check of
//!   `rows_affected`, never read-then-write; `CHECK (quantity >= 0)` backs it up.
//! - Write transactions start with [`begin_write`] (`BEGIN IMMEDIATE` on SQLite, so a
//!   transaction never fails later when upgrading its read lock to a write lock).
//! - Handlers never see SeaORM: entities are private to `db`; the repository layer
//!   (a child module of `db`) maps them to domain types.

use std::path::Path;
use std::time::Duration;

use chrono::{DateTime, SubsecRound, Utc};
use sea_orm::sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr, SqliteTransactionMode,
    TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;

#[allow(dead_code)] // the repository layer uses these; not every column is read yet
mod entity;
pub(crate) mod migration;
pub mod repo;
mod scope;
pub mod seed;
#[cfg(any(test, feature = "test-support"))]
pub mod testdb;

pub use scope::Scope;

#[cfg(test)]
mod tests;

/// File name of the embedded database inside the data directory.
pub const SQLITE_FILE_NAME: &str = "orderahead.db";

/// How long a SQLite connection waits for another writer before giving up (ms).
pub const SQLITE_BUSY_TIMEOUT_MS: u64 = 5_000;

/// Pool size for SQLite: readers run in parallel under WAL, writers queue on the lock.
const SQLITE_MAX_CONNECTIONS: u32 = 8;
/// Pool size for PostgreSQL.
const POSTGRES_MAX_CONNECTIONS: u32 = 16;

/// The URL of the embedded database file under `data_dir`:
/// `sqlite://<data_dir>/orderahead.db?mode=rwc` (created if missing).
pub fn sqlite_url(data_dir: &Path) -> String {
    let path = data_dir.join(SQLITE_FILE_NAME);
    // sqlx percent-decodes the path part of the URL; escape what would be misread.
    let mut escaped = String::new();
    for c in path.to_string_lossy().chars() {
        match c {
            '%' => escaped.push_str("%25"),
            '?' => escaped.push_str("%3F"),
            '#' => escaped.push_str("%23"),
            _ => escaped.push(c),
        }
    }
    format!("sqlite://{escaped}?mode=rwc")
}

/// Whether `url` names a SQLite database.
pub fn is_sqlite_url(url: &str) -> bool {
    url.starts_with("sqlite:")
}

/// Opens a connection pool for `url`.
///
/// SQLite (`sqlite://<path>?mode=rwc`): every pooled connection gets
/// `journal_mode=WAL`, `synchronous=NORMAL`, `foreign_keys=ON` and
/// `busy_timeout=5000` (applied by sqlx when it opens each connection, so a
/// connection the pool replaces later gets them too). An in-memory URL gets a
/// single connection, since each connection would otherwise see its own database.
///
/// PostgreSQL: a normal pool.
pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    connect_with(url, None).await
}

/// [`connect`] with an explicit pool size (tests keep PostgreSQL pools small so that
/// parallel tests stay under the server's `max_connections`).
async fn connect_with(url: &str, max_connections: Option<u32>) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url.to_owned());
    opts.sqlx_logging(false).connect_timeout(Duration::from_secs(10)).acquire_timeout(Duration::from_secs(30));
    if is_sqlite_url(url) {
        // Create the data directory on first start (sqlx creates the file, not its folder).
        if let Ok(parsed) = url.parse::<SqliteConnectOptions>()
            && let Some(parent) = parsed.get_filename().parent()
            && !parent.as_os_str().is_empty()
        {
            std::fs::create_dir_all(parent)
                .map_err(|e| DbErr::Custom(format!("cannot create {}: {e}", parent.display())))?;
        }
        let in_memory = url.contains(":memory:") || url.contains("mode=memory");
        opts.max_connections(if in_memory { 1 } else { max_connections.unwrap_or(SQLITE_MAX_CONNECTIONS) })
            .min_connections(1)
            .map_sqlx_sqlite_opts(|o| {
                o.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_millis(SQLITE_BUSY_TIMEOUT_MS))
            });
    } else {
        opts.max_connections(max_connections.unwrap_or(POSTGRES_MAX_CONNECTIONS));
    }
    Database::connect(opts).await
}

/// Applies all pending migrations. On PostgreSQL one host at a time: hosts started together on an
/// empty database would otherwise both see the first migration pending and both create its
/// tables, and one of them would die on PostgreSQL's catalog (`pg_type_typname_nsp_index`).
/// The others wait, then find nothing left to apply. SQLite has one host by design.
pub async fn migrate(db: &DatabaseConnection) -> Result<(), DbErr> {
    if backend(db) != DbBackend::Postgres {
        return migration::Migrator::up(db, None).await;
    }
    let lock = MigrationLock::take(db).await?;
    let applied = migration::Migrator::up(db, None).await;
    lock.release().await;
    applied
}

/// `pg_advisory_lock` key of the migrations ("orderahd" in ASCII): any constant no other
/// program on the database uses.
const MIGRATION_LOCK_KEY: i64 = 0x6f72_6465_7261_6864;

/// The migrations' advisory lock, held by a session of its own. Advisory locks belong to a
/// session, and a pooled one could go back to the pool still holding it; this connection is
/// taken out of the pool, so a host that dies mid-migration closes it and frees the lock.
struct MigrationLock(sea_orm::sqlx::PgConnection);

impl MigrationLock {
    async fn take(db: &DatabaseConnection) -> Result<Self, DbErr> {
        let pooled = db.get_postgres_connection_pool().acquire().await.map_err(sqlx_err)?;
        let mut conn = pooled.detach();
        sea_orm::sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(MIGRATION_LOCK_KEY)
            .execute(&mut conn)
            .await
            .map_err(sqlx_err)?;
        Ok(Self(conn))
    }

    async fn release(self) {
        use sea_orm::sqlx::Connection;
        // Closing the session frees its locks whether or not the unlock got through.
        let mut conn = self.0;
        let _ = sea_orm::sqlx::query("SELECT pg_advisory_unlock($1)").bind(MIGRATION_LOCK_KEY).execute(&mut conn).await;
        let _ = conn.close().await;
    }
}

fn sqlx_err(e: sea_orm::sqlx::Error) -> DbErr {
    DbErr::Conn(sea_orm::RuntimeErr::SqlxError(std::sync::Arc::new(e)))
}

/// Rolls back every migration (drops all tables). For tests and tooling.
pub async fn migrate_down_all(db: &DatabaseConnection) -> Result<(), DbErr> {
    migration::Migrator::down(db, None).await
}

/// Begins a write transaction: `BEGIN IMMEDIATE` on SQLite (takes the write lock
/// up front, waiting up to the busy timeout), a plain `BEGIN` on PostgreSQL.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions {
        sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
        ..Default::default()
    })
    .await
}

/// The current time at the precision both backends store (microseconds; PostgreSQL's
/// `timestamptz` resolution), so a value written and read back compares equal everywhere.
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

/// Which backend a connection talks to.
pub fn backend(db: &DatabaseConnection) -> DbBackend {
    db.get_database_backend()
}
