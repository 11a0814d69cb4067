//! Orders-per-period limits (limit type ORDER, set on a pantry, food bank or
//! delivery program): whether the shopper may place another order now, and when
//! they next may (spec §3 "Order limit result", §8 "Order Limit Reached").
//!
//! The spec names the result fields and the default message only; the readings:
//! - A limit of value N with scope DAY/WEEK/MONTH allows N non-cancelled orders
//!   whose creation falls in the same window the product limits use (today and the
//!   N-1 days before; 7 days per week; from the start of the month, M-1 months back),
//!   in the pantry's (or food bank's) zone. ACCOUNT allows N orders ever. ORDER
//!   ("N orders per order") cannot be exceeded by one order, so it only refuses when N is 0.
//! - `limit` is how many more orders the tightest limit allows (None without limits).
//! - When refused, the next available date is the local day the oldest counted
//!   order leaves the window; none for ACCOUNT or a limit of 0.

use chrono::{DateTime, Datelike, Days, Months, NaiveDate, Utc};
use chrono_tz::Tz;

use super::limits::{Limit, LimitScope};
use super::messages;
use super::refusal::Refusal;
use super::time::{local_today, start_of_day};

/// One ORDER-type limit and the creation times of the shopper's non-cancelled
/// orders it counts (orders at its pantry, food bank or delivery program).
#[derive(Debug, Clone, PartialEq)]
pub struct ScopedOrderLimit {
    pub limit: Limit,
    pub orders: Vec<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderLimitCheck {
    /// Orders still allowed by the tightest limit; None when no limit applies.
    pub limit: Option<i64>,
    /// The refusing limit's refusal; None when another order is allowed.
    pub refusal: Option<Refusal>,
    pub next_available_order_date: Option<NaiveDate>,
}

impl OrderLimitCheck {
    #[cfg(test)]
    pub fn allowed(&self) -> bool {
        self.refusal.is_none()
    }

