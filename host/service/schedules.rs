//! Schedules (issue 24 items 1 and 3; `/staff/schedule`, `/api/v1/staff/schedule...`): pantry
//! staff (and their food banks' admins) keep a pantry's weekly hours, one-off extra days, its
//! publishing horizon and its closed days. Each edit is one transaction: the rule checks
//! (`domain::schedule`), the write, the audit entry, the pickup times brought in line with the
//! schedules (the same [`publish`] the daily job runs) and, for a closed range, a message and an
//! e-mail to every shopper booked in it. A delivery program's windows are scheduled the same way
//! by `service::delivery_schedules`.
use super::{Context, Error, Result, staff::Staff};
use crate::{
    catalog::{LANGS, Lang},
    db::repo::{
        Write,
        audit::AuditEntry,
        retrying,
        schedules::{ClosedDayRow, ClosedOrderRow},
        staff::StaffPantryRow,
    },
    domain::{
        Id,
        forms::{FieldCode, FieldError},
        messages,
        schedule::{Plan, ScheduleRow, When, check_closed, check_horizon, check_row, plan, slots},
        staff::PantryStaff,
        time::local_today,
    },
    infra::localize::ServerTexts,
    model::{
        schedules::{
            ClosedDay, ClosedDayInput, ClosedDayOrder, ClosedNotice, HorizonInput, Schedule, ScheduleDone,
            ScheduleEntry, ScheduleInput,
        },
        staff::StaffPantry,
    },
    service::rich_text::escape,
};
use chrono::{DateTime, Datelike, NaiveDate, NaiveTime, Utc};
use serde_json::{Map, Value, json};

fn hm(t: NaiveTime) -> String {
    t.format("%H:%M").to_string()
}

pub(super) fn entry(row: &ScheduleRow) -> ScheduleEntry {
    let (weekday, date) = match row.when {
        When::Weekday(w) => (Some(w), None),
        When::Date(d) => (None, Some(d)),
    };
    ScheduleEntry {
        id: row.id.unwrap_or_default(),
        weekday,
        date,
        opens: hm(row.opens),
        closes: hm(row.closes),
        slot_minutes: row.slot_minutes,
        capacity: row.capacity,
    }
}

/// The pantry among the caller's; another pantry is NotFound, like one that does not exist.
async fn pantry_of(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
) -> Result<(StaffPantryRow, Vec<StaffPantryRow>)> {
    let pantries = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let chosen = match pantry {
        Some(id) => pantries.iter().find(|p| p.id == id),
        None => pantries.first(),
    }
    .cloned()
    .ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))?;
    Ok((chosen, pantries))
}

/// The closed ranges of the pantry that have not ended by `now` in its zone `tz`, as its page
/// shows them to shoppers.
pub async fn closed_notices(state: &Context, pantry_id: Id, tz: &str, now: DateTime<Utc>) -> Result<Vec<ClosedNotice>> {
    let tz = tz.parse().unwrap_or(chrono_tz::America::New_York);
    let today = local_today(now, tz);
    let rows = state.store.closed_days_of(vec![pantry_id], today).await?;
    Ok(rows
        .into_iter()
        .map(|c| ClosedNotice { first_day: c.first_day, last_day: c.last_day, reason: c.reason })
        .collect())
}

/// The pantry's schedule (the caller's first pantry when `pantry` is None).
pub async fn schedule(state: &Context, staff: &Staff<PantryStaff>, pantry: Option<Id>) -> Result<Schedule> {
    let (chosen, pantries) = pantry_of(state, staff, pantry).await?;
    let today = local_today(state.clock.now(), chosen.tz);
    let rows = state.store.schedules_of(chosen.id).await?;
    let horizon_days = state.store.horizon_days(chosen.id).await?;
    let mut closed_days = Vec::new();
    for c in state.store.closed_days_of(vec![chosen.id], today).await? {
        let booked = state.store.open_orders_between(chosen.id, c.first_day, c.last_day).await?;
        let mut orders = Vec::with_capacity(booked.len());
        for o in booked {
            let name = state.store.shopper_contact(o.user_id).await?.map(|s| s.first_name).unwrap_or_default();
            orders.push(ClosedDayOrder {
                order_id: o.order_id,
                shopper_name: name,
                pickup_day: o.pickup_day,
                start: hm(o.start),
                end: hm(o.end),
            });
        }
        closed_days.push(ClosedDay {
            id: c.id,
            first_day: c.first_day,
            last_day: c.last_day,
            reason: c.reason,
            orders,
        });
    }
    Ok(Schedule {
        pantry: StaffPantry { id: chosen.id, label: chosen.label.clone() },
        pantries: pantries.iter().map(|p| StaffPantry { id: p.id, label: p.label.clone() }).collect(),
        horizon_days,
        entries: rows.iter().map(entry).collect(),
        closed_days,
    })
}

