//! `/api/v1/staff/team`: a food bank admin's grants (GET) and granting a role to an e-mail (POST),
//! changing a grant's role and place (PUT) and revoking it (DELETE), as the `/staff/team` page does.
use super::{super::ApiResult, super::Body, super::PathParams, super::ok, Caller};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_team::{GrantChange, GrantChanged, GrantDone, NewGrant, Team},
    service::staff::team as service,
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

#[utoipa::path(
    put, path = "/staff/team/{id}",
    request_body = GrantChange,
    summary = "Change a staff grant's role and place (admin at a food bank; staff or volunteer at a pantry) among the caller's; not the caller's own grant",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = GrantChanged))
)]
pub(super) async fn change_grant(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(change): Body<GrantChange>,
) -> ApiResult<GrantChanged> {
    ok(service::change(&state, &admin, id, &change).await?)
}

#[utoipa::path(
    delete, path = "/staff/team/{id}",
    summary = "Revoke a staff grant at the caller's food banks; revoking an account's last grant ends all its sessions at once",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = GrantChanged))
)]
pub(super) async fn revoke_grant(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<GrantChanged> {
    ok(service::revoke(&state, &admin, id).await?)
}
