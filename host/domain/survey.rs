//! The checkout survey and the food-situation survey (spec §2 "Survey", §3, §5, §9).

use std::ops::RangeInclusive;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::Id;

/// At most this many unanswered questions are asked at once.
pub const MAX_SURVEY_QUESTIONS: usize = 4;
/// Birth years run from the current year minus 10 back to minus 99.
pub const BIRTH_YEARS_BEFORE_CURRENT: RangeInclusive<i32> = 10..=99;
/// Only month and year are asked; the day is fixed.
pub const DEFAULT_BIRTH_DAY: u32 = 1;
/// Food-situation answer codes (Always/Sometimes/Never, or In the last year/More than a year ago/Never).
pub const FOOD_SITUATION_CODES: RangeInclusive<u8> = 1..=3;

/// The 50 states plus District Of Columbia, as offered by the state select.
#[rustfmt::skip]
pub const US_STATES: [(&str, &str); 51] = [
    ("AL", "Alabama"), ("AK", "Alaska"), ("AZ", "Arizona"), ("AR", "Arkansas"), ("CA", "California"),
    ("CO", "Colorado"), ("CT", "Connecticut"), ("DE", "Delaware"), ("DC", "District Of Columbia"),
    ("FL", "Florida"), ("GA", "Georgia"), ("HI", "Hawaii"), ("ID", "Idaho"), ("IL", "Illinois"),
    ("IN", "Indiana"), ("IA", "Iowa"), ("KS", "Kansas"), ("KY", "Kentucky"), ("LA", "Louisiana"),
    ("ME", "Maine"), ("MD", "Maryland"), ("MA", "Massachusetts"), ("MI", "Michigan"), ("MN", "Minnesota"),
    ("MS", "Mississippi"), ("MO", "Missouri"), ("MT", "Montana"), ("NE", "Nebraska"), ("NV", "Nevada"),
    ("NH", "New Hampshire"), ("NJ", "New Jersey"), ("NM", "New Mexico"), ("NY", "New York"),
    ("NC", "North Carolina"), ("ND", "North Dakota"), ("OH", "Ohio"), ("OK", "Oklahoma"), ("OR", "Oregon"),
    ("PA", "Pennsylvania"), ("RI", "Rhode Island"), ("SC", "South Carolina"), ("SD", "South Dakota"),
    ("TN", "Tennessee"), ("TX", "Texas"), ("UT", "Utah"), ("VT", "Vermont"), ("VA", "Virginia"),
    ("WA", "Washington"), ("WV", "West Virginia"), ("WI", "Wisconsin"), ("WY", "Wyoming"),
];

pub fn is_us_state(abbreviation: &str) -> bool {
    US_STATES.iter().any(|(a, _)| a.eq_ignore_ascii_case(abbreviation.trim()))
}

/// Survey questions in the order they are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SurveyQuestion {
    HouseholdMembers,
    Street,
    City,
    State,
    DateOfBirth,
    Gender,
    Race,
    HowDidYouHear,
    Participation,
}

impl SurveyQuestion {
    pub const ALL: [SurveyQuestion; 9] = [
        Self::HouseholdMembers,
        Self::Street,
        Self::City,
        Self::State,
        Self::DateOfBirth,
        Self::Gender,
        Self::Race,
        Self::HowDidYouHear,
        Self::Participation,
    ];

    /// The key an answer is submitted under.
    pub fn name(self) -> &'static str {
        match self {
            Self::HouseholdMembers => "householdMembersResponse",
            Self::Street => "street",
            Self::City => "city",
            Self::State => "state",
            Self::DateOfBirth => "dateOfBirth",
            Self::Gender => "genderId",
            Self::Race => "raceId",
            Self::HowDidYouHear => "howDidYouHear",
            Self::Participation => "participationResponse",
        }
    }
}

/// Survey status flags: `is<Question>EnabledAndUnanswered`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyStatus {
    pub is_household_members_enabled_and_unanswered: bool,
    pub is_street_enabled_and_unanswered: bool,
    pub is_city_enabled_and_unanswered: bool,
    pub is_state_enabled_and_unanswered: bool,
    pub is_date_of_birth_enabled_and_unanswered: bool,
    pub is_gender_enabled_and_unanswered: bool,
    pub is_race_enabled_and_unanswered: bool,
    pub is_how_did_you_hear_enabled_and_unanswered: bool,
    pub is_participation_enabled_and_unanswered: bool,
}

