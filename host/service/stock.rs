//! The pantry's stock (issue 24 items 4, 5 and 7): the stock page and an item's history, stock in
//! and out with a reason, the CSV export and import (upload, preview of every row's change and
//! error, then Apply all or nothing), and the limits staff keep on an item and on the pantry's
//! order size. Pantry staff and admins, at their own pantries only (another pantry's item is
//! NotFound, like one that does not exist). Every write runs in one transaction with its stock
//! movements and its audit entry (`stock.move`, `stock.import`, `limit.set`, `limit.delete`).
use super::{Context, Error, Result, staff::Staff};
use crate::{
    db::repo::{
        Write,
        audit::AuditEntry,
        orders::StockMissing,
        stock::{ImportRow, ItemLimitRow, Moved, MovementRow, StockCause, StockPlace, StockRow},
    },
    domain::{
        Id,
        audit::AuditAction,
        forms::{FieldCode, FieldError},
        limits::{Limit, LimitKind, LimitScope, OrderSizeLimit, limit_rule},
        messages,
        refusal::RefusalKind,
        staff::PantryStaff,
        stock::{EntryRefusal, MAX_UNITS, StockEntry, StockReason},
        time::place_time,
    },
    infra::sheet::{self, SheetWriter},
    model::stock::{
        ImportApplied, ImportPreview, ImportPreviewRow, LimitRequest, OrderSizeRequest, StaffLimit, StockEntryRequest,
        StockItem, StockItemHistory, StockList, StockMovement, StockPantry,
    },
};
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};

mod csv;
pub use csv::{apply, export_csv, preview, upload};

/// The largest CSV upload.
pub const MAX_IMPORT_BYTES: usize = 5 * 1024 * 1024;
/// How long an upload waits for its Apply.
const IMPORT_KEPT: Duration = Duration::hours(2);
/// Movements an item's history shows.
const HISTORY_LEN: u64 = 200;
/// The longest "every N" of a limit.
const MAX_EVERY: i64 = 1000;

type Caller = Staff<PantryStaff>;

fn item_not_found() -> Error {
    Error::not_found(&messages::ITEM_NOT_FOUND)
}

/// The pantry asked for, or the caller's first by name; NotFound when it is not theirs.
/// The pantry asked for (or the caller's first) with the zone its times are read in, and the
/// caller's pantries.
async fn pantry_of(state: &Context, staff: &Caller, pantry: Option<Id>) -> Result<((Id, Tz), Vec<StockPantry>)> {
    let rows = state.store.staff_pantries(staff.reach.pantries.iter().copied().collect()).await?;
    let chosen = match pantry {
        Some(id) if staff.reach.has_pantry(id) => rows.iter().find(|p| p.id == id),
        Some(_) => None,
        None => rows.first(),
    };
    let chosen = chosen.map(|p| (p.id, p.tz)).ok_or_else(|| Error::not_found(&messages::PANTRY_LOCATION_NOT_FOUND))?;
    Ok((chosen, rows.into_iter().map(|p| StockPantry { id: p.id, name: p.label }).collect()))
}

/// The stock row, when it is at one of the caller's pantries.
async fn place_of(state: &Context, staff: &Caller, item_id: Id) -> Result<StockPlace> {
    match state.store.stock_place(item_id).await? {
        Some(p) if staff.reach.has_pantry(p.pantry_id) => Ok(p),
        _ => Err(item_not_found()),
    }
}

fn movement(m: MovementRow, tz: Tz) -> StockMovement {
    StockMovement {
        id: m.id,
        delta: m.delta,
        quantity_after: m.quantity_after,
        reason: m.reason,
        by: m.by,
        order_id: m.order_id,
        at: place_time(m.at, tz),
    }
}

fn staff_limit(l: &ItemLimitRow, kind: LimitKind) -> StaffLimit {
    let limit = Limit { value: l.value, scope_amount: l.every, scope: l.scope, kind };
    let message = match kind {
        LimitKind::Product => limit_rule(&limit).refusal().to_string(),
        LimitKind::Item => OrderSizeLimit::from_limits(&[limit]).message,
    };
    StaffLimit { id: l.id, value: l.value, every: l.every, scope: l.scope.code().to_owned(), message }
}

