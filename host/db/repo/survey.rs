//! The checkout survey (which questions a food bank asks, what a shopper has
//! answered) and the food-situation screening.
use super::{Store, StoreResult, param};
use crate::{
    db::entity::{food_bank, food_bank_survey_question, food_situation_answer, survey_answer, survey_question, user},
    domain::{
        checkout_questions::QuestionFacts,
        survey::{FoodSituationAnswers, SurveyAnswers, SurveyQuestion, SurveyStatus},
    },
};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QueryOrder, QuerySelect,
    Set, Statement,
};

/// `survey_questions.code` (see the reference seed) → question.
fn question(code: &str) -> Option<SurveyQuestion> {
    Some(match code {
        "HouseholdMembers" => SurveyQuestion::HouseholdMembers,
        "Street" => SurveyQuestion::Street,
        "City" => SurveyQuestion::City,
        "State" => SurveyQuestion::State,
        "DateOfBirth" => SurveyQuestion::DateOfBirth,
        "Gender" => SurveyQuestion::Gender,
        "Race" => SurveyQuestion::Race,
        "HowDidYouHear" => SurveyQuestion::HowDidYouHear,
        "Participation" => SurveyQuestion::Participation,
        _ => return None,
    })
}

fn answered(row: Option<&survey_answer::Model>, q: SurveyQuestion) -> bool {
    let Some(a) = row else { return false };
    match q {
        SurveyQuestion::HouseholdMembers => a.household_members.is_some(),
        SurveyQuestion::Street => a.street.is_some(),
        SurveyQuestion::City => a.city.is_some(),
        SurveyQuestion::State => a.state_abbreviation.is_some(),
        SurveyQuestion::DateOfBirth => a.date_of_birth.is_some(),
        SurveyQuestion::Gender => a.gender_id.is_some(),
        SurveyQuestion::Race => a.race_id.is_some(),
        SurveyQuestion::HowDidYouHear => a.how_did_you_hear.is_some(),
        SurveyQuestion::Participation => a.is_participation_snap_noted.is_some(),
    }
}

fn set_flag(status: &mut SurveyStatus, q: SurveyQuestion) {
    let flag = match q {
        SurveyQuestion::HouseholdMembers => &mut status.is_household_members_enabled_and_unanswered,
        SurveyQuestion::Street => &mut status.is_street_enabled_and_unanswered,
        SurveyQuestion::City => &mut status.is_city_enabled_and_unanswered,
        SurveyQuestion::State => &mut status.is_state_enabled_and_unanswered,
        SurveyQuestion::DateOfBirth => &mut status.is_date_of_birth_enabled_and_unanswered,
        SurveyQuestion::Gender => &mut status.is_gender_enabled_and_unanswered,
        SurveyQuestion::Race => &mut status.is_race_enabled_and_unanswered,
        SurveyQuestion::HowDidYouHear => &mut status.is_how_did_you_hear_enabled_and_unanswered,
        SurveyQuestion::Participation => &mut status.is_participation_enabled_and_unanswered,
    };
    *flag = true;
}

impl<C: ConnectionTrait> Store<C> {
    /// Which of `food_bank_id`'s questions `user_id` has yet to answer; `None` for an unknown food bank.
    pub async fn survey_status(&self, user_id: i64, food_bank_id: i64) -> StoreResult<Option<SurveyStatus>> {
        let c = &self.db;
        if food_bank::Entity::find_by_id(food_bank_id).one(c).await?.is_none() {
            return Ok(None);
        }
        let row = survey_answer::Entity::find().filter(survey_answer::Column::UserId.eq(user_id)).one(c).await?;
        Ok(Some(self.unanswered(food_bank_id, row.as_ref()).await?))
    }

    /// Which of the food bank's enabled questions `row` (the shopper's answers) leaves open.
    async fn unanswered(&self, food_bank_id: i64, row: Option<&survey_answer::Model>) -> StoreResult<SurveyStatus> {
        let codes: Vec<String> = food_bank_survey_question::Entity::find()
            .inner_join(survey_question::Entity)
            .filter(food_bank_survey_question::Column::FoodBankId.eq(food_bank_id))
            .filter(food_bank_survey_question::Column::IsEnabled.eq(true))
            .select_only()
            .column(survey_question::Column::Code)
            .into_tuple()
            .all(&self.db)
            .await?;
        let mut status = SurveyStatus::default();
        for q in codes.iter().filter_map(|code| question(code)) {
            if !answered(row, q) {
                set_flag(&mut status, q);
            }
        }
        Ok(status)
    }

    /// The latest screening: (eligible, when).
    pub async fn latest_food_situation(&self, user_id: i64) -> StoreResult<Option<(bool, DateTime<Utc>)>> {
        let c = &self.db;
        Ok(food_situation_answer::Entity::find()
            .filter(food_situation_answer::Column::UserId.eq(user_id))
            .order_by_desc(food_situation_answer::Column::CreatedAt)
            .order_by_desc(food_situation_answer::Column::Id)
            .select_only()
            .column(food_situation_answer::Column::IsEligible)
            .column(food_situation_answer::Column::CreatedAt)
            .into_tuple()
            .one(c)
            .await?)
    }

