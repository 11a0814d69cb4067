//! The staff side's operations: the day's queue, an order at the packing table, its state changes
//! and short lines, and check-in. Each takes the caller as a [`Staff<R>`], whose role marker `R`
//! (`domain::staff::{Volunteer, PantryStaff, FoodBankAdmin}`) is the access the operation needs:
//! only [`Staff::resolve`] makes one, for an account whose grants give that access somewhere, and
//! it carries the places they give it at. Another pantry's order is NotFound, like one that does
//! not exist, so staff of pantry A never learn of pantry B's orders or shoppers.
use crate::service::staff::Staff;
use crate::service::{Context, Error, Result};
use crate::{
    db::repo::{
        staff::find::QueueEntry,
        staff::grants::StaffPantryRow,
        staff::orders::{OrderEventRow, QueueSite, StaffLineRow, StaffOrderRow},
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        order_states::{StaffAction, allowed_actions},
        orders::StatusType,
        staff::{Access, Needs, PantryStaff, Volunteer},
        time::{local_today, place_time},
    },
    model::staff::{
        MAX_REASON_LEN, MAX_SEARCH_LEN, QueueGroup, QueueOrder, StaffEvent, StaffLine, StaffOrder, StaffPantry,
        StaffQueue, StaffShopper, StateCount,
    },
};
use chrono::{NaiveDate, NaiveTime};
use std::collections::HashMap;

/// Whether the order is at one of the caller's places: another pantry's order is NotFound, like
/// one that does not exist.
fn sees<R: Needs>(staff: &Staff<R>, order: &StaffOrderRow) -> bool {
    match order.pantry_id {
        Some(pantry) => staff.reach.has_pantry(pantry),
        None => staff.reach.food_banks.contains(&order.food_bank_id),
    }
}

fn not_found() -> Error {
    Error::not_found(&messages::ORDER_NOT_FOUND)
}

fn hm(t: Option<NaiveTime>) -> Option<String> {
    t.map(|t| t.format("%H:%M").to_string())
}

fn full_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_owned()
}

/// The actions the caller's access allows on an order in `state`.
fn actions_for(access: Access, state: StatusType) -> Vec<StaffAction> {
    allowed_actions(state).into_iter().filter(|a| access >= Access::PantryStaff || a.volunteers_may()).collect()
}

fn queue_order(access: Access, o: &StaffOrderRow) -> QueueOrder {
    QueueOrder {
        id: o.id,
        state: o.state.code().into(),
        shopper_name: full_name(&o.shopper.first_name, &o.shopper.last_name),
        household_size: o.shopper.household_size,
        pantry_label: o.pantry_label.clone(),
        day: o.day,
        starts: hm(o.starts),
        ends: hm(o.ends),
        lines: o.lines,
        units: o.units,
        by_phone: o.by_phone,
        actions: actions_for(access, o.state),
    }
}

/// A pickup time's or delivery window's orders of the day (those matching the search), by number.
#[derive(Debug, Clone, PartialEq, Eq)]
struct DayGroup {
    starts: NaiveTime,
    ends: NaiveTime,
    count: usize,
    /// Those the queue lists: all, the first few, or none (see [`fold`]).
    listed: Vec<Id>,
}

/// The entries (in time order) grouped by time.
fn day_groups<'a>(entries: impl Iterator<Item = &'a QueueEntry>) -> Vec<DayGroup> {
    let mut out: Vec<DayGroup> = Vec::new();
    for e in entries {
        match out.last_mut() {
            Some(g) if g.starts == e.starts && g.ends == e.ends => {
                g.listed.push(e.id);
                g.count += 1;
            }
            _ => out.push(DayGroup { starts: e.starts, ends: e.ends, count: 1, listed: vec![e.id] }),
        }
    }
    out
}

/// The most orders a queue lists at once: a day of 2,000 is read a pickup time at a time (2,000
/// rows are half a megabyte of page that no phone at the door wants).
pub const QUEUE_ROWS_AT_MOST: usize = 200;

