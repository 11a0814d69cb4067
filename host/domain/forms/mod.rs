//! Form rules of spec §5, so the API rejects what the UI would not have sent.
//! Validators return the trimmed input on success, or every field error at once.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::LazyLock;

use super::messages;
use super::survey::US_STATES;

pub const ADDRESS_NOTES_MAX: usize = 250;
pub const COUNTRY_CODE: &str = "USA";
/// Free-text fields have no length limit in the spec; these keep rows (and e-mails built from
/// them) sane. Counted in characters, after trimming.
pub const NAME_MAX: usize = 100;
pub const ADDRESS_LINE_MAX: usize = 200;
pub const PASSWORD_MAX: usize = 256;
pub const FREE_TEXT_MAX: usize = 1000;
/// Server-only parts of the e-mail rule: a regular expression (as JSON Schema and the app read it)
/// cannot count the local part, so these show at the field only when the server answers.
const EMAIL_LOCAL_MAX: usize = 64;
const EMAIL_MAX: usize = 254;

/// Why a field was refused, stable for clients: they word it from their own catalog
/// (`account.error.<code>`), while `message` keeps the English for other API clients.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum FieldCode {
    Required,
    Email,
    Phone,
    Zip,
    TooLong,
    /// Not one of the allowed values (a state, a food bank, a survey answer).
    Choice,
    /// Too short or too common (`domain::passwords`).
    WeakPassword,
    PasswordsDiffer,
    /// More entries than a list may hold.
    TooMany,
    /// A number outside its range.
    OutOfRange,
    /// Schedule hours that overlap other hours of the same day (`domain::schedule`).
    Overlaps,
    /// A slot longer than its opening hours.
    SlotTooLong,
    /// A closing time not after the opening time.
    ClosesBeforeOpens,
    /// A capacity below the orders already booked.
    BelowBooked,
    /// A date before today.
    InPast,
    /// A range whose end is before its start.
    EndBeforeStart,
    /// A value another row already has (a referral code's text).
    Duplicate,
    /// A password that is not the account's (confirming a deletion).
    WrongPassword,
    /// A second factor's code that is wrong, used already or too old.
    WrongCode,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    /// The field's JSON name.
    pub field: &'static str,
    pub code: FieldCode,
    pub message: String,
}

impl FieldError {
    pub fn new(field: &'static str, code: FieldCode, message: impl Into<String>) -> Self {
        Self { field, code, message: message.into() }
    }

    pub fn required(field: &'static str) -> Self {
        Self::new(field, FieldCode::Required, messages::FIELD_REQUIRED)
    }

    pub fn choice(field: &'static str) -> Self {
        Self::new(field, FieldCode::Choice, messages::INVALID_CHOICE)
    }

    pub fn too_long(field: &'static str, max: usize) -> Self {
        Self::new(field, FieldCode::TooLong, messages::too_long(max))
    }
}

/// What a present value must look like. Each format's rule is one pattern, which the server
/// matches and the OpenAPI document hands to the app; anchored, ASCII only, and in the syntax
/// JSON Schema (ECMA-262), Python and `regex_lite` read alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Five ASCII digits.
    Zip,
    /// Exactly the masked form "(###) ###-####".
    Phone,
    /// A deliverable-looking address: a dot-atom local part, `@`, and a domain of at least two
    /// labels (letters, digits, inner hyphens, 63 at most each). Stricter than the browser's check
    /// on purpose: `name@host` is accepted by browsers but cannot receive mail.
    Email,
    /// A state abbreviation of the state select ([`US_STATES`]), upper case.
    UsState,
}

/// A ZIP code's digits; the forms' zip fields also document it as their `maxLength`, which the
/// app's zip inputs mask to.
pub const ZIP_DIGITS: usize = 5;
static ZIP_PATTERN: LazyLock<String> = LazyLock::new(|| format!("^[0-9]{{{ZIP_DIGITS}}}$"));
const PHONE_PATTERN: &str = r"^\([0-9]{3}\) [0-9]{3}-[0-9]{4}$";
const EMAIL_PATTERN: &str = concat!(
    r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*",
    r"@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
);
static STATE_PATTERN: LazyLock<String> =
    LazyLock::new(|| format!("^(?:{})$", US_STATES.map(|(abbreviation, _)| abbreviation).join("|")));

