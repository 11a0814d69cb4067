//! Place Order: the checks of `domain::submission`, the orders-per-period limits and the checkout's
//! questions against the facts read in the writing transaction, then the order, its lines and the
//! stock they take.
use super::{Error, Result, answer_for_key};
use crate::db::repo::accounts::ShopperContact;
use crate::service::notices::{self, Channels, Notice};
use crate::{
    db::repo::{
        Write,
        orders::{NewOrder, NewOrderLine, SlotRef, SnapshotRow, StockMissing},
        shopping::{ShopFacts, SiteFacts},
        stock::{Moved, StockCause},
    },
    domain::orders::StatusType,
    domain::{
        Id,
        access::{AccessGrants, Pantry},
        cart::{CartLine, ShoppingContext},
        checkout_questions::due_step,
        delivery::DeliveryTime,
        messages,
        order_limits::check_order_limits,
        pickup::PickupTime,
        stock::StockReason,
        submission::{OrderRequest, check_order},
    },
    model::orders::{IDEMPOTENCY_WINDOW, Idempotency, OrderSubmission},
};
use chrono::{DateTime, Utc};
use std::collections::BTreeMap;

/// Where an order would be placed: a pantry and one of its pickup times, or a delivery window.
pub(super) struct Slot<'a> {
    pub pantry: Option<&'a Pantry>,
    pub pickup: Option<&'a PickupTime>,
    pub delivery: Option<&'a DeliveryTime>,
}

/// A phone order (issue 49 item 4): a staff member at one of their pantries places it for a
/// household, under the account `order_account` chose.
pub(super) struct Behalf {
    pub staff_id: Id,
    /// The caller's pantry, for a pickup there.
    pub pantry: Option<Id>,
    pub food_bank_id: Id,
    /// Where a delivery goes: the household's record.
    pub address: Option<SnapshotRow>,
    pub notify: Notify,
}

/// Where a phone order's confirmation goes.
pub(super) enum Notify {
    /// As the household's app account's profile chooses.
    Profile,
    /// To the household's own phone and e-mail, as kept on its record.
    To(ShopperContact),
    /// Nowhere: the household said so on the phone.
    Not,
}

