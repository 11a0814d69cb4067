//! Delivery runs (issue 51): what a driver reports at a stop, and which changes a run and its stops
//! allow. A run is planned (its stops may move) until it starts; then its orders are out for
//! delivery and only the driver's outcomes change it. Delivered closes the order at once; nobody
//! home and refused wait for the coordinator, who closes the order as not delivered (its stock
//! back, as a no-show's) or leaves it for the driver to try again.
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::messages;
use super::orders::StatusType;
use super::refusal::Refusal;

/// How many drivers one window is split among at most.
pub const MAX_DRIVERS: usize = 50;

/// What the driver reports at a stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum StopOutcome {
    Delivered,
    NobodyHome,
    Refused,
}

impl StopOutcome {
    pub const ALL: [Self; 3] = [Self::Delivered, Self::NobodyHome, Self::Refused];

    /// As stored (`delivery_stops.outcome`) and posted by the driver's buttons.
    pub fn code(self) -> &'static str {
        match self {
            Self::Delivered => "delivered",
            Self::NobodyHome => "nobodyHome",
            Self::Refused => "refused",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|o| o.code() == code)
    }

    /// Whether the food did not reach the household.
    pub fn failed(self) -> bool {
        self != Self::Delivered
    }
}

/// Why a run change is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunRefusal {
    Started,
    NotStarted,
    NoDriver,
    NoStops,
    /// The stop's order is no longer out for delivery (delivered, or closed by the coordinator).
    OrderClosed,
    NothingToConfirm,
}

impl RunRefusal {
    pub fn refusal(self) -> Refusal {
        match self {
            Self::Started => &messages::RUN_ALREADY_STARTED,
            Self::NotStarted => &messages::RUN_NOT_STARTED,
            Self::NoDriver => &messages::RUN_NEEDS_DRIVER,
            Self::NoStops => &messages::RUN_HAS_NO_STOPS,
            Self::OrderClosed => &messages::ORDER_CLOSED,
            Self::NothingToConfirm => &messages::NOTHING_TO_CONFIRM,
        }
        .into()
    }
}

/// A run's stops move, or the window is split again, only before it starts.
pub fn check_plan_change(started: bool) -> Result<(), RunRefusal> {
    if started { Err(RunRefusal::Started) } else { Ok(()) }
}

/// A run starts once, with a driver and at least one stop.
pub fn check_start(started: bool, has_driver: bool, stops: usize) -> Result<(), RunRefusal> {
    check_plan_change(started)?;
    if !has_driver {
        return Err(RunRefusal::NoDriver);
    }
    if stops == 0 {
        return Err(RunRefusal::NoStops);
    }
    Ok(())
}

/// The driver reports a stop of a started run whose order is still out for delivery; a failed
/// attempt may be followed by a delivery (they came back) until the coordinator closes it.
pub fn check_outcome(started: bool, order: StatusType) -> Result<(), RunRefusal> {
    if !started {
        return Err(RunRefusal::NotStarted);
    }
    if order != StatusType::OutForDelivery {
        return Err(RunRefusal::OrderClosed);
    }
    Ok(())
}

/// The coordinator closes as not delivered only a stop the driver reported failed, whose order
/// is still out for delivery.
pub fn check_confirm(outcome: Option<StopOutcome>, order: StatusType) -> Result<(), RunRefusal> {
    if !outcome.is_some_and(StopOutcome::failed) {
        return Err(RunRefusal::NothingToConfirm);
    }
    if order != StatusType::OutForDelivery {
        return Err(RunRefusal::OrderClosed);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use StatusType::*;

    #[test]
    fn a_run_changes_plan_only_before_it_starts_and_starts_once_with_a_driver_and_stops() {
        assert_eq!(check_plan_change(false), Ok(()));
        assert_eq!(check_plan_change(true), Err(RunRefusal::Started));
        assert_eq!(check_start(false, true, 3), Ok(()));
        assert_eq!(check_start(true, true, 3), Err(RunRefusal::Started));
        assert_eq!(check_start(false, false, 3), Err(RunRefusal::NoDriver));
        assert_eq!(check_start(false, true, 0), Err(RunRefusal::NoStops));
    }

    #[test]
    fn the_driver_reports_only_on_the_road_and_only_orders_still_out() {
        assert_eq!(check_outcome(false, Ready), Err(RunRefusal::NotStarted));
        assert_eq!(check_outcome(true, OutForDelivery), Ok(()));
        for closed in [Completed, NoShow, Cancelled] {
            assert_eq!(check_outcome(true, closed), Err(RunRefusal::OrderClosed), "{closed:?}");
        }
    }

    #[test]
    fn only_a_reported_failure_still_out_is_closed_as_not_delivered() {
        assert_eq!(check_confirm(None, OutForDelivery), Err(RunRefusal::NothingToConfirm));
        assert_eq!(check_confirm(Some(StopOutcome::Delivered), Completed), Err(RunRefusal::NothingToConfirm));
        assert_eq!(check_confirm(Some(StopOutcome::NobodyHome), OutForDelivery), Ok(()));
        assert_eq!(check_confirm(Some(StopOutcome::Refused), NoShow), Err(RunRefusal::OrderClosed), "once only");
    }

    #[test]
    fn outcome_codes_round_trip() {
        for o in StopOutcome::ALL {
            assert_eq!(StopOutcome::from_code(o.code()), Some(o));
        }
        assert_eq!(StopOutcome::from_code("lost"), None);
        assert_eq!(RunRefusal::Started.refusal().code(), "runAlreadyStarted");
    }
}
