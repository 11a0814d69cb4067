//! The staff pages' guard and frame. Every staff page's loader and action run through
//! [`guarded`] (or [`guarded_at`], for a page that works on one pantry) and [`guarded_action`]:
//! the session's account as [`Staff<R>`], the role marker `R` being the access the page states,
//! by the staff sides' one guard (`Staff::admit`, which the API and downloads use too); refused,
//! the console's one "not allowed" page (`Loaded.denied`) with 401, 403 or 503. A page the guard lets
//! through also gets the console frame (`model::staff_console::Console`) the app's StaffLayout
//! draws around it: the navigation the caller's grants open, the pantry switcher and the search.
use super::{Acted, ActionCtx, ActionFuture, LoadCtx, LoadFuture, Loaded};
use crate::{
    domain::{
        Id,
        staff::{Access, Needs},
    },
    model::staff_console::Console,
    service::{
        self as services,
        staff::{Staff, Who, caller::Refusal, console},
    },
};
use serde::Serialize;
use std::future::Future;
use utoipa::ToSchema;

/// Why a staff page shows nothing but the console's "not allowed" page, which the app's
/// StaffLayout draws in place of the page: the staff sides' one [`Refusal`], as a code.
#[derive(Serialize, ToSchema, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum Denied {
    SignIn,
    StaffOnly,
    AdminOnly,
    Unavailable,
    SecondFactor,
}

impl From<Refusal> for Denied {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::SignIn => Denied::SignIn,
            Refusal::Needs(Access::FoodBankAdmin) => Denied::AdminOnly,
            Refusal::Needs(_) => Denied::StaffOnly,
            Refusal::Unavailable => Denied::Unavailable,
            Refusal::SecondFactor => Denied::SecondFactor,
        }
    }
}

/// Runs `load` for the signed-in account as staff with `R`'s access, else the "not allowed" page
/// with 401 (signed out), 403 (no grant for it) or 503.
pub(super) fn guarded<R, F, Fut>(ctx: LoadCtx, load: F) -> LoadFuture
where
    R: Needs,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    Box::pin(run::<R, F, Fut>(ctx, load, false))
}

/// [`guarded`] for a page that works on one pantry (`?pantry=`): opened without one, it works on
/// the pantry the console chose (the person's last choice, else their first pantry).
pub(super) fn guarded_at<R, F, Fut>(ctx: LoadCtx, load: F) -> LoadFuture
where
    R: Needs,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    Box::pin(run::<R, F, Fut>(ctx, load, true))
}

async fn run<R, F, Fut>(mut ctx: LoadCtx, load: F, at_pantry: bool) -> Loaded
where
    R: Needs,
    F: FnOnce(LoadCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Loaded> + Send + 'static,
{
    let staff = match Staff::<R>::admit(&ctx.state, who(ctx.shopper.as_ref())).await {
        Ok(staff) => staff,
        Err(refusal) => return Loaded::denied(refusal),
    };
    let asked =
        id_param(&ctx.params, "pantryId").or_else(|| ctx.query.get("pantry").and_then(|p| super::shared::row_id(p)));
    let console = match console::console(&ctx.state, staff.user_id, asked).await {
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

/// Runs a form's action for the signed-in account as staff with `R`'s access; signed out, the
/// login page and back; without the grant, 403.
pub(super) fn guarded_action<R, F, Fut>(ctx: ActionCtx, act: F) -> ActionFuture
where
    R: Needs,
    F: FnOnce(ActionCtx, Staff<R>) -> Fut + Send + 'static,
    Fut: Future<Output = Acted> + Send + 'static,
{
    Box::pin(async move {
        match Staff::<R>::admit(&ctx.state, who(ctx.shopper.as_ref())).await {
            Ok(staff) => act(ctx, staff).await,
            Err(Refusal::SignIn) => Acted::to("/account/login?returnTo=%2Fstaff"),
            Err(refusal) => Acted::refused(services::Error::from(refusal)),
        }
    })
}

/// The page's signed-in account and session, as the guard asks for them.
fn who(shopper: Option<&super::Shopper>) -> Option<Who<'_>> {
    shopper.map(|s| Who { user_id: s.id, session: Some(&s.session) })
}

pub(super) fn id_param(params: &std::collections::HashMap<String, String>, name: &str) -> Option<Id> {
    params.get(name).and_then(|s| super::shared::row_id(s))
}

impl Loaded {
    /// The console's "not allowed" page, with the status the refusal answers everywhere.
    fn denied(refusal: Refusal) -> Self {
        let status = super::failure_status(&services::Error::from(refusal), "staff");
        Self { denied: Some(refusal.into()), ..Self::with_status(status, super::EmptyPage {}) }
    }

    /// The page drawn in the staff console's frame.
    fn framed(mut self, console: Option<Console>) -> Self {
        self.console = console.map(|c| serde_json::value::to_raw_value(&c).expect("the console frame serializes"));
        self
    }
}