impl Format {
    pub fn pattern(self) -> &'static str {
        match self {
            Self::Zip => &ZIP_PATTERN,
            Self::Phone => PHONE_PATTERN,
            Self::Email => EMAIL_PATTERN,
            Self::UsState => &STATE_PATTERN,
        }
    }

    fn regex(self) -> &'static regex_lite::Regex {
        static COMPILED: LazyLock<[regex_lite::Regex; 4]> = LazyLock::new(|| {
            [Format::Zip, Format::Phone, Format::Email, Format::UsState]
                .map(|f| regex_lite::Regex::new(f.pattern()).expect("a format's pattern compiles"))
        });
        &COMPILED[self as usize]
    }

    /// The pattern, plus for e-mail the lengths a pattern does not count.
    pub fn accepts(self, value: &str) -> bool {
        self.regex().is_match(value)
            && (self != Self::Email
                || (value.len() <= EMAIL_MAX
                    && value.split_once('@').is_some_and(|(local, _)| local.len() <= EMAIL_LOCAL_MAX)))
    }

    /// Whether a required field of this format left empty is refused with the format's own text
    /// rather than "This field is required": spec §5 words a missing e-mail or phone as "A valid
    /// email address is required" / "A valid phone number is required", a missing zip or state as
    /// required.
    pub fn words_empty(self) -> bool {
        matches!(self, Self::Email | Self::Phone)
    }

    /// The code of a value the format refuses.
    pub fn code(self) -> FieldCode {
        match self {
            Self::Zip => FieldCode::Zip,
            Self::Phone => FieldCode::Phone,
            Self::Email => FieldCode::Email,
            Self::UsState => FieldCode::Choice,
        }
    }

    pub fn error(self, field: &'static str) -> FieldError {
        let message = match self {
            Self::Zip => messages::INVALID_ZIP,
            Self::Phone => messages::VALID_PHONE_REQUIRED,
            Self::Email => messages::VALID_EMAIL_REQUIRED,
            Self::UsState => messages::INVALID_CHOICE,
        };
        FieldError::new(field, self.code(), message)
    }
}

/// One field of a form (spec §5). A text is trimmed first; empty, it is refused when required
/// (as required, or for an e-mail or phone as its format: [`Format::words_empty`]) and otherwise
/// not checked further; present, it must match its format, then fit `max_chars`.
/// A checkbox (`ticked`) that is required must be ticked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FieldRule {
    /// The field's JSON name in the request body.
    pub field: &'static str,
    pub required: bool,
    /// A boolean field (checkbox) rather than text.
    pub ticked: bool,
    pub format: Option<Format>,
    pub max_chars: Option<usize>,
}

impl FieldRule {
    const fn text(field: &'static str) -> Self {
        Self { field, required: false, ticked: false, format: None, max_chars: None }
    }

    const fn checkbox(field: &'static str) -> Self {
        Self { ticked: true, ..Self::text(field) }
    }

    const fn required(self) -> Self {
        Self { required: true, ..self }
    }

    const fn format(self, format: Format) -> Self {
        Self { format: Some(format), ..self }
    }

    const fn max(self, max_chars: usize) -> Self {
        Self { max_chars: Some(max_chars), ..self }
    }

    /// The field's refusal in `values` (the body's JSON), if any.
    fn problem(&self, values: &Value) -> Option<FieldError> {
        let value = &values[self.field];
        if self.ticked {
            return (self.required && value != &Value::Bool(true)).then(|| FieldError::required(self.field));
        }
        let text = value.as_str().map_or("", str::trim);
        if text.is_empty() {
            return self.required.then(|| match self.format {
                Some(format) if format.words_empty() => format.error(self.field),
                _ => FieldError::required(self.field),
            });
        }
        if let Some(format) = self.format.filter(|f| !f.accepts(text)) {
            return Some(format.error(self.field));
        }
        let max = self.max_chars.filter(|max| text.chars().count() > *max)?;
        Some(FieldError::too_long(self.field, max))
    }
}

/// The saved-address form (`SavedAddressBody` with its `address`).
pub const ADDRESS_FIELDS: &[FieldRule] = &[
    FieldRule::text("name").required().max(NAME_MAX),
    FieldRule::text("addressLine1").required().max(ADDRESS_LINE_MAX),
    FieldRule::text("addressLine2").max(ADDRESS_LINE_MAX),
    FieldRule::text("city").required().max(NAME_MAX),
    FieldRule::text("province").required().format(Format::UsState),
    FieldRule::text("postalCode").required().format(Format::Zip).max(ZIP_DIGITS),
    FieldRule::text("notes").max(ADDRESS_NOTES_MAX),
];

/// Registration (`RegistrationBody`). The password's strength is checked apart
/// (`domain::passwords`), like anything a pattern cannot say.
pub const REGISTRATION_FIELDS: &[FieldRule] = &[
    FieldRule::text("firstName").required().max(NAME_MAX),
    FieldRule::text("lastName").required().max(NAME_MAX),
    FieldRule::text("password").required().max(PASSWORD_MAX),
    FieldRule::text("eMailAddress").required().format(Format::Email),
    // The "I am eligible" checkbox.
    FieldRule::checkbox("isEligible").required(),
    FieldRule::text("phoneNumber").required().format(Format::Phone),
    FieldRule::text("postalCode").format(Format::Zip).max(ZIP_DIGITS),
];

/// The profile update (`ProfileUpdateBody`): e-mail and password are not edited there.
pub const PROFILE_FIELDS: &[FieldRule] = &[
    FieldRule::text("firstName").required().max(NAME_MAX),
    FieldRule::text("lastName").required().max(NAME_MAX),
    FieldRule::text("phoneNumber").required().format(Format::Phone),
    FieldRule::text("postalCode").format(Format::Zip).max(ZIP_DIGITS),
];

