//! The food bank admin's settings (`/staff/settings`): each of their food banks' TEFAP rules, the
//! months a decision stands before the household recertifies and whether a walk-in visit needs
//! the household's signature. The form posts here with the form token (intent `rules`); done,
//! 303 back saying it was saved; refused, the page again with 422 and the refusal at its field.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::row_id,
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_rules::FoodBankRules,
    service::{self as services, staff::Staff, staff::rules as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-settings",
    patterns: &["/staff/settings"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffSettingsPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    food_banks: Option<Vec<FoodBankRules>>,
    /// After the form's 303.
    saved: bool,
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    match service::rules(&ctx.state, &admin).await {
        Ok(banks) => Loaded::ok(StaffSettingsPage {
            food_banks: Some(banks),
            saved: ctx.query.get("saved").is_some_and(|s| s == "rules"),
        }),
        Err(error) => {
            tracing::error!(%error, "settings page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffSettingsPage::default())
        }
    }
}

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let f = &ctx.form;
    if f.text(super::INTENT) != "rules" {
        return Acted::refused(services::Error::Invalid("Unknown form.".into()));
    }
    let bank = row_id(f.text("foodBank").trim()).unwrap_or(-1);
    let months = f.text("tefapValidMonths").to_owned();
    let inactive = f.text("inactiveAccountMonths").to_owned();
    let form = service::RulesForm {
        months: &months,
        visit_signature: f.ticked("visitSignature"),
        inactive_months: &inactive,
        require_second_factor: f.ticked("requireSecondFactor"),
    };
    match service::set_rules(&ctx.state, &admin, bank, form).await {
        Ok(()) => Acted::to("/staff/settings?saved=rules".to_owned()),
        Err(error) => Acted::refused(error).keeping(vec![
            ("tefapValidMonths", months),
            ("inactiveAccountMonths", inactive),
            ("foodBank", bank.to_string()),
        ]),
    }
}
