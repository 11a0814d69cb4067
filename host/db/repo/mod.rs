//! The repository: the only code that queries the database. It returns domain
//! and API-shaped types, never SeaORM models, so handlers stay storage-agnostic.
//! Each file adds an `impl Store` block for one area.
pub mod accounts;
mod addresses;
mod content;
mod favorites;
pub mod geography;
mod inventory;
mod locations;
mod orders;
mod passwords;
mod reference;
mod referrals;
mod scopes;
pub mod shopping;
pub mod sitemap;
mod survey;
mod tefap;

pub use scopes::ScopeMark;

use super::entity::user;
use sea_orm::{DatabaseConnection, DbErr, EntityTrait, QuerySelect, SqlErr};

#[derive(Clone)]
pub struct Store {
    pub(in crate::db) db: DatabaseConnection,
}

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

/// Locks the user's row until the transaction ends, so one shopper's writes to their own rows
/// (orders, saved addresses, favourite) run one at a time, all taking their locks in the same
/// order: no deadlock, no lost write. PostgreSQL only; SQLite's `BEGIN IMMEDIATE` already
/// serialises writers. False when there is no such user.
pub(super) async fn lock_user(txn: &sea_orm::DatabaseTransaction, user_id: i64) -> StoreResult<bool> {
    let found = user::Entity::find_by_id(user_id)
        .select_only()
        .column(user::Column::Id)
        .lock_exclusive()
        .into_tuple::<i64>()
        .one(txn)
        .await?;
    Ok(found.is_some())
}

impl Store {
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// The user's current token version, or `None` if the user does not exist.
    pub async fn token_version(&self, user_id: i64) -> StoreResult<Option<i32>> {
        Ok(user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::TokenVersion)
            .into_tuple::<i32>()
            .one(&self.db)
            .await?)
    }
}
