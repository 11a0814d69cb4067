//! Reference data every installation needs. Ids are fixed, so they are the same on every
//! database and can be relied on by clients (e.g. "None" assistance program = 0 and
//! "Other" county = 0 are added by the app, never stored).

use sea_orm::{ConnectionTrait, DbErr, Set};

use super::super::entity::{
    assistance_program, donation_package_type, gender, order_status_type, province, province_assistance_program, race,
    survey_question, tefap_guideline, unit_of_measure,
};
use super::insert_missing;
use super::us_states::US_STATES;
use crate::domain::orders::{OrderStatus, StatusType};

/// HHS poverty guidelines, 2025 (published January 2025), in dollars per year:
/// (base for a household of one, amount per additional person).
pub(super) const POVERTY_GUIDELINE_YEAR: i32 = 2025;
const POVERTY_CONTIGUOUS: (i32, i32) = (15_650, 5_500);
const POVERTY_ALASKA: (i32, i32) = (19_550, 6_880);
const POVERTY_HAWAII: (i32, i32) = (17_990, 6_330);

const GENDERS: &[&str] = &["Female", "Male", "Non-binary", "Another gender", "Prefer not to say"];

const RACES: &[&str] = &[
    "American Indian or Alaska Native",
    "Asian",
    "Black or African American",
    "Hispanic or Latino",
    "Native Hawaiian or Other Pacific Islander",
    "White",
    "Two or more races",
    "Other",
    "Prefer not to say",
];

/// (id, abbreviation, name). Ids 1..=5; 0 is the app's "None" option.
pub(super) const ASSISTANCE_PROGRAMS: &[(i64, &str, &str)] = &[
    (1, "SNAP", "SNAP (food stamps)"),
    (2, "WIC", "WIC"),
    (3, "Medicaid", "Medicaid"),
    (4, "SSI", "SSI"),
    (5, "TANF", "TANF (welfare)"),
];

/// Checkout survey questions in display order (§2 Survey). Codes match the status flags
/// (`is{Code}EnabledAndUnanswered`).
pub(super) const SURVEY_QUESTIONS: &[(i64, &str, &str)] = &[
    (1, "HouseholdMembers", "How many people live in your household?"),
    (2, "Street", "Street"),
    (3, "City", "City"),
    (4, "State", "State"),
    (5, "DateOfBirth", "Date of birth"),
    (6, "Gender", "Gender"),
    (7, "Race", "Race"),
    (8, "HowDidYouHear", "How did you hear about this service (please be specific)?"),
    (9, "Participation", "Check the programs you or any members of your household participate in:"),
];

pub(super) const UNITS: &[&str] = &["lb", "oz", "fl oz", "gal", "qt", "ct", "roll"];

pub(super) const PACKAGE_TYPES: &[&str] =
    &["Bag", "Box", "Can", "Jar", "Bottle", "Carton", "Each", "Pack", "Loaf", "Tub", "Case", "Tube", "Canister", "Jug"];

/// Illustrative TEFAP income thresholds (% of the poverty guideline) — demo values, not
/// the states' published rules. States not listed use 185 %.
const INCOME_PERCENT: &[(&str, i32)] = &[
    ("OH", 200),
    ("IL", 185),
    ("WA", 200),
    ("CO", 185),
    ("AZ", 185),
    ("NY", 185),
    ("CA", 200),
    ("TX", 185),
    ("PA", 185),
    ("MI", 200),
    ("AK", 185),
    ("HI", 185),
    ("DC", 200),
];

/// States whose guideline does not accept cross-eligibility (asks income instead).
const NO_CROSS_ELIGIBILITY: &[&str] = &["ND", "VT"];
/// States that accept cross-eligibility but recognise no program as cross-eligible
/// (the app then auto-answers NO).
const NO_CROSS_ELIGIBLE_PROGRAMS: &[&str] = &["WY"];
/// States that require proof of income / identification (exercise those TEFAP steps).
const REQUIRES_INCOME_PROOF: &[&str] = &["IL", "TX"];
const REQUIRES_ID_PROOF: &[&str] = &["IL", "WA"];
/// States that accept an emergency situation instead of the income test.
const ACCEPTS_EMERGENCY: &[&str] = &["OH", "CO", "WA", "CA", "NY"];

/// Province id for a USPS abbreviation: position in [`US_STATES`] (alphabetical by
/// name) + 1. Stable across databases.
pub(super) fn province_id(abbreviation: &str) -> i64 {
    US_STATES
        .iter()
        .position(|s| s.0 == abbreviation)
        .map(|i| i as i64 + 1)
        .unwrap_or_else(|| panic!("unknown state {abbreviation}"))
}

