//! Throwaway databases for tests, on SQLite and on PostgreSQL.
//!
//! - [`TestDb::sqlite`]: a fresh database file in a new temporary directory (removed on drop).
//! - [`TestDb::postgres`]: a fresh, uniquely named database created on the server named by
//!   `ORDERAHEAD_TEST_PG` (default [`DEFAULT_TEST_PG_URL`], trust auth), dropped again by
//!   [`TestDb::cleanup`] or, failing that, on drop.
//!
//! Both come back migrated; the `*_unmigrated` variants leave the schema empty.
//!
//! PostgreSQL tests never skip silently: if the server cannot be reached the helper panics,
//! with a loud message saying how to start it (and, when `CI` is set, that CI needs it).

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbErr};

/// Server used by [`TestDb::postgres`] when `ORDERAHEAD_TEST_PG` is not set.
pub const DEFAULT_TEST_PG_URL: &str = "postgres://postgres@127.0.0.1:5432/test";

/// Connections per test database on PostgreSQL (the server allows 100 by default).
const TEST_PG_POOL: u32 = 6;

static COUNTER: AtomicU32 = AtomicU32::new(0);

enum Kind {
    Sqlite { dir: PathBuf },
    Postgres { admin_url: String, name: String },
}

/// A throwaway database. Use [`TestDb::db`] for the connection.
pub struct TestDb {
    db: DatabaseConnection,
    url: String,
    kind: Kind,
    cleaned: bool,
}

fn unique_suffix() -> String {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
    format!("{}_{}_{:08x}", std::process::id(), n, nanos)
}

/// Replaces the database name (the URL path) of a PostgreSQL URL.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, Some(q)),
        None => (url, None),
    };
    let after_scheme = base.find("://").map(|i| i + 3).unwrap_or(0);
    let host_end = base[after_scheme..].find('/').map(|i| i + after_scheme).unwrap_or(base.len());
    let mut out = format!("{}/{}", &base[..host_end], name);
    if let Some(q) = query {
        out.push('?');
        out.push_str(q);
    }
    out
}

fn pg_unreachable(url: &str, err: &DbErr) -> ! {
    let ci = std::env::var_os("CI").is_some();
    let banner = "!".repeat(78);
    let mut msg = format!(
        "\n{banner}\n!! PostgreSQL is not reachable at {url}\n!! error: {err}\n!!\n\
         !! The database tests run on BOTH SQLite and PostgreSQL; they do not skip.\n\
         !! Start the local server:\n\
         !!     pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n\
         !! or point ORDERAHEAD_TEST_PG at a server (trust auth), e.g.\n\
         !!     ORDERAHEAD_TEST_PG={DEFAULT_TEST_PG_URL}\n"
    );
    if ci {
        msg.push_str("!! CI is set: CI must provide PostgreSQL for these tests.\n");
    }
    msg.push_str(&banner);
    eprintln!("{msg}");
    panic!("PostgreSQL unreachable at {url}: {err}");
}

impl TestDb {
    /// A migrated SQLite database in a new temporary file.
    pub async fn sqlite() -> TestDb {
        let t = Self::sqlite_unmigrated().await;
        super::migrate(&t.db).await.expect("migrate test SQLite database");
        t
    }

    /// A migrated PostgreSQL database, freshly created for this test.
    pub async fn postgres() -> TestDb {
        let t = Self::postgres_unmigrated().await;
        super::migrate(&t.db).await.expect("migrate test PostgreSQL database");
        t
    }

    /// An empty SQLite database in a new temporary file.
    pub async fn sqlite_unmigrated() -> TestDb {
        let dir = std::env::temp_dir().join(format!("orderahead-test-{}", unique_suffix()));
        std::fs::create_dir_all(&dir).expect("create temp dir for test database");
        let url = super::sqlite_url(&dir);
        let db = super::connect(&url).await.expect("open test SQLite database");
        TestDb { db, url, kind: Kind::Sqlite { dir }, cleaned: false }
    }

    /// An empty PostgreSQL database, freshly created for this test.
    pub async fn postgres_unmigrated() -> TestDb {
        let server = std::env::var("ORDERAHEAD_TEST_PG").unwrap_or_else(|_| DEFAULT_TEST_PG_URL.to_owned());
        let admin = match admin_connect(&server).await {
            Ok(pair) => pair,
            Err(e) => pg_unreachable(&server, &e),
        };
        let (admin_db, admin_url) = admin;
        let name = format!("oa_test_{}", unique_suffix());
        admin_db
            .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
            .await
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name} on {server}: {e}"));
        let _ = admin_db.close().await;
        let url = with_database(&admin_url, &name);
        let db = match super::connect_with(&url, Some(TEST_PG_POOL)).await {
            Ok(db) => db,
            Err(e) => pg_unreachable(&url, &e),
        };
        TestDb { db, url, kind: Kind::Postgres { admin_url, name }, cleaned: false }
    }

    /// The connection pool.
    pub fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    /// The URL this database was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// `"sqlite"` or `"postgres"`, for messages.
    pub fn label(&self) -> &'static str {
        match self.kind {
            Kind::Sqlite { .. } => "sqlite",
            Kind::Postgres { .. } => "postgres",
        }
    }

    /// Closes the pool and removes the database. Prefer this to relying on drop.
    pub async fn cleanup(mut self) {
        self.cleaned = true;
        let db = self.db.clone();
        let _ = db.close().await;
        match &self.kind {
            Kind::Sqlite { dir } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Kind::Postgres { admin_url, name } => {
                if let Err(e) = drop_pg_database(admin_url, name).await {
                    eprintln!("warning: could not drop test database {name}: {e}");
                }
            }
        }
    }
}

