//! A food bank's TEFAP rules (issue 49 items 3 and 5): how many months a TEFAP decision stands,
//! whether a walk-in visit needs the household's signature, and after how long without use a
//! shopper account is deleted.
use super::{Store, StoreResult, Write};
use crate::{
    db::entity::food_bank,
    domain::{Id, tefap::TEFAP_VALID_MONTHS},
};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, sea_query::Expr};

/// The rules as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TefapRules {
    pub valid_months: u32,
    pub visit_signature: bool,
    /// Months without a login or an order after which a shopper account of the food bank's is
    /// deleted by the retention job (issue 53 item 4); `None` never.
    pub inactive_account_months: Option<u32>,
    /// Its staff's grants act only in sessions that proved a second factor (issue 53 item 1).
    pub require_second_factor: bool,
}

impl Default for TefapRules {
    fn default() -> Self {
        TefapRules {
            valid_months: TEFAP_VALID_MONTHS,
            visit_signature: false,
            inactive_account_months: None,
            require_second_factor: false,
        }
    }
}

/// The food bank's rules; a food bank that does not exist has the defaults.
pub(super) async fn rules_of<C: ConnectionTrait>(conn: &C, food_bank_id: Id) -> StoreResult<TefapRules> {
    let row: Option<(i32, bool, Option<i32>, bool)> = food_bank::Entity::find_by_id(food_bank_id)
        .select_only()
        .columns([
            food_bank::Column::TefapValidMonths,
            food_bank::Column::VisitSignature,
            food_bank::Column::InactiveAccountMonths,
            food_bank::Column::RequireSecondFactor,
        ])
        .into_tuple()
        .one(conn)
        .await?;
    Ok(row.map_or_else(TefapRules::default, |(months, signature, inactive, second_factor)| TefapRules {
        valid_months: u32::try_from(months).unwrap_or(TEFAP_VALID_MONTHS),
        visit_signature: signature,
        inactive_account_months: inactive.and_then(|m| u32::try_from(m).ok()),
        require_second_factor: second_factor,
    }))
}

impl<C: ConnectionTrait> Store<C> {
    pub async fn tefap_rules(&self, food_bank_id: Id) -> StoreResult<TefapRules> {
        rules_of(&self.db, food_bank_id).await
    }
}

impl Write {
    /// Sets the rules (the column's CHECK bounds the period).
    pub async fn set_tefap_rules(&self, food_bank_id: Id, rules: TefapRules) -> StoreResult<()> {
        food_bank::Entity::update_many()
            .col_expr(food_bank::Column::TefapValidMonths, Expr::value(i32::try_from(rules.valid_months).unwrap_or(0)))
            .col_expr(food_bank::Column::VisitSignature, Expr::value(rules.visit_signature))
            .col_expr(
                food_bank::Column::InactiveAccountMonths,
                Expr::value(rules.inactive_account_months.map(|m| i32::try_from(m).unwrap_or(0))),
            )
            .col_expr(food_bank::Column::RequireSecondFactor, Expr::value(rules.require_second_factor))
            .filter(food_bank::Column::Id.eq(food_bank_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
