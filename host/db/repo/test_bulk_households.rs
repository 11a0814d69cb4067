//! Bulk households for the intake benchmark (issue 49: 200,000 households in a food bank), built
//! only with the `test-support` feature, like `test_support`.
use super::{Store, StoreResult};
use crate::{
    db::entity::household,
    domain::{
        Id,
        households::{phone_digits, stored_key},
    },
};
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, EntityTrait, TransactionTrait};

const FIRST: [&str; 24] = [
    "María", "José", "Ana", "Luis", "James", "Mary", "John", "Patricia", "Linh", "Minh", "Ahmed", "Fatima", "Olga",
    "Ivan", "Grace", "Samuel", "Aisha", "Omar", "Emily", "David", "Sofía", "Carlos", "Nguyệt", "Thomas",
];
const LAST: [&str; 20] = [
    "González",
    "Smith",
    "Nguyễn",
    "Okafor",
    "Hassan",
    "Johnson",
    "Pérez",
    "Brown",
    "Kowalski",
    "Williams",
    "Tran",
    "García",
    "Mohamed",
    "Jones",
    "Rodríguez",
    "Davis",
    "Ivanova",
    "Miller",
    "Hernández",
    "Wilson",
];
/// Syllables that make the many last names of a large food bank from the common ones above.
const SYLLABLES: [&str; 16] =
    ["an", "be", "ko", "ra", "mi", "so", "tu", "le", "va", "do", "ri", "ne", "ha", "zu", "pe", "lo"];

/// The `i`th benchmark household's (first name, last name, phone, ZIP, birth date).
pub fn bulk_household(i: usize) -> (String, String, String, String, chrono::NaiveDate) {
    let first = FIRST[i % FIRST.len()].to_owned();
    // One in eight has a common last name as it is; the rest a common one with two syllables after.
    let base = LAST[(i / FIRST.len()) % LAST.len()];
    let last = if i.is_multiple_of(8) {
        base.to_owned()
    } else {
        format!("{base}{}{}", SYLLABLES[(i / 7) % 16], SYLLABLES[(i / 113) % 16])
    };
    let phone = format!("(614) 5{:02}-{:04}", (i / 10_000) % 100, i % 10_000);
    let zip = format!("432{:02}", i % 40);
    let born = chrono::NaiveDate::from_ymd_opt(1940, 1, 1).unwrap() + chrono::Days::new((i as u64 * 37) % 25_000);
    (first, last, phone, zip, born)
}

#[doc(hidden)]
impl Store {
    /// `count` walk-in households of the food bank ([`bulk_household`]), in one transaction.
    pub async fn test_bulk_households(&self, food_bank_id: Id, count: usize) -> StoreResult<()> {
        let now = crate::db::now();
        let txn = self.db.begin().await?;
        for chunk in (0..count).collect::<Vec<_>>().chunks(1000) {
            let rows = chunk.iter().map(|&i| {
                let (first, last, phone, zip, born) = bulk_household(i);
                let (first_key, last_key) = (stored_key(&first), stored_key(&last));
                household::ActiveModel {
                    id: NotSet,
                    food_bank_id: Set(food_bank_id),
                    first_key: Set(first_key),
                    last_key: Set(last_key),
                    first_name: Set(first),
                    last_name: Set(last),
                    birth_date: Set(Some(born)),
                    phone_digits: Set(Some(phone_digits(&phone))),
                    phone: Set(Some(phone)),
                    email: Set(None),
                    street: Set(None),
                    postal_code: Set(zip),
                    county_id: Set(None),
                    language: Set(None),
                    size: Set(1 + (i % 6) as i32),
                    children: Set(None),
                    adults: Set(None),
                    seniors: Set(None),
                    tefap_basis: Set(None),
                    tefap_decided_on: Set(None),
                    tefap_decided_by: Set(None),
                    merged_into: Set(None),
                    created_at: Set(now),
                    updated_at: Set(now),
                }
            });
            household::Entity::insert_many(rows).exec_without_returning(&txn).await?;
        }
        crate::db::migration::back_fill_name_keys(&txn).await?;
        txn.commit().await?;
        Ok(())
    }
}
