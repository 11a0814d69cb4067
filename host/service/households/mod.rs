//! Households at the door (issue 49): the intake search, a household's page (each look is in the
//! audit log), registering a walk-in household (with the duplicate check and its "same
//! household" answer), and recording a walk-in visit. Volunteers and up, at the food banks of
//! the pantries they work at: another food bank's household is NotFound, like one that does not
//! exist. Each write is one transaction with its audit entry; a visit's stock movements too.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::{
        audit::AuditEntry,
        households::{HouseholdRow, NameKeys, NewHousehold},
    },
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError, is_valid_email, is_valid_zip},
        households::{
            DUPLICATE_AT, Identity, NameMatch, Search, fold, name_match, parse_date, parse_search, phone_digits,
            phone_end, shared_facts,
        },
        messages,
        orders::StatusType,
        staff::{Reach, Volunteer},
        tefap::recertification_due,
        time::local_today,
    },
    model::households::{
        HouseholdDecision, HouseholdDetail, HouseholdListed, HouseholdOrder, HouseholdTefap, HouseholdVisit, VisitItem,
    },
};
use chrono::{Months, NaiveDate};
use serde::Serialize;
use std::collections::BTreeMap;

mod edit;
mod merge;
mod visits;
pub use edit::edit;
pub use merge::merge;
pub use visits::{VisitForm, decide, record_visit};

/// How many households a search lists.
const LISTED: usize = 20;
/// The most units one line of a visit gives out, and the most pounds a visit records.
pub(super) const MAX_LINE: i64 = 999;
pub(super) const MAX_POUNDS: f64 = 10_000.0;

/// The food banks whose households the caller sees: those of the pantries they work at.
async fn food_banks(state: &Context, reach: &Reach) -> Result<Vec<Id>> {
    let mut ids = state.store.food_banks_of_pantries(reach.pantries.iter().copied().collect()).await?;
    ids.extend(reach.food_banks.iter().copied());
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The household's decision has lapsed (or was never made) under its food bank's period.
fn due(decided_on: Option<NaiveDate>, today: NaiveDate, months: u32) -> bool {
    recertification_due(decided_on, today, months)
}

/// Each of these food banks' TEFAP periods, in months.
async fn periods(state: &Context, banks: &[Id]) -> Result<BTreeMap<Id, u32>> {
    let mut months = BTreeMap::new();
    for bank in banks {
        months.insert(*bank, state.store.tefap_rules(*bank).await?.valid_months);
    }
    Ok(months)
}

fn listed(h: &HouseholdRow, today: NaiveDate, periods: &BTreeMap<Id, u32>) -> HouseholdListed {
    let end = h.phone_digits.as_deref().and_then(phone_end);
    HouseholdListed {
        id: h.id,
        first_name: h.first_name.clone(),
        last_name: h.last_name.clone(),
        birth_date: h.birth_date.map(|d| d.to_string()),
        phone_end: end,
        postal_code: h.postal_code.clone(),
        size: h.size,
        recertification_due: due(
            h.tefap_decided_on,
            today,
            periods.get(&h.food_bank_id).copied().unwrap_or(crate::domain::tefap::TEFAP_VALID_MONTHS),
        ),
    }
}

/// How well a household's folded names match the name words: every word must match its first
/// or last name.
fn rank(first_key: &str, last_key: &str, words: &[String]) -> Option<NameMatch> {
    words
        .iter()
        .map(|w| {
            [
                name_match(w, last_key),
                name_match(w, first_key),
                (*w == format!("{first_key}{last_key}")).then_some(NameMatch::Exact),
            ]
            .into_iter()
            .flatten()
            .min()
        })
        .try_fold(NameMatch::Exact, |worst, m| m.map(|m| worst.max(m)))
}

/// The households of the caller's food banks the text finds (a name, a phone, a birth date or a
/// ZIP), best matches first. The candidates are ranked on their keys; only those listed are read
/// whole.
pub async fn search(state: &Context, staff: &Staff<Volunteer>, text: &str) -> Result<Vec<HouseholdListed>> {
    let Some(search) = parse_search(&text.chars().take(100).collect::<String>()) else { return Ok(Vec::new()) };
    let banks = food_banks(state, &staff.reach).await?;
    let today = state.clock.now().date_naive();
    let ranked_of = |keys: Vec<NameKeys>| -> Vec<(NameMatch, NameKeys)> {
        match &search {
            Search::Name(words) => {
                keys.into_iter().filter_map(|k| rank(&k.first_key, &k.last_key, words).map(|m| (m, k))).collect()
            }
            _ => keys.into_iter().map(|k| (NameMatch::Exact, k)).collect(),
        }
    };
    let mut ranked = match &search {
        Search::Name(words) => {
            let mut ranked = ranked_of(state.store.name_candidates(&banks, words, false).await?);
            // A household a typo alone finds ranks after every name that starts as typed: look
            // for typos only when those do not fill the list.
            let typos_may_add = words.iter().any(|w| w.chars().count() >= 4);
            if typos_may_add && ranked.iter().filter(|(m, _)| *m < NameMatch::Typo).count() < LISTED {
                ranked = ranked_of(state.store.name_candidates(&banks, words, true).await?);
            }
            ranked
        }
        _ => ranked_of(state.store.households_found(&banks, &search, LISTED as u64).await?),
    };
    ranked.sort_by(|a, b| {
        a.0.cmp(&b.0)
            .then_with(|| (&a.1.last_key, &a.1.first_key, a.1.id).cmp(&(&b.1.last_key, &b.1.first_key, b.1.id)))
    });
    let ids: Vec<Id> = ranked.iter().take(LISTED).map(|(_, k)| k.id).collect();
    let mut rows = state.store.households_by_ids(ids.clone()).await?;
    rows.sort_by_key(|h| ids.iter().position(|id| *id == h.id));
    let periods = periods(state, &banks).await?;
    Ok(rows.iter().map(|h| listed(h, today, &periods)).collect())
}

/// The household, when it is of one of the caller's food banks.
pub(super) async fn own(state: &Context, reach: &Reach, id: Id) -> Result<HouseholdRow> {
    let banks = food_banks(state, reach).await?;
    let mut found = state.store.household(id).await?;
    // A record merged into another stands for the one kept (a page opened before the merge, a
    // link kept): a merge never chains far, as only a kept record is merged into.
    for _ in 0..4 {
        match found.as_ref().and_then(|h| h.merged_into) {
            Some(kept) => found = state.store.household(kept).await?,
            None => break,
        }
    }
    match found {
        Some(h) if banks.contains(&h.food_bank_id) && h.merged_into.is_none() => Ok(h),
        _ => Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND)),
    }
}

