//! The pick list page (`/staff/pick-list?pantry=…&date=…&from=…&to=…`): the day's totals per item
//! by category and one packing slip per order, made to be printed (the app's print styles), and
//! its CSV export at `/staff/pick-list.csv` with the same query (`http::downloads`). Pantry staff
//! and admins of the pantry; personal like every staff page.
use super::{LoadCtx, Loaded, Page, staff_guard::guarded_at};
use crate::{
    domain::Id,
    domain::staff::PantryStaff,
    model::pick_list::PickList,
    service::{
        self as services,
        pick_list::{self as service, PickListQuery},
        staff::Staff,
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-pick-list",
    patterns: &["/staff/pick-list"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, load),
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffPickListPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    list: Option<PickList>,
    /// The range asked for was malformed (or ended before it began): the list is the whole day's.
    invalid_range: bool,
}

/// The query's pantry, day and range, as the page and the CSV read them.
pub fn query_of(query: &HashMap<String, String>) -> PickListQuery {
    PickListQuery {
        pantry: query.get("pantry").and_then(|p| super::shared::row_id(p)),
        date: query.get("date").and_then(|d| d.parse().ok()),
        from: query.get("from").cloned(),
        to: query.get("to").cloned(),
        // Order numbers as the queue's addresses carry them: hexadecimal, comma-separated.
        orders: query
            .get("orders")
            .map(|list| list.split(',').filter_map(|n| Id::from_str_radix(n.trim(), 16).ok()).take(500).collect())
            .unwrap_or_default(),
    }
}

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let mut query = query_of(&ctx.query);
    let now = ctx.state.clock.now();
    let mut invalid_range = false;
    let mut result = service::pick_list(&ctx.state, &staff, &query, now).await;
    if let Err(services::Error::Invalid(_)) = &result {
        invalid_range = true;
        (query.from, query.to) = (None, None);
        result = service::pick_list(&ctx.state, &staff, &query, now).await;
    }
    match result {
        Ok(list) => {
            let status = if invalid_range { StatusCode::BAD_REQUEST } else { StatusCode::OK };
            Loaded::with_status(status, StaffPickListPage { list: Some(list), invalid_range })
        }
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "pick list not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffPickListPage::default())
        }
    }
}
