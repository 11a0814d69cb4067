//! The demo's food banks and their pantries (with the pantries' photos), and which checkout
//! survey questions each food bank asks.
use std::collections::HashMap;

use chrono::Duration;
use chrono_tz::Tz;
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{attachment, food_bank, food_bank_survey_question, pantry_location};
use super::super::demo_data::{FOOD_BANKS, PANTRIES, RESTRICTED, pickup_instructions};
use super::super::insert_batched;
use super::super::reference::SURVEY_QUESTIONS;
use super::Seeding;
use super::pictures::pantry_pictures;
use super::places::Places;

pub(super) struct PantryRow {
    pub(super) id: i64,
    pub(super) food_bank_code: &'static str,
    pub(super) tz: Tz,
    pub(super) label: &'static str,
}

/// The seeded food banks (by code, with their zones) and pantries (in `PANTRIES` order).
pub(super) struct Sites {
    pub(super) banks: HashMap<&'static str, (i64, Tz)>,
    pub(super) pantries: Vec<PantryRow>,
    /// Inserted with the product photos (see `catalog`), after the pantries they show.
    pub(super) pantry_photos: Vec<attachment::ActiveModel>,
}

impl Sites {
    /// The first pantry, the Main Library: the demo shopper's pantry, stocked with everything.
    pub(super) fn main_library(&self) -> &PantryRow {
        &self.pantries[0]
    }

    pub(super) fn pantry_id(&self, label: &str) -> i64 {
        self.pantries.iter().find(|r| r.label == label).unwrap_or_else(|| panic!("pantry {label}")).id
    }
}

pub(super) async fn seed_food_banks<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    places: &Places,
) -> Result<Sites, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let mut bank_ids: HashMap<&'static str, (i64, Tz)> = HashMap::new();
    let mut addresses = Vec::new();
    let mut banks = Vec::new();
    for fb in FOOD_BANKS {
        let address_id = sd.id("addresses").await?;
        addresses.push(places.address(address_id, fb.line1, None, fb.city, fb.state, fb.zip, Some((fb.lat, fb.lng))));
        let id = sd.id("food_banks").await?;
        let tz: Tz = fb.time_zone.parse().expect("valid IANA zone in demo data");
        bank_ids.insert(fb.code, (id, tz));
        banks.push(food_bank::ActiveModel {
            id: Set(id),
            code: Set(fb.code.into()),
            name: Set(fb.name.into()),
            home_page_url: Set(Some(fb.home_page_url.into())),
            is_enabled: Set(fb.is_enabled),
            is_tefap_enabled: Set(fb.is_tefap_enabled),
            is_delivery_enabled: Set(fb.is_delivery_enabled),
            address_id: Set(address_id),
            time_zone: Set(fb.time_zone.into()),
            created_at: Set(now - Duration::days(400)),
            tefap_valid_months: Set(12),
            visit_signature: Set(false),
            inactive_account_months: Set(None),
            require_second_factor: Set(false),
        });
    }

    let mut pantries = Vec::new();
    let mut pantry_rows = Vec::new();
    let mut pantry_photos = Vec::new();
    for p in PANTRIES {
        let address_id = sd.id("addresses").await?;
        addresses.push(places.address(address_id, p.line1, None, p.city, p.state, p.zip, Some((p.lat, p.lng))));
        let id = sd.id("pantry_locations").await?;
        let (food_bank_id, tz) = bank_ids[p.food_bank];
        pantries.push(pantry_location::ActiveModel {
            id: Set(id),
            food_bank_id: Set(food_bank_id),
            address_id: Set(address_id),
            label: Set(p.label.into()),
            time_zone: Set(tz.name().into()),
            is_restricted: Set(RESTRICTED.contains(&p.label)),
            is_active: Set(true),
            pickup_instructions: Set(Some(pickup_instructions(p.kind).into())),
            latitude: Set(p.lat),
            longitude: Set(p.lng),
            created_at: Set(now - Duration::days(300)),
            updated_at: Set(None),
            ..Default::default()
        });
        for (seq, path) in pantry_pictures(p.kind).into_iter().enumerate() {
            pantry_photos.push(attachment::ActiveModel {
                id: Set(sd.id("attachments").await?),
                storage_path: Set(path),
                sequence_number: Set(seq as i32),
                pantry_location_id: Set(Some(id)),
                pantry_item_id: Set(None),
            });
        }
        pantry_rows.push(PantryRow { id, food_bank_code: p.food_bank, tz, label: p.label });
    }
    // Addresses first (foreign keys), then the rows that point at them.
    insert_batched(db, addresses).await?;
    insert_batched(db, banks).await?;
    insert_batched(db, pantries).await?;
    sd.summary.food_banks = FOOD_BANKS.len();
    sd.summary.pantries = PANTRIES.len();
    Ok(Sites { banks: bank_ids, pantries: pantry_rows, pantry_photos })
}

pub(super) async fn seed_survey_questions<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
) -> Result<(), DbErr> {
    let db = sd.db;
    let mut enabled = Vec::new();
    for fb in FOOD_BANKS {
        let asked: &[&str] = match fb.code {
            "COH" => &[
                "HouseholdMembers",
                "Street",
                "City",
                "State",
                "DateOfBirth",
                "Gender",
                "Race",
                "HowDidYouHear",
                "Participation",
            ],
            "CHI" => &["HouseholdMembers", "State", "Gender", "Participation"],
            "DEN" => &["HowDidYouHear"],
            _ => &[],
        };
        for &(qid, code, _) in SURVEY_QUESTIONS {
            enabled.push(food_bank_survey_question::ActiveModel {
                food_bank_id: Set(sites.banks[fb.code].0),
                survey_question_id: Set(qid),
                is_enabled: Set(asked.contains(&code)),
            });
        }
    }
    insert_batched(db, enabled).await?;
    Ok(())
}