/// Keeps listed the orders of the groups from the first starting at or after `from` (the first
/// group when None), whole groups while they fit in `at_most` rows (the first listed one cut to
/// it), and stops at the first that does not fit; every other group keeps its count and lists
/// nothing.
fn fold<'a>(groups: impl Iterator<Item = &'a mut DayGroup>, from: Option<NaiveTime>, at_most: usize) {
    let mut left = at_most;
    let mut listing = false;
    for g in groups {
        let reached = from.is_none_or(|from| g.starts >= from);
        if !reached || left == 0 {
            g.listed.clear();
        } else if !listing {
            listing = true;
            g.listed.truncate(left);
            left -= g.listed.len();
        } else if g.listed.len() <= left {
            left -= g.listed.len();
        } else {
            g.listed.clear();
            left = 0;
        }
    }
}

/// The order a search text names by its number: the hexadecimal code the shopper's pages show
/// (`#` optional), when the text can be one.
fn number_in(search: &str) -> Option<Id> {
    let digits = search.trim().trim_start_matches('#');
    (!digits.is_empty() && digits.len() <= 15).then(|| Id::from_str_radix(digits, 16).ok()).flatten()
}

/// Whether the full name, or one of its words, starts with `needle` (lower case).
fn name_starts(first: &str, last: &str, needle: &str) -> bool {
    let name = full_name(first, last).to_lowercase();
    name.starts_with(needle) || name.match_indices(' ').any(|(i, _)| name[i + 1..].starts_with(needle))
}

/// The pantry `pantry` names among the caller's (the first of theirs when None).
fn chosen_of(pantries: &[StaffPantryRow], pantry: Option<Id>) -> Result<&StaffPantryRow> {
    match pantry {
        Some(id) => pantries.iter().find(|p| p.id == id),
        None => pantries.first(),
    }
    .ok_or_else(|| Error::not_found(&messages::PANTRY_NOT_FOUND))
}

/// The pantry the caller works on, as [`queue`] chooses it.
pub(super) async fn pantry_of<R: Needs>(
    state: &Context,
    staff: &Staff<R>,
    pantry: Option<Id>,
) -> Result<StaffPantryRow> {
    chosen_of(&pantries_of(state, staff).await?, pantry).cloned()
}

/// These orders as the queue lists them, in the order given, leaving out any the caller may not see.
pub async fn listed<R: Needs>(state: &Context, staff: &Staff<R>, ids: Vec<Id>) -> Result<Vec<QueueOrder>> {
    let mut rows: HashMap<Id, StaffOrderRow> =
        state.store.staff_orders(ids.clone()).await?.into_iter().map(|o| (o.id, o)).collect();
    let access = staff.access();
    Ok(ids
        .iter()
        .filter_map(|id| rows.remove(id))
        .filter(|o| sees(staff, o))
        .map(|o| queue_order(access, &o))
        .collect())
}

pub(super) fn search_number(search: &str) -> Option<Id> {
    number_in(search)
}

async fn pantries_of<R: Needs>(state: &Context, staff: &Staff<R>) -> Result<Vec<StaffPantryRow>> {
    Ok(state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?)
}

/// The day's orders of a pantry the caller packs for (the first of theirs when `pantry` is None),
/// by pickup time; `date` defaults to the pantry's today. A shopper is found by `find` (the
/// console's search, posted), never by a text in the queue's address.
pub async fn queue(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
    date: Option<NaiveDate>,
    from: Option<NaiveTime>,
) -> Result<StaffQueue> {
    let pantries = pantries_of(state, staff).await?;
    let chosen = chosen_of(&pantries, pantry)?;
    let date = date.unwrap_or_else(|| local_today(state.clock.now(), chosen.tz));
    // The day's index (one lean row per order) is counted and folded; only the orders
    // listed are then read in full.
    let index = state.store.queue_index(QueueSite::Pantry(chosen.id), date).await?;
    let deliveries = if staff.reach.food_banks.contains(&chosen.food_bank_id) {
        state.store.queue_index(QueueSite::Delivery(chosen.food_bank_id), date).await?
    } else {
        Vec::new()
    };
    let counts = StatusType::ALL
        .into_iter()
        .map(|s| StateCount {
            state: s.code().into(),
            count: index.iter().chain(&deliveries).filter(|o| o.state == s).count(),
        })
        .filter(|c| c.count > 0)
        .collect();
    let (mut pickups, mut deliveries) = (day_groups(index.iter()), day_groups(deliveries.iter()));
    fold(pickups.iter_mut().chain(deliveries.iter_mut()), from, QUEUE_ROWS_AT_MOST);
    let listed: Vec<Id> = pickups.iter().chain(&deliveries).flat_map(|g| g.listed.iter().copied()).collect();
    let rows: HashMap<Id, StaffOrderRow> =
        state.store.staff_orders(listed).await?.into_iter().map(|o| (o.id, o)).collect();
    let access = staff.access();
    let shown = |groups: Vec<DayGroup>| -> Vec<QueueGroup> {
        groups
            .into_iter()
            .map(|g| QueueGroup {
                starts: Some(g.starts.format("%H:%M").to_string()),
                ends: Some(g.ends.format("%H:%M").to_string()),
                count: g.count,
                orders: g.listed.iter().filter_map(|id| rows.get(id)).map(|o| queue_order(access, o)).collect(),
            })
            .collect()
    };
    let (pickups, deliveries) = (shown(pickups), shown(deliveries));
    let from = hm(from);
    Ok(StaffQueue {
        pantry: StaffPantry { id: chosen.id, label: chosen.label.clone() },
        pantries: pantries.iter().map(|p| StaffPantry { id: p.id, label: p.label.clone() }).collect(),
        date,
        from,
        rows_at_most: QUEUE_ROWS_AT_MOST,
        counts,
        pickups,
        deliveries,
    })
}

