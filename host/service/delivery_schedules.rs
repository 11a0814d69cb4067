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
    schedule_rows::{self as rows, RowActions, ScheduleOwner, entry},
    staff::Staff,
};
use crate::{
    db::repo::{Write, delivery_schedules::ProgramSite, schedule_rows::ProgramRows},
    domain::{
        Id,
        audit::AuditAction,
        messages,
        schedule::{ScheduleRow, plan, row_removal, slots},
        staff::FoodBankAdmin,
        time::local_today,
    },
    model::{
        delivery_schedules::{DeliveryHorizonInput, DeliveryProgramRef, DeliverySchedule, DeliveryScheduleInput},
        schedules::ScheduleDone,
    },
};
use chrono::{DateTime, Utc};

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
    let rows = state.store.schedule_rows_of::<ProgramRows>(chosen.program_id).await?;
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
        let done = state.store.write(|txn| async move { publish(&txn, program_id, now).await }).await;
        match done {
            Ok((_, m)) => made += m as usize,
            // One program's failure does not keep the others from publishing.
            Err(e) => tracing::error!(program_id, error = %e, "delivery schedule not published"),
        }
    }
    Ok(made)
}

/// A delivery program's rows cut into its windows; its horizon is a column of the program.
impl ScheduleOwner for ProgramSite {
    type Rows = ProgramRows;
    const SUBJECT: &'static str = "deliverySchedule";
    const ACTIONS: RowActions = RowActions {
        create: AuditAction::DeliveryScheduleCreate,
        update: AuditAction::DeliveryScheduleUpdate,
        extra_day: AuditAction::DeliveryScheduleExtraDay,
        delete: AuditAction::DeliveryScheduleDelete,
    };
    const HORIZON_ACTION: AuditAction = AuditAction::DeliveryScheduleHorizon;

    fn id(&self) -> Id {
        self.program_id
    }

    /// Delivery is food-bank-wide: no pantry.
    fn place(&self) -> (Id, Option<Id>) {
        (self.food_bank_id, None)
    }

    fn horizon_subject(&self) -> String {
        format!("deliveryProgram:{}", self.program_id)
    }

    async fn horizon(&self, txn: &Write) -> Result<Option<i32>> {
        Ok(txn.delivery_program_site(self.program_id).await?.map(|p| p.horizon_days))
    }

    async fn set_horizon(&self, txn: &Write, days: i32) -> Result<()> {
        Ok(txn.set_delivery_horizon(self.program_id, days).await?)
    }

    async fn publish(&self, txn: &Write, now: DateTime<Utc>) -> Result<(u64, u64)> {
        publish(txn, self.program_id, now).await
    }

    async fn remove_times_of(
        &self,
        txn: &Write,
        row_id: Id,
        others: &[ScheduleRow],
        now: DateTime<Utc>,
    ) -> Result<u64> {
        // The program as the transaction sees it: its zone and horizon may have changed since.
        let site = txn.delivery_program_site(self.program_id).await?.unwrap_or_else(|| self.clone());
        let wanted = slots(others, site.tz, local_today(now, site.tz), site.horizon_days, now);
        let stored = txn.stored_future_windows(self.program_id, now).await?;
        let (removed, _) = txn.apply_delivery_plan(&site, &row_removal(&wanted, &stored, row_id)).await?;
        Ok(removed)
    }
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
    rows::save_row(state, admin.user_id, &program, row_id, &input.hours).await
}

/// Deletes a row of delivery hours with the empty future windows it made; windows with orders stay.
pub async fn delete_row(state: &Context, admin: &Staff<FoodBankAdmin>, row_id: Id) -> Result<ScheduleDone> {
    let programs = state.store.delivery_programs_of(admin.reach.food_banks.iter().copied().collect()).await?;
    rows::delete_row(state, admin.user_id, &programs, row_id).await
}

/// Sets how many days ahead the program publishes, and publishes.
pub async fn set_horizon(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    input: &DeliveryHorizonInput,
) -> Result<ScheduleDone> {
    let (program, _) = program_of(state, admin, Some(input.program_id)).await?;
    rows::set_horizon(state, admin.user_id, &program, input.horizon_days).await
}
