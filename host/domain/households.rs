//! Households as a food bank keeps them (issue 49): how a name is folded for the intake search
//! (accents, case and spacing gone, one typo forgiven), how a phone is compared, what a search
//! typed at the door is looking for, and when two records are likely the same household.
use chrono::NaiveDate;
use std::collections::BTreeSet;
use unicode_normalization::UnicodeNormalization;

/// A name as the search compares it: letters and digits only, accents and case gone
/// (`González` and `gonzalez` are `gonzalez`; `De la Cruz` is `delacruz`).
pub fn fold(name: &str) -> String {
    name.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .filter(|c| c.is_alphanumeric())
        .collect()
}

/// A name folded as a household keeps it for ranking: [`fold`], at most the 100 characters its
/// columns hold.
pub fn stored_key(name: &str) -> String {
    fold(name).chars().take(100).collect()
}

/// The longest folded name kept with each of its letters left out: longer ones are rare, and a
/// typo in them is still found by the name's start.
const TYPO_KEYS_UP_TO: usize = 24;

/// A folded word and the word with each one of its letters left out: two words one typo apart
/// (a letter added, removed, changed, or two neighbours swapped) share one of these.
pub fn one_letter_out(word: &str) -> BTreeSet<String> {
    let letters: Vec<char> = word.chars().collect();
    let mut keys = BTreeSet::from([word.to_owned()]);
    if (4..=TYPO_KEYS_UP_TO).contains(&letters.len()) {
        for i in 0..letters.len() {
            keys.insert(letters[..i].iter().chain(&letters[i + 1..]).collect());
        }
    }
    keys
}

/// The keys a household's names are found by at the door, each with whether it is found only
/// whole (`true`) rather than by its start: the first and last names folded whole and each of
/// their words (`cruz` of `De la Cruz`), found by their start; both names together and each whole
/// name with one letter left out, found only whole. A start of both names together would rank as
/// nothing ([`name_match`]), so reading those would only cost the search.
pub fn name_keys(first_name: &str, last_name: &str) -> BTreeSet<(bool, String)> {
    let (first, last) = (fold(first_name), fold(last_name));
    let mut keys = BTreeSet::new();
    for name in [first_name, last_name] {
        for word in name.split(|c: char| c.is_whitespace() || c.is_ascii_punctuation()).map(fold) {
            if word.chars().count() >= 2 {
                keys.insert((false, word));
            }
        }
    }
    for whole in [&first, &last] {
        for key in one_letter_out(whole) {
            keys.insert((key != **whole, key));
        }
    }
    keys.insert((true, format!("{first}{last}")));
    keys.retain(|(_, key)| !key.is_empty() && key.chars().count() <= 100);
    keys
}

/// A phone's last four digits, from its digits: enough to tell two households apart at the door.
pub fn phone_end(digits: &str) -> Option<String> {
    (digits.len() >= 4).then(|| digits[digits.len() - 4..].to_owned())
}

/// A phone as compared: its digits, without the North American country code.
pub fn phone_digits(phone: &str) -> String {
    let digits: String = phone.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix('1') {
        Some(rest) if digits.len() == 11 => rest.to_owned(),
        _ => digits,
    }
}

/// True when `a` becomes `b` by at most one letter added, removed, changed or two neighbours
/// swapped (`gonzales` for `gonzalez`, `jonh` for `john`).
pub fn within_one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a == b {
        return true;
    }
    let (short, long) = if a.len() <= b.len() { (&a, &b) } else { (&b, &a) };
    match long.len() - short.len() {
        0 => {
            let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
            match differ[..] {
                [_] => true,
                [i, j] => j == i + 1 && a[i] == b[j] && a[j] == b[i],
                _ => false,
            }
        }
        1 => {
            let first = (0..short.len()).find(|&i| short[i] != long[i]).unwrap_or(short.len());
            short[first..] == long[first + 1..]
        }
        _ => false,
    }
}

/// How well a typed word matches a folded name: a better match sorts first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum NameMatch {
    Exact,
    Prefix,
    Typo,
}

