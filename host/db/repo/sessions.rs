//! Signed-out sessions: a token names its session, and a sign-out writes that name here, where
//! every host sharing the database sees it.
use super::{Store, StoreResult};
use crate::db::entity::{revoked_session, user};
use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait, Set, sea_query::Expr};

impl Store {
    /// The user's current token version and whether the session was signed out, in the one
    /// statement every signed-in call makes; `None` if the user does not exist.
    pub async fn session_state(&self, user_id: i64, session_id: &str) -> StoreResult<Option<(i32, bool)>> {
        let signed_out = revoked_session::Entity::find()
            .select_only()
            .expr(Expr::val(1))
            .filter(revoked_session::Column::SessionId.eq(session_id))
            .into_query();
        Ok(user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::TokenVersion)
            .expr(Expr::exists(signed_out))
            .into_tuple::<(i32, bool)>()
            .one(&self.db)
            .await?)
    }

    /// Signs the session out until `expires_at` (its token's expiry; later the token is refused
    /// anyway). Signing out twice is one sign-out. Rows whose tokens have expired go at the same
    /// time, so the table holds only sessions that could still be used.
    pub async fn revoke_session(
        &self,
        user_id: i64,
        session_id: &str,
        expires_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        revoked_session::Entity::insert(revoked_session::ActiveModel {
            session_id: Set(session_id.to_owned()),
            user_id: Set(user_id),
            expires_at: Set(expires_at),
        })
        .on_conflict_do_nothing()
        .exec_without_returning(&self.db)
        .await?;
        revoked_session::Entity::delete_many()
            .filter(revoked_session::Column::ExpiresAt.lt(now))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