/// Pantries the schedule job publishes in one transaction: a few reads and statements for all of
/// them, while a transaction stays short (on SQLite it holds the one write lock; on PostgreSQL,
/// migration 27's triggers lock the pantries' rows until it commits).
const PUBLISH_CHUNK: usize = 50;

/// Brings the pantry's future pickup times in line with its schedules for its horizon (see
/// `domain::schedule::plan`); the times deleted and made.
pub async fn publish(txn: &Write, pantry_id: Id, now: DateTime<Utc>) -> Result<(u64, u64)> {
    publish_many(txn, &[pantry_id], now).await
}

/// [`publish`] for each of these pantries, reading and writing all of them at once.
async fn publish_many(txn: &Write, pantry_ids: &[Id], now: DateTime<Utc>) -> Result<(u64, u64)> {
    let sites = txn.publish_sites(pantry_ids).await?;
    let mut stored = txn.stored_future_times_of(pantry_ids, now).await?;
    let plans: Vec<(Id, Plan)> = sites
        .iter()
        .map(|site| {
            let wanted = slots(&site.rows, site.tz, local_today(now, site.tz), site.days, now);
            (site.pantry_id, plan(&wanted, stored.remove(&site.pantry_id).as_deref().unwrap_or_default()))
        })
        .filter(|(_, plan)| !plan.is_empty())
        .collect();
    if plans.is_empty() {
        return Ok((0, 0));
    }
    let plans: Vec<(Id, &Plan)> = plans.iter().map(|(id, plan)| (*id, plan)).collect();
    Ok(txn.apply_schedule_plans(&plans).await?)
}

/// The schedule job: every scheduled pantry's times published for its horizon,
/// [`PUBLISH_CHUNK`] pantries a transaction. On PostgreSQL two transactions work at once, on
/// disjoint pantries: the job's time is the database's work on the inserted rows (their indexes
/// and foreign-key checks), which one connection does on one core. SQLite has one writer. The
/// times made.
pub async fn publish_all(state: &Context) -> Result<usize> {
    let now = state.clock.now();
    let pantries = state.store.scheduled_pantries().await?;
    let chunks: Vec<&[Id]> = pantries.chunks(PUBLISH_CHUNK).collect();
    if !state.store.is_shared() {
        return Ok(publish_chunks(state, chunks.iter().copied(), now).await);
    }
    let (even, odd) = tokio::join!(
        publish_chunks(state, chunks.iter().copied().step_by(2), now),
        publish_chunks(state, chunks.iter().copied().skip(1).step_by(2), now),
    );
    Ok(even + odd)
}

/// Publishes each chunk in a transaction of its own, one after another; the times made.
async fn publish_chunks<'a>(state: &Context, chunks: impl Iterator<Item = &'a [Id]>, now: DateTime<Utc>) -> usize {
    let mut made = 0;
    for chunk in chunks {
        let done = retrying(|| async move {
            let txn = state.store.begin_write().await?;
            let done = publish_many(&txn, chunk, now).await;
            finish(txn, done).await
        })
        .await;
        match done {
            Ok((_, m)) => made += m as usize,
            Err(e) => {
                // One pantry's failure does not keep the others from publishing: each alone.
                tracing::warn!(pantries = chunk.len(), error = %e, "schedules not published together; one by one");
                for &pantry_id in chunk {
                    let done = retrying(|| async move {
                        let txn = state.store.begin_write().await?;
                        let done = publish(&txn, pantry_id, now).await;
                        finish(txn, done).await
                    })
                    .await;
                    match done {
                        Ok((_, m)) => made += m as usize,
                        Err(e) => tracing::error!(pantry_id, error = %e, "schedule not published"),
                    }
                }
            }
        }
    }
    made
}