    /// The refusal's English text, or empty when allowed (the result's `message`).
    pub fn message(&self) -> String {
        self.refusal.as_ref().map(Refusal::text).unwrap_or_default()
    }
}

/// "There is a limit of N orders every M weeks", or the spec's default "Unable to place an order
/// at this time" for a limit of none.
pub fn order_limit_refusal(limit: &Limit) -> Refusal {
    let m = limit.scope_amount.max(1);
    let unit = |one, many| if m == 1 { one } else { many };
    let n = limit.value;
    match limit.scope {
        LimitScope::Day => messages::order_limit_every(n, m, unit("day", "days")),
        LimitScope::Week => messages::order_limit_every(n, m, unit("week", "weeks")),
        LimitScope::Month => messages::order_limit_every(n, m, unit("month", "months")),
        LimitScope::Order | LimitScope::Account if n == 0 => (&messages::UNABLE_TO_PLACE_ORDER).into(),
        LimitScope::Order => messages::order_limit_per_order(n),
        LimitScope::Account => messages::order_limit_per_account(n),
    }
}

/// The first local day of the window a limit looks back over on `day`.
fn window_start_day(scope: LimitScope, n: i64, day: NaiveDate) -> Option<NaiveDate> {
    match scope {
        LimitScope::Day => day.checked_sub_days(Days::new((n - 1) as u64)),
        LimitScope::Week => day.checked_sub_days(Days::new((n * 7 - 1) as u64)),
        LimitScope::Month => day.with_day(1)?.checked_sub_months(Months::new((n - 1) as u32)),
        LimitScope::Order | LimitScope::Account => None,
    }
}

/// The first local day on which an order made on `day` is outside the window.
fn leaves_window_on(scope: LimitScope, n: i64, day: NaiveDate) -> Option<NaiveDate> {
    match scope {
        LimitScope::Day => day.checked_add_days(Days::new(n as u64)),
        LimitScope::Week => day.checked_add_days(Days::new((n * 7) as u64)),
        LimitScope::Month => day.with_day(1)?.checked_add_months(Months::new(n as u32)),
        LimitScope::Order | LimitScope::Account => None,
    }
}

/// How many more orders `scoped` allows now, and the day it allows one again when none.
fn allowance(scoped: &ScopedOrderLimit, now: DateTime<Utc>, tz: Tz) -> (i64, Option<NaiveDate>) {
    let l = &scoped.limit;
    let value = l.value.max(0);
    let n = l.scope_amount.max(1);
    if value == 0 {
        return (0, None);
    }
    let mut counted: Vec<DateTime<Utc>> = match l.scope {
        LimitScope::Order => return (value, None),
        LimitScope::Account => scoped.orders.clone(),
        scope => {
            let first = window_start_day(scope, n, local_today(now, tz)).unwrap_or(NaiveDate::MIN);
            let since = start_of_day(first, tz);
            scoped.orders.iter().copied().filter(|c| *c >= since).collect()
        }
    };
    let remaining = (value - counted.len() as i64).max(0);
    if remaining > 0 {
        return (remaining, None);
    }
    // The value-th newest order is the one whose leaving brings the count under the limit.
    counted.sort_by(|a, b| b.cmp(a));
    let oldest_blocking = counted[(value - 1) as usize];
    let day = oldest_blocking.with_timezone(&tz).date_naive();
    (0, leaves_window_on(l.scope, n, day))
}

/// Whether one more order may be placed now under all `limits`, `tz` being the zone
/// of the pantry (or food bank). Refused by the first limit with no allowance left;
/// its next date is the latest of the refusing limits' dates (none if any never reopens).
pub fn check_order_limits(limits: &[ScopedOrderLimit], now: DateTime<Utc>, tz: Tz) -> OrderLimitCheck {
    let results: Vec<(i64, Option<NaiveDate>, &Limit)> = limits
        .iter()
        .map(|s| {
            let (remaining, next) = allowance(s, now, tz);
            (remaining, next, &s.limit)
        })
        .collect();
    let refusing: Vec<&(i64, Option<NaiveDate>, &Limit)> = results.iter().filter(|r| r.0 == 0).collect();
    match refusing.first() {
        None => {
            OrderLimitCheck { limit: results.iter().map(|r| r.0).min(), refusal: None, next_available_order_date: None }
        }
        Some(first) => {
            let next =
                if refusing.iter().any(|r| r.1.is_none()) { None } else { refusing.iter().filter_map(|r| r.1).max() };
            let refusal = Some(order_limit_refusal(first.2));
            OrderLimitCheck { limit: Some(0), refusal, next_available_order_date: next }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::limits::LimitKind;
    use chrono_tz::America::Chicago;

    fn lim(scope: LimitScope, amount: i64, value: i64) -> Limit {
        Limit { value, scope_amount: amount, scope, kind: LimitKind::Product }
    }
    fn scoped(limit: Limit, orders: &[&str]) -> ScopedOrderLimit {
        ScopedOrderLimit { limit, orders: orders.iter().map(|o| o.parse().unwrap()).collect() }
    }
    // Wednesday 2025-06-18 10:00 in Chicago (CDT, UTC-5).
    fn now() -> DateTime<Utc> {
        "2025-06-18T15:00:00Z".parse().unwrap()
    }
    fn check(limits: &[ScopedOrderLimit]) -> OrderLimitCheck {
        check_order_limits(limits, now(), Chicago)
    }
    fn date(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn no_limits_allow_without_a_count() {
        let c = check(&[]);
        assert_eq!((c.allowed(), c.limit, c.message().as_str(), c.next_available_order_date), (true, None, "", None));
    }

    #[test]
    fn week_limit_counts_the_last_seven_local_days() {
        // Window of WEEK 1 starts 2025-06-12 00:00 CDT = 05:00Z.
        let inside = "2025-06-12T05:00:00Z";
        let outside = "2025-06-12T04:59:00Z";
        let c = check(&[scoped(lim(LimitScope::Week, 1, 2), &[inside, outside])]);
        assert_eq!((c.allowed(), c.limit), (true, Some(1)));
        let c = check(&[scoped(lim(LimitScope::Week, 1, 2), &[inside, "2025-06-17T15:00:00Z"])]);
        assert!(!c.allowed());
        assert_eq!(c.limit, Some(0));
        assert_eq!(c.message(), "There is a limit of 2 orders every 1 week");
        // The older of the two (local 2025-06-12) leaves the window 7 days later.
        assert_eq!(c.next_available_order_date, Some(date("2025-06-19")));
    }

    #[test]
    fn next_date_uses_the_oldest_order_that_must_leave() {
        let orders = ["2025-06-13T15:00:00Z", "2025-06-15T15:00:00Z", "2025-06-17T15:00:00Z"];
        // Limit 2 with three orders in the window: the second newest (06-15) must leave.
        let c = check(&[scoped(lim(LimitScope::Week, 1, 2), &orders)]);
        assert_eq!(c.next_available_order_date, Some(date("2025-06-22")));
        let c = check(&[scoped(lim(LimitScope::Week, 1, 1), &orders)]);
        assert_eq!(c.next_available_order_date, Some(date("2025-06-24")));
    }

    #[test]
    fn day_limit_resets_at_local_midnight() {
        // 2025-06-18 00:30 CDT: today locally.
        let c = check(&[scoped(lim(LimitScope::Day, 1, 1), &["2025-06-18T05:30:00Z"])]);
        assert_eq!((c.allowed(), c.next_available_order_date), (false, Some(date("2025-06-19"))));
        assert_eq!(c.message(), "There is a limit of 1 order every 1 day");
        // 2025-06-17 23:30 CDT: yesterday locally, although the 18th in UTC.
        assert!(check(&[scoped(lim(LimitScope::Day, 1, 1), &["2025-06-18T04:30:00Z"])]).allowed());
        // DAY 3 reaches back to the 16th and reopens on the day the order is 3 days old.
        let c = check(&[scoped(lim(LimitScope::Day, 3, 1), &["2025-06-16T15:00:00Z"])]);
        assert_eq!((c.allowed(), c.next_available_order_date), (false, Some(date("2025-06-19"))));
        assert_eq!(c.message(), "There is a limit of 1 order every 3 days");
    }

    #[test]
    fn month_limit_reopens_at_the_start_of_a_month() {
        let c = check(&[scoped(lim(LimitScope::Month, 1, 1), &["2025-06-01T05:00:00Z"])]);
        assert_eq!((c.allowed(), c.next_available_order_date), (false, Some(date("2025-07-01"))));
        assert!(check(&[scoped(lim(LimitScope::Month, 1, 1), &["2025-05-31T23:00:00Z"])]).allowed());
        let c = check(&[scoped(lim(LimitScope::Month, 2, 1), &["2025-05-02T12:00:00Z"])]);
        assert_eq!((c.allowed(), c.next_available_order_date), (false, Some(date("2025-07-01"))));
    }

    #[test]
    fn account_limit_never_reopens_and_order_scope_only_refuses_zero() {
        let c = check(&[scoped(lim(LimitScope::Account, 1, 2), &["2020-01-01T00:00:00Z", "2021-01-01T00:00:00Z"])]);
        assert_eq!((c.allowed(), c.next_available_order_date), (false, None));
        assert_eq!(c.message(), "There is a limit of 2 orders per account");
        assert!(check(&[scoped(lim(LimitScope::Order, 1, 1), &["2025-06-18T14:00:00Z"])]).allowed());
        let zero = check(&[scoped(lim(LimitScope::Order, 1, 0), &[])]);
        assert_eq!((zero.allowed(), zero.limit), (false, Some(0)));
        assert_eq!(zero.message(), messages::UNABLE_TO_PLACE_ORDER.english);
    }

    #[test]
    fn tightest_limit_is_reported_and_latest_reopening_wins() {
        let recent = ["2025-06-17T15:00:00Z"];
        let allowed =
            check(&[scoped(lim(LimitScope::Month, 1, 4), &recent), scoped(lim(LimitScope::Week, 1, 2), &recent)]);
        assert_eq!((allowed.allowed(), allowed.limit), (true, Some(1)));
        let refused =
            check(&[scoped(lim(LimitScope::Day, 2, 1), &recent), scoped(lim(LimitScope::Week, 1, 1), &recent)]);
        assert!(!refused.allowed());
        assert_eq!(refused.message(), "There is a limit of 1 order every 2 days");
        assert_eq!(refused.next_available_order_date, Some(date("2025-06-24")));
    }
}
