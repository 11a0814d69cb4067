//! Placing an order: the checks of `domain::submission` against the stored facts, in the
//! writing transaction, then the order, its lines and the stock they take.
use super::*;

/// The pickup or delivery the submission names, with the facts to check it against.
pub(super) struct Slot {
    pub(super) pantry: Option<shopping::PantryFacts>,
    pub(super) pickup: Option<crate::domain::pickup::PickupTime>,
    pub(super) delivery: Option<shopping::DeliveryFacts>,
}

pub(super) async fn submit_in(
    c: &DatabaseTransaction,
    user_id: Id,
    sub: &OrderSubmission,
    idem: Option<&Idempotency>,
    now: DateTime<Utc>,
) -> Step<Id> {
    lock_user(c, user_id).await?;
    if let Some(idem) = idem {
        match earlier_order(c, user_id, idem, now).await? {
            Some(Ok(id)) => return Ok(id),
            Some(Err(refused)) => return Err(Fail::Refused(refused)),
            None => release_expired_key(c, user_id, &idem.key, now).await?,
        }
    }
    let slot = Slot {
        pantry: match sub.pantry_location_id {
            Some(id) => shopping::pantry_facts(c, id).await?,
            None => None,
        },
        pickup: match sub.pickup_time_id {
            Some(id) => shopping::pickup_time(c, id).await?,
            None => None,
        },
        delivery: match sub.delivery_time_id {
            Some(id) => shopping::delivery_facts(c, id).await?,
            None => None,
        },
    };
    // Only a pickup (pantry + time) or a delivery (time alone) has a shop to load; any
    // other shape is refused by `check_order` before it looks at the shop.
    let shop = match (&slot.pantry, &slot.pickup, &slot.delivery) {
        (Some(p), Some(_), None) => shopping::pickup_shop(c, p, Some(user_id)).await?,
        (None, None, Some(d)) => shopping::delivery_shop(c, d, Some(user_id)).await?,
        _ => empty_shop(),
    };
    let grants = access_grants(c, user_id).await?;
    let cart: Vec<CartLine> =
        sub.items.iter().map(|i| CartLine { inventory_item_id: i.inventory_item_id, quantity: i.quantity }).collect();
    let stock = check(&slot, &cart, &shop, &grants, now)?;
    check_orders_per_period(c, user_id, &slot, shop.tz, now).await?;
    check_questions_answered(c, user_id, &slot, now).await?;

    let address = match &slot.delivery {
        Some(_) => {
            let id = sub.address_id.ok_or_else(|| rule(&messages::DELIVERY_ADDRESS_REQUIRED))?;
            Some((id, address_snapshot(c, user_id, id).await?.ok_or_else(|| not_found(&messages::ADDRESS_NOT_FOUND))?))
        }
        None => None,
    };

    let deltas: BTreeMap<Id, i64> = stock.iter().map(|l| (l.inventory_item_id, -l.quantity)).collect();
    move_stock(c, &deltas, now).await?;

    let food_bank_id = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => p.pantry.food_bank_id,
        (None, Some(d)) => d.time.food_bank_id,
        (None, None) => return Err(rule(&messages::INVALID_PICKUP_TIME)),
    };
    let snapshot = match &address {
        Some((_, a)) => Some(
            serde_json::to_value(StoredSnapshot::from(a.clone()))
                .map_err(|e| Fail::Store(StoreError::Db(DbErr::Json(e.to_string()))))?,
        ),
        None => None,
    };
    let order_id = order::Entity::insert(order::ActiveModel {
        id: NotSet,
        user_id: Set(user_id),
        food_bank_id: Set(food_bank_id),
        pantry_location_id: Set(slot.pantry.as_ref().map(|p| p.pantry.id)),
        pickup_time_id: Set(slot.pickup.as_ref().map(|t| t.id)),
        delivery_time_id: Set(slot.delivery.as_ref().map(|d| d.time.id)),
        saved_address_id: Set(address.as_ref().map(|(id, _)| *id)),
        delivery_address: Set(snapshot),
        status_type_id: Set(StatusType::Submitted.id()),
        idempotency_key: Set(idem.map(|i| i.key.clone())),
        request_fingerprint: Set(idem.map(|i| i.fingerprint.clone())),
        created_at: Set(now),
        updated_at: Set(now),
        cancelled_at: Set(None),
        cancel_reason: Set(None),
    })
    .exec(c)
    .await?
    .last_insert_id;

    let rows = inventory_item::Entity::find()
        .filter(inventory_item::Column::Id.is_in(stock.iter().map(|l| l.inventory_item_id)))
        .all(c)
        .await?;
    let by_id: HashMap<Id, &inventory_item::Model> = rows.iter().map(|r| (r.id, r)).collect();
    let mut lines = Vec::with_capacity(stock.len());
    for l in &stock {
        let item = by_id.get(&l.inventory_item_id).ok_or_else(|| rule(&messages::NO_AVAILABLE_STOCK))?;
        lines.push(order_item::ActiveModel {
            id: NotSet,
            order_id: Set(order_id),
            inventory_item_id: Set(item.id),
            pantry_item_id: Set(item.pantry_item_id),
            quantity: Set(i32::try_from(l.quantity).map_err(|_| rule(&messages::INVENTORY_EXCEEDED))?),
            weight_pounds: Set(item.weight_pounds),
            is_substitute_ok: Set(sub
                .items
                .iter()
                .any(|i| i.inventory_item_id == l.inventory_item_id && i.is_substitute_ok)),
            packed_quantity: Set(None),
        });
    }
    order_item::Entity::insert_many(lines).exec(c).await?;
    super::super::staff_orders::record_event(c, order_id, None, StatusType::Submitted, Some(user_id), None, now)
        .await?;
    Ok(order_id)
}