/// Commits on success; rolls back on a refusal or failure, so nothing is half-written.
pub(super) async fn finish<T>(txn: Write, result: Result<T>) -> Result<T> {
    match result {
        Ok(v) => {
            txn.commit().await?;
            Ok(v)
        }
        Err(e) => {
            if let Err(rb) = txn.rollback().await {
                tracing::warn!(error = %rb, "rollback after a refused or failed schedule write");
            }
            Err(e)
        }
    }
}

fn parse_time(field: &'static str, text: &str, errors: &mut Vec<FieldError>) -> Option<NaiveTime> {
    let text = text.trim();
    if text.is_empty() {
        errors.push(FieldError::required(field));
        return None;
    }
    let parsed = NaiveTime::parse_from_str(text, "%H:%M").or_else(|_| NaiveTime::parse_from_str(text, "%H:%M:%S"));
    parsed.map_err(|_| errors.push(FieldError::new(field, FieldCode::Choice, "Enter a time as HH:MM."))).ok()
}

fn parse_date(field: &'static str, text: &str, errors: &mut Vec<FieldError>) -> Option<NaiveDate> {
    let text = text.trim();
    if text.is_empty() {
        errors.push(FieldError::required(field));
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| errors.push(FieldError::new(field, FieldCode::Choice, "Enter a date as YYYY-MM-DD.")))
        .ok()
}

/// The row `input` describes, or every field error in it.
pub(super) fn read_row(id: Option<Id>, input: &ScheduleInput) -> std::result::Result<ScheduleRow, Vec<FieldError>> {
    let mut errors = Vec::new();
    let when = match (input.weekday, input.date.as_deref().map(str::trim).filter(|d| !d.is_empty())) {
        (Some(w), None) if (0..=6).contains(&w) => u8::try_from(w).ok().map(When::Weekday),
        (None, Some(d)) => parse_date("date", d, &mut errors).map(When::Date),
        _ => {
            errors.push(FieldError::choice("weekday"));
            None
        }
    };
    let opens = parse_time("opens", &input.opens, &mut errors);
    let closes = parse_time("closes", &input.closes, &mut errors);
    match (when, opens, closes) {
        (Some(when), Some(opens), Some(closes)) if errors.is_empty() => {
            Ok(ScheduleRow { id, when, opens, closes, slot_minutes: input.slot_minutes, capacity: input.capacity })
        }
        _ => Err(errors),
    }
}

fn audit(
    staff: &Staff<PantryStaff>,
    pantry: &StaffPantryRow,
    action: &'static str,
    subject: String,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditEntry {
    AuditEntry::change(staff.user_id, (pantry.food_bank_id, Some(pantry.id)), action, subject, before, after)
}

pub(super) fn json_of<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// Adds a row of hours (`row_id` None) or changes one, and publishes the pantry's times in the
/// same transaction. A one-off day is a row with a date.
pub async fn save_row(
    state: &Context,
    staff: &Staff<PantryStaff>,
    row_id: Option<Id>,
    input: &ScheduleInput,
) -> Result<ScheduleDone> {
    let (pantry, _) = pantry_of(state, staff, Some(input.pantry_id)).await?;
    let row = read_row(row_id, input).map_err(Error::fields)?;
    let now = state.clock.now();
    let pantry = &pantry;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let before = match row_id {
                Some(id) => match txn.schedule_row(id).await? {
                    Some((p, before)) if p == pantry.id => Some(before),
                    _ => return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND)),
                },
                None => None,
            };
            let others = txn.schedules_of(pantry.id).await?;
            let booked = match row_id {
                Some(id) => txn.most_booked_of_schedule(id, now).await?,
                None => 0,
            };
            let errors = check_row(&row, &others, booked);
            if !errors.is_empty() {
                return Err(Error::fields(errors));
            }
            let (id, action) = match row_id {
                Some(id) => {
                    txn.update_schedule(id, &row).await?;
                    (id, "schedule.update")
                }
                None => (txn.insert_schedule(pantry.id, &row, now).await?, "schedule.create"),
            };
            let after = ScheduleRow { id: Some(id), ..row };
            let action =
                if row_id.is_none() && matches!(row.when, When::Date(_)) { "schedule.extraDay" } else { action };
            let entry = audit(
                staff,
                pantry,
                action,
                format!("schedule:{id}"),
                before.as_ref().map(json_of).as_ref(),
                Some(&json_of(&after)),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = publish(&txn, pantry.id, now).await?;
            Ok(ScheduleDone { id: Some(id), times_made: made, times_removed: removed, orders_told: 0 })
        }
        .await;
        finish(txn, done).await
    })
    .await
}