fn item(r: StockRow, tz: Tz) -> StockItem {
    StockItem {
        id: r.id,
        product_id: r.pantry_item_id,
        product: r.product,
        on_hand: r.quantity,
        held: r.held,
        low_at: r.low_at,
        is_active: r.is_active,
        last_movement: r.last.map(|m| movement(m, tz)),
        limits: r.limits.iter().map(|l| staff_limit(l, LimitKind::Product)).collect(),
    }
}

/// `/staff/stock`: the pantry's items with on hand, held and last movement.
pub async fn list(state: &Context, staff: &Caller, pantry: Option<Id>) -> Result<StockList> {
    let ((pantry_id, tz), pantries) = pantry_of(state, staff, pantry).await?;
    let items = state.store.stock_rows(pantry_id, None).await?.into_iter().map(|r| item(r, tz)).collect();
    let order_size_limit =
        state.store.pantry_order_size_limits(pantry_id).await?.first().map(|l| staff_limit(l, LimitKind::Item));
    Ok(StockList { pantries, pantry_id, order_size_limit, items })
}

/// One page of the stock list: the pantry's items whose product name contains `search`,
/// `per_page` from the `page`th (a page past the last is the last), with how many match and the
/// page it is.
pub async fn list_page(
    state: &Context,
    staff: &Caller,
    pantry: Option<Id>,
    search: Option<&str>,
    page: u64,
    per_page: u64,
) -> Result<(StockList, u64, u64)> {
    let ((pantry_id, tz), pantries) = pantry_of(state, staff, pantry).await?;
    let (rows, matching, page) = state.store.stock_page(pantry_id, search, page, per_page).await?;
    let order_size_limit =
        state.store.pantry_order_size_limits(pantry_id).await?.first().map(|l| staff_limit(l, LimitKind::Item));
    let items = rows.into_iter().map(|r| item(r, tz)).collect();
    Ok((StockList { pantries, pantry_id, order_size_limit, items }, matching, page))
}

/// `/staff/stock/{itemId}`: the item with its movements, newest first.
pub async fn history(state: &Context, staff: &Caller, item_id: Id) -> Result<StockItemHistory> {
    let place = place_of(state, staff, item_id).await?;
    let row = state.store.stock_rows(place.pantry_id, Some(item_id)).await?.pop();
    let row = row.ok_or_else(item_not_found)?;
    let movements =
        state.store.movements(item_id, HISTORY_LEN).await?.into_iter().map(|m| movement(m, place.tz)).collect();
    Ok(StockItemHistory { pantry_id: place.pantry_id, item: item(row, place.tz), movements })
}

/// Moves the stock and records the movements, in `txn`; a take that finds too little is the
/// below-zero refusal at `field`.
pub(super) async fn move_and_record(
    txn: &Write,
    deltas: &BTreeMap<Id, i64>,
    cause: StockCause,
    field: &'static str,
    now: DateTime<Utc>,
) -> Result<Vec<Moved>> {
    let moved = match txn.move_stock(deltas, now).await? {
        Ok(moved) => moved,
        Err(StockMissing::Short | StockMissing::Withdrawn) => return Err(below_zero(field)),
    };
    txn.record_movements(&moved, cause, now).await?;
    Ok(moved)
}

fn below_zero(field: &'static str) -> Error {
    Error::Fields {
        reason: (&messages::STOCK_BELOW_ZERO).into(),
        fields: vec![FieldError::new(field, FieldCode::OutOfRange, messages::STOCK_BELOW_ZERO.english)],
    }
}

/// The audit's record of an item's stock.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StockAudit {
    product: String,
    quantity: i64,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
}

