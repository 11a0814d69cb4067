//! A few walk-in households of the Columbus food bank, with no account: what the intake page
//! (`/staff/households`) finds in the demo, one of them due for TEFAP recertification.
use crate::db::entity::{food_bank, household};
use crate::domain::households::{phone_digits, stored_key};
use chrono::{DateTime, Months, Utc};
use sea_orm::{ActiveValue::NotSet, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};

/// (first name, last name, birth date, phone, ZIP, size, TEFAP basis and months since decided)
type WalkIn = (&'static str, &'static str, &'static str, &'static str, &'static str, i32, Option<(&'static str, u32)>);

const WALK_INS: [WalkIn; 4] = [
    ("María", "González", "1979-04-12", "(614) 555-0101", "43206", 4, Some(("income", 2))),
    ("James", "Okafor", "1958-11-30", "614-555-0144", "43211", 1, Some(("programs", 13))),
    ("Linh", "Nguyễn", "1990-07-08", "", "43215", 3, None),
    ("Ahmed", "Hassan", "1985-01-21", "614 555 0177", "43207", 5, Some(("emergency", 1))),
];

pub(super) async fn seed_walk_ins<C: ConnectionTrait>(db: &C, now: DateTime<Utc>) -> Result<(), DbErr> {
    let Some(bank) = food_bank::Entity::find().filter(food_bank::Column::Code.eq("COH")).one(db).await? else {
        return Ok(());
    };
    for (first, last, born, phone, zip, size, tefap) in WALK_INS {
        let (first_key, last_key) = (stored_key(first), stored_key(last));
        let decided = tefap.and_then(|(_, months)| now.date_naive().checked_sub_months(Months::new(months)));
        household::Entity::insert(household::ActiveModel {
            id: NotSet,
            food_bank_id: Set(bank.id),
            first_name: Set(first.into()),
            last_name: Set(last.into()),
            first_key: Set(first_key),
            last_key: Set(last_key),
            birth_date: Set(born.parse().ok()),
            phone: Set(Some(phone.to_owned()).filter(|p| !p.is_empty())),
            phone_digits: Set(Some(phone_digits(phone)).filter(|p| !p.is_empty())),
            email: Set(None),
            street: Set(None),
            postal_code: Set(zip.into()),
            county_id: Set(None),
            language: Set(None),
            size: Set(size),
            children: Set(None),
            adults: Set(None),
            seniors: Set(None),
            tefap_basis: Set(tefap.map(|(basis, _)| basis.to_owned())),
            tefap_decided_on: Set(decided),
            tefap_decided_by: Set(None),
            merged_into: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        })
        .exec_without_returning(db)
        .await?;
    }
    Ok(())
}
