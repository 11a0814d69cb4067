//! Deleting an account (issue 53 item 3), in the caller's transaction: everything that is the
//! owner's alone goes (addresses, favourite, calendar feed, messages to them and their reads,
//! questionnaire answers, referral codes, sign-ins, reset links, mail not yet gone out); what the
//! food bank must keep stays without what identifies the person beyond what 7 CFR 251.10 asks:
//! the orders lose their delivery address and keys, the account row its name, contact and
//! settings (it stays for the orders to point at), the household its birth date, phone, e-mail,
//! street and language. TEFAP records already hold only the name, household size and basis;
//! the retention job erases them when their time ends.
use super::{StoreResult, Write};
use crate::db::entity::{
    calendar_feed, favorite_pantry, food_bank, food_situation_answer, household, notification, notification_read,
    order, outbox, password_reset_token, saved_address, session, staff_grant, survey_answer, tefap_eligibility,
    tefap_response, user, user_delivery_food_bank, user_referral_code,
};
use crate::domain::Id;
use chrono::{DateTime, Months, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, PaginatorTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, ExprTrait, Query},
};
use std::collections::BTreeMap;

/// The most accounts one run deletes at a food bank: a daily job catches up over days rather than
/// hold one long transaction.
const INACTIVE_PER_RUN: u64 = 500;

/// What deleting an account came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Erased {
    Done,
    /// No such account, or it was deleted already.
    NoAccount,
    /// A staff member's account: the food bank's admin ends the grants first.
    Staff,
}

/// The account's e-mail, phone, household and erasure.
type AccountRow = (String, Option<String>, Option<i64>, Option<DateTime<Utc>>);

/// The e-mail an erased account keeps: unique (the column is), in a domain that cannot exist.
pub fn erased_email(user_id: i64) -> String {
    format!("erased-{user_id}@erased.invalid")
}

