//! The staff console around the staff pages: the frame each is drawn in (sections, the pantry
//! switcher remembered per person), the Today page and the search that finds an order of any day.
use crate::service::{
    Context, Error, Result,
    staff::{
        Staff,
        queue::{listed, pantry_of, search_number},
    },
};
use crate::{
    db::repo::{staff::console::SlotTally, staff::orders::QueueSite},
    domain::{
        Id, messages,
        orders::StatusType,
        staff::{Access, PantryStaff, StaffRole, reach, sections, strongest},
        time::local_today,
    },
    model::{
        staff::{MAX_SEARCH_LEN, StaffPantry, StateCount},
        staff_console::{Console, StaffFound, StaffToday, TodayClosed, TodayLow, TodaySlot},
    },
};
use chrono::NaiveDate;

/// How many closed ranges ahead the Today page lists.
const CLOSED_AHEAD: usize = 3;

/// The frame of a staff page for the account, working on `asked` when it is one of its pantries
/// (remembered as its choice), else on its last choice, else on its first pantry. None without
/// a grant.
pub async fn console(state: &Context, user_id: Id, asked: Option<Id>) -> Result<Option<Console>> {
    let posts = state.store.staff_posts(user_id).await?;
    let Some(access) = strongest(&posts) else { return Ok(None) };
    let mine = reach(&posts, Access::Volunteer);
    let pantries = state.store.staff_pantries(mine.pantries.iter().copied().collect()).await?;
    let remembered = state.store.remembered_pantry(user_id).await?.filter(|p| mine.has_pantry(*p));
    let pantry = match asked.filter(|p| mine.has_pantry(*p)) {
        Some(asked) => {
            if remembered != Some(asked) {
                state.store.remember_pantry(user_id, asked, state.clock.now()).await?;
            }
            Some(asked)
        }
        None => remembered.or_else(|| pantries.first().map(|p| p.id)),
    };
    let role = posts.iter().map(|p| p.role).max().unwrap_or(StaffRole::Volunteer);
    Ok(Some(Console {
        user_id,
        role: role.code().into(),
        sections: sections(access),
        pantries: pantries.iter().map(|p| StaffPantry { id: p.id, label: p.label.clone() }).collect(),
        pantry,
        can_search: access >= Access::PantryStaff,
    }))
}

fn counted(counts: impl Iterator<Item = (StatusType, i64)> + Clone) -> Vec<StateCount> {
    StatusType::ALL
        .into_iter()
        .map(|s| StateCount {
            state: s.code().into(),
            count: counts.clone().filter(|(c, _)| *c == s).map(|(_, n)| n as usize).sum(),
        })
        .filter(|c| c.count > 0)
        .collect()
}

fn slot(t: &SlotTally) -> TodaySlot {
    TodaySlot {
        starts: t.starts.format("%H:%M").to_string(),
        ends: t.ends.format("%H:%M").to_string(),
        capacity: t.capacity,
        booked: t.booked,
        full: t.capacity.is_some_and(|c| t.booked >= c),
        counts: counted(t.counts.iter().copied()),
    }
}

/// A pantry's day (its today when `date` is None): per pickup time and delivery window the room
/// and the orders by state, the items running low, the next closed days, and for an admin the
/// messages the outbox gave up on. Two grouped queries count the day, whatever its size.
pub async fn today(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Option<Id>,
    date: Option<NaiveDate>,
) -> Result<StaffToday> {
    let chosen = pantry_of(state, staff, pantry).await?;
    let date = date.unwrap_or_else(|| local_today(state.clock.now(), chosen.tz));
    let pickups = state.store.day_tally(QueueSite::Pantry(chosen.id), date).await?;
    let admin = staff.reach.food_banks.contains(&chosen.food_bank_id);
    let deliveries =
        if admin { state.store.day_tally(QueueSite::Delivery(chosen.food_bank_id), date).await? } else { Vec::new() };
    let totals = counted(pickups.iter().chain(&deliveries).flat_map(|t| t.counts.iter().copied()));
    let low = state.store.running_low(chosen.id).await?;
    let today = local_today(state.clock.now(), chosen.tz);
    let closed = state.store.closed_days_of(vec![chosen.id], today).await?;
    let given_up = if admin {
        Some(state.store.outbox_counts(crate::service::outbox::MAX_ATTEMPTS).await?.given_up)
    } else {
        None
    };
    Ok(StaffToday {
        pantry: StaffPantry { id: chosen.id, label: chosen.label.clone() },
        date,
        totals,
        pickups: pickups.iter().map(slot).collect(),
        deliveries: deliveries.iter().map(slot).collect(),
        low: low
            .into_iter()
            .map(|l| TodayLow { id: l.id, product: l.product, quantity: l.quantity, low_at: l.low_at })
            .collect(),
        closed: closed
            .into_iter()
            .take(CLOSED_AHEAD)
            .map(|c| TodayClosed { first_day: c.first_day, last_day: c.last_day, reason: c.reason })
            .collect(),
        given_up,
    })
}

/// The console's search: the order of that number, and orders whose shopper's name holds the
/// text or whose phone holds its digits (four at least), of every day, at the places the caller
/// packs for; newest first.
pub async fn find(state: &Context, staff: &Staff<PantryStaff>, search: &str) -> Result<StaffFound> {
    let search: String = search.trim().chars().take(MAX_SEARCH_LEN).collect();
    if search.trim_start_matches('#').is_empty() {
        return Ok(StaffFound { search, orders: Vec::new() });
    }
    let digits: String = search.chars().filter(char::is_ascii_digit).collect();
    let phone = (digits.len() >= 4 && search.chars().all(|c| c.is_ascii_digit() || "()- +.".contains(c)))
        .then_some(digits.as_str());
    let ids = state
        .store
        .find_orders(
            staff.reach.pantries.iter().copied().collect(),
            staff.reach.food_banks.iter().copied().collect(),
            search_number(&search),
            &search,
            phone,
        )
        .await?;
    let orders = listed(state, staff, ids).await?;
    Ok(StaffFound { search, orders })
}

/// Sets the level at or under which an item of a pantry the caller packs for is running low.
pub async fn set_low_at(
    state: &Context,
    staff: &Staff<PantryStaff>,
    pantry: Id,
    item: Id,
    low_at: Option<i32>,
) -> Result<()> {
    if !staff.reach.has_pantry(pantry) {
        return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
    }
    if low_at.is_some_and(|n| n < 0) {
        return Err(Error::refused(&messages::LOW_AT_NOT_A_COUNT));
    }
    if state.store.set_low_at(pantry, item, low_at).await? {
        Ok(())
    } else {
        Err(Error::not_found(&messages::ITEM_NOT_FOUND))
    }
}