/// Deletes a row of hours with the empty future times it made; times with orders stay.
pub async fn delete_row(state: &Context, staff: &Staff<PantryStaff>, row_id: Id) -> Result<ScheduleDone> {
    let pantries = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let now = state.clock.now();
    let pantries = &pantries;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let found = txn.schedule_row(row_id).await?;
            let Some((pantry, before)) = found.and_then(|(p, r)| pantries.iter().find(|x| x.id == p).map(|p| (p, r)))
            else {
                return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND));
            };
            // The row's empty times go first (the plan without it), then the row itself.
            let others: Vec<ScheduleRow> =
                txn.schedules_of(pantry.id).await?.into_iter().filter(|r| r.id != Some(row_id)).collect();
            let days = txn.horizon_days(pantry.id).await?;
            let wanted = slots(&others, pantry.tz, local_today(now, pantry.tz), days, now);
            let stored = txn.stored_future_times(pantry.id, now).await?;
            let mut p = plan(&wanted, &stored);
            // Only this row's times go now; the others are the job's as before.
            let mine: Vec<Id> = stored.iter().filter(|t| t.schedule_id == Some(row_id)).map(|t| t.id).collect();
            p.delete.retain(|id| mine.contains(id));
            p.insert.clear();
            p.recapacity.clear();
            let (removed, _) = txn.apply_schedule_plan(pantry.id, &p).await?;
            txn.delete_schedule(row_id).await?;
            let entry =
                audit(staff, pantry, "schedule.delete", format!("schedule:{row_id}"), Some(&json_of(&before)), None);
            txn.audit(entry, now).await?;
            let (more_removed, made) = publish(&txn, pantry.id, now).await?;
            Ok(ScheduleDone {
                id: Some(row_id),
                times_made: made,
                times_removed: removed + more_removed,
                orders_told: 0,
            })
        }
        .await;
        finish(txn, done).await
    })
    .await
}

/// Sets how many days ahead the pantry publishes, and publishes.
pub async fn set_horizon(state: &Context, staff: &Staff<PantryStaff>, input: &HorizonInput) -> Result<ScheduleDone> {
    let (pantry, _) = pantry_of(state, staff, Some(input.pantry_id)).await?;
    let errors = check_horizon(input.horizon_days);
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let now = state.clock.now();
    let pantry = &pantry;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let before = txn.horizon_days(pantry.id).await?;
            txn.set_horizon_days(pantry.id, input.horizon_days).await?;
            let entry = audit(
                staff,
                pantry,
                "schedule.update",
                format!("scheduleHorizon:{}", pantry.id),
                Some(&json!({ "horizonDays": before })),
                Some(&json!({ "horizonDays": input.horizon_days })),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = publish(&txn, pantry.id, now).await?;
            Ok(ScheduleDone { id: None, times_made: made, times_removed: removed, orders_told: 0 })
        }
        .await;
        finish(txn, done).await
    })
    .await
}

/// Closes the pantry from `first_day` to `last_day`: its times there stop being offered, and
/// every shopper booked there gets a message and an e-mail asking to choose another time.
pub async fn close_days(state: &Context, staff: &Staff<PantryStaff>, input: &ClosedDayInput) -> Result<ScheduleDone> {
    let (pantry, _) = pantry_of(state, staff, Some(input.pantry_id)).await?;
    let mut errors = Vec::new();
    let first = parse_date("firstDay", &input.first_day, &mut errors);
    let last = match input.last_day.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(d) => parse_date("lastDay", d, &mut errors),
        None => first,
    };
    let now = state.clock.now();
    let reason = input.reason.trim().to_owned();
    let (Some(first), Some(last)) = (first, last) else { return Err(Error::fields(errors)) };
    errors.extend(check_closed(first, last, &reason, local_today(now, pantry.tz)));
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let (pantry, reason) = (&pantry, &reason);
    let done = retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let closed = txn.insert_closed_day(pantry.id, first, last, reason, now).await?;
            let entry = audit(
                staff,
                pantry,
                "closedDay.create",
                format!("closedDay:{}", closed.id),
                None,
                Some(&json_of(&closed)),
            );
            txn.audit(entry, now).await?;
            let booked = txn.open_orders_between(pantry.id, first, last).await?;
            for order in &booked {
                tell_closed(&txn, state.channels(), &closed, order, now).await?;
            }
            Ok(ScheduleDone { id: Some(closed.id), times_made: 0, times_removed: 0, orders_told: booked.len() })
        }
        .await;
        finish(txn, done).await
    })
    .await?;
    if done.orders_told > 0 {
        state.mail_written.notify_one();
    }
    Ok(done)
}

