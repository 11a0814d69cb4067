//! The intake search's name keys (migration 44): writing a household's, and reading them by a
//! word's start.
use super::StoreResult;
use crate::{
    db::entity::household_name_key,
    domain::{
        Id,
        households::{name_keys, stored_key},
    },
};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait};

/// `key` starts with `prefix` (folded keys are letters and digits only, so the range is the
/// prefix's, in either database's ordering): an index range, not a scan.
pub(super) fn starts_with(prefix: &str) -> Condition {
    use household_name_key::Column as K;
    let mut next: Vec<char> = prefix.chars().collect();
    if let Some(last) = next.last_mut() {
        *last = char::from_u32(*last as u32 + 1).unwrap_or(char::MAX);
    }
    Condition::all().add(K::Key.gte(prefix)).add(K::Key.lt(next.into_iter().collect::<String>()))
}

/// Writes the household's name keys, each with its names folded (migrations 44 and 48).
pub(super) async fn keep_name_keys<C: ConnectionTrait>(
    c: &C,
    food_bank_id: Id,
    household_id: Id,
    first_name: &str,
    last_name: &str,
) -> StoreResult<()> {
    let (first_key, last_key) = (stored_key(first_name), stored_key(last_name));
    let rows = name_keys(first_name, last_name).into_iter().map(|(typo, key)| household_name_key::ActiveModel {
        food_bank_id: Set(food_bank_id),
        typo: Set(typo),
        key: Set(key),
        household_id: Set(household_id),
        first_key: Set(first_key.clone()),
        last_key: Set(last_key.clone()),
    });
    household_name_key::Entity::insert_many(rows).exec_without_returning(c).await?;
    Ok(())
}
