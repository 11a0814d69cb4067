//! A signed-in device as its owner recognises it in the account's list: a browser and a system
//! named from the User-Agent. Only the two names are kept, never the header (which, with the
//! address, would fingerprint the person); the list turns them into a sentence in its language.
//!
//! Order matters: Edge, Opera and Samsung Internet say "Chrome" too, Chrome on iOS says "Safari",
//! and every Android says "Linux".
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

/// The browser's name, or `other`.
pub fn browser(agent: &str) -> &'static str {
    const BROWSERS: &[(&str, &str)] = &[
        ("Edg", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS", "Firefox"),
        ("CriOS", "Chrome"),
        ("Chrome/", "Chrome"),
        ("Chromium/", "Chrome"),
        ("Safari/", "Safari"),
    ];
    BROWSERS.iter().find(|(mark, _)| agent.contains(mark)).map_or(OTHER, |(_, name)| name)
}

/// The operating system's name, or `other`.
pub fn system(agent: &str) -> &'static str {
    const SYSTEMS: &[(&str, &str)] = &[
        ("Android", "Android"),
        ("iPhone", "iOS"),
        ("iPad", "iPadOS"),
        ("CrOS", "ChromeOS"),
        ("Windows", "Windows"),
        ("Mac OS X", "macOS"),
        ("Macintosh", "macOS"),
        ("Linux", "Linux"),
    ];
    SYSTEMS.iter().find(|(mark, _)| agent.contains(mark)).map_or(OTHER, |(_, name)| name)
}

/// What a name is when the User-Agent named nothing we know (or was missing).
pub const OTHER: &str = "other";

/// How long ago, as the list says it: "now" under five minutes (a session's last use is marked
/// no finer), then minutes, hours up to two days, then days. Relative, so it needs no time zone: a
/// device list belongs to a person, not to a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "unit", content = "count", rename_all = "camelCase")]
pub enum Ago {
    Now,
    Minutes(i64),
    Hours(i64),
    Days(i64),
}

pub fn ago(then: DateTime<Utc>, now: DateTime<Utc>) -> Ago {
    let since = now - then;
    match (since.num_minutes(), since.num_hours()) {
        (m, _) if m < 5 => Ago::Now,
        (m, _) if m < 60 => Ago::Minutes(m),
        (_, h) if h < 48 => Ago::Hours(h),
        _ => Ago::Days(since.num_days()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_agents_are_named_by_what_people_call_them() {
        let cases = [
            (
                "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
                ("Chrome", "Android"),
            ),
            (
                "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
                ("Samsung Internet", "Android"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
                ("Safari", "iOS"),
            ),
            (
                "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0 Mobile/15E148 Safari/604.1",
                ("Chrome", "iOS"),
            ),
            (
                "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
                ("Edge", "Windows"),
            ),
            ("Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0", ("Firefox", "Linux")),
            (
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
                ("Safari", "macOS"),
            ),
            ("curl/8.5.0", (OTHER, OTHER)),
            ("", (OTHER, OTHER)),
        ];
        for (agent, (b, s)) in cases {
            assert_eq!((browser(agent), system(agent)), (b, s), "{agent}");
        }
    }

    #[test]
    fn ago_rounds_down_to_what_a_person_reads() {
        let now = DateTime::parse_from_rfc3339("2026-12-06T12:00:00Z").unwrap().to_utc();
        let before = |mins: i64| now - chrono::Duration::minutes(mins);
        assert_eq!(ago(before(4), now), Ago::Now);
        assert_eq!(ago(before(5), now), Ago::Minutes(5));
        assert_eq!(ago(before(59), now), Ago::Minutes(59));
        assert_eq!(ago(before(60), now), Ago::Hours(1));
        assert_eq!(ago(before(47 * 60 + 59), now), Ago::Hours(47));
        assert_eq!(ago(before(48 * 60), now), Ago::Days(2));
        assert_eq!(serde_json::to_value(Ago::Hours(3)).unwrap(), serde_json::json!({"unit": "hours", "count": 3}));
        assert_eq!(serde_json::to_value(Ago::Now).unwrap(), serde_json::json!({"unit": "now"}));
    }
}
