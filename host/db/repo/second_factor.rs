//! A staff member's second factor (issue 53 item 1): the code app's secret, the last step used,
//! the recovery codes' hashes, and which sessions proved it. Every use is a conditional update,
//! so a code or a recovery code works once however many hosts race to take it.
use super::{Store, StoreResult, Write};
use crate::{
    db::entity::{food_bank, pantry_location, recovery_code, second_factor, session, staff_grant},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, Set,
    sea_query::{Expr, Query},
};

/// A person's code app as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Factor {
    pub secret: String,
    pub confirmed: bool,
}

impl Store {
    pub async fn factor_of(&self, user_id: Id) -> StoreResult<Option<Factor>> {
        Ok(second_factor::Entity::find_by_id(user_id)
            .one(&self.db)
            .await?
            .map(|f| Factor { secret: f.secret, confirmed: f.confirmed_at.is_some() }))
    }

    /// Whether a food bank where the account holds a grant (its own, or one of its pantries')
    /// requires a second factor.
    pub async fn second_factor_required(&self, user_id: Id) -> StoreResult<bool> {
        let pantries = Query::select()
            .column(pantry_location::Column::FoodBankId)
            .from(pantry_location::Entity)
            .and_where(
                pantry_location::Column::Id.in_subquery(
                    Query::select()
                        .column(staff_grant::Column::PantryLocationId)
                        .from(staff_grant::Entity)
                        .and_where(staff_grant::Column::UserId.eq(user_id))
                        .to_owned(),
                ),
            )
            .to_owned();
        let banks = Query::select()
            .column(staff_grant::Column::FoodBankId)
            .from(staff_grant::Entity)
            .and_where(staff_grant::Column::UserId.eq(user_id))
            .and_where(staff_grant::Column::FoodBankId.is_not_null())
            .to_owned();
        let n = food_bank::Entity::find()
            .filter(food_bank::Column::RequireSecondFactor.eq(true))
            .filter(
                Condition::any()
                    .add(food_bank::Column::Id.in_subquery(banks))
                    .add(food_bank::Column::Id.in_subquery(pantries)),
            )
            .count(&self.db)
            .await?;
        Ok(n > 0)
    }

    /// Whether the session proved a second factor.
    pub async fn session_proved(&self, session_id: &str) -> StoreResult<bool> {
        let n = session::Entity::find()
            .filter(session::Column::SessionId.eq(session_id))
            .filter(session::Column::SecondFactorAt.is_not_null())
            .count(&self.db)
            .await?;
        Ok(n > 0)
    }
}

impl Write {
    /// Starts an enrolment with `secret`, replacing one never confirmed; a confirmed factor stays
    /// (false).
    pub async fn start_factor(&self, user_id: Id, secret: &str, now: DateTime<Utc>) -> StoreResult<bool> {
        if let Some(f) = second_factor::Entity::find_by_id(user_id).one(&self.db).await? {
            if f.confirmed_at.is_some() {
                return Ok(false);
            }
            second_factor::Entity::delete_by_id(user_id).exec(&self.db).await?;
        }
        second_factor::Entity::insert(second_factor::ActiveModel {
            user_id: Set(user_id),
            secret: Set(secret.to_owned()),
            created_at: Set(now),
            confirmed_at: Set(None),
            last_step: Set(0),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(true)
    }

    /// Confirms the enrolment with the code of `step`, and keeps the recovery codes' hashes
    /// (replacing any); false when there is no enrolment to confirm.
    pub async fn confirm_factor(
        &self,
        user_id: Id,
        step: i64,
        hashes: &[String],
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let done = second_factor::Entity::update_many()
            .col_expr(second_factor::Column::ConfirmedAt, Expr::value(now))
            .col_expr(second_factor::Column::LastStep, Expr::value(step))
            .filter(second_factor::Column::UserId.eq(user_id))
            .filter(second_factor::Column::ConfirmedAt.is_null())
            .exec(&self.db)
            .await?;
        if done.rows_affected == 0 {
            return Ok(false);
        }
        self.replace_recovery_codes(user_id, hashes).await?;
        Ok(true)
    }

    /// Takes the code of `step` if no code of it or a later step was used (a code works once).
    pub async fn use_step(&self, user_id: Id, step: i64) -> StoreResult<bool> {
        let done = second_factor::Entity::update_many()
            .col_expr(second_factor::Column::LastStep, Expr::value(step))
            .filter(second_factor::Column::UserId.eq(user_id))
            .filter(second_factor::Column::ConfirmedAt.is_not_null())
            .filter(second_factor::Column::LastStep.lt(step))
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// Takes an unused recovery code of the account's.
    pub async fn use_recovery_code(&self, user_id: Id, hash: &str, now: DateTime<Utc>) -> StoreResult<bool> {
        let done = recovery_code::Entity::update_many()
            .col_expr(recovery_code::Column::UsedAt, Expr::value(now))
            .filter(recovery_code::Column::UserId.eq(user_id))
            .filter(recovery_code::Column::CodeHash.eq(hash))
            .filter(recovery_code::Column::UsedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// Marks the session as having proved the second factor; false when the session is not listed.
    pub async fn prove_session(&self, user_id: Id, session_id: &str, now: DateTime<Utc>) -> StoreResult<bool> {
        let done = session::Entity::update_many()
            .col_expr(session::Column::SecondFactorAt, Expr::value(now))
            .filter(session::Column::SessionId.eq(session_id))
            .filter(session::Column::UserId.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }
}
