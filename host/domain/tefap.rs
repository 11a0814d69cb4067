//! TEFAP (The Emergency Food Assistance Program): who sees TEFAP items, the
//! income maximum, and the eligibility flow (spec §3, §4, §5, §9).

use std::ops::RangeInclusive;

use chrono::{DateTime, Months, NaiveDate, Utc};

use serde::{Deserialize, Serialize};

use super::Id;

pub const DEFAULT_INCOME_PERCENT: f64 = 100.0;
pub const HOUSEHOLD_SIZES: RangeInclusive<u32> = 1..=20;
/// The "Other" county added locally; a real county must then be picked.
pub const OTHER_COUNTY_ID: Id = 0;
/// The "None" assistance program added locally.
pub const NONE_PROGRAM_ID: Id = 0;

/// How long a TEFAP decision stands before the household recertifies (issue 49 item 5), unless
/// the food bank sets another period (`food_banks.tefap_valid_months`): the shopper's
/// questionnaire answer or a staff member's decision older than this no longer shows TEFAP items.
pub const TEFAP_VALID_MONTHS: u32 = 12;
/// The periods a food bank may set, in months.
pub const TEFAP_VALID_RANGE: RangeInclusive<u32> = 1..=36;

/// The earliest moment a TEFAP decision still standing at `now` was made, under a period of
/// `months`.
pub fn decided_since(now: DateTime<Utc>, months: u32) -> DateTime<Utc> {
    now.checked_sub_months(Months::new(months)).unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// When the last TEFAP decision (`decided`: the latest questionnaire answer or staff decision)
/// lapsed under a period of `months`, if it has by `now`: from then the shop offers the
/// questionnaire again (issue 49 item 5).
pub fn recertification_due_at(
    decided: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    months: u32,
) -> Option<DateTime<Utc>> {
    decided.and_then(|at| at.checked_add_months(Months::new(months))).filter(|due| *due <= now)
}

/// Whether a household's TEFAP decision of `decided_on` (none: never decided) has lapsed by
/// `today` under a period of `months`.
pub fn recertification_due(decided_on: Option<NaiveDate>, today: NaiveDate, months: u32) -> bool {
    decided_on.and_then(|d| d.checked_add_months(Months::new(months))).is_none_or(|until| until <= today)
}

/// A stored eligibility (`tefapEligibilities`); any present field may match.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TefapEligibility {
    pub province_abbreviation: Option<String>,
    pub food_bank_id: Option<Id>,
    pub county_id: Option<Id>,
    pub postal_code: Option<String>,
}

/// Where the shopper is shopping, as TEFAP eligibility sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TefapArea {
    pub food_bank_id: Id,
    /// The selected food bank's province abbreviation.
    pub province_abbreviation: Option<String>,
    pub county_id: Option<Id>,
    pub postal_code: Option<String>,
}

impl TefapArea {
    /// Pickup: county and postal code of the selected pantry's address.
    pub fn pickup(
        food_bank_id: Id,
        province_abbreviation: Option<String>,
        pantry_county_id: Option<Id>,
        pantry_postal_code: Option<String>,
    ) -> Self {
        Self { food_bank_id, province_abbreviation, county_id: pantry_county_id, postal_code: pantry_postal_code }
    }

    /// Delivery: the food bank's address, which has no county.
    pub fn delivery(
        food_bank_id: Id,
        province_abbreviation: Option<String>,
        food_bank_postal_code: Option<String>,
    ) -> Self {
        Self { food_bank_id, province_abbreviation, county_id: None, postal_code: food_bank_postal_code }
    }
}

/// True when any stored eligibility matches the food bank's province
/// abbreviation or id, or the area's county id or postal code.
pub fn is_tefap_eligible(eligibilities: &[TefapEligibility], area: &TefapArea) -> bool {
    let same = |a: &Option<String>, b: &Option<String>| match (a, b) {
        (Some(a), Some(b)) => !a.trim().is_empty() && a.trim().eq_ignore_ascii_case(b.trim()),
        _ => false,
    };
    eligibilities.iter().any(|e| {
        same(&e.province_abbreviation, &area.province_abbreviation)
            || e.food_bank_id == Some(area.food_bank_id)
            || (e.county_id.is_some() && e.county_id == area.county_id)
            || same(&e.postal_code, &area.postal_code)
    })
}