impl SurveyStatus {
    fn asks(&self, q: SurveyQuestion) -> bool {
        match q {
            SurveyQuestion::HouseholdMembers => self.is_household_members_enabled_and_unanswered,
            SurveyQuestion::Street => self.is_street_enabled_and_unanswered,
            SurveyQuestion::City => self.is_city_enabled_and_unanswered,
            SurveyQuestion::State => self.is_state_enabled_and_unanswered,
            SurveyQuestion::DateOfBirth => self.is_date_of_birth_enabled_and_unanswered,
            SurveyQuestion::Gender => self.is_gender_enabled_and_unanswered,
            SurveyQuestion::Race => self.is_race_enabled_and_unanswered,
            SurveyQuestion::HowDidYouHear => self.is_how_did_you_hear_enabled_and_unanswered,
            SurveyQuestion::Participation => self.is_participation_enabled_and_unanswered,
        }
    }
}

/// The questions shown: the first four enabled and unanswered, in order.
pub fn shown_questions(status: &SurveyStatus) -> Vec<SurveyQuestion> {
    SurveyQuestion::ALL.into_iter().filter(|q| status.asks(*q)).take(MAX_SURVEY_QUESTIONS).collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BirthMonth {
    #[schema(minimum = 1, maximum = 12)]
    pub month: u32,
    pub year: i32,
}

/// The spec spells the program abbreviations in capitals (`isParticipationSNAPNoted`);
/// unticked boxes may be left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct Participation {
    #[serde(rename = "isParticipationSNAPNoted", alias = "isParticipationSnapNoted")]
    pub is_participation_snap_noted: bool,
    #[serde(rename = "isParticipationWICNoted", alias = "isParticipationWicNoted")]
    pub is_participation_wic_noted: bool,
    #[serde(rename = "isParticipationMedicaidNoted")]
    pub is_participation_medicaid_noted: bool,
    #[serde(rename = "isParticipationSSINoted", alias = "isParticipationSsiNoted")]
    pub is_participation_ssi_noted: bool,
    #[serde(rename = "isParticipationTANFNoted", alias = "isParticipationTanfNoted")]
    pub is_participation_tanf_noted: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyAnswers {
    #[schema(minimum = 1, maximum = 20)]
    pub household_members_response: Option<u32>,
    #[schema(max_length = 200)]
    pub street: Option<String>,
    #[schema(max_length = 100)]
    pub city: Option<String>,
    /// State abbreviation.
    pub state: Option<String>,
    pub date_of_birth: Option<BirthMonth>,
    pub gender_id: Option<Id>,
    pub race_id: Option<Id>,
    #[schema(max_length = 1000)]
    pub how_did_you_hear: Option<String>,
    /// A ticked-or-not checklist: answered once present, even with nothing ticked.
    pub participation_response: Option<Participation>,
}

/// The stored date of birth: day 1 of the month, when month and year are valid.
pub fn date_of_birth(birth: BirthMonth, current_year: i32) -> Option<NaiveDate> {
    // Checked: any i32 can arrive as the year, and the fuzzer sends the extremes.
    current_year
        .checked_sub(birth.year)
        .is_some_and(|age| BIRTH_YEARS_BEFORE_CURRENT.contains(&age))
        .then(|| NaiveDate::from_ymd_opt(birth.year, birth.month, DEFAULT_BIRTH_DAY))
        .flatten()
}

/// Shown questions without a valid answer; empty means the survey may be submitted.
/// Text answers are judged trimmed.
pub fn unanswered_questions(
    shown: &[SurveyQuestion],
    answers: &SurveyAnswers,
    current_year: i32,
) -> Vec<SurveyQuestion> {
    let text = |s: &Option<String>| s.as_deref().is_some_and(|s| !s.trim().is_empty());
    shown
        .iter()
        .copied()
        .filter(|q| match q {
            SurveyQuestion::HouseholdMembers => answers.household_members_response.is_none(),
            SurveyQuestion::Street => !text(&answers.street),
            SurveyQuestion::City => !text(&answers.city),
            SurveyQuestion::State => !answers.state.as_deref().is_some_and(is_us_state),
            SurveyQuestion::DateOfBirth => answers.date_of_birth.and_then(|b| date_of_birth(b, current_year)).is_none(),
            SurveyQuestion::Gender => answers.gender_id.is_none(),
            SurveyQuestion::Race => answers.race_id.is_none(),
            SurveyQuestion::HowDidYouHear => !text(&answers.how_did_you_hear),
            SurveyQuestion::Participation => answers.participation_response.is_none(),
        })
        .collect()
}

/// Food-situation answers (`worriedFoodWillRunOut`, `foodDidNotLast`, `receivedCharityFood`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FoodSituationAnswers {
    pub worried_food_will_run_out: Option<u8>,
    pub food_did_not_last: Option<u8>,
    pub received_charity_food: Option<u8>,
}