pub(super) async fn place(
    txn: &Write,
    channels: Channels<'_>,
    user_id: Id,
    sub: &OrderSubmission,
    idem: Option<&Idempotency>,
    behalf: Option<&Behalf>,
    now: DateTime<Utc>,
) -> Result<Id> {
    let household =
        txn.lock_user_household(user_id).await?.ok_or_else(|| Error::not_found(&messages::USER_NOT_FOUND))?;
    if let Some(idem) = idem {
        let found = txn.order_with_key(user_id, &idem.key, now - IDEMPOTENCY_WINDOW).await?;
        match answer_for_key(found, idem) {
            Some(answer) => return answer,
            None => txn.release_expired_key(user_id, &idem.key, now).await?,
        }
    }
    let pantry = match sub.pantry_location_id {
        Some(id) => txn.pantry_facts(id).await?,
        None => None,
    };
    let pickup = match sub.pickup_time_id {
        Some(id) => txn.pickup_time(id).await?,
        None => None,
    };
    let delivery = match sub.delivery_time_id {
        Some(id) => txn.delivery_facts(id).await?,
        None => None,
    };
    // Only a pickup (pantry + time) or a delivery (time alone) has a site to shop at; any other
    // shape is refused by `check_order` before it looks at the shop.
    let site = match (&pantry, &pickup, &delivery) {
        (Some(p), Some(_), None) => Some(SiteFacts::Pickup(p.clone())),
        (None, None, Some(d)) => Some(SiteFacts::Delivery(d.clone())),
        _ => None,
    };
    let (shop, limits) = match &site {
        // Orders per period too, read in this transaction so two quick orders cannot both slip under.
        Some(site) => {
            let cart: Vec<Id> = sub.items.iter().map(|i| i.inventory_item_id).collect();
            txn.shop_for_order(site, (user_id, household), &cart, now).await?
        }
        None => (
            ShopFacts {
                inventory: Vec::new(),
                past_orders: Vec::new(),
                order_limits: Vec::new(),
                tefap_eligible: false,
                tz: chrono_tz::UTC,
            },
            Vec::new(),
        ),
    };
    let grants = match behalf {
        // The pantry's own staff vouch for the household at their pantry (a referral-only one too).
        Some(b) => AccessGrants {
            authorized_location_ids: b.pantry.into_iter().collect(),
            food_bank_ids_with_delivery_enabled: vec![b.food_bank_id],
            referral_codes: Vec::new(),
        },
        None => txn.access_grants(user_id, now).await?,
    };
    let cart: Vec<CartLine> =
        sub.items.iter().map(|i| CartLine { inventory_item_id: i.inventory_item_id, quantity: i.quantity }).collect();
    let slot = Slot {
        pantry: pantry.as_ref().map(|p| &p.pantry),
        pickup: pickup.as_ref(),
        delivery: delivery.as_ref().map(|d| &d.time),
    };
    let stock = check(&slot, &cart, &shop, &grants, now)?;
    let Some(site) = site else { return Err(Error::refused(&messages::INVALID_PICKUP_TIME)) };

    if let Some(refusal) = check_order_limits(&limits, now, shop.tz).refusal {
        return Err(Error::refused(refusal));
    }
    // The checkout's eligibility screening and survey: an order cannot skip what the checkout asks.
    // A phone order has no checkout: staff record the household's TEFAP decision on its page.
    if behalf.is_none() {
        let questions = txn.checkout_question_facts(user_id, site.food_bank_id()).await?;
        if let Some(due) = due_step(&questions, now) {
            return Err(Error::Refused { refusal: due.refusal().into(), step: Some(due.step()) });
        }
    }
    // Staff order only at their own food bank, whatever the window named.
    if behalf.is_some_and(|b| b.food_bank_id != site.food_bank_id()) {
        return Err(Error::not_found(&messages::DELIVERY_TIME_NOT_FOUND));
    }
    let address = match (&delivery, behalf) {
        (Some(_), Some(b)) => {
            Some((None, b.address.clone().ok_or_else(|| Error::refused(&messages::DELIVERY_ADDRESS_REQUIRED))?))
        }
        (Some(_), None) => {
            let id = sub.address_id.ok_or_else(|| Error::refused(&messages::DELIVERY_ADDRESS_REQUIRED))?;
            let snapshot = txn.address_snapshot(user_id, id).await?;
            Some((Some(id), snapshot.ok_or_else(|| Error::not_found(&messages::ADDRESS_NOT_FOUND))?))
        }
        (None, _) => None,
    };

    // Every row that only this order writes comes first; the rows every order at this pantry
    // updates (the stock, its cache scope, the slot and its pantry) are locked last, so concurrent
    // orders wait on each other only for those few statements and the commit (on PostgreSQL; on
    // SQLite the writers are serialised anyway). A refusal below still rolls all of it back.
    let booking = match (&pickup, &delivery) {
        (Some(t), _) => SlotRef::Pickup(t.id),
        (None, Some(d)) => SlotRef::Delivery(d.time.id),
        (None, None) => return Err(Error::refused(&messages::INVALID_PICKUP_TIME)),
    };
    let lines: Vec<NewOrderLine> = stock
        .iter()
        .map(|l| NewOrderLine {
            inventory_item_id: l.inventory_item_id,
            quantity: l.quantity,
            is_substitute_ok: sub
                .items
                .iter()
                .any(|i| i.inventory_item_id == l.inventory_item_id && i.is_substitute_ok),
        })
        .collect();
    let new = NewOrder {
        user_id,
        food_bank_id: site.food_bank_id(),
        pantry_location_id: pantry.as_ref().map(|p| p.pantry.id),
        pickup_time_id: pickup.as_ref().map(|t| t.id),
        delivery_time_id: delivery.as_ref().map(|d| d.time.id),
        address,
        idempotency_key: idem.map(|i| i.key.clone()),
        request_fingerprint: idem.map(|i| i.fingerprint.clone()),
        placed_by: behalf.map(|b| b.staff_id),
        now,
    };
    let id = txn.insert_order(new, &lines).await?.ok_or_else(|| Error::refused(&messages::NO_AVAILABLE_STOCK))?;
    // The history starts with the submission, by whoever made it (the staff side shows it).
    let by = behalf.map_or(user_id, |b| b.staff_id);
    txn.record_order_event(id, None, StatusType::Submitted, Some(by), None, now).await?;
    // The lines' stock rows were read in this transaction: an order without TEFAP food needs no
    // record, and no read to find that out.
    let carries_tefap =
        stock.iter().any(|l| shop.inventory.iter().any(|i| i.id == l.inventory_item_id && i.is_tefap()));
    if carries_tefap {
        crate::service::reports::record_tefap(txn, id, now).await?;
    }
    let number = format!("{id:X}");
    let words = |lang: crate::catalog::Lang| {
        let fill = [("number", number.as_str())];
        (notices::say(CONFIRMED_TITLE, lang, &fill), notices::say(CONFIRMED_TEXT, lang, &fill))
    };
    let notice = Notice { key: format!("order:{id}:confirmed"), path: "/account/orders".into(), words: &words };
    match behalf.map(|b| &b.notify) {
        None | Some(Notify::Profile) => notices::send(txn, channels, user_id, &notice, now).await?,
        Some(Notify::To(contact)) => {
            // No account to sign in to: the words say where and bring the order's number.
            let label = pantry.as_ref().map_or("", |p| p.pantry.label.as_str());
            let text = if pantry.is_some() { PHONE_ORDER_TEXT } else { PHONE_DELIVERY_TEXT };
            let words = |lang: crate::catalog::Lang| {
                let fill = [("number", number.as_str()), ("pantry", label)];
                (notices::say(CONFIRMED_TITLE, lang, &fill), notices::say(text, lang, &fill))
            };
            let path = pantry.as_ref().map_or_else(|| "/".to_owned(), |p| format!("/pantries/{}", p.pantry.id));
            let notice = Notice { key: notice.key.clone(), path, words: &words };
            for message in notices::messages(contact, channels, &notice) {
                txn.enqueue(message, now).await?;
            }
        }
        Some(Notify::Not) => {}
    }
    let deltas: BTreeMap<Id, i64> = stock.iter().map(|l| (l.inventory_item_id, -l.quantity)).collect();
    let moved = take(txn, &deltas, now).await?;
    book(txn, booking).await?;
    record(txn, &moved, StockReason::OrderPlaced, Some(by), id, now).await?;
    Ok(id)
}

