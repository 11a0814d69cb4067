//! TEFAP records and the monthly report (`/staff/tefap`, `/staff/reports`, their CSV files).
//!
//! A TEFAP record is a snapshot written in the transaction that places an order with TEFAP items:
//! the recipient's name (the account's), the household size and ages and the basis of eligibility
//! from the shopper's latest eligible answers, as they were then. Taking it at placing, not at
//! pick-up, records the declaration the TEFAP items were offered on, and no later edit of the
//! profile or new answers rewrites it; the list shows each order's state now beside it, so the
//! households actually served are the picked-up ones.
//!
//! The report sums the report summary (`db::repo::reports`): one row per order that every write
//! of an order keeps in its own transaction, with the order's local day (the pantry's, the food
//! bank's for a delivery), state, units and pounds worked out. Why a summary the writes keep, and
//! not indexes over the orders or a materialised view, is said there. An order counts on the day
//! it was placed.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::{
        Write,
        reports::{ReportHouseholdsRow, ReportLevel, ReportPlaceRow, ReportScope},
        tefap_records::NewTefapRecord,
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        orders::StatusType,
        reports::{AgeGroups, DayCounts, Month, Tally, keep_until, tally},
        staff::PantryStaff,
        time::local_today,
    },
    infra::sheet::SheetWriter,
    model::{
        reports::{MonthlyReport, ReportCounts, ReportDay, ReportPlace, TefapRecordLine, TefapRecords},
        staff_items::Named,
        tefap::TefapAnswersBody,
    },
};
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use std::collections::{BTreeMap, HashMap, HashSet};

fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(chrono_tz::America::New_York)
}

/// Writes the TEFAP record of the order just placed in `txn`, when a line of it is TEFAP stock.
pub async fn record_tefap(txn: &Write, order_id: Id, now: DateTime<Utc>) -> Result<()> {
    let Some(f) = txn.tefap_facts(order_id).await? else { return Ok(()) };
    let answers: Option<TefapAnswersBody> = f.answers.and_then(|a| serde_json::from_value(a).ok());
    let ages = answers.as_ref().and_then(|a| a.household_members_by_age.as_ref()).map(|a| AgeGroups {
        children: a.children,
        adults: a.adults,
        seniors: a.seniors,
    });
    let household_size = answers
        .as_ref()
        .and_then(|a| a.total_household_size)
        .and_then(|n| i32::try_from(n).ok())
        .or(f.survey_household)
        .or(ages.map(|a| a.total() as i32).filter(|n| *n > 0));
    let served_on = local_today(now, zone(&f.time_zone));
    let name = format!("{} {}", f.first_name.trim(), f.last_name.trim()).trim().to_owned();
    txn.insert_tefap_record(NewTefapRecord {
        order_id,
        food_bank_id: f.food_bank_id,
        pantry_id: f.pantry_id,
        user_id: f.user_id,
        recipient_name: name.chars().take(200).collect(),
        household_size,
        basis: answers.as_ref().and_then(|a| a.eligibility_basis.clone()),
        is_homeless: answers.as_ref().is_some_and(|a| a.is_homeless),
        ages,
        served_on,
        keep_until: keep_until(served_on),
        at: now,
    })
    .await?;
    Ok(())
}

/// The month asked for, or the current one in `tz`; `Err` for a malformed one.
pub fn month_of(text: Option<&str>, now: DateTime<Utc>, tz: Tz) -> std::result::Result<Month, ()> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(Month::current(now, tz)),
        Some(t) => Month::parse(t).ok_or(()),
    }
}

/// The time zone a report's current month is read in: the first food bank's the staff member
/// reaches, else their first pantry's.
pub async fn report_zone(state: &Context, staff: &Staff<PantryStaff>) -> Tz {
    let bank = staff.reach.food_banks.iter().next().copied();
    let read = match bank {
        Some(b) => state.store.report_food_banks(vec![b]).await,
        None => state.store.report_pantries(staff.reach.pantries.iter().copied().collect()).await,
    };
    read.ok().and_then(|rows| rows.first().map(|r| zone(&r.time_zone))).unwrap_or(chrono_tz::America::New_York)
}