/// Opens a closed range again: its times are offered again.
pub async fn reopen(state: &Context, staff: &Staff<PantryStaff>, closed_id: Id) -> Result<ScheduleDone> {
    let pantries = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let now = state.clock.now();
    let pantries = &pantries;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let found = txn.closed_day(closed_id).await?;
            let Some((pantry, closed)) =
                found.and_then(|c| pantries.iter().find(|p| p.id == c.pantry_id).map(|p| (p, c)))
            else {
                return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND));
            };
            txn.delete_closed_day(closed_id).await?;
            let entry = audit(
                staff,
                pantry,
                "closedDay.delete",
                format!("closedDay:{closed_id}"),
                Some(&json_of(&closed)),
                None,
            );
            txn.audit(entry, now).await?;
            Ok(ScheduleDone { id: Some(closed_id), times_made: 0, times_removed: 0, orders_told: 0 })
        }
        .await;
        finish(txn, done).await
    })
    .await
}

const CLOSED_TITLE: &str = "Please choose another pickup time";
const CLOSED_TEXT: &str = "The pantry is closed on {day} ({reason}). Please choose another time for order {number}.";
const CLOSED_LINK: &str = "Choose another time";

const MONTHS_EN: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_ES: [&str; 12] = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];

/// The order's day as the shopper reads it: "Dec 24" or "24 dic".
pub(crate) fn day_label(day: NaiveDate, lang: Lang) -> String {
    let month = day.month0() as usize;
    match lang {
        Lang::En => format!("{} {}", MONTHS_EN[month], day.day()),
        Lang::Es => format!("{} {}", day.day(), MONTHS_ES[month]),
    }
}

/// A template in `lang` (English as written, else the server catalog's), its placeholders filled.
fn say(template: &str, lang: Lang, fill: &[(&str, &str)]) -> String {
    let mut text =
        ServerTexts::for_lang(lang).and_then(|t| t.translate(template)).unwrap_or_else(|| template.to_owned());
    for (key, value) in fill {
        text = text.replace(&format!("{{{key}}}"), value);
    }
    text
}

/// Asks the shopper of `order` to move it: a message in their Messages (every language) with a
/// link to the order's Change Time, and an e-mail and a text in their language as their profile
/// allows (`service::notices`).
async fn tell_closed(
    txn: &Write,
    channels: super::notices::Channels<'_>,
    closed: &ClosedDayRow,
    order: &ClosedOrderRow,
    now: DateTime<Utc>,
) -> Result<()> {
    let number = format!("{:X}", order.order_id);
    let path = format!("/account/orders/{}/time", order.order_id);
    let texts = |lang: Lang| {
        let day = day_label(order.pickup_day, lang);
        let fill = [("day", day.as_str()), ("reason", closed.reason.as_str()), ("number", number.as_str())];
        let text = say(CLOSED_TEXT, lang, &fill);
        // The message's details are HTML: the reason is staff's text, escaped.
        let details =
            format!("<p>{}</p><p><a href=\"{path}\">{}</a></p>", escape(&text), escape(&say(CLOSED_LINK, lang, &[])));
        (say(CLOSED_TITLE, lang, &fill), text, details)
    };
    let mut translations = Map::new();
    for lang in LANGS.into_iter().filter(|l| *l != Lang::En) {
        let (title, text, details) = texts(lang);
        translations.insert(lang.code().to_owned(), json!({ "title": title, "description": text, "details": details }));
    }
    let (title, text, details) = texts(Lang::En);
    txn.add_personal_message(order.user_id, &title, &text, Some(&details), Value::Object(translations), now).await?;

    let words = |lang: Lang| {
        let (title, text, _) = texts(lang);
        (title, text)
    };
    let key = format!("order:{}:closed:{}", order.order_id, closed.id);
    let notice = super::notices::Notice { key, path: path.clone(), words: &words };
    super::notices::send(txn, channels, order.user_id, &notice, now).await
}
