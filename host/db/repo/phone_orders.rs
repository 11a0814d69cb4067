//! The account a phone order is placed under (issue 49 item 4): the household's app account when
//! it has one, else its phone-only account (migration 40), so a phone order runs through the one
//! order pipeline: rules, limits, queue, report and TEFAP records.
use super::{StoreResult, Write};
use crate::db::{
    entity::{household, postal_code, province, user},
    repo::{households::HouseholdRow, orders::SnapshotRow},
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    QuerySelect,
    prelude::*,
    sea_query::Expr,
};

/// Whose account a phone order goes under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderAccount {
    /// The household's own app account: the order shows in its history and its profile's
    /// choices decide the notices.
    App(i64),
    /// The household's phone-only account.
    PhoneOnly(i64),
}

impl OrderAccount {
    pub fn id(self) -> i64 {
        match self {
            Self::App(id) | Self::PhoneOnly(id) => id,
        }
    }
}

/// The phone-only account's address: one per household, and `.invalid` (RFC 2606) never
/// receives mail, so no reset link can reach it.
fn phone_only_email(household_id: i64) -> String {
    format!("household-{household_id}@phone-orders.invalid")
}

impl Write {
    /// The account the household's phone order goes under, in the order's transaction: its oldest
    /// app account still kept, else its phone-only account, made now or given the household's
    /// name, phone and language as they are today (staff views and reminders read them there).
    /// The household's row is locked first, so two first orders make one account.
    pub async fn order_account(&self, h: &HouseholdRow, now: DateTime<Utc>) -> StoreResult<OrderAccount> {
        let c = &self.db;
        household::Entity::update_many()
            .col_expr(household::Column::UpdatedAt, Expr::col(household::Column::UpdatedAt))
            .filter(household::Column::Id.eq(h.id))
            .exec(c)
            .await?;
        let found = account_of(c, h.id).await?;
        if let Some(app @ OrderAccount::App(_)) = found {
            return Ok(app);
        }
        if let Some(OrderAccount::PhoneOnly(id)) = found {
            user::Entity::update_many()
                .col_expr(user::Column::FirstName, Expr::value(h.first_name.clone()))
                .col_expr(user::Column::LastName, Expr::value(h.last_name.clone()))
                .col_expr(user::Column::PhoneNumber, Expr::value(h.phone.clone()))
                .col_expr(user::Column::PostalCode, Expr::value(Some(h.postal_code.clone())))
                .col_expr(user::Column::Language, Expr::value(h.language.clone()))
                .col_expr(user::Column::IsTextMessageNotificationEnabled, Expr::value(h.phone.is_some()))
                .col_expr(user::Column::UpdatedAt, Expr::value(now))
                .filter(user::Column::Id.eq(id))
                .exec(c)
                .await?;
            return Ok(OrderAccount::PhoneOnly(id));
        }
        let id = user::Entity::insert(user::ActiveModel {
            id: NotSet,
            first_name: Set(h.first_name.clone()),
            last_name: Set(h.last_name.clone()),
            email: Set(phone_only_email(h.id)),
            // No hash verifies against an empty one, and the sign-in reads skip the row anyway.
            password_hash: Set(String::new()),
            phone_number: Set(h.phone.clone()),
            postal_code: Set(Some(h.postal_code.clone())),
            is_email_notification_enabled: Set(false),
            is_text_message_notification_enabled: Set(h.phone.is_some()),
            is_phone_call_notification_enabled: Set(false),
            default_food_bank_id: Set(Some(h.food_bank_id)),
            is_tefap_survey_answered: Set(false),
            token_version: Set(0),
            created_at: Set(now),
            updated_at: Set(now),
            last_login_at: Set(None),
            language: Set(h.language.clone()),
            household_id: Set(Some(h.id)),
            erased_at: Set(None),
            phone_only: Set(true),
        })
        .exec(c)
        .await?
        .last_insert_id;
        Ok(OrderAccount::PhoneOnly(id))
    }
}

/// The account the household's orders go under now, if it has one: its oldest app account still
/// kept, else its phone-only account.
async fn account_of<C: sea_orm::ConnectionTrait>(c: &C, household_id: i64) -> StoreResult<Option<OrderAccount>> {
    let accounts: Vec<(i64, bool)> = user::Entity::find()
        .filter(user::Column::HouseholdId.eq(household_id))
        .filter(user::Column::ErasedAt.is_null())
        .select_only()
        .columns([user::Column::Id, user::Column::PhoneOnly])
        .into_tuple()
        .all(c)
        .await?;
    Ok(accounts
        .into_iter()
        .min_by_key(|&(id, phone_only)| (phone_only, id))
        .map(|(id, phone_only)| if phone_only { OrderAccount::PhoneOnly(id) } else { OrderAccount::App(id) }))
}

impl<C: sea_orm::ConnectionTrait> super::Store<C> {
    /// The account the household's orders go under now, if it has one ([`account_of`]).
    pub async fn household_account(&self, household_id: i64) -> StoreResult<Option<OrderAccount>> {
        account_of(&self.db, household_id).await
    }

    /// Where a delivery to the household goes, as an order keeps it: its street, with the city and
    /// state of its ZIP; None without a street, or for a ZIP the app does not know.
    pub async fn household_address(&self, h: &HouseholdRow) -> StoreResult<Option<SnapshotRow>> {
        let Some(street) = h.street.clone().filter(|s| !s.trim().is_empty()) else { return Ok(None) };
        let Some(zip) =
            postal_code::Entity::find().filter(postal_code::Column::Code.eq(&h.postal_code)).one(&self.db).await?
        else {
            return Ok(None);
        };
        let province = province::Entity::find_by_id(zip.province_id).one(&self.db).await?.map(|p| p.abbreviation);
        Ok(Some(SnapshotRow {
            name: format!("{} {}", h.first_name, h.last_name),
            address_line1: street,
            address_line2: None,
            city: zip.city,
            province: province.unwrap_or_default(),
            postal_code: h.postal_code.clone(),
            country_code: Some("US".to_owned()),
        }))
    }
}
