//! Sessions: a token names its session; a sign-out writes that name to `revoked_sessions`, where
//! every host sees it. A sign-in also lists its device in `sessions` (issue 53 item 2), for its
//! owner to see and end; a session's validity never depends on that list.
use super::{Store, StoreResult, Write};
use crate::db::entity::{revoked_session, session, user};
use chrono::{DateTime, Duration, Utc};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
    sea_query::{Expr, ExprTrait, Query},
};

/// A session as one signed-in request finds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SessionState {
    /// The account's current token version.
    pub version: i32,
    pub signed_out: bool,
    /// When its listed device was last marked as used; `None` when it is not listed.
    pub last_seen: Option<DateTime<Utc>>,
}

/// A sign-in's device, to be listed.
pub struct NewSession<'a> {
    pub session_id: &'a str,
    pub user_id: i64,
    pub token_version: i32,
    pub browser: &'a str,
    pub system: &'a str,
    pub expires_at: DateTime<Utc>,
}

/// A listed session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedSession {
    pub id: i64,
    pub session_id: String,
    pub browser: String,
    pub system: String,
    pub created_at: DateTime<Utc>,
    pub last_seen_at: DateTime<Utc>,
}

/// How long a session's "last used" may lag: at most one write per session per this, however busy.
pub const SEEN_EVERY: Duration = Duration::minutes(5);

impl Store {
    /// The session's state in the one statement every signed-in call makes; `None` if the user
    /// does not exist.
    pub async fn session_state(&self, user_id: i64, session_id: &str) -> StoreResult<Option<SessionState>> {
        let signed_out = revoked_session::Entity::find()
            .select_only()
            .expr(Expr::val(1))
            .filter(revoked_session::Column::SessionId.eq(session_id))
            .into_query();
        let seen = Query::select()
            .column(session::Column::LastSeenAt)
            .from(session::Entity)
            .and_where(session::Column::SessionId.eq(session_id))
            .to_owned();
        let row = user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::TokenVersion)
            .expr(Expr::exists(signed_out))
            .expr(Expr::SubQuery(None, Box::new(seen.into())))
            .into_tuple::<(i32, bool, Option<DateTime<Utc>>)>()
            .one(&self.db)
            .await?;
        Ok(row.map(|(version, signed_out, last_seen)| SessionState { version, signed_out, last_seen }))
    }

    /// Marks the listed session as used at `now`, unless another request (on any host) already
    /// did within [`SEEN_EVERY`].
    pub async fn touch_session(&self, session_id: &str, now: DateTime<Utc>) -> StoreResult<()> {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::SessionId.eq(session_id))
            .filter(session::Column::LastSeenAt.lt(now - SEEN_EVERY))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Lists a new session's device, and drops every listed session whose token has expired.
    pub async fn list_session(&self, new: NewSession<'_>, now: DateTime<Utc>) -> StoreResult<()> {
        session::Entity::insert(session::ActiveModel {
            session_id: Set(new.session_id.to_owned()),
            user_id: Set(new.user_id),
            token_version: Set(new.token_version),
            browser: Set(new.browser.to_owned()),
            system: Set(new.system.to_owned()),
            created_at: Set(now),
            last_seen_at: Set(now),
            expires_at: Set(new.expires_at),
            ..Default::default()
        })
        .exec_without_returning(&self.db)
        .await?;
        session::Entity::delete_many().filter(session::Column::ExpiresAt.lt(now)).exec(&self.db).await?;
        Ok(())
    }

    /// The account's sessions that still let their holder in (unexpired, issued under the
    /// account's current token version, not signed out), the most recently used first.
    pub async fn sessions_of(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<Vec<ListedSession>> {
        let version = Query::select()
            .column(user::Column::TokenVersion)
            .from(user::Entity)
            .and_where(user::Column::Id.eq(user_id))
            .to_owned();
        let rows = session::Entity::find()
            .filter(session::Column::UserId.eq(user_id))
            .filter(session::Column::ExpiresAt.gt(now))
            .filter(session::Column::TokenVersion.in_subquery(version))
            .order_by_desc(session::Column::LastSeenAt)
            .order_by_desc(session::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|s| ListedSession {
                id: s.id,
                session_id: s.session_id,
                browser: s.browser,
                system: s.system,
                created_at: s.created_at,
                last_seen_at: s.last_seen_at,
            })
            .collect())
    }
}

impl<C: ConnectionTrait> Store<C> {
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
        session::Entity::delete_many().filter(session::Column::SessionId.eq(session_id)).exec(&self.db).await?;
        Ok(())
    }
}

impl Write {
    /// Signs out the account's listed session `id` (as [`Store::revoke_session`]); false when the
    /// account has no such session.
    pub async fn end_session(&self, user_id: i64, id: i64, now: DateTime<Utc>) -> StoreResult<bool> {
        let row = session::Entity::find_by_id(id).filter(session::Column::UserId.eq(user_id)).one(&self.db).await?;
        let Some(row) = row else { return Ok(false) };
        self.revoke_session(user_id, &row.session_id, row.expires_at, now).await?;
        Ok(true)
    }

    /// Ends every session of the account, listed or not, on every host: a new token version
    /// refuses every token issued before it (as a password change does).
    pub async fn end_all_sessions(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<()> {
        user::Entity::update_many()
            .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
            .col_expr(user::Column::UpdatedAt, Expr::value(now))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        session::Entity::delete_many().filter(session::Column::UserId.eq(user_id)).exec(&self.db).await?;
        Ok(())
    }
}
