//! The intake search's name keys (migrations 44 and 48): writing a household's, and finding the
//! households a name's words may mean.
use super::{Store, StoreResult};
use crate::{
    db::entity::household_name_key,
    domain::{
        Id,
        households::{name_keys, one_letter_out, stored_key},
    },
};
use sea_orm::{
    ActiveValue::Set,
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, FromQueryResult,
    sea_query::{Alias, Expr, Func, Query, SelectStatement, UnionType},
};

/// A household's id and folded names: all a name search reads to rank it.
#[derive(Debug, Clone, PartialEq, Eq, FromQueryResult)]
pub struct NameKeys {
    pub id: Id,
    pub first_key: String,
    pub last_key: String,
}

/// How many households a name search reads before ranking them: enough for every exact match of
/// a common name in a food bank of 200,000 households.
const CANDIDATES: u64 = 3000;

impl Store {
    /// The households of these food banks (not merged away) the name words may mean, with their
    /// folded names, by their name keys alone (which hold the names: migration 48); the caller
    /// ranks them, which every word must match, and reads the few it lists. A word finds the
    /// households one of whose keys it starts, that is not a typo one (a name, a word of one), or
    /// a key found only whole (both names together, a name with a letter left out); with
    /// `typos`, a word of four letters or more also finds those sharing one of its
    /// letters-left-out ([`one_letter_out`]: one typo).
    ///
    /// Of several words, the one finding the fewest households is read when it finds no more
    /// than [`CANDIDATES`] (each word's count stops there): a full name or a typed-out surname
    /// costs its few rows, where intersecting it with a common first name's thousands (and their
    /// typos' tens of thousands) cost the most. Only words that all find more are intersected
    /// in the database.
    pub async fn name_candidates(
        &self,
        food_banks: &[Id],
        words: &[String],
        typos: bool,
    ) -> StoreResult<Vec<NameKeys>> {
        let backend = self.db.get_database_backend();
        let words: Vec<&String> = words.iter().filter(|w| w.chars().count() >= 2).collect();
        let mut fewest: Option<(i64, &String)> = None;
        if words.len() > 1 {
            for word in &words {
                let mut some = word_keys(food_banks, word, typos, false);
                some.limit(CANDIDATES + 1);
                let count = Query::select()
                    .expr_as(Func::count(Expr::col(Alias::new("id"))), Alias::new("n"))
                    .from_subquery(some, Alias::new("some"))
                    .to_owned();
                let n = self.db.query_one(&count).await?.map(|r| r.try_get::<i64>("", "n")).transpose()?.unwrap_or(0);
                if fewest.is_none_or(|(least, _)| n < least) {
                    fewest = Some((n, word));
                }
            }
        }
        let mut found = match fewest {
            Some((n, word)) if n <= CANDIDATES as i64 => named(word_keys(food_banks, word, typos, true), 0),
            _ => {
                let mut found: Option<SelectStatement> = None;
                for (i, word) in words.iter().enumerate() {
                    let word_set = named(word_keys(food_banks, word, typos, true), i);
                    found = Some(match found {
                        None => word_set,
                        Some(mut found) => found.union(UnionType::Intersect, word_set).to_owned(),
                    });
                }
                let Some(found) = found else { return Ok(Vec::new()) };
                found
            }
        };
        // No ORDER BY: the caller ranks; ordered, the databases would read every match to sort it.
        found.limit(CANDIDATES);
        Ok(NameKeys::find_by_statement(backend.build(&found)).all(&self.db).await?)
    }
}

/// The keys a word finds (as [`Store::name_candidates`] says), their household as `id`, with the
/// household's folded names when `names`: a UNION of two index-only reads, not one WHERE with an
/// OR, which PostgreSQL answered with a bitmap of both ranges and then read every matching row of
/// the table. Counted, the UNION keeps its duplicates: a count that stops early needs no more.
fn word_keys(food_banks: &[Id], word: &str, typos: bool, names: bool) -> SelectStatement {
    use household_name_key::Column as K;
    let keys = || {
        let mut select = Query::select();
        select
            .expr_as(Expr::col(K::HouseholdId), Alias::new("id"))
            .from(household_name_key::Entity)
            .and_where(K::FoodBankId.is_in(food_banks.to_vec()));
        if names {
            select.columns([K::FirstKey, K::LastKey]);
        }
        select
    };
    let mut starting = keys();
    starting.and_where(K::Typo.eq(false)).cond_where(starts_with(word));
    let mut whole = keys();
    if typos && word.chars().count() >= 4 {
        whole.and_where(K::Typo.is_in([false, true])).and_where(K::Key.is_in(one_letter_out(word)));
    } else {
        whole.and_where(K::Typo.eq(true)).and_where(K::Key.eq(word));
    }
    starting.union(if names { UnionType::Distinct } else { UnionType::All }, whole);
    starting
}

/// A word's keys with their names, as a table of their own (`word{i}`) to intersect.
fn named(keys: SelectStatement, i: usize) -> SelectStatement {
    Query::select()
        .columns([Alias::new("id"), Alias::new("first_key"), Alias::new("last_key")])
        .from_subquery(keys, Alias::new(format!("word{i}")))
        .to_owned()
}

/// `key` starts with `prefix` (folded keys are letters and digits only, so the range is the
/// prefix's, in either database's ordering): an index range, not a scan.
fn starts_with(prefix: &str) -> Condition {
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