/// The match of `word` (folded) with `key` (folded): the same, the start of it (two letters or
/// more) or a part of it (three or more: `jose` in `mariajose`, a second given name), or one typo
/// away (names of four letters or more, so `ana` does not find `ava`).
pub fn name_match(word: &str, key: &str) -> Option<NameMatch> {
    let letters = word.chars().count();
    if word == key {
        Some(NameMatch::Exact)
    } else if (letters >= 2 && key.starts_with(word)) || (letters >= 3 && key.contains(word)) {
        Some(NameMatch::Prefix)
    } else if letters >= 4 && within_one_edit(word, key) {
        Some(NameMatch::Typo)
    } else {
        None
    }
}

/// What the door's search box was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Search {
    /// Words of a name, folded (at most three).
    Name(Vec<String>),
    /// Seven digits or more: a phone (normalised).
    Phone(String),
    /// A date of birth, typed `YYYY-MM-DD` or `MM/DD/YYYY`.
    BirthDate(NaiveDate),
    /// Five digits: a ZIP code.
    Zip(String),
}

/// Reads a search; None when it holds nothing to look for.
pub fn parse_search(text: &str) -> Option<Search> {
    let text = text.trim();
    if let Some(date) = parse_date(text) {
        return Some(Search::BirthDate(date));
    }
    let digits = phone_digits(text);
    let only_digits = text.chars().all(|c| c.is_ascii_digit() || " ()-.+".contains(c));
    if only_digits && !digits.is_empty() {
        return match digits.len() {
            5 => Some(Search::Zip(digits)),
            7.. => Some(Search::Phone(digits)),
            _ => None,
        };
    }
    let words: Vec<String> = text.split_whitespace().map(fold).filter(|w| !w.is_empty()).take(3).collect();
    (!words.is_empty()).then_some(Search::Name(words))
}

/// A date as staff type it: ISO (the date input's value) or US style.
pub fn parse_date(text: &str) -> Option<NaiveDate> {
    let text = text.trim();
    NaiveDate::parse_from_str(text, "%Y-%m-%d").or_else(|_| NaiveDate::parse_from_str(text, "%m/%d/%Y")).ok()
}

/// The facts two household records are compared on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    pub first_key: String,
    pub last_key: String,
    pub birth_date: Option<NaiveDate>,
    pub phone_digits: Option<String>,
}

/// How many of first name, last name, date of birth and phone two records share (names folded,
/// one typo forgiven; a fact missing on either side never matches).
pub fn shared_facts(a: &Identity, b: &Identity) -> u8 {
    let name = |x: &str, y: &str| !x.is_empty() && (x == y || (x.chars().count() >= 4 && within_one_edit(x, y)));
    let some = |x: &Option<String>, y: &Option<String>| matches!((x, y), (Some(x), Some(y)) if !x.is_empty() && x == y);
    u8::from(name(&a.first_key, &b.first_key))
        + u8::from(name(&a.last_key, &b.last_key))
        + u8::from(a.birth_date.is_some() && a.birth_date == b.birth_date)
        + u8::from(some(&a.phone_digits, &b.phone_digits))
}

/// Two records sharing this many facts are shown to staff as a possible duplicate.
pub const DUPLICATE_AT: u8 = 3;

