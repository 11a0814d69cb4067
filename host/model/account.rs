//! The shopper's account in the spec's JSON names (§3 Profile, Saved address,
//! survey status), and the bodies the account calls accept.
use crate::domain::survey::{SurveyQuestion, SurveyStatus, shown_questions};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `GET /account/profile`.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub e_mail_address: String,
    pub phone_number: Option<String>,
    pub postal_code: Option<String>,
    pub is_email_notification_enabled: bool,
    pub is_text_message_notification_enabled: bool,
    pub is_phone_call_notification_enabled: bool,
    pub default_food_bank: Option<DefaultFoodBank>,
    /// The user's own delivery grants plus those of held referral codes.
    pub food_bank_ids_with_delivery_enabled: Vec<i64>,
    #[serde(rename = "explicitlyAuthorizedLocationIDs")]
    pub explicitly_authorized_location_ids: Vec<i64>,
    pub is_tefap_survey_answered: bool,
    /// When the account's last TEFAP decision (questionnaire or staff) lapsed, if it has: the shop
    /// offers the questionnaire again to a device that has not answered it since. Not in the spec.
    pub tefap_recertification_due_at: Option<chrono::DateTime<chrono::Utc>>,
    pub tefap_eligibilities: Vec<StoredTefapEligibility>,
    pub food_insecure_neighbor_addresses: Vec<SavedAddress>,
    /// The language the shopper chose (`en`, `es`), if any: e-mails follow it.
    pub language: Option<String>,
    /// The account holds a staff role (any, anywhere): the app's side menu links to the staff
    /// side. Not part of the spec's Profile; only ever said of the caller's own account.
    pub is_staff: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DefaultFoodBank {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub is_enabled: bool,
    #[serde(rename = "isTEFAPEnabled")]
    pub is_tefap_enabled: bool,
    pub is_delivery_enabled: bool,
}

/// A stored TEFAP eligibility: `province.abbreviation`, `foodBank.id`,
/// `county.id`, `postalCode.code`, each absent when the eligibility does not name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredTefapEligibility {
    pub id: i64,
    pub unique_id: Option<String>,
    pub province: Option<AbbreviationRef>,
    pub food_bank: Option<IdRef>,
    pub county: Option<IdRef>,
    pub postal_code: Option<CodeRef>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct IdRef {
    pub id: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct AbbreviationRef {
    pub abbreviation: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct CodeRef {
    pub code: String,
}

/// A saved delivery address (`foodInsecureNeighborAddresses`).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAddress {
    pub id: i64,
    /// The location name ("Home").
    pub name: String,
    pub is_primary: bool,
    pub notes: Option<String>,
    pub address: StreetAddress,
}

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StreetAddress {
    pub id: i64,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    /// State abbreviation.
    pub province: String,
    pub postal_code: String,
    pub country_code: String,
    /// Where the geocoder put the address, or its ZIP code's centre (`locatedBy` says which);
    /// null when neither is known.
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub located_by: Option<crate::geo::LocatedBy>,
}

/// `POST /account/login`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginBody {
    #[serde(rename = "Username")]
    pub username: String,
    #[serde(rename = "Password")]
    pub password: String,
}

/// `POST /account`: the profile form plus password and the eligibility checkbox.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegistrationBody {
    pub first_name: String,
    pub last_name: String,
    pub e_mail_address: String,
    #[schema(min_length = 8)]
    pub password: String,
    pub phone_number: String,
    #[serde(default)]
    pub postal_code: Option<String>,
    #[serde(default)]
    pub is_email_notification_enabled: Option<bool>,
    #[serde(default)]
    pub is_text_message_notification_enabled: Option<bool>,
    #[serde(default)]
    pub is_phone_call_notification_enabled: Option<bool>,
    /// The "I am eligible" checkbox; only an explicit `true` registers.
    #[serde(default)]
    pub is_eligible: Option<bool>,
}

