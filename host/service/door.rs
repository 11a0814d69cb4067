//! The door without a connection (issue 50): the day a device takes along (the pantry's orders of
//! the day and the households its door may serve, with only the door's fields), and the actions
//! it recorded offline, sent later one by one. Each action carries a key the device made; the
//! service that does it keeps the key in the same transaction, so a resend, or the same action
//! sent twice at once, records nothing twice. A change the order no longer allows (cancelled
//! meanwhile, handed over at another desk) is answered as a conflict with the order's state now,
//! for the device to list; anything else refused is the usual error.
use crate::{
    db::repo::staff::orders::QueueSite,
    domain::messages,
    domain::{
        Id,
        audit::AuditAction,
        door::{Once, key_ok},
        order_states::{StaffAction, allowed_actions},
        staff::{Access, Volunteer},
        tefap::recertification_due,
        time::{local_today, place_time},
    },
    model::door::{DoorDay, DoorHousehold, DoorOrder, DoorOutcome},
    service::{
        Context, Error, Result,
        households::{self, DuplicateAnswer, IntakeForm, Registered, VisitForm},
        staff::{Staff, looks, queue},
    },
};
use chrono::{DateTime, Days, Duration, TimeZone, Utc};

/// The most households a device takes along.
pub const DIRECTORY_MOST: u64 = 10_000;
/// Households served at the pantry within this many days are in its directory...
const SERVED_WITHIN_DAYS: u64 = 365;
/// ...and those registered at the food bank within this many (who may come for the first time).
const NEW_WITHIN_DAYS: i64 = 30;

/// What a device sends.
#[derive(Debug, Clone)]
pub enum DoorWhat {
    CheckIn { order: Id },
    NoShow { order: Id },
    Household { pantry: Id, form: IntakeForm },
    Visit { pantry: Id, household: HouseholdRef, form: VisitForm },
}

/// The household of a visit: one the server has, or one registered offline, by its key.
#[derive(Debug, Clone)]
pub enum HouseholdRef {
    Id(Id),
    Key(String),
}

impl DoorWhat {
    fn kind(&self) -> &'static str {
        match self {
            Self::CheckIn { .. } => "checkIn",
            Self::NoShow { .. } => "noShow",
            Self::Household { .. } => "household",
            Self::Visit { .. } => "visit",
        }
    }
}

/// The day of the caller's pantry `pantry`, for a device to keep.
pub async fn day(state: &Context, staff: &Staff<Volunteer>, pantry: Id) -> Result<DoorDay> {
    let place = state
        .store
        .staff_pantries(vec![pantry])
        .await?
        .into_iter()
        .find(|p| staff.reach.has_pantry(p.id))
        .ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))?;
    let now = state.clock.now();
    let today = local_today(now, place.tz);
    let index = state.store.queue_index(QueueSite::Pantry(place.id), today).await?;
    let units = state.store.order_units(index.iter().map(|o| o.id).collect()).await?;
    let access = staff.access();
    let door_may = |a: &StaffAction| {
        *a == StaffAction::CheckIn || (*a == StaffAction::MarkNoShow && access >= Access::PantryStaff)
    };
    let orders = index
        .iter()
        .map(|o| DoorOrder {
            id: o.id,
            name: format!("{} {}", o.first_name, o.last_name).trim().to_owned(),
            starts: o.starts.format("%H:%M").to_string(),
            ends: o.ends.format("%H:%M").to_string(),
            units: units.get(&o.id).copied().unwrap_or(0),
            state: o.state.code().into(),
            actions: allowed_actions(o.state).into_iter().filter(door_may).collect(),
        })
        .collect();
    let rules = state.store.tefap_rules(place.food_bank_id).await?;
    let served_since = today.checked_sub_days(Days::new(SERVED_WITHIN_DAYS)).unwrap_or(today);
    let rows = state
        .store
        .door_households(
            place.food_bank_id,
            place.id,
            served_since,
            now - Duration::days(NEW_WITHIN_DAYS),
            DIRECTORY_MOST,
        )
        .await?;
    let households = rows
        .into_iter()
        .map(|h| DoorHousehold {
            id: h.id,
            first_name: h.first_name,
            last_name: h.last_name,
            phone_end: h.phone_digits.as_deref().and_then(crate::domain::households::phone_end),
            postal_code: h.postal_code,
            size: h.size,
            tefap: if recertification_due(h.tefap_decided_on, today, rules.valid_months) { "due" } else { "valid" },
        })
        .collect();
    // The directory is personal data leaving for a device: who took it, and when, is logged.
    looks::record(
        state,
        staff.user_id,
        (place.food_bank_id, Some(place.id)),
        AuditAction::DoorPrepare,
        format!("pantry:{}", place.id),
    )
    .await?;
    let tomorrow = today.checked_add_days(Days::new(1)).unwrap_or(today);
    let day_ends = place.tz.from_local_datetime(&tomorrow.and_time(chrono::NaiveTime::MIN)).earliest();
    Ok(DoorDay {
        user_id: staff.user_id,
        pantry_id: place.id,
        pantry_label: place.label,
        day: today,
        prepared_at: place_time(now, place.tz),
        expires_at: day_ends.map_or(now, |t| t.with_timezone(&Utc)) + Duration::hours(24),
        visit_signature: rules.visit_signature,
        orders,
        households,
    })
}