impl Write {
    pub async fn erase_account(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<Erased> {
        let row: Option<AccountRow> = user::Entity::find_by_id(user_id)
            .select_only()
            .columns([
                user::Column::Email,
                user::Column::PhoneNumber,
                user::Column::HouseholdId,
                user::Column::ErasedAt,
            ])
            .lock_exclusive()
            .into_tuple()
            .one(&self.db)
            .await?;
        let Some((email, phone, household_id, None)) = row else { return Ok(Erased::NoAccount) };
        if staff_grant::Entity::find().filter(staff_grant::Column::UserId.eq(user_id)).count(&self.db).await? > 0 {
            return Ok(Erased::Staff);
        }
        let db = &self.db;
        order::Entity::update_many()
            .col_expr(order::Column::DeliveryAddress, Expr::value(Option::<serde_json::Value>::None))
            .col_expr(order::Column::SavedAddressId, Expr::value(Option::<i64>::None))
            .col_expr(order::Column::IdempotencyKey, Expr::value(Option::<String>::None))
            .col_expr(order::Column::RequestFingerprint, Expr::value(Option::<String>::None))
            .filter(order::Column::UserId.eq(user_id))
            .exec(db)
            .await?;
        saved_address::Entity::delete_many().filter(saved_address::Column::UserId.eq(user_id)).exec(db).await?;
        favorite_pantry::Entity::delete_many().filter(favorite_pantry::Column::UserId.eq(user_id)).exec(db).await?;
        calendar_feed::Entity::delete_many().filter(calendar_feed::Column::UserId.eq(user_id)).exec(db).await?;
        notification_read::Entity::delete_many().filter(notification_read::Column::UserId.eq(user_id)).exec(db).await?;
        notification::Entity::delete_many().filter(notification::Column::UserId.eq(user_id)).exec(db).await?;
        survey_answer::Entity::delete_many().filter(survey_answer::Column::UserId.eq(user_id)).exec(db).await?;
        food_situation_answer::Entity::delete_many()
            .filter(food_situation_answer::Column::UserId.eq(user_id))
            .exec(db)
            .await?;
        tefap_response::Entity::delete_many().filter(tefap_response::Column::UserId.eq(user_id)).exec(db).await?;
        tefap_eligibility::Entity::delete_many().filter(tefap_eligibility::Column::UserId.eq(user_id)).exec(db).await?;
        user_referral_code::Entity::delete_many()
            .filter(user_referral_code::Column::UserId.eq(user_id))
            .exec(db)
            .await?;
        user_delivery_food_bank::Entity::delete_many()
            .filter(user_delivery_food_bank::Column::UserId.eq(user_id))
            .exec(db)
            .await?;
        session::Entity::delete_many().filter(session::Column::UserId.eq(user_id)).exec(db).await?;
        password_reset_token::Entity::delete_many()
            .filter(password_reset_token::Column::UserId.eq(user_id))
            .exec(db)
            .await?;
        let mut to_them = Condition::any().add(outbox::Column::Recipient.eq(email));
        if let Some(phone) = phone.filter(|p| !p.is_empty()) {
            to_them = to_them.add(outbox::Column::Recipient.eq(phone));
        }
        outbox::Entity::delete_many().filter(to_them).exec(db).await?;
        if let Some(household_id) = household_id {
            household::Entity::update_many()
                .col_expr(household::Column::BirthDate, Expr::value(Option::<chrono::NaiveDate>::None))
                .col_expr(household::Column::Phone, Expr::value(Option::<String>::None))
                .col_expr(household::Column::PhoneDigits, Expr::value(Option::<String>::None))
                .col_expr(household::Column::Email, Expr::value(Option::<String>::None))
                .col_expr(household::Column::Street, Expr::value(Option::<String>::None))
                .col_expr(household::Column::Language, Expr::value(Option::<String>::None))
                .col_expr(household::Column::UpdatedAt, Expr::value(now))
                .filter(household::Column::Id.eq(household_id))
                .exec(db)
                .await?;
        }
        user::Entity::update_many()
            .col_expr(user::Column::FirstName, Expr::value(""))
            .col_expr(user::Column::LastName, Expr::value(""))
            .col_expr(user::Column::Email, Expr::value(erased_email(user_id)))
            .col_expr(user::Column::PasswordHash, Expr::value(""))
            .col_expr(user::Column::PhoneNumber, Expr::value(Option::<String>::None))
            .col_expr(user::Column::PostalCode, Expr::value(Option::<String>::None))
            .col_expr(user::Column::IsEmailNotificationEnabled, Expr::value(false))
            .col_expr(user::Column::IsTextMessageNotificationEnabled, Expr::value(false))
            .col_expr(user::Column::IsPhoneCallNotificationEnabled, Expr::value(false))
            .col_expr(user::Column::DefaultFoodBankId, Expr::value(Option::<i64>::None))
            .col_expr(user::Column::Language, Expr::value(Option::<String>::None))
            .col_expr(user::Column::LastLoginAt, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(user::Column::HouseholdId, Expr::value(Option::<i64>::None))
            .col_expr(user::Column::TokenVersion, Expr::col(user::Column::TokenVersion).add(1))
            .col_expr(user::Column::UpdatedAt, Expr::value(now))
            .col_expr(user::Column::ErasedAt, Expr::value(now))
            .filter(user::Column::Id.eq(user_id))
            .exec(db)
            .await?;
        Ok(Erased::Done)
    }

    /// Deletes, at each food bank that set a period, the shopper accounts whose home food bank it
    /// is and that have had neither a login nor an order for that long (staff accounts never);
    /// how many at each.
    pub async fn erase_inactive_accounts(&self, now: DateTime<Utc>) -> StoreResult<BTreeMap<Id, i64>> {
        let banks: Vec<(Id, Option<i32>)> = food_bank::Entity::find()
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::InactiveAccountMonths])
            .filter(food_bank::Column::InactiveAccountMonths.is_not_null())
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut erased = BTreeMap::new();
        for (bank, months) in banks {
            let Some(cut) =
                months.and_then(|m| u32::try_from(m).ok()).and_then(|m| now.checked_sub_months(Months::new(m)))
            else {
                continue;
            };
            let staff = Query::select().column(staff_grant::Column::UserId).from(staff_grant::Entity).to_owned();
            let ordered = Query::select()
                .column(order::Column::UserId)
                .from(order::Entity)
                .and_where(order::Column::CreatedAt.gte(cut))
                .to_owned();
            let unused = Condition::any()
                .add(user::Column::LastLoginAt.lt(cut))
                .add(Condition::all().add(user::Column::LastLoginAt.is_null()).add(user::Column::CreatedAt.lt(cut)));
            let ids: Vec<i64> = user::Entity::find()
                .select_only()
                .column(user::Column::Id)
                .filter(user::Column::DefaultFoodBankId.eq(bank))
                .filter(user::Column::ErasedAt.is_null())
                // A household's phone-only account is the food bank's record, not a sign-up.
                .filter(user::Column::PhoneOnly.eq(false))
                .filter(unused)
                .filter(user::Column::Id.not_in_subquery(staff))
                .filter(user::Column::Id.not_in_subquery(ordered))
                .limit(INACTIVE_PER_RUN)
                .into_tuple()
                .all(&self.db)
                .await?;
            let mut n = 0;
            for id in ids {
                if self.erase_account(id, now).await? == Erased::Done {
                    n += 1;
                }
            }
            if n > 0 {
                erased.insert(bank, n);
            }
        }
        Ok(erased)
    }
}
