//! Helpers for the integration tests and benchmarks, which have no other way into the
//! database: built only for `cargo test` and with the `test-support` feature (which the
//! crate's own dev-dependency on itself turns on), never into the release binary.
use super::{Store, StoreError, StoreResult};
use crate::db::{entity::*, now, now as db_now};
use crate::domain::Id;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::{NotSet, Set},
    ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::Expr,
};
use std::collections::HashMap;

/// Helpers for the integration tests (they have no other way into the database);
/// the server never calls them.
#[doc(hidden)]
impl Store {
    /// The account's household (made with its first order).
    pub async fn test_household_of(&self, user_id: Id) -> StoreResult<Option<Id>> {
        Ok(user::Entity::find_by_id(user_id).one(&self.db).await?.and_then(|u| u.household_id))
    }

    /// A shopper with no access grants, TEFAP eligibilities or orders; logs in with a token only.
    pub async fn test_shopper(&self, email: &str) -> StoreResult<Id> {
        let now = db_now();
        let row = user::Entity::insert(user::ActiveModel {
            id: NotSet,
            first_name: Set("Test".into()),
            last_name: Set("Shopper".into()),
            email: Set(email.into()),
            password_hash: Set("!".into()),
            phone_number: Set(None),
            postal_code: Set(Some("43215".into())),
            is_email_notification_enabled: Set(true),
            is_text_message_notification_enabled: Set(true),
            is_phone_call_notification_enabled: Set(true),
            default_food_bank_id: Set(None),
            is_tefap_survey_answered: Set(false),
            token_version: Set(0),
            phone_only: Set(false),
            created_at: Set(now),
            updated_at: Set(now),
            last_login_at: Set(None),
            language: Set(None),
            household_id: Set(None),
            erased_at: Set(None),
        })
        .exec(&self.db)
        .await?;
        Ok(row.last_insert_id)
    }

    /// Stock of `quantity` at the pantry, of the product of `like` (an inventory item id) or
    /// of a new product without limits; returns the new inventory item id.
    pub async fn test_stock(&self, pantry_location_id: Id, quantity: i32, like: Option<Id>) -> StoreResult<Id> {
        let now = db_now();
        let product = match like {
            Some(item) => {
                inventory_item::Entity::find_by_id(item)
                    .one(&self.db)
                    .await?
                    .ok_or_else(|| StoreError::InvalidReference(format!("inventory item {item}")))?
                    .pantry_item_id
            }
            None => {
                pantry_item::Entity::insert(pantry_item::ActiveModel {
                    id: NotSet,
                    food_bank_id: Set(None),
                    name: Set(format!("Test Stock {}", uuid::Uuid::new_v4())),
                    name_es: Set(None),
                    description: Set(Some("Stock for tests".into())),
                    amount: Set(None),
                    each_quantity: Set(None),
                    unit_of_measure_id: Set(None),
                    donation_package_type_id: Set(None),
                    created_at: Set(now),
                })
                .exec(&self.db)
                .await?
                .last_insert_id
            }
        };
        let item = inventory_item::Entity::insert(inventory_item::ActiveModel {
            id: NotSet,
            pantry_item_id: Set(product),
            pantry_location_id: Set(Some(pantry_location_id)),
            food_bank_id: Set(None),
            delivery_program_id: Set(None),
            quantity: Set(quantity),
            weight_pounds: Set(1.5),
            source_code: Set(None),
            is_active: Set(true),
            low_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        })
        .exec(&self.db)
        .await?;
        Ok(item.last_insert_id)
    }

    pub async fn test_user_id(&self, email: &str) -> StoreResult<Option<Id>> {
        Ok(user::Entity::find()
            .filter(user::Column::Email.eq(email))
            .select_only()
            .column(user::Column::Id)
            .into_tuple::<Id>()
            .one(&self.db)
            .await?)
    }

