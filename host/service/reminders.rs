//! The reminder job: the day before a pickup, from 10:00 in the pantry's time zone, each waiting
//! pickup order's shopper is reminded by e-mail and/or text as their profile allows
//! (`service::notices`), in their language. Each reminder's outbox row carries the order and day
//! as its dedup key, so a second run, another host's run or a run after a crash adds nothing.
use super::{
    Context, Result,
    notices::{self, Notice},
};
use crate::{catalog::Lang, db::repo::outbox::NewMessage, db::repo::reminders::PickupToRemind, infra::time_words};
use chrono::{DateTime, Duration, Timelike, Utc};

/// The local hour from which the day before's reminders go out: none in the night.
pub const REMIND_FROM_HOUR: u32 = 10;
/// Rows per insert: 13 values each, well under SQLite's 32,766 bound variables.
const CHUNK: usize = 500;

const REMINDER_TITLE: &str = "Pickup reminder: tomorrow";
const REMINDER_TEXT: &str =
    "Your order {number} is to be picked up tomorrow, {day}, between {start} and {end} at {pantry}.";

/// Whether `pickup` is reminded at `now`: its day is tomorrow in its pantry's zone, and it is 10:00
/// or later there.
pub fn is_due(pickup: &PickupToRemind, now: DateTime<Utc>) -> bool {
    let local = now.with_timezone(&pickup.tz);
    local.hour() >= REMIND_FROM_HOUR && local.date_naive().succ_opt() == Some(pickup.pickup_day)
}

/// The reminder's messages for `pickup`.
pub fn reminder(pickup: &PickupToRemind, channels: notices::Channels<'_>) -> Vec<NewMessage> {
    let number = format!("{:X}", pickup.order_id);
    let words = |lang: Lang| {
        let (day, start, end) = (
            time_words::day(pickup.pickup_day, lang),
            time_words::time(pickup.starts, lang),
            time_words::time(pickup.ends, lang),
        );
        let fill = [
            ("number", number.as_str()),
            ("day", day.as_str()),
            ("start", start.as_str()),
            ("end", end.as_str()),
            ("pantry", pickup.pantry.as_str()),
        ];
        (notices::say(REMINDER_TITLE, lang, &fill), notices::say(REMINDER_TEXT, lang, &fill))
    };
    let notice = Notice {
        key: format!("order:{}:reminder:{}", pickup.order_id, pickup.pickup_day),
        path: "/account/orders".into(),
        words: &words,
    };
    notices::messages(&pickup.contact, channels, &notice)
}

/// Writes the reminders due now into the outbox; the messages added (those written before are
/// not written again).
pub(crate) async fn remind_tomorrow(state: &Context) -> Result<u64> {
    let now = state.clock.now();
    // Tomorrow in every zone lies between now and three days on; the zone picks the day.
    let pickups = state.store.pickups_starting(now, now + Duration::days(3)).await?;
    let channels = state.channels();
    let messages: Vec<NewMessage> =
        pickups.iter().filter(|p| is_due(p, now)).flat_map(|p| reminder(p, channels)).collect();
    let mut added = 0;
    for chunk in messages.chunks(CHUNK) {
        added += state.store.enqueue_many(chunk.to_vec(), now).await?;
    }
    if added > 0 {
        state.mail_written.notify_one();
    }
    Ok(added)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::repo::accounts::ShopperContact;
    use chrono::{NaiveDate, NaiveTime};

    fn pickup(day: &str) -> PickupToRemind {
        PickupToRemind {
            order_id: 42,
            user_id: 1,
            pickup_day: day.parse::<NaiveDate>().unwrap(),
            starts: NaiveTime::from_hms_opt(14, 0, 0).unwrap(),
            ends: NaiveTime::from_hms_opt(14, 30, 0).unwrap(),
            pantry: "Main Library".into(),
            tz: chrono_tz::America::New_York,
            contact: ShopperContact {
                first_name: "Ana".into(),
                email: "ana@example.org".into(),
                language: Some("es".into()),
                email_allowed: true,
                texts_allowed: true,
                phone_number: Some("6145550100".into()),
            },
        }
    }

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap()
    }

    #[test]
    fn due_from_ten_the_day_before_in_the_pantrys_zone() {
        let p = pickup("2026-12-02");
        // 09:59 and 10:00 in New York (UTC-5) on Dec 1.
        assert!(!is_due(&p, at("2026-12-01T14:59:00Z")));
        assert!(is_due(&p, at("2026-12-01T15:00:00Z")));
        // Late on Dec 1 in New York is Dec 2 in UTC: still the day before there.
        assert!(is_due(&p, at("2026-12-02T04:30:00Z")));
        assert!(!is_due(&p, at("2026-12-02T05:00:00Z")), "the pickup day itself");
        assert!(!is_due(&pickup("2026-12-03"), at("2026-12-01T15:00:00Z")), "two days ahead");
    }

    #[test]
    fn the_reminder_is_in_the_shoppers_language_once_per_order_and_day() {
        let channels = notices::Channels { public_url: "http://oa.example", texts: true };
        let m = reminder(&pickup("2026-12-02"), channels);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].dedup_key.as_deref(), Some("order:42:reminder:2026-12-02"));
        assert_eq!(m[1].dedup_key.as_deref(), Some("order:42:reminder:2026-12-02:sms"));
        // The day and times as the shopper's order page writes them (infra::time_words).
        assert!(
            m[1].body.contains("mañana")
                && m[1].body.contains("2:00\u{a0}p.\u{a0}m.")
                && m[1].body.contains("2 de dic"),
            "{}",
            m[1].body
        );
    }
}
