//! The questions a shopper answers in the checkout before an order may be placed (spec §2
//! Checkout: the "Eligibility" step's food-situation screening, then the "Survey" step), as
//! Place Order enforces them, so an order cannot skip what the checkout asks.
use super::{
    messages,
    refusal::RefusalKind,
    survey::{SurveyStatus, food_situation_survey_required, shown_questions},
};
use chrono::{DateTime, Utc};

/// A checkout step whose questions are still due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DueStep {
    Eligibility,
    Survey,
}

impl DueStep {
    /// The checkout step's name (its URL segment, /cart/schedulepickup/{step}).
    pub fn step(self) -> &'static str {
        match self {
            Self::Eligibility => "eligibility",
            Self::Survey => "survey",
        }
    }

    pub fn refusal(self) -> &'static RefusalKind {
        match self {
            Self::Eligibility => &messages::ELIGIBILITY_QUESTIONS_DUE,
            Self::Survey => &messages::SURVEY_QUESTIONS_DUE,
        }
    }
}

/// What the rule reads about one shopper and the order's food bank.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuestionFacts {
    /// The latest food-situation screening: (eligible, when).
    pub latest_screening: Option<(bool, DateTime<Utc>)>,
    /// The food bank's questions the shopper has not answered.
    pub survey: SurveyStatus,
    /// When the shopper last submitted survey answers.
    pub last_survey_at: Option<DateTime<Utc>>,
    /// When the shopper last placed an order (any food bank, any status).
    pub last_order_at: Option<DateTime<Utc>>,
}

/// The first checkout step still due, in the checkout's order; None when the order may go.
///
/// - Eligibility: the same rule as `GET /account/eligibilitystatus` (every food bank asks it):
///   due unless a screening less than a year old found the shopper eligible.
/// - Survey: the checkout shows up to four of the food bank's enabled and unanswered questions,
///   so a shopper with questions left answers one round per order: due while questions are
///   left and no survey answers came in since the last order.
pub fn due_step(facts: &QuestionFacts, now: DateTime<Utc>) -> Option<DueStep> {
    if food_situation_survey_required(facts.latest_screening, now) {
        return Some(DueStep::Eligibility);
    }
    let answered_this_round = match (facts.last_survey_at, facts.last_order_at) {
        (Some(survey), Some(order)) => survey > order,
        (Some(_), None) => true,
        (None, _) => false,
    };
    if !shown_questions(&facts.survey).is_empty() && !answered_this_round {
        return Some(DueStep::Survey);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 4, 1, 12, 0, 0).unwrap()
    }

    fn ago(days: i64) -> Option<DateTime<Utc>> {
        Some(now() - Duration::days(days))
    }

    fn all_set() -> QuestionFacts {
        QuestionFacts {
            latest_screening: Some((true, now() - Duration::days(30))),
            survey: SurveyStatus::default(),
            last_survey_at: None,
            last_order_at: None,
        }
    }

    #[test]
    fn the_screening_comes_first_and_lasts_a_year_when_eligible() {
        assert_eq!(due_step(&all_set(), now()), None);
        let none = QuestionFacts { latest_screening: None, ..all_set() };
        assert_eq!(due_step(&none, now()), Some(DueStep::Eligibility));
        let not_eligible = QuestionFacts { latest_screening: Some((false, now())), ..all_set() };
        assert_eq!(due_step(&not_eligible, now()), Some(DueStep::Eligibility));
        let old = QuestionFacts { latest_screening: Some((true, now() - Duration::days(400))), ..all_set() };
        assert_eq!(due_step(&old, now()), Some(DueStep::Eligibility));
        let both = QuestionFacts {
            survey: SurveyStatus { is_city_enabled_and_unanswered: true, ..Default::default() },
            ..none
        };
        assert_eq!(due_step(&both, now()), Some(DueStep::Eligibility), "in the checkout's order");
    }

    #[test]
    fn one_survey_round_per_order_while_questions_are_left() {
        let left = SurveyStatus { is_race_enabled_and_unanswered: true, ..Default::default() };
        let never = QuestionFacts { survey: left, ..all_set() };
        assert_eq!(due_step(&never, now()), Some(DueStep::Survey));
        let first_order = QuestionFacts { last_survey_at: ago(0), ..never };
        assert_eq!(due_step(&first_order, now()), None);
        let answered_before_last_order = QuestionFacts { last_survey_at: ago(3), last_order_at: ago(2), ..never };
        assert_eq!(due_step(&answered_before_last_order, now()), Some(DueStep::Survey));
        let answered_since = QuestionFacts { last_survey_at: ago(1), last_order_at: ago(2), ..never };
        assert_eq!(due_step(&answered_since, now()), None);
        // Nothing left to ask: no round needed, however long ago the last one was.
        let done = QuestionFacts { last_survey_at: ago(300), last_order_at: ago(1), ..all_set() };
        assert_eq!(due_step(&done, now()), None);
        assert_eq!((DueStep::Survey.step(), DueStep::Eligibility.step()), ("survey", "eligibility"));
    }
}