/// (base income + per-person amount × (household size − 1)) × percent / 100.
/// A missing or zero `incomePercentRequired` means 100, as the spec's "or 100".
pub fn income_maximum(
    base_income: f64,
    per_person_amount: f64,
    household_size: u32,
    income_percent_required: Option<f64>,
) -> f64 {
    let percent = income_percent_required.filter(|p| *p != 0.0).unwrap_or(DEFAULT_INCOME_PERCENT);
    let extra_people = household_size.max(1) - 1;
    (base_income + per_person_amount * f64::from(extra_people)) * percent / 100.0
}

/// An assistance program of the guideline's province.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssistanceProgram {
    pub assistance_program_id: Id,
    pub is_cross_eligible: bool,
}

/// The parts of a TEFAP guideline the flow reads. Residency and income-check
/// flags are not here: the flow asks residency and income regardless.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TefapGuideline {
    pub accepts_cross_eligibility: bool,
    pub requires_income_proof: bool,
    pub accepts_emergency_situation: bool,
    pub requires_identification_proof: bool,
    pub income_percent_required: Option<f64>,
    pub base_income_in_dollars: f64,
    pub per_person_amount_in_dollars: f64,
    pub programs: Vec<AssistanceProgram>,
}

impl TefapGuideline {
    pub fn income_maximum(&self, household_size: u32) -> f64 {
        income_maximum(
            self.base_income_in_dollars,
            self.per_person_amount_in_dollars,
            household_size,
            self.income_percent_required,
        )
    }

    /// The income maximum of every household size the flow offers, smallest first: the income
    /// question shows the one of the chosen size, so the app never computes it.
    pub fn income_maximums(&self) -> impl Iterator<Item = (u32, f64)> + '_ {
        HOUSEHOLD_SIZES.map(|size| (size, self.income_maximum(size)))
    }

    /// The cross-eligibility question is answered YES when at least one
    /// selected program is cross-eligible in the province.
    pub fn is_cross_eligible(&self, selected_program_ids: &[Id]) -> bool {
        self.programs.iter().any(|p| p.is_cross_eligible && selected_program_ids.contains(&p.assistance_program_id))
    }

    fn has_cross_eligible_programs(&self) -> bool {
        self.programs.iter().any(|p| p.is_cross_eligible)
    }
}

/// The question steps of the eligibility flow; automatic checks are resolved
/// inside [`next_step`] so callers only ever see a step that needs an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TefapStep {
    Intro,
    Homeless,
    Residency,
    CrossEligibility,
    HouseholdSize,
    Income,
    ProveIncome,
    EmergencySituation,
    Attest,
    IdRequirement,
    Confirmation,
    /// Acknowledging it (any answer) completes the flow as not eligible.
    Disqualified,
    Complete,
}

/// The step after answering `step` with YES (`true`) or NO.
pub fn next_step(step: TefapStep, yes: bool, guideline: &TefapGuideline) -> TefapStep {
    use TefapStep::*;
    let cross_check = || {
        // No cross-eligible program in the province answers the question NO by itself.
        if guideline.accepts_cross_eligibility && guideline.has_cross_eligible_programs() {
            CrossEligibility
        } else {
            HouseholdSize
        }
    };
    let or_disqualified = |next: TefapStep| if yes { next } else { Disqualified };
    match step {
        Intro => or_disqualified(Homeless),
        Homeless if yes => cross_check(),
        Homeless => Residency,
        Residency if yes => cross_check(),
        CrossEligibility if yes => Attest,
        CrossEligibility => HouseholdSize,
        HouseholdSize => or_disqualified(Income),
        Income if yes && guideline.requires_income_proof => ProveIncome,
        Income if yes => Attest,
        Income if guideline.accepts_emergency_situation => EmergencySituation,
        ProveIncome | EmergencySituation => or_disqualified(Attest),
        Attest if yes && guideline.requires_identification_proof => IdRequirement,
        Attest | IdRequirement => or_disqualified(Confirmation),
        Confirmation => or_disqualified(Complete),
        Residency | Income => Disqualified,
        Disqualified | Complete => Complete,
    }
}

