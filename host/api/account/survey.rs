//! The food-situation screening (`/account/eligibilitystatus`) and the checkout
//! survey (`/account/surveystatus/{foodBankId}`, `/account/survey`).
use super::{ADDRESS_LINE_MAX, FREE_TEXT_MAX, NAME_MAX, too_long};
use crate::{
    api::{ApiError, ApiResult, Body, PathParams, ok},
    domain::{
        forms::FieldError,
        survey::{FOOD_SITUATION_CODES, FoodSituationAnswers, SurveyAnswers, date_of_birth, is_us_state},
    },
    infra::auth::AuthUser,
    model::account::{EligibilityStatus, FoodSituationBody, SurveyBody, SurveyStatusAnswer},
    service::survey,
    state::AppState,
};
use axum::extract::State;
use chrono::Datelike;
use utoipa_axum::{router::OpenApiRouter, routes};

/// Household size choices (spec §9: 1 to 20).
const HOUSEHOLD_MEMBERS: std::ops::RangeInclusive<u32> = 1..=20;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(eligibility_status, answer_food_situation))
        .routes(routes!(survey_status))
        .routes(routes!(answer_survey))
}

#[utoipa::path(
    get, path = "/account/eligibilitystatus",
    summary = "Whether the food-situation survey must be answered (no eligible answer in the last year)",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = EligibilityStatus))
)]
async fn eligibility_status(State(state): State<AppState>, user: AuthUser) -> ApiResult<EligibilityStatus> {
    ok(survey::eligibility_status(&state, user.id).await?)
}

#[utoipa::path(
    post, path = "/account/eligibilitystatus",
    request_body = FoodSituationBody,
    summary = r#"Answer the food-situation survey; true when eligible, else 422 "Sorry, you are not currently eligible for this service.""#,
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn answer_food_situation(
    State(state): State<AppState>,
    user: AuthUser,
    Body(body): Body<FoodSituationBody>,
) -> ApiResult<bool> {
    let mut errors = Vec::new();
    let mut code = |field: &'static str, value: i64| {
        let code = u8::try_from(value).ok().filter(|c| FOOD_SITUATION_CODES.contains(c));
        if code.is_none() {
            errors.push(FieldError::choice(field));
        }
        code
    };
    let answers = FoodSituationAnswers {
        worried_food_will_run_out: code("worriedFoodWillRunOut", body.worried_food_will_run_out),
        food_did_not_last: code("foodDidNotLast", body.food_did_not_last),
        received_charity_food: code("receivedCharityFood", body.received_charity_food),
    };
    if !errors.is_empty() {
        return Err(ApiError::invalid(errors));
    }
    survey::answer_food_situation(&state, user.id, answers).await?;
    ok(true)
}

#[utoipa::path(
    get, path = "/account/surveystatus/{foodBankId}",
    summary = "Which checkout-survey questions the food bank asks and the shopper has not answered, and the ones to ask now",
    params(("foodBankId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = SurveyStatusAnswer))
)]
async fn survey_status(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(food_bank_id): PathParams<i64>,
) -> ApiResult<SurveyStatusAnswer> {
    ok(survey::survey_status(&state, user.id, food_bank_id).await?)
}

/// Trimmed text answers; blank ones count as not given.
fn clean(mut a: SurveyAnswers) -> SurveyAnswers {
    let text = |s: Option<String>| s.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    a.street = text(a.street);
    a.city = text(a.city);
    a.state = text(a.state).map(|s| s.to_ascii_uppercase());
    a.how_did_you_hear = text(a.how_did_you_hear);
    a
}

/// Shape errors of the answers that were given (whether asked or not): lengths, ranges, the
/// state's code, a possible date of birth. Which choices exist and which questions are due are
/// the service's to check.
fn malformed_answers(a: &SurveyAnswers, year: i32) -> Vec<FieldError> {
    let mut errors = too_long(&[
        ("street", a.street.as_deref(), ADDRESS_LINE_MAX),
        ("city", a.city.as_deref(), NAME_MAX),
        ("howDidYouHear", a.how_did_you_hear.as_deref(), FREE_TEXT_MAX),
    ]);
    let mut refuse = |field, bad: bool| {
        if bad {
            errors.push(FieldError::choice(field));
        }
    };
    refuse("householdMembersResponse", a.household_members_response.is_some_and(|n| !HOUSEHOLD_MEMBERS.contains(&n)));
    refuse("state", a.state.as_deref().is_some_and(|s| !is_us_state(s)));
    refuse("dateOfBirth", a.date_of_birth.is_some_and(|b| date_of_birth(b, year).is_none()));
    errors
}

/// Stores the answers of the shown questions (see `service::survey::answer_survey`).
#[utoipa::path(
    post, path = "/account/survey",
    request_body = SurveyBody,
    summary = "Answer the checkout survey: every shown question of the food bank (default: the shopper's) is required",
    security(("bearer" = ["shopper"])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn answer_survey(State(state): State<AppState>, user: AuthUser, Body(body): Body<SurveyBody>) -> ApiResult<bool> {
    let answers = clean(body.answers);
    let errors = malformed_answers(&answers, state.clock.now().year());
    if !errors.is_empty() {
        return Err(ApiError::invalid(errors));
    }
    survey::answer_survey(&state, user.id, body.food_bank_id, &answers).await?;
    ok(true)
}
