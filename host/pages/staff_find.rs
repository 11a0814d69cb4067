//! The console's search (`/staff/find?q=`), from the box in every staff page's layout: an order
//! by its number, a shopper by name or phone, of every day, at the places the caller packs for,
//! newest first. A plain GET form, so it works before JavaScript; the text stays out of logs.
use super::{LoadCtx, Loaded, Page, staff_guard::guarded};
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
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffFindPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<StaffFound>,
}

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let search = ctx.query.get("q").map(String::as_str).unwrap_or_default();
    match service::find(&ctx.state, &staff, search).await {
        Ok(found) => Loaded::ok(StaffFindPage { found: Some(found) }),
        Err(error) => {
            tracing::error!(%error, "staff search failed");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffFindPage::default())
        }
    }
}