/// Submitted eligibility answers (spec §3 "Eligibility answers").
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TefapAnswers {
    pub is_homeless: bool,
    pub residency_postal_code: Option<String>,
    pub residency_county: Option<Id>,
    pub selected_assistance_program_ids: Vec<Id>,
    pub total_household_size: Option<u32>,
    pub is_below_income_limit: Option<bool>,
    pub can_prove_income: Option<bool>,
    pub is_emergency: Option<bool>,
    pub emergency_text: Option<String>,
    pub signature: Option<String>,
    pub typed_name: Option<String>,
    pub is_identification_available: Option<bool>,
    pub accepted_terms: bool,
    pub disqualified: bool,
}

/// Whether `answers` walk the flow to Complete without being disqualified,
/// so the server decides `isEligible` by the same rules the client shows.
pub fn tefap_answers_eligible(answers: &TefapAnswers, guideline: &TefapGuideline) -> bool {
    use TefapStep::*;
    if answers.disqualified {
        return false;
    }
    let filled = |s: &Option<String>| s.as_deref().is_some_and(|s| !s.trim().is_empty());
    let mut step = Intro;
    loop {
        let yes = match step {
            Intro => true,
            Homeless => answers.is_homeless,
            // The stored county is the final choice, so Other must have been replaced.
            Residency => {
                filled(&answers.residency_postal_code) && answers.residency_county.is_some_and(|c| c != OTHER_COUNTY_ID)
            }
            CrossEligibility => guideline.is_cross_eligible(&answers.selected_assistance_program_ids),
            HouseholdSize => answers.total_household_size.is_some_and(|n| HOUSEHOLD_SIZES.contains(&n)),
            Income => answers.is_below_income_limit == Some(true),
            ProveIncome => answers.can_prove_income == Some(true),
            EmergencySituation => answers.is_emergency == Some(true),
            Attest => filled(&answers.signature) && filled(&answers.typed_name),
            IdRequirement => answers.is_identification_available == Some(true),
            Confirmation => answers.accepted_terms,
            Disqualified => return false,
            Complete => return true,
        };
        step = next_step(step, yes, guideline);
    }
}

