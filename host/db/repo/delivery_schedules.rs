//! Delivery schedules of a food bank's delivery programs (migration 28), and the writes that bring
//! a program's delivery windows in line with them (`domain::schedule::Plan`, the same plan as a
//! pantry's pickup times). Every write runs in the service's transaction with its audit entry.
use super::{Store, StoreResult, schedule_rows::ProgramRows, shopping::parse_tz};
use crate::{
    db::entity::{delivery_program, delivery_time, food_bank},
    domain::{
        Id,
        schedule::{DEFAULT_HORIZON_DAYS, Plan, ScheduleRow, StoredTime},
    },
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use sea_orm::{
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::{Expr, OnConflict},
};

/// Rows of one multi-row insert: well under SQLite's bound on a statement's parameters.
const INSERT_BATCH: usize = 500;

/// No order of any state names the window (a cancelled one still does).
const NO_ORDERS: &str = "NOT EXISTS (SELECT 1 FROM orders o WHERE o.delivery_time_id = delivery_times.id)";

/// A delivery program as its schedules need it: its windows are local to its food bank's zone.
#[derive(Debug, Clone, PartialEq)]
pub struct ProgramSite {
    pub program_id: Id,
    pub food_bank_id: Id,
    pub name: String,
    pub is_active: bool,
    pub tz: Tz,
    pub horizon_days: i32,
}

impl<C: ConnectionTrait> Store<C> {
    /// The delivery programs (active or not) of these food banks, by food bank and name.
    pub async fn delivery_programs_of(&self, food_bank_ids: Vec<Id>) -> StoreResult<Vec<ProgramSite>> {
        if food_bank_ids.is_empty() {
            return Ok(Vec::new());
        }
        let rows = delivery_program::Entity::find()
            .find_also_related(food_bank::Entity)
            .filter(delivery_program::Column::FoodBankId.is_in(food_bank_ids))
            .order_by_asc(delivery_program::Column::FoodBankId)
            .order_by_asc(delivery_program::Column::Name)
            .order_by_asc(delivery_program::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().filter_map(|(p, fb)| fb.map(|fb| site(p, &fb))).collect())
    }

    /// One delivery program with its food bank's zone and its horizon.
    pub async fn delivery_program_site(&self, program_id: Id) -> StoreResult<Option<ProgramSite>> {
        let row =
            delivery_program::Entity::find_by_id(program_id).find_also_related(food_bank::Entity).one(&self.db).await?;
        Ok(row.and_then(|(p, fb)| fb.map(|fb| site(p, &fb))))
    }

    /// The program's schedule rows (see [`Self::schedule_rows_of`]).
    pub async fn delivery_schedules_of(&self, program_id: Id) -> StoreResult<Vec<ScheduleRow>> {
        self.schedule_rows_of::<ProgramRows>(program_id).await
    }

    /// Every delivery program with a schedule row, for the daily job.
    pub async fn scheduled_programs(&self) -> StoreResult<Vec<Id>> {
        self.scheduled_owners::<ProgramRows>().await
    }

    pub async fn set_delivery_horizon(&self, program_id: Id, days: i32) -> StoreResult<()> {
        delivery_program::Entity::update_many()
            .col_expr(delivery_program::Column::HorizonDays, Expr::value(Some(days)))
            .filter(delivery_program::Column::Id.eq(program_id))
            .exec(&self.db)
            .await?;
        Ok(())
    }

    /// The program's delivery windows starting after `now`, as the plan reads them.
    pub async fn stored_future_windows(&self, program_id: Id, now: DateTime<Utc>) -> StoreResult<Vec<StoredTime>> {
        type Row = (Id, Option<Id>, DateTime<Utc>, DateTime<Utc>, Option<i32>, i32, i32);
        let rows: Vec<Row> = delivery_time::Entity::find()
            .filter(delivery_time::Column::DeliveryProgramId.eq(program_id))
            .filter(delivery_time::Column::StartAt.gt(now))
            .select_only()
            .columns([
                delivery_time::Column::Id,
                delivery_time::Column::ScheduleId,
                delivery_time::Column::StartAt,
                delivery_time::Column::EndAt,
                delivery_time::Column::Capacity,
                delivery_time::Column::Booked,
            ])
            .expr(Expr::cust(format!("CASE WHEN {NO_ORDERS} THEN 0 ELSE 1 END")))
            .order_by_asc(delivery_time::Column::StartAt)
            .into_tuple()
            .all(&self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(id, schedule_id, start_at, end_at, capacity, booked, has_orders)| StoredTime {
                id,
                schedule_id,
                start_at,
                end_at,
                capacity,
                booked,
                has_orders: has_orders != 0,
            })
            .collect())
    }

    /// Runs `plan` on the program's windows: deletes (only empty windows, whatever the plan says),
    /// then inserts (a start already taken is skipped), then capacity changes (never below what
    /// is booked). The numbers of windows deleted and made.
    pub async fn apply_delivery_plan(&self, program: &ProgramSite, plan: &Plan) -> StoreResult<(u64, u64)> {
        let mut deleted = 0;
        for ids in plan.delete.chunks(INSERT_BATCH) {
            deleted += delivery_time::Entity::delete_many()
                .filter(delivery_time::Column::DeliveryProgramId.eq(program.program_id))
                .filter(delivery_time::Column::Id.is_in(ids.iter().copied()))
                .filter(delivery_time::Column::Booked.eq(0))
                .filter(Expr::cust(NO_ORDERS))
                .exec(&self.db)
                .await?
                .rows_affected;
        }
        let mut made = 0;
        for slots in plan.insert.chunks(INSERT_BATCH) {
            let rows = slots.iter().map(|s| delivery_time::ActiveModel {
                id: NotSet,
                food_bank_id: Set(program.food_bank_id),
                delivery_program_id: Set(program.program_id),
                delivery_day: Set(s.day),
                delivery_start_time: Set(s.start),
                delivery_end_time: Set(s.end),
                start_at: Set(s.start_at),
                end_at: Set(s.end_at),
                capacity: Set(s.capacity),
                booked: Set(0),
                schedule_id: Set(Some(s.schedule_id)),
            });
            made += delivery_time::Entity::insert_many(rows)
                .on_conflict(
                    OnConflict::columns([delivery_time::Column::DeliveryProgramId, delivery_time::Column::StartAt])
                        .do_nothing()
                        .to_owned(),
                )
                .exec_without_returning(&self.db)
                .await?;
        }
        for (id, capacity) in &plan.recapacity {
            let mut update = delivery_time::Entity::update_many()
                .col_expr(delivery_time::Column::Capacity, Expr::value(*capacity))
                .filter(delivery_time::Column::Id.eq(*id));
            if let Some(c) = capacity {
                update = update.filter(delivery_time::Column::Booked.lte(*c));
            }
            update.exec(&self.db).await?;
        }
        Ok((deleted, made))
    }
}

fn site(p: delivery_program::Model, fb: &food_bank::Model) -> ProgramSite {
    ProgramSite {
        program_id: p.id,
        food_bank_id: p.food_bank_id,
        name: p.name,
        is_active: p.is_active,
        tz: parse_tz(&fb.time_zone),
        horizon_days: p.horizon_days.unwrap_or(DEFAULT_HORIZON_DAYS),
    }
}
