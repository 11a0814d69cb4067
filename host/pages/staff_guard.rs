//! The staff pages' one guard and frame. Every staff page's loader and action run through
//! [`guarded`] (or [`guarded_at`], for a page that works on one pantry) and [`guarded_action`]:
//! the session's account as [`Staff<R>`], the role marker `R` being the access the page states,
//! or the page's empty data with 401 (signed out) or 403 (no grant for it). A page the guard lets
//! through also gets the console frame (`model::staff_console::Console`) the app's StaffLayout
//! draws around it: the navigation the caller's grants open, the pantry switcher and the search.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded, Shopper};
use crate::{
    domain::{Id, messages, staff::Needs},
    model::staff_console::Console,
    service::{self as services, staff::Staff, staff_console},
    state::AppState,
};
use axum::http::StatusCode;
use serde::Serialize;
use std::future::Future;
use utoipa::ToSchema;

/// Why a staff page shows nothing: `signIn` (no session) or `staffOnly` (no grant for it).
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum Denied {
    SignIn,
    StaffOnly,
}

/// The denied page of each data type.
pub trait HasDenied {
    fn denied(denied: Denied) -> Self;
}

/// Runs `load` for the signed-in account as staff with `R`'s access, else the page's empty data
/// with 401 (signed out) or 403 and the reason.
pub(super) fn guarded<D, R, F, Fut>(ctx: LoadCtx, load: F) -> LoadFuture
where
    R: Needs,
    D: Serialize + HasDenied + 'static,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    Box::pin(run::<D, R, F, Fut>(ctx, load, false))
}

/// [`guarded`] for a page that works on one pantry (`?pantry=`): opened without one, it works on
/// the pantry the console chose (the person's last choice, else their first pantry).
pub(super) fn guarded_at<D, R, F, Fut>(ctx: LoadCtx, load: F) -> LoadFuture
where
    R: Needs,
    D: Serialize + HasDenied + 'static,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    Box::pin(run::<D, R, F, Fut>(ctx, load, true))
}

async fn run<D, R, F, Fut>(mut ctx: LoadCtx, load: F, at_pantry: bool) -> Loaded
where
    R: Needs,
    D: Serialize + HasDenied + 'static,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    let staff = match caller::<R>(&ctx.state, ctx.shopper).await {
        Ok(staff) => staff,
        Err(denied) => {
            let status = match denied {
                Denied::SignIn => StatusCode::UNAUTHORIZED,
                Denied::StaffOnly => StatusCode::FORBIDDEN,
            };
            return Loaded::with_status(status, D::denied(denied));
        }
    };
    let asked =
        id_param(&ctx.params, "pantryId").or_else(|| ctx.query.get("pantry").and_then(|p| super::shared::row_id(p)));
    let console = match staff_console::console(&ctx.state, staff.user_id, asked).await {
        Ok(console) => console,
        Err(error) => {
            tracing::warn!(%error, "staff page: console frame not read");
            None
        }
    };
    if at_pantry
        && asked.is_none()
        && let Some(pantry) = console.as_ref().and_then(|c| c.pantry)
    {
        ctx.query.insert("pantry".into(), pantry.to_string());
    }
    load(ctx, staff).await.framed(console)
}

async fn caller<R: Needs>(state: &AppState, shopper: Option<Shopper>) -> Result<Staff<R>, Denied> {
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

pub(super) fn id_param(params: &std::collections::HashMap<String, String>, name: &str) -> Option<Id> {
    params.get(name).and_then(|s| super::shared::row_id(s))
}

impl Loaded {
    /// The page drawn in the staff console's frame.
    fn framed(mut self, console: Option<Console>) -> Self {
        self.console = console.map(|c| serde_json::value::to_raw_value(&c).expect("the console frame serializes"));
        self
    }
}