    pub async fn test_pantry_id(&self, label: &str) -> StoreResult<Option<Id>> {
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::Label.eq(label))
            .one(&self.db)
            .await?
            .map(|p| p.id))
    }

    /// When the order's pickup window ends.
    pub async fn test_pickup_ends(&self, order_id: Id) -> StoreResult<Option<DateTime<Utc>>> {
        let Some(o) = order::Entity::find_by_id(order_id).one(&self.db).await? else { return Ok(None) };
        let Some(t) = o.pickup_time_id else { return Ok(None) };
        Ok(pickup_time::Entity::find_by_id(t).one(&self.db).await?.map(|t| t.end_at))
    }

    /// The messages to `recipient` in the outbox: (subject, body, language, sent), oldest first.
    pub async fn test_outbox(&self, recipient: &str) -> StoreResult<Vec<(String, String, String, bool)>> {
        Ok(outbox::Entity::find()
            .filter(outbox::Column::Recipient.eq(recipient))
            .order_by_asc(outbox::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|m| (m.subject, m.body, m.language, m.sent_at.is_some()))
            .collect())
    }

    /// Sets the shopper's language and whether they take e-mail; their e-mail address.
    pub async fn test_contact(&self, user_id: Id, language: &str, email: bool) -> StoreResult<String> {
        user::Entity::update_many()
            .col_expr(user::Column::Language, Expr::value(Some(language.to_owned())))
            .col_expr(user::Column::IsEmailNotificationEnabled, Expr::value(email))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        let u = user::Entity::find_by_id(user_id).one(&self.db).await?;
        Ok(u.map(|u| u.email).unwrap_or_default())
    }

    /// The ids of the account's staff grants.
    pub async fn test_grant_ids(&self, user_id: Id) -> StoreResult<Vec<Id>> {
        Ok(crate::db::entity::staff_grant::Entity::find()
            .filter(crate::db::entity::staff_grant::Column::UserId.eq(user_id))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|g| g.id)
            .collect())
    }

    /// Sets the shopper's phone number and whether they take text messages.
    pub async fn test_texts(&self, user_id: Id, phone: Option<&str>, texts: bool) -> StoreResult<()> {
        user::Entity::update_many()
            .col_expr(user::Column::PhoneNumber, Expr::value(phone.map(str::to_owned)))
            .col_expr(user::Column::IsTextMessageNotificationEnabled, Expr::value(texts))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// The pantry's pickup times with their start, soonest first.
    pub async fn test_pickup_times(&self, pantry_location_id: Id) -> StoreResult<Vec<(Id, DateTime<Utc>)>> {
        Ok(pickup_time::Entity::find()
            .filter(pickup_time::Column::PantryLocationId.eq(pantry_location_id))
            .order_by_asc(pickup_time::Column::StartAt)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.start_at))
            .collect())
    }

    /// Gives a pickup time a capacity (None: unlimited), as a pantry's schedule would.
    pub async fn test_set_capacity(&self, pickup_time_id: Id, capacity: Option<i32>) -> StoreResult<()> {
        pickup_time::Entity::update_many()
            .col_expr(pickup_time::Column::Capacity, Expr::value(capacity))
            .filter(pickup_time::Column::Id.eq(pickup_time_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// How many orders hold the pickup time.
    pub async fn test_booked(&self, pickup_time_id: Id) -> StoreResult<i32> {
        let t = pickup_time::Entity::find_by_id(pickup_time_id).one(&self.db).await?;
        Ok(t.map_or(0, |t| t.booked))
    }

    /// Every delivery window: (id, program id, start), soonest first.
    pub async fn test_delivery_times(&self) -> StoreResult<Vec<(Id, Id, DateTime<Utc>)>> {
        Ok(delivery_time::Entity::find()
            .order_by_asc(delivery_time::Column::StartAt)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|t| (t.id, t.delivery_program_id, t.start_at))
            .collect())
    }

    /// Stock at a pantry (or, for `None`, delivery stock): (id, product name, quantity,
    /// source code, delivery program id).
    #[allow(clippy::type_complexity)]
    pub async fn test_inventory(
        &self,
        pantry_location_id: Option<Id>,
    ) -> StoreResult<Vec<(Id, String, i64, Option<String>, Option<Id>)>> {
        let rows = inventory_item::Entity::find()
            .filter(match pantry_location_id {
                Some(p) => inventory_item::Column::PantryLocationId.eq(p),
                None => inventory_item::Column::FoodBankId.is_not_null(),
            })
            .order_by_asc(inventory_item::Column::Id)
            .all(&self.db)
            .await?;
        let names: HashMap<Id, String> =
            pantry_item::Entity::find().all(&self.db).await?.into_iter().map(|p| (p.id, p.name)).collect();
        Ok(rows
            .into_iter()
            .map(|r| {
                let name = names.get(&r.pantry_item_id).cloned().unwrap_or_default();
                (r.id, name, i64::from(r.quantity), r.source_code, r.delivery_program_id)
            })
            .collect())
    }

    /// An inventory item's quantity on hand.
    pub async fn test_inventory_quantity(&self, inventory_item_id: Id) -> StoreResult<Option<i64>> {
        Ok(inventory_item::Entity::find_by_id(inventory_item_id).one(&self.db).await?.map(|i| i64::from(i.quantity)))
    }

    /// How many orders and order lines exist, all users together.
    pub async fn test_order_counts(&self) -> StoreResult<(u64, u64)> {
        use sea_orm::PaginatorTrait;
        Ok((order::Entity::find().count(&self.db).await?, order_item::Entity::find().count(&self.db).await?))
    }

    /// Sets an order's status (to make it completed for a test).
    pub async fn test_set_order_status(&self, order_id: Id, status_type_id: Id) -> StoreResult<()> {
        order::Entity::update_many()
            .col_expr(order::Column::StatusTypeId, Expr::value(status_type_id))
            .filter(order::Column::Id.eq(order_id))
            .exec(&self.db)
            .await?;
        super::reports::summarise_ids(&self.db, &[order_id]).await
    }

    /// Brings an order's report summary row up to date after a test changed the order in SQL.
    pub async fn test_summarise_order(&self, order_id: Id) -> StoreResult<()> {
        super::reports::summarise_ids(&self.db, &[order_id]).await
    }
}

/// Helpers for the integration tests (they have no other way into the database);
/// the server never calls them.
#[doc(hidden)]
impl Store {
    /// A public card in the first section (order 1) with the given rich text; returns its id.
    pub async fn test_info_card(
        &self,
        food_bank_code: Option<&str>,
        title: &str,
        modal_content: &str,
    ) -> StoreResult<i64> {
        let section =
            info_card_section::Entity::find().order_by_asc(info_card_section::Column::SortOrder).one(&self.db).await?;
        let row = info_card::ActiveModel {
            id: NotSet,
            section_id: Set(section.map(|s| s.id)),
            title: Set(title.into()),
            images: Set(serde_json::json!([])),
            description: Set(None),
            action_button_text: Set(None),
            modal_title: Set(Some(title.into())),
            modal_content: Set(Some(modal_content.into())),
            sort_order: Set(99),
            text_color: Set(None),
            background_color: Set(None),
            food_bank_code: Set(food_bank_code.map(Into::into)),
            is_public: Set(true),
            created_at: Set(now()),
            translations: Set(None),
        };
        Ok(info_card::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    /// A notification created now with the given details HTML; returns its id.
    pub async fn test_notification(
        &self,
        food_bank_code: Option<&str>,
        title: &str,
        details: &str,
    ) -> StoreResult<i64> {
        let row = notification::ActiveModel {
            id: NotSet,
            title: Set(title.into()),
            description: Set(None),
            details: Set(Some(details.into())),
            food_bank_code: Set(food_bank_code.map(Into::into)),
            created_at: Set(now()),
            expires_at: Set(None),
            translations: Set(None),
            user_id: Set(None),
            starts_at: Set(None),
        };
        Ok(notification::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }
}

/// For the integration tests and benchmarks, which place orders without a checkout; the server
/// never calls it.
#[doc(hidden)]
impl Store {
    /// Gives the shopper what the checkout would have asked: an eligible screening now and
    /// every survey question answered, so no checkout step is due at any food bank.
    pub async fn test_answer_checkout_questions(&self, user_id: i64) -> StoreResult<()> {
        use crate::db::entity::{gender, race};
        let at = now();
        food_situation_answer::ActiveModel {
            user_id: Set(user_id),
            food_bank_id: Set(None),
            worried_food_will_run_out: Set(1),
            food_did_not_last: Set(1),
            received_charity_food: Set(1),
            is_eligible: Set(true),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let gender = gender::Entity::find().one(&self.db).await?.map(|g| g.id);
        let race = race::Entity::find().one(&self.db).await?.map(|r| r.id);
        let existing =
            survey_answer::Entity::find().filter(survey_answer::Column::UserId.eq(user_id)).one(&self.db).await?;
        let mut row: survey_answer::ActiveModel = match &existing {
            Some(m) => m.clone().into(),
            None => survey_answer::ActiveModel { user_id: Set(user_id), created_at: Set(at), ..Default::default() },
        };
        row.household_members = Set(Some(2));
        row.street = Set(Some("1 Main St".into()));
        row.city = Set(Some("Columbus".into()));
        row.state_abbreviation = Set(Some("OH".into()));
        row.date_of_birth = NaiveDate::from_ymd_opt(1980, 1, 1).map_or(sea_orm::NotSet, |d| Set(Some(d)));
        row.gender_id = Set(gender);
        row.race_id = Set(race);
        row.how_did_you_hear = Set(Some("A friend".into()));
        row.is_participation_snap_noted = Set(Some(false));
        row.updated_at = Set(at);
        if existing.is_some() {
            row.update(&self.db).await?;
        } else {
            row.insert(&self.db).await?;
        }
        Ok(())
    }

    /// Opens delivery from the food bank to the shopper and saves them a home at `at` (located by
    /// the geocoder when `located` is true, else standing at its ZIP's centre), with delivery notes;
    /// the saved address's id.
    pub async fn test_delivery_home(
        &self,
        user_id: Id,
        food_bank_id: Id,
        street: &str,
        postal_code: &str,
        at: (f64, f64),
        located: bool,
    ) -> StoreResult<Id> {
        let now = db_now();
        let ohio = province::Entity::find()
            .filter(province::Column::Abbreviation.eq("OH"))
            .one(&self.db)
            .await?
            .ok_or_else(|| StoreError::InvalidReference("Ohio".into()))?;
        let opened = user_delivery_food_bank::Entity::find()
            .filter(user_delivery_food_bank::Column::UserId.eq(user_id))
            .filter(user_delivery_food_bank::Column::FoodBankId.eq(food_bank_id))
            .one(&self.db)
            .await?;
        if opened.is_none() {
            user_delivery_food_bank::ActiveModel {
                user_id: Set(user_id),
                food_bank_id: Set(food_bank_id),
                created_at: Set(now),
            }
            .insert(&self.db)
            .await?;
        }
        let address = address::ActiveModel {
            address_line1: Set(street.into()),
            address_line2: Set(None),
            city: Set("Columbus".into()),
            province_id: Set(ohio.id),
            postal_code: Set(postal_code.into()),
            county_id: Set(None),
            latitude: Set(Some(at.0)),
            longitude: Set(Some(at.1)),
            located_by: Set(Some(if located { "address" } else { "zip" }.into())),
            country_code: Set("USA".into()),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let saved = saved_address::ActiveModel {
            user_id: Set(user_id),
            address_id: Set(address.id),
            name: Set("Home".into()),
            is_primary: Set(true),
            notes: Set(Some("Ring twice".into())),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(saved.id)
    }

    /// Delivery stock of `quantity` units of a new product for the food bank's program; its id.
    pub async fn test_delivery_stock(&self, food_bank_id: Id, program_id: Id, quantity: i32) -> StoreResult<Id> {
        let now = db_now();
        let product = pantry_item::ActiveModel {
            food_bank_id: Set(None),
            name: Set(format!("Test Delivery Stock {}", uuid::Uuid::new_v4())),
            name_es: Set(None),
            description: Set(None),
            amount: Set(None),
            each_quantity: Set(None),
            unit_of_measure_id: Set(None),
            donation_package_type_id: Set(None),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let item = inventory_item::ActiveModel {
            pantry_item_id: Set(product.id),
            pantry_location_id: Set(None),
            food_bank_id: Set(Some(food_bank_id)),
            delivery_program_id: Set(Some(program_id)),
            quantity: Set(quantity),
            weight_pounds: Set(2.0),
            source_code: Set(None),
            is_active: Set(true),
            low_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(item.id)
    }
}
