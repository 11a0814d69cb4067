//! Households and walk-in visits (issue 49): the intake search's candidates, one household with
//! its visits and orders, a new household, the duplicate candidates of one, the facts a "same
//! household" answer adds to the record kept, a visit with its lines, and an account's household
//! made with its first order.
use super::{Store, StoreResult, Write, name_keys::keep_name_keys};
use crate::{
    db::entity::{
        household, household_name_key, inventory_item, pantry_location, report_order, tefap_decision, user, visit,
        visit_line,
    },
    domain::{
        Id,
        households::{Search, phone_digits, stored_key},
        signature::Signature,
    },
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::Expr,
};
use std::collections::HashMap;

pub use super::name_keys::NameKeys;
/// A household as stored.
pub use crate::db::entity::household::Model as HouseholdRow;

/// A household to write, as staff typed it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewHousehold {
    pub food_bank_id: Id,
    pub first_name: String,
    pub last_name: String,
    pub birth_date: Option<NaiveDate>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub street: Option<String>,
    pub postal_code: String,
    pub language: Option<String>,
    pub size: i32,
    /// 0-17, 18-59 and 60+, when staff asked.
    pub ages: Option<(i32, i32, i32)>,
}

/// A walk-in visit to write.
#[derive(Debug, Clone, PartialEq)]
pub struct NewVisit {
    pub household_id: Id,
    pub food_bank_id: Id,
    pub pantry_id: Id,
    pub day: NaiveDate,
    pub units: i64,
    pub pounds: f64,
    pub tefap_basis: Option<String>,
    pub by: Id,
    /// The household's signature, where the food bank requires one.
    pub signature: Option<Signature>,
}

/// A TEFAP decision to record: the household's latest from now on, and one more in its history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision<'a> {
    pub household_id: Id,
    pub basis: &'a str,
    pub day: NaiveDate,
    pub by: Id,
    pub pantry_id: Option<Id>,
    /// `staff` (the household page's form) or `visit` (TEFAP foods given at a lapsed decision).
    pub how: &'static str,
}

/// A decision of the household's history, as its page lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecisionRow {
    pub basis: String,
    pub day: NaiveDate,
    pub how: String,
    pub pantry: Option<String>,
}

/// A visit as the household's page lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct VisitRow {
    pub id: Id,
    pub day: NaiveDate,
    pub pantry: String,
    pub units: i64,
    pub pounds: f64,
    pub tefap_basis: Option<String>,
    pub signed: bool,
}

/// An order of the household's, from the report summary.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseholdOrderRow {
    pub order_id: Id,
    pub day: NaiveDate,
    pub pantry: Option<String>,
    pub status_type_id: Id,
}

impl Store {
    /// The first `most` households of these food banks (not merged away), in name order, that a
    /// phone, ZIP or birth date search finds outright, by their keys alone; the caller reads those
    /// it lists. None for a name: see [`Store::name_candidates`].
    pub async fn households_found(&self, food_banks: &[Id], search: &Search, most: u64) -> StoreResult<Vec<NameKeys>> {
        use household::Column as C;
        let filter = match search {
            Search::Phone(digits) => C::PhoneDigits.eq(digits.as_str()),
            Search::Zip(zip) => C::PostalCode.eq(zip.as_str()),
            Search::BirthDate(date) => C::BirthDate.eq(*date),
            Search::Name(_) => return Ok(Vec::new()),
        };
        Ok(household::Entity::find()
            .select_only()
            .columns([C::Id, C::FirstKey, C::LastKey])
            .filter(C::FoodBankId.is_in(food_banks.to_vec()))
            .filter(C::MergedInto.is_null())
            .filter(filter)
            .order_by_asc(C::LastKey)
            .order_by_asc(C::FirstKey)
            .order_by_asc(C::Id)
            .limit(most)
            .into_model()
            .all(&self.db)
            .await?)
    }

