//! GET /content/infocards, GET /messages and PUT /messages/{id}/read: see
//! [`crate::service::content`] for what they answer.
use super::{ApiResult, PathParams, QueryParams, ok};
use crate::{
    catalog::Lang,
    infra::auth::{AuthUser, MaybeUser},
    model::content::{InfoCard, Message, MessageRead},
    service::content::{food_bank_code, info_cards, mark_read as mark_message_read, messages_for},
    state::AppState,
};
use axum::extract::State;
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(general_cards))
        .routes(routes!(food_bank_cards))
        .routes(routes!(messages))
        .routes(routes!(mark_read))
}

#[utoipa::path(
    get, path = "/content/infocards",
    summary = "Public info cards shown everywhere, by section order then card order; modalContent is sanitised HTML",
    security(()),
    responses((status = 200, description = "successful", body = Vec<InfoCard>))
)]
async fn general_cards(State(state): State<AppState>, lang: Lang) -> ApiResult<Vec<InfoCard>> {
    ok(info_cards(&state, None, lang).await?)
}

#[utoipa::path(
    get, path = "/content/infocards/{foodBankCode}",
    summary = "Public info cards shown everywhere plus the food bank's, by section order then card order",
    params(("foodBankCode" = String, Path)),
    security(()),
    responses((status = 200, description = "successful", body = Vec<InfoCard>))
)]
async fn food_bank_cards(
    State(state): State<AppState>,
    PathParams(code): PathParams<String>,
    lang: Lang,
) -> ApiResult<Vec<InfoCard>> {
    let code = food_bank_code(&state, &code).await?;
    ok(info_cards(&state, Some(&code), lang).await?)
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct MessagesQuery {
    food_bank_code: Option<String>,
}

#[utoipa::path(
    get, path = "/messages",
    summary = "Signed in: the caller's upcoming orders (type order, soonest first); then unexpired notifications, general plus the food bank's, newest first, with isRead for the caller",
    params(MessagesQuery),
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = Vec<Message>))
)]
async fn messages(
    State(state): State<AppState>,
    user: MaybeUser,
    QueryParams(q): QueryParams<MessagesQuery>,
    lang: Lang,
) -> ApiResult<Vec<Message>> {
    ok(messages_for(&state, q.food_bank_code.as_deref(), user.0.map(|u| u.id), lang).await?)
}

#[utoipa::path(
    put, path = "/messages/{id}/read",
    summary = "Mark a notification read for the caller (idempotent)",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = MessageRead))
)]
async fn mark_read(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(id): PathParams<i64>,
) -> ApiResult<MessageRead> {
    mark_message_read(&state, user.id, id).await?;
    ok(MessageRead { id, is_read: true })
}
