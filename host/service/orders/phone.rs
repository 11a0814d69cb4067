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
    service::{Context, households, staff::Staff},
};

/// The most units of one item a phone order's form takes (the API's line limit is the shopper's).
const MAX_UNITS: i64 = 999;

/// The phone order form as posted: `pickupTime` (a time's id), `units.<stock row id>` per
/// item, and whether to send the household the confirmation.
#[derive(Debug, Clone, Default)]
pub struct PhoneOrderForm {
    pub pickup_time: String,
    pub lines: Vec<(String, String)>,
}

impl PhoneOrderForm {
    /// The submission at `pantry` the form asks for, or what is wrong at its fields.
    pub fn submission(&self, pantry: Id) -> std::result::Result<OrderSubmission, Vec<FieldError>> {
        let mut errors = Vec::new();
        let pickup_time = self.pickup_time.trim().parse::<Id>().ok().filter(|id| *id > 0);
        if pickup_time.is_none() {
            errors.push(FieldError::new("pickupTime", FieldCode::Required, "Choose a pickup time."));
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
            pantry_location_id: Some(pantry),
            pickup_time_id: pickup_time,
            delivery_time_id: None,
            address_id: None,
            items,
        })
    }
}

/// Places `submission` (a pickup at one of the caller's pantries) for the household; `notify`:
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
    // Only a pickup at a pantry of the caller's, of the household's food bank: the pantry's staff
    // vouch for the household there. Delivery needs an address the household record does not keep.
    let pantry = submission.pantry_location_id.filter(|p| staff.reach.has_pantry(*p));
    let pantries = state.store.staff_pantries(pantry.into_iter().collect()).await?;
    let Some(pantry) = pantries.into_iter().find(|p| p.food_bank_id == h.food_bank_id) else {
        return Err(Error::not_found(&messages::PANTRY_NOT_FOUND));
    };
    if submission.delivery_time_id.is_some() || submission.pickup_time_id.is_none() {
        return Err(Error::refused(&messages::INVALID_PICKUP_TIME));
    }
    let idempotency = idempotency_key.map(|key| Idempotency { key, fingerprint: submission.fingerprint() });
    let idem = idempotency.as_ref();
    let now = state.clock.now();
    let (h, staff_id, pantry) = (&h, staff.user_id, pantry.id);
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
        let behalf = Behalf { staff_id, pantry, food_bank_id: h.food_bank_id, notify };
        let id = submit::place(&txn, state.channels(), account.id(), submission, idem, Some(&behalf), now).await?;
        Ok::<_, Error>((account, id))
    });
    // The household's row is locked first (`order_account`), so a second click waits for the
    // first and then finds its key: no race past the look-up.
    let (_, id) = placed.await?;
    state.mail_written.notify_one();
    Ok(id)
}

/// The phone order form of the household at `pantry` (one of the caller's, at the household's
/// food bank): its name and where a confirmation goes, the pantry's pickup times still open and
/// its stock on hand, and a fresh key. Opening it is a look at the household, in the audit log.
pub async fn sheet(
    state: &Context,
    staff: &Staff<PantryStaff>,
    household_id: Id,
    pantry: Id,
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
    let items = state
        .store
        .stock_rows(pantry.id, None)
        .await?
        .into_iter()
        .filter(|r| r.is_active && r.quantity > 0)
        .map(|r| VisitItem { id: r.id, name: r.product, on_hand: r.quantity })
        .collect();
    Ok(PhoneOrderSheet {
        household_id: h.id,
        has_account: state.store.has_app_account(h.id).await?,
        phone: h.phone.clone(),
        email: h.email.clone(),
        recertification_due: recertification_due(h.tefap_decided_on, local_today(now, pantry.tz), months),
        first_name: h.first_name,
        last_name: h.last_name,
        pantry_id: pantry.id,
        pantry: pantry.label,
        times,
        items,
        key: uuid::Uuid::new_v4().to_string(),
    })
}