/// Stock in or out with a reason: units received, damaged or given out, or a recount's count.
/// With a `key`, the same move sent again (a double click, a retry after a timeout that had
/// committed) moves nothing and answers the item as it is.
pub async fn record(
    state: &Context,
    staff: &Caller,
    item_id: Id,
    entry: &StockEntryRequest,
    key: Option<&str>,
) -> Result<StockItem> {
    let Some(reason) = StockReason::from_code(entry.reason.trim()).filter(|r| r.is_manual()) else {
        return Err(Error::fields(vec![FieldError::new(
            "reason",
            FieldCode::Choice,
            "Choose received, recount, damaged or given out.",
        )]));
    };
    let place = &place_of(state, staff, item_id).await?;
    let entry = StockEntry { reason, units: entry.units };
    let now = state.clock.now();
    state
        .store
        .write(|txn| async move {
            match key {
                Some(key) if !txn.claim_stock_move_key(staff.user_id, key, now).await? => Ok(()),
                _ => record_in(&txn, staff.user_id, place, entry, now).await,
            }
        })
        .await?;
    history(state, staff, item_id).await.map(|h| h.item)
}

async fn record_in(txn: &Write, by: Id, place: &StockPlace, entry: StockEntry, now: DateTime<Utc>) -> Result<()> {
    let on_hand = txn.lock_stock(&[place.id]).await?.get(&place.id).copied().ok_or_else(item_not_found)?;
    let delta = entry.delta(on_hand).map_err(|r| match r {
        EntryRefusal::BelowZero => below_zero("units"),
        EntryRefusal::Units | EntryRefusal::Reason => Error::fields(vec![FieldError::new(
            "units",
            FieldCode::OutOfRange,
            format!("Enter a whole number from 1 to {MAX_UNITS} (0 for a recount)."),
        )]),
    })?;
    let cause = StockCause { reason: entry.reason, by: Some(by), order_id: None };
    move_and_record(txn, &BTreeMap::from([(place.id, delta)]), cause, "units", now).await?;
    let audit = |quantity| StockAudit { product: place.product.clone(), quantity, reason: Some(entry.reason.code()) };
    let entry = AuditEntry::change(
        by,
        (place.food_bank_id, Some(place.pantry_id)),
        AuditAction::StockMove,
        format!("inventoryItem:{}", place.id),
        Some(&audit(on_hand)),
        Some(&audit(on_hand + delta)),
    );
    txn.audit(entry, now).await?;
    Ok(())
}

// --- Limits ---

/// A limit as the audit records it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LimitAudit {
    kind: &'static str,
    value: i64,
    every: i64,
    scope: &'static str,
}

fn limit_audit(l: &ItemLimitRow, kind: LimitKind) -> LimitAudit {
    let kind = if kind == LimitKind::Item { "ITEM" } else { "QUANTITY" };
    LimitAudit { kind, value: l.value, every: l.every, scope: l.scope.code() }
}

fn checked_limit(req: &LimitRequest) -> Result<(LimitScope, i64, i64)> {
    let mut errors = Vec::new();
    let scope = LimitScope::from_code(&req.scope);
    if scope.is_none() {
        errors.push(FieldError::new("scope", FieldCode::Choice, "Choose DAY, WEEK, MONTH, ORDER or ACCOUNT."));
    }
    if !(0..=MAX_UNITS).contains(&req.value) {
        errors.push(FieldError::new(
            "value",
            FieldCode::OutOfRange,
            format!("Enter a whole number from 0 to {MAX_UNITS}."),
        ));
    }
    let every = req.every.unwrap_or(1);
    if !(1..=MAX_EVERY).contains(&every) {
        errors.push(FieldError::new(
            "every",
            FieldCode::OutOfRange,
            format!("Enter a whole number from 1 to {MAX_EVERY}."),
        ));
    }
    match scope {
        Some(scope) if errors.is_empty() => Ok((scope, req.value, every)),
        _ => Err(Error::fields(errors)),
    }
}

