//! The checks an order must pass before stock is taken (spec §5 "Submission",
//! §8 "Checkout"), over facts the API has already loaded.

use std::fmt;

use super::Id;
use super::access::{AccessGrants, Pantry, check_pantry_access};
use super::cart::{CartLine, ShoppingContext, cart_units, merge_cart};
use super::delivery::{DeliveryTime, delivery_allowed};
use super::limits::{Limit, LimitStatus, OrderSizeLimit};
use super::messages;
use super::pickup::PickupTime;
use super::refusal::Refusal;

/// An order as submitted, with the rows its ids point at. `shop` holds the
/// inventory of the chosen pantry (or delivery time), the shopper's past
/// orders there, and the pantry's (or, for delivery, the food bank's) zone.
#[derive(Debug, Clone, Copy)]
pub struct OrderRequest<'a> {
    pub pantry: Option<&'a Pantry>,
    pub pickup_time: Option<&'a PickupTime>,
    pub delivery_time: Option<&'a DeliveryTime>,
    pub cart: &'a [CartLine],
    /// Limits of the pantry or delivery time; the ITEM ones cap the order size.
    pub order_limits: &'a [Limit],
    pub grants: &'a AccessGrants,
    pub shop: ShoppingContext<'a>,
}

/// Why an order is refused; [`OrderRefusal::refusal`] is the refusal to answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderRefusal {
    /// No usable pickup or delivery selection (also: a pickup time of another
    /// pantry, or pickup and delivery at once).
    InvalidPickupTime,
    EmptyCart,
    /// The pickup or delivery time has started.
    TimeNoLongerAvailable,
    /// The slot's capacity is booked.
    TimeFull,
    /// The pantry closed the pickup time's day.
    TimeClosed,
    DeliveryTimeFull,
    /// The shopper may not get delivery from this food bank.
    DeliveryNotAvailable,
    ReferralCodeRequired(Refusal),
    /// Gone, short on stock, or over the item's effective limit.
    ItemNotAllowed {
        inventory_item_id: Id,
        refusal: Refusal,
    },
    OrderSizeExceeded(Refusal),
}

impl OrderRefusal {
    pub fn refusal(&self) -> Refusal {
        match self {
            Self::InvalidPickupTime => (&messages::INVALID_PICKUP_TIME).into(),
            Self::EmptyCart => (&messages::NO_PRODUCTS_IN_CART).into(),
            // The spec has one submission text for a stale time; delivery reuses it.
            Self::TimeNoLongerAvailable => (&messages::PICKUP_TIME_NO_LONGER_AVAILABLE).into(),
            Self::TimeFull => (&messages::PICKUP_TIME_FULL).into(),
            Self::TimeClosed => (&messages::PICKUP_TIME_CLOSED).into(),
            Self::DeliveryTimeFull => (&messages::DELIVERY_TIME_FULL).into(),
            Self::DeliveryNotAvailable => (&messages::NO_AVAILABLE_DELIVERY_TIMES).into(),
            Self::ReferralCodeRequired(refusal)
            | Self::ItemNotAllowed { refusal, .. }
            | Self::OrderSizeExceeded(refusal) => refusal.clone(),
        }
    }
}

impl fmt::Display for OrderRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.refusal().fmt(f)
    }
}

impl std::error::Error for OrderRefusal {}

/// Runs the checks in the spec's order and returns the stock to take: one line
/// per inventory item with its total quantity. The caller takes it with
/// conditional updates, since stock may change between this check and the write.
pub fn check_order(req: &OrderRequest) -> Result<Vec<CartLine>, OrderRefusal> {
    let (now, tz) = (req.shop.now, req.shop.tz);
    // Choosing a pickup time clears delivery and vice versa, so exactly one
    // of the two shapes is a real selection.
    enum Slot<'a> {
        Pickup(&'a Pantry, &'a PickupTime),
        Delivery(&'a DeliveryTime),
    }
    let slot = match (req.pantry, req.pickup_time, req.delivery_time) {
        (Some(p), Some(t), None) if t.pantry_location_id == p.id && p.offers_pickup => Slot::Pickup(p, t),
        (None, None, Some(d)) => Slot::Delivery(d),
        _ => return Err(OrderRefusal::InvalidPickupTime),
    };
    let stock = merge_cart(req.cart);
    if stock.is_empty() {
        return Err(OrderRefusal::EmptyCart);
    }
    match slot {
        Slot::Pickup(pantry, time) => {
            if time.closed {
                return Err(OrderRefusal::TimeClosed);
            }
            if !time.is_valid(now, tz) {
                return Err(OrderRefusal::TimeNoLongerAvailable);
            }
            if time.seats.is_full() {
                return Err(OrderRefusal::TimeFull);
            }
            check_pantry_access(req.grants, pantry).map_err(OrderRefusal::ReferralCodeRequired)?;
        }
        Slot::Delivery(time) => {
            if !time.is_valid(now, tz) {
                return Err(OrderRefusal::TimeNoLongerAvailable);
            }
            if time.seats.is_full() {
                return Err(OrderRefusal::DeliveryTimeFull);
            }
            if !delivery_allowed(req.grants, time.food_bank_id) {
                return Err(OrderRefusal::DeliveryNotAvailable);
            }
        }
    }
    for line in &stock {
        if let Some(short) = req.shop.shortfall(line.inventory_item_id, line.quantity, true) {
            let refusal = short.refusal();
            return Err(OrderRefusal::ItemNotAllowed { inventory_item_id: line.inventory_item_id, refusal });
        }
    }
    let size = OrderSizeLimit::from_limits(req.order_limits);
    if size.status(cart_units(&stock)) == LimitStatus::Over {
        return Err(OrderRefusal::OrderSizeExceeded(size.refusal()));
    }
    Ok(stock)
}

