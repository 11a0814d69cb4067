//! Form rules of spec §5, so the API rejects what the UI would not have sent.
//! Validators return the trimmed input on success, or every field error at once.

use serde::{Deserialize, Serialize};

use super::messages;
use super::survey::is_us_state;

pub const ZIP_LENGTH: usize = 5;
/// "(###) ###-####".
pub const PHONE_LENGTH: usize = 14;
pub const ADDRESS_NOTES_MAX: usize = 250;
pub const COUNTRY_CODE: &str = "USA";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldError {
    /// The field's JSON name.
    pub field: &'static str,
    pub message: String,
}

impl FieldError {
    fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into() }
    }
}

/// Five ASCII digits.
pub fn is_valid_zip(zip: &str) -> bool {
    zip.len() == ZIP_LENGTH && zip.bytes().all(|b| b.is_ascii_digit())
}

/// Exactly the masked form "(###) ###-####", 14 characters.
pub fn is_valid_phone(phone: &str) -> bool {
    const MASK: &[u8; PHONE_LENGTH] = b"(###) ###-####";
    phone.len() == PHONE_LENGTH
        && phone.bytes().zip(MASK).all(|(c, m)| if *m == b'#' { c.is_ascii_digit() } else { c == *m })
}

/// A deliverable-looking address: one `@`, a dot-atom local part of at most 64
/// characters, and a domain of at least two labels (letters, digits, inner
/// hyphens); 254 characters at most. Stricter than the browser's check on
/// purpose: `name@host` is accepted by browsers but cannot receive mail.
pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    let local_ok = !local.is_empty()
        && local.len() <= 64
        && local.split('.').all(|atom| {
            !atom.is_empty() && atom.chars().all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+/=?^_`{|}~-".contains(c))
        });
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            (1..=63).contains(&l.len())
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !l.starts_with('-')
                && !l.ends_with('-')
        });
    email.len() <= 254 && local_ok && domain_ok
}

fn trimmed(s: &str) -> String {
    s.trim().to_string()
}

fn trimmed_opt(s: &Option<String>) -> Option<String> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

fn require(errors: &mut Vec<FieldError>, field: &'static str, value: &str) {
    if value.is_empty() {
        errors.push(FieldError::new(field, messages::FIELD_REQUIRED));
    }
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

/// Location name, line 1, city, state and zip are required; zip is 5 digits;
/// notes at most 250 characters. The country is always USA ([`COUNTRY_CODE`]).
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
    let mut errors = Vec::new();
    require(&mut errors, "name", &clean.name);
    require(&mut errors, "addressLine1", &clean.address_line1);
    require(&mut errors, "city", &clean.city);
    require(&mut errors, "province", &clean.province);
    if !clean.province.is_empty() && !is_us_state(&clean.province) {
        errors.push(FieldError::new("province", messages::INVALID_CHOICE));
    }
    require(&mut errors, "postalCode", &clean.postal_code);
    if !clean.postal_code.is_empty() && !is_valid_zip(&clean.postal_code) {
        errors.push(FieldError::new("postalCode", messages::INVALID_ZIP));
    }
    if clean.notes.as_deref().is_some_and(|n| n.chars().count() > ADDRESS_NOTES_MAX) {
        errors.push(FieldError::new("notes", messages::too_long(ADDRESS_NOTES_MAX)));
    }
    if errors.is_empty() { Ok(clean) } else { Err(errors) }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileMode {
    /// Password, e-mail and the "I am eligible" checkbox are required.
    Registration,
    /// E-mail and password are not edited here.
    Update,
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

/// Spec §5 profile form. Overall refusal text: [`messages::VERIFY_REQUIRED_FIELDS`].
pub fn validate_profile(form: &ProfileForm, mode: ProfileMode) -> Result<ProfileForm, Vec<FieldError>> {
    let registering = mode == ProfileMode::Registration;
    let clean = ProfileForm {
        first_name: trimmed(&form.first_name),
        last_name: trimmed(&form.last_name),
        e_mail_address: trimmed_opt(&form.e_mail_address),
        password: trimmed_opt(&form.password),
        phone_number: trimmed(&form.phone_number),
        postal_code: trimmed_opt(&form.postal_code),
        ..form.clone()
    };
    let mut errors = Vec::new();
    require(&mut errors, "firstName", &clean.first_name);
    require(&mut errors, "lastName", &clean.last_name);
    if registering {
        require(&mut errors, "password", clean.password.as_deref().unwrap_or(""));
        if !clean.e_mail_address.as_deref().is_some_and(is_valid_email) {
            errors.push(FieldError::new("eMailAddress", messages::VALID_EMAIL_REQUIRED));
        }
        if !clean.is_eligible {
            errors.push(FieldError::new("isEligible", messages::FIELD_REQUIRED));
        }
    }
    if !is_valid_phone(&clean.phone_number) {
        errors.push(FieldError::new("phoneNumber", messages::VALID_PHONE_REQUIRED));
    }
    if clean.postal_code.as_deref().is_some_and(|z| !is_valid_zip(z)) {
        errors.push(FieldError::new("postalCode", messages::INVALID_ZIP));
    }
    if errors.is_empty() { Ok(clean) } else { Err(errors) }
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
mod tests {
    use super::*;

    fn address() -> AddressForm {
        AddressForm {
            name: " Home ".into(),
            address_line1: "1 Main St".into(),
            address_line2: Some("  ".into()),
            city: "Columbus".into(),
            province: "oh".into(),
            postal_code: "43004".into(),
            notes: None,
            is_primary: true,
        }
    }

    #[test]
    fn valid_address_is_trimmed() {
        let a = validate_address(&address()).unwrap();
        assert_eq!((a.name.as_str(), a.province.as_str(), a.address_line2), ("Home", "OH", None));
    }

    #[test]
    fn address_required_fields() {
        let empty = AddressForm::default();
        let errors = validate_address(&empty).unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, vec!["name", "addressLine1", "city", "province", "postalCode"]);
        assert!(errors.iter().all(|e| e.message == "This field is required"));
        let blank = AddressForm { city: "   ".into(), ..address() };
        assert_eq!(validate_address(&blank).unwrap_err(), vec![FieldError::new("city", "This field is required")]);
    }

    #[test]
    fn address_zip_state_and_notes() {
        for zip in ["4300", "430045", "4300a"] {
            let e = validate_address(&AddressForm { postal_code: zip.into(), ..address() }).unwrap_err();
            assert_eq!(e, vec![FieldError::new("postalCode", messages::INVALID_ZIP)]);
        }
        let e = validate_address(&AddressForm { province: "ZZ".into(), ..address() }).unwrap_err();
        assert_eq!(e[0].field, "province");
        let ok = "é".repeat(250);
        assert!(validate_address(&AddressForm { notes: Some(ok), ..address() }).is_ok());
        let e = validate_address(&AddressForm { notes: Some("x".repeat(251)), ..address() }).unwrap_err();
        assert_eq!(e, vec![FieldError::new("notes", "Must be 250 characters or fewer")]);
    }

    fn profile() -> ProfileForm {
        ProfileForm {
            first_name: " Pat ".into(),
            last_name: "Doe".into(),
            e_mail_address: Some(" pat@example.org ".into()),
            password: Some("secret".into()),
            phone_number: "(614) 555-0100".into(),
            postal_code: None,
            is_email_notification_enabled: true,
            is_text_message_notification_enabled: true,
            is_phone_call_notification_enabled: true,
            is_eligible: true,
        }
    }

    #[test]
    fn profile_registration_rules() {
        let p = validate_profile(&profile(), ProfileMode::Registration).unwrap();
        assert_eq!((p.first_name.as_str(), p.e_mail_address.as_deref()), ("Pat", Some("pat@example.org")));
        let bad = ProfileForm {
            first_name: "".into(),
            e_mail_address: Some("pat@".into()),
            password: None,
            phone_number: "614-555-0100".into(),
            is_eligible: false,
            ..profile()
        };
        let e = validate_profile(&bad, ProfileMode::Registration).unwrap_err();
        assert_eq!(
            e,
            vec![
                FieldError::new("firstName", "This field is required"),
                FieldError::new("password", "This field is required"),
                FieldError::new("eMailAddress", "A valid email address is required"),
                FieldError::new("isEligible", "This field is required"),
                FieldError::new("phoneNumber", "A valid phone number is required"),
            ]
        );
    }

    #[test]
    fn profile_update_skips_registration_fields() {
        let p = ProfileForm {
            e_mail_address: None,
            password: None,
            is_eligible: false,
            postal_code: Some("43004".into()),
            ..profile()
        };
        assert!(validate_profile(&p, ProfileMode::Update).is_ok());
        let z = ProfileForm { postal_code: Some("123".into()), ..p };
        assert_eq!(validate_profile(&z, ProfileMode::Update).unwrap_err()[0].field, "postalCode");
    }

    #[test]
    fn messaging_preferences_default_on() {
        let p: ProfileForm =
            serde_json::from_str(r#"{"firstName":"a","lastName":"b","phoneNumber":"(614) 555-0100"}"#).unwrap();
        assert!(
            p.is_email_notification_enabled
                && p.is_text_message_notification_enabled
                && p.is_phone_call_notification_enabled
        );
    }

    #[test]
    fn phone_mask() {
        assert!(is_valid_phone("(614) 555-0100"));
        for bad in ["614 555 0100", "(614) 555-010", "(614) 555-01000", "(61a) 555-0100", "(614)-555-0100"] {
            assert!(!is_valid_phone(bad), "{bad}");
        }
    }

    #[test]
    fn email_check() {
        for ok in ["a@b.co", "first.last+tag@mail.example.org", "x_y@sub-domain.io"] {
            assert!(is_valid_email(ok), "{ok}");
        }
        for bad in
            ["", "a", "a@b", "@b.co", "a@.co", "a@b..co", "a b@c.co", "a@b@c.co", ".a@b.co", "a@-b.co", "a@b.co "]
        {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }

    #[test]
    fn zip_and_small_forms() {
        assert!(is_valid_zip("01234"));
        assert!(!is_valid_zip("1234") && !is_valid_zip("１２３４５"));
        assert!(login_ready(" a@b.co ", "x"));
        assert!(!login_ready("  ", "x") && !login_ready("a@b.co", ""));
        assert_eq!(new_password(" abc ", "abc"), Some("abc".into()));
        assert_eq!(new_password("abc", "abd"), None);
        assert_eq!(new_password(" ", " "), None);
    }
}
