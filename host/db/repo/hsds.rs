//! What the HSDS export publishes (issue 54): the enabled food banks, their active pantries with
//! their addresses, weekly hours and closed days, and their active delivery programs with their
//! hours. Public data only: no person, no referral code is read here.
use super::{
    Store, StoreResult,
    schedule_rows::{PantryRows, ProgramRows},
    schedules::ClosedDayRow,
    shopping::parse_tz,
};
use crate::{
    db::entity::{address, delivery_program, food_bank, pantry_location, province},
    domain::{Id, schedule::ScheduleRow},
};
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashMap;

#[derive(Debug, Clone)]
pub struct HsdsFoodBank {
    pub id: Id,
    pub name: String,
    pub home_page_url: Option<String>,
    pub tz: Tz,
    pub is_delivery_enabled: bool,
}

/// A street address with its state's abbreviation.
#[derive(Debug, Clone)]
pub struct HsdsAddress {
    pub line1: String,
    pub line2: Option<String>,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
}

#[derive(Debug, Clone)]
pub struct HsdsPantry {
    pub id: Id,
    pub food_bank_id: Id,
    pub label: String,
    pub tz: Tz,
    /// Ordering there needs a referral (the code itself is never read here).
    pub is_restricted: bool,
    pub offers_pickup: bool,
    pub pickup_instructions: Option<String>,
    pub phone: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
    pub address: Option<HsdsAddress>,
    pub modified: DateTime<Utc>,
    /// Weekly rows first, then one-off days.
    pub hours: Vec<ScheduleRow>,
    /// Closed ranges ending on the day asked for or later, soonest first.
    pub closed: Vec<ClosedDayRow>,
}

#[derive(Debug, Clone)]
pub struct HsdsProgram {
    pub id: Id,
    pub food_bank_id: Id,
    pub name: String,
    pub hours: Vec<ScheduleRow>,
}

/// The whole published directory, each list by id.
#[derive(Debug, Clone, Default)]
pub struct HsdsDirectory {
    pub food_banks: Vec<HsdsFoodBank>,
    pub pantries: Vec<HsdsPantry>,
    /// Active programs of the food banks that have delivery enabled.
    pub programs: Vec<HsdsProgram>,
    /// Every program of the enabled food banks, active or not: turning one on changes the export.
    pub watched_programs: Vec<Id>,
}

impl Store {
    /// The published directory, with the closed ranges that end on `closed_from` or later.
    pub async fn hsds_directory(&self, closed_from: NaiveDate) -> StoreResult<HsdsDirectory> {
        let banks = food_bank::Entity::find()
            .filter(food_bank::Column::IsEnabled.eq(true))
            .order_by_asc(food_bank::Column::Id)
            .all(&self.db)
            .await?;
        let bank_ids: Vec<Id> = banks.iter().map(|b| b.id).collect();
        if bank_ids.is_empty() {
            return Ok(HsdsDirectory::default());
        }
        let pantries = pantry_location::Entity::find()
            .filter(pantry_location::Column::FoodBankId.is_in(bank_ids.clone()))
            .filter(pantry_location::Column::IsActive.eq(true))
            .order_by_asc(pantry_location::Column::Id)
            .all(&self.db)
            .await?;
        let pantry_ids: Vec<Id> = pantries.iter().map(|p| p.id).collect();
        let addresses = self.hsds_addresses(pantries.iter().map(|p| p.address_id).collect()).await?;
        let mut hours = self.schedule_rows_by_owner::<PantryRows>(&pantry_ids).await?;
        let mut closed: HashMap<Id, Vec<ClosedDayRow>> = HashMap::new();
        for c in self.closed_days_of(pantry_ids, closed_from).await? {
            closed.entry(c.pantry_id).or_default().push(c);
        }
        let delivering: Vec<Id> = banks.iter().filter(|b| b.is_delivery_enabled).map(|b| b.id).collect();
        let all_programs = delivery_program::Entity::find()
            .filter(delivery_program::Column::FoodBankId.is_in(bank_ids))
            .order_by_asc(delivery_program::Column::Id)
            .all(&self.db)
            .await?;
        let watched_programs = all_programs.iter().map(|p| p.id).collect();
        let programs: Vec<_> =
            all_programs.into_iter().filter(|p| p.is_active && delivering.contains(&p.food_bank_id)).collect();
        let program_ids: Vec<Id> = programs.iter().map(|p| p.id).collect();
        let mut program_hours = self.schedule_rows_by_owner::<ProgramRows>(&program_ids).await?;
        Ok(HsdsDirectory {
            food_banks: banks
                .into_iter()
                .map(|b| HsdsFoodBank {
                    id: b.id,
                    tz: parse_tz(&b.time_zone),
                    name: b.name,
                    home_page_url: b.home_page_url,
                    is_delivery_enabled: b.is_delivery_enabled,
                })
                .collect(),
            pantries: pantries
                .into_iter()
                .map(|p| HsdsPantry {
                    id: p.id,
                    food_bank_id: p.food_bank_id,
                    tz: parse_tz(&p.time_zone),
                    is_restricted: p.is_restricted,
                    offers_pickup: p.offers_pickup,
                    latitude: p.latitude,
                    longitude: p.longitude,
                    address: addresses.get(&p.address_id).cloned(),
                    modified: p.updated_at.unwrap_or(p.created_at).max(p.created_at),
                    hours: hours.remove(&p.id).unwrap_or_default(),
                    closed: closed.remove(&p.id).unwrap_or_default(),
                    label: p.label,
                    pickup_instructions: p.pickup_instructions,
                    phone: p.phone,
                })
                .collect(),
            programs: programs
                .into_iter()
                .map(|p| HsdsProgram {
                    id: p.id,
                    food_bank_id: p.food_bank_id,
                    hours: program_hours.remove(&p.id).unwrap_or_default(),
                    name: p.name,
                })
                .collect(),
            watched_programs,
        })
    }

    async fn hsds_addresses(&self, ids: Vec<Id>) -> StoreResult<HashMap<Id, HsdsAddress>> {
        if ids.is_empty() {
            return Ok(HashMap::new());
        }
        let rows = address::Entity::find()
            .find_also_related(province::Entity)
            .filter(address::Column::Id.is_in(ids))
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(a, p)| {
                let state = p.map(|p| p.abbreviation).unwrap_or_default();
                let address = HsdsAddress {
                    line1: a.address_line1,
                    line2: a.address_line2.filter(|l| !l.trim().is_empty()),
                    city: a.city,
                    state,
                    postal_code: a.postal_code,
                    country: a.country_code,
                };
                (a.id, address)
            })
            .collect())
    }
}
