//! The staff side's order states (`../shared/spec/staff-side.md`): Submitted → Packing → Ready →
//! Picked Up, with the side exits Cancelled (by the shopper, or the pantry with a reason) and
//! No-Show. One rule, [`check_action`], decides which change is allowed from which state; the
//! store applies it with an UPDATE conditional on the state it read, so two staff pressing
//! different buttons at once leave one consistent state and stock moves back exactly once.
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::messages;
use super::orders::StatusType;
use super::refusal::Refusal;

/// How long after a pickup window ends an order still waiting is left alone before the no-show
/// job closes it (configurable: `--no-show-grace`).
pub const DEFAULT_NO_SHOW_GRACE: Duration = Duration::hours(2);

/// A button on the staff's order page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StaffAction {
    StartPacking,
    MarkReady,
    CheckIn,
    MarkNoShow,
    Cancel,
    /// A delivery leaves with its run (issue 51): the runs' start does it, no button of the order's.
    SendOut,
}

impl StaffAction {
    /// The order page's buttons.
    pub const ALL: [Self; 5] = [Self::StartPacking, Self::MarkReady, Self::CheckIn, Self::MarkNoShow, Self::Cancel];

    /// The state the order is in once the action is done.
    pub fn target(self) -> StatusType {
        match self {
            Self::StartPacking => StatusType::Packing,
            Self::MarkReady => StatusType::Ready,
            Self::CheckIn => StatusType::Completed,
            Self::MarkNoShow => StatusType::NoShow,
            Self::Cancel => StatusType::Cancelled,
            Self::SendOut => StatusType::OutForDelivery,
        }
    }

    /// The name in URLs and forms (`startPacking`, ...).
    pub fn code(self) -> &'static str {
        match self {
            Self::StartPacking => "startPacking",
            Self::MarkReady => "markReady",
            Self::CheckIn => "checkIn",
            Self::MarkNoShow => "markNoShow",
            Self::Cancel => "cancel",
            Self::SendOut => "sendOut",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.code() == code)
    }

    /// Whether a volunteer (check-in only) may do it.
    pub fn volunteers_may(self) -> bool {
        self == Self::CheckIn
    }

    /// Whether doing it puts the order's stock back.
    pub fn returns_stock(self) -> bool {
        self.target().closes_without_hand_over()
    }
}

impl StatusType {
    /// Picked up, cancelled or no-show: nothing more happens to the order.
    pub fn is_closed(self) -> bool {
        matches!(self, Self::Completed | Self::Cancelled | Self::NoShow)
    }

    /// Closed without the food leaving the pantry, so its stock is back on the shelf.
    pub fn closes_without_hand_over(self) -> bool {
        matches!(self, Self::Cancelled | Self::NoShow)
    }

    /// Still waiting for its hand-over: what the no-show job looks at.
    pub fn is_waiting(self) -> bool {
        matches!(self, Self::Submitted | Self::Packing | Self::Ready | Self::OutForDelivery)
    }
}

/// What the state rule reads of an order besides its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Window {
    pub starts: DateTime<Utc>,
    pub ends: DateTime<Utc>,
}

/// Why a state change is refused (answered 409 with the refusal's code).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StateRefusal {
    /// Picked up, cancelled or no-show already.
    Closed,
    /// Not from this state (e.g. Mark Ready before packing started).
    NotFromHere,
    /// A no-show before the order's time has even started.
    TooEarlyForNoShow,
    /// A short line while the order is not being packed or ready.
    NotPacking,
    /// A short line's new quantity is not below what is packed now.
    NotShorter,
    /// The shopper moves an order the pantry has started packing.
    AlreadyPacked,
}

impl StateRefusal {
    pub fn refusal(self) -> Refusal {
        match self {
            Self::Closed => &messages::ORDER_CLOSED,
            Self::NotFromHere => &messages::ORDER_STATE_CHANGE_NOT_ALLOWED,
            Self::TooEarlyForNoShow => &messages::NO_SHOW_TOO_EARLY,
            Self::NotPacking => &messages::SHORT_NOT_PACKING,
            Self::NotShorter => &messages::SHORT_NOT_SHORTER,
            Self::AlreadyPacked => &messages::ORDER_ALREADY_PACKED,
        }
        .into()
    }
}

