//! The console's search (`/staff/find`), from the box in every staff page's layout: an order by
//! its number, a shopper by name or phone, of every day, at the places the caller packs for,
//! newest first. The box posts (`q`, with the form token) and the answer is this page showing
//! what it found: a name typed is personal data, so it is never in the address, the browser's
//! history, a referrer or a log line. It works before JavaScript.
use super::{Acted, ActionCtx, LoadCtx, Loaded, Page, staff_guard::guarded, staff_guard::guarded_action};
use crate::{
    domain::staff::PantryStaff,
    model::staff_console::StaffFound,
    service::{staff::Staff, staff::console as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-find",
    patterns: &["/staff/find"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, search)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffFindPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<StaffFound>,
}

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let search = ctx.posted.get("q").map(String::as_str).unwrap_or_default();
    match service::find(&ctx.state, &staff, search).await {
        Ok(found) => Loaded::ok(StaffFindPage { found: Some(found) }),
        Err(error) => {
            tracing::error!(%error, "staff search failed");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffFindPage::default())
        }
    }
}

/// The box's post: this page, showing what `q` finds.
async fn search(ctx: ActionCtx, _: Staff<PantryStaff>) -> Acted {
    Acted::show(vec![("q", ctx.form.text("q").to_owned())])
}
