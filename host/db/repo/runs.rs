//! Delivery runs (issue 51): a window's deliveries, the runs they are shared into and each run's
//! stops as its driver and its coordinator read them. The writes run inside the transaction of
//! `service::runs`, which reads what it decides on there: the plan changes only while a run has
//! not started (`UPDATE … WHERE started_at IS NULL`), and an outcome or a confirmation is written
//! once (`WHERE confirmed_at IS NULL`).
use super::{Store, StoreResult, orders::snapshot_row};
use crate::{
    db::entity::{
        address, delivery_program, delivery_run, delivery_stop, delivery_time, driver_grant, food_bank, order,
        order_item, saved_address, user,
    },
    domain::{Id, orders::StatusType, runs::StopOutcome},
};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, sea_query::Expr,
};
use std::collections::HashMap;

/// A delivery window as its runs are made: its program, depot and food bank.
#[derive(Debug, Clone, PartialEq)]
pub struct RunWindow {
    pub id: Id,
    pub program_id: Id,
    pub program_name: String,
    pub food_bank_id: Id,
    pub tz: chrono_tz::Tz,
    pub day: NaiveDate,
    pub starts: NaiveTime,
    pub ends: NaiveTime,
    /// The program's depot; None: not set, so the food bank's ZIP centre stands for it.
    pub depot: Option<(f64, f64)>,
    pub food_bank_postal_code: String,
}

/// A run as both pages list it.
#[derive(Debug, Clone, PartialEq)]
pub struct RunRow {
    pub id: Id,
    pub delivery_time_id: Id,
    pub program_id: Id,
    pub number: i32,
    pub driver_user_id: Option<Id>,
    pub miles: f64,
    pub started_at: Option<DateTime<Utc>>,
}

/// A stop with what the driver needs at the door.
#[derive(Debug, Clone, PartialEq)]
pub struct StopRow {
    pub id: Id,
    pub run_id: Id,
    pub order_id: Id,
    pub position: i32,
    pub outcome: Option<StopOutcome>,
    pub confirmed: bool,
    pub state: StatusType,
    /// The shopper's name.
    pub name: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    /// Where the saved address stands and how it was found (`address` or `zip`); None when the
    /// shopper removed the address since, so only the order's copy (and its ZIP) is left.
    pub at: Option<(f64, f64)>,
    pub located_by: Option<String>,
    pub notes: Option<String>,
    pub phone: Option<String>,
    pub items: i64,
}

/// A window's order that may ride in a run: packed and ready, in no started run.
#[derive(Debug, Clone, PartialEq)]
pub struct Routable {
    pub order_id: Id,
    pub at: Option<(f64, f64)>,
    pub postal_code: String,
}

/// A person who drives for a program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverRow {
    pub user_id: Id,
    pub name: String,
    pub email: String,
}

fn state_of(id: Id) -> StatusType {
    // Every stored status id is one of ours (seeded, foreign key).
    StatusType::from_id(id).unwrap_or(StatusType::Submitted)
}

fn run_row(r: delivery_run::Model) -> RunRow {
    RunRow {
        id: r.id,
        delivery_time_id: r.delivery_time_id,
        program_id: r.delivery_program_id,
        number: r.number,
        driver_user_id: r.driver_user_id,
        miles: r.miles,
        started_at: r.started_at,
    }
}

impl<C: ConnectionTrait> Store<C> {
    /// The window with its program's depot; None when there is no such window.
    pub async fn run_window(&self, window_id: Id) -> StoreResult<Option<RunWindow>> {
        let c = &self.db;
        let Some(w) = delivery_time::Entity::find_by_id(window_id).one(c).await? else { return Ok(None) };
        let Some(program) = delivery_program::Entity::find_by_id(w.delivery_program_id).one(c).await? else {
            return Ok(None);
        };
        let Some(bank) = food_bank::Entity::find_by_id(w.food_bank_id).one(c).await? else { return Ok(None) };
        let postal = address::Entity::find_by_id(bank.address_id).one(c).await?.map(|a| a.postal_code);
        Ok(Some(RunWindow {
            id: w.id,
            program_id: program.id,
            program_name: program.name,
            food_bank_id: w.food_bank_id,
            tz: super::shopping::parse_tz(&bank.time_zone),
            day: w.delivery_day,
            starts: w.delivery_start_time,
            ends: w.delivery_end_time,
            depot: program.depot_latitude.zip(program.depot_longitude),
            food_bank_postal_code: postal.unwrap_or_default(),
        }))
    }

