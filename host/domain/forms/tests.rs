//! The forms' field rules, as the API and the app read them.
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
    assert!(errors.iter().all(|e| e.message == "This field is required" && e.code == FieldCode::Required));
    let blank = AddressForm { city: "   ".into(), ..address() };
    assert_eq!(validate_address(&blank).unwrap_err(), vec![FieldError::required("city")]);
}

#[test]
fn address_zip_state_and_notes() {
    for zip in ["4300", "430045", "4300a"] {
        let e = validate_address(&AddressForm { postal_code: zip.into(), ..address() }).unwrap_err();
        assert_eq!(e, vec![FieldError::new("postalCode", FieldCode::Zip, messages::INVALID_ZIP)]);
    }
    let e = validate_address(&AddressForm { province: "ZZ".into(), ..address() }).unwrap_err();
    assert_eq!(e, vec![FieldError::choice("province")]);
    let ok = "é".repeat(250);
    assert!(validate_address(&AddressForm { notes: Some(ok), ..address() }).is_ok());
    let e = validate_address(&AddressForm { notes: Some("x".repeat(251)), ..address() }).unwrap_err();
    assert_eq!(e, vec![FieldError::new("notes", FieldCode::TooLong, "Must be 250 characters or fewer")]);
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
    let p = validate_registration(&profile()).unwrap();
    assert_eq!((p.first_name.as_str(), p.e_mail_address.as_deref()), ("Pat", Some("pat@example.org")));
    let bad = ProfileForm {
        first_name: "".into(),
        e_mail_address: Some("pat@".into()),
        password: None,
        phone_number: "614-555-0100".into(),
        is_eligible: false,
        ..profile()
    };
    let e = validate_registration(&bad).unwrap_err();
    assert_eq!(
        e,
        vec![
            FieldError::new("firstName", FieldCode::Required, "This field is required"),
            FieldError::new("password", FieldCode::Required, "This field is required"),
            FieldError::new("eMailAddress", FieldCode::Email, "A valid email address is required"),
            FieldError::new("isEligible", FieldCode::Required, "This field is required"),
            FieldError::new("phoneNumber", FieldCode::Phone, "A valid phone number is required"),
        ]
    );
}

#[test]
fn profile_update_skips_registration_fields() {
    let r = profile();
    let p = ProfileEdit {
        first_name: r.first_name,
        last_name: r.last_name,
        phone_number: r.phone_number,
        postal_code: Some("43004".into()),
    };
    assert!(validate_profile_edit(&p).is_ok());
    let z = ProfileEdit { postal_code: Some("123".into()), ..p };
    assert_eq!(validate_profile_edit(&z).unwrap_err()[0].field, "postalCode");
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
    assert!(Format::Phone.accepts("(614) 555-0100"));
    for bad in ["614 555 0100", "(614) 555-010", "(614) 555-01000", "(61a) 555-0100", "(614)-555-0100"] {
        assert!(!Format::Phone.accepts(bad), "{bad}");
    }
}

#[test]
fn email_check() {
    for ok in ["a@b.co", "first.last+tag@mail.example.org", "x_y@sub-domain.io"] {
        assert!(is_valid_email(ok), "{ok}");
    }
    for bad in ["", "a", "a@b", "@b.co", "a@.co", "a@b..co", "a b@c.co", "a@b@c.co", ".a@b.co", "a@-b.co", "a@b.co "] {
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

#[test]
fn formats_match_their_samples() {
    let samples: [(Format, &[&str], &[&str]); 4] = [
        (Format::Zip, &["01234", "43215"], &["1234", "123456", "4321a", "１２３４５", " 43215"]),
        (
            Format::Phone,
            &["(614) 555-0100"],
            &["614 555 0100", "(614) 555-010", "(614) 555-01000", "(61a) 555-0100", "(٦14) 555-0100"],
        ),
        (
            Format::Email,
            &["a@b.co", "first.last+tag@mail.example.org", "o'hara@x-y.io", "a{b}|c@d.ef"],
            &["a@b", "a..b@c.co", "a@b.co.", "a@b-.co", &format!("a@{}.co", "b".repeat(64))],
        ),
        (Format::UsState, &["OH", "DC", "WY"], &["oh", "ZZ", "OHIO", ""]),
    ];
    for (format, good, bad) in samples {
        for value in good {
            assert!(format.accepts(value), "{format:?} {value}");
        }
        for value in bad {
            assert!(!format.accepts(value), "{format:?} {value}");
        }
    }
    assert!(US_STATES.iter().all(|(abbreviation, _)| Format::UsState.accepts(abbreviation)));
}

/// The pattern is the whole client-side rule; only the lengths it cannot count are the server's.
#[test]
fn email_lengths_are_checked_beyond_the_pattern() {
    let long_local = format!("{}@example.org", "a".repeat(65));
    let pattern = regex_lite::Regex::new(Format::Email.pattern()).unwrap();
    assert!(pattern.is_match(&long_local) && !is_valid_email(&long_local));
    assert!(is_valid_email(&format!("{}@example.org", "a".repeat(64))));
    let long = format!("a@{}.org", vec!["b".repeat(60); 5].join("."));
    assert!(pattern.is_match(&long) && long.len() > 254 && !is_valid_email(&long));
}

#[test]
fn the_table_decides_each_field() {
    let rules = [
        FieldRule::text("a").required(),
        FieldRule::text("b").format(Format::Zip).max(3),
        FieldRule::text("c").max(2),
        FieldRule::checkbox("d").required(),
        FieldRule::checkbox("e"),
    ];
    let problems = |values: Value| -> Vec<(&str, FieldCode)> {
        field_problems(&rules, &values).into_iter().map(|e| (e.field, e.code)).collect()
    };
    assert_eq!(
        problems(serde_json::json!({ "a": "  ", "b": "1234", "c": " xyz ", "d": "true" })),
        vec![("a", FieldCode::Required), ("b", FieldCode::Zip), ("c", FieldCode::TooLong), ("d", FieldCode::Required)]
    );
    assert_eq!(problems(serde_json::json!({ "a": " x ", "b": null, "c": " xy ", "d": true })), vec![]);
    // A present value that fits its format is then held to its length.
    assert_eq!(problems(serde_json::json!({ "a": "x", "b": "12345", "d": true })), vec![("b", FieldCode::TooLong)]);
}

#[test]
fn an_empty_e_mail_or_phone_is_refused_as_its_format_and_an_empty_zip_as_required() {
    let bare = ProfileForm { e_mail_address: None, phone_number: " ".into(), ..profile() };
    let codes: Vec<_> = validate_registration(&bare).unwrap_err().into_iter().map(|e| (e.field, e.code)).collect();
    assert_eq!(codes, vec![("eMailAddress", FieldCode::Email), ("phoneNumber", FieldCode::Phone)]);
    let no_zip = AddressForm { postal_code: " ".into(), ..address() };
    assert_eq!(validate_address(&no_zip).unwrap_err(), vec![FieldError::required("postalCode")]);
}

#[test]
fn field_errors_carry_their_code() {
    let json = serde_json::to_value(FieldError::too_long("notes", 250)).unwrap();
    assert_eq!(
        json,
        serde_json::json!({ "field": "notes", "code": "tooLong", "message": "Must be 250 characters or fewer" })
    );
}
