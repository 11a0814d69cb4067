//! Password reset links. Only hashes of the link's token and code are stored;
//! a link works once, until it expires.
use super::{Store, StoreResult, accounts::ResetToken};
use crate::db::entity::{password_reset_token, user};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set,
    sea_query::{Expr, ExprTrait},
};

impl super::Write {
    /// A reset link's hashes; inside the write that mails the link, so neither exists without the other.
    pub async fn create_reset_token(
        &self,
        user_id: i64,
        token_hash: String,
        code_hash: String,
        expires_at: DateTime<Utc>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        password_reset_token::ActiveModel {
            user_id: Set(user_id),
            token_hash: Set(token_hash),
            code_hash: Set(code_hash),
            expires_at: Set(expires_at),
            used_at: Set(None),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }

    /// Uses the link: sets the new password, ends every session (token version
    /// bump) and closes all of the user's open links. False, and nothing written,
    /// if the link was used or expired meanwhile: the claim is a conditional update,
    /// so two submissions of one link cannot both succeed.
    pub async fn complete_reset(
        &self,
        token: &ResetToken,
        password_hash: &str,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let claimed = password_reset_token::Entity::update_many()
            .col_expr(password_reset_token::Column::UsedAt, Expr::value(at))
            .filter(password_reset_token::Column::Id.eq(token.id))
            .filter(password_reset_token::Column::UsedAt.is_null())
            .filter(password_reset_token::Column::ExpiresAt.gt(at))
            .exec(&self.db)
            .await?;
        if claimed.rows_affected != 1 {
            return Ok(false);
        }
        password_reset_token::Entity::update_many()
            .col_expr(password_reset_token::Column::UsedAt, Expr::value(at))
            .filter(password_reset_token::Column::UserId.eq(token.user_id))
            .filter(password_reset_token::Column::UsedAt.is_null())
            .exec(&self.db)
            .await?;
        user::Entity::update_many()
            .col_expr(user::Column::PasswordHash, Expr::value(password_hash))
            .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
            .col_expr(user::Column::UpdatedAt, Expr::value(at))
            .filter(user::Column::Id.eq(token.user_id))
            .exec(&self.db)
            .await?;
        Ok(true)
    }
}

impl Store {
    pub async fn reset_token(&self, token_hash: &str) -> StoreResult<Option<ResetToken>> {
        let row = password_reset_token::Entity::find()
            .filter(password_reset_token::Column::TokenHash.eq(token_hash))
            .one(&self.db)
            .await?;
        Ok(row.map(|r| ResetToken {
            id: r.id,
            user_id: r.user_id,
            code_hash: r.code_hash,
            expires_at: r.expires_at,
            used_at: r.used_at,
        }))
    }
}
