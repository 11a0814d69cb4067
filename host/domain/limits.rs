//! Per-item effective limits and the per-order item-count limit (spec §5).

use chrono::{DateTime, Datelike, Days, Months, Utc};
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::Id;
use super::messages;
use super::refusal::Refusal;
use super::time::{local_today, start_of_day};

/// `limitTimeScope.code`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LimitScope {
    Day,
    Week,
    Month,
    Order,
    Account,
}

impl LimitScope {
    pub const ALL: [Self; 5] = [Self::Day, Self::Week, Self::Month, Self::Order, Self::Account];

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| code.trim().eq_ignore_ascii_case(s.code()))
    }

    pub fn code(self) -> &'static str {
        match self {
            Self::Day => "DAY",
            Self::Week => "WEEK",
            Self::Month => "MONTH",
            Self::Order => "ORDER",
            Self::Account => "ACCOUNT",
        }
    }
}

/// `limitType.code`: ITEM caps the number of units in one order; every other
/// code caps one product.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LimitKind {
    Item,
    Product,
}

impl LimitKind {
    pub fn from_code(code: &str) -> Self {
        if code.trim().eq_ignore_ascii_case(LimitType::Item.code()) { Self::Item } else { Self::Product }
    }
}

/// `limits.limit_type_code`: what a stored limit counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimitType {
    /// Units of one product (attached to a product or an inventory item).
    Quantity,
    /// Units in one order (attached to a pantry, food bank or delivery program).
    Item,
    /// Orders per period (attached to a pantry, food bank or delivery program).
    Order,
}

