//! The staff side's API under /api/v1/staff (`../shared/spec/staff-side.md`): the day's queue, an
//! order at the packing table, its state changes and short lines (pantry staff and admins), and
//! check-in (volunteers too). Each handler's [`Caller`] names the access it needs; the OpenAPI
//! document states the same as its `bearer` requirement's role, and the access-table test checks
//! the two agree. Another pantry's order is 404, like one that does not exist.
mod caller;
mod codes;
mod content;
mod delivery_schedule;
mod door;
pub(crate) mod items;
mod pantries_admin;
mod phone_orders;
mod pick_list;
mod runs;
mod schedule;
mod stock;
mod team;

pub use caller::Caller;

use super::{ApiResult, Body, PathParams, QueryParams, ok};
use crate::{
    domain::{
        Id,
        staff::{PantryStaff, Volunteer},
    },
    model::staff::{QueueOrder, ShortLine, StaffOrder, StaffQueue, StateChange},
    service::staff::queue as service,
    state::AppState,
};
use axum::extract::State;
use chrono::{NaiveDate, NaiveTime};
use serde::Deserialize;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(queue))
        .routes(routes!(order))
        .routes(routes!(change_state))
        .routes(routes!(short_line))
        .routes(routes!(find))
        .routes(routes!(check_in))
        .routes(routes!(pick_list::pick_list))
        .routes(routes!(phone_orders::phone_order))
        .routes(routes!(door::door_day))
        .routes(routes!(door::door_send))
        .routes(routes!(team::team, team::grant))
        .routes(routes!(team::change_grant, team::revoke_grant))
        .routes(routes!(schedule::schedule, schedule::add_row))
        .routes(routes!(schedule::change_row, schedule::remove_row))
        .routes(routes!(schedule::horizon))
        .routes(routes!(schedule::close))
        .routes(routes!(schedule::reopen))
        .routes(routes!(delivery_schedule::delivery_schedule, delivery_schedule::add_delivery_row))
        .routes(routes!(delivery_schedule::change_delivery_row, delivery_schedule::remove_delivery_row))
        .routes(routes!(delivery_schedule::delivery_horizon))
        .routes(routes!(items::staff_items, items::create_item))
        .routes(routes!(items::update_item))
        .routes(routes!(items::set_item_active))
        .routes(routes!(items::audit_log))
        // The photo's body is larger than the API's JSON limit: this route alone takes more.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(items::item_photo))
                .layer(axum::extract::DefaultBodyLimit::max(items::PHOTO_BODY_BYTES)),
        )
        .merge(stock::router())
        .merge(pantries_admin::router())
        .merge(codes::router())
        .merge(content::router())
        .merge(runs::router())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct QueueQuery {
    /// The pantry (default: the caller's first).
    #[param(value_type = Option<super::params::RowId>, inline)]
    pantry: Option<Id>,
    /// The day (default: the pantry's today).
    date: Option<NaiveDate>,
    /// List from the pickup time starting at or after this time of the day, "HH:MM".
    #[param(value_type = Option<String>, pattern = "^([01][0-9]|2[0-3]):[0-5][0-9]$")]
    from: Option<HourMinute>,
}

/// A time of day written "HH:MM" (the queue's `from`).
#[derive(Debug, Clone, Copy)]
struct HourMinute(NaiveTime);

impl<'de> Deserialize<'de> for HourMinute {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        NaiveTime::parse_from_str(&text, "%H:%M")
            .map(HourMinute)
            .map_err(|_| serde::de::Error::custom("a time is written HH:MM"))
    }
}

#[utoipa::path(
    get, path = "/staff/queue",
    summary = "The day's orders of one of the caller's pantries, by pickup time (and the food bank's deliveries, for its admin), with counts per state",
    params(QueueQuery),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffQueue))
)]
async fn queue(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    QueryParams(q): QueryParams<QueueQuery>,
) -> ApiResult<StaffQueue> {
    ok(service::queue(&state, &staff, q.pantry, q.date, q.from.map(|t| t.0)).await?)
}

#[utoipa::path(
    get, path = "/staff/orders/{id}",
    summary = "An order of the caller's pantries: shopper, lines, history and the actions allowed now",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffOrder))
)]
async fn order(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<StaffOrder> {
    ok(service::order(&state, &staff, id).await?)
}

#[utoipa::path(
    post, path = "/staff/orders/{id}/state",
    request_body = StateChange,
    summary = "Start Packing, Mark Ready, Check In, Mark No-Show or Cancel Order (with a reason the shopper reads); a change the order's state does not allow is 409 with its refusal code",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffOrder))
)]
async fn change_state(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams(id): PathParams<Id>,
    Body(change): Body<StateChange>,
) -> ApiResult<StaffOrder> {
    ok(service::act(&state, &staff, id, change.action, change.reason.as_deref()).await?)
}

#[utoipa::path(
    put, path = "/staff/orders/{id}/lines/{lineId}",
    request_body = ShortLine,
    summary = "Mark a line packed short: the units not packed go back to stock",
    params(("id" = inline(super::params::RowId), Path), ("lineId" = inline(super::params::RowId), Path)),
    security(("bearer" = ["pantryStaff"])),
    responses((status = 200, description = "successful", body = StaffOrder))
)]
async fn short_line(
    State(state): State<AppState>,
    Caller(staff): Caller<PantryStaff>,
    PathParams((id, line_id)): PathParams<(Id, Id)>,
    Body(short): Body<ShortLine>,
) -> ApiResult<StaffOrder> {
    ok(service::short_line(&state, &staff, id, line_id, short.packed).await?)
}

/// What check-in looks up, in the body: a name is personal data, never in an address.
#[derive(Deserialize, utoipa::ToSchema)]
struct CheckInSearch {
    /// An order number (as on the shopper's page) or the start of a shopper's name.
    #[schema(value_type = String, max_length = 100)]
    search: super::params::Bounded<100>,
}

#[utoipa::path(
    post, path = "/staff/check-in/search",
    summary = "Check-in look-up: the order of that number, or today's orders at the caller's pantries whose shopper's name starts so",
    request_body = CheckInSearch,
    security(("bearer" = ["volunteer"])),
    responses((status = 200, description = "successful", body = Vec<QueueOrder>))
)]
async fn find(
    State(state): State<AppState>,
    Caller(staff): Caller<Volunteer>,
    Body(q): Body<CheckInSearch>,
) -> ApiResult<Vec<QueueOrder>> {
    ok(service::find(&state, &staff, &q.search.0).await?)
}

#[utoipa::path(
    post, path = "/staff/orders/{id}/check-in",
    summary = "Check In: the ready order is handed over (picked up)",
    params(("id" = inline(super::params::RowId), Path)),
    security(("bearer" = ["volunteer"])),
    responses((status = 200, description = "successful", body = QueueOrder))
)]
async fn check_in(
    State(state): State<AppState>,
    Caller(staff): Caller<Volunteer>,
    PathParams(id): PathParams<Id>,
) -> ApiResult<QueueOrder> {
    ok(service::check_in(&state, &staff, id).await?)
}
