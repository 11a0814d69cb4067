//! Passkeys (issue 53 item 1): each person's registered credentials, and the open challenge of a
//! session. A challenge is taken by deleting its row, so an answer is checked against it once,
//! whichever host it reaches.
use super::{Store, StoreResult, Write};
use crate::{
    db::entity::{passkey, passkey_ceremony, recovery_code},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::NotSet, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder, Set, sea_query::Expr,
};

/// A registered passkey as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PasskeyRow {
    pub id: Id,
    /// webauthn-rs's credential, as JSON.
    pub credential: String,
    pub name: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
}

impl Store {
    /// The person's passkeys, oldest first.
    pub async fn passkeys_of(&self, user_id: Id) -> StoreResult<Vec<PasskeyRow>> {
        Ok(passkey::Entity::find()
            .filter(passkey::Column::UserId.eq(user_id))
            .order_by_asc(passkey::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| PasskeyRow {
                id: p.id,
                credential: p.credential,
                name: p.name,
                created_at: p.created_at,
                last_used_at: p.last_used_at,
            })
            .collect())
    }

    /// Whether the person has recovery codes (made with their first second factor).
    pub async fn has_recovery_codes(&self, user_id: Id) -> StoreResult<bool> {
        Ok(recovery_code::Entity::find().filter(recovery_code::Column::UserId.eq(user_id)).count(&self.db).await? > 0)
    }
}

impl Write {
    /// Opens the session's challenge of `kind` (`register` or `prove`), replacing an earlier one.
    pub async fn open_ceremony(
        &self,
        session_id: &str,
        kind: &str,
        state: String,
        expires_at: DateTime<Utc>,
    ) -> StoreResult<()> {
        passkey_ceremony::Entity::delete_many()
            .filter(passkey_ceremony::Column::SessionId.eq(session_id))
            .filter(passkey_ceremony::Column::Kind.eq(kind))
            .exec(&self.db)
            .await?;
        passkey_ceremony::Entity::insert(passkey_ceremony::ActiveModel {
            session_id: Set(session_id.to_owned()),
            kind: Set(kind.to_owned()),
            state: Set(state),
            expires_at: Set(expires_at),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// Takes the session's open challenge of `kind` (it answers once), if it has not expired.
    pub async fn take_ceremony(&self, session_id: &str, kind: &str, now: DateTime<Utc>) -> StoreResult<Option<String>> {
        let found = passkey_ceremony::Entity::find()
            .filter(passkey_ceremony::Column::SessionId.eq(session_id))
            .filter(passkey_ceremony::Column::Kind.eq(kind))
            .one(&self.db)
            .await?;
        let Some(found) = found else { return Ok(None) };
        let taken = passkey_ceremony::Entity::delete_many()
            .filter(passkey_ceremony::Column::SessionId.eq(session_id))
            .filter(passkey_ceremony::Column::Kind.eq(kind))
            .exec(&self.db)
            .await?;
        Ok((taken.rows_affected == 1 && found.expires_at > now).then_some(found.state))
    }

    /// Keeps a newly registered passkey.
    pub async fn add_passkey(
        &self,
        user_id: Id,
        credential_id: &str,
        credential: String,
        name: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        passkey::Entity::insert(passkey::ActiveModel {
            id: NotSet,
            user_id: Set(user_id),
            credential_id: Set(credential_id.to_owned()),
            credential: Set(credential),
            name: Set(name.chars().take(100).collect()),
            created_at: Set(now),
            last_used_at: Set(None),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// Records a use of the passkey, with its credential as the use left it (its counter).
    pub async fn used_passkey(&self, id: Id, credential: String, now: DateTime<Utc>) -> StoreResult<()> {
        passkey::Entity::update_many()
            .col_expr(passkey::Column::Credential, Expr::value(credential))
            .col_expr(passkey::Column::LastUsedAt, Expr::value(Some(now)))
            .filter(passkey::Column::Id.eq(id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// Keeps these recovery codes' hashes, replacing any.
    pub async fn replace_recovery_codes(&self, user_id: Id, hashes: &[String]) -> StoreResult<()> {
        recovery_code::Entity::delete_many().filter(recovery_code::Column::UserId.eq(user_id)).exec(&self.db).await?;
        recovery_code::Entity::insert_many(hashes.iter().map(|h| recovery_code::ActiveModel {
            user_id: Set(user_id),
            code_hash: Set(h.clone()),
            used_at: Set(None),
            ..Default::default()
        }))
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }
}
