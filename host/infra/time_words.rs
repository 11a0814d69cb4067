//! Dates and times as the server writes them into texts, e-mails and exports: the same words as
//! the app's formatters (app/src/lib/format.ts), so a reminder's "2:30pm" is the time the shopper's
//! order page shows. Both are pinned by one table, tests/fixtures/time-words.json, which the
//! JavaScript unit test reads too. Values are already the place's wall clock (see
//! `domain::time::place_time`); nothing here converts zones.
//!
//! English and Spanish are written here as the spec and es-US have them; every other language
//! from the `fmt.*` keys of its catalog (its CLDR month names and patterns), as the app does.
use crate::catalog::{APP_CATALOGS, Lang, embedded_file};
use chrono::{Datelike, NaiveDate, NaiveTime, Timelike};
use std::{collections::HashMap, sync::LazyLock};

const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTHS_ES: [&str; 12] = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"];
/// Keeps "2:30 p. m." on one line, as the app does.
const NBSP: char = '\u{a0}';

/// A language's date words, from the `fmt.*` keys of its catalog.
struct Words {
    months: Vec<String>,
    months_long: Vec<String>,
    date: String,
    day: String,
    time: String,
    am: String,
    pm: String,
}

/// The words of each language written from its catalog (None for English and Spanish).
static WORDS: LazyLock<Vec<Option<Words>>> = LazyLock::new(|| {
    Lang::all()
        .map(|lang| {
            if lang == Lang::EN || lang == Lang::ES {
                return None;
            }
            let catalog: HashMap<String, String> =
                serde_json::from_str(embedded_file(APP_CATALOGS, lang)?).expect("a catalog is a flat object");
            let key = |k: &str| catalog.get(k).cloned().unwrap_or_default();
            let list = |k: &str| key(k).split('|').map(str::to_owned).collect();
            Some(Words {
                months: list("fmt.months"),
                months_long: list("fmt.monthsLong"),
                date: key("fmt.date"),
                day: key("fmt.day"),
                time: key("fmt.time"),
                am: key("fmt.am"),
                pm: key("fmt.pm"),
            })
        })
        .collect()
});

fn words(lang: Lang) -> Option<&'static Words> {
    WORDS.get(lang.index())?.as_ref()
}

/// A `fmt.date` or `fmt.day` pattern filled with `d`.
fn fill_date(pattern: &str, w: &Words, d: NaiveDate) -> String {
    let month = d.month0() as usize;
    let name = |names: &[String]| names.get(month).cloned().unwrap_or_default();
    pattern
        .replace("{year}", &d.year().to_string())
        .replace("{monthLong}", &name(&w.months_long))
        .replace("{month}", &d.month().to_string())
        .replace("{mon}", &name(&w.months))
        .replace("{day}", &d.day().to_string())
}

/// The day of the month with its English ordinal ("1st", "22nd", "13th"); Spanish writes the number.
fn ordinal(n: u32, lang: Lang) -> String {
    if lang == Lang::ES {
        return n.to_string();
    }
    let suffix = match (n % 100, n % 10) {
        (11..=13, _) => "th",
        (_, 1) => "st",
        (_, 2) => "nd",
        (_, 3) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// M/D/YYYY in English ("3/5/2026"); "5 de mar de 2026" in Spanish.
pub fn date(d: NaiveDate, lang: Lang) -> String {
    match (lang, words(lang)) {
        (_, Some(w)) => fill_date(&w.date, w, d),
        (Lang::ES, _) => format!("{} de {} de {}", d.day(), MONTHS_ES[d.month0() as usize], d.year()),
        _ => format!("{}/{}/{}", d.month(), d.day(), d.year()),
    }
}

/// A pickup day, MMM Do: "Mar 5th"; "5 de mar" in Spanish.
pub fn day(d: NaiveDate, lang: Lang) -> String {
    let month = d.month0() as usize;
    match (lang, words(lang)) {
        (_, Some(w)) => fill_date(&w.day, w, d),
        (Lang::ES, _) => format!("{} de {}", ordinal(d.day(), lang), MONTHS_ES[month]),
        _ => format!("{} {}", MONTHS[month], ordinal(d.day(), lang)),
    }
}

/// The 12-hour clock: h:mma, or ha on the hour ("2:30pm", "2pm"); "2:00 p. m." in Spanish.
pub fn time(t: NaiveTime, lang: Lang) -> String {
    let (hour, minute) = (t.hour(), t.minute());
    let h12 = if hour % 12 == 0 { 12 } else { hour % 12 };
    match (lang, words(lang)) {
        (_, Some(w)) => w
            .time
            .replace("{h12}", &h12.to_string())
            .replace("{hh24}", &format!("{hour:02}"))
            .replace("{h24}", &hour.to_string())
            .replace("{mm}", &format!("{minute:02}"))
            .replace("{ampm}", if hour < 12 { &w.am } else { &w.pm }),
        (Lang::ES, _) => {
            let half = if hour < 12 { 'a' } else { 'p' };
            format!("{h12}:{minute:02}{NBSP}{half}.{NBSP}m.")
        }
        _ => {
            let suffix = if hour < 12 { "am" } else { "pm" };
            if minute == 0 { format!("{h12}{suffix}") } else { format!("{h12}:{minute:02}{suffix}") }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Case {
        kind: String,
        lang: String,
        value: String,
        text: String,
    }

    /// The table the app's formatters are held to as well (tests/js/format.test.mjs).
    #[test]
    fn writes_every_kind_of_time_as_the_app_does() {
        let cases: Vec<Case> =
            serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/time-words.json")))
                .unwrap();
        assert!(cases.len() >= 20);
        let langs: std::collections::HashSet<&str> = cases.iter().map(|c| c.lang.as_str()).collect();
        assert_eq!(langs.len(), Lang::all().count(), "a row for every language: {langs:?}");
        let mut checked = 0;
        for c in cases {
            let lang = Lang::from_code(&c.lang).unwrap();
            let (day_part, time_part) = c.value.split_at(c.value.len().min(10));
            let written = match c.kind.as_str() {
                "date" => date(day_part.parse().unwrap(), lang),
                "day" => day(day_part.parse().unwrap(), lang),
                "time" if c.value.len() == 5 => time(NaiveTime::parse_from_str(&c.value, "%H:%M").unwrap(), lang),
                "time" => time(NaiveTime::parse_from_str(&time_part[1..6], "%H:%M").unwrap(), lang),
                // The app's formatDateTime: the date, then the time.
                "dateTime" => format!(
                    "{} {}",
                    date(day_part.parse().unwrap(), lang),
                    time(NaiveTime::parse_from_str(&time_part[1..6], "%H:%M").unwrap(), lang)
                ),
                other => panic!("unknown kind {other}"),
            };
            assert_eq!(written, c.text, "{} {} {}", c.kind, c.lang, c.value);
            checked += 1;
        }
        assert!(checked >= 20);
    }
}
