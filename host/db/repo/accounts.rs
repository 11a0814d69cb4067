//! Shopper accounts: sign-up, login records, the profile, and the access a user
//! holds (authorised pantries, delivery food banks, claimed referral codes).
//! Also the shapes other account files return (reset links, mail recipients).
use super::{
    Store, StoreResult,
    addresses::{SavedAddressRow, saved_addresses},
    param,
};
use crate::{
    db::entity::{
        food_bank, household, province, referral_code, referral_code_food_bank, referral_code_pantry_location,
        staff_grant, tefap_eligibility, tefap_response, user,
    },
    domain::{
        access::{AccessGrants, ReferralCode, ReferralFoodBank},
        tefap::recertification_due_at,
    },
    geo,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder,
    QuerySelect, Set, Statement, TransactionTrait,
    sea_query::{Expr, ExprTrait, Func},
};

/// Sign-up data, already validated and normalised.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub first_name: String,
    pub last_name: String,
    /// Lower-case; the unique index is on `lower(email)`.
    pub email: String,
    pub password_hash: String,
    pub phone_number: String,
    pub postal_code: Option<String>,
    pub is_email_notification_enabled: bool,
    pub is_text_message_notification_enabled: bool,
    pub is_phone_call_notification_enabled: bool,
}

/// Profile fields the user edits, validated.
#[derive(Debug, Clone)]
pub struct ProfileChanges {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub postal_code: Option<String>,
    pub is_email_notification_enabled: Option<bool>,
    pub is_text_message_notification_enabled: Option<bool>,
    pub is_phone_call_notification_enabled: Option<bool>,
    pub default_food_bank_id: Option<i64>,
}

/// What login needs to know about an account.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub user_id: i64,
    pub password_hash: String,
    pub token_version: i32,
}

/// An account's name and address, for mail.
#[derive(Debug, Clone)]
pub struct Recipient {
    pub user_id: i64,
    pub first_name: String,
    pub email: String,
    /// The shopper's chosen language code, if any.
    pub language: Option<String>,
}

/// How a shopper may be told of their order's news.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShopperContact {
    pub first_name: String,
    pub email: String,
    pub language: Option<String>,
    /// The profile's "e-mail notifications" choice.
    pub email_allowed: bool,
    /// The profile's "text message notifications" choice.
    pub texts_allowed: bool,
    pub phone_number: Option<String>,
}

/// A stored reset link, found by its token hash.
#[derive(Debug, Clone)]
pub struct ResetToken {
    pub id: i64,
    pub user_id: i64,
    pub code_hash: String,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

impl ResetToken {
    pub fn is_open(&self, at: DateTime<Utc>) -> bool {
        self.used_at.is_none() && self.expires_at > at
    }
}

/// A shopper's account as stored, with what it holds: access grants, TEFAP
/// eligibilities and saved addresses.
#[derive(Debug, Clone)]
pub struct ProfileRow {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub postal_code: Option<String>,
    pub is_email_notification_enabled: bool,
    pub is_text_message_notification_enabled: bool,
    pub is_phone_call_notification_enabled: bool,
    pub default_food_bank: Option<DefaultFoodBankRow>,
    pub grants: AccessGrants,
    pub is_tefap_survey_answered: bool,
    /// When the account's last TEFAP decision lapsed, if it has (`domain::tefap`).
    pub tefap_recertification_due_at: Option<DateTime<Utc>>,
    pub tefap_eligibilities: Vec<EligibilityRow>,
    pub addresses: Vec<SavedAddressRow>,
    pub language: Option<String>,
    /// The account holds a staff grant of any role.
    pub is_staff: bool,
}

/// The food bank an account defaults to.
#[derive(Debug, Clone)]
pub struct DefaultFoodBankRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub is_enabled: bool,
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
}

/// A stored TEFAP eligibility; each place is absent when the eligibility does not name it.
#[derive(Debug, Clone)]
pub struct EligibilityRow {
    pub id: i64,
    pub unique_id: Option<String>,
    /// The state's abbreviation.
    pub province: Option<String>,
    pub food_bank_id: Option<i64>,
    pub county_id: Option<i64>,
    pub postal_code: Option<String>,
}

fn email_is(email: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::expr(Func::lower(Expr::col(user::Column::Email))).eq(email.to_lowercase())
}

/// The enabled food bank nearest to serving the ZIP's centroid (see `domain::places`).
async fn food_bank_near_zip<C: ConnectionTrait>(conn: &C, zip: &str) -> StoreResult<Option<i64>> {
    let Some(center) = geo::zip_table().lookup(zip).map(|z| z.point()) else {
        return Ok(None);
    };
    let served = super::locations::serving_near(conn, center).await?;
    let ids: Vec<i64> = served.iter().map(|s| s.food_bank_id).collect();
    let enabled: Vec<i64> = food_bank::Entity::find()
        .filter(food_bank::Column::Id.is_in(ids))
        .filter(food_bank::Column::IsEnabled.eq(true))
        .select_only()
        .column(food_bank::Column::Id)
        .into_tuple()
        .all(conn)
        .await?;
    Ok(served.into_iter().map(|s| s.food_bank_id).find(|id| enabled.contains(id)))
}