/// The actions the staff's order page offers for an order in `state`.
pub fn allowed_actions(state: StatusType) -> Vec<StaffAction> {
    StaffAction::ALL.into_iter().filter(|a| step(state, *a).is_ok()).collect()
}

fn step(from: StatusType, action: StaffAction) -> Result<StatusType, StateRefusal> {
    use StaffAction::*;
    use StatusType::*;
    if from.is_closed() {
        return Err(StateRefusal::Closed);
    }
    let allowed = match action {
        StartPacking => from == Submitted,
        MarkReady => from == Packing,
        CheckIn => matches!(from, Ready | OutForDelivery),
        MarkNoShow | Cancel => from.is_waiting(),
        SendOut => from == Ready,
    };
    if allowed { Ok(action.target()) } else { Err(StateRefusal::NotFromHere) }
}

/// The state `action` takes an order in `from` to, or why it may not. A no-show needs the order's
/// time to have started (`window`, None for an order without one: never a no-show).
pub fn check_action(
    from: StatusType,
    action: StaffAction,
    window: Option<Window>,
    now: DateTime<Utc>,
) -> Result<StatusType, StateRefusal> {
    let to = step(from, action)?;
    if action == StaffAction::MarkNoShow && window.is_none_or(|w| now < w.starts) {
        return Err(StateRefusal::TooEarlyForNoShow);
    }
    Ok(to)
}

/// Whether the no-show job closes an order: still waiting, a pickup, and its window ended more
/// than `grace` ago. Delivery orders are closed by staff.
pub fn is_no_show_due(state: StatusType, is_pickup: bool, window: Window, grace: Duration, now: DateTime<Utc>) -> bool {
    state.is_waiting() && is_pickup && now > window.ends + grace
}

/// A line packed short: `packed` units of the `ordered`, when `now_packed` are packed today
/// (`ordered` unless marked short before). Only while packing or ready, and only fewer: stock
/// already back is never taken again. The units that go back to stock.
pub fn check_short(state: StatusType, now_packed: i32, packed: i32) -> Result<i32, StateRefusal> {
    if !matches!(state, StatusType::Packing | StatusType::Ready) {
        return Err(StateRefusal::NotPacking);
    }
    if packed < 0 || packed >= now_packed {
        return Err(StateRefusal::NotShorter);
    }
    Ok(now_packed - packed)
}

