//! The food bank admin's referral codes (`/staff/codes`): the list with how many shoppers claimed
//! each and Expire Now, and a form making a code (typed or generated; pantries ticked one by one,
//! the whole food bank, or delivery; an expiry date, the last day it works in the food bank's time
//! zone). The forms post here with the form token (intent `create`, `expire`); done, 303 back
//! naming the code; refused, the page again with 422 and the refusals at their fields.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::row_id,
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_codes::{AdminCodes, CodeForm},
    service::{self as services, staff::Staff, staff::codes as service, staff::content::food_bank_zone},
};
use axum::http::StatusCode;
use chrono::NaiveDate;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-codes",
    patterns: &["/staff/codes"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffCodesPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    codes: Option<AdminCodes>,
    /// The code just made (after the form's 303).
    #[serde(skip_serializing_if = "Option::is_none")]
    created: Option<String>,
    /// The code just expired.
    #[serde(skip_serializing_if = "Option::is_none")]
    expired: Option<String>,
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let short = |key: &str| ctx.query.get(key).map(|c| c.chars().take(32).collect::<String>());
    match service::codes(&ctx.state, &admin).await {
        Ok(codes) => {
            Loaded::ok(StaffCodesPage { codes: Some(codes), created: short("created"), expired: short("expired") })
        }
        Err(error) => {
            tracing::error!(%error, "codes page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffCodesPage::default())
        }
    }
}

/// The last day a code works (`YYYY-MM-DD`), as the instant it stops: the next midnight in the
/// food bank's zone. A text that is no date is the earliest instant, which the rule refuses as past.
async fn expiry(ctx: &ActionCtx, admin: &Staff<FoodBankAdmin>) -> Option<chrono::DateTime<chrono::Utc>> {
    let text = ctx.form.text("expires").trim();
    if text.is_empty() {
        return None;
    }
    let Ok(day) = NaiveDate::parse_from_str(text, "%Y-%m-%d") else { return Some(chrono::DateTime::UNIX_EPOCH) };
    let zone = food_bank_zone(&ctx.state, admin).await.unwrap_or(chrono_tz::UTC);
    Some(crate::domain::time::start_of_day(day.succ_opt()?, zone))
}

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let intent = ctx.form.text(super::INTENT).to_owned();
    let state = &ctx.state;
    match intent.as_str() {
        "create" => {
            let f = &ctx.form;
            let pantry_ids: Vec<Id> = service::codes(state, &admin)
                .await
                .map(|c| c.pantries.into_iter().map(|p| p.id).filter(|id| f.ticked(&format!("pantry-{id}"))).collect())
                .unwrap_or_default();
            let form = CodeForm {
                code: f.optional("code"),
                description: f.optional("description"),
                scope: f.text("scope").to_owned(),
                pantry_ids,
                food_bank_id: None,
                expires_at: expiry(&ctx, &admin).await,
            };
            match service::create(state, &admin, &form).await {
                Ok(code) => Acted::to(format!("/staff/codes?created={}", super::query_value(&code.code))),
                Err(error) => {
                    let keep = ["code", "description", "scope", "expires"];
                    Acted::refused(error).keeping(keep.into_iter().map(|k| (k, f.text(k).to_owned())).collect())
                }
            }
        }
        "expire" => {
            let id = row_id(ctx.form.text("codeId").trim()).unwrap_or(-1);
            match service::expire(state, &admin, id).await {
                Ok(code) => Acted::to(format!("/staff/codes?expired={}", super::query_value(&code.code))),
                Err(error) => Acted::refused(error),
            }
        }
        _ => Acted::refused(services::Error::Invalid("Unknown form.".into())),
    }
}
