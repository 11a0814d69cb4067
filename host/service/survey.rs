//! The food-situation screening (`/account/eligibilitystatus`) and the checkout survey
//! (`/account/surveystatus/{foodBankId}`, `/account/survey`): whether each is due, and storing
//! the answers once the answers name real choices and cover every question the food bank shows.
use super::{Context, Error, Result};
use crate::{
    domain::{
        forms::FieldError,
        messages,
        survey::{
            FoodSituationAnswers, SurveyAnswers, date_of_birth, food_situation_survey_required, shown_questions,
            unanswered_questions,
        },
    },
    model::account::{EligibilityStatus, SurveyStatusAnswer},
};
use chrono::Datelike;

pub async fn eligibility_status(state: &Context, user_id: i64) -> Result<EligibilityStatus> {
    let latest = state.store.latest_food_situation(user_id).await?;
    Ok(EligibilityStatus { is_survey_required: food_situation_survey_required(latest, state.clock.now()) })
}

/// Stores the answers, then refuses an ineligible result with the spec's message (stored first,
/// so the screening stays due).
pub async fn answer_food_situation(state: &Context, user_id: i64, answers: FoodSituationAnswers) -> Result<()> {
    let eligible = answers.is_eligible();
    let (answers, now) = (&answers, state.clock.now());
    state.store.write(|txn| async move { txn.save_food_situation(user_id, answers, eligible, now).await }).await?;
    if eligible { Ok(()) } else { Err(Error::refused(&messages::FOOD_SITUATION_NOT_ELIGIBLE)) }
}

pub async fn survey_status(state: &Context, user_id: i64, food_bank_id: i64) -> Result<SurveyStatusAnswer> {
    let status = state.store.survey_status(user_id, food_bank_id).await?;
    Ok(status.ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?.into())
}

/// Stores the answers of a well-formed survey (see `api::account::survey`) for the food bank
/// (default: the shopper's). Every question the food bank shows (the first four enabled and
/// unanswered) must be answered; answers to questions not shown are stored too. Refused with
/// field errors for a choice that does not exist and for each shown question left unanswered.
pub async fn answer_survey(
    state: &Context,
    user_id: i64,
    food_bank_id: Option<i64>,
    answers: &SurveyAnswers,
) -> Result<()> {
    let now = state.clock.now();
    let year = now.year();
    let mut errors = Vec::new();
    let mut choice = |field: &'static str, bad: bool| {
        if bad {
            errors.push(FieldError::choice(field));
        }
    };
    if let Some(id) = answers.gender_id {
        choice("genderId", !state.store.genders().await?.iter().any(|g| g.id == id));
    }
    if let Some(id) = answers.race_id {
        choice("raceId", !state.store.races().await?.iter().any(|r| r.id == id));
    }
    let food_bank_id = match food_bank_id {
        Some(id) if state.store.food_bank_exists(id).await? => Some(id),
        Some(_) => {
            choice("foodBankId", true);
            None
        }
        None => state.store.default_food_bank_id(user_id).await?,
    };
    if let Some(id) = food_bank_id
        && let Some(status) = state.store.survey_status(user_id, id).await?
    {
        for q in unanswered_questions(&shown_questions(&status), answers, year) {
            if !errors.iter().any(|e| e.field == q.name()) {
                errors.push(FieldError::required(q.name()));
            }
        }
    }
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    let birth = answers.date_of_birth.and_then(|b| date_of_birth(b, year));
    state
        .store
        .write(|txn| async move { txn.save_survey_answers(user_id, food_bank_id, answers, birth, now).await })
        .await?;
    Ok(())
}