/// TEFAP eligibility's basis, as stored (`households.tefap_basis`).
pub const TEFAP_BASES: [&str; 4] = ["income", "programs", "emergency", "homeless"];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_drops_accents_case_and_spacing() {
        assert_eq!(fold("González"), "gonzalez");
        assert_eq!(fold("  De la Cruz "), "delacruz");
        assert_eq!(fold("O'Brien-Núñez"), "obriennunez");
        assert_eq!(fold("Nguyễn"), "nguyen");
    }

    #[test]
    fn a_name_and_its_typo_share_a_key_and_every_word_is_a_key() {
        let shared = |a: &str, b: &str| !one_letter_out(a).is_disjoint(&one_letter_out(b));
        for (typed, kept) in
            [("gonzales", "gonzalez"), ("gonzlez", "gonzalez"), ("gonzaalez", "gonzalez"), ("jonh", "john")]
        {
            assert!(shared(typed, kept), "{typed} / {kept}");
            assert!(within_one_edit(typed, kept));
        }
        assert!(!shared("gonsales", "gonzalez"));
        assert_eq!(one_letter_out("ana"), BTreeSet::from(["ana".to_owned()]));
        let keys = name_keys("María José", "De la Cruz");
        for word in ["maria", "jose", "mariajose", "de", "la", "cruz", "delacruz"] {
            assert!(keys.contains(&(false, word.to_owned())), "{word}");
        }
        for whole in ["delcruz", "mariajosedelacruz"] {
            assert!(keys.contains(&(true, whole.to_owned())), "{whole}");
        }
        assert!(!keys.contains(&(false, "mariajosedelacruz".to_owned())));
        assert!(!keys.iter().any(|(typo, key)| *typo && key == "delacruz"));
    }

    #[test]
    fn one_edit_is_forgiven_two_are_not() {
        assert!(within_one_edit("gonzalez", "gonzales"));
        assert!(within_one_edit("gonzalez", "gonzlez"));
        assert!(within_one_edit("gonzalez", "gonzaalez"));
        assert!(within_one_edit("john", "jonh"));
        assert!(!within_one_edit("gonzalez", "gonsales"));
        assert!(!within_one_edit("maria", "mario1"));
        assert!(!within_one_edit("abcd", "badc"));
    }

    #[test]
    fn a_name_matches_exactly_by_its_start_or_with_one_typo() {
        assert_eq!(name_match("gonzalez", "gonzalez"), Some(NameMatch::Exact));
        assert_eq!(name_match("gonz", "gonzalez"), Some(NameMatch::Prefix));
        assert_eq!(name_match("jose", "mariajose"), Some(NameMatch::Prefix));
        assert_eq!(name_match("jo", "mariajose"), None);
        assert_eq!(name_match("gonzales", "gonzalez"), Some(NameMatch::Typo));
        assert_eq!(name_match("ana", "ava"), None);
        assert_eq!(name_match("g", "gonzalez"), None);
    }

    #[test]
    fn a_search_is_read_as_a_name_phone_date_or_zip() {
        assert_eq!(parse_search(" María  Gonzalez "), Some(Search::Name(vec!["maria".into(), "gonzalez".into()])));
        assert_eq!(parse_search("(614) 555-0101"), Some(Search::Phone("6145550101".into())));
        assert_eq!(parse_search("+1 614 555 0101"), Some(Search::Phone("6145550101".into())));
        assert_eq!(parse_search("43215"), Some(Search::Zip("43215".into())));
        assert_eq!(parse_search("1980-02-29"), Some(Search::BirthDate(NaiveDate::from_ymd_opt(1980, 2, 29).unwrap())));
        assert_eq!(parse_search("02/29/1980"), Some(Search::BirthDate(NaiveDate::from_ymd_opt(1980, 2, 29).unwrap())));
        assert_eq!(parse_search("123"), None);
        assert_eq!(parse_search("  "), None);
    }

    #[test]
    fn duplicates_share_three_facts() {
        let a = Identity {
            first_key: fold("María"),
            last_key: fold("González"),
            birth_date: None,
            phone_digits: Some(phone_digits("614-555-0101")),
        };
        let b = Identity {
            first_key: fold("Maria"),
            last_key: fold("Gonzales"),
            birth_date: NaiveDate::from_ymd_opt(1980, 1, 1),
            phone_digits: Some(phone_digits("(614) 555 0101")),
        };
        assert_eq!(shared_facts(&a, &b), 3);
        let other = Identity { phone_digits: Some("6145550199".into()), ..b.clone() };
        assert_eq!(shared_facts(&a, &other), 2);
        let blank =
            Identity { first_key: String::new(), last_key: String::new(), birth_date: None, phone_digits: None };
        assert_eq!(shared_facts(&blank, &blank), 0);
    }
}
