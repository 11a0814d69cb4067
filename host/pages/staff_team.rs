//! The food bank admin's team page (`/staff/team`): every grant at their food banks and pantries,
//! a form granting a role to an e-mail (the account made and the invitation mailed when needed),
//! and per grant a form changing its role and place and one revoking it (`intent` `change` or
//! `revoke`, `grant` its id). The forms post here with the form token; done, 303 back with
//! `granted=`, `changed=` or `revoked=` naming the e-mail; refused, the page again (422 for
//! fields, 403 for a place not theirs, 404 for a grant not theirs).
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_team::{GrantChange, NewGrant, Team},
    service::{staff::Staff, staff::team as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-team",
    patterns: &["/staff/team"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffTeamPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    team: Option<Team>,
    /// The e-mail just granted a role (after the form's 303).
    #[serde(skip_serializing_if = "Option::is_none")]
    granted: Option<String>,
    /// The e-mail whose grant was just changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<String>,
    /// The e-mail whose grant was just revoked.
    #[serde(skip_serializing_if = "Option::is_none")]
    revoked: Option<String>,
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let email = |key: &str| ctx.query.get(key).map(|e| e.chars().take(254).collect());
    let (granted, changed, revoked) = (email("granted"), email("changed"), email("revoked"));
    match service::team(&ctx.state, &admin).await {
        Ok(team) => Loaded::ok(StaffTeamPage { team: Some(team), granted, changed, revoked }),
        Err(error) => {
            tracing::error!(%error, "team page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffTeamPage::default())
        }
    }
}

/// The page's forms by `intent`: none, a new grant; `change` and `revoke`, the grant `grant`.
async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    match ctx.form.text(super::INTENT) {
        "change" => change(ctx, admin).await,
        "revoke" => revoke(ctx, admin).await,
        _ => grant(ctx, admin).await,
    }
}

/// `place` is `foodBank-<id>` (an admin's grant) or `pantry-<id>`.
fn place_ids(place: &str) -> (Option<crate::domain::Id>, Option<crate::domain::Id>) {
    let id_after = |prefix: &str| place.strip_prefix(prefix).and_then(super::shared::row_id);
    (id_after("foodBank-"), id_after("pantry-"))
}

/// A grant that names nothing of the admin's is the page again, 404 as its refusal.
fn grant_id(ctx: &ActionCtx) -> crate::domain::Id {
    super::shared::row_id(ctx.form.text("grant")).unwrap_or(0)
}

async fn change(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let place = ctx.form.text("place").to_owned();
    let (food_bank_id, pantry_id) = place_ids(&place);
    let change = GrantChange { role: ctx.form.text("role").to_owned(), food_bank_id, pantry_id };
    match service::change(&ctx.state, &admin, grant_id(&ctx), &change).await {
        Ok(done) => Acted::to(format!("/staff/team?changed={}", super::query_value(&done.email))),
        Err(error) => Acted::refused(error),
    }
}

async fn revoke(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    match service::revoke(&ctx.state, &admin, grant_id(&ctx)).await {
        Ok(done) => Acted::to(format!("/staff/team?revoked={}", super::query_value(&done.email))),
        Err(error) => Acted::refused(error),
    }
}

async fn grant(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let place = ctx.form.text("place");
    let (food_bank_id, pantry_id) = place_ids(place);
    let new = NewGrant {
        email: ctx.form.text("email").to_owned(),
        role: ctx.form.text("role").to_owned(),
        food_bank_id,
        pantry_id,
    };
    let keep = vec![("email", new.email.clone()), ("role", new.role.clone()), ("place", place.to_owned())];
    match service::grant(&ctx.state, &admin, &new).await {
        Ok(done) => Acted::to(format!("/staff/team?granted={}", super::query_value(&done.email))),
        Err(error) => Acted::refused(error).keeping(keep),
    }
}
