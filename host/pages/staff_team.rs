//! The food bank admin's team page (`/staff/team`): every grant at their food banks and pantries,
//! and a form granting a role to an e-mail (the account made and the invitation mailed when
//! needed). The form posts here with the form token; done, 303 back with `granted=` naming the
//! e-mail; refused, the page again (422 for fields, 403 for a place not theirs).
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_pages::{Denied, HasDenied, guarded, guarded_action},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_team::{NewGrant, Team},
    service::{staff::Staff, staff_team as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-team",
    patterns: &["/staff/team"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffTeamPage, _, _, _>(ctx, load),
    action: Some(|ctx| guarded_action(ctx, grant)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffTeamPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    team: Option<Team>,
    /// The e-mail just granted a role (after the form's 303).
    #[serde(skip_serializing_if = "Option::is_none")]
    granted: Option<String>,
}

impl HasDenied for StaffTeamPage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let granted = ctx.query.get("granted").map(|e| e.chars().take(254).collect());
    match service::team(&ctx.state, &admin).await {
        Ok(team) => Loaded::ok(StaffTeamPage { denied: None, team: Some(team), granted }),
        Err(error) => {
            tracing::error!(%error, "team page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffTeamPage::default())
        }
    }
}

/// The form's `place` is `foodBank-<id>` (an admin's grant) or `pantry-<id>`.
async fn grant(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let place = ctx.form.text("place");
    let id_after = |prefix: &str| place.strip_prefix(prefix).and_then(super::shared::row_id);
    let new = NewGrant {
        email: ctx.form.text("email").to_owned(),
        role: ctx.form.text("role").to_owned(),
        food_bank_id: id_after("foodBank-"),
        pantry_id: id_after("pantry-"),
    };
    let keep = vec![("email", new.email.clone()), ("role", new.role.clone()), ("place", place.to_owned())];
    match service::grant(&ctx.state, &admin, &new).await {
        Ok(done) => Acted::to(format!("/staff/team?granted={}", super::query_value(&done.email))),
        Err(error) => Acted::refused(error).keeping(keep),
    }
}
