//! TEFAP eligibility: the area of a ZIP code, the guideline that applies there,
//! submitting answers and assigning a response to the account.
//!
//! The server decides `isEligible` itself by replaying the answers through
//! `domain::tefap::tefap_answers_eligible` against the guideline of the answers'
//! area; any verdict the client sends is ignored. The area is the residency ZIP, or
//! for a homeless shopper the selected food bank's postal code (§4 "Homeless"), so
//! the body may carry `foodBankID` besides §3's fields. Answers without any area
//! cannot have passed the flow's guideline lookup and are stored as not eligible.
use super::{ApiError, ApiResult, Body, PathParams, ok};
use crate::{
    domain::{forms::is_valid_zip, messages, tefap::HOUSEHOLD_SIZES},
    infra::auth::{AuthUser, MaybeUser},
    model::tefap::{GuidelineAnswer, TefapAnswersBody, TefapResult, ZipArea},
    service::tefap,
    state::AppState,
};
use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::service::tefap::ERROR_SUBMITTING;

const MAX_TYPED_NAME: usize = 200;
const MAX_EMERGENCY_TEXT: usize = 2_000;
/// A drawn signature as SVG path data; the 64 KiB body limit bounds it anyway.
const MAX_SIGNATURE: usize = 48_000;
const MAX_PROGRAMS: usize = 20;
/// Unique ids are UUIDs (36 characters); anything much longer is not one of ours.
const MAX_UNIQUE_ID: usize = 64;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(area))
        .routes(routes!(guideline))
        .routes(routes!(submit))
        .routes(routes!(assign))
}

/// The trimmed zip, or "Unable to load data" for one that is not 5 digits.
fn valid_zip(zip: &str) -> Result<String, ApiError> {
    let zip = zip.trim();
    if is_valid_zip(zip) {
        Ok(zip.to_owned())
    } else {
        Err(ApiError::BadRequest((&messages::UNABLE_TO_LOAD_DATA).into()))
    }
}

#[utoipa::path(
    get, path = "/tefapeligibility/postalcodes/{code}",
    summary = r#"Where a ZIP code lies (province, county) and the food bank serving it; 404 "Unable to load data" when unknown"#,
    params(("code" = inline(super::params::Zip), Path)),
    security(()),
    responses((status = 200, description = "successful", body = ZipArea))
)]
async fn area(State(state): State<AppState>, PathParams(code): PathParams<String>) -> ApiResult<ZipArea> {
    let zip = valid_zip(&code)?;
    ok(tefap::zip_area(&state, &zip).await?.ok_or_else(|| ApiError::not_found(&messages::UNABLE_TO_LOAD_DATA))?)
}

#[utoipa::path(
    get, path = "/tefapeligibility/guidelines/{postalCode}",
    summary = "The TEFAP guideline of a ZIP code's state",
    params(("postalCode" = inline(super::params::Zip), Path)),
    security(()),
    responses((status = 200, description = "successful", body = GuidelineAnswer))
)]
async fn guideline(State(state): State<AppState>, PathParams(code): PathParams<String>) -> ApiResult<GuidelineAnswer> {
    let zip = valid_zip(&code)?;
    ok(tefap::guideline_for_zip(&state, &zip)
        .await?
        .ok_or_else(|| ApiError::not_found(&messages::UNABLE_TO_LOAD_DATA))?)
}

fn too_long(value: &Option<String>, max: usize) -> bool {
    value.as_ref().is_some_and(|v| v.chars().count() > max)
}

/// Shape checks the flow's own inputs guarantee; failing one is not a real client.
fn check_shape(a: &TefapAnswersBody) -> Result<(), ApiError> {
    let bad = |why: &str| Err(ApiError::BadRequest(format!("{ERROR_SUBMITTING}: {why}").into()));
    if a.residency_postal_code.as_deref().is_some_and(|z| !z.trim().is_empty() && !is_valid_zip(z.trim())) {
        return bad("residencyPostalCode must be a 5-digit zip code");
    }
    if a.total_household_size.is_some_and(|n| !HOUSEHOLD_SIZES.contains(&n)) {
        return bad("totalHouseholdSize must be 1 to 20");
    }
    if let Some(ages) = &a.household_members_by_age {
        let people = [ages.children, ages.adults, ages.seniors];
        if people.iter().any(|n| *n > *HOUSEHOLD_SIZES.end()) || people.iter().sum::<u32>() == 0 {
            return bad("householdMembersByAge must count 1 to 20 people");
        }
        if a.total_household_size.is_some_and(|n| n != people.iter().sum::<u32>()) {
            return bad("householdMembersByAge must add up to totalHouseholdSize");
        }
    }
    if a.selected_assistance_program_ids.len() > MAX_PROGRAMS {
        return bad("selectedAssistanceProgramIDs names too many programs");
    }
    if too_long(&a.typed_name, MAX_TYPED_NAME)
        || too_long(&a.emergency_text, MAX_EMERGENCY_TEXT)
        || too_long(&a.signature, MAX_SIGNATURE)
    {
        return bad("an answer is too long");
    }
    if a.income_limit.is_some_and(|l| !l.is_finite()) {
        return bad("incomeLimit must be a number");
    }
    Ok(())
}

#[utoipa::path(
    post, path = "/tefapeligibility/responses",
    operation_id = "submit_tefap_answers", request_body = TefapAnswersBody,
    summary = "Submit eligibility answers; the server decides isEligible by replaying them. Signed in: also stored as the account's eligibility",
    security((), ("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = TefapResult))
)]
async fn submit(
    State(state): State<AppState>,
    user: MaybeUser,
    Body(answers): Body<TefapAnswersBody>,
) -> ApiResult<TefapResult> {
    check_shape(&answers)?;
    ok(tefap::submit(&state, user.id(), answers).await?)
}

#[utoipa::path(
    post, path = "/tefapeligibility/responses/{uniqueId}",
    summary = r#"Assign a submitted response to the account (stores its eligibility, marks the survey answered); 404 "Error assigning TEFAP response" when unknown"#,
    params(("uniqueId" = String, Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = TefapResult))
)]
async fn assign(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(unique_id): PathParams<String>,
) -> ApiResult<TefapResult> {
    let not_found = || ApiError::not_found(&messages::ERROR_ASSIGNING_TEFAP);
    let unique_id = unique_id.trim();
    if unique_id.is_empty() || unique_id.len() > MAX_UNIQUE_ID {
        return Err(not_found());
    }
    ok(tefap::assign_response(&state, user.id, unique_id).await?.ok_or_else(not_found)?)
}