/// The shopper's own change of time or pantry: only before the pantry starts packing (their
/// cancel rules are `order_changes`').
pub fn check_shopper_move(state: StatusType) -> Result<(), StateRefusal> {
    if matches!(state, StatusType::Packing | StatusType::Ready) { Err(StateRefusal::AlreadyPacked) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StaffAction::*;
    use StatusType::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    fn window() -> Window {
        Window { starts: at("2026-06-20T15:00:00Z"), ends: at("2026-06-20T16:00:00Z") }
    }

    #[test]
    fn the_happy_path_runs_submitted_packing_ready_picked_up() {
        let now = at("2026-06-20T15:30:00Z");
        let mut state = Submitted;
        for action in [StartPacking, MarkReady, CheckIn] {
            state = check_action(state, action, Some(window()), now).unwrap();
        }
        assert_eq!(state, Completed);
        assert_eq!(state.code(), "PICKED_UP");
    }

    #[test]
    fn every_state_offers_exactly_its_actions() {
        assert_eq!(allowed_actions(Submitted), vec![StartPacking, MarkNoShow, Cancel]);
        assert_eq!(allowed_actions(Packing), vec![MarkReady, MarkNoShow, Cancel]);
        assert_eq!(allowed_actions(Ready), vec![CheckIn, MarkNoShow, Cancel]);
        assert_eq!(allowed_actions(OutForDelivery), vec![CheckIn, MarkNoShow, Cancel]);
        for closed in [Completed, Cancelled, NoShow] {
            assert!(allowed_actions(closed).is_empty(), "{closed:?}");
        }
    }

    #[test]
    fn refusals_say_why() {
        let now = at("2026-06-20T15:30:00Z");
        assert_eq!(check_action(Submitted, MarkReady, Some(window()), now), Err(StateRefusal::NotFromHere));
        assert_eq!(check_action(Submitted, CheckIn, Some(window()), now), Err(StateRefusal::NotFromHere));
        assert_eq!(check_action(Packing, StartPacking, Some(window()), now), Err(StateRefusal::NotFromHere));
        for closed in [Completed, Cancelled, NoShow] {
            for action in StaffAction::ALL {
                assert_eq!(check_action(closed, action, Some(window()), now), Err(StateRefusal::Closed));
            }
        }
        assert_eq!(StateRefusal::Closed.refusal().code(), "orderClosed");
    }

    #[test]
    fn a_no_show_waits_for_the_pickup_to_start() {
        let w = Some(window());
        assert_eq!(
            check_action(Ready, MarkNoShow, w, at("2026-06-20T14:59:59Z")),
            Err(StateRefusal::TooEarlyForNoShow)
        );
        assert_eq!(check_action(Ready, MarkNoShow, w, at("2026-06-20T15:00:00Z")), Ok(NoShow));
        assert_eq!(
            check_action(Ready, MarkNoShow, None, at("2030-01-01T00:00:00Z")),
            Err(StateRefusal::TooEarlyForNoShow)
        );
    }

    #[test]
    fn the_job_closes_pickups_after_the_grace_period_only() {
        let grace = DEFAULT_NO_SHOW_GRACE;
        let just_in = at("2026-06-20T18:00:00Z");
        let past = at("2026-06-20T18:00:01Z");
        assert!(!is_no_show_due(Ready, true, window(), grace, just_in));
        assert!(is_no_show_due(Ready, true, window(), grace, past));
        assert!(is_no_show_due(Submitted, true, window(), grace, past));
        assert!(is_no_show_due(Packing, true, window(), grace, past));
        assert!(!is_no_show_due(Ready, false, window(), grace, past), "delivery orders are closed by staff");
        for closed in [Completed, Cancelled, NoShow] {
            assert!(!is_no_show_due(closed, true, window(), grace, past));
        }
    }

    #[test]
    fn cancel_and_no_show_put_stock_back_check_in_does_not() {
        assert!(Cancel.returns_stock() && MarkNoShow.returns_stock());
        assert!(!CheckIn.returns_stock() && !StartPacking.returns_stock() && !MarkReady.returns_stock());
        assert_eq!(NoShow.status(), crate::domain::orders::OrderStatus::Cancelled, "a no-show is a red badge");
    }

    #[test]
    fn short_lines_only_shrink_while_packing() {
        assert_eq!(check_short(Packing, 5, 3), Ok(2));
        assert_eq!(check_short(Ready, 3, 0), Ok(3));
        assert_eq!(check_short(Packing, 3, 3), Err(StateRefusal::NotShorter));
        assert_eq!(check_short(Packing, 3, 4), Err(StateRefusal::NotShorter));
        assert_eq!(check_short(Packing, 3, -1), Err(StateRefusal::NotShorter));
        assert_eq!(check_short(Submitted, 3, 1), Err(StateRefusal::NotPacking));
        assert_eq!(check_short(Completed, 3, 1), Err(StateRefusal::NotPacking));
    }

    #[test]
    fn the_shopper_moves_an_order_only_before_packing() {
        assert_eq!(check_shopper_move(Submitted), Ok(()));
        assert_eq!(check_shopper_move(Packing), Err(StateRefusal::AlreadyPacked));
        assert_eq!(check_shopper_move(Ready), Err(StateRefusal::AlreadyPacked));
    }

    #[test]
    fn only_a_ready_order_goes_out_and_no_order_page_button_sends_it() {
        let now = at("2026-06-20T15:30:00Z");
        assert_eq!(check_action(Ready, SendOut, Some(window()), now), Ok(OutForDelivery));
        assert_eq!(check_action(Packing, SendOut, Some(window()), now), Err(StateRefusal::NotFromHere));
        assert_eq!(check_action(OutForDelivery, CheckIn, Some(window()), now), Ok(Completed));
        assert_eq!(StaffAction::from_code("sendOut"), None);
        assert!(!SendOut.returns_stock());
    }

    #[test]
    fn action_codes_round_trip() {
        for a in StaffAction::ALL {
            assert_eq!(StaffAction::from_code(a.code()), Some(a));
        }
        assert_eq!(StaffAction::from_code("explode"), None);
    }
}