async fn tefap_eligibilities<C: ConnectionTrait>(conn: &C, user_id: i64) -> StoreResult<Vec<EligibilityRow>> {
    let rows = tefap_eligibility::Entity::find()
        .filter(tefap_eligibility::Column::UserId.eq(user_id))
        .find_also_related(province::Entity)
        .order_by_asc(tefap_eligibility::Column::Id)
        .all(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(e, p)| EligibilityRow {
            id: e.id,
            unique_id: e.unique_id,
            province: p.map(|p| p.abbreviation),
            food_bank_id: e.food_bank_id,
            county_id: e.county_id,
            postal_code: e.postal_code,
        })
        .collect())
}

/// The latest TEFAP decision about `u`: a questionnaire answer linked to the account (eligible or
/// not), an eligibility it stored, or a staff member's decision on its household (a day, read as
/// its start in UTC); and the food bank whose period it stands for (the household's, else the
/// account's).
async fn last_tefap_decision<C: ConnectionTrait>(
    conn: &C,
    u: &user::Model,
) -> StoreResult<(Option<DateTime<Utc>>, Option<i64>)> {
    let answered: Option<Option<DateTime<Utc>>> = tefap_response::Entity::find()
        .filter(tefap_response::Column::UserId.eq(u.id))
        .select_only()
        .column_as(tefap_response::Column::AssignedAt.max(), "at")
        .into_tuple()
        .one(conn)
        .await?;
    let eligible: Option<Option<DateTime<Utc>>> = tefap_eligibility::Entity::find()
        .filter(tefap_eligibility::Column::UserId.eq(u.id))
        .select_only()
        .column_as(tefap_eligibility::Column::CreatedAt.max(), "at")
        .into_tuple()
        .one(conn)
        .await?;
    let kept = match u.household_id {
        Some(id) => {
            household::Entity::find_by_id(id)
                .select_only()
                .columns([household::Column::TefapDecidedOn, household::Column::FoodBankId])
                .into_tuple::<(Option<chrono::NaiveDate>, i64)>()
                .one(conn)
                .await?
        }
        None => None,
    };
    let decided = kept.and_then(|(day, _)| day).and_then(|day| day.and_hms_opt(0, 0, 0)).map(|t| t.and_utc());
    let food_bank = kept.map(|(_, bank)| bank).or(u.default_food_bank_id);
    Ok(([answered.flatten(), eligible.flatten(), decided].into_iter().flatten().max(), food_bank))
}

async fn profile_of<C: ConnectionTrait>(conn: &C, user_id: i64, now: DateTime<Utc>) -> StoreResult<Option<ProfileRow>> {
    let Some((u, bank)) = user::Entity::find_by_id(user_id).find_also_related(food_bank::Entity).one(conn).await?
    else {
        return Ok(None);
    };
    let (decided, food_bank) = last_tefap_decision(conn, &u).await?;
    let months = match food_bank {
        Some(id) => super::tefap_rules::rules_of(conn, id).await?.valid_months,
        None => crate::domain::tefap::TEFAP_VALID_MONTHS,
    };
    let lapsed = recertification_due_at(decided, now, months);
    Ok(Some(ProfileRow {
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        phone_number: u.phone_number,
        postal_code: u.postal_code,
        is_email_notification_enabled: u.is_email_notification_enabled,
        is_text_message_notification_enabled: u.is_text_message_notification_enabled,
        is_phone_call_notification_enabled: u.is_phone_call_notification_enabled,
        default_food_bank: bank.map(|b| DefaultFoodBankRow {
            id: b.id,
            code: b.code,
            name: b.name,
            is_enabled: b.is_enabled,
            is_tefap_enabled: b.is_tefap_enabled,
            is_delivery_enabled: b.is_delivery_enabled,
        }),
        grants: grants_of(conn, user_id, now).await?,
        is_tefap_survey_answered: u.is_tefap_survey_answered,
        tefap_recertification_due_at: lapsed,
        tefap_eligibilities: tefap_eligibilities(conn, user_id).await?,
        addresses: saved_addresses(conn, user_id).await?,
        language: u.language,
        is_staff: staff_grant::Entity::find()
            .filter(staff_grant::Column::UserId.eq(user_id))
            .one(conn)
            .await?
            .is_some(),
    }))
}