fn line(l: StaffLineRow) -> StaffLine {
    StaffLine { id: l.id, name: l.name, quantity: l.quantity, packed: l.packed, is_substitute_ok: l.is_substitute_ok }
}

/// An event at the wall clock of the order's place, with the offset in force when it happened.
fn event(e: OrderEventRow, tz: chrono_tz::Tz) -> StaffEvent {
    let at = place_time(e.at, tz);
    StaffEvent { from: e.from.map(|s| s.code().into()), to: e.to.code().into(), by: e.by, reason: e.reason, at }
}

async fn visible<R: Needs>(state: &Context, staff: &Staff<R>, order_id: Id) -> Result<StaffOrderRow> {
    state.store.staff_order(order_id).await?.filter(|o| sees(staff, o)).ok_or_else(not_found)
}

/// One order of the caller's places, with its lines, history and the actions allowed now.
pub async fn order(state: &Context, staff: &Staff<PantryStaff>, order_id: Id) -> Result<StaffOrder> {
    let o = visible(state, staff, order_id).await?;
    // The shopper's name and phone are on it: who opened it is in the change log.
    let place = (o.food_bank_id, o.pantry_id);
    super::looks::record(state, staff.user_id, place, AuditAction::ShopperView, format!("order:{}", o.id)).await?;
    let lines = state.store.staff_lines(order_id).await?;
    let history = state.store.order_history(order_id).await?;
    Ok(StaffOrder {
        id: o.id,
        state: o.state.code().into(),
        pantry_label: o.pantry_label.clone(),
        is_delivery: o.pantry_id.is_none(),
        by_phone: o.by_phone,
        day: o.day,
        starts: hm(o.starts),
        ends: hm(o.ends),
        shopper: StaffShopper {
            first_name: o.shopper.first_name.clone(),
            last_name: o.shopper.last_name.clone(),
            phone: o.shopper.phone.clone(),
            household_size: o.shopper.household_size,
        },
        lines: lines.into_iter().map(line).collect(),
        history: history.into_iter().map(|e| event(e, o.tz)).collect(),
        actions: actions_for(staff.access(), o.state),
        can_short: matches!(o.state, StatusType::Packing | StatusType::Ready),
        cancel_reason: o.cancel_reason,
    })
}

/// Does `action` to an order of the caller's places; a refused change is a Conflict with the
/// state rule's refusal. A cancel needs a reason, which the shopper reads.
pub async fn act(
    state: &Context,
    staff: &Staff<PantryStaff>,
    order_id: Id,
    action: StaffAction,
    reason: Option<&str>,
) -> Result<StaffOrder> {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if reason.is_some_and(|r| r.chars().count() > MAX_REASON_LEN) {
        return Err(Error::Invalid(format!("The reason is longer than {MAX_REASON_LEN} characters.").into()));
    }
    if action == StaffAction::Cancel && reason.is_none() {
        return Err(Error::refused(&messages::CANCEL_REASON_REQUIRED));
    }
    visible(state, staff, order_id).await?;
    let reason = if action == StaffAction::Cancel { reason } else { None };
    crate::service::orders::staff_act(state, order_id, action, Some(staff.user_id), reason, state.clock.now(), None)
        .await?;
    order(state, staff, order_id).await
}

