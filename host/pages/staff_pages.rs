//! The staff side's order pages (`../shared/spec/staff-side.md`): the day's queue of a pantry
//! (`/staff/orders?pantry=`, `/staff/pantries/{id}`) with its bulk actions, an order at the packing
//! table (`/staff/orders/{id}`) and check-in (`/staff/check-in`). They are personal: rendered from
//! the session cookie, never cached. Each loader and action states who may call it by the role
//! marker of its [`Staff`] argument, which the staff guard resolves from the cookie (signed out:
//! 401, no such grant: 403). Their forms post to the page's own URL with the form token
//! (`http::forms`), so they work before JavaScript.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_guard::{guarded, guarded_action, guarded_at, id_param},
};
use crate::{
    domain::{
        Id, messages,
        order_states::StaffAction,
        staff::{PantryStaff, Volunteer},
    },
    model::staff::{QueueOrder, StaffOrder, StaffQueue},
    service::{
        self as services,
        staff::{Staff, queue as service},
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const QUEUE: Page = Page {
    id: "staff-queue",
    patterns: &["/staff/orders", "/staff/pantries/{pantryId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, queue),
    action: Some(|ctx| guarded_action(ctx, queue_action)),
};

pub const ORDER: Page = Page {
    id: "staff-order",
    patterns: &["/staff/orders/{orderId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, order),
    action: Some(|ctx| guarded_action(ctx, order_action)),
};

pub const CHECK_IN: Page = Page {
    id: "staff-check-in",
    patterns: &["/staff/check-in"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, check_in),
    action: Some(|ctx| guarded_action(ctx, check_in_action)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffQueuePage {
    #[serde(skip_serializing_if = "Option::is_none")]
    queue: Option<StaffQueue>,
    /// What the last bulk action did, after its redirect.
    #[serde(skip_serializing_if = "Option::is_none")]
    bulk: Option<BulkReport>,
}

/// A bulk action's outcome as the queue reports it: how many changed, and the orders that did
/// not, as they are now (a cancelled one shows Cancelled).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkReport {
    action: StaffAction,
    done: usize,
    refused: Vec<QueueOrder>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrderPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<StaffOrder>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffCheckInPage {
    /// The search typed (a number or a name), and its matches.
    search: Option<String>,
    matches: Vec<QueueOrder>,
    /// The order just handed over (its number), shown as the confirmation above an empty search.
    #[serde(skip_serializing_if = "Option::is_none")]
    checked_in: Option<Id>,
}
async fn queue(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let pantry = id_param(&ctx.params, "pantryId").or_else(|| id_param(&ctx.query, "pantry"));
    let date = ctx.query.get("date").and_then(|d| d.parse().ok());
    let from = ctx.query.get("from").and_then(|t| chrono::NaiveTime::parse_from_str(t, "%H:%M").ok());
    let queue = match service::queue(&ctx.state, &staff, pantry, date, from).await {
        Ok(queue) => queue,
        Err(services::Error::NotFound(_)) => return Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "staff queue not loaded");
            return Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffQueuePage::default());
        }
    };
    let bulk = match bulk_report(&ctx, &staff).await {
        Ok(bulk) => bulk,
        Err(error) => {
            tracing::error!(%error, "bulk report not loaded");
            None
        }
    };
    Loaded::ok(StaffQueuePage { queue: Some(queue), bulk })
}

/// Order numbers as the queue's addresses carry them: hexadecimal, comma-separated.
fn numbers(list: &str) -> Vec<Id> {
    list.split(',').filter_map(|n| Id::from_str_radix(n.trim(), 16).ok()).collect()
}

async fn bulk_report(ctx: &LoadCtx, staff: &Staff<PantryStaff>) -> services::Result<Option<BulkReport>> {
    let Some(action) = ctx.query.get("did").and_then(|a| StaffAction::from_code(a)) else { return Ok(None) };
    let done = ctx.query.get("done").map(|d| numbers(d).len()).unwrap_or(0);
    let refused = numbers(ctx.query.get("refused").map_or("", String::as_str));
    let refused = service::listed(&ctx.state, staff, refused).await?;
    Ok(Some(BulkReport { action, done, refused }))
}

/// The queue's bulk form: `do` (startPacking or markReady) on the ticked `order`s, or on every
/// order of one pickup time (`do` "markReady@p:HH:MM") or delivery window ("@d:HH:MM") of the
/// `pantry`'s `date`. Back to the queue with what changed and what did not. `do` "print" opens the
/// ticked orders' packing slips (the pick list of those orders alone).
async fn queue_action(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let form = &ctx.form;
    let hex = |ids: &[Id]| ids.iter().map(|id| format!("{id:X}")).collect::<Vec<_>>().join(",");
    if form.text("do") == "print" {
        let ids: Vec<Id> = form.all("order").filter_map(super::shared::row_id).collect();
        if ids.is_empty() {
            return Acted::refused(services::Error::refused(&messages::NOTHING_CHOSEN));
        }
        let (pantry, date) = (form.text("pantry"), form.text("date"));
        return Acted::to(format!("/staff/pick-list?pantry={pantry}&date={date}&orders={}", hex(&ids)));
    }
    // `do` is the action, or the action on a whole time: "markReady@p:10:00".
    let (action, group) = form.text("do").split_once('@').unwrap_or((form.text("do"), ""));
    let Some(action) = StaffAction::from_code(action) else {
        return Acted::refused(services::Error::refused(&messages::ORDER_STATE_CHANGE_NOT_ALLOWED));
    };
    let Some(pantry) = super::shared::row_id(form.text("pantry")) else {
        return Acted::refused(services::Error::not_found(&messages::PANTRY_NOT_FOUND));
    };
    let date: Option<chrono::NaiveDate> = form.text("date").parse().ok();
    let group = group
        .split_once(':')
        .and_then(|(site, starts)| Some((site == "d", chrono::NaiveTime::parse_from_str(starts, "%H:%M").ok()?)));
    let ids: Vec<Id> = match (group, date) {
        (Some((delivery, starts)), Some(date)) => {
            match service::group_orders(&ctx.state, &staff, pantry, date, delivery, starts).await {
                Ok(ids) => ids,
                Err(error) => return Acted::refused(error),
            }
        }
        _ => form.all("order").filter_map(super::shared::row_id).collect(),
    };
    if ids.is_empty() {
        return Acted::refused(services::Error::refused(&messages::NOTHING_CHOSEN));
    }
    let bulk = match service::act_many(&ctx.state, &staff, &ids, action).await {
        Ok(bulk) => bulk,
        Err(error) => return Acted::refused(error),
    };
    let date = date.map(|d| format!("&date={d}")).unwrap_or_default();
    Acted::to(format!(
        "/staff/orders?pantry={pantry}{date}&did={}&done={}&refused={}",
        action.code(),
        hex(&bulk.done),
        hex(&bulk.refused)
    ))
}

async fn order(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let Some(id) = id_param(&ctx.params, "orderId") else { return Loaded::not_found() };
    match service::order(&ctx.state, &staff, id).await {
        Ok(order) => Loaded::ok(StaffOrderPage { order: Some(order) }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "staff order not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffOrderPage::default())
        }
    }
}

/// The order page's buttons: `intent` is the action (`startPacking`, ... `cancel` with `reason`),
/// or `short` with `line` and `packed`.
async fn order_action(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let Some(id) = id_param(&ctx.params, "orderId") else {
        return Acted::refused(services::Error::not_found(&messages::ORDER_NOT_FOUND));
    };
    let intent = ctx.form.text("intent");
    let done = if intent == "short" {
        let line = ctx.form.text("line").parse::<Id>().unwrap_or_default();
        let Ok(packed) = ctx.form.text("packed").trim().parse::<i32>() else {
            return Acted::refused(services::Error::Invalid("The packed quantity must be a whole number.".into()));
        };
        service::short_line(&ctx.state, &staff, id, line, packed).await
    } else {
        let Some(action) = StaffAction::from_code(intent) else {
            return Acted::refused(services::Error::Invalid("Unknown action.".into()));
        };
        service::act(&ctx.state, &staff, id, action, ctx.form.optional("reason").as_deref()).await
    };
    match done {
        Ok(_) => Acted::to(format!("/staff/orders/{id}")),
        Err(error) => Acted::refused(error).keeping(vec![("reason", ctx.form.text("reason").to_owned())]),
    }
}

async fn check_in(ctx: LoadCtx, staff: Staff<Volunteer>) -> Loaded {
    // Posted (`find`), never in the address: a name is personal data.
    let search = ctx.posted.get("search").map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    // After a hand-over: that order alone, as the confirmation, and the search empty for the next.
    let checked_in = ctx.query.get("done").and_then(|d| Id::from_str_radix(d.trim(), 16).ok());
    let looked_up = search.clone().or_else(|| checked_in.map(|id| format!("{id:X}")));
    let matches = match &looked_up {
        Some(s) => match service::find(&ctx.state, &staff, s).await {
            Ok(found) => found.into_iter().filter(|o| checked_in.is_none_or(|id| o.id == id)).collect(),
            Err(error) => {
                tracing::error!(%error, "check-in look-up failed");
                return Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffCheckInPage::default());
            }
        },
        None => Vec::new(),
    };
    let checked_in = checked_in.filter(|id| matches.iter().any(|o| o.id == *id));
    Loaded::ok(StaffCheckInPage { search, matches, checked_in })
}

/// Check In from the check-in screen: the order in the `order` field is handed over, and the
/// screen shows it by its number, now picked up, as the volunteer's confirmation, with the search
/// empty and ready for the next shopper.
async fn check_in_action(ctx: ActionCtx, staff: Staff<Volunteer>) -> Acted {
    if ctx.form.text("intent") == "find" {
        return Acted::show(vec![("search", ctx.form.text("search").to_owned())]);
    }
    let Some(id) = super::shared::row_id(ctx.form.text("order")) else {
        return Acted::refused(services::Error::not_found(&messages::ORDER_NOT_FOUND));
    };
    match service::check_in(&ctx.state, &staff, id).await {
        Ok(_) => Acted::to(format!("/staff/check-in?done={id:X}")),
        Err(error) => Acted::refused(error),
    }
}

#[cfg(test)]
mod tests {
    use crate::pages::PageTable;

    #[test]
    fn staff_pages_resolve_and_are_never_public() {
        let table = PageTable::default();
        for (path, id) in [
            ("/staff/orders", "staff-queue"),
            ("/staff/pantries/3", "staff-queue"),
            ("/staff/orders/12", "staff-order"),
            ("/staff/check-in", "staff-check-in"),
        ] {
            let (page, _) = table.resolve(path);
            assert_eq!((page.id, page.public), (id, false), "{path}");
        }
    }
}
