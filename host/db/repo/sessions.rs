//! Signed-out sessions: a token names its session, and a sign-out writes that name here, where
//! every host sharing the database sees it.
use super::{Store, StoreResult};
use crate::db::{entity::revoked_session, now};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, Set};

impl Store {
    /// Whether the session was signed out.
    pub async fn is_session_revoked(&self, session_id: &str) -> StoreResult<bool> {
        let found = revoked_session::Entity::find_by_id(session_id.to_owned())
            .select_only()
            .column(revoked_session::Column::UserId)
            .into_tuple::<i64>()
            .one(&self.db)
            .await?;
        Ok(found.is_some())
    }

    /// Signs the session out until `expires_at` (its token's expiry; later the token is refused
    /// anyway). Signing out twice is one sign-out. Rows whose tokens have expired go at the same
    /// time, so the table holds only sessions that could still be used.
    pub async fn revoke_session(&self, user_id: i64, session_id: &str, expires_at: DateTime<Utc>) -> StoreResult<()> {
        revoked_session::Entity::insert(revoked_session::ActiveModel {
            session_id: Set(session_id.to_owned()),
            user_id: Set(user_id),
            expires_at: Set(expires_at),
        })
        .on_conflict_do_nothing()
        .exec_without_returning(&self.db)
        .await?;
        revoked_session::Entity::delete_many()
            .filter(revoked_session::Column::ExpiresAt.lt(now()))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
