//! The food bank admin's audit page (`/staff/audit`): the newest staff changes at their food
//! banks, filtered by pantry (`?pantry=`), person (`?person=`, an account id), kind of change
//! (`?action=`) and days (`?from=`, `?to=`, YYYY-MM-DD), older ones by `?before=` (an entry id).
//! The filter is a GET form, so it works without JavaScript; `/staff/audit.csv` with the same
//! query downloads the filtered entries. A bad filter is the page again, 422, the field marked.
use super::{LoadCtx, Loaded, Page, shared::row_id, staff_guard::guarded};
use crate::{
    domain::{
        forms::{FieldCode, FieldError},
        staff::FoodBankAdmin,
    },
    model::staff_audit::AuditPage,
    service::{self as services, staff::Staff, staff::audit as service},
};
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Serialize;
use std::collections::HashMap;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-audit",
    patterns: &["/staff/audit"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: None,
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffAuditPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    audit: Option<AuditPage>,
    /// The filter's fields that are wrong (`pantry`, `person`, `action`, `from`, `to`); the page
    /// then lists nothing.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    invalid: Vec<String>,
    /// The filter as given, to show again beside its errors.
    #[serde(skip_serializing_if = "HashMap::is_empty")]
    values: HashMap<String, String>,
}

/// The filter of a query (the page's and the CSV's), or the fields that are not what they say.
pub fn ask_of(query: &HashMap<String, String>) -> Result<service::AuditAsk, Vec<FieldError>> {
    let mut errors = Vec::new();
    let given = |key: &str| query.get(key).map(|v| v.trim()).filter(|v| !v.is_empty());
    let mut id = |key: &'static str| match given(key) {
        None => None,
        Some(v) => row_id(v).or_else(|| {
            errors.push(FieldError::new(key, FieldCode::Choice, "Choose one from the list."));
            None
        }),
    };
    let (pantry, person) = (id("pantry"), id("person"));
    let mut day = |key: &'static str| match given(key) {
        None => None,
        Some(v) => NaiveDate::parse_from_str(v, "%Y-%m-%d").ok().or_else(|| {
            errors.push(FieldError::new(key, FieldCode::Required, "Enter a date as YYYY-MM-DD."));
            None
        }),
    };
    let (from, to) = (day("from"), day("to"));
    let action = given("action").map(str::to_owned);
    if errors.is_empty() { Ok(service::AuditAsk { pantry, person, action, from, to }) } else { Err(errors) }
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let before = ctx.query.get("before").and_then(|b| row_id(b));
    let refused = |errors: Vec<FieldError>| {
        let values = ["pantry", "person", "action", "from", "to"]
            .into_iter()
            .filter_map(|k| ctx.query.get(k).map(|v| (k.to_owned(), v.chars().take(100).collect())))
            .collect();
        let invalid = errors.iter().map(|e| e.field.to_owned()).collect();
        Loaded::with_status(StatusCode::UNPROCESSABLE_ENTITY, StaffAuditPage { invalid, values, ..Default::default() })
    };
    let ask = match ask_of(&ctx.query) {
        Ok(ask) => ask,
        Err(errors) => return refused(errors),
    };
    match service::page(&ctx.state, &admin, &ask, before).await {
        Ok(audit) => Loaded::ok(StaffAuditPage { audit: Some(audit), ..Default::default() }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(services::Error::Fields { fields, .. }) => refused(fields),
        Err(error) => {
            tracing::error!(%error, "audit page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffAuditPage::default())
        }
    }
}
