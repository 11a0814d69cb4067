//! Delivery schedules (issue 24 item 1, "the same for a delivery program's windows";
//! `/staff/delivery-schedule`, `/api/v1/staff/delivery-schedule...`): a food bank's admins keep a
//! delivery program's weekly hours, one-off days and publishing horizon, which the server cuts
//! into delivery windows with the rules and the plan of a pantry's pickup times
//! (`domain::schedule`), in the food bank's zone. Delivery is food-bank-wide, so only the food
//! bank's admins reach it. Each edit is one transaction: the checks, the write, the audit entry and
//! the windows brought in line (the same [`publish`] the daily job runs); a window with orders is
//! never moved or deleted.
use super::{
    Context, Error, Result,
    schedules::{entry, finish, json_of, read_row},
    staff::Staff,
};
use crate::{
    db::repo::{Write, audit::AuditEntry, delivery_schedules::ProgramSite, retrying},
    domain::{
        Id, messages,
        schedule::{ScheduleRow, When, check_horizon, check_row, plan, slots},
        staff::FoodBankAdmin,
        time::local_today,
    },
    model::{
        delivery_schedules::{DeliveryHorizonInput, DeliveryProgramRef, DeliverySchedule, DeliveryScheduleInput},
        schedules::{ScheduleDone, ScheduleInput},
    },
};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

fn program_ref(p: &ProgramSite) -> DeliveryProgramRef {
    DeliveryProgramRef { id: p.program_id, name: p.name.clone(), is_active: p.is_active }
}

/// The program among the caller's food banks' (the first when `program` is None), with all of
/// them; another food bank's program is NotFound, like one that does not exist.
async fn program_of(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    program: Option<Id>,
) -> Result<(ProgramSite, Vec<ProgramSite>)> {
    let programs = state.store.delivery_programs_of(admin.reach.food_banks.iter().copied().collect()).await?;
    let chosen = match program {
        Some(id) => programs.iter().find(|p| p.program_id == id),
        None => programs.first(),
    }
    .cloned()
    .ok_or_else(|| Error::not_found(&messages::DELIVERY_PROGRAM_NOT_FOUND))?;
    Ok((chosen, programs))
}

/// The program's schedule (the caller's first program when `program` is None).
pub async fn delivery_schedule(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    program: Option<Id>,
) -> Result<DeliverySchedule> {
    let (chosen, programs) = program_of(state, admin, program).await?;
    let rows = state.store.delivery_schedules_of(chosen.program_id).await?;
    Ok(DeliverySchedule {
        program: program_ref(&chosen),
        programs: programs.iter().map(program_ref).collect(),
        horizon_days: chosen.horizon_days,
        entries: rows.iter().map(entry).collect(),
    })
}

/// Brings the program's future delivery windows in line with its schedules for its horizon (see
/// `domain::schedule::plan`); the windows deleted and made.
pub async fn publish(txn: &Write, program_id: Id, now: DateTime<Utc>) -> Result<(u64, u64)> {
    let Some(program) = txn.delivery_program_site(program_id).await? else { return Ok((0, 0)) };
    let rows = txn.delivery_schedules_of(program_id).await?;
    let wanted = slots(&rows, program.tz, local_today(now, program.tz), program.horizon_days, now);
    let stored = txn.stored_future_windows(program_id, now).await?;
    let plan = plan(&wanted, &stored);
    if plan.is_empty() {
        return Ok((0, 0));
    }
    Ok(txn.apply_delivery_plan(&program, &plan).await?)
}

/// The schedule job's part for delivery: every scheduled program's windows published for its
/// horizon, each program in its own transaction. The windows made.
pub async fn publish_all(state: &Context) -> Result<usize> {
    let now = state.clock.now();
    let mut made = 0;
    for program_id in state.store.scheduled_programs().await? {
        let done = retrying(|| async move {
            let txn = state.store.begin_write().await?;
            let done = publish(&txn, program_id, now).await;
            finish(txn, done).await
        })
        .await;
        match done {
            Ok((_, m)) => made += m as usize,
            // One program's failure does not keep the others from publishing.
            Err(e) => tracing::error!(program_id, error = %e, "delivery schedule not published"),
        }
    }
    Ok(made)
}

/// The hours of `input` as the pantry schedule's reader takes them: one reader, one set of rules.
fn hours(input: &DeliveryScheduleInput) -> ScheduleInput {
    ScheduleInput {
        pantry_id: input.program_id,
        weekday: input.weekday,
        date: input.date.clone(),
        opens: input.opens.clone(),
        closes: input.closes.clone(),
        slot_minutes: input.slot_minutes,
        capacity: input.capacity,
    }
}

fn audit(
    admin: &Staff<FoodBankAdmin>,
    program: &ProgramSite,
    action: &'static str,
    subject: String,
    before: Option<&Value>,
    after: Option<&Value>,
) -> AuditEntry {
    AuditEntry::change(admin.user_id, (program.food_bank_id, None), action, subject, before, after)
}