/// Connects to the maintenance database: the URL's own database, or `postgres` if that
/// one does not exist.
async fn admin_connect(server: &str) -> Result<(DatabaseConnection, String), DbErr> {
    let mut opts = sea_orm::ConnectOptions::new(server.to_owned());
    opts.max_connections(1).sqlx_logging(false).connect_timeout(std::time::Duration::from_secs(5));
    match Database::connect(opts).await {
        Ok(db) => Ok((db, server.to_owned())),
        Err(first) => {
            if !first.to_string().contains("does not exist") {
                return Err(first);
            }
            let fallback = with_database(server, "postgres");
            let mut opts = sea_orm::ConnectOptions::new(fallback.clone());
            opts.max_connections(1).sqlx_logging(false).connect_timeout(std::time::Duration::from_secs(5));
            Database::connect(opts).await.map(|db| (db, fallback))
        }
    }
}

async fn drop_pg_database(admin_url: &str, name: &str) -> Result<(), DbErr> {
    let (admin, _) = admin_connect(admin_url).await?;
    let res = admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).await;
    let _ = admin.close().await;
    res.map(|_| ())
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if self.cleaned {
            return;
        }
        match &self.kind {
            Kind::Sqlite { dir } => {
                let _ = std::fs::remove_dir_all(dir);
            }
            Kind::Postgres { admin_url, name } => {
                // Drop cannot await: use a private runtime on a plain thread, so this also
                // works from inside a Tokio runtime. WITH (FORCE) ends the pool's sessions.
                let (admin_url, name) = (admin_url.clone(), name.clone());
                let joined = std::thread::spawn(move || {
                    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
                    rt.block_on(drop_pg_database(&admin_url, &name)).err()
                })
                .join();
                if let Ok(Some(e)) = joined {
                    eprintln!("warning: could not drop test database: {e}");
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{TestDb, admin_connect, with_database};
    use sea_orm::ConnectionTrait;

    async fn pg_database_exists(name: &str) -> bool {
        let server = std::env::var("ORDERAHEAD_TEST_PG").unwrap_or_else(|_| super::DEFAULT_TEST_PG_URL.to_owned());
        let (admin, _) = admin_connect(&server).await.expect("admin connection");
        let sql = format!("SELECT 1 AS one FROM pg_database WHERE datname = '{name}'");
        let found =
            admin.query_one_raw(sea_orm::Statement::from_string(admin.get_database_backend(), sql)).await.unwrap();
        let _ = admin.close().await;
        found.is_some()
    }

    fn database_name(url: &str) -> String {
        url.rsplit('/').next().unwrap().split('?').next().unwrap().to_owned()
    }

    #[tokio::test]
    async fn postgres_database_is_dropped_on_cleanup_and_on_drop() {
        let t = TestDb::postgres().await;
        let name = database_name(t.url());
        assert!(name.starts_with("oa_test_") && pg_database_exists(&name).await);
        t.cleanup().await;
        assert!(!pg_database_exists(&name).await, "cleanup drops {name}");

        let t = TestDb::postgres().await;
        let name = database_name(t.url());
        drop(t);
        assert!(!pg_database_exists(&name).await, "drop drops {name}");
    }

    #[tokio::test]
    async fn sqlite_file_is_removed() {
        let t = TestDb::sqlite().await;
        let dir = std::path::PathBuf::from(t.url().trim_start_matches("sqlite://").trim_end_matches("?mode=rwc"))
            .parent()
            .unwrap()
            .to_owned();
        assert!(dir.join(super::super::SQLITE_FILE_NAME).exists());
        drop(t);
        assert!(!dir.exists());
    }

    #[test]
    fn replaces_database_name() {
        assert_eq!(
            with_database("postgres://postgres@127.0.0.1:5432/test", "x"),
            "postgres://postgres@127.0.0.1:5432/x"
        );
        assert_eq!(with_database("postgres://u:p@h/db?sslmode=disable", "y"), "postgres://u:p@h/y?sslmode=disable");
        assert_eq!(with_database("postgres://h:5432", "z"), "postgres://h:5432/z");
    }
}
