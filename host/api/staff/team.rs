//! `/api/v1/staff/team`: a food bank admin's grants (GET) and granting a role to an e-mail (POST),
//! as the `/staff/team` page does.
use super::{super::ApiResult, super::Body, super::ok, Caller};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_team::{GrantDone, NewGrant, Team},
    service::staff_team as service,
    state::AppState,
};
use axum::extract::State;

#[utoipa::path(
    get, path = "/staff/team",
    summary = "The caller's food banks, their pantries and every staff grant there",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = Team))
)]
pub(super) async fn team(State(state): State<AppState>, Caller(admin): Caller<FoodBankAdmin>) -> ApiResult<Team> {
    ok(service::team(&state, &admin).await?)
}

#[utoipa::path(
    post, path = "/staff/team",
    request_body = NewGrant,
    summary = "Grant a role at one of the caller's food banks (admin) or pantries (staff, volunteer) to an e-mail: the account is made when there is none, and an invitation link mailed",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = GrantDone))
)]
pub(super) async fn grant(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(grant): Body<NewGrant>,
) -> ApiResult<GrantDone> {
    ok(service::grant(&state, &admin, &grant).await?)
}
