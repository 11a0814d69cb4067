//! `/api/v1/staff/codes`: a food bank admin's referral codes, as the `/staff/codes` page keeps
//! them: the list with how many shoppers hold each, a new code, expiring one now.
use super::{
    super::{ApiResult, Body, PathParams, ok},
    Caller,
};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_codes::{AdminCode, AdminCodes, CodeForm},
    service::staff::codes as service,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(admin_codes, create_code)).routes(routes!(expire_code))
}

#[utoipa::path(
    get, path = "/staff/codes",
    summary = "The referral codes of the caller's food banks and pantries, newest first, each with how many shoppers hold it; and the pantries a code can open",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminCodes))
)]
async fn admin_codes(State(state): State<AppState>, Caller(admin): Caller<FoodBankAdmin>) -> ApiResult<AdminCodes> {
    ok(service::codes(&state, &admin).await?)
}

#[utoipa::path(
    post, path = "/staff/codes",
    request_body = CodeForm,
    summary = "Make a referral code (typed, or generated when none is given) opening chosen pantries, every pantry of the food bank, or its home delivery, with an optional expiry",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminCode))
)]
async fn create_code(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(form): Body<CodeForm>,
) -> ApiResult<AdminCode> {
    ok(service::create(&state, &admin, &form).await?)
}

#[utoipa::path(
    post, path = "/staff/codes/{id}/expire",
    summary = "Expire a referral code now: it can no longer be claimed and opens nothing for those holding it",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminCode))
)]
async fn expire_code(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<AdminCode> {
    ok(service::expire(&state, &admin, id).await?)
}