/// Every place of a report, with its tallies by month and day.
pub struct Report {
    pub month: Month,
    /// (kind, row, tally): food banks first, then pantries by name.
    pub places: Vec<(&'static str, ReportPlaceRow, Tally)>,
}

fn scope_of(staff: &Staff<PantryStaff>) -> ReportScope {
    if staff.reach.food_banks.is_empty() {
        ReportScope::Pantries(staff.reach.pantries.iter().copied().collect())
    } else {
        // An admin: every order of the food bank, deliveries included, and any pantry granted
        // besides (a pantry of another food bank).
        ReportScope::FoodBanks(staff.reach.food_banks.iter().copied().collect())
    }
}

/// The month's tallies of every place the staff member reaches: the food banks of an admin,
/// and the pantries.
pub async fn report(state: &Context, staff: &Staff<PantryStaff>, month: Month) -> Result<Report> {
    let banks = state.store.report_food_banks(staff.reach.food_banks.iter().copied().collect()).await?;
    let pantries = state.store.report_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let mut scopes = vec![scope_of(staff)];
    // An admin with a grant at another food bank's pantry reads that pantry's orders too.
    let extra: Vec<Id> = pantries
        .iter()
        .filter(|p| !staff.reach.food_banks.contains(&p.food_bank_id) && !staff.reach.food_banks.is_empty())
        .map(|p| p.id)
        .collect();
    if !extra.is_empty() {
        scopes.push(ReportScope::Pantries(extra));
    }
    let (first, next) = (month.first, month.next().first);
    let mut pantry_days: HashMap<Id, BTreeMap<NaiveDate, DayCounts>> = HashMap::new();
    let mut bank_days: HashMap<Id, BTreeMap<NaiveDate, DayCounts>> = HashMap::new();
    let mut households: HashMap<(ReportLevel, Id), ReportHouseholdsRow> = HashMap::new();
    let mut people = HashMap::new();
    let mut served = Vec::new();
    let store = &state.store;
    for scope in &scopes {
        // Each read scans the month of the summary on its own pooled connection: the report waits
        // for the slowest of them rather than their sum (on SQLite they queue for the one file).
        let bank_level = matches!(scope, ReportScope::FoodBanks(_));
        let bank_reads = async {
            if !bank_level {
                return Ok((Vec::new(), Vec::new()));
            }
            tokio::try_join!(
                store.report_days(scope, ReportLevel::FoodBank, first, next),
                store.report_households(scope, ReportLevel::FoodBank, first, next),
            )
        };
        let (p_days, p_households, (b_days, b_households), scope_people, scope_served) = tokio::try_join!(
            store.report_days(scope, ReportLevel::Pantry, first, next),
            store.report_households(scope, ReportLevel::Pantry, first, next),
            bank_reads,
            store.report_people(scope, first, next),
            store.report_served(scope, first, next),
        )?;
        for (days, rows) in [(&mut pantry_days, p_days), (&mut bank_days, b_days)] {
            for r in rows {
                days.entry(r.place).or_default().insert(r.day, r.counts);
            }
        }
        for (level, rows) in [(ReportLevel::Pantry, p_households), (ReportLevel::FoodBank, b_households)] {
            for r in rows {
                households.insert((level, r.place), r);
            }
        }
        people.extend(scope_people);
        served.extend(scope_served);
    }
    // The people of the households served at each place, each household once there.
    let mut served_at: HashMap<(ReportLevel, Id), HashSet<Id>> = HashMap::new();
    for s in served {
        served_at.entry((ReportLevel::FoodBank, s.food_bank_id)).or_default().insert(s.user_id);
        if let Some(p) = s.pantry_id {
            served_at.entry((ReportLevel::Pantry, p)).or_default().insert(s.user_id);
        }
    }
    let mut place_tally = |level: ReportLevel, id: Id| {
        let days = if level == ReportLevel::Pantry { &mut pantry_days } else { &mut bank_days };
        let h = households.get(&(level, id));
        let individuals = served_at.get(&(level, id)).into_iter().flatten().filter_map(|u| people.get(u)).fold(
            AgeGroups::default(),
            |mut sum, p| {
                sum.add(p);
                sum
            },
        );
        tally(
            days.remove(&id).unwrap_or_default(),
            h.map_or(0, |h| h.households),
            h.map_or(0, |h| h.new_households),
            individuals,
        )
    };
    let mut places = Vec::new();
    for b in banks {
        let t = place_tally(ReportLevel::FoodBank, b.id);
        places.push(("foodBank", b, t));
    }
    for p in pantries {
        let t = place_tally(ReportLevel::Pantry, p.id);
        places.push(("pantry", p, t));
    }
    Ok(Report { month, places })
}

fn round(pounds: f64) -> f64 {
    (pounds * 10.0).round() / 10.0
}

fn counts(t: &Tally) -> ReportCounts {
    ReportCounts {
        orders: t.orders,
        picked_up: t.picked_up,
        no_shows: t.no_shows,
        delivered: t.delivered,
        not_delivered: t.not_delivered,
        visits: t.visits,
        households: t.households,
        new_households: t.new_households,
        children: t.individuals.children,
        adults: t.individuals.adults,
        seniors: t.individuals.seniors,
        items: t.units,
        pounds: round(t.pounds),
        distribution_days: t.days.values().filter(|d| d.picked_up > 0 || d.visits > 0).count() as u32,
    }
}

/// `foodBank:ID` or `pantry:ID`.
pub fn place_key(kind: &str, id: Id) -> String {
    format!("{kind}:{id}")
}

/// Every day of the month at one place, zeros included.
pub fn days(month: Month, t: &Tally) -> Vec<ReportDay> {
    month
        .days()
        .map(|day| {
            let d = t.days.get(&day).copied().unwrap_or_default();
            ReportDay {
                day,
                orders: d.orders,
                picked_up: d.picked_up,
                no_shows: d.no_shows,
                delivered: d.delivered,
                not_delivered: d.not_delivered,
                visits: d.visits,
                households: d.households,
                items: d.units,
                pounds: round(d.pounds),
            }
        })
        .collect()
}

/// The report as the page shows it: every place's totals, and by day the `selected` one (the
/// first place when it names none of them).
pub fn page(report: &Report, selected: Option<&str>) -> MonthlyReport {
    let chosen =
        report.places.iter().find(|p| selected == Some(place_key(p.0, p.1.id).as_str())).or(report.places.first());
    MonthlyReport {
        month: report.month.code(),
        previous_month: report.month.previous().code(),
        next_month: report.month.next().code(),
        places: report
            .places
            .iter()
            .map(|(kind, row, t)| ReportPlace {
                kind: (*kind).to_owned(),
                id: row.id,
                name: row.name.clone(),
                totals: counts(t),
            })
            .collect(),
        selected: chosen.map(|p| place_key(p.0, p.1.id)).unwrap_or_default(),
        days: chosen.map(|(_, _, t)| days(report.month, t)).unwrap_or_default(),
    }
}

/// Column titles of the report's CSV, in the caller's language.
pub struct ReportTitles {
    pub place: String,
    pub day: String,
    /// What the day column says on a place's month totals.
    pub total: String,
    /// Orders, picked up, no-shows, delivered, not delivered, visits, households, new households,
    /// 0-17, 18-59, 60+, items, pounds, distribution days.
    pub columns: [String; 14],
}

/// The report as CSV: per place its month's totals, then each day with orders (the columns a
/// day has no count of are left empty).
pub fn report_csv(report: &Report, titles: &ReportTitles) -> anyhow::Result<Vec<u8>> {
    let mut w = SheetWriter::new();
    let mut head = vec![titles.place.clone(), titles.day.clone()];
    head.extend(titles.columns.iter().cloned());
    w.row(&head)?;
    for (_, row, t) in &report.places {
        let c = counts(t);
        w.row([
            row.name.clone(),
            titles.total.clone(),
            c.orders.to_string(),
            c.picked_up.to_string(),
            c.no_shows.to_string(),
            c.delivered.to_string(),
            c.not_delivered.to_string(),
            c.visits.to_string(),
            c.households.to_string(),
            c.new_households.to_string(),
            c.children.to_string(),
            c.adults.to_string(),
            c.seniors.to_string(),
            c.items.to_string(),
            format!("{:.1}", c.pounds),
            c.distribution_days.to_string(),
        ])?;
        for d in days(report.month, t).into_iter().filter(|d| d.orders > 0 || d.visits > 0) {
            w.row([
                row.name.clone(),
                d.day.to_string(),
                d.orders.to_string(),
                d.picked_up.to_string(),
                d.no_shows.to_string(),
                d.delivered.to_string(),
                d.not_delivered.to_string(),
                d.visits.to_string(),
                d.households.to_string(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                d.items.to_string(),
                format!("{:.1}", d.pounds),
                String::new(),
            ])?;
        }
    }
    w.finish()
}

/// A pantry's TEFAP records of the month (the first pantry the staff member reaches when none is
/// named; another's answers Not Found).
/// [`tefap_records`] for a file that leaves the site: the download is written in the change log
/// (`export.tefap`, naming the pantry and month).
pub async fn tefap_export(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
    month: Option<&str>,
) -> Result<std::result::Result<TefapRecords, ()>> {
    let records = tefap_records(state, staff, pantry, month).await?;
    if let Ok(r) = &records {
        let banks = state.store.report_pantries(vec![r.pantry_id]).await?;
        if let Some(place) = banks.first() {
            let subject = format!("tefap:{}:{}", r.pantry_id, r.month);
            let at = (place.food_bank_id, Some(place.id));
            super::staff::looks::record(state, staff.user_id, at, AuditAction::ExportTefap, subject).await?;
        }
    }
    Ok(records)
}

pub async fn tefap_records(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
    month: Option<&str>,
) -> Result<std::result::Result<TefapRecords, ()>> {
    let pantries = state.store.report_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let chosen = match pantry {
        Some(id) => pantries.iter().find(|p| p.id == id),
        None => pantries.first(),
    };
    let Some(chosen) = chosen else { return Err(Error::not_found(&messages::PANTRY_NOT_FOUND)) };
    let Ok(month) = month_of(month, state.clock.now(), zone(&chosen.time_zone)) else { return Ok(Err(())) };
    let rows = state.store.tefap_records(chosen.id, month.first, month.next().first).await?;
    let visits = state.store.tefap_visits(chosen.id, month.first, month.next().first).await?;
    let mut records: Vec<TefapRecordLine> = rows
        .into_iter()
        .map(|(r, state)| TefapRecordLine {
            order_id: Some(r.order_id),
            household_id: None,
            served_on: r.served_on,
            recipient_name: r.recipient_name,
            household_size: r.household_size,
            basis: r.eligibility_basis,
            is_homeless: r.is_homeless,
            children: r.children,
            adults: r.adults,
            seniors: r.seniors,
            state: StatusType::from_id(state).map_or("", StatusType::code).to_owned(),
            keep_until: r.keep_until,
        })
        .chain(visits.into_iter().map(|(v, h)| TefapRecordLine {
            order_id: None,
            household_id: Some(h.id),
            served_on: v.day,
            recipient_name: format!("{} {}", h.first_name, h.last_name),
            household_size: Some(h.size),
            is_homeless: v.tefap_basis.as_deref() == Some("homeless"),
            basis: v.tefap_basis,
            children: h.children,
            adults: h.adults,
            seniors: h.seniors,
            state: WALK_IN.to_owned(),
            keep_until: keep_until(v.day),
        }))
        .collect();
    // Orders and visits of a day side by side, in the order they were recorded within each.
    records.sort_by_key(|r| r.served_on);
    Ok(Ok(TefapRecords {
        month: month.code(),
        previous_month: month.previous().code(),
        next_month: month.next().code(),
        pantries: pantries.iter().map(|p| Named { id: p.id, name: p.name.clone() }).collect(),
        pantry_id: chosen.id,
        records,
    }))
}

/// The state of a TEFAP record of a walk-in visit.
pub const WALK_IN: &str = "walkIn";

/// Column titles of the TEFAP CSV, in the caller's language.
pub struct TefapTitles {
    pub columns: [String; 11],
    /// The basis names by code, and "homeless".
    pub basis: HashMap<&'static str, String>,
    pub yes: String,
    /// What the order column says for a walk-in visit.
    pub walk_in: String,
}

/// The records as CSV: only what the record holds.
pub fn tefap_csv(records: &TefapRecords, titles: &TefapTitles) -> anyhow::Result<Vec<u8>> {
    let mut w = SheetWriter::new();
    w.row(titles.columns.iter())?;
    let n = |v: Option<i32>| v.map(|v| v.to_string()).unwrap_or_default();
    for r in &records.records {
        let basis = r.basis.as_deref().and_then(|b| titles.basis.get(b).cloned()).unwrap_or_default();
        w.row([
            r.served_on.to_string(),
            r.order_id.map(|id| id.to_string()).unwrap_or_default(),
            r.recipient_name.clone(),
            n(r.household_size),
            basis,
            if r.is_homeless { titles.yes.clone() } else { String::new() },
            n(r.children),
            n(r.adults),
            n(r.seniors),
            if r.order_id.is_none() { titles.walk_in.clone() } else { r.state.clone() },
            r.keep_until.to_string(),
        ])?;
    }
    w.finish()
}