/// What opens restricted pantries and delivery to `user_id`. Only codes the user holds as
/// applied, that are active and not expired, count.
async fn grants_of<C: ConnectionTrait>(conn: &C, user_id: i64, now: DateTime<Utc>) -> StoreResult<AccessGrants> {
    // One read for the three kinds of grant, a Place Order inside the write lock costs one.
    #[derive(FromQueryResult)]
    struct Grant {
        kind: i32,
        id: i64,
    }
    let backend = conn.get_database_backend();
    let user = param(backend, 1);
    let sql = format!(
        "SELECT 0 AS kind, pantry_location_id AS id FROM user_authorized_locations WHERE user_id = {user} \
         UNION ALL SELECT 1, food_bank_id FROM user_delivery_food_banks WHERE user_id = {user} \
         UNION ALL SELECT 2, referral_code_id FROM user_referral_codes WHERE user_id = {user} AND is_applied \
         ORDER BY kind, id"
    );
    let grants =
        Grant::find_by_statement(Statement::from_sql_and_values(backend, sql, [user_id.into()])).all(conn).await?;
    let of_kind = |kind: i32| grants.iter().filter(|g| g.kind == kind).map(|g| g.id).collect::<Vec<i64>>();
    let (authorized_location_ids, food_bank_ids_with_delivery_enabled, held) = (of_kind(0), of_kind(1), of_kind(2));
    let mut referral_codes = Vec::new();
    if !held.is_empty() {
        let codes = referral_code::Entity::find()
            .filter(referral_code::Column::Id.is_in(held))
            .filter(referral_code::Column::IsActive.eq(true))
            .filter(
                Condition::any()
                    .add(referral_code::Column::ExpiresAt.is_null())
                    .add(referral_code::Column::ExpiresAt.gt(now)),
            )
            .order_by_asc(referral_code::Column::Id)
            .all(conn)
            .await?;
        let ids: Vec<i64> = codes.iter().map(|c| c.id).collect();
        let pantries = referral_code_pantry_location::Entity::find()
            .filter(referral_code_pantry_location::Column::ReferralCodeId.is_in(ids.clone()))
            .order_by_asc(referral_code_pantry_location::Column::PantryLocationId)
            .all(conn)
            .await?;
        let banks = referral_code_food_bank::Entity::find()
            .filter(referral_code_food_bank::Column::ReferralCodeId.is_in(ids))
            .order_by_asc(referral_code_food_bank::Column::FoodBankId)
            .all(conn)
            .await?;
        referral_codes = codes
            .into_iter()
            .map(|c| ReferralCode {
                id: c.id,
                pantry_location_ids: pantries
                    .iter()
                    .filter(|p| p.referral_code_id == c.id)
                    .map(|p| p.pantry_location_id)
                    .collect(),
                food_banks: banks
                    .iter()
                    .filter(|b| b.referral_code_id == c.id)
                    .map(|b| ReferralFoodBank {
                        food_bank_id: b.food_bank_id,
                        is_delivery_enabled: b.is_delivery_enabled,
                    })
                    .collect(),
                code: c.code,
            })
            .collect();
    }
    Ok(AccessGrants { authorized_location_ids, food_bank_ids_with_delivery_enabled, referral_codes })
}

impl<C: ConnectionTrait> Store<C> {
    /// What opens restricted pantries and delivery to `user_id`, on the pool or inside a write
    /// transaction (`grants_of`, which a profile also shows).
    pub async fn access_grants(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<AccessGrants> {
        grants_of(&self.db, user_id, now).await
    }

    /// The shopper's name, address and language, and whether they take e-mail.
    pub async fn shopper_contact(&self, user_id: i64) -> StoreResult<Option<ShopperContact>> {
        type Row = (String, String, Option<String>, bool, bool, Option<String>);
        let row: Option<Row> = user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::FirstName)
            .column(user::Column::Email)
            .column(user::Column::Language)
            .column(user::Column::IsEmailNotificationEnabled)
            .column(user::Column::IsTextMessageNotificationEnabled)
            .column(user::Column::PhoneNumber)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.map(|(first_name, email, language, email_allowed, texts_allowed, phone_number)| ShopperContact {
            first_name,
            email,
            language,
            email_allowed,
            texts_allowed,
            phone_number,
        }))
    }
}

