//! The door's actions recorded on a device without a connection and sent later (issue 50): the
//! key each carries, and the day a late-sent visit counts on.
use chrono::{DateTime, Duration, NaiveDate, Utc};
use chrono_tz::Tz;

/// How late an action may reach the server and still count when it happened: the device drops
/// its copy of a day 24 hours after the day, so nothing older than two days is queued honestly.
pub const LATE_AT_MOST: Duration = Duration::hours(48);

/// The longest key a device may make (a UUID is 36).
pub const KEY_MAX: usize = 64;

/// An action a device recorded: the key it made for it, what kind it is, and when it happened.
/// The key is kept in the transaction of what the action does, so a resend records nothing twice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Once<'a> {
    pub key: &'a str,
    /// `checkIn`, `noShow`, `household` or `visit` (the CHECK of `door_actions.kind`).
    pub kind: &'static str,
    pub at: DateTime<Utc>,
}

/// Whether a device's key is one we keep: 8 to 64 letters, digits, `-` and `_`.
pub fn key_ok(key: &str) -> bool {
    (8..=KEY_MAX).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The day at the place that an action of `at` counts on: its own, when it is a past moment of
/// the last [`LATE_AT_MOST`]; otherwise today's (a device clock set wrong does not move a visit
/// to another month's report).
pub fn day_of(at: DateTime<Utc>, now: DateTime<Utc>, tz: Tz) -> NaiveDate {
    let at = if at <= now && now - at <= LATE_AT_MOST { at } else { now };
    at.with_timezone(&tz).date_naive()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn keys_are_plain_and_bounded() {
        assert!(key_ok("7f9c2d4e-1b2a-4c3d-9e8f-0a1b2c3d4e5f"));
        assert!(!key_ok("short"));
        assert!(!key_ok(&"a".repeat(65)));
        assert!(!key_ok("has space in it"));
    }

    #[test]
    fn a_late_action_counts_on_its_own_day_within_two_days() {
        let tz: Tz = "America/New_York".parse().unwrap();
        let now = at("2026-12-08T15:00:00Z");
        // 23:30 on the 6th in New York, sent 39.5 hours later.
        assert_eq!(day_of(at("2026-12-07T04:30:00Z"), now, tz).to_string(), "2026-12-06");
        // Older than 48 hours, or in the future: today.
        assert_eq!(day_of(at("2026-12-06T14:00:00Z"), now, tz).to_string(), "2026-12-08");
        assert_eq!(day_of(at("2026-12-09T15:00:00Z"), now, tz).to_string(), "2026-12-08");
    }
}
