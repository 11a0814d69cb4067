//! What a pantry's schedule (`service::schedules`) and a delivery program's
//! (`service::delivery_schedules`) share: reading a row from its hours, and the edits of rows and of
//! the horizon, each one transaction with its rule checks (`domain::schedule`), its audit entry
//! and the owner's times published. A [`ScheduleOwner`] supplies what differs: its tables, its
//! audit names, its horizon and how its times are published.
use super::{Context, Error, Result};
use crate::{
    db::repo::{Write, audit::AuditEntry, schedule_rows::ScheduleTable},
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError},
        messages,
        schedule::{ScheduleRow, When, check_horizon, check_row},
    },
    model::schedules::{Hours, ScheduleDone, ScheduleEntry},
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde_json::{Value, json};

/// The audit entry's action for each edit of a row.
pub(super) struct RowActions {
    pub create: AuditAction,
    pub update: AuditAction,
    /// A new row with a date rather than a weekday.
    pub extra_day: AuditAction,
    pub delete: AuditAction,
}

/// A pantry or a delivery program, as the edits of its schedule need it.
pub(super) trait ScheduleOwner: Sync {
    type Rows: ScheduleTable;
    /// Names a row in the audit log (`{SUBJECT}:{id}`).
    const SUBJECT: &'static str;
    const ACTIONS: RowActions;
    const HORIZON_ACTION: AuditAction;
    fn id(&self) -> Id;
    /// The food bank and pantry its audit entries are filed under.
    fn place(&self) -> (Id, Option<Id>);
    /// Names its horizon in the audit log.
    fn horizon_subject(&self) -> String;
    fn horizon(&self, txn: &Write) -> impl Future<Output = Result<Option<i32>>> + Send;
    fn set_horizon(&self, txn: &Write, days: i32) -> impl Future<Output = Result<()>> + Send;
    /// Brings its future times in line with its rows: the times deleted and made.
    fn publish(&self, txn: &Write, now: DateTime<Utc>) -> impl Future<Output = Result<(u64, u64)>> + Send;
    /// Deletes the empty future times row `row_id` made, planned from its `others` rows
    /// (`domain::schedule::row_removal`): the times deleted.
    fn remove_times_of(
        &self,
        txn: &Write,
        row_id: Id,
        others: &[ScheduleRow],
        now: DateTime<Utc>,
    ) -> impl Future<Output = Result<u64>> + Send;
}