/// What a bulk action did. Each order changed in its own transaction with its own audited event,
/// so one refused (cancelled meanwhile, say) stops none of the others.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Bulk {
    pub done: Vec<Id>,
    pub refused: Vec<Id>,
}

/// The packing table's bulk actions: Start Packing, or Mark Ready (an order not yet started goes
/// through Packing first: both events are written, as if packed one by one).
pub async fn act_many(state: &Context, staff: &Staff<PantryStaff>, ids: &[Id], action: StaffAction) -> Result<Bulk> {
    if !matches!(action, StaffAction::StartPacking | StaffAction::MarkReady) {
        return Err(Error::refused(&messages::ORDER_STATE_CHANGE_NOT_ALLOWED));
    }
    let mut bulk = Bulk::default();
    let now = state.clock.now();
    for &id in ids {
        let changed = async {
            let order = visible(state, staff, id).await?;
            if action == StaffAction::MarkReady && order.state == StatusType::Submitted {
                crate::service::orders::staff_act(
                    state,
                    id,
                    StaffAction::StartPacking,
                    Some(staff.user_id),
                    None,
                    now,
                    None,
                )
                .await?;
            }
            crate::service::orders::staff_act(state, id, action, Some(staff.user_id), None, now, None).await
        }
        .await;
        match changed {
            Ok(_) => bulk.done.push(id),
            Err(error) => {
                if matches!(error, Error::Store(_) | Error::Busy | Error::Internal(_)) {
                    tracing::warn!(%error, order = id, "bulk action: one order not changed");
                }
                bulk.refused.push(id);
            }
        }
    }
    Ok(bulk)
}

/// The orders of one pickup time (`delivery`: delivery window) of a pantry's day, by number: what
/// a bulk action on the whole time acts on, read when it runs.
pub async fn group_orders(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Id,
    date: NaiveDate,
    delivery: bool,
    starts: NaiveTime,
) -> Result<Vec<Id>> {
    let chosen = pantry_of(state, staff, Some(pantry)).await?;
    let site = if delivery {
        if !staff.reach.food_banks.contains(&chosen.food_bank_id) {
            return Ok(Vec::new());
        }
        QueueSite::Delivery(chosen.food_bank_id)
    } else {
        QueueSite::Pantry(chosen.id)
    };
    Ok(state.store.queue_index(site, date).await?.into_iter().filter(|e| e.starts == starts).map(|e| e.id).collect())
}

/// Marks a line packed short: `packed` units of it leave, the rest go back to stock at once.
pub async fn short_line(
    state: &Context,
    staff: &Staff<PantryStaff>,
    order_id: Id,
    line_id: Id,
    packed: i32,
) -> Result<StaffOrder> {
    visible(state, staff, order_id).await?;
    crate::service::orders::short_line(state, order_id, line_id, packed, staff.user_id, state.clock.now()).await?;
    order(state, staff, order_id).await
}

/// Check-in's look-up: the order of that number (hexadecimal, as the shopper's pages show it), and today's orders at the caller's pantries whose
/// shopper's name holds the text. Only orders of the caller's places; at most 20.
pub async fn find(state: &Context, staff: &Staff<Volunteer>, search: &str) -> Result<Vec<QueueOrder>> {
    const MOST: usize = 20;
    let search: String = search.trim().chars().take(MAX_SEARCH_LEN).collect();
    if search.trim_start_matches('#').is_empty() {
        return Ok(Vec::new());
    }
    let access = staff.access();
    let mut out: Vec<QueueOrder> = Vec::new();
    if let Some(n) = number_in(&search) {
        let found = state.store.staff_orders(vec![n]).await?;
        out.extend(found.iter().filter(|o| sees(staff, o)).map(|o| queue_order(access, o)));
    }
    let needle = search.trim().to_lowercase();
    for pantry in pantries_of(state, staff).await? {
        let today = local_today(state.clock.now(), pantry.tz);
        // Names first (a lean read of the day), then only the matches' full rows.
        let named: Vec<Id> = state
            .store
            .queue_index(QueueSite::Pantry(pantry.id), today)
            .await?
            .into_iter()
            .filter(|e| name_starts(&e.first_name, &e.last_name, &needle) && !out.iter().any(|f| f.id == e.id))
            .map(|e| e.id)
            .take(MOST - out.len())
            .collect();
        let mut rows = state.store.staff_orders(named).await?;
        rows.sort_by_key(|r| (r.starts, r.id));
        out.extend(rows.iter().filter(|o| sees(staff, o)).map(|o| queue_order(access, o)));
        if out.len() >= MOST {
            break;
        }
    }
    out.truncate(MOST);
    Ok(out)
}