#[cfg(test)]
mod tests {
    use super::super::access::ReferralCode;
    use super::super::access::ReferralFoodBank;
    use super::super::inventory::InventoryLine;
    use super::super::limits::{LimitKind, LimitScope, PastOrder};
    use super::*;
    use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
    use chrono_tz::America::New_York;

    fn pantry(restricted: bool) -> Pantry {
        Pantry { id: 1, label: "Hope Pantry".into(), food_bank_id: 9, is_restricted: restricted, offers_pickup: true }
    }
    fn date(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2025, 6, d).unwrap()
    }
    fn hm(h: u32) -> NaiveTime {
        NaiveTime::from_hms_opt(h, 0, 0).unwrap()
    }
    fn pickup(pantry_id: Id, d: u32) -> PickupTime {
        PickupTime {
            id: 3,
            pantry_location_id: pantry_id,
            pickup_day: date(d),
            pickup_start_time: hm(10),
            pickup_end_time: hm(12),
            seats: Default::default(),
            closed: false,
        }
    }
    fn delivery(d: u32) -> DeliveryTime {
        DeliveryTime {
            id: 4,
            food_bank_id: 9,
            entity_delivery_program_id: 1,
            delivery_day: date(d),
            delivery_start_time: hm(10),
            delivery_end_time: hm(12),
            seats: Default::default(),
        }
    }
    // 2025-06-18 10:00 EDT.
    fn now() -> DateTime<Utc> {
        "2025-06-18T14:00:00Z".parse().unwrap()
    }
    fn inventory() -> Vec<InventoryLine> {
        vec![
            InventoryLine { id: 10, pantry_item_id: 110, quantity: 5, limits: vec![], source_code: None },
            InventoryLine {
                id: 11,
                pantry_item_id: 111,
                quantity: 5,
                limits: vec![Limit { value: 2, scope_amount: 1, scope: LimitScope::Order, kind: LimitKind::Product }],
                source_code: None,
            },
        ]
    }
    fn units(id: Id, n: i64) -> CartLine {
        CartLine { inventory_item_id: id, quantity: n }
    }
    fn item_limit(v: i64) -> Limit {
        Limit { value: v, scope_amount: 1, scope: LimitScope::Order, kind: LimitKind::Item }
    }

    struct Fixture {
        pantry: Pantry,
        pickup: PickupTime,
        delivery: DeliveryTime,
        inventory: Vec<InventoryLine>,
        past: Vec<PastOrder>,
        grants: AccessGrants,
        limits: Vec<Limit>,
        cart: Vec<CartLine>,
    }

    impl Fixture {
        fn new() -> Self {
            Self {
                pantry: pantry(false),
                pickup: pickup(1, 19),
                delivery: delivery(19),
                inventory: inventory(),
                past: vec![],
                grants: AccessGrants::default(),
                limits: vec![item_limit(6)],
                cart: vec![units(10, 2), units(11, 1), units(10, 1)],
            }
        }
        fn pickup_request(&self) -> OrderRequest<'_> {
            OrderRequest {
                pantry: Some(&self.pantry),
                pickup_time: Some(&self.pickup),
                delivery_time: None,
                cart: &self.cart,
                order_limits: &self.limits,
                grants: &self.grants,
                shop: ShoppingContext {
                    inventory: &self.inventory,
                    past_orders: &self.past,
                    tefap_eligible: false,
                    now: now(),
                    tz: New_York,
                },
            }
        }
        fn delivery_request(&self) -> OrderRequest<'_> {
            OrderRequest {
                pantry: None,
                pickup_time: None,
                delivery_time: Some(&self.delivery),
                ..self.pickup_request()
            }
        }
    }

    #[test]
    fn accepted_pickup_returns_stock_per_item() {
        let f = Fixture::new();
        assert_eq!(check_order(&f.pickup_request()), Ok(vec![units(10, 3), units(11, 1)]));
    }

    #[test]
    fn pantry_without_time_is_invalid_pickup_time() {
        let f = Fixture::new();
        let r = OrderRequest { pickup_time: None, ..f.pickup_request() };
        assert_eq!(check_order(&r), Err(OrderRefusal::InvalidPickupTime));
        assert_eq!(OrderRefusal::InvalidPickupTime.to_string(), "Invalid pickup time");
        // Nothing selected, both selected, or another pantry's time: the same.
        assert_eq!(
            check_order(&OrderRequest { pantry: None, pickup_time: None, ..f.pickup_request() }),
            Err(OrderRefusal::InvalidPickupTime)
        );
        assert_eq!(
            check_order(&OrderRequest { delivery_time: Some(&f.delivery), ..f.pickup_request() }),
            Err(OrderRefusal::InvalidPickupTime)
        );
        let other = pickup(2, 19);
        assert_eq!(
            check_order(&OrderRequest { pickup_time: Some(&other), ..f.pickup_request() }),
            Err(OrderRefusal::InvalidPickupTime)
        );
    }

    #[test]
    fn empty_cart_refused() {
        let mut f = Fixture::new();
        f.cart = vec![units(10, 0)];
        let e = check_order(&f.pickup_request()).unwrap_err();
        assert_eq!(e.to_string(), "There are no products in your cart");
    }

    #[test]
    fn stale_time_refused() {
        let mut f = Fixture::new();
        f.pickup = pickup(1, 18); // 10:00 today, which is now
        let e = check_order(&f.pickup_request()).unwrap_err();
        assert_eq!(e.to_string(), "The selected pickup time is no longer available.");
        f.delivery = delivery(17);
        f.grants.food_bank_ids_with_delivery_enabled = vec![9];
        assert_eq!(check_order(&f.delivery_request()), Err(OrderRefusal::TimeNoLongerAvailable));
    }

    #[test]
    fn restricted_pantry_needs_referral() {
        let mut f = Fixture::new();
        f.pantry = pantry(true);
        let e = check_order(&f.pickup_request()).unwrap_err();
        assert_eq!(e.to_string(), "Hope Pantry requires a referral code");
        f.grants.referral_codes = vec![ReferralCode { pantry_location_ids: vec![1], ..Default::default() }];
        assert!(check_order(&f.pickup_request()).is_ok());
    }

    #[test]
    fn delivery_needs_delivery_rights() {
        let mut f = Fixture::new();
        let e = check_order(&f.delivery_request()).unwrap_err();
        assert_eq!(e.to_string(), "Sorry, there are no available delivery times");
        f.grants.referral_codes = vec![ReferralCode {
            food_banks: vec![ReferralFoodBank { food_bank_id: 9, is_delivery_enabled: true }],
            ..Default::default()
        }];
        assert_eq!(check_order(&f.delivery_request()), Ok(vec![units(10, 3), units(11, 1)]));
    }

    #[test]
    fn item_problems_refused_with_their_message() {
        let mut f = Fixture::new();
        f.cart = vec![units(11, 3)];
        assert_eq!(
            check_order(&f.pickup_request()),
            Err(OrderRefusal::ItemNotAllowed { inventory_item_id: 11, refusal: messages::limit_per_order(2) })
        );
        f.cart = vec![units(10, 6)];
        assert_eq!(check_order(&f.pickup_request()).unwrap_err().to_string(), "Inventory Exceeded");
        f.cart = vec![units(12, 1)];
        assert_eq!(check_order(&f.pickup_request()).unwrap_err().to_string(), "No Available Stock");
        f.inventory[0].source_code = Some("TEFAP".into());
        f.cart = vec![units(10, 1)];
        assert_eq!(check_order(&f.pickup_request()).unwrap_err().to_string(), "No Available Stock");
    }

    #[test]
    fn order_size_limit_refused_only_when_over() {
        let mut f = Fixture::new();
        f.limits = vec![item_limit(4), item_limit(8)];
        f.cart = vec![units(10, 3), units(11, 1)];
        assert!(check_order(&f.pickup_request()).is_ok(), "at the limit");
        f.cart.push(units(10, 1));
        assert_eq!(check_order(&f.pickup_request()).unwrap_err().to_string(), "There is a limit of 4 items per order");
    }
}