impl FoodSituationAnswers {
    /// All three are required, each one of the codes 1 to 3.
    pub fn is_complete(&self) -> bool {
        [self.worried_food_will_run_out, self.food_did_not_last, self.received_charity_food]
            .iter()
            .all(|a| a.is_some_and(|c| FOOD_SITUATION_CODES.contains(&c)))
    }
}

/// A food-situation screening stays valid this long: its questions ask about the last year.
pub const FOOD_SITUATION_VALID_DAYS: i64 = 365;

impl FoodSituationAnswers {
    /// Eligible when the answers show need in the last year: worrying that food would
    /// run out, or food not lasting, "Always" (1) or "Sometimes" (2) (the two
    /// questions of the Hunger Vital Sign screener), or charity food received "In the
    /// last year" (1). Incomplete answers are never eligible.
    pub fn is_eligible(&self) -> bool {
        let need = |a: Option<u8>, codes: &[u8]| a.is_some_and(|c| codes.contains(&c));
        self.is_complete()
            && (need(self.worried_food_will_run_out, &[1, 2])
                || need(self.food_did_not_last, &[1, 2])
                || need(self.received_charity_food, &[1]))
    }
}

/// The food-situation survey is asked unless the latest screening, given at
/// `answered_at`, found the shopper eligible less than a year ago.
pub fn food_situation_survey_required(
    latest: Option<(bool, chrono::DateTime<chrono::Utc>)>,
    now: chrono::DateTime<chrono::Utc>,
) -> bool {
    !latest.is_some_and(|(eligible, at)| eligible && now - at < chrono::Duration::days(FOOD_SITUATION_VALID_DAYS))
}

#[cfg(test)]
mod food_situation_tests {
    use super::*;
    use chrono::{Duration, TimeZone, Utc};

    fn answers(w: u8, f: u8, r: u8) -> FoodSituationAnswers {
        FoodSituationAnswers {
            worried_food_will_run_out: Some(w),
            food_did_not_last: Some(f),
            received_charity_food: Some(r),
        }
    }

    #[test]
    fn any_sign_of_need_in_the_last_year_is_eligible() {
        assert!(answers(1, 3, 3).is_eligible());
        assert!(answers(2, 3, 3).is_eligible());
        assert!(answers(3, 2, 3).is_eligible());
        assert!(answers(3, 3, 1).is_eligible());
        assert!(!answers(3, 3, 3).is_eligible());
        // Charity food more than a year ago is not a sign of current need.
        assert!(!answers(3, 3, 2).is_eligible());
        assert!(!answers(1, 1, 4).is_eligible());
        assert!(!FoodSituationAnswers::default().is_eligible());
    }