    /// These households, in no particular order.
    pub async fn households_by_ids(&self, ids: Vec<Id>) -> StoreResult<Vec<household::Model>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        Ok(household::Entity::find().filter(household::Column::Id.is_in(ids)).all(&self.db).await?)
    }

    pub async fn household(&self, id: Id) -> StoreResult<Option<household::Model>> {
        Ok(household::Entity::find_by_id(id).one(&self.db).await?)
    }

    /// The household's visits, newest first.
    pub async fn household_visits(&self, id: Id, limit: u64) -> StoreResult<Vec<VisitRow>> {
        let rows = visit::Entity::find()
            .filter(visit::Column::HouseholdId.eq(id))
            .order_by_desc(visit::Column::Day)
            .order_by_desc(visit::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        let names = self.pantry_names(rows.iter().map(|v| v.pantry_location_id).collect()).await?;
        Ok(rows
            .into_iter()
            .map(|v| VisitRow {
                id: v.id,
                day: v.day,
                pantry: names.get(&v.pantry_location_id).cloned().unwrap_or_default(),
                units: v.units,
                pounds: v.pounds,
                tefap_basis: v.tefap_basis,
                signed: v.signature_kind.is_some(),
            })
            .collect())
    }

    /// The household's TEFAP decisions, newest first.
    pub async fn household_decisions(&self, id: Id, limit: u64) -> StoreResult<Vec<DecisionRow>> {
        let rows = tefap_decision::Entity::find()
            .filter(tefap_decision::Column::HouseholdId.eq(id))
            .order_by_desc(tefap_decision::Column::DecidedOn)
            .order_by_desc(tefap_decision::Column::Id)
            .limit(limit)
            .all(&self.db)
            .await?;
        let names = self.pantry_names(rows.iter().filter_map(|d| d.pantry_location_id).collect()).await?;
        Ok(rows
            .into_iter()
            .map(|d| DecisionRow {
                basis: d.basis,
                day: d.decided_on,
                how: d.how,
                pantry: d.pantry_location_id.and_then(|p| names.get(&p).cloned()),
            })
            .collect())
    }

    /// The household's orders (of every account of it), newest first.
    pub async fn household_orders(&self, id: Id, limit: u64) -> StoreResult<Vec<HouseholdOrderRow>> {
        let rows = report_order::Entity::find()
            .filter(report_order::Column::HouseholdId.eq(id))
            .order_by_desc(report_order::Column::Day)
            .order_by_desc(report_order::Column::OrderId)
            .limit(limit)
            .all(&self.db)
            .await?;
        let names = self.pantry_names(rows.iter().filter_map(|o| o.pantry_location_id).collect()).await?;
        Ok(rows
            .into_iter()
            .map(|o| HouseholdOrderRow {
                order_id: o.order_id,
                day: o.day,
                pantry: o.pantry_location_id.and_then(|p| names.get(&p).cloned()),
                status_type_id: o.status_type_id,
            })
            .collect())
    }

    async fn pantry_names(&self, ids: Vec<Id>) -> StoreResult<HashMap<Id, String>> {
        let rows: Vec<(Id, String)> = pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(ids))
            .select_only()
            .columns([pantry_location::Column::Id, pantry_location::Column::Label])
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// The food banks these pantries belong to.
    pub async fn food_banks_of_pantries(&self, pantries: Vec<Id>) -> StoreResult<Vec<Id>> {
        Ok(pantry_location::Entity::find()
            .filter(pantry_location::Column::Id.is_in(pantries))
            .select_only()
            .column(pantry_location::Column::FoodBankId)
            .distinct()
            .into_tuple()
            .all(&self.db)
            .await?)
    }
}

/// The households of the food bank (not merged away) that share a phone or a birth date with
/// these: every record sharing three of the four compared facts shares one of them.
async fn duplicate_candidates<Db: ConnectionTrait>(
    c: &Db,
    food_bank_id: Id,
    birth_date: Option<NaiveDate>,
    phone: Option<&str>,
) -> StoreResult<Vec<household::Model>> {
    use household::Column as C;
    // The food bank inside each alternative: SQLite reads an OR of two index lookups only when
    // each names the index's leading column itself (else it reads the food bank's every row).
    let of_bank = || Condition::all().add(C::FoodBankId.eq(food_bank_id));
    let mut any = Condition::any();
    if let Some(date) = birth_date {
        any = any.add(of_bank().add(C::BirthDate.eq(date)));
    }
    if let Some(digits) = phone.map(phone_digits).filter(|d| !d.is_empty()) {
        any = any.add(of_bank().add(C::PhoneDigits.eq(digits)));
    }
    if any.is_empty() {
        return Ok(Vec::new());
    }
    // No ORDER BY: ordering by id would have SQLite walk the table in id order (a scan) rather
    // than read the two index ranges; the caller sorts the few rows.
    let mut rows = household::Entity::find().filter(C::MergedInto.is_null()).filter(any).limit(200).all(c).await?;
    rows.sort_by_key(|h| h.id);
    Ok(rows)
}

impl Store {
    /// The households of the food bank (not merged away) that share a phone or a birth date with
    /// these: every record sharing three of the four compared facts shares one of them.
    pub async fn duplicate_candidates(
        &self,
        food_bank_id: Id,
        birth_date: Option<NaiveDate>,
        phone: Option<&str>,
    ) -> StoreResult<Vec<household::Model>> {
        duplicate_candidates(&self.db, food_bank_id, birth_date, phone).await
    }
}

/// The columns a household's typed facts are compared by: its names folded (at most 100
/// letters, as stored) and its phone's digits.
fn compared(new: &NewHousehold) -> (String, String, Option<String>) {
    let digits = new.phone.as_deref().map(phone_digits).filter(|d| !d.is_empty());
    (stored_key(&new.first_name), stored_key(&new.last_name), digits)
}