/// The pantry's stock on hand, as the visit and phone order forms offer it.
pub(crate) async fn pantry_stock(state: &Context, pantry_id: Id) -> Result<Vec<VisitItem>> {
    Ok(state
        .store
        .stock_rows(pantry_id, None)
        .await?
        .into_iter()
        .filter(|r| r.is_active && r.quantity > 0)
        .map(|r| VisitItem { id: r.id, name: r.product, on_hand: r.quantity })
        .collect())
}

/// What the audit log records of a look or a change: which household, never its facts.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Subject {
    pub household_id: Id,
}

/// The household's page, at the caller's working pantry `pantry` (its items for a visit). The
/// look is written in the audit log: who opened which household, when.
pub async fn show(state: &Context, staff: &Staff<Volunteer>, id: Id, pantry: Option<Id>) -> Result<HouseholdDetail> {
    let h = own(state, &staff.reach, id).await?;
    let now = state.clock.now();
    let at = pantry.filter(|p| staff.reach.has_pantry(*p));
    let pantries = state.store.staff_pantries(at.into_iter().collect()).await?;
    let pantry = pantries.into_iter().find(|p| p.food_bank_id == h.food_bank_id);
    let today = pantry.as_ref().map_or_else(|| now.date_naive(), |p| local_today(now, p.tz));
    let place = (h.food_bank_id, pantry.as_ref().map(|p| p.id));
    let subject = format!("household:{}", h.id);
    super::staff::looks::record(state, staff.user_id, place, AuditAction::HouseholdView, subject).await?;
    let rules = state.store.tefap_rules(h.food_bank_id).await?;
    let decisions = state.store.household_decisions(h.id, 50).await?;
    let visits = state.store.household_visits(h.id, 50).await?;
    let orders = state.store.household_orders(h.id, 50).await?;
    let candidates = state.store.duplicate_candidates(h.food_bank_id, h.birth_date, h.phone.as_deref()).await?;
    let others: Vec<HouseholdRow> = candidates.into_iter().filter(|c| c.id != h.id).collect();
    let possible_duplicates = alike_to(&identity(&h), h.food_bank_id, &others, today, rules.valid_months);
    let items = match &pantry {
        Some(p) => pantry_stock(state, p.id).await?,
        None => Vec::new(),
    };
    Ok(HouseholdDetail {
        id: h.id,
        first_name: h.first_name.clone(),
        last_name: h.last_name.clone(),
        birth_date: h.birth_date.map(|d| d.to_string()),
        phone: h.phone.clone(),
        email: h.email.clone(),
        street: h.street.clone(),
        postal_code: h.postal_code.clone(),
        language: h.language.clone(),
        size: h.size,
        children: h.children,
        adults: h.adults,
        seniors: h.seniors,
        tefap: match (&h.tefap_basis, h.tefap_decided_on) {
            (Some(basis), Some(on)) => Some(HouseholdTefap {
                basis: basis.clone(),
                decided_on: on.to_string(),
                by_staff: h.tefap_decided_by.is_some(),
            }),
            _ => None,
        },
        recertification_due: due(h.tefap_decided_on, today, rules.valid_months),
        tefap_valid_months: rules.valid_months,
        tefap_due_on: h
            .tefap_decided_on
            .and_then(|d| d.checked_add_months(Months::new(rules.valid_months)))
            .map(|d| d.to_string()),
        decisions: decisions
            .into_iter()
            .map(|d| HouseholdDecision { basis: d.basis, day: d.day.to_string(), how: d.how, pantry: d.pantry })
            .collect(),
        visit_signature: rules.visit_signature,
        possible_duplicates,
        visits: visits
            .into_iter()
            .map(|v| HouseholdVisit {
                id: v.id,
                day: v.day.to_string(),
                pantry: v.pantry,
                units: v.units,
                pounds: v.pounds,
                tefap_basis: v.tefap_basis,
                signed: v.signed,
            })
            .collect(),
        orders: orders
            .into_iter()
            .map(|o| HouseholdOrder {
                id: o.order_id,
                day: o.day.to_string(),
                pantry: o.pantry,
                state: StatusType::from_id(o.status_type_id).map_or_else(String::new, |s| s.code().to_owned()),
            })
            .collect(),
        pantry_id: pantry.map(|p| p.id),
        items,
    })
}

