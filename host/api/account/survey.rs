//! The food-situation screening (`/account/eligibilitystatus`) and the checkout
//! survey (`/account/surveystatus/{foodBankId}`, `/account/survey`).
use super::{ADDRESS_LINE_MAX, FREE_TEXT_MAX, NAME_MAX, field_error, too_long};
use crate::{
    api::{ApiError, ApiResult, Body, PathParams, auth::AuthUser, ok},
    db::now,
    domain::{
        forms::FieldError,
        messages,
        survey::{
            FOOD_SITUATION_CODES, FoodSituationAnswers, SurveyAnswers, SurveyStatus, date_of_birth,
            food_situation_survey_required, is_us_state, shown_questions, unanswered_questions,
        },
    },
    model::account::{EligibilityStatus, FoodSituationBody, SurveyBody},
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
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = EligibilityStatus))
)]
async fn eligibility_status(State(state): State<AppState>, user: AuthUser) -> ApiResult<EligibilityStatus> {
    let latest = state.store.latest_food_situation(user.id).await?;
    ok(EligibilityStatus { is_survey_required: food_situation_survey_required(latest, now()) })
}

/// Stores the answers; an ineligible result is refused with the spec's message
/// (after storing it, so the survey stays required).
#[utoipa::path(
    post, path = "/account/eligibilitystatus",
    request_body = FoodSituationBody,
    summary = r#"Answer the food-situation survey; true when eligible, else 422 "Sorry, you are not currently eligible for this service.""#,
    security(("bearer" = [])),
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
            errors.push(field_error(field, messages::INVALID_CHOICE));
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
    let eligible = answers.is_eligible();
    state.store.save_food_situation(user.id, answers, eligible).await?;
    if eligible { ok(true) } else { Err(ApiError::Refused((&messages::FOOD_SITUATION_NOT_ELIGIBLE).into())) }
}

#[utoipa::path(
    get, path = "/account/surveystatus/{foodBankId}",
    summary = "Which checkout-survey questions the food bank asks and the shopper has not answered",
    params(("foodBankId" = inline(crate::api::params::RowId), Path)),
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = SurveyStatus))
)]
async fn survey_status(
    State(state): State<AppState>,
    user: AuthUser,
    PathParams(food_bank_id): PathParams<i64>,
) -> ApiResult<SurveyStatus> {
    ok(state
        .store
        .survey_status(user.id, food_bank_id)
        .await?
        .ok_or_else(|| ApiError::not_found(&messages::FOOD_BANK_NOT_FOUND))?)
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

/// Errors of the answers that were given (whether asked or not).
async fn invalid_answers(state: &AppState, a: &SurveyAnswers, year: i32) -> Result<Vec<FieldError>, ApiError> {
    let mut errors = too_long(&[
        ("street", a.street.as_deref(), ADDRESS_LINE_MAX),
        ("city", a.city.as_deref(), NAME_MAX),
        ("howDidYouHear", a.how_did_you_hear.as_deref(), FREE_TEXT_MAX),
    ]);
    let mut refuse = |field, bad: bool| {
        if bad {
            errors.push(field_error(field, messages::INVALID_CHOICE));
        }
    };
    refuse("householdMembersResponse", a.household_members_response.is_some_and(|n| !HOUSEHOLD_MEMBERS.contains(&n)));
    refuse("state", a.state.as_deref().is_some_and(|s| !is_us_state(s)));
    refuse("dateOfBirth", a.date_of_birth.is_some_and(|b| date_of_birth(b, year).is_none()));
    if let Some(id) = a.gender_id {
        refuse("genderId", !state.store.genders().await?.iter().any(|g| g.id == id));
    }
    if let Some(id) = a.race_id {
        refuse("raceId", !state.store.races().await?.iter().any(|r| r.id == id));
    }
    Ok(errors)
}

/// Stores the answers of the shown questions. Every question the food bank shows
/// (the first four enabled and unanswered) must be answered; answers to questions
/// not shown are stored too, as long as they are valid.
#[utoipa::path(
    post, path = "/account/survey",
    request_body = SurveyBody,
    summary = "Answer the checkout survey: every shown question of the food bank (default: the shopper's) is required",
    security(("bearer" = [])),
    responses((status = 200, description = "successful", body = bool))
)]
async fn answer_survey(State(state): State<AppState>, user: AuthUser, Body(body): Body<SurveyBody>) -> ApiResult<bool> {
    let year = now().year();
    let answers = clean(body.answers);
    let mut errors = invalid_answers(&state, &answers, year).await?;
    let food_bank_id = match body.food_bank_id {
        Some(id) if state.store.food_bank_exists(id).await? => Some(id),
        Some(_) => {
            errors.push(field_error("foodBankId", messages::INVALID_CHOICE));
            None
        }
        None => state.store.default_food_bank_id(user.id).await?,
    };
    if let Some(id) = food_bank_id
        && let Some(status) = state.store.survey_status(user.id, id).await?
    {
        for q in unanswered_questions(&shown_questions(&status), &answers, year) {
            if !errors.iter().any(|e| e.field == q.name()) {
                errors.push(field_error(q.name(), messages::FIELD_REQUIRED));
            }
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid(errors));
    }
    let birth = answers.date_of_birth.and_then(|b| date_of_birth(b, year));
    state.store.save_survey_answers(user.id, food_bank_id, &answers, birth).await?;
    ok(true)
}