pub(super) fn hm(t: NaiveTime) -> String {
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

fn parse_time(field: &'static str, text: &str, errors: &mut Vec<FieldError>) -> Option<NaiveTime> {
    let text = text.trim();
    if text.is_empty() {
        errors.push(FieldError::required(field));
        return None;
    }
    let parsed = NaiveTime::parse_from_str(text, "%H:%M").or_else(|_| NaiveTime::parse_from_str(text, "%H:%M:%S"));
    parsed.map_err(|_| errors.push(FieldError::new(field, FieldCode::Choice, "Enter a time as HH:MM."))).ok()
}

pub(super) fn parse_date(field: &'static str, text: &str, errors: &mut Vec<FieldError>) -> Option<NaiveDate> {
    let text = text.trim();
    if text.is_empty() {
        errors.push(FieldError::required(field));
        return None;
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .map_err(|_| errors.push(FieldError::new(field, FieldCode::Choice, "Enter a date as YYYY-MM-DD.")))
        .ok()
}

/// The row `hours` describe, or every field error in them.
fn read_row(id: Option<Id>, hours: &Hours) -> std::result::Result<ScheduleRow, Vec<FieldError>> {
    let mut errors = Vec::new();
    let when = match (hours.weekday, hours.date.as_deref().map(str::trim).filter(|d| !d.is_empty())) {
        (Some(w), None) if (0..=6).contains(&w) => u8::try_from(w).ok().map(When::Weekday),
        (None, Some(d)) => parse_date("date", d, &mut errors).map(When::Date),
        _ => {
            errors.push(FieldError::choice("weekday"));
            None
        }
    };
    let opens = parse_time("opens", &hours.opens, &mut errors);
    let closes = parse_time("closes", &hours.closes, &mut errors);
    match (when, opens, closes) {
        (Some(when), Some(opens), Some(closes)) if errors.is_empty() => {
            Ok(ScheduleRow { id, when, opens, closes, slot_minutes: hours.slot_minutes, capacity: hours.capacity })
        }
        _ => Err(errors),
    }
}

pub(super) fn json_of<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn audit<O: ScheduleOwner>(
    user_id: Id,
    owner: &O,
    action: AuditAction,
    subject: String,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditEntry {
    AuditEntry::change(user_id, owner.place(), action, subject, before, after)
}

/// Adds the row `hours` describe (`row_id` None) or changes row `row_id` of `owner` for staff
/// member `user_id`, and publishes the owner's times in the same transaction. A one-off day is a
/// row with a date.
pub(super) async fn save_row<O: ScheduleOwner>(
    state: &Context,
    user_id: Id,
    owner: &O,
    row_id: Option<Id>,
    hours: &Hours,
) -> Result<ScheduleDone> {
    let row = read_row(row_id, hours).map_err(Error::fields)?;
    let now = state.clock.now();
    state
        .store
        .write(|txn| async move {
            let before = match row_id {
                Some(id) => match txn.schedule_row::<O::Rows>(id).await? {
                    Some((p, before)) if p == owner.id() => Some(before),
                    _ => return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND)),
                },
                None => None,
            };
            let others = txn.schedule_rows_of::<O::Rows>(owner.id()).await?;
            let booked = match row_id {
                Some(id) => txn.most_booked_of_row::<O::Rows>(id, now).await?,
                None => 0,
            };
            let errors = check_row(&row, &others, booked);
            if !errors.is_empty() {
                return Err(Error::fields(errors));
            }
            let (id, action) = match row_id {
                Some(id) => {
                    txn.update_schedule_row::<O::Rows>(id, &row).await?;
                    (id, O::ACTIONS.update)
                }
                None => (txn.insert_schedule_row::<O::Rows>(owner.id(), &row, now).await?, O::ACTIONS.create),
            };
            let after = ScheduleRow { id: Some(id), ..row };
            let action =
                if row_id.is_none() && matches!(row.when, When::Date(_)) { O::ACTIONS.extra_day } else { action };
            let entry = audit(
                user_id,
                owner,
                action,
                format!("{}:{id}", O::SUBJECT),
                before.as_ref().map(json_of).as_ref(),
                Some(&json_of(&after)),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = owner.publish(&txn, now).await?;
            Ok(ScheduleDone { id: Some(id), times_made: made, times_removed: removed, orders_told: 0 })
        })
        .await
}

/// Deletes row `row_id` of one of `owners` with the empty future times it made; times with
/// orders stay. Another owner's row is NotFound, like one that does not exist.
pub(super) async fn delete_row<O: ScheduleOwner>(
    state: &Context,
    user_id: Id,
    owners: &[O],
    row_id: Id,
) -> Result<ScheduleDone> {
    let now = state.clock.now();
    state
        .store
        .write(|txn| async move {
            let found = txn.schedule_row::<O::Rows>(row_id).await?;
            let Some((owner, before)) = found.and_then(|(p, r)| owners.iter().find(|x| x.id() == p).map(|o| (o, r)))
            else {
                return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND));
            };
            // The row's empty times go first (the plan without it), then the row itself.
            let others: Vec<ScheduleRow> = txn
                .schedule_rows_of::<O::Rows>(owner.id())
                .await?
                .into_iter()
                .filter(|r| r.id != Some(row_id))
                .collect();
            let removed = owner.remove_times_of(&txn, row_id, &others, now).await?;
            txn.delete_schedule_row::<O::Rows>(row_id).await?;
            let entry = audit(
                user_id,
                owner,
                O::ACTIONS.delete,
                format!("{}:{row_id}", O::SUBJECT),
                Some(&json_of(&before)),
                None,
            );
            txn.audit(entry, now).await?;
            let (more_removed, made) = owner.publish(&txn, now).await?;
            Ok(ScheduleDone {
                id: Some(row_id),
                times_made: made,
                times_removed: removed + more_removed,
                orders_told: 0,
            })
        })
        .await
}

/// Sets how many days ahead `owner` publishes, and publishes.
pub(super) async fn set_horizon<O: ScheduleOwner>(
    state: &Context,
    user_id: Id,
    owner: &O,
    horizon_days: i32,
) -> Result<ScheduleDone> {
    let errors = check_horizon(horizon_days);
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let now = state.clock.now();
    state
        .store
        .write(|txn| async move {
            let before = owner.horizon(&txn).await?;
            owner.set_horizon(&txn, horizon_days).await?;
            let entry = audit(
                user_id,
                owner,
                O::HORIZON_ACTION,
                owner.horizon_subject(),
                Some(&json!({ "horizonDays": before })),
                Some(&json!({ "horizonDays": horizon_days })),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = owner.publish(&txn, now).await?;
            Ok(ScheduleDone { id: None, times_made: made, times_removed: removed, orders_told: 0 })
        })
        .await
}
