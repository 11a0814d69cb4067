//! The rules of what a food bank admin keeps for its network (issue 25 items 1-3): a pantry's
//! fields, a referral code's, and an info card's or notification's. Each answers every refusal at
//! once, coded at its field; the service gathers the facts (is the ZIP in the offline table, is the
//! code taken) and writes nothing when one is refused.
use chrono::{DateTime, Utc};
use rand::Rng;

use super::forms::{FREE_TEXT_MAX, FieldCode, FieldError, Format};

pub const PANTRY_NAME_MAX: usize = 120;
pub const ADDRESS_MAX: usize = 200;
pub const TITLE_MAX: usize = 200;
pub const TEXT_MAX: usize = 4000;
pub const CODE_MIN: usize = 4;
pub const CODE_MAX: usize = 32;

/// A pantry's fields as the form sent them (trimmed by the service).
#[derive(Debug, Clone, Copy)]
pub struct PantryFacts<'a> {
    pub name: &'a str,
    pub address_line1: &'a str,
    pub zip: &'a str,
    /// The ZIP is in the offline table (so the pantry can be placed and searched for).
    pub zip_known: bool,
    pub time_zone: &'a str,
    pub phone: Option<&'a str>,
    pub instructions: Option<&'a str>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub pickup: bool,
    pub delivery: bool,
}

/// A name chrono-tz knows (the IANA database), such as `America/New_York`.
pub fn is_time_zone(name: &str) -> bool {
    name.parse::<chrono_tz::Tz>().is_ok()
}

fn required(field: &'static str, value: &str, max: usize, errors: &mut Vec<FieldError>) {
    if value.is_empty() {
        errors.push(FieldError::new(field, FieldCode::Required, "This field is required."));
    } else if value.chars().count() > max {
        errors.push(FieldError::new(field, FieldCode::TooLong, format!("At most {max} characters.")));
    }
}

fn optional(field: &'static str, value: Option<&str>, max: usize, errors: &mut Vec<FieldError>) {
    if value.is_some_and(|v| v.chars().count() > max) {
        errors.push(FieldError::new(field, FieldCode::TooLong, format!("At most {max} characters.")));
    }
}

pub fn pantry_errors(f: &PantryFacts) -> Vec<FieldError> {
    let mut errors = Vec::new();
    required("name", f.name, PANTRY_NAME_MAX, &mut errors);
    required("addressLine1", f.address_line1, ADDRESS_MAX, &mut errors);
    if !Format::Zip.accepts(f.zip) || !f.zip_known {
        errors.push(Format::Zip.error("zip"));
    }
    if !is_time_zone(f.time_zone) {
        errors.push(FieldError::new("timeZone", FieldCode::Choice, "Choose a time zone such as America/New_York."));
    }
    if f.phone.is_some_and(|p| !Format::Phone.accepts(p)) {
        errors.push(Format::Phone.error("phone"));
    }
    optional("instructions", f.instructions, FREE_TEXT_MAX, &mut errors);
    for (field, value, limit) in [("latitude", f.latitude, 90.0), ("longitude", f.longitude, 180.0)] {
        if value.is_some_and(|v| !v.is_finite() || v.abs() > limit) {
            errors.push(FieldError::new(field, FieldCode::OutOfRange, format!("Between -{limit} and {limit}.")));
        }
    }
    if f.latitude.is_some() != f.longitude.is_some() {
        let missing = if f.latitude.is_none() { "latitude" } else { "longitude" };
        errors.push(FieldError::new(missing, FieldCode::Required, "Give both latitude and longitude, or neither."));
    }
    if !f.pickup && !f.delivery {
        errors.push(FieldError::new("pickup", FieldCode::Required, "A pantry offers pickup, delivery or both."));
    }
    errors
}

/// What a referral code opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeScope {
    /// The pantries chosen (restricted pantries let its holders order).
    Pantries,
    /// Every pantry the food bank has when the code is made.
    FoodBank,
    /// The food bank's home delivery.
    Delivery,
}

impl CodeScope {
    pub const ALL: [Self; 3] = [Self::Pantries, Self::FoodBank, Self::Delivery];

    pub fn code(self) -> &'static str {
        match self {
            Self::Pantries => "pantries",
            Self::FoodBank => "foodBank",
            Self::Delivery => "delivery",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.code() == code)
    }
}

/// A new code's facts: its text (upper-cased; None: the service generates one), and what was
/// found about it.
#[derive(Debug, Clone, Copy)]
pub struct CodeFacts<'a> {
    pub code: &'a str,
    pub taken: bool,
    pub expires: Option<DateTime<Utc>>,
    pub now: DateTime<Utc>,
    pub scope: Option<CodeScope>,
    /// Pantries chosen for a `pantries` code: how many, and whether all are the admin's.
    pub pantries: usize,
    pub pantries_ours: bool,
    pub description: Option<&'a str>,
}

/// Letters and digits, with the hyphen between them, as shoppers type codes.
pub fn is_code_text(code: &str) -> bool {
    (CODE_MIN..=CODE_MAX).contains(&code.len())
        && code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
}