const CONFIRMED_TITLE: &str = "Your order is confirmed";
const CONFIRMED_TEXT: &str = "Order {number} is confirmed. You can see it and change it in your orders.";
const PHONE_ORDER_TEXT: &str = "Order {number} is confirmed for pickup at {pantry}. Say its number when you come.";
const PHONE_DELIVERY_TEXT: &str = "Order {number} is confirmed for delivery to your home.";

/// Locks the shopper's row until the transaction ends, so one shopper's writes run one at a time.
pub(super) async fn lock_user(txn: &Write, user_id: Id) -> Result<()> {
    if txn.lock_user(user_id).await? { Ok(()) } else { Err(Error::not_found(&messages::USER_NOT_FOUND)) }
}

/// `domain::submission::check_order` over the loaded facts: the stock to take, in inventory-id order.
pub(super) fn check(
    slot: &Slot,
    cart: &[CartLine],
    shop: &ShopFacts,
    grants: &AccessGrants,
    now: DateTime<Utc>,
) -> Result<Vec<CartLine>> {
    let request = OrderRequest {
        pantry: slot.pantry,
        pickup_time: slot.pickup,
        delivery_time: slot.delivery,
        cart,
        order_limits: &shop.order_limits,
        grants,
        shop: ShoppingContext {
            inventory: &shop.inventory,
            past_orders: &shop.past_orders,
            tefap_eligible: shop.tefap_eligible,
            now,
            tz: shop.tz,
        },
    };
    let mut stock = check_order(&request).map_err(|r| Error::refused(r.refusal()))?;
    stock.sort_by_key(|l| l.inventory_item_id);
    Ok(stock)
}

/// Takes a place in the slot, after the stock (every write takes stock rows before slot rows, so
/// two orders never wait on each other's in opposite orders); a full slot refuses, though the check
/// saw room: the last place went to a concurrent order.
pub(super) async fn book(txn: &Write, slot: SlotRef) -> Result<()> {
    if txn.book_slot(slot).await? {
        return Ok(());
    }
    Err(Error::refused(match slot {
        SlotRef::Pickup(_) => &messages::PICKUP_TIME_FULL,
        SlotRef::Delivery(_) => &messages::DELIVERY_TIME_FULL,
    }))
}

/// Moves the stock (negative = take); a take the stock can no longer give refuses with the cart
/// rule's reason for that item. What moved, for [`record`] once the cause is known (a new order's
/// id comes after its stock is taken).
#[must_use = "every stock change is recorded as a movement"]
pub(super) async fn take(txn: &Write, deltas: &BTreeMap<Id, i64>, now: DateTime<Utc>) -> Result<Vec<Moved>> {
    match txn.move_stock(deltas, now).await? {
        Ok(moved) => Ok(moved),
        Err(StockMissing::Short) => Err(Error::refused(&messages::INVENTORY_EXCEEDED)),
        Err(StockMissing::Withdrawn) => Err(Error::refused(&messages::NO_AVAILABLE_STOCK)),
    }
}

/// Records what [`take`] moved, in the same transaction, as caused by `reason` on `order_id`.
pub(super) async fn record(
    txn: &Write,
    moved: &[Moved],
    reason: StockReason,
    by: Option<Id>,
    order_id: Id,
    now: DateTime<Utc>,
) -> Result<()> {
    Ok(txn.record_movements(moved, StockCause { reason, by, order_id: Some(order_id) }, now).await?)
}
