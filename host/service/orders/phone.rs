//! Phone orders (issue 49 item 4): pantry staff and up place an order at one of their pantries
//! for a household of its food bank, by phone or at the counter. It is the shopper's Place Order
//! in the same transaction (stock, per-item and order-size limits counted over the household's
//! orders and visits, the time's places, TEFAP food by the household's decision), under the
//! household's app account or else its phone-only account (`Write::order_account`), marked with
//! who placed it. An `Idempotency-Key` answers a double click with the first order.
use super::{
    Error, Result,
    submit::{self, Behalf, Notify},
};
use crate::{
    db::repo::{accounts::ShopperContact, phone_orders::OrderAccount},
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError},
        messages,
        staff::PantryStaff,
        tefap::recertification_due,
        time::local_today,
    },
    model::{
        households::{PhoneOrderSheet, VisitItem},
        orders::{Idempotency, OrderSubmission, OrderSubmissionItem},
    },
    service::{Context, households, shop::Site, staff::Staff},
};

/// The most units of one item a phone order's form takes (the API's line limit is the shopper's).
const MAX_UNITS: i64 = 999;

/// The phone order form as posted: `slot` (`pickup-<time id>` at the pantry, or
/// `delivery-<window id>` to the household's address) and `units.<stock row id>` per item.
#[derive(Debug, Clone, Default)]
pub struct PhoneOrderForm {
    pub slot: String,
    pub lines: Vec<(String, String)>,
}

