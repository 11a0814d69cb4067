//! The rows of a weekly schedule, whoever keeps it: a pantry (`schedules`, cut into pickup times;
//! migration 21) or a delivery program (`delivery_schedules`, cut into delivery windows; migration
//! 28). The two tables differ only in their owner's column and the table of times their rows make,
//! so the rows are read and written once here; a [`ScheduleTable`] names what differs.
use super::{Store, StoreResult, schedules::ID_BATCH};
use crate::{
    db::entity::{delivery_schedule, delivery_time, pickup_time, schedule},
    domain::{
        Id,
        schedule::{ScheduleRow, When},
    },
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait,
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, PrimaryKeyTrait, QueryFilter, QueryOrder, QuerySelect,
    sea_query::Expr,
};
use std::collections::HashMap;

/// A table of schedule rows and the table of the times its rows make.
pub trait ScheduleTable {
    type Rows: EntityTrait<PrimaryKey: PrimaryKeyTrait<ValueType = Id>>;
    type Active: ActiveModelTrait<Entity = Self::Rows> + ActiveModelBehavior + Send;
    type Times: EntityTrait;
    const ID: <Self::Rows as EntityTrait>::Column;
    const OWNER: <Self::Rows as EntityTrait>::Column;
    const WEEKDAY: <Self::Rows as EntityTrait>::Column;
    const ON_DATE: <Self::Rows as EntityTrait>::Column;
    const OPENS: <Self::Rows as EntityTrait>::Column;
    const TIME_SCHEDULE: <Self::Times as EntityTrait>::Column;
    const TIME_START: <Self::Times as EntityTrait>::Column;
    /// The stored row with its owner.
    fn read(model: <Self::Rows as EntityTrait>::Model) -> (Id, ScheduleRow);
    /// The row's columns, with its owner and creation when it is new (else they stay as they are).
    fn write(row: &ScheduleRow, new: Option<(Id, DateTime<Utc>)>) -> Self::Active;
}

/// A pantry's schedule rows, cut into its pickup times.
pub struct PantryRows;

/// A delivery program's schedule rows, cut into its delivery windows.
pub struct ProgramRows;

/// The row's stored columns; the CHECK makes one of weekday and date set.
struct Columns {
    weekday: Option<i16>,
    on_date: Option<NaiveDate>,
    opens: NaiveTime,
    closes: NaiveTime,
    slot_minutes: i32,
    capacity: Option<i32>,
}

impl Columns {
    fn of(row: &ScheduleRow) -> Self {
        let (weekday, on_date) = when_columns(row.when);
        Self {
            weekday,
            on_date,
            opens: row.opens,
            closes: row.closes,
            slot_minutes: row.slot_minutes,
            capacity: row.capacity,
        }
    }

    fn row(self, id: Id) -> ScheduleRow {
        let when = match (self.weekday, self.on_date) {
            (Some(w), _) => When::Weekday(u8::try_from(w).unwrap_or(0)),
            (None, Some(d)) => When::Date(d),
            // The CHECK makes one of them set.
            (None, None) => When::Weekday(0),
        };
        ScheduleRow {
            id: Some(id),
            when,
            opens: self.opens,
            closes: self.closes,
            slot_minutes: self.slot_minutes,
            capacity: self.capacity,
        }
    }
}

pub(super) fn when_columns(when: When) -> (Option<i16>, Option<NaiveDate>) {
    match when {
        When::Weekday(w) => (Some(i16::from(w)), None),
        When::Date(d) => (None, Some(d)),
    }
}

impl ScheduleTable for PantryRows {
    type Rows = schedule::Entity;
    type Active = schedule::ActiveModel;
    type Times = pickup_time::Entity;
    const ID: schedule::Column = schedule::Column::Id;
    const OWNER: schedule::Column = schedule::Column::PantryLocationId;
    const WEEKDAY: schedule::Column = schedule::Column::Weekday;
    const ON_DATE: schedule::Column = schedule::Column::OnDate;
    const OPENS: schedule::Column = schedule::Column::Opens;
    const TIME_SCHEDULE: pickup_time::Column = pickup_time::Column::ScheduleId;
    const TIME_START: pickup_time::Column = pickup_time::Column::StartAt;

    fn read(m: schedule::Model) -> (Id, ScheduleRow) {
        let columns = Columns {
            weekday: m.weekday,
            on_date: m.on_date,
            opens: m.opens,
            closes: m.closes,
            slot_minutes: m.slot_minutes,
            capacity: m.capacity,
        };
        (m.pantry_location_id, columns.row(m.id))
    }

    fn write(row: &ScheduleRow, new: Option<(Id, DateTime<Utc>)>) -> schedule::ActiveModel {
        let c = Columns::of(row);
        schedule::ActiveModel {
            id: NotSet,
            pantry_location_id: new.map_or(NotSet, |(owner, _)| Set(owner)),
            weekday: Set(c.weekday),
            on_date: Set(c.on_date),
            opens: Set(c.opens),
            closes: Set(c.closes),
            slot_minutes: Set(c.slot_minutes),
            capacity: Set(c.capacity),
            created_at: new.map_or(NotSet, |(_, at)| Set(at)),
        }
    }
}

