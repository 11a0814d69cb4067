//! "Add to calendar" (issue 54): an order's pickup time or delivery window as an iCalendar file,
//! and each shopper's private feed of their upcoming orders for calendar apps that subscribe.
//!
//! An event's UID is the order's, so a file downloaded again or the feed fetched again updates the
//! same event; its SEQUENCE is `orders.calendar_sequence`, which the database counts up whenever
//! the order's time, pantry or state changes (migration 33), so calendar apps take the newer file.
//! A cancelled order's event stays, with `STATUS:CANCELLED`, so that a subscribed calendar
//! removes it rather than keeping the last time it saw.
//!
//! The feed's address carries a random token (that is how calendar apps subscribe: they cannot
//! sign in); only its SHA-256 is stored, so the address is shown once, when made, and a reset
//! makes a new one and the old one a 404 at once. The token is never logged.
mod ics;
mod zone;

use super::{Context, Error, Result};
use crate::{
    catalog::Lang,
    db::repo::orders::OrderRow,
    domain::{Id, messages},
    infra::time_words,
};
use base64::{Engine, engine::general_purpose::URL_SAFE_NO_PAD};
use ics::EventFacts;
use sha2::{Digest, Sha256};

/// The texts of an event, from the message catalog in the shopper's language (the host's side
/// reads the catalog, so it hands them over). `{placeholders}` as the app's catalog writes them.
#[derive(Debug, Clone)]
pub struct Words {
    pub lang: Lang,
    /// `{pantry}`.
    pub pickup_summary: String,
    pub delivery_summary: String,
    /// `{number}`.
    pub order_number: String,
    /// `{day}`, `{start}`, `{end}`.
    pub when: String,
    /// `{text}`.
    pub instructions: String,
    /// `{summary}`.
    pub reminder: String,
    /// The feed's name in the calendar app.
    pub feed_name: String,
}

fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_owned(), |text, (key, value)| text.replace(&format!("{{{key}}}"), value))
}

/// The host name of the public URL, which UIDs are made unique under.
fn host_of(public_url: &str) -> &str {
    let rest = public_url.split_once("://").map_or(public_url, |(_, rest)| rest);
    rest.split(['/', '?', '#']).next().unwrap_or(rest)
}

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The path of a feed's address (the token is in it, by necessity).
pub fn feed_path(token: &str) -> String {
    format!("/calendar/{token}/orders.ics")
}

/// What the order's event says; None for an order without a time (none is made without one).
fn facts(order: &OrderRow, sequence: i32, public_url: &str, words: &Words) -> Option<EventFacts> {
    let lang = words.lang;
    let number = format!("{:X}", order.id);
    let (day, start, end, summary, location, geo, instructions) = match (&order.pickup_time, &order.delivery_time) {
        (Some(p), _) => {
            let pantry = order.pantry.as_ref();
            let label = pantry.map_or("", |p| p.label.as_str());
            let address = pantry.map(|p| {
                let a = &p.address;
                let street = [Some(a.address_line1.as_str()), a.address_line2.as_deref()];
                let street: Vec<&str> = street.into_iter().flatten().filter(|s| !s.is_empty()).collect();
                format!("{label}, {}, {}, {} {}", street.join(", "), a.city, a.province, a.postal_code)
            });
            let geo = pantry.and_then(|p| Some((p.address.latitude?, p.address.longitude?)));
            let instructions = pantry.and_then(|p| p.pickup_instructions.clone()).filter(|s| !s.trim().is_empty());
            let summary = fill(&words.pickup_summary, &[("pantry", label)]);
            (p.pickup_day, p.pickup_start_time, p.pickup_end_time, summary, address, geo, instructions)
        }
        (None, Some(d)) => {
            let address = order.delivery_address.as_ref().map(|a| {
                let street = [Some(a.address_line1.as_str()), a.address_line2.as_deref()];
                let street: Vec<&str> = street.into_iter().flatten().filter(|s| !s.is_empty()).collect();
                format!("{}, {}, {} {}", street.join(", "), a.city, a.province, a.postal_code)
            });
            let summary = words.delivery_summary.clone();
            (d.delivery_day, d.delivery_start_time, d.delivery_end_time, summary, address, None, None)
        }
        (None, None) => return None,
    };
    // The time as the order page writes it (the shared formatters' words).
    let (day_words, start_words, end_words) =
        (time_words::day(day, lang), time_words::time(start, lang), time_words::time(end, lang));
    let mut lines = vec![
        fill(&words.when, &[("day", &day_words), ("start", &start_words), ("end", &end_words)]),
        fill(&words.order_number, &[("number", &number)]),
    ];
    if let Some(text) = instructions {
        lines.push(fill(&words.instructions, &[("text", &text)]));
    }
    let url = format!("{}/account/orders/{}?lang={}", public_url.trim_end_matches('/'), order.id, lang.code());
    lines.push(url.clone());
    Some(EventFacts {
        order_id: order.id,
        sequence,
        tz: order.tz,
        day,
        start,
        end,
        reminder: fill(&words.reminder, &[("summary", &summary)]),
        summary,
        description: lines.join("\n"),
        location,
        geo,
        url,
        cancelled: order.status.is_cancelled_type,
    })
}

