//! TEFAP eligibility (spec §3 "TEFAP guideline", "Eligibility answers",
//! "County") and the places it asks about.
use super::referrals::FoodBankRef;
use crate::domain::tefap::{AssistanceProgram, TefapAnswers, TefapGuideline};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Province {
    pub id: i64,
    pub name: String,
    pub abbreviation: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct County {
    pub id: i64,
    pub name: String,
    pub province_id: i64,
    pub description: Option<String>,
    /// The county the asked ZIP code lies in.
    pub is_match: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct PostalCode {
    pub code: String,
    pub city: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
}

/// `GET /tefapeligibility/postalcodes/{code}`: where a ZIP code is and who serves it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZipArea {
    pub postal_code: PostalCode,
    pub province: Province,
    pub county: Option<County>,
    /// The food bank with the nearest pickup site, if any serves the area.
    pub food_bank: Option<FoodBankRef>,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineAnswer {
    pub province: Province,
    pub postal_code: PostalCode,
    pub tefap_guideline: Guideline,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Guideline {
    pub requires_geographic_residency: bool,
    pub accepts_cross_eligibility: bool,
    pub requires_income_check: bool,
    pub requires_income_proof: bool,
    pub requires_income_self_declare: bool,
    pub requires_identification_proof: bool,
    pub accepts_emergency_situation: bool,
    pub income_percent_required: i32,
    pub province: GuidelineProvince,
    /// The income maximum of each household size the questionnaire offers (1 to 20), by the
    /// spec's formula (`domain::tefap::income_maximum`): the income question shows the one of the
    /// chosen size. Not one of §3's fields.
    pub income_maximums: Vec<IncomeMaximum>,
}

/// The yearly income below which a household of this size qualifies (spec §5).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncomeMaximum {
    #[schema(minimum = 1, maximum = 20)]
    pub household_size: u32,
    pub income_in_dollars: f64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuidelineProvince {
    pub id: i64,
    pub name: String,
    pub abbreviation: String,
    pub poverty_guideline: PovertyGuideline,
    pub tefap_province_assistance_programs: Vec<ProvinceProgram>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PovertyGuideline {
    pub year: i32,
    pub base_income_in_dollars: i32,
    pub per_person_amount_in_dollars: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProvinceProgram {
    #[serde(rename = "assistanceProgramID")]
    pub assistance_program_id: i64,
    pub is_cross_eligible: bool,
    pub assistance_program: Program,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Program {
    pub id: i64,
    pub name: String,
    pub abbreviation: String,
}

impl Guideline {
    /// Fills `income_maximums` from the guideline's own figures.
    pub fn with_income_maximums(mut self) -> Self {
        self.income_maximums = self
            .rules()
            .income_maximums()
            .map(|(household_size, income_in_dollars)| IncomeMaximum { household_size, income_in_dollars })
            .collect();
        self
    }

    /// The facts the eligibility flow of `domain::tefap` reads.
    pub fn rules(&self) -> TefapGuideline {
        let poverty = &self.province.poverty_guideline;
        TefapGuideline {
            accepts_cross_eligibility: self.accepts_cross_eligibility,
            requires_income_proof: self.requires_income_proof,
            accepts_emergency_situation: self.accepts_emergency_situation,
            requires_identification_proof: self.requires_identification_proof,
            income_percent_required: Some(f64::from(self.income_percent_required)),
            base_income_in_dollars: f64::from(poverty.base_income_in_dollars),
            per_person_amount_in_dollars: f64::from(poverty.per_person_amount_in_dollars),
            programs: self
                .province
                .tefap_province_assistance_programs
                .iter()
                .map(|p| AssistanceProgram {
                    assistance_program_id: p.assistance_program_id,
                    is_cross_eligible: p.is_cross_eligible,
                })
                .collect(),
        }
    }
}

/// The eligibility answers of §3 as the client sends them. Any `isEligible` the
/// client adds is ignored: the server replays the answers itself.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TefapAnswersBody {
    #[serde(default)]
    pub is_homeless: bool,
    pub residency_postal_code: Option<String>,
    /// A county id of `GET /counties/postalcode/{zip}`; 0 is the local "Other" choice.
    pub residency_county: Option<i64>,
    #[serde(default, rename = "selectedAssistanceProgramIDs", alias = "selectedAssistanceProgramIds")]
    #[schema(max_items = 20)]
    pub selected_assistance_program_ids: Vec<i64>,
    #[schema(minimum = 1, maximum = 20)]
    pub total_household_size: Option<u32>,
    pub is_below_income_limit: Option<bool>,
    /// Replaced by the server's own income maximum before it is stored.
    pub income_limit: Option<f64>,
    pub can_prove_income: Option<bool>,
    pub is_emergency: Option<bool>,
    #[schema(max_length = 2000)]
    pub emergency_text: Option<String>,
    /// SVG data of the drawn signature.
    #[schema(max_length = 48000)]
    pub signature: Option<String>,
    #[schema(max_length = 200)]
    pub typed_name: Option<String>,
    pub is_identification_available: Option<bool>,
    #[serde(default)]
    pub accepted_terms: bool,
    #[serde(default)]
    pub disqualified: bool,
    #[serde(rename = "addressID")]
    pub address_id: Option<i64>,
    /// Not in §3's list: the selected food bank, whose postal code a homeless
    /// shopper's guideline is looked up by (§4 "Homeless").
    #[serde(rename = "foodBankID")]
    pub food_bank_id: Option<i64>,
    /// Not in §3's list: the household's people by age group, which the TEFAP monthly report
    /// counts (`staff-side.md`); when given with `totalHouseholdSize` they add up to it.
    pub household_members_by_age: Option<HouseholdAges>,
    /// Replaced by the server before it is stored: what eligibility was decided on (`income`,
    /// `programs` or `emergency`; none when not eligible), kept for the TEFAP record.
    pub eligibility_basis: Option<String>,
}

/// A household's people by age group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HouseholdAges {
    /// 0 to 17.
    #[schema(maximum = 20)]
    pub children: u32,
    /// 18 to 59.
    #[schema(maximum = 20)]
    pub adults: u32,
    /// 60 and over.
    #[schema(maximum = 20)]
    pub seniors: u32,
}

impl TefapAnswersBody {
    pub fn to_domain(&self) -> TefapAnswers {
        TefapAnswers {
            is_homeless: self.is_homeless,
            residency_postal_code: self.residency_postal_code.clone(),
            residency_county: self.residency_county,
            selected_assistance_program_ids: self.selected_assistance_program_ids.clone(),
            total_household_size: self.total_household_size,
            is_below_income_limit: self.is_below_income_limit,
            can_prove_income: self.can_prove_income,
            is_emergency: self.is_emergency,
            emergency_text: self.emergency_text.clone(),
            signature: self.signature.clone(),
            typed_name: self.typed_name.clone(),
            is_identification_available: self.is_identification_available,
            accepted_terms: self.accepted_terms,
            disqualified: self.disqualified,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct NameRef {
    pub id: i64,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CodeRef {
    pub code: String,
}

/// The answer to a submitted or assigned response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TefapResult {
    pub is_eligible: bool,
    #[serde(rename = "uniqueID")]
    pub unique_id: String,
    pub county: Option<NameRef>,
    pub food_bank: Option<NameRef>,
    pub postal_code: Option<CodeRef>,
    pub province: Option<Province>,
}
