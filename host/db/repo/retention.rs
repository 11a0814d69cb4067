//! What the retention job erases (issue 53 item 4): TEFAP records past their retention (the
//! orders' records, walk-in visits' TEFAP basis and signature, TEFAP decisions, a household's
//! lapsed decision), spent or expired reset and invitation links, and mail and texts a month after
//! they went out (or were given up).
use super::{StoreResult, Write};
use crate::{
    db::entity::{household, outbox, password_reset_token, tefap_decision, tefap_record, visit},
    domain::Id,
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, Statement, sea_query::Expr,
};
use std::collections::BTreeMap;

/// What was erased at one food bank.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ErasedAt {
    pub tefap_records: i64,
    pub visits: i64,
    pub decisions: i64,
}

impl Write {
    /// Erases every TEFAP record of a day served up to `through`, per food bank.
    pub async fn erase_tefap_through(&self, through: NaiveDate) -> StoreResult<BTreeMap<Id, ErasedAt>> {
        let mut erased: BTreeMap<Id, ErasedAt> = BTreeMap::new();
        let records: Vec<(Id, i64)> = tefap_record::Entity::find()
            .select_only()
            .column(tefap_record::Column::FoodBankId)
            .column_as(tefap_record::Column::Id.count(), "n")
            .filter(tefap_record::Column::ServedOn.lte(through))
            .group_by(tefap_record::Column::FoodBankId)
            .into_tuple()
            .all(&self.db)
            .await?;
        for (bank, n) in records {
            erased.entry(bank).or_default().tefap_records = n;
        }
        tefap_record::Entity::delete_many().filter(tefap_record::Column::ServedOn.lte(through)).exec(&self.db).await?;

        let marked = || {
            Condition::all().add(visit::Column::Day.lte(through)).add(
                Condition::any()
                    .add(visit::Column::TefapBasis.is_not_null())
                    .add(visit::Column::Signature.is_not_null()),
            )
        };
        let visits: Vec<(Id, i64)> = visit::Entity::find()
            .select_only()
            .column(visit::Column::FoodBankId)
            .column_as(visit::Column::Id.count(), "n")
            .filter(marked())
            .group_by(visit::Column::FoodBankId)
            .into_tuple()
            .all(&self.db)
            .await?;
        for (bank, n) in visits {
            erased.entry(bank).or_default().visits = n;
        }
        // The visit stays (the month's report counts it); what it says of TEFAP goes.
        visit::Entity::update_many()
            .col_expr(visit::Column::TefapBasis, Expr::value(None::<String>))
            .col_expr(visit::Column::SignatureKind, Expr::value(None::<String>))
            .col_expr(visit::Column::Signature, Expr::value(None::<String>))
            .filter(marked())
            .exec(&self.db)
            .await?;

        // A day formatted here, never typed by anyone: both databases compare it as a date.
        let day = through.format("%Y-%m-%d");
        let rows = self
            .db
            .query_all_raw(Statement::from_string(
                self.db.get_database_backend(),
                format!(
                    "SELECT h.food_bank_id AS bank, COUNT(*) AS n FROM tefap_decisions d \
                     JOIN households h ON h.id = d.household_id WHERE d.decided_on <= '{day}' GROUP BY h.food_bank_id"
                ),
            ))
            .await?;
        for row in rows {
            let bank: i64 = row.try_get("", "bank")?;
            erased.entry(bank).or_default().decisions = row.try_get("", "n")?;
        }
        tefap_decision::Entity::delete_many()
            .filter(tefap_decision::Column::DecidedOn.lte(through))
            .exec(&self.db)
            .await?;
        household::Entity::update_many()
            .col_expr(household::Column::TefapBasis, Expr::value(None::<String>))
            .col_expr(household::Column::TefapDecidedOn, Expr::value(None::<NaiveDate>))
            .col_expr(household::Column::TefapDecidedBy, Expr::value(None::<i64>))
            .filter(household::Column::TefapDecidedOn.lte(through))
            .exec(&self.db)
            .await?;
        Ok(erased)
    }

    /// Erases reset and invitation links used or expired by `now`; how many.
    pub async fn erase_spent_links(&self, now: DateTime<Utc>) -> StoreResult<u64> {
        let spent = Condition::any()
            .add(password_reset_token::Column::UsedAt.is_not_null())
            .add(password_reset_token::Column::ExpiresAt.lt(now));
        Ok(password_reset_token::Entity::delete_many().filter(spent).exec(&self.db).await?.rows_affected)
    }

    /// Erases mail and texts that went out before `before`, or were made before it and given up
    /// after `max_attempts` tries; how many. (Sent counts from the send, not the making: a message
    /// sent late is kept its full month.)
    pub async fn erase_old_messages(&self, before: DateTime<Utc>, max_attempts: i32) -> StoreResult<u64> {
        let given_up = Condition::all()
            .add(outbox::Column::SentAt.is_null())
            .add(outbox::Column::Attempts.gte(max_attempts))
            .add(outbox::Column::CreatedAt.lt(before));
        let old = Condition::any().add(outbox::Column::SentAt.lt(before)).add(given_up);
        Ok(outbox::Entity::delete_many().filter(old).exec(&self.db).await?.rows_affected)
    }
}