impl Write {
    /// The household, read in the transaction that changes it.
    pub async fn household(&self, id: Id) -> StoreResult<Option<household::Model>> {
        Ok(household::Entity::find_by_id(id).one(&self.db).await?)
    }

    /// Of these stock rows, those of the pantry.
    pub async fn pantry_stock_ids(&self, pantry_id: Id, ids: Vec<Id>) -> StoreResult<Vec<Id>> {
        Ok(inventory_item::Entity::find()
            .filter(inventory_item::Column::Id.is_in(ids))
            .filter(inventory_item::Column::PantryLocationId.eq(pantry_id))
            .select_only()
            .column(inventory_item::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// [`Store::duplicate_candidates`], in the transaction that registers the household.
    pub async fn duplicate_candidates(
        &self,
        food_bank_id: Id,
        birth_date: Option<NaiveDate>,
        phone: Option<&str>,
    ) -> StoreResult<Vec<household::Model>> {
        duplicate_candidates(&self.db, food_bank_id, birth_date, phone).await
    }

    pub async fn insert_household(&self, new: &NewHousehold, now: DateTime<Utc>) -> StoreResult<Id> {
        let (first_key, last_key, digits) = compared(new);
        let row = household::ActiveModel {
            id: NotSet,
            food_bank_id: Set(new.food_bank_id),
            first_name: Set(new.first_name.clone()),
            last_name: Set(new.last_name.clone()),
            first_key: Set(first_key),
            last_key: Set(last_key),
            birth_date: Set(new.birth_date),
            phone: Set(new.phone.clone()),
            phone_digits: Set(digits),
            email: Set(new.email.clone()),
            street: Set(new.street.clone()),
            postal_code: Set(new.postal_code.clone()),
            county_id: Set(None),
            language: Set(new.language.clone()),
            size: Set(new.size),
            children: Set(new.ages.map(|a| a.0)),
            adults: Set(new.ages.map(|a| a.1)),
            seniors: Set(new.ages.map(|a| a.2)),
            tefap_basis: Set(None),
            tefap_decided_on: Set(None),
            tefap_decided_by: Set(None),
            merged_into: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        };
        let id = household::Entity::insert(row).exec(&self.db).await?.last_insert_id;
        keep_name_keys(&self.db, new.food_bank_id, id, &new.first_name, &new.last_name).await?;
        Ok(id)
    }

    /// Staff's edit of a kept household: every intake field as typed, and its name keys written
    /// again. False when it is gone or merged away meanwhile.
    pub async fn update_household(&self, id: Id, new: &NewHousehold, now: DateTime<Utc>) -> StoreResult<bool> {
        use household::Column as C;
        let (first_key, last_key, digits) = compared(new);
        let done = household::Entity::update_many()
            .col_expr(C::FirstName, Expr::value(new.first_name.clone()))
            .col_expr(C::LastName, Expr::value(new.last_name.clone()))
            .col_expr(C::FirstKey, Expr::value(first_key))
            .col_expr(C::LastKey, Expr::value(last_key))
            .col_expr(C::BirthDate, Expr::value(new.birth_date))
            .col_expr(C::Phone, Expr::value(new.phone.clone()))
            .col_expr(C::PhoneDigits, Expr::value(digits))
            .col_expr(C::Email, Expr::value(new.email.clone()))
            .col_expr(C::Street, Expr::value(new.street.clone()))
            .col_expr(C::PostalCode, Expr::value(new.postal_code.clone()))
            .col_expr(C::Language, Expr::value(new.language.clone()))
            .col_expr(C::Size, Expr::value(new.size))
            .col_expr(C::Children, Expr::value(new.ages.map(|a| a.0)))
            .col_expr(C::Adults, Expr::value(new.ages.map(|a| a.1)))
            .col_expr(C::Seniors, Expr::value(new.ages.map(|a| a.2)))
            .col_expr(C::UpdatedAt, Expr::value(now))
            .filter(C::Id.eq(id))
            .filter(C::FoodBankId.eq(new.food_bank_id))
            .filter(C::MergedInto.is_null())
            .exec(&self.db)
            .await?;
        if done.rows_affected == 0 {
            return Ok(false);
        }
        household_name_key::Entity::delete_many()
            .filter(household_name_key::Column::HouseholdId.eq(id))
            .exec(&self.db)
            .await?;
        keep_name_keys(&self.db, new.food_bank_id, id, &new.first_name, &new.last_name).await?;
        Ok(true)
    }

    /// A "same household" answer: the facts the kept record lacks are taken from the one typed
    /// (a birth date, a phone, an e-mail, a street), and its size is the one typed now.
    pub async fn complete_household(
        &self,
        kept: HouseholdRow,
        typed: &NewHousehold,
        now: DateTime<Utc>,
    ) -> StoreResult<()> {
        let digits = typed.phone.as_deref().map(phone_digits).filter(|d| !d.is_empty());
        let mut row: household::ActiveModel = kept.clone().into();
        row.birth_date = Set(kept.birth_date.or(typed.birth_date));
        if kept.phone.is_none() {
            row.phone = Set(typed.phone.clone());
            row.phone_digits = Set(digits);
        }
        row.email = Set(kept.email.or_else(|| typed.email.clone()));
        row.street = Set(kept.street.or_else(|| typed.street.clone()));
        row.size = Set(typed.size);
        if typed.ages.is_some() {
            row.children = Set(typed.ages.map(|a| a.0));
            row.adults = Set(typed.ages.map(|a| a.1));
            row.seniors = Set(typed.ages.map(|a| a.2));
        } else if kept.children.is_some() && kept.size != typed.size {
            // Ages that no longer add up to the size are dropped, not kept wrong.
            row.children = Set(None);
            row.adults = Set(None);
            row.seniors = Set(None);
        }
        row.updated_at = Set(now);
        household::Entity::update(row).exec(&self.db).await?;
        Ok(())
    }

    /// Writes the visit and its lines.
    pub async fn insert_visit(&self, new: &NewVisit, lines: &[(Id, i32)], now: DateTime<Utc>) -> StoreResult<Id> {
        let id = visit::Entity::insert(visit::ActiveModel {
            id: NotSet,
            household_id: Set(new.household_id),
            food_bank_id: Set(new.food_bank_id),
            pantry_location_id: Set(new.pantry_id),
            day: Set(new.day),
            units: Set(new.units),
            pounds: Set(new.pounds),
            tefap_basis: Set(new.tefap_basis.clone()),
            recorded_by: Set(Some(new.by)),
            created_at: Set(now),
            signature_kind: Set(new.signature.as_ref().map(|s| s.kind().to_owned())),
            signature: Set(new.signature.as_ref().map(|s| s.text().to_owned())),
        })
        .exec(&self.db)
        .await?
        .last_insert_id;
        if !lines.is_empty() {
            let rows = lines.iter().map(|&(inventory_item_id, quantity)| visit_line::ActiveModel {
                visit_id: Set(id),
                inventory_item_id: Set(inventory_item_id),
                quantity: Set(quantity),
            });
            visit_line::Entity::insert_many(rows).exec_without_returning(&self.db).await?;
        }
        Ok(id)
    }

    /// Records a TEFAP decision on the household (its basis, the day and who decided) and keeps it
    /// in the household's history.
    pub async fn decide_tefap(&self, d: &Decision<'_>, now: DateTime<Utc>) -> StoreResult<()> {
        household::Entity::update_many()
            .col_expr(household::Column::TefapBasis, Expr::value(d.basis))
            .col_expr(household::Column::TefapDecidedOn, Expr::value(d.day))
            .col_expr(household::Column::TefapDecidedBy, Expr::value(d.by))
            .col_expr(household::Column::UpdatedAt, Expr::value(now))
            .filter(household::Column::Id.eq(d.household_id))
            .exec(&self.db)
            .await?;
        tefap_decision::Entity::insert(tefap_decision::ActiveModel {
            id: NotSet,
            household_id: Set(d.household_id),
            basis: Set(d.basis.to_owned()),
            decided_on: Set(d.day),
            decided_by: Set(Some(d.by)),
            pantry_location_id: Set(d.pantry_id),
            how: Set(d.how.to_owned()),
            created_at: Set(now),
        })
        .exec_without_returning(&self.db)
        .await?;
        Ok(())
    }

    /// The account's household, made from its profile at this food bank when it has none (its
    /// first order); the summary rows of its orders name it from then on.
    pub async fn ensure_household(&self, user_id: Id, food_bank_id: Id, now: DateTime<Utc>) -> StoreResult<()> {
        let Some(u) = user::Entity::find_by_id(user_id).one(&self.db).await? else { return Ok(()) };
        if u.household_id.is_some() {
            return Ok(());
        }
        let new = NewHousehold {
            food_bank_id,
            first_name: u.first_name.chars().take(100).collect(),
            last_name: u.last_name.chars().take(100).collect(),
            birth_date: None,
            phone: u.phone_number.map(|p| p.chars().take(32).collect()),
            email: Some(u.email).filter(|e| e.len() <= 254),
            street: None,
            postal_code: u.postal_code.unwrap_or_default().chars().take(10).collect(),
            language: u.language.filter(|l| l.len() <= 8),
            size: 1,
            ages: None,
        };
        let id = self.insert_household(&new, now).await?;
        user::Entity::update_many()
            .col_expr(user::Column::HouseholdId, Expr::val(id))
            .filter(user::Column::Id.eq(user_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }
}