pub(super) fn empty_shop() -> ShopFacts {
    ShopFacts {
        inventory: Vec::new(),
        past_orders: Vec::new(),
        order_limits: Vec::new(),
        tefap_eligible: false,
        tz: chrono_tz::UTC,
    }
}

/// The ORDER-type limits (orders per day/week/month/account at this pantry, program
/// or food bank), checked inside the submission transaction so two quick orders
/// cannot both slip under the limit.
pub(super) async fn check_orders_per_period(
    c: &DatabaseTransaction,
    user_id: Id,
    slot: &Slot,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Step<()> {
    let site = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => OrderSite::Pickup(&p.pantry),
        (None, Some(d)) => OrderSite::Delivery(&d.time),
        (None, None) => return Ok(()),
    };
    let verdict = shopping::order_limit_check(c, user_id, site, tz, now).await?;
    match verdict.refusal {
        None => Ok(()),
        Some(refusal) => Err(rule(refusal)),
    }
}

/// The checkout's eligibility screening and survey (`domain::checkout_questions`), read in the
/// submission transaction: an order cannot skip what the checkout asks.
pub(super) async fn check_questions_answered(
    c: &DatabaseTransaction,
    user_id: Id,
    slot: &Slot,
    now: DateTime<Utc>,
) -> Step<()> {
    let food_bank_id = match (&slot.pantry, &slot.delivery) {
        (Some(p), _) => p.pantry.food_bank_id,
        (None, Some(d)) => d.time.food_bank_id,
        (None, None) => return Ok(()),
    };
    let facts = survey::checkout_question_facts(c, user_id, food_bank_id).await?;
    match due_step(&facts, now) {
        Some(due) => Err(Fail::Refused(OrderRefused::Unanswered(due))),
        None => Ok(()),
    }
}

/// `domain::submission::check_order` over the loaded facts: the stock to take.
pub(super) fn check(
    slot: &Slot,
    cart: &[CartLine],
    shop: &ShopFacts,
    grants: &AccessGrants,
    now: DateTime<Utc>,
) -> Step<Vec<CartLine>> {
    let request = OrderRequest {
        pantry: slot.pantry.as_ref().map(|p| &p.pantry),
        pickup_time: slot.pickup.as_ref(),
        delivery_time: slot.delivery.as_ref().map(|d| &d.time),
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
    let mut stock = check_order(&request).map_err(refusal)?;
    stock.sort_by_key(|l| l.inventory_item_id);
    Ok(stock)
}

/// The user's saved address as the order keeps it; `None` if it is not theirs.
pub(super) async fn address_snapshot<C: ConnectionTrait>(
    c: &C,
    user_id: Id,
    saved_id: Id,
) -> StoreResult<Option<SnapshotRow>> {
    let Some(saved) =
        saved_address::Entity::find_by_id(saved_id).filter(saved_address::Column::UserId.eq(user_id)).one(c).await?
    else {
        return Ok(None);
    };
    let Some(a) = address::Entity::find_by_id(saved.address_id).one(c).await? else { return Ok(None) };
    let province =
        province::Entity::find_by_id(a.province_id).one(c).await?.map(|p| p.abbreviation).unwrap_or_default();
    Ok(Some(SnapshotRow {
        name: saved.name,
        address_line1: a.address_line1,
        address_line2: a.address_line2,
        city: a.city,
        province,
        postal_code: a.postal_code,
        country_code: Some(a.country_code),
    }))
}