/// The shopper's order as an iCalendar file; NotFound for another's order, as the order page.
pub async fn order_file(state: &Context, user_id: Id, order_id: Id, words: &Words) -> Result<String> {
    let not_found = || Error::not_found(&messages::ORDER_NOT_FOUND);
    let order = state.store.order_of(user_id, order_id, state.clock.now()).await?.ok_or_else(not_found)?;
    let sequence = state.store.calendar_sequences(&[order.id]).await?.get(&order.id).copied().unwrap_or(0);
    let event = facts(&order, sequence, &state.public_url, words).ok_or_else(not_found)?;
    Ok(ics::calendar(&[event], host_of(&state.public_url), state.clock.now(), None))
}

/// The feed the token names: the owner's orders whose time has not ended yet (cancelled ones
/// too, saying so), in the owner's language. NotFound for a token that names no feed.
pub async fn feed_file(state: &Context, token: &str, words: impl Fn(Lang) -> Words) -> Result<String> {
    let not_found = || Error::NotFound("Calendar feed not found".into());
    // Anything but a token we could have made is not looked up at all.
    if token.len() != 43 || !token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        return Err(not_found());
    }
    let user_id = state.store.calendar_feed_owner(&sha256_hex(token)).await?.ok_or_else(not_found)?;
    let lang = state
        .store
        .shopper_contact(user_id)
        .await?
        .and_then(|c| c.language)
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or(Lang::EN);
    let words = words(lang);
    let now = state.clock.now();
    let orders = state.store.orders_of(user_id, state.clock.now()).await?;
    let ids: Vec<Id> = orders.iter().map(|o| o.id).collect();
    let sequences = state.store.calendar_sequences(&ids).await?;
    let mut events: Vec<EventFacts> = orders
        .iter()
        .filter_map(|o| facts(o, sequences.get(&o.id).copied().unwrap_or(0), &state.public_url, &words))
        .filter(|e| crate::domain::time::local_instant(e.day, e.end, e.tz) > now)
        .collect();
    events.sort_by_key(|e| (crate::domain::time::local_instant(e.day, e.start, e.tz), e.order_id));
    Ok(ics::calendar(&events, host_of(&state.public_url), now, Some(&words.feed_name)))
}

/// Whether the shopper has made a feed address (its address itself is not kept).
pub async fn has_feed(state: &Context, user_id: Id) -> Result<bool> {
    Ok(state.store.has_calendar_feed(user_id).await?)
}

/// A new feed address for the shopper, in place of any earlier one (which answers 404 from now
/// on): its full URL, to show this once.
pub async fn reset_feed(state: &Context, user_id: Id) -> Result<String> {
    let token = URL_SAFE_NO_PAD.encode(rand::random::<[u8; 32]>());
    state.store.set_calendar_feed(user_id, sha256_hex(&token), state.clock.now()).await?;
    Ok(format!("{}{}", state.public_url.trim_end_matches('/'), feed_path(&token)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_host_name_comes_from_the_public_url() {
        assert_eq!(host_of("https://food.example.org/"), "food.example.org");
        assert_eq!(host_of("http://127.0.0.1:8080"), "127.0.0.1:8080");
        assert_eq!(ics::uid(42, "food.example.org"), "order-42@food.example.org");
    }

    #[test]
    fn placeholders_are_filled() {
        assert_eq!(fill("Order {number}", &[("number", "2A")]), "Order 2A");
    }
}
