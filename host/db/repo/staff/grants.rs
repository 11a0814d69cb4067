//! Staff accounts: the grants that make a user a food bank admin, pantry staff or volunteer
//! (`domain::staff`), read as the posts a caller works at, and given by `orderahead staff add`.
use crate::db::repo::{Store, StoreResult};
use crate::{
    db::entity::{delivery_program, driver_grant, food_bank, pantry_location, staff_grant, user},
    domain::{
        Id,
        staff::{Post, StaffRole},
    },
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::Set,
    ColumnTrait, EntityTrait, QueryFilter, QuerySelect,
    sea_query::{Expr, ExprTrait, Func},
};

/// Where a grant applies: a food bank (admins), a pantry (staff and volunteers) or a delivery
/// program (drivers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrantPlace {
    FoodBank(Id),
    Pantry(Id),
    DeliveryProgram(Id),
}

/// What `grant_staff` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Granted {
    pub grant_id: Id,
    pub user_id: Id,
    /// The account was made for the grant (it has no password yet: the invitation sets one).
    pub new_account: bool,
}

/// Why a grant was not given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrantRefused {
    #[error("an admin's grant is for a food bank, a driver's for a delivery program, the others' for a pantry")]
    WrongPlace,
    #[error("no such food bank or pantry")]
    NoSuchPlace,
}

/// An account made by a grant has no password anyone can type: this is no argon2 hash, so every
/// sign-in with it fails until the invitation's reset link sets one.
const NO_PASSWORD: &str = "!invited";

impl Store {
    /// Every place the user works at: a pantry grant is one post; an admin's grant is a post for
    /// the food bank and one for each of its pantries.
    pub async fn staff_posts(&self, user_id: Id) -> StoreResult<Vec<Post>> {
        let grants = staff_grant::Entity::find().filter(staff_grant::Column::UserId.eq(user_id)).all(&self.db).await?;
        let mut posts = self.driver_posts(user_id).await?;
        if grants.is_empty() {
            return Ok(posts);
        }
        let pantry_ids: Vec<Id> = grants.iter().filter_map(|g| g.pantry_location_id).collect();
        let pantry_banks: Vec<(Id, Id)> = if pantry_ids.is_empty() {
            Vec::new()
        } else {
            pantry_location::Entity::find()
                .filter(pantry_location::Column::Id.is_in(pantry_ids))
                .select_only()
                .columns([pantry_location::Column::Id, pantry_location::Column::FoodBankId])
                .into_tuple()
                .all(&self.db)
                .await?
        };
        for g in &grants {
            let Some(role) = StaffRole::from_code(&g.role) else { continue };
            match (g.food_bank_id, g.pantry_location_id) {
                (Some(bank), _) => {
                    posts.push(Post { role, food_bank_id: bank, pantry_id: None, program_id: None });
                    let pantries: Vec<Id> = pantry_location::Entity::find()
                        .filter(pantry_location::Column::FoodBankId.eq(bank))
                        .select_only()
                        .column(pantry_location::Column::Id)
                        .into_tuple()
                        .all(&self.db)
                        .await?;
                    posts.extend(pantries.into_iter().map(|p| Post {
                        role,
                        food_bank_id: bank,
                        pantry_id: Some(p),
                        program_id: None,
                    }));
                }
                (None, Some(pantry)) => {
                    if let Some((_, bank)) = pantry_banks.iter().find(|(p, _)| *p == pantry) {
                        posts.push(Post { role, food_bank_id: *bank, pantry_id: Some(pantry), program_id: None });
                    }
                }
                (None, None) => {}
            }
        }
        Ok(posts)
    }
}

impl Store {
    /// The delivery programs the user drives for, each a post at the program's food bank.
    async fn driver_posts(&self, user_id: Id) -> StoreResult<Vec<Post>> {
        let programs: Vec<(Id, Id)> = driver_grant::Entity::find()
            .filter(driver_grant::Column::UserId.eq(user_id))
            .inner_join(delivery_program::Entity)
            .select_only()
            .column(driver_grant::Column::DeliveryProgramId)
            .column(delivery_program::Column::FoodBankId)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(programs
            .into_iter()
            .map(|(program, bank)| Post {
                role: StaffRole::Driver,
                food_bank_id: bank,
                pantry_id: None,
                program_id: Some(program),
            })
            .collect())
    }
}

