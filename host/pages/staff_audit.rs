//! The food bank admin's audit page (`/staff/audit`): the newest staff changes at their food
//! banks, filtered by pantry (`?pantry=`), older ones by `?before=` (an entry id).
use super::{
    LoadCtx, Loaded, Page,
    shared::row_id,
    staff_pages::{Denied, HasDenied, guarded},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_audit::AuditPage,
    service::{self as services, staff::Staff, staff_audit as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-audit",
    patterns: &["/staff/audit"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffAuditPage, _, _, _>(ctx, load),
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffAuditPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<AuditPage>,
}

impl HasDenied for StaffAuditPage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let pantry = ctx.query.get("pantry").and_then(|p| row_id(p));
    let before = ctx.query.get("before").and_then(|b| row_id(b));
    match service::page(&ctx.state, &admin, pantry, before).await {
        Ok(audit) => Loaded::ok(StaffAuditPage { denied: None, audit: Some(audit) }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "audit page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffAuditPage::default())
        }
    }
}