pub fn code_errors(f: &CodeFacts) -> Vec<FieldError> {
    let mut errors = Vec::new();
    if !is_code_text(f.code) {
        errors.push(FieldError::new(
            "code",
            FieldCode::Choice,
            format!("{CODE_MIN} to {CODE_MAX} letters, digits or hyphens."),
        ));
    } else if f.taken {
        errors.push(FieldError::new("code", FieldCode::Duplicate, "A code with this text already exists."));
    }
    if f.expires.is_some_and(|e| e <= f.now) {
        errors.push(FieldError::new("expires", FieldCode::InPast, "The expiry must be in the future."));
    }
    match f.scope {
        None => errors.push(FieldError::new("scope", FieldCode::Choice, "Choose pantries, food bank or delivery.")),
        Some(CodeScope::Pantries) if f.pantries == 0 => {
            errors.push(FieldError::new("pantryIds", FieldCode::Required, "Choose at least one pantry."))
        }
        Some(CodeScope::Pantries) if !f.pantries_ours => {
            errors.push(FieldError::new("pantryIds", FieldCode::Choice, "Choose pantries of your food bank."))
        }
        Some(_) => {}
    }
    optional("description", f.description, TITLE_MAX, &mut errors);
    errors
}

/// A fresh code: 8 letters and digits without the look-alikes (0/O, 1/I/L).
pub fn generate_code() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..8).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect()
}

/// An info card's or notification's texts in one language, with the form fields that hold them
/// (`title`/`body` for English, `titleEs`/`bodyEs` for Spanish...).
#[derive(Debug, Clone, Copy)]
pub struct ContentTexts<'a> {
    pub title: &'a str,
    pub body: Option<&'a str>,
    pub fields: (&'static str, &'static str),
}

/// English is required; every other language is optional, but a text in one needs its title.
pub fn content_errors(
    en: ContentTexts,
    others: &[ContentTexts],
    starts: Option<DateTime<Utc>>,
    ends: Option<DateTime<Utc>>,
) -> Vec<FieldError> {
    let mut errors = Vec::new();
    required(en.fields.0, en.title, TITLE_MAX, &mut errors);
    optional(en.fields.1, en.body, TEXT_MAX, &mut errors);
    for other in others {
        if other.title.is_empty() && other.body.is_some() {
            errors.push(FieldError::new(other.fields.0, FieldCode::Required, "A translated text needs its title."));
        }
        optional(other.fields.0, Some(other.title), TITLE_MAX, &mut errors);
        optional(other.fields.1, other.body, TEXT_MAX, &mut errors);
    }
    if let (Some(s), Some(e)) = (starts, ends)
        && e <= s
    {
        errors.push(FieldError::new("endsAt", FieldCode::EndBeforeStart, "The end must be after the start."));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn pantry<'a>() -> PantryFacts<'a> {
        PantryFacts {
            name: "Hope Pantry",
            address_line1: "1 Main St",
            zip: "43215",
            zip_known: true,
            time_zone: "America/New_York",
            phone: Some("(614) 555-0100"),
            instructions: None,
            latitude: None,
            longitude: None,
            pickup: true,
            delivery: false,
        }
    }

    fn fields(errors: &[FieldError]) -> Vec<(&str, FieldCode)> {
        errors.iter().map(|e| (e.field, e.code)).collect()
    }

    #[test]
    fn a_pantry_needs_a_known_zip_a_real_time_zone_and_a_way_to_get_food() {
        assert!(pantry_errors(&pantry()).is_empty());
        let bad = PantryFacts {
            name: "",
            zip: "99999",
            zip_known: false,
            time_zone: "Mars/Olympus",
            phone: Some("555"),
            latitude: Some(91.0),
            longitude: Some(0.0),
            pickup: false,
            ..pantry()
        };
        assert_eq!(
            fields(&pantry_errors(&bad)),
            [
                ("name", FieldCode::Required),
                ("zip", FieldCode::Zip),
                ("timeZone", FieldCode::Choice),
                ("phone", FieldCode::Phone),
                ("latitude", FieldCode::OutOfRange),
                ("pickup", FieldCode::Required),
            ]
        );
        let half = PantryFacts { latitude: Some(40.0), ..pantry() };
        assert_eq!(fields(&pantry_errors(&half)), [("longitude", FieldCode::Required)]);
    }

    #[test]
    fn codes_are_refused_when_taken_expired_or_scoped_to_nothing() {
        let now = Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap();
        let ok = CodeFacts {
            code: "HOPE-2027",
            taken: false,
            expires: Some(now + chrono::Duration::days(1)),
            now,
            scope: Some(CodeScope::Pantries),
            pantries: 1,
            pantries_ours: true,
            description: None,
        };
        assert!(code_errors(&ok).is_empty());
        let bad = CodeFacts { taken: true, expires: Some(now), pantries: 0, ..ok };
        assert_eq!(
            fields(&code_errors(&bad)),
            [("code", FieldCode::Duplicate), ("expires", FieldCode::InPast), ("pantryIds", FieldCode::Required)]
        );
        assert_eq!(
            fields(&code_errors(&CodeFacts { code: "a b", scope: None, ..ok }))[1],
            ("scope", FieldCode::Choice)
        );
        let generated = generate_code();
        assert!(is_code_text(&generated), "{generated}");
    }

    #[test]
    fn content_needs_an_english_title_and_a_window_that_ends_after_it_starts() {
        let en = ContentTexts { title: "Closed Monday", body: Some("<p>Back Tuesday</p>"), fields: ("title", "body") };
        let none = ContentTexts { title: "", body: None, fields: ("titleEs", "bodyEs") };
        let ko = ContentTexts { title: "", body: Some("x"), fields: ("titleKo", "bodyKo") };
        assert!(content_errors(en, &[none], None, None).is_empty());
        let at = Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap();
        let errors = content_errors(ContentTexts { title: "", ..en }, &[none, ko], Some(at), Some(at));
        assert_eq!(
            fields(&errors),
            [("title", FieldCode::Required), ("titleKo", FieldCode::Required), ("endsAt", FieldCode::EndBeforeStart)]
        );
    }
}
