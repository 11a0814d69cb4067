//! The food bank admin's audit page (`/staff/audit`, `/api/v1/staff/audit`): the newest staff
//! changes at their food banks, filtered by pantry, person, kind of change and days, who made
//! them, and each field's value before and after, read from the log the changes wrote in their
//! own transactions; and the same entries as CSV (`/staff/audit.csv`).
use crate::service::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::{
        audit::{AuditFilter, AuditRow},
        staff::grants::StaffPantryRow,
    },
    domain::{
        Id,
        audit::{AuditAction, SYSTEM_ACTOR},
        forms::{FieldCode, FieldError},
        messages,
        staff::FoodBankAdmin,
        time::place_time,
    },
    infra::sheet::SheetWriter,
    model::{
        staff_audit::{AuditChange, AuditLine, AuditPage},
        staff_items::Named,
    },
};
use chrono::{NaiveDate, NaiveTime, TimeZone};
use chrono_tz::Tz;
use serde_json::Value;
use std::collections::BTreeSet;
use std::collections::HashMap;

/// Entries per page.
pub const PAGE_SIZE: u64 = 50;

fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The fields that differ between `before` and `after` (objects: by key, in key order; anything
/// else: one change with an empty field name). Fields absent or null on both sides are left out.
pub fn changes(before: Option<&Value>, after: Option<&Value>) -> Vec<AuditChange> {
    let value = |v: Option<&Value>| v.filter(|v| !v.is_null()).map(text);
    match (before, after) {
        (None | Some(Value::Object(_)), None | Some(Value::Object(_))) => {
            let empty = serde_json::Map::new();
            let b = before.and_then(Value::as_object).unwrap_or(&empty);
            let a = after.and_then(Value::as_object).unwrap_or(&empty);
            let keys: BTreeSet<&String> = b.keys().chain(a.keys()).collect();
            keys.into_iter()
                .filter(|k| b.get(*k) != a.get(*k))
                .map(|k| AuditChange { field: k.clone(), before: value(b.get(k)), after: value(a.get(k)) })
                .filter(|c| c.before != c.after)
                .collect()
        }
        _ if before == after => Vec::new(),
        _ => vec![AuditChange { field: String::new(), before: value(before), after: value(after) }],
    }
}

/// Which entries the admin asks for: of one of their pantries, one person, one kind of change
/// (`action`, e.g. `item.update`) and days `from`..=`to` (in their first pantry's time zone).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct AuditAsk {
    pub pantry: Option<Id>,
    pub person: Option<Id>,
    pub action: Option<String>,
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

/// Entries a CSV export holds at most: a food bank's years of changes, not an unbounded read.
pub const CSV_LIMIT: u64 = 100_000;

/// The store's filter for `ask`, or the fields it gets wrong.
async fn filter_of(state: &Context, admin: &Staff<FoodBankAdmin>, ask: &AuditAsk) -> Result<AuditFilter> {
    if ask.pantry.is_some_and(|p| !admin.reach.has_pantry(p)) {
        return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
    }
    let mut errors = Vec::new();
    if let (Some(from), Some(to)) = (ask.from, ask.to)
        && to < from
    {
        errors.push(FieldError::new("to", FieldCode::EndBeforeStart, "The last day is before the first."));
    }
    let action = ask.action.as_deref().map(str::trim).filter(|a| !a.is_empty());
    if action.is_some_and(|a| a.len() > 64 || !a.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')) {
        errors.push(FieldError::new("action", FieldCode::Choice, "Choose a kind of change from the list."));
    }
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    // Days are the admin's: those of their first pantry's zone (UTC when they have none).
    let first = admin.reach.pantries.iter().next().copied();
    let tz = match first {
        Some(p) => state.store.staff_pantries(vec![p]).await?.pop().map_or(chrono_tz::UTC, |p| p.tz),
        None => chrono_tz::UTC,
    };
    let midnight = |day: NaiveDate| {
        tz.from_local_datetime(&day.and_time(NaiveTime::MIN)).earliest().map(|t| t.with_timezone(&chrono::Utc))
    };
    Ok(AuditFilter {
        food_banks: admin.reach.food_banks.iter().copied().collect(),
        pantry: ask.pantry,
        actor: ask.person,
        action: action.map(str::to_owned),
        from: ask.from.and_then(midnight),
        until: ask.to.and_then(|d| d.succ_opt()).and_then(midnight),
    })
}

/// The admin's pantries (name and zone) and food banks' zones: an entry's time is read in its
/// pantry's zone, else its food bank's.
struct Places {
    pantries: Vec<StaffPantryRow>,
    food_banks: HashMap<Id, Tz>,
}

impl Places {
    fn zone(&self, r: &AuditRow) -> Tz {
        let pantry = r.pantry_location_id.and_then(|p| self.pantries.iter().find(|x| x.id == p)).map(|p| p.tz);
        pantry.or_else(|| self.food_banks.get(&r.food_bank_id).copied()).unwrap_or(chrono_tz::UTC)
    }
}

async fn places_of(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<Places> {
    let pantries = state.store.staff_pantries(admin.reach.pantries.iter().copied().collect()).await?;
    let food_banks = state.store.food_bank_zones(admin.reach.food_banks.iter().copied().collect()).await?;
    Ok(Places { pantries, food_banks })
}

/// The entries of `filter`, older than `before`, as the page and the CSV show them.
async fn lines(
    state: &Context,
    filter: &AuditFilter,
    places: &Places,
    before: Option<i64>,
    limit: u64,
) -> Result<Vec<AuditLine>> {
    let rows = state.store.audit_filtered(filter, before, limit).await?;
    let mut actors: Vec<Id> = rows.iter().map(|r| r.actor_user_id).collect();
    actors.sort_unstable();
    actors.dedup();
    let emails = state.store.emails_of(actors).await?;
    Ok(rows
        .into_iter()
        .map(|r| AuditLine {
            id: r.id,
            at: place_time(r.at, places.zone(&r)),
            who: match r.actor_user_id {
                SYSTEM_ACTOR => String::new(),
                id => emails.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
            },
            by_system: r.actor_user_id == SYSTEM_ACTOR,
            pantry: r
                .pantry_location_id
                .and_then(|p| places.pantries.iter().find(|x| x.id == p).map(|x| x.label.clone())),
            changes: changes(r.before.as_ref(), r.after.as_ref()),
            action: r.action,
            subject: r.subject,
        })
        .collect())
}

/// A page of the log of the admin's food banks, newest first: entries older than `before` (an
/// entry id) when paging on, that pass `ask`.
pub async fn page(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    ask: &AuditAsk,
    before: Option<i64>,
) -> Result<AuditPage> {
    let filter = filter_of(state, admin, ask).await?;
    let places = places_of(state, admin).await?;
    let mut entries = lines(state, &filter, &places, before, PAGE_SIZE + 1).await?;
    let more = entries.len() as u64 > PAGE_SIZE;
    entries.truncate(PAGE_SIZE as usize);
    let (actors, actions) = state.store.audit_actors_and_actions(filter.food_banks.clone()).await?;
    let mut people: Vec<Named> =
        state.store.emails_of(actors).await?.into_iter().map(|(id, name)| Named { id, name }).collect();
    people.sort_by(|a, b| a.name.cmp(&b.name));
    let next_before = if more { entries.last().map(|e| e.id) } else { None };
    Ok(AuditPage {
        pantries: places.pantries.into_iter().map(|p| Named { id: p.id, name: p.label }).collect(),
        pantry_id: ask.pantry,
        people,
        person_id: ask.person,
        actions,
        action: filter.action,
        from: ask.from,
        to: ask.to,
        entries,
        next_before,
    })
}

/// The log's entries that pass `ask`, newest first (at most [`CSV_LIMIT`]), for the CSV export.
pub async fn export(state: &Context, admin: &Staff<FoodBankAdmin>, ask: &AuditAsk) -> Result<Vec<AuditLine>> {
    let filter = filter_of(state, admin, ask).await?;
    let places = places_of(state, admin).await?;
    let lines = lines(state, &filter, &places, None, CSV_LIMIT).await?;
    // A file of who did what leaves the site: that is in the log too.
    for bank in &filter.food_banks {
        super::looks::record(state, admin.user_id, (*bank, None), AuditAction::ExportAudit, "audit".into()).await?;
    }
    Ok(lines)
}

/// The CSV's column titles and kinds of change, in the admin's language.
pub struct CsvTitles {
    pub when: String,
    pub who: String,
    /// Who made the system's own entries.
    pub system: String,
    pub pantry: String,
    pub action: String,
    pub subject: String,
    pub field: String,
    pub before: String,
    pub after: String,
    /// Each kind of change's name by its code: a spreadsheet reader gets words, as the page shows.
    pub actions: std::collections::HashMap<&'static str, String>,
}

/// The entries as CSV: one row per changed field (an entry without one: a row of its own).
pub fn to_csv(entries: &[AuditLine], titles: &CsvTitles) -> anyhow::Result<String> {
    let mut w = SheetWriter::new();
    w.row([
        &titles.when,
        &titles.who,
        &titles.pantry,
        &titles.action,
        &titles.subject,
        &titles.field,
        &titles.before,
        &titles.after,
    ])?;
    for e in entries {
        // The place's wall clock, with its offset so a spreadsheet can still order across zones.
        let at = e.at.format("%Y-%m-%d %H:%M:%S %:z").to_string();
        let pantry = e.pantry.as_deref().unwrap_or_default();
        let mut row = |field: &str, before: &str, after: &str| {
            let action = titles.actions.get(e.action.as_str()).map_or(e.action.as_str(), String::as_str);
            let who = if e.by_system { titles.system.as_str() } else { e.who.as_str() };
            w.row([at.as_str(), who, pantry, action, &e.subject, field, before, after])
        };
        if e.changes.is_empty() {
            row("", "", "")?;
        }
        for c in &e.changes {
            row(&c.field, c.before.as_deref().unwrap_or_default(), c.after.as_deref().unwrap_or_default())?;
        }
    }
    Ok(String::from_utf8(w.finish()?)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn c(field: &str, before: Option<&str>, after: Option<&str>) -> AuditChange {
        AuditChange { field: field.into(), before: before.map(Into::into), after: after.map(Into::into) }
    }

    #[test]
    fn only_the_fields_that_changed_are_listed() {
        let before = json!({"name": "Rice", "active": true, "amount": 2.0, "photo": null});
        let after = json!({"name": "Brown rice", "active": true, "amount": 2.0, "photo": "/files/a.jpg"});
        assert_eq!(
            changes(Some(&before), Some(&after)),
            [c("name", Some("Rice"), Some("Brown rice")), c("photo", None, Some("/files/a.jpg"))]
        );
        let created = changes(None, Some(&json!({"name": "Rice", "unit": null})));
        assert_eq!(created, [c("name", None, Some("Rice"))]);
        assert_eq!(changes(Some(&json!(3)), Some(&json!(4))), [c("", Some("3"), Some("4"))]);
    }
}

#[cfg(test)]
mod csv_tests {
    use super::*;

    #[test]
    fn each_changed_field_is_a_row_and_formulas_are_defused() {
        let line = AuditLine {
            id: 1,
            at: "2026-12-01T10:00:00-05:00".parse().unwrap(),
            who: "admin@example.org".into(),
            by_system: false,
            pantry: Some("Main".into()),
            action: "item.update".into(),
            subject: "inventoryItem:3".into(),
            changes: vec![
                AuditChange { field: "name".into(), before: Some("Rice".into()), after: Some("=HYPERLINK(1)".into()) },
                AuditChange { field: "active".into(), before: None, after: Some("true".into()) },
            ],
        };
        let titles = CsvTitles {
            when: "When".into(),
            who: "Who".into(),
            system: "OrderAhead (automatic)".into(),
            pantry: "Pantry".into(),
            action: "What".into(),
            subject: "Subject".into(),
            field: "Field".into(),
            before: "Before".into(),
            after: "After".into(),
            actions: [("item.update", "Item edited".to_owned())].into(),
        };
        let by_job = AuditLine {
            who: String::new(),
            by_system: true,
            pantry: None,
            action: "retention.erase".into(),
            subject: "retention".into(),
            changes: Vec::new(),
            ..line.clone()
        };
        let text = to_csv(&[line, by_job], &titles).unwrap();
        let rows: Vec<&str> = text.lines().collect();
        assert_eq!(rows.len(), 4, "{text}");
        assert_eq!(rows[3], "2026-12-01 10:00:00 -05:00,OrderAhead (automatic),,retention.erase,retention,,,");
        assert_eq!(
            rows[1],
            "2026-12-01 10:00:00 -05:00,admin@example.org,Main,Item edited,inventoryItem:3,name,Rice,'=HYPERLINK(1)"
        );
        assert_eq!(
            rows[2],
            "2026-12-01 10:00:00 -05:00,admin@example.org,Main,Item edited,inventoryItem:3,active,,true"
        );
    }
}