    /// The delivery windows of these food banks on `day`, by start.
    pub async fn run_windows_on(&self, banks: Vec<Id>, day: NaiveDate) -> StoreResult<Vec<RunWindow>> {
        let ids: Vec<Id> = delivery_time::Entity::find()
            .filter(delivery_time::Column::FoodBankId.is_in(banks))
            .filter(delivery_time::Column::DeliveryDay.eq(day))
            .order_by_asc(delivery_time::Column::DeliveryStartTime)
            .order_by_asc(delivery_time::Column::Id)
            .select_only()
            .column(delivery_time::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut out = Vec::with_capacity(ids.len());
        for id in ids {
            out.extend(self.run_window(id).await?);
        }
        Ok(out)
    }

    /// The window's runs by number.
    pub async fn runs_of_window(&self, window_id: Id) -> StoreResult<Vec<RunRow>> {
        let runs = delivery_run::Entity::find()
            .filter(delivery_run::Column::DeliveryTimeId.eq(window_id))
            .order_by_asc(delivery_run::Column::Number)
            .all(&self.db)
            .await?;
        Ok(runs.into_iter().map(run_row).collect())
    }

    pub async fn run(&self, run_id: Id) -> StoreResult<Option<RunRow>> {
        Ok(delivery_run::Entity::find_by_id(run_id).one(&self.db).await?.map(run_row))
    }

    /// The runs given to `user_id` in windows from `from` on, by day and start.
    pub async fn runs_of_driver(&self, user_id: Id, from: NaiveDate) -> StoreResult<Vec<(RunRow, RunWindow)>> {
        let runs = delivery_run::Entity::find()
            .filter(delivery_run::Column::DriverUserId.eq(user_id))
            .inner_join(delivery_time::Entity)
            .filter(delivery_time::Column::DeliveryDay.gte(from))
            .order_by_asc(delivery_time::Column::DeliveryDay)
            .order_by_asc(delivery_time::Column::DeliveryStartTime)
            .order_by_asc(delivery_run::Column::Number)
            .all(&self.db)
            .await?;
        let mut out = Vec::with_capacity(runs.len());
        for r in runs {
            if let Some(w) = self.run_window(r.delivery_time_id).await? {
                out.push((run_row(r), w));
            }
        }
        Ok(out)
    }

    /// The stops of these runs by run and position, with their orders' addresses and shoppers.
    pub async fn stops_of(&self, run_ids: Vec<Id>) -> StoreResult<Vec<StopRow>> {
        let c = &self.db;
        if run_ids.is_empty() {
            return Ok(Vec::new());
        }
        let stops = delivery_stop::Entity::find()
            .filter(delivery_stop::Column::RunId.is_in(run_ids))
            .order_by_asc(delivery_stop::Column::RunId)
            .order_by_asc(delivery_stop::Column::Position)
            .all(c)
            .await?;
        let order_ids: Vec<Id> = stops.iter().map(|s| s.order_id).collect();
        let orders: HashMap<Id, order::Model> = order::Entity::find()
            .filter(order::Column::Id.is_in(order_ids.clone()))
            .all(c)
            .await?
            .into_iter()
            .map(|o| (o.id, o))
            .collect();
        let people: HashMap<Id, (String, Option<String>)> = user::Entity::find()
            .filter(user::Column::Id.is_in(orders.values().map(|o| o.user_id).collect::<Vec<_>>()))
            .select_only()
            .columns([user::Column::Id, user::Column::FirstName, user::Column::LastName, user::Column::PhoneNumber])
            .into_tuple::<(Id, String, String, Option<String>)>()
            .all(c)
            .await?
            .into_iter()
            .map(|(id, first, last, phone)| (id, (format!("{first} {last}").trim().to_owned(), phone)))
            .collect();
        let places = self.places_of(orders.values().filter_map(|o| o.saved_address_id).collect()).await?;
        let items: HashMap<Id, i64> = order_item::Entity::find()
            .filter(order_item::Column::OrderId.is_in(order_ids))
            .all(c)
            .await?
            .into_iter()
            .fold(HashMap::new(), |mut sum, line| {
                *sum.entry(line.order_id).or_insert(0) += i64::from(line.packed_quantity.unwrap_or(line.quantity));
                sum
            });
        let mut out = Vec::with_capacity(stops.len());
        for s in stops {
            let Some(o) = orders.get(&s.order_id) else { continue };
            let Some(copy) = snapshot_row(o.id, o.delivery_address.clone()) else { continue };
            let place = o.saved_address_id.and_then(|id| places.get(&id));
            let (name, phone) = people.get(&o.user_id).cloned().unwrap_or_default();
            out.push(StopRow {
                id: s.id,
                run_id: s.run_id,
                order_id: s.order_id,
                position: s.position,
                outcome: s.outcome.as_deref().and_then(StopOutcome::from_code),
                confirmed: s.confirmed_at.is_some(),
                state: state_of(o.status_type_id),
                // The person the driver asks for; the address's own label ("Home") when the
                // account has no name (a phone order's may not).
                name: if name.is_empty() { copy.name } else { name },
                address_line1: copy.address_line1,
                address_line2: copy.address_line2,
                city: copy.city,
                province: copy.province,
                postal_code: copy.postal_code,
                at: place.and_then(|p| p.at),
                located_by: place.and_then(|p| p.located_by.clone()),
                notes: place.and_then(|p| p.notes.clone()),
                phone,
                items: items.get(&o.id).copied().unwrap_or(0),
            });
        }
        Ok(out)
    }

    /// The window's packed and ready orders that no started run holds, with where they go.
    pub async fn routable(&self, window_id: Id) -> StoreResult<Vec<Routable>> {
        let c = &self.db;
        let started: Vec<Id> = delivery_stop::Entity::find()
            .inner_join(delivery_run::Entity)
            .filter(delivery_run::Column::DeliveryTimeId.eq(window_id))
            .filter(delivery_run::Column::StartedAt.is_not_null())
            .select_only()
            .column(delivery_stop::Column::OrderId)
            .into_tuple()
            .all(c)
            .await?;
        let orders = order::Entity::find()
            .filter(order::Column::DeliveryTimeId.eq(window_id))
            .filter(order::Column::StatusTypeId.eq(StatusType::Ready.id()))
            .order_by_asc(order::Column::Id)
            .all(c)
            .await?;
        let orders: Vec<_> = orders.into_iter().filter(|o| !started.contains(&o.id)).collect();
        let places = self.places_of(orders.iter().filter_map(|o| o.saved_address_id).collect()).await?;
        Ok(orders
            .into_iter()
            .map(|o| {
                let postal = snapshot_row(o.id, o.delivery_address.clone()).map(|s| s.postal_code).unwrap_or_default();
                Routable {
                    order_id: o.id,
                    at: o.saved_address_id.and_then(|id| places.get(&id)).and_then(|p| p.at),
                    postal_code: postal,
                }
            })
            .collect())
    }

    /// The people who drive for the program, by name.
    pub async fn program_drivers(&self, program_id: Id) -> StoreResult<Vec<DriverRow>> {
        let rows: Vec<(Id, String, String, String)> = driver_grant::Entity::find()
            .filter(driver_grant::Column::DeliveryProgramId.eq(program_id))
            .inner_join(user::Entity)
            .select_only()
            .column(driver_grant::Column::UserId)
            .column(user::Column::FirstName)
            .column(user::Column::LastName)
            .column(user::Column::Email)
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut drivers: Vec<DriverRow> = rows
            .into_iter()
            .map(|(user_id, first, last, email)| DriverRow {
                user_id,
                name: format!("{first} {last}").trim().to_owned(),
                email,
            })
            .collect();
        drivers.sort_by(|a, b| (&a.name, &a.email).cmp(&(&b.name, &b.email)));
        Ok(drivers)
    }

    /// The food bank of a delivery program; None when there is no such program.
    pub async fn program_food_bank(&self, program_id: Id) -> StoreResult<Option<Id>> {
        Ok(delivery_program::Entity::find_by_id(program_id)
            .select_only()
            .column(delivery_program::Column::FoodBankId)
            .into_tuple()
            .one(&self.db)
            .await?)
    }

    /// The saved addresses' coordinates, how they were found and their notes.
    async fn places_of(&self, saved_ids: Vec<Id>) -> StoreResult<HashMap<Id, Place>> {
        if saved_ids.is_empty() {
            return Ok(HashMap::new());
        }
        let saved =
            saved_address::Entity::find().filter(saved_address::Column::Id.is_in(saved_ids)).all(&self.db).await?;
        let addresses: HashMap<Id, address::Model> = address::Entity::find()
            .filter(address::Column::Id.is_in(saved.iter().map(|s| s.address_id).collect::<Vec<_>>()))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|a| (a.id, a))
            .collect();
        Ok(saved
            .into_iter()
            .map(|s| {
                let a = addresses.get(&s.address_id);
                let place = Place {
                    at: a.and_then(|a| a.latitude.zip(a.longitude)),
                    located_by: a.and_then(|a| a.located_by.clone()),
                    notes: s.notes.filter(|n| !n.trim().is_empty()),
                };
                (s.id, place)
            })
            .collect())
    }
}