impl ScheduleTable for ProgramRows {
    type Rows = delivery_schedule::Entity;
    type Active = delivery_schedule::ActiveModel;
    type Times = delivery_time::Entity;
    const ID: delivery_schedule::Column = delivery_schedule::Column::Id;
    const OWNER: delivery_schedule::Column = delivery_schedule::Column::DeliveryProgramId;
    const WEEKDAY: delivery_schedule::Column = delivery_schedule::Column::Weekday;
    const ON_DATE: delivery_schedule::Column = delivery_schedule::Column::OnDate;
    const OPENS: delivery_schedule::Column = delivery_schedule::Column::Opens;
    const TIME_SCHEDULE: delivery_time::Column = delivery_time::Column::ScheduleId;
    const TIME_START: delivery_time::Column = delivery_time::Column::StartAt;

    fn read(m: delivery_schedule::Model) -> (Id, ScheduleRow) {
        let columns = Columns {
            weekday: m.weekday,
            on_date: m.on_date,
            opens: m.opens,
            closes: m.closes,
            slot_minutes: m.slot_minutes,
            capacity: m.capacity,
        };
        (m.delivery_program_id, columns.row(m.id))
    }

    fn write(row: &ScheduleRow, new: Option<(Id, DateTime<Utc>)>) -> delivery_schedule::ActiveModel {
        let c = Columns::of(row);
        delivery_schedule::ActiveModel {
            id: NotSet,
            delivery_program_id: new.map_or(NotSet, |(owner, _)| Set(owner)),
            weekday: Set(c.weekday),
            on_date: Set(c.on_date),
            opens: Set(c.opens),
            closes: Set(c.closes),
            slot_minutes: Set(c.slot_minutes),
            capacity: Set(c.capacity),
            created_at: new.map_or(NotSet, |(_, at)| Set(at)),
        }
    }
}

impl<C: ConnectionTrait> Store<C> {
    /// Every owner with a schedule row, for the daily job.
    pub async fn scheduled_owners<T: ScheduleTable>(&self) -> StoreResult<Vec<Id>> {
        Ok(T::Rows::find()
            .select_only()
            .column(T::OWNER)
            .distinct()
            .order_by_asc(T::OWNER)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    /// The owner's schedule rows: weekly ones by weekday, then one-off days by date, each by hours.
    pub async fn schedule_rows_of<T: ScheduleTable>(&self, owner_id: Id) -> StoreResult<Vec<ScheduleRow>> {
        Ok(self.schedule_rows_by_owner::<T>(&[owner_id]).await?.remove(&owner_id).unwrap_or_default())
    }

    /// The schedule rows of these owners, each owner's in the order of [`Self::schedule_rows_of`].
    pub async fn schedule_rows_by_owner<T: ScheduleTable>(
        &self,
        owner_ids: &[Id],
    ) -> StoreResult<HashMap<Id, Vec<ScheduleRow>>> {
        let mut by_owner: HashMap<Id, Vec<ScheduleRow>> = HashMap::new();
        for ids in owner_ids.chunks(ID_BATCH) {
            let rows = T::Rows::find()
                .filter(T::OWNER.is_in(ids.iter().copied()))
                .order_by_asc(T::OWNER)
                .order_by_asc(T::ON_DATE)
                .order_by_asc(T::WEEKDAY)
                .order_by_asc(T::OPENS)
                .order_by_asc(T::ID)
                .all(&self.db)
                .await?;
            for m in rows {
                let (owner, row) = T::read(m);
                by_owner.entry(owner).or_default().push(row);
            }
        }
        for rows in by_owner.values_mut() {
            // NULLs sort first on SQLite and last on PostgreSQL: weekly rows first on both.
            rows.sort_by_key(|r| matches!(r.when, When::Date(_)));
        }
        Ok(by_owner)
    }

    /// One schedule row with its owner.
    pub async fn schedule_row<T: ScheduleTable>(&self, id: Id) -> StoreResult<Option<(Id, ScheduleRow)>> {
        Ok(T::Rows::find_by_id(id).one(&self.db).await?.map(T::read))
    }

    pub async fn insert_schedule_row<T: ScheduleTable>(
        &self,
        owner_id: Id,
        row: &ScheduleRow,
        now: DateTime<Utc>,
    ) -> StoreResult<Id> {
        let done = T::Rows::insert(T::write(row, Some((owner_id, now)))).exec(&self.db).await?;
        Ok(done.last_insert_id)
    }

    pub async fn update_schedule_row<T: ScheduleTable>(&self, id: Id, row: &ScheduleRow) -> StoreResult<()> {
        T::Rows::update_many().set(T::write(row, None)).filter(T::ID.eq(id)).exec(&self.db).await?;
        Ok(())
    }

    /// Deletes the row; the times it made that have orders keep them and become hand-made ones
    /// (the service deleted the empty ones first).
    pub async fn delete_schedule_row<T: ScheduleTable>(&self, id: Id) -> StoreResult<()> {
        T::Times::update_many()
            .col_expr(T::TIME_SCHEDULE, Expr::value(Option::<i64>::None))
            .filter(T::TIME_SCHEDULE.eq(id))
            .exec(&self.db)
            .await?;
        T::Rows::delete_by_id(id).exec(&self.db).await?;
        Ok(())
    }

    /// The most orders a future time the row made holds: its capacity may not go below it.
    pub async fn most_booked_of_row<T: ScheduleTable>(&self, id: Id, now: DateTime<Utc>) -> StoreResult<i32> {
        let most: Option<Option<i32>> = T::Times::find()
            .filter(T::TIME_SCHEDULE.eq(id))
            .filter(T::TIME_START.gt(now))
            .select_only()
            .expr(Expr::cust("max(booked)"))
            .into_tuple()
            .one(&self.db)
            .await?;
        Ok(most.flatten().unwrap_or(0))
    }
}