/// Seeds the reference tables. Safe to run on every start: existing ids are left alone.
pub async fn seed_reference<C: ConnectionTrait>(db: &C) -> Result<(), DbErr> {
    let statuses = StatusType::ALL
        .into_iter()
        .map(|t| order_status_type::ActiveModel {
            id: Set(t.id()),
            code: Set(t.code().into()),
            name: Set(t.name().into()),
            is_successfully_completed_type: Set(t.status() == OrderStatus::Completed),
            is_cancelled_type: Set(t.status() == OrderStatus::Cancelled),
            is_in_progress_type: Set(t.status() == OrderStatus::InProgress),
            sort_order: Set(t.id() as i32),
        })
        .collect();
    insert_missing(db, "order_status_types", statuses).await?;

    let genders = GENDERS
        .iter()
        .enumerate()
        .map(|(i, name)| gender::ActiveModel {
            id: Set(i as i64 + 1),
            name: Set((*name).into()),
            sort_order: Set(i as i32),
        })
        .collect();
    insert_missing(db, "genders", genders).await?;

    let races = RACES
        .iter()
        .enumerate()
        .map(|(i, name)| race::ActiveModel {
            id: Set(i as i64 + 1),
            name: Set((*name).into()),
            sort_order: Set(i as i32),
        })
        .collect();
    insert_missing(db, "races", races).await?;

    let programs = ASSISTANCE_PROGRAMS
        .iter()
        .map(|&(id, abbreviation, name)| assistance_program::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            abbreviation: Set(abbreviation.into()),
            sort_order: Set(id as i32),
        })
        .collect();
    insert_missing(db, "assistance_programs", programs).await?;

    let questions = SURVEY_QUESTIONS
        .iter()
        .map(|&(id, code, name)| survey_question::ActiveModel {
            id: Set(id),
            code: Set(code.into()),
            name: Set(name.into()),
            sort_order: Set(id as i32),
        })
        .collect();
    insert_missing(db, "survey_questions", questions).await?;

    let units = UNITS
        .iter()
        .enumerate()
        .map(|(i, name)| unit_of_measure::ActiveModel { id: Set(i as i64 + 1), name: Set((*name).into()) })
        .collect();
    insert_missing(db, "unit_of_measures", units).await?;

    let packages = PACKAGE_TYPES
        .iter()
        .enumerate()
        .map(|(i, name)| donation_package_type::ActiveModel { id: Set(i as i64 + 1), name: Set((*name).into()) })
        .collect();
    insert_missing(db, "donation_package_types", packages).await?;

    let mut provinces = Vec::new();
    let mut guidelines = Vec::new();
    let mut links = Vec::new();
    for (i, &(abbr, name, fips, _, _, _)) in US_STATES.iter().enumerate() {
        let id = i as i64 + 1;
        let (base, per_person) = match abbr {
            "AK" => POVERTY_ALASKA,
            "HI" => POVERTY_HAWAII,
            _ => POVERTY_CONTIGUOUS,
        };
        provinces.push(province::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            abbreviation: Set(abbr.into()),
            fips: Set(Some(fips.into())),
            poverty_guideline_year: Set(POVERTY_GUIDELINE_YEAR),
            poverty_base_income_dollars: Set(base),
            poverty_per_person_dollars: Set(per_person),
        });
        let income_percent = INCOME_PERCENT.iter().find(|p| p.0 == abbr).map(|p| p.1).unwrap_or(185);
        guidelines.push(tefap_guideline::ActiveModel {
            id: Set(id),
            province_id: Set(id),
            requires_geographic_residency: Set(true),
            accepts_cross_eligibility: Set(!NO_CROSS_ELIGIBILITY.contains(&abbr)),
            requires_income_check: Set(true),
            requires_income_proof: Set(REQUIRES_INCOME_PROOF.contains(&abbr)),
            requires_income_self_declare: Set(!REQUIRES_INCOME_PROOF.contains(&abbr)),
            requires_identification_proof: Set(REQUIRES_ID_PROOF.contains(&abbr)),
            accepts_emergency_situation: Set(ACCEPTS_EMERGENCY.contains(&abbr)),
            income_percent_required: Set(income_percent),
        });
        for &(program_id, program, _) in ASSISTANCE_PROGRAMS {
            // SNAP, SSI and TANF are cross-eligible everywhere; WIC and Medicaid in about
            // half the states; none in the NO_CROSS_ELIGIBLE_PROGRAMS states.
            let cross = !NO_CROSS_ELIGIBLE_PROGRAMS.contains(&abbr)
                && match program {
                    "WIC" | "Medicaid" => fips.parse::<u32>().unwrap_or(0) % 2 == 0,
                    _ => true,
                };
            links.push(province_assistance_program::ActiveModel {
                id: Set((id - 1) * ASSISTANCE_PROGRAMS.len() as i64 + program_id),
                province_id: Set(id),
                assistance_program_id: Set(program_id),
                is_cross_eligible: Set(cross),
            });
        }
    }
    insert_missing(db, "provinces", provinces).await?;
    insert_missing(db, "tefap_guidelines", guidelines).await?;
    insert_missing(db, "province_assistance_programs", links).await?;
    Ok(())
}
