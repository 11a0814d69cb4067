//! Schedules (issue 24 items 1 and 3; `/staff/schedule`, `/api/v1/staff/schedule...`): pantry
//! staff (and their food banks' admins) keep a pantry's weekly hours, one-off extra days, its
//! publishing horizon and its closed days. Each edit is one transaction: the rule checks
//! (`domain::schedule`), the write, the audit entry, the pickup times brought in line with the
//! schedules (the same [`publish`] the daily job runs) and, for a closed range, a message and an
//! e-mail to every shopper booked in it. A delivery program's windows are scheduled the same way
//! by `service::delivery_schedules`.
use super::{
    Context, Error, Result,
    schedule_rows::{self as rows, RowActions, ScheduleOwner, entry, hm, json_of, parse_date},
    staff::Staff,
};
use crate::{
    catalog::Lang,
    db::repo::{
        Write,
        audit::AuditEntry,
        schedule_rows::PantryRows,
        schedules::{ClosedDayRow, ClosedOrderRow},
        staff::grants::StaffPantryRow,
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        schedule::{Plan, ScheduleRow, check_closed, plan, row_removal, slots},
        staff::PantryStaff,
        time::local_today,
    },
    infra::{localize::ServerTexts, time_words},
    model::{
        schedules::{
            ClosedDay, ClosedDayInput, ClosedDayOrder, ClosedNotice, HorizonInput, Schedule, ScheduleDone,
            ScheduleInput,
        },
        staff::StaffPantry,
    },
    service::rich_text::escape,
};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

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
    let rows = state.store.schedule_rows_of::<PantryRows>(chosen.id).await?;
    let horizon_days = state.store.horizon_days(chosen.id).await?;
    let mut closed_days = Vec::new();
    for c in state.store.closed_days_of(vec![chosen.id], today).await? {
        let booked = state.store.open_orders_between(chosen.id, c.first_day, c.last_day).await?;
        let orders = booked
            .into_iter()
            .map(|o| ClosedDayOrder {
                order_id: o.order_id,
                shopper_name: o.first_name,
                pickup_day: o.pickup_day,
                start: hm(o.start),
                end: hm(o.end),
            })
            .collect();
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
        let done = state.store.write(|txn| async move { publish_many(&txn, chunk, now).await }).await;
        match done {
            Ok((_, m)) => made += m as usize,
            Err(e) => {
                // One pantry's failure does not keep the others from publishing: each alone.
                tracing::warn!(pantries = chunk.len(), error = %e, "schedules not published together; one by one");
                for &pantry_id in chunk {
                    let done = state.store.write(|txn| async move { publish(&txn, pantry_id, now).await }).await;
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

fn audit(
    staff: &Staff<PantryStaff>,
    pantry: &StaffPantryRow,
    action: AuditAction,
    subject: String,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditEntry {
    AuditEntry::change(staff.user_id, (pantry.food_bank_id, Some(pantry.id)), action, subject, before, after)
}

/// A pantry's rows cut into its pickup times; its horizon is its own table's.
impl ScheduleOwner for StaffPantryRow {
    type Rows = PantryRows;
    const SUBJECT: &'static str = "schedule";
    const ACTIONS: RowActions = RowActions {
        create: AuditAction::ScheduleCreate,
        update: AuditAction::ScheduleUpdate,
        extra_day: AuditAction::ScheduleExtraDay,
        delete: AuditAction::ScheduleDelete,
    };
    const HORIZON_ACTION: AuditAction = AuditAction::ScheduleUpdate;

    fn id(&self) -> Id {
        self.id
    }

    fn place(&self) -> (Id, Option<Id>) {
        (self.food_bank_id, Some(self.id))
    }

    fn horizon_subject(&self) -> String {
        format!("scheduleHorizon:{}", self.id)
    }

    async fn horizon(&self, txn: &Write) -> Result<Option<i32>> {
        Ok(Some(txn.horizon_days(self.id).await?))
    }

    async fn set_horizon(&self, txn: &Write, days: i32) -> Result<()> {
        Ok(txn.set_horizon_days(self.id, days).await?)
    }

    async fn publish(&self, txn: &Write, now: DateTime<Utc>) -> Result<(u64, u64)> {
        publish(txn, self.id, now).await
    }

    async fn remove_times_of(
        &self,
        txn: &Write,
        row_id: Id,
        others: &[ScheduleRow],
        now: DateTime<Utc>,
    ) -> Result<u64> {
        let days = txn.horizon_days(self.id).await?;
        let wanted = slots(others, self.tz, local_today(now, self.tz), days, now);
        let stored = txn.stored_future_times(self.id, now).await?;
        let (removed, _) = txn.apply_schedule_plan(self.id, &row_removal(&wanted, &stored, row_id)).await?;
        Ok(removed)
    }
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
    rows::save_row(state, staff.user_id, &pantry, row_id, &input.hours).await
}

/// Deletes a row of hours with the empty future times it made; times with orders stay.
pub async fn delete_row(state: &Context, staff: &Staff<PantryStaff>, row_id: Id) -> Result<ScheduleDone> {
    let pantries = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    rows::delete_row(state, staff.user_id, &pantries, row_id).await
}

/// Sets how many days ahead the pantry publishes, and publishes.
pub async fn set_horizon(state: &Context, staff: &Staff<PantryStaff>, input: &HorizonInput) -> Result<ScheduleDone> {
    let (pantry, _) = pantry_of(state, staff, Some(input.pantry_id)).await?;
    rows::set_horizon(state, staff.user_id, &pantry, input.horizon_days).await
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
    let done = state
        .store
        .write(|txn| async move {
            let closed = txn.insert_closed_day(pantry.id, first, last, reason, now).await?;
            let entry = audit(
                staff,
                pantry,
                AuditAction::ClosedDayCreate,
                format!("closedDay:{}", closed.id),
                None,
                Some(&json_of(&closed)),
            );
            txn.audit(entry, now).await?;
            let booked = txn.open_orders_between(pantry.id, first, last).await?;
            for order in &booked {
                tell_closed(&txn, state.channels(), &closed, order, now).await?;
            }
            Ok::<_, Error>(ScheduleDone {
                id: Some(closed.id),
                times_made: 0,
                times_removed: 0,
                orders_told: booked.len(),
            })
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
    state
        .store
        .write(|txn| async move {
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
                AuditAction::ClosedDayDelete,
                format!("closedDay:{closed_id}"),
                Some(&json_of(&closed)),
                None,
            );
            txn.audit(entry, now).await?;
            Ok(ScheduleDone { id: Some(closed_id), times_made: 0, times_removed: 0, orders_told: 0 })
        })
        .await
}

const CLOSED_TITLE: &str = "Please choose another pickup time";
const CLOSED_TEXT: &str = "The pantry is closed on {day} ({reason}). Please choose another time for order {number}.";
const CLOSED_LINK: &str = "Choose another time";

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
        let day = time_words::day(order.pickup_day, lang);
        let fill = [("day", day.as_str()), ("reason", closed.reason.as_str()), ("number", number.as_str())];
        let text = say(CLOSED_TEXT, lang, &fill);
        // The message's details are HTML: the reason is staff's text, escaped.
        let details =
            format!("<p>{}</p><p><a href=\"{path}\">{}</a></p>", escape(&text), escape(&say(CLOSED_LINK, lang, &[])));
        (say(CLOSED_TITLE, lang, &fill), text, details)
    };
    let mut translations = Map::new();
    for lang in Lang::all().filter(|l| *l != Lang::EN) {
        let (title, text, details) = texts(lang);
        translations.insert(lang.code().to_owned(), json!({ "title": title, "description": text, "details": details }));
    }
    let (title, text, details) = texts(Lang::EN);
    txn.add_personal_message(order.user_id, &title, &text, Some(&details), Value::Object(translations), now).await?;

    let words = |lang: Lang| {
        let (title, text, _) = texts(lang);
        (title, text)
    };
    let key = format!("order:{}:closed:{}", order.order_id, closed.id);
    let notice = super::notices::Notice { key, path: path.clone(), words: &words };
    super::notices::send(txn, channels, order.user_id, &notice, now).await
}