/// Adds a row of delivery hours (`row_id` None) or changes one, and publishes the program's
/// windows in the same transaction. A one-off day is a row with a date.
pub async fn save_row(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    row_id: Option<Id>,
    input: &DeliveryScheduleInput,
) -> Result<ScheduleDone> {
    let (program, _) = program_of(state, admin, Some(input.program_id)).await?;
    let row = read_row(row_id, &hours(input)).map_err(Error::fields)?;
    let now = state.clock.now();
    let program = &program;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let before = match row_id {
                Some(id) => match txn.delivery_schedule_row(id).await? {
                    Some((p, before)) if p == program.program_id => Some(before),
                    _ => return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND)),
                },
                None => None,
            };
            let others = txn.delivery_schedules_of(program.program_id).await?;
            let booked = match row_id {
                Some(id) => txn.most_booked_of_delivery_schedule(id, now).await?,
                None => 0,
            };
            let errors = check_row(&row, &others, booked);
            if !errors.is_empty() {
                return Err(Error::fields(errors));
            }
            let (id, action) = match row_id {
                Some(id) => {
                    txn.update_delivery_schedule(id, &row).await?;
                    (id, "deliverySchedule.update")
                }
                None => (txn.insert_delivery_schedule(program.program_id, &row, now).await?, "deliverySchedule.create"),
            };
            let after = ScheduleRow { id: Some(id), ..row };
            let action = if row_id.is_none() && matches!(row.when, When::Date(_)) {
                "deliverySchedule.extraDay"
            } else {
                action
            };
            let entry = audit(
                admin,
                program,
                action,
                format!("deliverySchedule:{id}"),
                before.as_ref().map(json_of).as_ref(),
                Some(&json_of(&after)),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = publish(&txn, program.program_id, now).await?;
            Ok(ScheduleDone { id: Some(id), times_made: made, times_removed: removed, orders_told: 0 })
        }
        .await;
        finish(txn, done).await
    })
    .await
}

/// Deletes a row of delivery hours with the empty future windows it made; windows with orders stay.
pub async fn delete_row(state: &Context, admin: &Staff<FoodBankAdmin>, row_id: Id) -> Result<ScheduleDone> {
    let programs = state.store.delivery_programs_of(admin.reach.food_banks.iter().copied().collect()).await?;
    let now = state.clock.now();
    let programs = &programs;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let found = txn.delivery_schedule_row(row_id).await?;
            let Some((program, before)) =
                found.and_then(|(p, r)| programs.iter().find(|x| x.program_id == p).map(|p| (p, r)))
            else {
                return Err(Error::not_found(&messages::SCHEDULE_NOT_FOUND));
            };
            // The row's empty windows go first (the plan without it), then the row itself.
            let others: Vec<ScheduleRow> = txn
                .delivery_schedules_of(program.program_id)
                .await?
                .into_iter()
                .filter(|r| r.id != Some(row_id))
                .collect();
            let site = txn.delivery_program_site(program.program_id).await?.unwrap_or_else(|| program.clone());
            let wanted = slots(&others, site.tz, local_today(now, site.tz), site.horizon_days, now);
            let stored = txn.stored_future_windows(program.program_id, now).await?;
            let mut p = plan(&wanted, &stored);
            // Only this row's windows go now; the others are the job's as before.
            let mine: Vec<Id> = stored.iter().filter(|t| t.schedule_id == Some(row_id)).map(|t| t.id).collect();
            p.delete.retain(|id| mine.contains(id));
            p.insert.clear();
            p.recapacity.clear();
            let (removed, _) = txn.apply_delivery_plan(&site, &p).await?;
            txn.delete_delivery_schedule(row_id).await?;
            let entry = audit(
                admin,
                program,
                "deliverySchedule.delete",
                format!("deliverySchedule:{row_id}"),
                Some(&json_of(&before)),
                None,
            );
            txn.audit(entry, now).await?;
            let (more_removed, made) = publish(&txn, program.program_id, now).await?;
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

/// Sets how many days ahead the program publishes, and publishes.
pub async fn set_horizon(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    input: &DeliveryHorizonInput,
) -> Result<ScheduleDone> {
    let (program, _) = program_of(state, admin, Some(input.program_id)).await?;
    let errors = check_horizon(input.horizon_days);
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let now = state.clock.now();
    let program = &program;
    retrying(|| async move {
        let txn = state.store.begin_write().await?;
        let done = async {
            let before = txn.delivery_program_site(program.program_id).await?.map(|p| p.horizon_days);
            txn.set_delivery_horizon(program.program_id, input.horizon_days).await?;
            let entry = audit(
                admin,
                program,
                "deliverySchedule.horizon",
                format!("deliveryProgram:{}", program.program_id),
                Some(&json!({ "horizonDays": before })),
                Some(&json!({ "horizonDays": input.horizon_days })),
            );
            txn.audit(entry, now).await?;
            let (removed, made) = publish(&txn, program.program_id, now).await?;
            Ok(ScheduleDone { id: None, times_made: made, times_removed: removed, orders_told: 0 })
        }
        .await;
        finish(txn, done).await
    })
    .await
}