struct Place {
    at: Option<(f64, f64)>,
    located_by: Option<String>,
    notes: Option<String>,
}

/// A run to make: its number, its driver and its stops' orders in route order.
#[derive(Debug, Clone, PartialEq)]
pub struct NewRun {
    pub number: i32,
    pub driver_user_id: Option<Id>,
    pub miles: f64,
    pub orders: Vec<Id>,
}

impl crate::db::repo::Write {
    /// Locks the window's row until the transaction ends (PostgreSQL; SQLite writers are
    /// serialised), so two coordinators planning one window take turns.
    pub async fn lock_window(&self, window_id: Id) -> StoreResult<bool> {
        Ok(delivery_time::Entity::find_by_id(window_id).lock_exclusive().one(&self.db).await?.is_some())
    }

    /// Removes the window's runs that have not started (their stops with them).
    pub async fn drop_planned_runs(&self, window_id: Id) -> StoreResult<()> {
        let planned: Vec<Id> = delivery_run::Entity::find()
            .filter(delivery_run::Column::DeliveryTimeId.eq(window_id))
            .filter(delivery_run::Column::StartedAt.is_null())
            .select_only()
            .column(delivery_run::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?;
        if planned.is_empty() {
            return Ok(());
        }
        delivery_stop::Entity::delete_many()
            .filter(delivery_stop::Column::RunId.is_in(planned.clone()))
            .exec(&self.db)
            .await?;
        delivery_run::Entity::delete_many().filter(delivery_run::Column::Id.is_in(planned)).exec(&self.db).await?;
        Ok(())
    }

    /// Writes a run of the window and its stops in order; its id.
    pub async fn insert_run(&self, window: &RunWindow, run: &NewRun, now: DateTime<Utc>) -> StoreResult<Id> {
        let row = delivery_run::ActiveModel {
            delivery_time_id: Set(window.id),
            delivery_program_id: Set(window.program_id),
            number: Set(run.number),
            driver_user_id: Set(run.driver_user_id),
            miles: Set(run.miles),
            started_at: Set(None),
            started_by: Set(None),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        let stops: Vec<delivery_stop::ActiveModel> = run
            .orders
            .iter()
            .zip(1..)
            .map(|(order_id, position)| delivery_stop::ActiveModel {
                run_id: Set(row.id),
                order_id: Set(*order_id),
                position: Set(position),
                ..Default::default()
            })
            .collect();
        if !stops.is_empty() {
            delivery_stop::Entity::insert_many(stops).exec(&self.db).await?;
        }
        Ok(row.id)
    }

    /// Gives a planned run its stops in this order (moving a stop in from another run) and its
    /// miles; false when the run has started meanwhile.
    pub async fn set_route(&self, run_id: Id, orders: &[Id], miles: f64) -> StoreResult<bool> {
        let planned = delivery_run::Entity::update_many()
            .col_expr(delivery_run::Column::Miles, Expr::value(miles))
            .filter(delivery_run::Column::Id.eq(run_id))
            .filter(delivery_run::Column::StartedAt.is_null())
            .exec(&self.db)
            .await?;
        if planned.rows_affected != 1 {
            return Ok(false);
        }
        for (order_id, position) in orders.iter().zip(1..) {
            delivery_stop::Entity::update_many()
                .col_expr(delivery_stop::Column::RunId, Expr::value(run_id))
                .col_expr(delivery_stop::Column::Position, Expr::value(position))
                .filter(delivery_stop::Column::OrderId.eq(*order_id))
                .exec(&self.db)
                .await?;
        }
        Ok(true)
    }

    /// Ends `user_id`'s driving for the program: their grant goes, and the runs not started yet
    /// that were theirs wait for another driver. False when they had no such grant.
    pub async fn remove_driver(&self, program_id: Id, user_id: Id) -> StoreResult<bool> {
        let gone = driver_grant::Entity::delete_many()
            .filter(driver_grant::Column::DeliveryProgramId.eq(program_id))
            .filter(driver_grant::Column::UserId.eq(user_id))
            .exec(&self.db)
            .await?;
        delivery_run::Entity::update_many()
            .col_expr(delivery_run::Column::DriverUserId, Expr::value(Option::<Id>::None))
            .filter(delivery_run::Column::DeliveryProgramId.eq(program_id))
            .filter(delivery_run::Column::DriverUserId.eq(user_id))
            .filter(delivery_run::Column::StartedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(gone.rows_affected == 1)
    }

    /// Gives a planned run its driver; false when it has started.
    pub async fn set_run_driver(&self, run_id: Id, driver: Option<Id>) -> StoreResult<bool> {
        let done = delivery_run::Entity::update_many()
            .col_expr(delivery_run::Column::DriverUserId, Expr::value(driver))
            .filter(delivery_run::Column::Id.eq(run_id))
            .filter(delivery_run::Column::StartedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// Marks the run started by `by`; false when it had started already.
    pub async fn start_run(&self, run_id: Id, by: Id, now: DateTime<Utc>) -> StoreResult<bool> {
        let done = delivery_run::Entity::update_many()
            .col_expr(delivery_run::Column::StartedAt, Expr::value(Some(now)))
            .col_expr(delivery_run::Column::StartedBy, Expr::value(Some(by)))
            .filter(delivery_run::Column::Id.eq(run_id))
            .filter(delivery_run::Column::StartedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// The driver's report at a stop not yet closed by the coordinator; false when it was.
    pub async fn set_stop_outcome(
        &self,
        stop_id: Id,
        outcome: StopOutcome,
        by: Id,
        now: DateTime<Utc>,
    ) -> StoreResult<bool> {
        let done = delivery_stop::Entity::update_many()
            .col_expr(delivery_stop::Column::Outcome, Expr::value(Some(outcome.code())))
            .col_expr(delivery_stop::Column::OutcomeAt, Expr::value(Some(now)))
            .col_expr(delivery_stop::Column::OutcomeBy, Expr::value(Some(by)))
            .filter(delivery_stop::Column::Id.eq(stop_id))
            .filter(delivery_stop::Column::ConfirmedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }

    /// The coordinator's confirmation of a failed stop; false when it was confirmed already.
    pub async fn confirm_stop(&self, stop_id: Id, now: DateTime<Utc>) -> StoreResult<bool> {
        let done = delivery_stop::Entity::update_many()
            .col_expr(delivery_stop::Column::ConfirmedAt, Expr::value(Some(now)))
            .filter(delivery_stop::Column::Id.eq(stop_id))
            .filter(delivery_stop::Column::ConfirmedAt.is_null())
            .filter(delivery_stop::Column::Outcome.is_in([StopOutcome::NobodyHome.code(), StopOutcome::Refused.code()]))
            .exec(&self.db)
            .await?;
        Ok(done.rows_affected == 1)
    }
}