/// Every refusal of `rules` in `values` (a form as JSON), in the table's order.
pub fn field_problems(rules: &[FieldRule], values: &Value) -> Vec<FieldError> {
    rules.iter().filter_map(|rule| rule.problem(values)).collect()
}

fn checked<T: Serialize>(rules: &[FieldRule], clean: T) -> Result<T, Vec<FieldError>> {
    let values = serde_json::to_value(&clean).unwrap_or_default();
    let errors = field_problems(rules, &values);
    if errors.is_empty() { Ok(clean) } else { Err(errors) }
}

/// Five ASCII digits.
pub fn is_valid_zip(zip: &str) -> bool {
    Format::Zip.accepts(zip)
}

/// [`Format::Email`]: its pattern, a local part of at most 64 characters and 254 in all.
pub fn is_valid_email(email: &str) -> bool {
    Format::Email.accepts(email)
}

fn trimmed(s: &str) -> String {
    s.trim().to_string()
}

fn trimmed_opt(s: &Option<String>) -> Option<String> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// A saved delivery address as entered in the address form.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddressForm {
    /// Location Name.
    pub name: String,
    pub address_line1: String,
    pub address_line2: Option<String>,
    pub city: String,
    /// State abbreviation.
    pub province: String,
    pub postal_code: String,
    pub notes: Option<String>,
    pub is_primary: bool,
}

/// [`ADDRESS_FIELDS`], on the trimmed form with the state in upper case. The country is always
/// USA ([`COUNTRY_CODE`]).
pub fn validate_address(form: &AddressForm) -> Result<AddressForm, Vec<FieldError>> {
    let clean = AddressForm {
        name: trimmed(&form.name),
        address_line1: trimmed(&form.address_line1),
        address_line2: trimmed_opt(&form.address_line2),
        city: trimmed(&form.city),
        province: trimmed(&form.province).to_ascii_uppercase(),
        postal_code: trimmed(&form.postal_code),
        notes: trimmed_opt(&form.notes),
        is_primary: form.is_primary,
    };
    checked(ADDRESS_FIELDS, clean)
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileForm {
    pub first_name: String,
    pub last_name: String,
    #[serde(default)]
    pub e_mail_address: Option<String>,
    #[serde(default)]
    pub password: Option<String>,
    pub phone_number: String,
    #[serde(default)]
    pub postal_code: Option<String>,
    // Messaging preferences default all on.
    #[serde(default = "yes")]
    pub is_email_notification_enabled: bool,
    #[serde(default = "yes")]
    pub is_text_message_notification_enabled: bool,
    #[serde(default = "yes")]
    pub is_phone_call_notification_enabled: bool,
    /// The registration "I am eligible" checkbox.
    #[serde(default)]
    pub is_eligible: bool,
}

/// Spec §5 profile form as registration fills it ([`REGISTRATION_FIELDS`]: password, e-mail and
/// the "I am eligible" checkbox required), on the trimmed form.
/// Overall refusal text: [`messages::VERIFY_REQUIRED_FIELDS`].
pub fn validate_registration(form: &ProfileForm) -> Result<ProfileForm, Vec<FieldError>> {
    let clean = ProfileForm {
        first_name: trimmed(&form.first_name),
        last_name: trimmed(&form.last_name),
        e_mail_address: trimmed_opt(&form.e_mail_address),
        password: trimmed_opt(&form.password),
        phone_number: trimmed(&form.phone_number),
        postal_code: trimmed_opt(&form.postal_code),
        ..form.clone()
    };
    checked(REGISTRATION_FIELDS, clean)
}

/// The profile as its update edits it (`ProfileUpdateBody`'s fields with rules): e-mail and
/// password are not edited there, and the messaging preferences are plain choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileEdit {
    pub first_name: String,
    pub last_name: String,
    pub phone_number: String,
    pub postal_code: Option<String>,
}

/// [`PROFILE_FIELDS`] on the trimmed edit.
pub fn validate_profile_edit(form: &ProfileEdit) -> Result<ProfileEdit, Vec<FieldError>> {
    let clean = ProfileEdit {
        first_name: trimmed(&form.first_name),
        last_name: trimmed(&form.last_name),
        phone_number: trimmed(&form.phone_number),
        postal_code: trimmed_opt(&form.postal_code),
    };
    checked(PROFILE_FIELDS, clean)
}

/// Login may be submitted once the trimmed e-mail and the password are non-empty.
pub fn login_ready(email: &str, password: &str) -> bool {
    !email.trim().is_empty() && !password.is_empty()
}

/// The new password, when password and confirmation are non-empty and equal after trimming.
pub fn new_password(password: &str, confirm: &str) -> Option<String> {
    let (p, c) = (password.trim(), confirm.trim());
    (!p.is_empty() && p == c).then(|| p.to_string())
}

#[cfg(test)]
mod tests;