/// The ZIP codes the answers' area is looked up by, in order (§4 "Homeless"): the residency ZIP,
/// then the selected food bank's; for a homeless shopper the food bank's first, since they may
/// have no residence to give.
pub fn area_zips<'a>(
    is_homeless: bool,
    residency: Option<&'a str>,
    food_bank_zip: Option<&'a str>,
) -> [Option<&'a str>; 2] {
    if is_homeless { [food_bank_zip, residency] } else { [residency, food_bank_zip] }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_lapses_twelve_months_on() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        let decided = Some(at("2025-03-31T15:00:00Z"));
        assert_eq!(recertification_due_at(decided, at("2026-03-31T14:59:59Z"), 12), None);
        assert_eq!(recertification_due_at(decided, at("2026-04-02T00:00:00Z"), 12), Some(at("2026-03-31T15:00:00Z")));
        assert_eq!(recertification_due_at(None, at("2030-01-01T00:00:00Z"), 12), None, "never decided: nothing lapsed");
        assert!(decided_since(at("2026-03-31T15:00:00Z"), 12) == at("2025-03-31T15:00:00Z"));
    }

    #[test]
    fn a_food_banks_own_period_decides_when_a_decision_lapses() {
        let at = |s: &str| s.parse::<DateTime<Utc>>().unwrap();
        let decided = Some(at("2025-03-31T15:00:00Z"));
        assert_eq!(recertification_due_at(decided, at("2025-09-30T15:00:00Z"), 6), Some(at("2025-09-30T15:00:00Z")));
        assert_eq!(recertification_due_at(decided, at("2025-09-30T14:59:59Z"), 6), None);
        assert!(decided_since(at("2026-03-31T15:00:00Z"), 24) == at("2024-03-31T15:00:00Z"));
        let day = |s: &str| s.parse::<NaiveDate>().unwrap();
        assert!(!recertification_due(Some(day("2025-03-31")), day("2025-09-29"), 6));
        assert!(recertification_due(Some(day("2025-03-31")), day("2025-09-30"), 6));
        assert!(!recertification_due(Some(day("2025-03-31")), day("2026-03-30"), 12));
        assert!(recertification_due(None, day("2025-01-01"), 12), "never decided: due");
    }
    use TefapStep::*;

    fn area() -> TefapArea {
        TefapArea::pickup(3, Some("OH".into()), Some(44), Some("43004".into()))
    }

    #[test]
    fn eligibility_matches_any_field() {
        let e = |f: fn(&mut TefapEligibility)| {
            let mut x = TefapEligibility::default();
            f(&mut x);
            is_tefap_eligible(&[x], &area())
        };
        assert!(e(|x| x.province_abbreviation = Some("oh".into())));
        assert!(e(|x| x.food_bank_id = Some(3)));
        assert!(e(|x| x.county_id = Some(44)));
        assert!(e(|x| x.postal_code = Some("43004".into())));
        assert!(!e(|x| x.province_abbreviation = Some("PA".into())));
        assert!(!e(|x| x.food_bank_id = Some(4)));
        assert!(!e(|x| x.county_id = Some(45)));
        assert!(!e(|x| x.postal_code = Some("43005".into())));
        assert!(!e(|_| {}), "an empty eligibility matches nothing");
        assert!(!is_tefap_eligible(&[], &area()));
    }

    #[test]
    fn delivery_uses_food_bank_address_without_county() {
        let a = TefapArea::delivery(3, Some("OH".into()), Some("43215".into()));
        let county = TefapEligibility { county_id: Some(44), ..Default::default() };
        let zip = TefapEligibility { postal_code: Some("43215".into()), ..Default::default() };
        assert!(!is_tefap_eligible(std::slice::from_ref(&county), &a));
        assert!(is_tefap_eligible(&[county, zip], &a));
    }

    #[test]
    fn income_maximum_formula() {
        assert_eq!(income_maximum(15_060.0, 5_380.0, 1, None), 15_060.0);
        assert_eq!(income_maximum(15_060.0, 5_380.0, 4, None), 31_200.0);
        assert_eq!(income_maximum(15_060.0, 5_380.0, 4, Some(185.0)), 57_720.0);
        assert_eq!(income_maximum(15_060.0, 5_380.0, 4, Some(0.0)), 31_200.0);
        assert_eq!(income_maximum(10_000.0, 1_000.0, 0, None), 10_000.0);
    }

    #[test]
    fn income_maximums_cover_every_household_size() {
        let g = TefapGuideline {
            base_income_in_dollars: 15_650.0,
            per_person_amount_in_dollars: 5_500.0,
            income_percent_required: Some(185.0),
            ..Default::default()
        };
        let all: Vec<_> = g.income_maximums().collect();
        assert_eq!(all.len(), 20);
        assert_eq!(all[0], (1, 28_952.5));
        assert_eq!(all[2], (3, 49_302.5));
        assert_eq!(all[19], (20, 222_277.5));
    }

    fn guideline() -> TefapGuideline {
        TefapGuideline {
            accepts_cross_eligibility: true,
            programs: vec![
                AssistanceProgram { assistance_program_id: 1, is_cross_eligible: true },
                AssistanceProgram { assistance_program_id: 2, is_cross_eligible: false },
            ],
            ..Default::default()
        }
    }

    /// The transition table the app's flow is checked against too (tests/js/eligibility.test.mjs).
    #[test]
    fn flow_follows_the_shared_transition_table() {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct Flags {
            accepts_cross_eligibility: bool,
            cross_eligible_programs: bool,
            requires_income_proof: bool,
            accepts_emergency_situation: bool,
            requires_identification_proof: bool,
        }
        #[derive(Deserialize)]
        struct Table {
            guidelines: std::collections::HashMap<String, Flags>,
            transitions: Vec<(String, TefapStep, bool, TefapStep)>,
        }
        let table: Table =
            serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/tefap-flow.json")))
                .expect("tests/fixtures/tefap-flow.json");
        assert!(table.transitions.len() >= 30);
        for (name, step, yes, next) in &table.transitions {
            let f = &table.guidelines[name];
            let g = TefapGuideline {
                accepts_cross_eligibility: f.accepts_cross_eligibility,
                requires_income_proof: f.requires_income_proof,
                accepts_emergency_situation: f.accepts_emergency_situation,
                requires_identification_proof: f.requires_identification_proof,
                programs: vec![AssistanceProgram {
                    assistance_program_id: 1,
                    is_cross_eligible: f.cross_eligible_programs,
                }],
                ..Default::default()
            };
            assert_eq!(next_step(*step, *yes, &g), *next, "{name}: {step:?} answered {yes}");
        }
        assert_eq!(next_step(Complete, true, &guideline()), Complete);
    }

    fn answers() -> TefapAnswers {
        TefapAnswers {
            residency_postal_code: Some("43004".into()),
            residency_county: Some(44),
            total_household_size: Some(3),
            is_below_income_limit: Some(true),
            signature: Some("<svg/>".into()),
            typed_name: Some("Pat Doe".into()),
            accepted_terms: true,
            ..Default::default()
        }
    }

    #[test]
    fn answers_replayed_through_the_flow() {
        let g = guideline();
        assert!(tefap_answers_eligible(&answers(), &g));
        assert!(!tefap_answers_eligible(&TefapAnswers { disqualified: true, ..answers() }, &g));
        assert!(!tefap_answers_eligible(&TefapAnswers { accepted_terms: false, ..answers() }, &g));
        assert!(!tefap_answers_eligible(&TefapAnswers { typed_name: Some("  ".into()), ..answers() }, &g));
        assert!(!tefap_answers_eligible(&TefapAnswers { residency_county: Some(OTHER_COUNTY_ID), ..answers() }, &g));
        // Homeless skips residency.
        assert!(tefap_answers_eligible(
            &TefapAnswers { is_homeless: true, residency_postal_code: None, ..answers() },
            &g
        ));
        // Above the income limit without emergency acceptance: not eligible...
        let over = TefapAnswers { is_below_income_limit: Some(false), ..answers() };
        assert!(!tefap_answers_eligible(&over, &g));
        // ...unless a cross-eligible program skips the income questions.
        assert!(tefap_answers_eligible(&TefapAnswers { selected_assistance_program_ids: vec![1], ..over.clone() }, &g));
        assert!(!tefap_answers_eligible(
            &TefapAnswers { selected_assistance_program_ids: vec![2], ..over.clone() },
            &g
        ));
        // ...or an accepted emergency.
        let emergency = TefapGuideline { accepts_emergency_situation: true, ..guideline() };
        assert!(tefap_answers_eligible(&TefapAnswers { is_emergency: Some(true), ..over }, &emergency));
        // Proof and ID requirements.
        let strict = TefapGuideline { requires_income_proof: true, requires_identification_proof: true, ..guideline() };
        assert!(!tefap_answers_eligible(&answers(), &strict));
        let proven =
            TefapAnswers { can_prove_income: Some(true), is_identification_available: Some(true), ..answers() };
        assert!(tefap_answers_eligible(&proven, &strict));
        assert!(!tefap_answers_eligible(&TefapAnswers { total_household_size: Some(21), ..answers() }, &g));
    }

    #[test]
    fn the_area_is_the_residency_unless_homeless() {
        assert_eq!(area_zips(false, Some("43215"), Some("43207")), [Some("43215"), Some("43207")]);
        assert_eq!(area_zips(true, Some("43215"), Some("43207")), [Some("43207"), Some("43215")]);
        assert_eq!(area_zips(true, None, Some("43207")), [Some("43207"), None]);
        assert_eq!(area_zips(false, Some("43215"), None), [Some("43215"), None]);
    }
}
