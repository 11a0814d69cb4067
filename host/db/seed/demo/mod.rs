//! The demo world: see [`seed_demo`].
//!
//! Each part seeds one kind of thing, in the order [`seed_world`] calls them (ids are handed
//! out per table in that order, so the order is part of the data):
//! - `places`: counties, ZIP codes, and the address rows every other part builds;
//! - `food_banks`: food banks and pantries, and the survey questions each food bank asks;
//! - `schedule`: pickup times and delivery programs with their windows;
//! - `catalog`: categories and products (with `pictures`, which file shows what);
//! - `stock`: inventory and limits;
//! - `referral_codes`, `content` (info cards, notifications), `shopper` (the demo shopper)
//!   and `orders` (the demo shopper's orders), then `staff` (the demo admin, pantry staff and volunteer).
mod catalog;
mod content;
mod food_banks;
mod households;
mod orders;
mod pictures;
mod places;
mod referral_codes;
mod schedule;
mod shopper;
mod staff;
mod stock;

use chrono::{DateTime, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter};

use super::super::entity::food_bank;
use super::{Ids, one_seeder_at_a_time, seed_reference, whole_seconds};

pub use pictures::demo_image_paths;
pub use staff::{
    DEMO_ADMIN_EMAIL, DEMO_DRIVEN_PROGRAM, DEMO_DRIVER_EMAIL, DEMO_SECOND_DRIVER_EMAIL, DEMO_STAFF_EMAIL,
    DEMO_STAFF_SECOND_PANTRY, DEMO_VOLUNTEER_EMAIL,
};

/// E-mail of the demo shopper.
pub const DEMO_EMAIL: &str = "demo@example.org";
/// Password of the demo shopper; `seed_demo` passes it to the caller's hash function.
pub const DEMO_PASSWORD: &str = "OrderAhead!demo";
/// Pickup and delivery times are seeded for this many days from `now`.
pub const DEMO_SCHEDULE_DAYS: i64 = 14;

/// What [`seed_demo`] inserted (all zero and `skipped` if the demo was already there).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DemoSummary {
    pub skipped: bool,
    pub food_banks: usize,
    pub pantries: usize,
    pub pickup_times: usize,
    pub delivery_times: usize,
    pub products: usize,
    pub categories: usize,
    pub inventory_items: usize,
    pub limits: usize,
    pub referral_codes: usize,
    pub info_cards: usize,
    pub notifications: usize,
    pub orders: usize,
    pub demo_user_id: i64,
}

/// Seeds the demo world (and the reference data it needs) in one write transaction.
///
/// `now` anchors every relative date (pickup times over the next 14 days, past orders,
/// notification dates). `hash_password` receives [`DEMO_PASSWORD`] and returns the
/// stored hash for [`DEMO_EMAIL`]. Does nothing if the demo food bank `COH` exists, also when
/// several hosts seed at once.
pub async fn seed_demo<F>(db: &DatabaseConnection, now: DateTime<Utc>, hash_password: F) -> Result<DemoSummary, DbErr>
where
    F: FnOnce(&str) -> String,
{
    let now = whole_seconds(now);
    let password_hash = hash_password(DEMO_PASSWORD);
    let txn = super::super::begin_write(db).await?;
    one_seeder_at_a_time(&txn).await?;
    seed_reference(&txn).await?;
    let exists = food_bank::Entity::find().filter(food_bank::Column::Code.eq("COH")).one(&txn).await?.is_some();
    if exists {
        txn.commit().await?;
        return Ok(DemoSummary { skipped: true, ..Default::default() });
    }
    let mut ids = Ids::new();
    let summary = seed_world(&txn, &mut ids, now, password_hash).await?;
    ids.finish(&txn).await?;
    // The accounts' households (as the migration made them for accounts already there), a few
    // walk-ins the intake page finds, and the keys the intake search finds them all by.
    crate::db::migration::back_fill_households(&txn).await?;
    households::seed_walk_ins(&txn, now).await?;
    crate::db::migration::back_fill_name_keys(&txn).await?;
    txn.commit().await?;
    Ok(summary)
}

/// What every part seeds with: the transaction, the id allocator, the instant every date is
/// relative to, and the tally [`seed_demo`] answers.
struct Seeding<'a, C> {
    db: &'a C,
    ids: &'a mut Ids,
    now: DateTime<Utc>,
    summary: DemoSummary,
}

impl<C: ConnectionTrait> Seeding<'_, C> {
    /// The next id of `table`.
    async fn id(&mut self, table: &'static str) -> Result<i64, DbErr> {
        self.ids.next(self.db, table).await
    }
}

async fn seed_world<C: ConnectionTrait>(
    db: &C,
    ids: &mut Ids,
    now: DateTime<Utc>,
    password_hash: String,
) -> Result<DemoSummary, DbErr> {
    let mut sd = Seeding { db, ids, now, summary: DemoSummary::default() };
    let places = places::seed_places(&mut sd).await?;
    let mut sites = food_banks::seed_food_banks(&mut sd, &places).await?;
    let schedule = schedule::seed_schedule(&mut sd, &sites).await?;
    let catalog = catalog::seed_catalog(&mut sd, std::mem::take(&mut sites.pantry_photos)).await?;
    let inventory_at = stock::seed_inventory(&mut sd, &sites, &catalog, &schedule).await?;
    stock::seed_limits(&mut sd, &sites, &catalog, &schedule, &inventory_at).await?;
    let codes = referral_codes::seed_referral_codes(&mut sd, &sites).await?;
    let bring_a_bag = content::seed_content(&mut sd).await?;
    food_banks::seed_survey_questions(&mut sd, &sites).await?;
    let shopper = shopper::seed_shopper(&mut sd, &places, &sites, &codes, bring_a_bag, password_hash.clone()).await?;
    orders::seed_orders(&mut sd, &sites, &schedule, &catalog, &inventory_at, &shopper).await?;
    orders::count_bookings(&mut sd).await?;
    staff::seed_staff(&mut sd, &sites, &password_hash).await?;
    Ok(sd.summary)
}
