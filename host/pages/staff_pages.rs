//! The staff side's pages (`../shared/spec/staff-side.md`): its home with the day's queue (`/staff`,
//! `/staff/pantries/{id}`; every role's home links to the sections its role opens), an order at the packing table (`/staff/orders/{id}`) and check-in
//! (`/staff/check-in`). They are personal: rendered from the session cookie, never cached. Each
//! loader and action states who may call it by the role marker of its [`Staff`] argument, which
//! [`guarded`] resolves from the cookie (signed out: 401, no such grant: 403). Their forms post to
//! the page's own URL with the form token (`http::forms`), so they work before JavaScript.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    domain::{
        Id, messages,
        order_states::StaffAction,
        staff::{Needs, PantryStaff, Volunteer},
    },
    model::staff::{QueueOrder, StaffOrder, StaffQueue},
    service::{
        self as services,
        staff::{self as service, Staff},
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use std::future::Future;
use utoipa::ToSchema;

pub const QUEUE: Page = Page {
    id: "staff-queue",
    patterns: &["/staff", "/staff/pantries/{pantryId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffQueuePage, _, _, _>(ctx, queue),
    action: None,
};

pub const ORDER: Page = Page {
    id: "staff-order",
    patterns: &["/staff/orders/{orderId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffOrderPage, _, _, _>(ctx, order),
    action: Some(|ctx| guarded_action(ctx, order_action)),
};

pub const CHECK_IN: Page = Page {
    id: "staff-check-in",
    patterns: &["/staff/check-in"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffCheckInPage, _, _, _>(ctx, check_in),
    action: Some(|ctx| guarded_action(ctx, check_in_action)),
};

/// Why a staff page shows nothing: `signIn` (no session) or `staffOnly` (no grant for it).
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum Denied {
    SignIn,
    StaffOnly,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffQueuePage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    queue: Option<StaffQueue>,
    /// The staff side's sections the caller may open (`domain::staff::SECTIONS`), which the page
    /// links to. A volunteer gets these alone: the queue is for those who pack.
    sections: Vec<&'static str>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffOrderPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    order: Option<StaffOrder>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffCheckInPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    /// The search typed (a number or a name), and its matches.
    search: Option<String>,
    matches: Vec<QueueOrder>,
}

/// Runs `load` for the signed-in account as staff with `R`'s access, else the page's empty data
/// with 401 (signed out) or 403 and the reason.
pub(super) fn guarded<D, R, F, Fut>(ctx: LoadCtx, load: F) -> LoadFuture
where
    R: Needs,
    D: Serialize + Default + HasDenied,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    Box::pin(async move {
        match caller::<R>(&ctx.state, ctx.shopper).await {
            Ok(staff) => load(ctx, staff).await,
            Err(denied) => {
                let status = match denied {
                    Denied::SignIn => StatusCode::UNAUTHORIZED,
                    Denied::StaffOnly => StatusCode::FORBIDDEN,
                };
                Loaded::with_status(status, D::denied(denied))
            }
        }
    })
}

/// The denied page of each data type.
pub trait HasDenied {
    fn denied(denied: Denied) -> Self;
}
impl HasDenied for StaffQueuePage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}
impl HasDenied for StaffOrderPage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}
impl HasDenied for StaffCheckInPage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}

async fn caller<R: Needs>(state: &crate::state::AppState, shopper: Option<super::Shopper>) -> Result<Staff<R>, Denied> {
    let Some(shopper) = shopper else { return Err(Denied::SignIn) };
    match Staff::<R>::resolve(state, shopper.id).await {
        Ok(Some(staff)) => Ok(staff),
        Ok(None) => Err(Denied::StaffOnly),
        Err(error) => {
            tracing::warn!(%error, "staff page: grants not read");
            Err(Denied::StaffOnly)
        }
    }
}