/// The intake form as typed (every field a text, as posted).
#[derive(Debug, Clone, Default)]
pub struct IntakeForm {
    pub first_name: String,
    pub last_name: String,
    pub birth_date: String,
    pub phone: String,
    pub email: String,
    pub street: String,
    pub postal_code: String,
    pub language: String,
    pub size: String,
    pub children: String,
    pub adults: String,
    pub seniors: String,
}

/// What staff answered when shown possible duplicates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuplicateAnswer {
    /// Not asked yet: check.
    Unasked,
    /// None of them: register a new household.
    Different,
    /// This one: the typed facts complete it.
    Same(Id),
}

/// A registration's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Registered {
    /// The household's id (new, or the one chosen as the same).
    Done(Id),
    /// Households that may be this one: staff choose.
    Duplicates(Vec<HouseholdListed>),
}

fn optional(text: &str) -> Option<String> {
    Some(text.trim().to_owned()).filter(|t| !t.is_empty())
}

fn count(
    errors: &mut Vec<FieldError>,
    field: &'static str,
    text: &str,
    range: std::ops::RangeInclusive<i32>,
) -> Option<i32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    match text.parse::<i32>() {
        Ok(n) if range.contains(&n) => Some(n),
        _ => {
            let message = format!("Enter a whole number from {} to {}.", range.start(), range.end());
            errors.push(FieldError::new(field, FieldCode::OutOfRange, message));
            None
        }
    }
}