    #[test]
    fn participation_uses_the_spec_names() {
        let p: Participation =
            serde_json::from_str(r#"{"isParticipationSNAPNoted":true,"isParticipationTANFNoted":true}"#).unwrap();
        assert!(p.is_participation_snap_noted && p.is_participation_tanf_noted);
        assert!(!p.is_participation_wic_noted);
        let json = serde_json::to_value(p).unwrap();
        assert_eq!(json["isParticipationSSINoted"], false);
        assert_eq!(json["isParticipationMedicaidNoted"], false);
    }

    #[test]
    fn an_eligible_screening_lasts_a_year() {
        let now = Utc.with_ymd_and_hms(2026, 3, 1, 12, 0, 0).unwrap();
        assert!(food_situation_survey_required(None, now));
        assert!(!food_situation_survey_required(Some((true, now - Duration::days(60))), now));
        assert!(food_situation_survey_required(Some((false, now - Duration::days(1))), now));
        assert!(food_situation_survey_required(Some((true, now - Duration::days(365))), now));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_four_questions_in_order() {
        let all = SurveyStatus {
            is_household_members_enabled_and_unanswered: true,
            is_street_enabled_and_unanswered: true,
            is_city_enabled_and_unanswered: true,
            is_state_enabled_and_unanswered: true,
            is_date_of_birth_enabled_and_unanswered: true,
            is_gender_enabled_and_unanswered: true,
            is_race_enabled_and_unanswered: true,
            is_how_did_you_hear_enabled_and_unanswered: true,
            is_participation_enabled_and_unanswered: true,
        };
        use SurveyQuestion::*;
        assert_eq!(shown_questions(&all), vec![HouseholdMembers, Street, City, State]);
        let some = SurveyStatus {
            is_race_enabled_and_unanswered: true,
            is_street_enabled_and_unanswered: true,
            ..Default::default()
        };
        assert_eq!(shown_questions(&some), vec![Street, Race]);
        assert!(shown_questions(&SurveyStatus::default()).is_empty());
        assert_eq!(Participation.name(), "participationResponse");
    }

    #[test]
    fn date_of_birth_is_within_the_offered_years() {
        assert_eq!(date_of_birth(BirthMonth { month: 7, year: 1980 }, 2025), NaiveDate::from_ymd_opt(1980, 7, 1));
        assert_eq!(date_of_birth(BirthMonth { month: 7, year: 2016 }, 2025), None);
        assert_eq!(date_of_birth(BirthMonth { month: 7, year: 1925 }, 2025), None);
        assert_eq!(date_of_birth(BirthMonth { month: 13, year: 1980 }, 2025), None);
        // Years far out of range are refused, not an overflow.
        assert_eq!(date_of_birth(BirthMonth { month: 7, year: i32::MIN }, 2025), None);
        assert_eq!(date_of_birth(BirthMonth { month: 7, year: i32::MAX }, -2), None);
    }

    #[test]
    fn unanswered_shown_questions() {
        use SurveyQuestion::*;
        let shown = [Street, State, DateOfBirth, HowDidYouHear];
        let mut a = SurveyAnswers {
            street: Some(" 1 Main St ".into()),
            state: Some("dc".into()),
            date_of_birth: Some(BirthMonth { month: 2, year: 1990 }),
            how_did_you_hear: Some("   ".into()),
            ..Default::default()
        };
        assert_eq!(unanswered_questions(&shown, &a, 2025), vec![HowDidYouHear]);
        a.how_did_you_hear = Some("a friend".into());
        a.state = Some("XX".into());
        assert_eq!(unanswered_questions(&shown, &a, 2025), vec![State]);
        // Questions not shown are not required.
        assert!(
            unanswered_questions(
                &[Participation],
                &SurveyAnswers { participation_response: Some(Default::default()), ..Default::default() },
                2025
            )
            .is_empty()
        );
    }

    #[test]
    fn states_are_fifty_plus_dc() {
        assert_eq!(US_STATES.len(), 51);
        assert!(is_us_state("OH") && is_us_state("DC") && !is_us_state("PR"));
    }

    #[test]
    fn food_situation_needs_all_three_codes() {
        let full = FoodSituationAnswers {
            worried_food_will_run_out: Some(1),
            food_did_not_last: Some(2),
            received_charity_food: Some(3),
        };
        assert!(full.is_complete());
        assert!(!FoodSituationAnswers { received_charity_food: None, ..full }.is_complete());
        assert!(!FoodSituationAnswers { food_did_not_last: Some(4), ..full }.is_complete());
    }
}