    /// What the checkout-questions rule reads for an order at `food_bank_id`, inside the order's
    /// own transaction (see `domain::checkout_questions`).
    pub async fn checkout_question_facts(&self, user_id: i64, food_bank_id: i64) -> StoreResult<QuestionFacts> {
        let c = &self.db;
        // The food bank is the order's own (it exists); the answers are read once for both facts.
        let answers = survey_answer::Entity::find().filter(survey_answer::Column::UserId.eq(user_id)).one(c).await?;
        // The last order and the latest screening, in one read.
        #[derive(FromQueryResult)]
        struct Latest {
            last_order_at: Option<DateTime<Utc>>,
            screened_eligible: Option<bool>,
            screened_at: Option<DateTime<Utc>>,
        }
        let backend = c.get_database_backend();
        let user = param(backend, 1);
        let screening = |column: &str| {
            format!(
                "(SELECT {column} FROM food_situation_answers WHERE user_id = {user} \
                 ORDER BY created_at DESC, id DESC LIMIT 1)"
            )
        };
        let sql = format!(
            "SELECT (SELECT created_at FROM orders WHERE user_id = {user} ORDER BY created_at DESC LIMIT 1) \
             AS last_order_at, {} AS screened_eligible, {} AS screened_at",
            screening("is_eligible"),
            screening("created_at"),
        );
        let latest =
            Latest::find_by_statement(Statement::from_sql_and_values(backend, sql, [user_id.into()])).one(c).await?;
        let (last_order_at, latest_screening) = match latest {
            Some(l) => (l.last_order_at, l.screened_eligible.zip(l.screened_at)),
            None => (None, None),
        };
        Ok(QuestionFacts {
            latest_screening,
            survey: self.unanswered(food_bank_id, answers.as_ref()).await?,
            last_survey_at: answers.map(|a| a.updated_at),
            last_order_at,
        })
    }
}

impl Store {
    pub async fn default_food_bank_id(&self, user_id: i64) -> StoreResult<Option<i64>> {
        Ok(user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::DefaultFoodBankId)
            .into_tuple::<Option<i64>>()
            .one(&self.db)
            .await?
            .flatten())
    }
}

impl super::Write {
    /// Stores the given answers (validated and trimmed); questions left out keep
    /// their earlier answer. `date_of_birth` is the stored form of `answers.date_of_birth`.
    pub async fn save_survey_answers(
        &self,
        user_id: i64,
        food_bank_id: Option<i64>,
        answers: &SurveyAnswers,
        date_of_birth: Option<NaiveDate>,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let existing =
            survey_answer::Entity::find().filter(survey_answer::Column::UserId.eq(user_id)).one(&self.db).await?;
        let is_new = existing.is_none();
        let mut row: survey_answer::ActiveModel = match existing {
            Some(m) => m.into(),
            None => survey_answer::ActiveModel { user_id: Set(user_id), created_at: Set(at), ..Default::default() },
        };
        if food_bank_id.is_some() {
            row.food_bank_id = Set(food_bank_id);
        }
        if let Some(n) = answers.household_members_response {
            row.household_members = Set(Some(n as i32));
        }
        if let Some(s) = &answers.street {
            row.street = Set(Some(s.clone()));
        }
        if let Some(c) = &answers.city {
            row.city = Set(Some(c.clone()));
        }
        if let Some(s) = &answers.state {
            row.state_abbreviation = Set(Some(s.clone()));
        }
        if date_of_birth.is_some() {
            row.date_of_birth = Set(date_of_birth);
        }
        if let Some(g) = answers.gender_id {
            row.gender_id = Set(Some(g));
        }
        if let Some(r) = answers.race_id {
            row.race_id = Set(Some(r));
        }
        if let Some(h) = &answers.how_did_you_hear {
            row.how_did_you_hear = Set(Some(h.clone()));
        }
        if let Some(p) = answers.participation_response {
            row.is_participation_snap_noted = Set(Some(p.is_participation_snap_noted));
            row.is_participation_wic_noted = Set(Some(p.is_participation_wic_noted));
            row.is_participation_medicaid_noted = Set(Some(p.is_participation_medicaid_noted));
            row.is_participation_ssi_noted = Set(Some(p.is_participation_ssi_noted));
            row.is_participation_tanf_noted = Set(Some(p.is_participation_tanf_noted));
        }
        row.updated_at = Set(at);
        if is_new {
            row.insert(&self.db).await?;
        } else {
            row.update(&self.db).await?;
        }
        Ok(())
    }

    /// Keeps a complete screening with its verdict, under the user's default food bank.
    pub async fn save_food_situation(
        &self,
        user_id: i64,
        answers: &FoodSituationAnswers,
        is_eligible: bool,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let code = |a: Option<u8>| Set(i32::from(a.unwrap_or_default()));
        let food_bank_id: Option<i64> = user::Entity::find_by_id(user_id)
            .select_only()
            .column(user::Column::DefaultFoodBankId)
            .into_tuple::<Option<i64>>()
            .one(&self.db)
            .await?
            .flatten();
        food_situation_answer::ActiveModel {
            user_id: Set(user_id),
            food_bank_id: Set(food_bank_id),
            worried_food_will_run_out: code(answers.worried_food_will_run_out),
            food_did_not_last: code(answers.food_did_not_last),
            received_charity_food: code(answers.received_charity_food),
            is_eligible: Set(is_eligible),
            created_at: Set(at),
            ..Default::default()
        }
        .insert(&self.db)
        .await?;
        Ok(())
    }
}