/// The form as a household to write, or every field's problem.
pub(super) fn checked(
    form: &IntakeForm,
    food_bank_id: Id,
    today: NaiveDate,
) -> std::result::Result<NewHousehold, Vec<FieldError>> {
    let mut errors = Vec::new();
    let mut text = |field: &'static str, value: &str, max: usize, required: bool| -> Option<String> {
        let value = value.trim();
        if value.is_empty() {
            if required {
                errors.push(FieldError::required(field));
            }
            None
        } else if value.chars().count() > max {
            errors.push(FieldError::new(field, FieldCode::TooLong, format!("Use at most {max} characters.")));
            None
        } else {
            Some(value.to_owned())
        }
    };
    let first_name = text("firstName", &form.first_name, 100, true);
    let last_name = text("lastName", &form.last_name, 100, true);
    let street = text("street", &form.street, 200, false);
    let phone = text("phone", &form.phone, 32, false);
    let email = text("email", &form.email, 254, false);
    let postal_code = text("postalCode", &form.postal_code, 10, true);
    if phone.as_deref().is_some_and(|p| !(10..=15).contains(&phone_digits(p).len())) {
        errors.push(FieldError::new("phone", FieldCode::Phone, messages::FIELD_REQUIRED));
    }
    if email.as_deref().is_some_and(|e| !is_valid_email(e)) {
        errors.push(FieldError::new("email", FieldCode::Email, "Enter an e-mail address."));
    }
    if postal_code.as_deref().is_some_and(|z| !is_valid_zip(z)) {
        errors.push(FieldError::new("postalCode", FieldCode::Zip, "Enter a 5-digit ZIP code."));
    }
    let birth_date = optional(&form.birth_date).and_then(|d| match parse_date(&d) {
        Some(date)
            if date <= today
                && date.years_since(today).is_none()
                && today.years_since(date).is_some_and(|y| y <= 120) =>
        {
            Some(date)
        }
        _ => {
            errors.push(FieldError::new("birthDate", FieldCode::Choice, "Enter a date of birth in the past."));
            None
        }
    });
    let language =
        optional(&form.language).and_then(|l| crate::catalog::Lang::from_code(&l)).map(|l| l.code().to_owned());
    let size = count(&mut errors, "size", &form.size, 1..=30);
    if size.is_none() && !errors.iter().any(|e| e.field == "size") {
        errors.push(FieldError::required("size"));
    }
    let ages = [("children", &form.children), ("adults", &form.adults), ("seniors", &form.seniors)]
        .map(|(field, text)| (text.trim().is_empty(), count(&mut errors, field, text, 0..=30)));
    let ages = match ages {
        [(true, _), (true, _), (true, _)] => None,
        [(_, c), (_, a), (_, s)] => {
            let (c, a, s) = (c.unwrap_or(0), a.unwrap_or(0), s.unwrap_or(0));
            if size.is_some_and(|n| n != c + a + s) {
                errors.push(FieldError::new(
                    "size",
                    FieldCode::OutOfRange,
                    "The ages must add up to the household's size.",
                ));
            }
            Some((c, a, s))
        }
    };
    match (first_name, last_name, postal_code, size) {
        (Some(first_name), Some(last_name), Some(postal_code), Some(size)) if errors.is_empty() => Ok(NewHousehold {
            food_bank_id,
            first_name,
            last_name,
            birth_date,
            phone,
            email,
            street,
            postal_code,
            language,
            size,
            ages,
        }),
        _ => Err(errors),
    }
}

/// Of these records, those sharing three of first name, last name, birth date and phone with the
/// one typed.
fn alike(new: &NewHousehold, candidates: &[HouseholdRow], today: NaiveDate, months: u32) -> Vec<HouseholdListed> {
    let typed = Identity {
        first_key: fold(&new.first_name),
        last_key: fold(&new.last_name),
        birth_date: new.birth_date,
        phone_digits: new.phone.as_deref().map(phone_digits),
    };
    alike_to(&typed, new.food_bank_id, candidates, today, months)
}

/// Of these records, those sharing three of the four facts with `typed`.
fn alike_to(
    typed: &Identity,
    food_bank_id: Id,
    candidates: &[HouseholdRow],
    today: NaiveDate,
    months: u32,
) -> Vec<HouseholdListed> {
    let periods = BTreeMap::from([(food_bank_id, months)]);
    candidates
        .iter()
        .filter(|h| shared_facts(typed, &identity(h)) >= DUPLICATE_AT)
        .map(|h| listed(h, today, &periods))
        .collect()
}