/// Check In at the door: the order of the caller's places is handed over (Ready → Picked Up).
pub async fn check_in(state: &Context, staff: &Staff<Volunteer>, order_id: Id) -> Result<QueueOrder> {
    at_the_door(state, staff, order_id, StaffAction::CheckIn, None).await
}

/// The door's action on an order of the caller's places (a check-in, or a no-show for pantry
/// staff and up), as sent now or later from a device (`once`, whose key is kept with it). A
/// refused change is a Conflict with the state rule's refusal. The order as it is now.
pub async fn at_the_door(
    state: &Context,
    staff: &Staff<Volunteer>,
    order_id: Id,
    action: StaffAction,
    once: Option<&crate::domain::door::Once<'_>>,
) -> Result<QueueOrder> {
    if !action.volunteers_may() && staff.access() < Access::PantryStaff {
        return Err(Error::Forbidden((&messages::STAFF_ONLY).into()));
    }
    visible(state, staff, order_id).await?;
    let now = state.clock.now();
    crate::service::orders::staff_act(state, order_id, action, Some(staff.user_id), None, now, once).await?;
    let o = visible(state, staff, order_id).await?;
    Ok(queue_order(staff.access(), &o))
}

#[cfg(test)]
mod tests {
    use super::{DayGroup, fold, name_starts, number_in};
    use chrono::NaiveTime;

    fn group(starts: &str, n: usize) -> DayGroup {
        let starts = NaiveTime::parse_from_str(starts, "%H:%M").unwrap();
        DayGroup { starts, ends: starts, count: n, listed: (0..n as i64).collect() }
    }

    fn listed(groups: &[DayGroup]) -> Vec<(usize, usize)> {
        groups.iter().map(|g| (g.listed.len(), g.count)).collect()
    }

    #[test]
    fn a_busy_day_lists_whole_pickup_times_while_they_fit() {
        let mut day = vec![group("09:00", 80), group("10:00", 90), group("11:00", 50), group("12:00", 10)];
        fold(day.iter_mut(), None, 200);
        assert_eq!(listed(&day), [(80, 80), (90, 90), (0, 50), (0, 10)], "stops at the first that does not fit");

        let mut day = vec![group("09:00", 80), group("10:00", 90), group("11:00", 50), group("12:00", 10)];
        fold(day.iter_mut(), NaiveTime::from_hms_opt(10, 30, 0), 200);
        assert_eq!(listed(&day), [(0, 80), (0, 90), (50, 50), (10, 10)], "from a later time");

        let mut day = vec![group("09:00", 300), group("10:00", 5)];
        fold(day.iter_mut(), None, 200);
        assert_eq!(listed(&day), [(200, 300), (0, 5)], "a time over the limit is cut to it");
    }

    #[test]
    fn a_name_matches_from_the_start_of_one_of_its_words() {
        for needle in ["nora", "script", "nora s", "s"] {
            assert!(name_starts("Nora", "Script", needle), "{needle}");
        }
        for needle in ["c", "ora", "ript", "a s"] {
            assert!(!name_starts("Nora", "Script", needle), "{needle}");
        }
    }

    #[test]
    fn order_numbers_are_the_shoppers_hexadecimal_codes() {
        assert_eq!(number_in("1F4"), Some(500));
        assert_eq!(number_in(" #1f4 "), Some(500));
        assert_eq!(number_in("Bea"), Some(0xBEA), "also a name: both are searched");
        assert_eq!(number_in("Pat"), None);
        assert_eq!(number_in("#"), None);
        assert_eq!(number_in("FFFFFFFFFFFFFFFFFFFF"), None);
    }
}