impl LimitType {
    pub fn code(self) -> &'static str {
        match self {
            Self::Quantity => "QUANTITY",
            Self::Item => "ITEM",
            Self::Order => "ORDER",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Limit {
    pub value: i64,
    /// `limitTimeScopeAmount`; values below 1 are read as 1.
    pub scope_amount: i64,
    pub scope: LimitScope,
    pub kind: LimitKind,
}

/// One of the shopper's earlier orders at this pantry or food bank.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PastOrder {
    pub id: Id,
    pub created: DateTime<Utc>,
    pub is_cancelled: bool,
    pub lines: Vec<PastOrderLine>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PastOrderLine {
    pub pantry_item_id: Id,
    pub quantity: i64,
}

/// `effectiveLimit`: how many more units may be ordered, and why: `message` in the spec's English,
/// `rule` the same as data, so the app words it from its own catalog in the shopper's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EffectiveLimit {
    pub limit: i64,
    pub message: String,
    pub rule: LimitRule,
}

/// What a limit message says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum LimitRule {
    /// "Limit of N", or "Out of stock" at 0.
    Stock {
        quantity: i64,
    },
    /// "This item has a limit of N every M day(s)/week(s)/month(s)/orders".
    Every {
        value: i64,
        amount: i64,
        unit: PeriodUnit,
    },
    PerOrder {
        value: i64,
    },
    PerAccount {
        value: i64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PeriodUnit {
    Day,
    Week,
    Month,
    Order,
}

impl EffectiveLimit {
    /// Stock on hand as a limit.
    pub fn stock(quantity: i64) -> Self {
        Self::new(quantity, LimitRule::Stock { quantity: quantity.max(0) })
    }

    /// A product limit with `remaining` units left to the shopper.
    pub fn product(limit: &Limit, remaining: i64) -> Self {
        Self::new(remaining, limit_rule(limit))
    }

    fn new(limit: i64, rule: LimitRule) -> Self {
        Self { limit: limit.max(0), message: rule.refusal().to_string(), rule }
    }

    /// The refusal of units over this limit.
    pub fn refusal(&self) -> Refusal {
        self.rule.refusal()
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemLimits {
    /// The smallest of `all_effective_limits`; on a tie the earlier one wins,
    /// so stock beats a product limit with the same allowance.
    pub effective_limit: EffectiveLimit,
    /// Stock first, then each product limit in the order given.
    pub all_effective_limits: Vec<EffectiveLimit>,
}

/// Effective limits of one inventory item (`stock` on hand of the product `pantry_item_id`, with
/// the product's and the item's `limits`, as an `inventory::InventoryLine` holds them) for a
/// shopper with `past_orders` (at the same pantry, or food bank for delivery), `tz` being the
/// pantry's (or food bank's) time zone.
pub fn item_limits(
    (stock, pantry_item_id, limits): (i64, Id, &[Limit]),
    past_orders: &[PastOrder],
    now: DateTime<Utc>,
    tz: Tz,
) -> ItemLimits {
    let stock = EffectiveLimit::stock(stock);
    let all: Vec<EffectiveLimit> = std::iter::once(stock)
        .chain(
            limits
                .iter()
                .filter(|l| l.kind == LimitKind::Product)
                .map(|l| EffectiveLimit::product(l, l.value - used(pantry_item_id, window(l, now, tz), past_orders))),
        )
        .collect();
    let effective = all.iter().reduce(|min, l| if l.limit < min.limit { l } else { min }).cloned();
    ItemLimits { effective_limit: effective.expect("stock is always present"), all_effective_limits: all }
}

impl LimitRule {
    /// The limit's refusal, worded as spec §5:
    /// "This item has a limit of N every M days/day, weeks/week, months/month, orders;
    /// ... per order; ... per account."
    ///
    /// Reading chosen: M is always written and only the unit switches to singular
    /// when M is 1 ("every 1 day", "every 2 days"). ORDER has no singular form in the
    /// list because M = 1 is worded "per order" instead.
    pub fn refusal(&self) -> Refusal {
        match *self {
            Self::Stock { quantity } => messages::stock_limit(quantity),
            Self::Every { value, amount, unit } => {
                let word = match (unit, amount == 1) {
                    (PeriodUnit::Day, true) => "day",
                    (PeriodUnit::Day, false) => "days",
                    (PeriodUnit::Week, true) => "week",
                    (PeriodUnit::Week, false) => "weeks",
                    (PeriodUnit::Month, true) => "month",
                    (PeriodUnit::Month, false) => "months",
                    (PeriodUnit::Order, _) => "orders",
                };
                messages::limit_every(value, amount, word)
            }
            Self::PerOrder { value } => messages::limit_per_order(value),
            Self::PerAccount { value } => messages::limit_per_account(value),
        }
    }
}

/// The rule a product limit sets.
pub fn limit_rule(limit: &Limit) -> LimitRule {
    let (value, amount) = (limit.value, limit.scope_amount.max(1));
    let every = |unit| LimitRule::Every { value, amount, unit };
    match limit.scope {
        LimitScope::Day => every(PeriodUnit::Day),
        LimitScope::Week => every(PeriodUnit::Week),
        LimitScope::Month => every(PeriodUnit::Month),
        LimitScope::Order if amount == 1 => LimitRule::PerOrder { value },
        LimitScope::Order => every(PeriodUnit::Order),
        LimitScope::Account => LimitRule::PerAccount { value },
    }
}

/// Which past orders a limit looks back over.
enum Window {
    CreatedSince(DateTime<Utc>),
    LastOrders(usize),
    ThisOrderOnly,
    AllOrders,
}

fn window(limit: &Limit, now: DateTime<Utc>, tz: Tz) -> Window {
    let n = limit.scope_amount.max(1);
    let today = local_today(now, tz);
    // DAY N = today and the N-1 calendar days before it, so "every 1 day" resets
    // at local midnight; the month rule of the spec ("N-1 months back") counts
    // the current period the same way. WEEK N is DAY 7N (spec: week = 7 days).
    let days_back = |days: i64| {
        let first = today.checked_sub_days(Days::new((days - 1) as u64)).unwrap_or(today);
        Window::CreatedSince(start_of_day(first, tz))
    };
    match limit.scope {
        LimitScope::Day => days_back(n),
        LimitScope::Week => days_back(n * 7),
        LimitScope::Month => {
            let month_start = today.with_day(1).expect("day 1 exists");
            let first = month_start.checked_sub_months(Months::new((n - 1) as u32)).unwrap_or(month_start);
            Window::CreatedSince(start_of_day(first, tz))
        }
        // Spec: "last N past orders; per order when N is 1".
        LimitScope::Order if n == 1 => Window::ThisOrderOnly,
        LimitScope::Order => Window::LastOrders(n as usize),
        LimitScope::Account => Window::AllOrders,
    }
}

/// Units of a product in the non-cancelled past orders inside `window`.
fn used(pantry_item_id: Id, window: Window, past_orders: &[PastOrder]) -> i64 {
    let mut counted: Vec<&PastOrder> = past_orders.iter().filter(|o| !o.is_cancelled).collect();
    match window {
        Window::ThisOrderOnly => return 0,
        Window::AllOrders => {}
        Window::CreatedSince(start) => counted.retain(|o| o.created >= start),
        Window::LastOrders(n) => {
            counted.sort_by_key(|o| std::cmp::Reverse(o.created));
            counted.truncate(n);
        }
    }
    counted
        .iter()
        .flat_map(|o| &o.lines)
        .filter(|l| l.pantry_item_id == pantry_item_id)
        .map(|l| l.quantity.max(0))
        .sum()
}

/// Where a count stands against a limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LimitStatus {
    Under,
    At,
    Over,
}

/// The per-order item-count limit: the smallest ITEM-type limit value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderSizeLimit {
    /// None when no ITEM-type limit applies.
    pub limit: Option<i64>,
    pub message: String,
}

impl OrderSizeLimit {
    /// From the limits of the pantry or delivery time (`GET /limits/...`).
    pub fn from_limits(limits: &[Limit]) -> Self {
        let limit = limits.iter().filter(|l| l.kind == LimitKind::Item).map(|l| l.value.max(0)).min();
        let message = Self::refusal_of(limit).to_string();
        Self { limit, message }
    }

    /// The refusal of an order over this limit.
    pub fn refusal(&self) -> Refusal {
        Self::refusal_of(self.limit)
    }

    fn refusal_of(limit: Option<i64>) -> Refusal {
        limit.map_or_else(|| (&messages::OVER_TOTAL_ITEM_LIMIT).into(), messages::items_per_order)
    }

    /// Over when the cart holds more units than the limit, at when equal.
    pub fn status(&self, cart_units: i64) -> LimitStatus {
        match self.limit {
            Some(l) if cart_units > l => LimitStatus::Over,
            Some(l) if cart_units == l => LimitStatus::At,
            _ => LimitStatus::Under,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Chicago;

    const ITEM: Id = 7;

    fn lim(scope: LimitScope, amount: i64, value: i64) -> Limit {
        Limit { value, scope_amount: amount, scope, kind: LimitKind::Product }
    }
    fn order(id: Id, created: &str, qty: i64) -> PastOrder {
        PastOrder {
            id,
            created: created.parse().unwrap(),
            is_cancelled: false,
            lines: vec![
                PastOrderLine { pantry_item_id: ITEM, quantity: qty },
                PastOrderLine { pantry_item_id: 99, quantity: 50 },
            ],
        }
    }
    // Wednesday 2025-06-18 10:00 in Chicago (CDT, UTC-5).
    fn now() -> DateTime<Utc> {
        "2025-06-18T15:00:00Z".parse().unwrap()
    }
    fn lm(e: &EffectiveLimit) -> (i64, &str) {
        (e.limit, e.message.as_str())
    }
    fn eff(quantity: i64, limits: Vec<Limit>, past: &[PastOrder]) -> EffectiveLimit {
        item_limits((quantity, ITEM, &limits), past, now(), Chicago).effective_limit
    }

    #[test]
    fn stock_only() {
        assert_eq!(lm(&eff(4, vec![], &[])), (4, "Limit of 4"));
        assert_eq!(lm(&eff(0, vec![], &[])), (0, "Out of stock"));
        assert_eq!(eff(-2, vec![], &[]).limit, 0);
    }

    #[test]
    fn messages_per_scope() {
        let m = |s, a| limit_rule(&lim(s, a, 3)).refusal().to_string();
        assert_eq!(m(LimitScope::Day, 2), "This item has a limit of 3 every 2 days");
        assert_eq!(m(LimitScope::Day, 1), "This item has a limit of 3 every 1 day");
        assert_eq!(m(LimitScope::Week, 1), "This item has a limit of 3 every 1 week");
        assert_eq!(m(LimitScope::Week, 4), "This item has a limit of 3 every 4 weeks");
        assert_eq!(m(LimitScope::Month, 1), "This item has a limit of 3 every 1 month");
        assert_eq!(m(LimitScope::Month, 6), "This item has a limit of 3 every 6 months");
        assert_eq!(m(LimitScope::Order, 3), "This item has a limit of 3 every 3 orders");
        assert_eq!(m(LimitScope::Order, 1), "This item has a limit of 3 per order");
        assert_eq!(m(LimitScope::Account, 1), "This item has a limit of 3 per account");
        assert_eq!(m(LimitScope::Day, 0), "This item has a limit of 3 every 1 day");
    }

    #[test]
    fn day_window_counts_today_and_previous_days_in_local_time() {
        let l = || vec![lim(LimitScope::Day, 1, 5)];
        // 2025-06-18 00:30 CDT = 05:30Z: today locally.
        assert_eq!(eff(10, l(), &[order(1, "2025-06-18T05:30:00Z", 2)]).limit, 3);
        // 2025-06-17 23:30 CDT = 04:30Z on the 18th in UTC, but yesterday locally.
        assert_eq!(eff(10, l(), &[order(1, "2025-06-18T04:30:00Z", 2)]).limit, 5);
        // DAY 2 reaches back to the start of yesterday.
        let two = vec![lim(LimitScope::Day, 2, 5)];
        assert_eq!(eff(10, two.clone(), &[order(1, "2025-06-17T05:00:00Z", 2)]).limit, 3);
        assert_eq!(eff(10, two, &[order(1, "2025-06-17T04:59:59Z", 2)]).limit, 5);
    }

    #[test]
    fn week_window_is_seven_days_per_week() {
        let l = |n| vec![lim(LimitScope::Week, n, 4)];
        // Week 1 starts 2025-06-12 00:00 CDT = 05:00Z.
        assert_eq!(eff(10, l(1), &[order(1, "2025-06-12T05:00:00Z", 1)]).limit, 3);
        assert_eq!(eff(10, l(1), &[order(1, "2025-06-12T04:59:00Z", 1)]).limit, 4);
        // Week 2 starts 2025-06-05.
        assert_eq!(eff(10, l(2), &[order(1, "2025-06-05T06:00:00Z", 1)]).limit, 3);
    }

    #[test]
    fn month_window_from_start_of_month_n_minus_one_back() {
        let l = |n| vec![lim(LimitScope::Month, n, 4)];
        // June 1 00:00 CDT = 05:00Z.
        assert_eq!(eff(10, l(1), &[order(1, "2025-06-01T05:00:00Z", 3)]).limit, 1);
        assert_eq!(eff(10, l(1), &[order(1, "2025-05-31T23:00:00Z", 3)]).limit, 4);
        // MONTH 2 reaches May 1.
        assert_eq!(eff(10, l(2), &[order(1, "2025-05-01T06:00:00Z", 3)]).limit, 1);
        assert_eq!(eff(10, l(2), &[order(1, "2025-04-30T12:00:00Z", 3)]).limit, 4);
    }

    #[test]
    fn order_window_last_n_past_orders_or_this_order_when_one() {
        let past = [
            order(1, "2025-01-01T12:00:00Z", 1),
            order(2, "2025-03-01T12:00:00Z", 2),
            order(3, "2025-05-01T12:00:00Z", 4),
        ];
        assert_eq!(eff(10, vec![lim(LimitScope::Order, 1, 5)], &past).limit, 5);
        assert_eq!(eff(10, vec![lim(LimitScope::Order, 2, 9)], &past).limit, 3);
        assert_eq!(eff(10, vec![lim(LimitScope::Order, 3, 9)], &past).limit, 2);
        assert_eq!(eff(10, vec![lim(LimitScope::Order, 5, 9)], &past).limit, 2);
    }

    #[test]
    fn account_window_counts_everything_and_floors_at_zero() {
        let past = [order(1, "2020-01-01T00:00:00Z", 3), order(2, "2025-06-18T14:00:00Z", 3)];
        let e = eff(10, vec![lim(LimitScope::Account, 1, 8)], &past);
        assert_eq!(lm(&e), (2, "This item has a limit of 8 per account"));
        assert_eq!(eff(10, vec![lim(LimitScope::Account, 1, 5)], &past).limit, 0);
    }

    #[test]
    fn cancelled_orders_do_not_count() {
        let mut o = order(1, "2025-06-18T14:00:00Z", 3);
        o.is_cancelled = true;
        assert_eq!(eff(10, vec![lim(LimitScope::Account, 1, 5)], &[o.clone()]).limit, 5);
        // Nor do they use up one of the "last N orders".
        let past = [order(2, "2025-01-01T00:00:00Z", 2), o];
        assert_eq!(eff(10, vec![lim(LimitScope::Order, 2, 5)], &past).limit, 3);
    }

    #[test]
    fn smallest_wins_and_all_are_reported() {
        let past = [order(1, "2025-06-18T14:00:00Z", 1)];
        let limits = [lim(LimitScope::Day, 1, 3), lim(LimitScope::Order, 1, 4)];
        let r = item_limits((6, ITEM, &limits), &past, now(), Chicago);
        assert_eq!(lm(&r.effective_limit), (2, "This item has a limit of 3 every 1 day"));
        let limits: Vec<i64> = r.all_effective_limits.iter().map(|l| l.limit).collect();
        assert_eq!(limits, vec![6, 2, 4]);
        // A tie keeps the earlier (stock) message.
        let tie = eff(3, vec![lim(LimitScope::Order, 1, 3)], &[]);
        assert_eq!(tie.message, "Limit of 3");
        // Stock below the product limit wins.
        assert_eq!(eff(1, vec![lim(LimitScope::Order, 1, 3)], &[]).message, "Limit of 1");
    }

    #[test]
    fn item_type_limits_are_not_product_limits() {
        let item = Limit { value: 1, scope_amount: 1, scope: LimitScope::Order, kind: LimitKind::Item };
        assert_eq!(eff(5, vec![item], &[]).limit, 5);
    }

    #[test]
    fn order_size_limit() {
        let item = |v| Limit { value: v, scope_amount: 1, scope: LimitScope::Order, kind: LimitKind::Item };
        let l = OrderSizeLimit::from_limits(&[item(12), lim(LimitScope::Day, 1, 1), item(10)]);
        assert_eq!(l, OrderSizeLimit { limit: Some(10), message: "There is a limit of 10 items per order".into() });
        assert_eq!(l.status(9), LimitStatus::Under);
        assert_eq!(l.status(10), LimitStatus::At);
        assert_eq!(l.status(11), LimitStatus::Over);
        let none = OrderSizeLimit::from_limits(&[lim(LimitScope::Day, 1, 1)]);
        assert_eq!(none, OrderSizeLimit { limit: None, message: "Over total item limit".into() });
        assert_eq!(none.status(1000), LimitStatus::Under);
    }

    #[test]
    fn codes_parse() {
        assert_eq!(LimitScope::from_code("week"), Some(LimitScope::Week));
        assert_eq!(LimitScope::from_code("YEAR"), None);
        assert_eq!(LimitScope::Month.code(), "MONTH");
        assert_eq!(LimitKind::from_code("ITEM"), LimitKind::Item);
        assert_eq!(LimitKind::from_code("PRODUCT"), LimitKind::Product);
    }
}