/// Runs a form's action for the signed-in account as staff with `R`'s access; signed out, the
/// login page and back; without the grant, 403.
pub(super) fn guarded_action<R, F, Fut>(ctx: ActionCtx, act: F) -> ActionFuture
where
    R: Needs,
    F: FnOnce(ActionCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Acted> + Send + 'static,
{
    Box::pin(async move {
        let Some(shopper) = ctx.shopper else { return Acted::to("/account/login?returnTo=%2Fstaff") };
        match Staff::<R>::resolve(&ctx.state, shopper.id).await {
            Ok(Some(staff)) => act(ctx, staff).await,
            Ok(None) => Acted::refused(services::Error::Forbidden((&messages::STAFF_ONLY).into())),
            Err(error) => Acted::refused(error),
        }
    })
}

fn id_param(params: &std::collections::HashMap<String, String>, name: &str) -> Option<Id> {
    params.get(name).and_then(|s| super::shared::row_id(s))
}

async fn queue(ctx: LoadCtx, member: Staff<Volunteer>) -> Loaded {
    let pantry = id_param(&ctx.params, "pantryId");
    let date = ctx.query.get("date").and_then(|d| d.parse().ok());
    let search = ctx.query.get("search").map(String::as_str);
    let from = ctx.query.get("from").and_then(|t| chrono::NaiveTime::parse_from_str(t, "%H:%M").ok());
    let unavailable = |error: services::Error| {
        tracing::error!(%error, "staff queue not loaded");
        Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffQueuePage::default())
    };
    let sections = match service::sections(&ctx.state, member.user_id).await {
        Ok(sections) => sections,
        Err(error) => return unavailable(error),
    };
    let staff = match Staff::<PantryStaff>::resolve(&ctx.state, member.user_id).await {
        Ok(Some(staff)) => staff,
        // `/staff` is every role's home; a pantry's queue is for those who pack.
        Ok(None) if pantry.is_some() => {
            return Loaded::with_status(StatusCode::FORBIDDEN, StaffQueuePage::denied(Denied::StaffOnly));
        }
        Ok(None) => return Loaded::ok(StaffQueuePage { sections, ..StaffQueuePage::default() }),
        Err(error) => return unavailable(error),
    };
    match service::queue(&ctx.state, &staff, pantry, date, search, from).await {
        Ok(queue) => Loaded::ok(StaffQueuePage { denied: None, queue: Some(queue), sections }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => unavailable(error),
    }
}

async fn order(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let Some(id) = id_param(&ctx.params, "orderId") else { return Loaded::not_found() };
    match service::order(&ctx.state, &staff, id).await {
        Ok(order) => Loaded::ok(StaffOrderPage { denied: None, order: Some(order) }),
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
    let search = ctx.query.get("search").map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let matches = match &search {
        Some(s) => match service::find(&ctx.state, &staff, s).await {
            Ok(found) => found,
            Err(error) => {
                tracing::error!(%error, "check-in look-up failed");
                return Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffCheckInPage::default());
            }
        },
        None => Vec::new(),
    };
    Loaded::ok(StaffCheckInPage { denied: None, search, matches })
}

/// Check In from the check-in screen: the order in the `order` field is handed over, and the
/// screen shows it again by its number, now picked up, as the volunteer's confirmation.
async fn check_in_action(ctx: ActionCtx, staff: Staff<Volunteer>) -> Acted {
    let Some(id) = super::shared::row_id(ctx.form.text("order")) else {
        return Acted::refused(services::Error::not_found(&messages::ORDER_NOT_FOUND));
    };
    match service::check_in(&ctx.state, &staff, id).await {
        Ok(_) => Acted::to(format!("/staff/check-in?search={id:X}")),
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
            ("/staff", "staff-queue"),
            ("/staff/pantries/3", "staff-queue"),
            ("/staff/orders/12", "staff-order"),
            ("/staff/check-in", "staff-check-in"),
        ] {
            let (page, _) = table.resolve(path);
            assert_eq!((page.id, page.public), (id, false), "{path}");
        }
    }
}
