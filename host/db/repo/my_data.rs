//! What an account's own data download reads beyond what its pages already read (issue 53 item
//! 3): the questionnaires' answers as they were stored, oldest first.
use super::{Store, StoreResult};
use crate::db::entity::{food_situation_answer, survey_answer, tefap_response};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Serialize;

/// The TEFAP eligibility questions' answers, as sent.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EligibilityAnswers {
    pub answered_at: DateTime<Utc>,
    pub postal_code: Option<String>,
    pub is_eligible: bool,
    pub answers: serde_json::Value,
}

/// A checkout survey's answers.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SurveyAnswers {
    pub answered_at: DateTime<Utc>,
    pub household_members: Option<i32>,
    pub street: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub how_did_you_hear: Option<String>,
    pub snap: Option<bool>,
    pub wic: Option<bool>,
    pub medicaid: Option<bool>,
    pub ssi: Option<bool>,
    pub tanf: Option<bool>,
}

/// The food situation questions' answers (each 1 to 3).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoodSituationAnswers {
    pub answered_at: DateTime<Utc>,
    pub worried_food_will_run_out: i32,
    pub food_did_not_last: i32,
    pub received_charity_food: i32,
    pub is_eligible: bool,
}

#[derive(Debug, Clone, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Questionnaires {
    pub eligibility: Vec<EligibilityAnswers>,
    pub checkout_survey: Vec<SurveyAnswers>,
    pub food_situation: Vec<FoodSituationAnswers>,
}

impl Store {
    pub async fn questionnaires_of(&self, user_id: i64) -> StoreResult<Questionnaires> {
        let eligibility = tefap_response::Entity::find()
            .filter(tefap_response::Column::UserId.eq(user_id))
            .order_by_asc(tefap_response::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|r| EligibilityAnswers {
                answered_at: r.created_at,
                postal_code: r.postal_code,
                is_eligible: r.is_eligible,
                answers: r.answers,
            })
            .collect();
        let checkout_survey = survey_answer::Entity::find()
            .filter(survey_answer::Column::UserId.eq(user_id))
            .order_by_asc(survey_answer::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|s| SurveyAnswers {
                answered_at: s.updated_at,
                household_members: s.household_members,
                street: s.street,
                city: s.city,
                state: s.state_abbreviation,
                date_of_birth: s.date_of_birth,
                how_did_you_hear: s.how_did_you_hear,
                snap: s.is_participation_snap_noted,
                wic: s.is_participation_wic_noted,
                medicaid: s.is_participation_medicaid_noted,
                ssi: s.is_participation_ssi_noted,
                tanf: s.is_participation_tanf_noted,
            })
            .collect();
        let food_situation = food_situation_answer::Entity::find()
            .filter(food_situation_answer::Column::UserId.eq(user_id))
            .order_by_asc(food_situation_answer::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|f| FoodSituationAnswers {
                answered_at: f.created_at,
                worried_food_will_run_out: f.worried_food_will_run_out,
                food_did_not_last: f.food_did_not_last,
                received_charity_food: f.received_charity_food,
                is_eligible: f.is_eligible,
            })
            .collect();
        Ok(Questionnaires { eligibility, checkout_survey, food_situation })
    }
}