/// Sets the item's limit of the request's scope (replacing one of that scope), as the checkout
/// enforces it from then on; the shopper's pages show it at once (the limits' cache-scope triggers).
pub async fn set_limit(state: &Context, staff: &Caller, item_id: Id, req: &LimitRequest) -> Result<StockItem> {
    let (scope, value, every) = checked_limit(req)?;
    let place = place_of(state, staff, item_id).await?;
    let now = state.clock.now();
    let place = &place;
    state
        .store
        .write(|txn| async move {
            let before = txn.set_item_limit(item_id, scope, value, every, now).await?;
            let after = ItemLimitRow { id: before.map_or(0, |b| b.id), value, every, scope };
            let entry = AuditEntry::change(
                staff.user_id,
                (place.food_bank_id, Some(place.pantry_id)),
                AuditAction::LimitSet,
                format!("inventoryItem:{item_id}"),
                before.as_ref().map(|b| limit_audit(b, LimitKind::Product)).as_ref(),
                Some(&limit_audit(&after, LimitKind::Product)),
            );
            txn.audit(entry, now).await?;
            Ok::<_, Error>(())
        })
        .await?;
    history(state, staff, item_id).await.map(|h| h.item)
}

/// Deletes one of the item's limits.
pub async fn delete_limit(state: &Context, staff: &Caller, item_id: Id, limit_id: Id) -> Result<StockItem> {
    let place = place_of(state, staff, item_id).await?;
    let now = state.clock.now();
    let place = &place;
    state
        .store
        .write(|txn| async move {
            let gone = txn.delete_staff_limit(limit_id, Some(item_id), None).await?;
            let gone = gone.ok_or_else(item_not_found)?;
            let entry = AuditEntry::change(
                staff.user_id,
                (place.food_bank_id, Some(place.pantry_id)),
                AuditAction::LimitDelete,
                format!("inventoryItem:{item_id}"),
                Some(&limit_audit(&gone, LimitKind::Product)),
                None,
            );
            txn.audit(entry, now).await?;
            Ok::<_, Error>(())
        })
        .await?;
    history(state, staff, item_id).await.map(|h| h.item)
}

/// Sets (or, with no value, removes) the pantry's order-size limit: at most that many items per order.
pub async fn set_order_size(state: &Context, staff: &Caller, pantry: Id, req: &OrderSizeRequest) -> Result<StockList> {
    let ((pantry_id, _), _) = pantry_of(state, staff, Some(pantry)).await?;
    if let Some(v) = req.value.filter(|v| !(0..=MAX_UNITS).contains(v)) {
        return Err(Error::fields(vec![FieldError::new(
            "value",
            FieldCode::OutOfRange,
            format!("Enter a whole number from 0 to {MAX_UNITS}, not {v}."),
        )]));
    }
    let food_bank = state.store.pantry_food_bank(pantry_id).await?.ok_or_else(item_not_found)?;
    let now = state.clock.now();
    state
        .store
        .write(|txn| async move {
            let subject = format!("pantry:{pantry_id}");
            let entry = match req.value {
                Some(value) => {
                    let before = txn.set_order_size_limit(pantry_id, value, now).await?;
                    let after =
                        ItemLimitRow { id: before.map_or(0, |b| b.id), value, every: 1, scope: LimitScope::Order };
                    AuditEntry::change(
                        staff.user_id,
                        (food_bank, Some(pantry_id)),
                        AuditAction::LimitSet,
                        subject,
                        before.as_ref().map(|b| limit_audit(b, LimitKind::Item)).as_ref(),
                        Some(&limit_audit(&after, LimitKind::Item)),
                    )
                }
                None => {
                    let Some(current) = txn.pantry_order_size_limits(pantry_id).await?.first().copied() else {
                        return Ok::<_, Error>(());
                    };
                    txn.delete_staff_limit(current.id, None, Some(pantry_id)).await?;
                    AuditEntry::change(
                        staff.user_id,
                        (food_bank, Some(pantry_id)),
                        AuditAction::LimitDelete,
                        subject,
                        Some(&limit_audit(&current, LimitKind::Item)),
                        None,
                    )
                }
            };
            txn.audit(entry, now).await?;
            Ok(())
        })
        .await?;
    list(state, staff, Some(pantry_id)).await
}