impl PhoneOrderForm {
    /// The submission (a pickup at `pantry`, or a delivery) the form asks for, or what is wrong
    /// at its fields.
    pub fn submission(&self, pantry: Id) -> std::result::Result<OrderSubmission, Vec<FieldError>> {
        let mut errors = Vec::new();
        let id =
            |prefix: &str| self.slot.trim().strip_prefix(prefix).and_then(|n| n.parse::<Id>().ok()).filter(|n| *n > 0);
        let (pickup_time, delivery_time) = (id("pickup-"), id("delivery-"));
        if pickup_time.is_none() && delivery_time.is_none() {
            errors.push(FieldError::new("slot", FieldCode::Required, "Choose a pickup time."));
        }
        let mut items: Vec<OrderSubmissionItem> = Vec::new();
        for (item, units) in &self.lines {
            let units = units.trim();
            if units.is_empty() || units == "0" {
                continue;
            }
            match (item.trim().parse::<Id>(), units.parse::<i64>()) {
                (Ok(id), Ok(n)) if (1..=MAX_UNITS).contains(&n) => match items
                    .iter_mut()
                    .find(|i| i.inventory_item_id == id)
                {
                    Some(line) => line.quantity += n,
                    None => {
                        items.push(OrderSubmissionItem { inventory_item_id: id, is_substitute_ok: false, quantity: n })
                    }
                },
                _ => errors.push(FieldError::new(
                    "units",
                    FieldCode::OutOfRange,
                    format!("Enter a whole number from 0 to {MAX_UNITS}."),
                )),
            }
        }
        if errors.is_empty() && items.is_empty() {
            errors.push(FieldError::new("units", FieldCode::Required, "Choose at least one item."));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        items.sort_by_key(|i| i.inventory_item_id);
        Ok(OrderSubmission {
            pantry_location_id: pickup_time.map(|_| pantry),
            pickup_time_id: pickup_time,
            delivery_time_id: delivery_time,
            address_id: None,
            items,
        })
    }
}

/// Places `submission` (a pickup at one of the caller's pantries, or a delivery by the household's
/// food bank to its record's address) for the household; `notify`:
/// the household wants the confirmation (by its profile's choices when it has an app account,
/// else by text and e-mail to what its record keeps). The new order's id.
pub async fn place(
    state: &Context,
    staff: &Staff<PantryStaff>,
    household_id: Id,
    submission: &OrderSubmission,
    notify: bool,
    idempotency_key: Option<String>,
) -> Result<Id> {
    let h = households::own(state, &staff.reach, household_id).await?;
    // A pickup at a pantry of the caller's, of the household's food bank (its staff vouch for the
    // household there), or a delivery by that food bank to the household's street.
    let (pantry, address) = match (submission.pickup_time_id, submission.delivery_time_id) {
        (Some(_), None) => {
            let pantry = submission.pantry_location_id.filter(|p| staff.reach.has_pantry(*p));
            let pantries = state.store.staff_pantries(pantry.into_iter().collect()).await?;
            let Some(pantry) = pantries.into_iter().find(|p| p.food_bank_id == h.food_bank_id) else {
                return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
            };
            (Some(pantry.id), None)
        }
        (None, Some(_)) if submission.pantry_location_id.is_none() => {
            let Some(address) = state.store.household_address(&h).await? else {
                return Err(Error::fields(vec![FieldError::new(
                    "slot",
                    FieldCode::Required,
                    "A delivery needs the household's street address, in a ZIP code the app knows.",
                )]));
            };
            (None, Some(address))
        }
        _ => return Err(Error::refused(&messages::INVALID_PICKUP_TIME)),
    };
    let idempotency = idempotency_key.map(|key| Idempotency { key, fingerprint: submission.fingerprint() });
    let idem = idempotency.as_ref();
    let now = state.clock.now();
    let (h, staff_id, address) = (&h, staff.user_id, &address);
    let placed = state.store.write(|txn| async move {
        let account = txn.order_account(h, now).await?;
        let notify = match (notify, account) {
            (false, _) => Notify::Not,
            (true, OrderAccount::App(_)) => Notify::Profile,
            (true, OrderAccount::PhoneOnly(_)) => Notify::To(ShopperContact {
                first_name: h.first_name.clone(),
                email: h.email.clone().unwrap_or_default(),
                language: h.language.clone(),
                email_allowed: h.email.is_some(),
                texts_allowed: h.phone.is_some(),
                phone_number: h.phone.clone(),
            }),
        };
        let address = address.clone();
        let behalf = Behalf { staff_id, pantry, food_bank_id: h.food_bank_id, address, notify };
        let id = submit::place(&txn, state.channels(), account.id(), submission, idem, Some(&behalf), now).await?;
        Ok::<_, Error>(id)
    });
    // The household's row is locked first (`order_account`), so a second click waits for the
    // first and then finds its key: no race past the look-up.
    let id = placed.await?;
    state.mail_written.notify_one();
    Ok(id)
}

/// The phone order form of the household at `pantry` (one of the caller's, at the household's
/// food bank): its name and where a confirmation goes, the pantry's pickup times still open (and
/// the food bank's delivery windows, when the household has a street to deliver to), the pantry's
/// stock on hand, and a fresh key. Opening it is a look at the household, in the audit log.
/// With `window` (one of those windows), the form is for a delivery in it, with its stock.
pub async fn sheet(
    state: &Context,
    staff: &Staff<PantryStaff>,
    household_id: Id,
    pantry: Id,
    window: Option<Id>,
) -> Result<PhoneOrderSheet> {
    let h = households::own(state, &staff.reach, household_id).await?;
    let place = staff.reach.has_pantry(pantry).then_some(pantry);
    let pantries = state.store.staff_pantries(place.into_iter().collect()).await?;
    let Some(pantry) = pantries.into_iter().find(|p| p.food_bank_id == h.food_bank_id) else {
        return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
    };
    let now = state.clock.now();
    let subject = format!("household:{}", h.id);
    let at = (h.food_bank_id, Some(pantry.id));
    crate::service::staff::looks::record(state, staff.user_id, at, AuditAction::HouseholdView, subject).await?;
    let months = state.store.tefap_rules(h.food_bank_id).await?.valid_months;
    let times = match crate::service::shop::pantry(state, pantry.id).await {
        Ok(p) => p.pantry_location_pickup_times,
        // A pantry not taking orders (inactive, or its food bank's ordering off) offers no time.
        Err(Error::NotFound(_)) => Vec::new(),
        Err(other) => return Err(other),
    };
    // Delivery where the household has a street the app can place and its food bank delivers.
    let windows = match state.store.household_address(&h).await? {
        Some(_) => match crate::service::shop::delivery_times(state, h.food_bank_id).await {
            Ok(windows) => windows,
            Err(Error::NotFound(_)) => Vec::new(),
            Err(other) => return Err(other),
        },
        None => Vec::new(),
    };
    let account = state.store.household_account(h.id).await?;
    let window = window.filter(|w| windows.iter().any(|x| x.id == *w));
    let items = match window {
        // As the household's account sees the window's stock: TEFAP food only with a standing decision.
        Some(w) => crate::service::shop::items(state, Site::Delivery(w), account.map(OrderAccount::id))
            .await?
            .into_iter()
            .filter(|i| i.quantity > 0)
            .map(|i| VisitItem { id: i.id, name: i.pantry_item.name, on_hand: i64::from(i.quantity) })
            .collect(),
        None => households::pantry_stock(state, pantry.id).await?,
    };
    Ok(PhoneOrderSheet {
        household_id: h.id,
        has_account: matches!(account, Some(OrderAccount::App(_))),
        phone: h.phone.clone(),
        email: h.email.clone(),
        recertification_due: recertification_due(h.tefap_decided_on, local_today(now, pantry.tz), months),
        first_name: h.first_name,
        last_name: h.last_name,
        pantry_id: pantry.id,
        pantry: pantry.label,
        times,
        windows,
        window,
        items,
        key: uuid::Uuid::new_v4().to_string(),
    })
}