/// An earlier send of this key: what it did. Another person's key is not theirs to read.
async fn again(state: &Context, staff: &Staff<Volunteer>, key: &str) -> Result<Option<DoorOutcome>> {
    match state.store.door_action(key).await? {
        Some(row) if row.user_id == staff.user_id => Ok(Some(outcome(key, "again", Some(row.outcome_id)))),
        Some(_) => Err(Error::Invalid("This key was sent by someone else: make a new one.".into())),
        None => Ok(None),
    }
}

fn outcome(key: &str, outcome: &'static str, id: Option<Id>) -> DoorOutcome {
    DoorOutcome { key: key.to_owned(), outcome, id, code: None, message: None, state: None }
}

/// Does what a device recorded at `at`, once per `key`.
pub async fn send(
    state: &Context,
    staff: &Staff<Volunteer>,
    key: &str,
    at: DateTime<Utc>,
    what: DoorWhat,
) -> Result<DoorOutcome> {
    if !key_ok(key) {
        return Err(Error::Invalid("The key is 8 to 64 letters, digits, - or _.".into()));
    }
    if let Some(done) = again(state, staff, key).await? {
        return Ok(done);
    }
    let once = Once { key, kind: what.kind(), at };
    let done = match &what {
        DoorWhat::CheckIn { order } => {
            queue::at_the_door(state, staff, *order, StaffAction::CheckIn, Some(&once)).await.map(|o| o.id)
        }
        DoorWhat::NoShow { order } => {
            queue::at_the_door(state, staff, *order, StaffAction::MarkNoShow, Some(&once)).await.map(|o| o.id)
        }
        DoorWhat::Household { pantry, form } => {
            // The device showed the volunteer its directory's matches before they saved; one
            // registered at two desks meanwhile is flagged on the household's page, to merge.
            match households::register(state, staff, *pantry, form, DuplicateAnswer::Different, Some(&once)).await {
                Ok(Registered::Done(id)) => Ok(id),
                // Not asked again once answered "different"; were it, the intake page decides.
                Ok(Registered::Duplicates(_)) => {
                    Err(Error::Conflict("This household may be registered already: see the intake page.".into()))
                }
                Err(e) => Err(e),
            }
        }
        DoorWhat::Visit { pantry, household, form } => {
            let household = match household {
                HouseholdRef::Id(id) => *id,
                HouseholdRef::Key(k) => match state.store.door_action(k).await? {
                    Some(r) if r.user_id == staff.user_id && r.kind == "household" => r.outcome_id,
                    _ => return Err(Error::not_found(&messages::HOUSEHOLD_NOT_FOUND)),
                },
            };
            households::record_visit(state, staff, household, *pantry, form, Some(&once)).await
        }
    };
    match done {
        Ok(id) => Ok(outcome(key, "done", Some(id))),
        Err(e) => {
            // The same action sent twice at once: the second's write met the first's key.
            if let Some(done) = again(state, staff, key).await? {
                return Ok(done);
            }
            let (Error::Conflict(reason), DoorWhat::CheckIn { order } | DoorWhat::NoShow { order }) = (&e, &what)
            else {
                return Err(e);
            };
            let now = queue::listed(state, staff, vec![*order]).await?;
            Ok(DoorOutcome {
                code: reason.refusal().map(|r| r.code().to_owned()),
                message: Some(reason.to_string()),
                state: now.first().map(|o| o.state.clone()),
                ..outcome(key, "conflict", Some(*order))
            })
        }
    }
}
