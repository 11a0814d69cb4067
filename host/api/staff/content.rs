//! `/api/v1/staff/content`: a food bank admin's info cards and notifications, as the
//! `/staff/content` page keeps them, each with its preview as shoppers will see it.
use super::{
    super::{ApiResult, Body, PathParams, ok},
    Caller,
};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_content::{AdminCard, AdminContent, AdminNotice, CardForm, NoticeForm},
    service::staff::content as service,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_content))
        .routes(routes!(create_info_card))
        .routes(routes!(update_info_card))
        .routes(routes!(create_notification))
        .routes(routes!(update_notification))
}

#[utoipa::path(
    get, path = "/staff/content",
    summary = "The caller's food bank's info cards and notifications in English and Spanish, each body with its preview as shoppers see it (cleaned), and the card sections",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminContent))
)]
async fn admin_content(State(state): State<AppState>, Caller(admin): Caller<FoodBankAdmin>) -> ApiResult<AdminContent> {
    ok(service::content(&state, &admin).await?)
}

#[utoipa::path(
    post, path = "/staff/content/cards",
    request_body = CardForm,
    summary = "Add an info card for the food bank's shoppers, in a section (or a new one), in English and optionally Spanish",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminCard))
)]
async fn create_info_card(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(form): Body<CardForm>,
) -> ApiResult<AdminCard> {
    ok(service::create_card(&state, &admin, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/content/cards/{id}",
    request_body = CardForm,
    summary = "Edit one of the food bank's info cards",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminCard))
)]
async fn update_info_card(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(form): Body<CardForm>,
) -> ApiResult<AdminCard> {
    ok(service::update_card(&state, &admin, id, &form).await?)
}

#[utoipa::path(
    post, path = "/staff/content/notices",
    request_body = NoticeForm,
    summary = "Post a notification to the food bank's shoppers (their Messages), in English and optionally Spanish, shown from startsAt (default now) until endsAt (default: until changed)",
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminNotice))
)]
async fn create_notification(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    Body(form): Body<NoticeForm>,
) -> ApiResult<AdminNotice> {
    ok(service::create_notice(&state, &admin, &form).await?)
}

#[utoipa::path(
    put, path = "/staff/content/notices/{id}",
    request_body = NoticeForm,
    summary = "Edit one of the food bank's notifications, its texts and its window",
    params(("id" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["foodBankAdmin"])),
    responses((status = 200, description = "successful", body = AdminNotice))
)]
async fn update_notification(
    State(state): State<AppState>,
    Caller(admin): Caller<FoodBankAdmin>,
    PathParams(id): PathParams<Id>,
    Body(form): Body<NoticeForm>,
) -> ApiResult<AdminNotice> {
    ok(service::update_notice(&state, &admin, id, &form).await?)
}