impl crate::db::repo::Write {
    /// Gives the account of `email` (made without a password when there is none) `role` at
    /// `place`; a grant it already had there takes the new role.
    pub async fn grant_staff(
        &self,
        email: &str,
        role: StaffRole,
        place: GrantPlace,
        at: DateTime<Utc>,
    ) -> StoreResult<Result<Granted, GrantRefused>> {
        let email = &email.trim().to_lowercase();
        let txn = &self.db;
        let (bank, pantry) = match (role, place) {
            (StaffRole::Admin, GrantPlace::FoodBank(id)) => (Some(id), None),
            (StaffRole::Staff | StaffRole::Volunteer, GrantPlace::Pantry(id)) => (None, Some(id)),
            (StaffRole::Driver, GrantPlace::DeliveryProgram(_)) => (None, None),
            _ => return Ok(Err(GrantRefused::WrongPlace)),
        };
        let exists = match place {
            GrantPlace::FoodBank(id) => food_bank::Entity::find_by_id(id).one(txn).await?.is_some(),
            GrantPlace::Pantry(id) => pantry_location::Entity::find_by_id(id).one(txn).await?.is_some(),
            GrantPlace::DeliveryProgram(id) => delivery_program::Entity::find_by_id(id).one(txn).await?.is_some(),
        };
        if !exists {
            return Ok(Err(GrantRefused::NoSuchPlace));
        }
        let found: Option<Id> = user::Entity::find()
            .filter(Expr::expr(Func::lower(Expr::col(user::Column::Email))).eq(email.as_str()))
            .select_only()
            .column(user::Column::Id)
            .into_tuple()
            .one(txn)
            .await?;
        let (user_id, new_account) = match found {
            Some(id) => (id, false),
            None => {
                let row = user::ActiveModel {
                    first_name: Set(String::new()),
                    last_name: Set(String::new()),
                    email: Set(email.clone()),
                    password_hash: Set(NO_PASSWORD.into()),
                    is_email_notification_enabled: Set(true),
                    is_text_message_notification_enabled: Set(false),
                    is_phone_call_notification_enabled: Set(false),
                    is_tefap_survey_answered: Set(false),
                    token_version: Set(0),
                    phone_only: Set(false),
                    created_at: Set(at),
                    updated_at: Set(at),
                    ..Default::default()
                }
                .insert(txn)
                .await?;
                (row.id, true)
            }
        };
        if let GrantPlace::DeliveryProgram(program) = place {
            let grant_id = match driver_grant::Entity::find()
                .filter(driver_grant::Column::UserId.eq(user_id))
                .filter(driver_grant::Column::DeliveryProgramId.eq(program))
                .one(txn)
                .await?
            {
                Some(had) => had.id,
                None => {
                    driver_grant::ActiveModel {
                        user_id: Set(user_id),
                        delivery_program_id: Set(program),
                        created_at: Set(at),
                        ..Default::default()
                    }
                    .insert(txn)
                    .await?
                    .id
                }
            };
            return Ok(Ok(Granted { grant_id, user_id, new_account }));
        }
        let mut same_place = staff_grant::Entity::delete_many().filter(staff_grant::Column::UserId.eq(user_id));
        same_place = match place {
            GrantPlace::FoodBank(id) => same_place.filter(staff_grant::Column::FoodBankId.eq(id)),
            GrantPlace::Pantry(id) => same_place.filter(staff_grant::Column::PantryLocationId.eq(id)),
            GrantPlace::DeliveryProgram(_) => unreachable!("returned above"),
        };
        same_place.exec(txn).await?;
        let grant = staff_grant::ActiveModel {
            user_id: Set(user_id),
            role: Set(role.code().into()),
            food_bank_id: Set(bank),
            pantry_location_id: Set(pantry),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        Ok(Ok(Granted { grant_id: grant.id, user_id, new_account }))
    }
}

/// A pantry as the staff pages name it, with the zone its days are counted in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StaffPantryRow {
    pub id: Id,
    pub label: String,
    pub food_bank_id: Id,
    pub tz: chrono_tz::Tz,
}

impl Store {
    /// These pantries, by label.
    pub async fn staff_pantries(&self, ids: Vec<Id>) -> StoreResult<Vec<StaffPantryRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let mut rows: Vec<StaffPantryRow> = pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|p| StaffPantryRow {
                id: p.id,
                label: p.label,
                food_bank_id: p.food_bank_id,
                tz: crate::db::repo::shopping::parse_tz(&p.time_zone),
            })
            .collect();
        rows.sort_by(|a, b| a.label.cmp(&b.label).then(a.id.cmp(&b.id)));
        Ok(rows)
    }

    /// These food banks' zones.
    pub async fn food_bank_zones(&self, ids: Vec<Id>) -> StoreResult<std::collections::HashMap<Id, chrono_tz::Tz>> {
        let rows: Vec<(Id, String)> = food_bank::Entity::find()
            .filter(food_bank::Column::Id.is_in(ids))
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::TimeZone])
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(|(id, zone)| (id, crate::db::repo::shopping::parse_tz(&zone))).collect())
    }
}