/// `POST /account` answer: the new session's token; or, when the e-mail already has an account,
/// no token and `mailSent` (the address's owner was mailed; nothing tells the caller more).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Registered {
    pub jwt: Option<String>,
    pub mail_sent: bool,
}

/// `PUT /account/profile`. E-mail and password are not changed here; a sent
/// `eMailAddress` is ignored. Omitted preferences keep their stored value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdateBody {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    #[serde(default)]
    pub postal_code: Option<String>,
    #[serde(default)]
    pub is_email_notification_enabled: Option<bool>,
    #[serde(default)]
    pub is_text_message_notification_enabled: Option<bool>,
    #[serde(default)]
    pub is_phone_call_notification_enabled: Option<bool>,
    #[serde(default)]
    pub default_food_bank: Option<IdRef>,
}

/// `POST /account/addresses`, `PUT /account/addresses/{addressId}`: the saved
/// address shape, without ids.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SavedAddressBody {
    pub name: String,
    #[serde(default)]
    pub is_primary: bool,
    #[serde(default)]
    pub notes: Option<String>,
    pub address: StreetAddressBody,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StreetAddressBody {
    pub address_line1: String,
    #[serde(default)]
    pub address_line2: Option<String>,
    pub city: String,
    pub province: String,
    pub postal_code: String,
    /// Always USA; anything else is refused.
    #[serde(default)]
    pub country_code: Option<String>,
}

/// `POST /user/reset`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ResetRequestBody {
    #[serde(alias = "eMailAddress", alias = "Username")]
    #[schema(format = Email)]
    pub email: String,
}

/// Query of `GET /user/password/validate` and `POST /user/password`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ResetLink {
    pub token: String,
    pub code: String,
}

/// `POST /user/password`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPasswordBody {
    #[schema(max_length = 256)]
    pub password: String,
    /// The form's confirmation field; when sent it must match.
    #[serde(default)]
    pub confirm_password: Option<String>,
}

/// `GET /account/eligibilitystatus`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EligibilityStatus {
    pub is_survey_required: bool,
}

/// `GET /account/surveystatus/{foodBankId}`: the status flags, and the questions the checkout
/// asks now, decided by `domain::survey::shown_questions` (the first four enabled and unanswered).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyStatusAnswer {
    #[serde(flatten)]
    pub status: SurveyStatus,
    /// In the order they are asked; empty when nothing is due.
    pub shown_questions: Vec<SurveyQuestion>,
}

impl From<SurveyStatus> for SurveyStatusAnswer {
    fn from(status: SurveyStatus) -> Self {
        Self { shown_questions: shown_questions(&status), status }
    }
}

/// `POST /account/eligibilitystatus`: codes 1 to 3 each.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FoodSituationBody {
    #[schema(minimum = 1, maximum = 3)]
    pub worried_food_will_run_out: i64,
    #[schema(minimum = 1, maximum = 3)]
    pub food_did_not_last: i64,
    #[schema(minimum = 1, maximum = 3)]
    pub received_charity_food: i64,
}

/// `POST /account/survey`: the answers of the shown questions, keyed by their
/// names (`domain::survey::SurveyQuestion::name`), plus the food bank whose
/// questions were shown (the user's default food bank when omitted).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SurveyBody {
    #[serde(default)]
    pub food_bank_id: Option<i64>,
    #[serde(flatten)]
    pub answers: crate::domain::survey::SurveyAnswers,
}

/// The language kept on the account, as set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct LanguageChoice {
    pub language: String,
}

/// A device signed in to the account (`GET /account/sessions`, the account page's list).
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedInDevice {
    /// The session's number in the list, for ending it; not the session's secret id.
    pub id: i64,
    /// The browser's name ("Chrome", "Safari"), absent when the browser did not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub browser: Option<String>,
    /// The system's name ("Android", "iOS"), absent when the browser did not say.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    pub signed_in: crate::domain::devices::Ago,
    pub last_seen: crate::domain::devices::Ago,
    /// The device this request came from.
    pub current: bool,
}
