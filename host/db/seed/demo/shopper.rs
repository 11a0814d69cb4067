//! The demo shopper ([`DEMO_EMAIL`]): profile, saved addresses, delivery and pantry access,
//! a claimed referral code, a favourite pantry, TEFAP eligibility, survey and food-situation
//! answers, and a read notification.
use std::collections::HashMap;

use chrono::Duration;
use sea_orm::{ConnectionTrait, DbErr, Set};
use serde_json::json;

use super::super::super::entity::{
    favorite_pantry, food_situation_answer, notification_read, saved_address, survey_answer, tefap_eligibility,
    tefap_response, user, user_authorized_location, user_delivery_food_bank, user_referral_code,
};
use super::super::insert_batched;
use super::super::reference::province_id;
use super::food_banks::Sites;
use super::places::Places;
use super::{DEMO_EMAIL, Seeding};

/// The demo shopper's id and the id of their "Home" saved address.
pub(super) struct Shopper {
    pub(super) user_id: i64,
    pub(super) home_saved: i64,
}

/// `codes` are the referral codes' ids, `bring_a_bag` the notification the shopper has read.
pub(super) async fn seed_shopper<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    places: &Places,
    sites: &Sites,
    codes: &HashMap<&'static str, i64>,
    bring_a_bag: i64,
    password_hash: String,
) -> Result<Shopper, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let (coh_id, _) = sites.banks["COH"];
    let main_library = sites.main_library().id;
    let user_id = sd.id("users").await?;
    sd.summary.demo_user_id = user_id;
    insert_batched(
        db,
        vec![user::ActiveModel {
            id: Set(user_id),
            first_name: Set("Demo".into()),
            last_name: Set("Shopper".into()),
            email: Set(DEMO_EMAIL.into()),
            password_hash: Set(password_hash),
            phone_number: Set(Some("(614) 555-0142".into())),
            postal_code: Set(Some("43215".into())),
            is_email_notification_enabled: Set(true),
            is_text_message_notification_enabled: Set(true),
            is_phone_call_notification_enabled: Set(false),
            default_food_bank_id: Set(Some(coh_id)),
            is_tefap_survey_answered: Set(true),
            token_version: Set(0),
            phone_only: Set(false),
            created_at: Set(now - Duration::days(60)),
            updated_at: Set(now - Duration::days(60)),
            last_login_at: Set(None),
            language: Set(None),
            household_id: Set(None),
            erased_at: Set(None),
        }],
    )
    .await?;
    let home = sd.id("addresses").await?;
    let other = sd.id("addresses").await?;
    let addresses = vec![
        places.address(home, "500 S Front St", Some("Apt 4B"), "Columbus", "OH", "43215", None),
        places.address(other, "1120 Oak St", None, "Columbus", "OH", "43205", None),
    ];
    insert_batched(db, addresses).await?;
    let home_saved = sd.id("saved_addresses").await?;
    let other_saved = sd.id("saved_addresses").await?;
    insert_batched(
        db,
        vec![
            saved_address::ActiveModel {
                id: Set(home_saved),
                user_id: Set(user_id),
                address_id: Set(home),
                name: Set("Home".into()),
                is_primary: Set(true),
                notes: Set(Some("Buzz 4B; the door on Front Street.".into())),
                created_at: Set(now - Duration::days(59)),
            },
            saved_address::ActiveModel {
                id: Set(other_saved),
                user_id: Set(user_id),
                address_id: Set(other),
                name: Set("Grandma's".into()),
                is_primary: Set(false),
                notes: Set(None),
                created_at: Set(now - Duration::days(40)),
            },
        ],
    )
    .await?;
    insert_batched(
        db,
        vec![user_delivery_food_bank::ActiveModel {
            user_id: Set(user_id),
            food_bank_id: Set(coh_id),
            created_at: Set(now - Duration::days(59)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![user_authorized_location::ActiveModel {
            user_id: Set(user_id),
            pantry_location_id: Set(sites.pantry_id("King Arts Complex")),
            created_at: Set(now - Duration::days(50)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![user_referral_code::ActiveModel {
            user_id: Set(user_id),
            referral_code_id: Set(codes["FAITH2026"]),
            is_applied: Set(true),
            claimed_at: Set(now - Duration::days(25)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![favorite_pantry::ActiveModel {
            user_id: Set(user_id),
            pantry_location_id: Set(main_library),
            created_at: Set(now - Duration::days(58)),
        }],
    )
    .await?;
    let franklin = places.county_of("OH", "Franklin County");
    let tefap_unique_id = "00000000-0000-4000-8000-000000000001".to_owned();
    insert_batched(
        db,
        vec![tefap_response::ActiveModel {
            id: Set(sd.id("tefap_responses").await?),
            unique_id: Set(tefap_unique_id.clone()),
            user_id: Set(Some(user_id)),
            food_bank_id: Set(Some(coh_id)),
            province_id: Set(Some(province_id("OH"))),
            county_id: Set(franklin),
            postal_code: Set(Some("43215".into())),
            answers: Set(json!({
                "isHomeless": false,
                "residencyPostalCode": "43215",
                "residencyCounty": franklin,
                "selectedAssistanceProgramIDs": [1],
                "totalHouseholdSize": 3,
                "isEmergency": false,
                "typedName": "Demo Shopper",
                "acceptedTerms": true,
                "disqualified": false
            })),
            is_eligible: Set(true),
            created_at: Set(now - Duration::days(59)),
            assigned_at: Set(Some(now - Duration::days(59))),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![tefap_eligibility::ActiveModel {
            id: Set(sd.id("tefap_eligibilities").await?),
            user_id: Set(user_id),
            province_id: Set(Some(province_id("OH"))),
            food_bank_id: Set(Some(coh_id)),
            county_id: Set(franklin),
            postal_code: Set(Some("43215".into())),
            unique_id: Set(Some(tefap_unique_id)),
            created_at: Set(now - Duration::days(59)),
        }],
    )
    .await?;
    // Two questions answered; the checkout survey still asks the rest (at most 4).
    insert_batched(
        db,
        vec![survey_answer::ActiveModel {
            id: Set(sd.id("survey_answers").await?),
            user_id: Set(user_id),
            food_bank_id: Set(Some(coh_id)),
            household_members: Set(Some(3)),
            street: Set(None),
            city: Set(None),
            state_abbreviation: Set(Some("OH".into())),
            date_of_birth: Set(None),
            gender_id: Set(None),
            race_id: Set(None),
            how_did_you_hear: Set(None),
            is_participation_snap_noted: Set(None),
            is_participation_wic_noted: Set(None),
            is_participation_medicaid_noted: Set(None),
            is_participation_ssi_noted: Set(None),
            is_participation_tanf_noted: Set(None),
            created_at: Set(now - Duration::days(12)),
            updated_at: Set(now - Duration::days(12)),
        }],
    )
    .await?;
    insert_batched(
        db,
        vec![food_situation_answer::ActiveModel {
            id: Set(sd.id("food_situation_answers").await?),
            user_id: Set(user_id),
            food_bank_id: Set(Some(coh_id)),
            worried_food_will_run_out: Set(2),
            food_did_not_last: Set(2),
            received_charity_food: Set(1),
            is_eligible: Set(true),
            created_at: Set(now - Duration::days(60)),
        }],
    )
    .await?;
    if bring_a_bag != 0 {
        insert_batched(
            db,
            vec![notification_read::ActiveModel {
                user_id: Set(user_id),
                notification_id: Set(bring_a_bag),
                read_at: Set(now - Duration::days(5)),
            }],
        )
        .await?;
    }
    Ok(Shopper { user_id, home_saved })
}
