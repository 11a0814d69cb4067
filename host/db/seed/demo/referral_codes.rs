//! The demo's referral codes: which restricted pantries each opens, and which food banks'
//! delivery.
use std::collections::HashMap;

use chrono::Duration;
use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::super::entity::{referral_code, referral_code_food_bank, referral_code_pantry_location};
use super::super::demo_data::REFERRAL_CODES;
use super::super::insert_batched;
use super::Seeding;
use super::food_banks::Sites;

/// The seeded codes' ids by code.
pub(super) async fn seed_referral_codes<C: ConnectionTrait>(
    sd: &mut Seeding<'_, C>,
    sites: &Sites,
) -> Result<HashMap<&'static str, i64>, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let mut code_ids: HashMap<&'static str, i64> = HashMap::new();
    let (mut rc, mut rc_pantries, mut rc_banks) = (Vec::new(), Vec::new(), Vec::new());
    for &(code, description, labels, banks) in REFERRAL_CODES {
        let id = sd.id("referral_codes").await?;
        code_ids.insert(code, id);
        rc.push(referral_code::ActiveModel {
            id: Set(id),
            code: Set(code.into()),
            description: Set(Some(description.into())),
            is_active: Set(true),
            expires_at: Set(Some(now + Duration::days(365))),
            created_at: Set(now - Duration::days(30)),
        });
        for label in labels {
            rc_pantries.push(referral_code_pantry_location::ActiveModel {
                referral_code_id: Set(id),
                pantry_location_id: Set(sites.pantry_id(label)),
            });
        }
        for &(bank, delivery) in banks {
            rc_banks.push(referral_code_food_bank::ActiveModel {
                referral_code_id: Set(id),
                food_bank_id: Set(sites.banks[bank].0),
                is_delivery_enabled: Set(delivery),
            });
        }
    }
    sd.summary.referral_codes = rc.len();
    insert_batched(db, rc).await?;
    insert_batched(db, rc_pantries).await?;
    insert_batched(db, rc_banks).await?;
    Ok(code_ids)
}