impl Store {
    /// The account with this e-mail, compared case-insensitively.
    pub async fn credentials(&self, email: &str) -> StoreResult<Option<Credentials>> {
        let row: Option<(i64, String, i32)> = user::Entity::find()
            .filter(email_is(email))
            // A deleted account keeps no password, a phone-only one never had one: neither signs in.
            .filter(user::Column::ErasedAt.is_null())
            .filter(user::Column::PhoneOnly.eq(false))
            .select_only()
            .column(user::Column::Id)
            .column(user::Column::PasswordHash)
            .column(user::Column::TokenVersion)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.map(|(user_id, password_hash, token_version)| Credentials { user_id, password_hash, token_version }))
    }

    pub async fn recipient(&self, email: &str) -> StoreResult<Option<Recipient>> {
        let row: Option<(i64, String, String, Option<String>)> = user::Entity::find()
            .filter(email_is(email))
            .filter(user::Column::PhoneOnly.eq(false))
            .select_only()
            .column(user::Column::Id)
            .column(user::Column::FirstName)
            .column(user::Column::Email)
            .column(user::Column::Language)
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(row.map(|(user_id, first_name, email, language)| Recipient { user_id, first_name, email, language }))
    }

    /// Remembers the shopper's language (a code of the language registry, `catalog::Lang`).
    pub async fn set_language(&self, user_id: i64, language: &str) -> StoreResult<()> {
        user::Entity::update_many()
            .col_expr(user::Column::Language, Expr::value(language))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    pub async fn record_login(&self, user_id: i64, at: DateTime<Utc>) -> StoreResult<()> {
        user::Entity::update_many()
            .col_expr(user::Column::LastLoginAt, Expr::value(at))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    pub async fn profile(&self, user_id: i64, now: DateTime<Utc>) -> StoreResult<Option<ProfileRow>> {
        let txn = self.db.begin().await?;
        let profile = profile_of(&txn, user_id, now).await?;
        txn.commit().await?;
        Ok(profile)
    }

    pub async fn food_bank_exists(&self, id: i64) -> StoreResult<bool> {
        Ok(food_bank::Entity::find_by_id(id)
            .select_only()
            .column(food_bank::Column::Id)
            .into_tuple::<i64>()
            .one(&self.db)
            .await?
            .is_some())
    }
}

impl super::Write {
    /// Creates the account; its default food bank is the one serving its ZIP code.
    /// A taken e-mail is [`super::StoreError::Conflict`]. Returns (id, token version).
    pub async fn create_user(&self, new: &NewUser, at: DateTime<Utc>) -> StoreResult<(i64, i32)> {
        let default_food_bank_id = match &new.postal_code {
            Some(zip) => food_bank_near_zip(&self.db, zip).await?,
            None => None,
        };
        let row = user::ActiveModel {
            first_name: Set(new.first_name.clone()),
            last_name: Set(new.last_name.clone()),
            email: Set(new.email.clone()),
            password_hash: Set(new.password_hash.clone()),
            phone_number: Set(Some(new.phone_number.clone())),
            postal_code: Set(new.postal_code.clone()),
            is_email_notification_enabled: Set(new.is_email_notification_enabled),
            is_text_message_notification_enabled: Set(new.is_text_message_notification_enabled),
            is_phone_call_notification_enabled: Set(new.is_phone_call_notification_enabled),
            default_food_bank_id: Set(default_food_bank_id),
            is_tefap_survey_answered: Set(false),
            token_version: Set(0),
            phone_only: Set(false),
            created_at: Set(at),
            updated_at: Set(at),
            last_login_at: Set(Some(at)),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok((row.id, row.token_version))
    }

    /// Saves the edited profile and answers the stored result; `None` if the user is gone.
    /// A new ZIP code without an explicit food bank moves the default food bank to the
    /// one serving it, when there is one.
    pub async fn update_profile(
        &self,
        user_id: i64,
        changes: &ProfileChanges,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<ProfileRow>> {
        let Some(current) = user::Entity::find_by_id(user_id).one(&self.db).await? else {
            return Ok(None);
        };
        let mut default_food_bank_id = current.default_food_bank_id;
        if let Some(id) = changes.default_food_bank_id {
            default_food_bank_id = Some(id);
        } else if let Some(zip) = changes.postal_code.as_deref().filter(|z| Some(*z) != current.postal_code.as_deref())
        {
            default_food_bank_id = food_bank_near_zip(&self.db, zip).await?.or(default_food_bank_id);
        }
        let mut row: user::ActiveModel = current.clone().into();
        row.first_name = Set(changes.first_name.clone());
        row.last_name = Set(changes.last_name.clone());
        row.phone_number = Set(Some(changes.phone_number.clone()));
        row.postal_code = Set(changes.postal_code.clone());
        row.is_email_notification_enabled =
            Set(changes.is_email_notification_enabled.unwrap_or(current.is_email_notification_enabled));
        row.is_text_message_notification_enabled =
            Set(changes.is_text_message_notification_enabled.unwrap_or(current.is_text_message_notification_enabled));
        row.is_phone_call_notification_enabled =
            Set(changes.is_phone_call_notification_enabled.unwrap_or(current.is_phone_call_notification_enabled));
        row.default_food_bank_id = Set(default_food_bank_id);
        row.updated_at = Set(at);
        row.update(&self.db).await?;
        let profile = profile_of(&self.db, user_id, at).await?;
        Ok(profile)
    }
}