/// A kept record's facts the duplicate check compares.
fn identity(h: &HouseholdRow) -> Identity {
    Identity {
        first_key: h.first_key.clone(),
        last_key: h.last_key.clone(),
        birth_date: h.birth_date,
        phone_digits: h.phone_digits.clone(),
    }
}

/// The pantry of the caller's the registration is at.
pub(super) async fn intake_place(
    state: &Context,
    staff: &Staff<Volunteer>,
    pantry: Id,
) -> Result<crate::db::repo::staff::grants::StaffPantryRow> {
    let place = state.store.staff_pantries(vec![pantry]).await?.into_iter().find(|p| staff.reach.has_pantry(p.id));
    place.ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))
}

/// The households the intake form may be (a read: the page showing them asks again), none when
/// the form cannot be stored.
pub async fn duplicates(
    state: &Context,
    staff: &Staff<Volunteer>,
    pantry: Id,
    form: &IntakeForm,
) -> Result<Vec<HouseholdListed>> {
    let place = intake_place(state, staff, pantry).await?;
    let today = local_today(state.clock.now(), place.tz);
    let Ok(new) = checked(form, place.food_bank_id, today) else { return Ok(Vec::new()) };
    let candidates = state.store.duplicate_candidates(new.food_bank_id, new.birth_date, new.phone.as_deref()).await?;
    let months = state.store.tefap_rules(new.food_bank_id).await?.valid_months;
    Ok(alike(&new, &candidates, today, months))
}

/// Registers a household at the food bank of the caller's pantry `pantry`. Unless staff already
/// answered, records sharing three of first name, last name, birth date and phone are shown
/// first; "same" completes the one chosen (audit `household.merge`) instead of adding one. A
/// registration the door sent from a device keeps its key (`once`) in the same transaction.
pub async fn register(
    state: &Context,
    staff: &Staff<Volunteer>,
    pantry: Id,
    form: &IntakeForm,
    answer: DuplicateAnswer,
    once: Option<&crate::domain::door::Once<'_>>,
) -> Result<Registered> {
    let place = intake_place(state, staff, pantry).await?;
    let now = state.clock.now();
    let today = local_today(now, place.tz);
    let new = checked(form, place.food_bank_id, today).map_err(Error::fields)?;
    let new = &new;
    let months = state.store.tefap_rules(new.food_bank_id).await?.valid_months;
    let by = staff.user_id;
    let where_ = (place.food_bank_id, Some(place.id));
    state
        .store
        .write(|txn| async move {
            if let DuplicateAnswer::Same(id) = answer {
                let chosen =
                    txn.household(id).await?.filter(|h| h.food_bank_id == new.food_bank_id && h.merged_into.is_none());
                let Some(chosen) = chosen else { return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND)) };
                let id = chosen.id;
                txn.complete_household(chosen, new, now).await?;
                let entry = AuditEntry::change(
                    by,
                    where_,
                    AuditAction::HouseholdMerge,
                    format!("household:{id}"),
                    None::<&Subject>,
                    Some(&Subject { household_id: id }),
                );
                txn.audit(entry, now).await?;
                return Ok(Registered::Done(id));
            }
            if answer == DuplicateAnswer::Unasked {
                let candidates =
                    txn.duplicate_candidates(new.food_bank_id, new.birth_date, new.phone.as_deref()).await?;
                let alike = alike(new, &candidates, today, months);
                if !alike.is_empty() {
                    return Ok(Registered::Duplicates(alike));
                }
            }
            let id = txn.insert_household(new, now).await?;
            let entry = AuditEntry::change(
                by,
                where_,
                AuditAction::HouseholdCreate,
                format!("household:{id}"),
                None::<&Subject>,
                Some(&Subject { household_id: id }),
            );
            txn.audit(entry, now).await?;
            if let Some(once) = once {
                txn.keep_door_action(once.key, by, once.kind, id, now).await?;
            }
            Ok::<_, Error>(Registered::Done(id))
        })
        .await
}
