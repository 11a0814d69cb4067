//! Merging two kept households into one (issue 49 item 2): staff answer "same household" to a
//! record the household's page shows as a possible duplicate. The record kept takes the other's
//! visits, orders, accounts and TEFAP decisions, and the facts it lacks; the other is marked
//! merged into it and loses its name keys, so the search never finds it, and its address leads to
//! the one kept.
use super::{StoreResult, Write};
use crate::db::{
    entity::{household, household_name_key, order, report_order, tefap_decision, user, visit},
    repo::households::HouseholdRow,
};
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, QuerySelect, prelude::*, sea_query::Expr};

impl Write {
    /// Merges `other` into `kept`, in the caller's transaction; false (and nothing written) when
    /// `other` was merged meanwhile. Its row is taken first, by a conditional update, so two
    /// merges of it cannot both move its rows.
    pub async fn merge_households(
        &self,
        kept: &HouseholdRow,
        other: &HouseholdRow,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let c = &self.db;
        let taken = household::Entity::update_many()
            .col_expr(household::Column::MergedInto, Expr::value(Some(kept.id)))
            .col_expr(household::Column::UpdatedAt, Expr::value(now))
            .filter(household::Column::Id.eq(other.id))
            .filter(household::Column::MergedInto.is_null())
            .exec(c)
            .await?;
        if taken.rows_affected != 1 {
            return Ok(false);
        }
        household_name_key::Entity::delete_many()
            .filter(household_name_key::Column::HouseholdId.eq(other.id))
            .exec(c)
            .await?;
        visit::Entity::update_many()
            .col_expr(visit::Column::HouseholdId, Expr::value(kept.id))
            .filter(visit::Column::HouseholdId.eq(other.id))
            .exec(c)
            .await?;
        tefap_decision::Entity::update_many()
            .col_expr(tefap_decision::Column::HouseholdId, Expr::value(kept.id))
            .filter(tefap_decision::Column::HouseholdId.eq(other.id))
            .exec(c)
            .await?;
        report_order::Entity::update_many()
            .col_expr(report_order::Column::HouseholdId, Expr::value(Some(kept.id)))
            .filter(report_order::Column::HouseholdId.eq(other.id))
            .exec(c)
            .await?;
        self.merge_phone_only(kept.id, other.id).await?;
        user::Entity::update_many()
            .col_expr(user::Column::HouseholdId, Expr::value(Some(kept.id)))
            .filter(user::Column::HouseholdId.eq(other.id))
            .filter(user::Column::PhoneOnly.eq(false))
            .exec(c)
            .await?;
        household::Entity::update(completed(kept, other, now)).exec(c).await?;
        Ok(true)
    }

    /// A household has one phone-only account: when both have one, the kept one takes the
    /// other's orders (which then count in its limits), and the emptied one stays with the
    /// merged record; else the other's moves over.
    async fn merge_phone_only(&self, kept: i64, other: i64) -> StoreResult<()> {
        let c = &self.db;
        let phone_only = |h: i64| {
            user::Entity::find()
                .filter(user::Column::HouseholdId.eq(h))
                .filter(user::Column::PhoneOnly.eq(true))
                .select_only()
                .column(user::Column::Id)
                .into_tuple::<i64>()
                .one(c)
        };
        let (Some(from), to) = (phone_only(other).await?, phone_only(kept).await?) else { return Ok(()) };
        let Some(to) = to else {
            user::Entity::update_many()
                .col_expr(user::Column::HouseholdId, Expr::value(Some(kept)))
                .filter(user::Column::Id.eq(from))
                .exec(c)
                .await?;
            return Ok(());
        };
        order::Entity::update_many()
            .col_expr(order::Column::UserId, Expr::value(to))
            .filter(order::Column::UserId.eq(from))
            .exec(c)
            .await?;
        report_order::Entity::update_many()
            .col_expr(report_order::Column::UserId, Expr::value(to))
            .filter(report_order::Column::UserId.eq(from))
            .exec(c)
            .await?;
        Ok(())
    }
}

/// The kept record with what it lacks taken from the other, and the later TEFAP decision of the two.
fn completed(kept: &HouseholdRow, other: &HouseholdRow, now: DateTime<Utc>) -> household::ActiveModel {
    let mut row: household::ActiveModel = kept.clone().into();
    row.birth_date = Set(kept.birth_date.or(other.birth_date));
    if kept.phone.is_none() {
        row.phone = Set(other.phone.clone());
        row.phone_digits = Set(other.phone_digits.clone());
    }
    row.email = Set(kept.email.clone().or_else(|| other.email.clone()));
    row.street = Set(kept.street.clone().or_else(|| other.street.clone()));
    row.county_id = Set(kept.county_id.or(other.county_id));
    row.language = Set(kept.language.clone().or_else(|| other.language.clone()));
    if kept.children.is_none() && other.children.is_some() && other.size == kept.size {
        row.children = Set(other.children);
        row.adults = Set(other.adults);
        row.seniors = Set(other.seniors);
    }
    if other.tefap_basis.is_some() && other.tefap_decided_on > kept.tefap_decided_on {
        row.tefap_basis = Set(other.tefap_basis.clone());
        row.tefap_decided_on = Set(other.tefap_decided_on);
        row.tefap_decided_by = Set(other.tefap_decided_by);
    }
    row.updated_at = Set(now);
    row
}
