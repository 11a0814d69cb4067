//! Home-page info cards and the messages list (notifications plus, for a signed-in
//! shopper, their upcoming orders): GET /content/infocards, GET /messages and the /, /home/foodbank
//! and /messages pages.
//!
//! Only public cards are served (§7 "Content service ... public only"). Messages put
//! the caller's upcoming orders first, soonest first, then notifications newest
//! first; expired notifications are left out. An unknown food bank code is a 404.
use super::{Context, Error, Result, rich_text};
use crate::{
    catalog::Lang,
    db::repo::content::{InfoCardRow, NotificationRow},
    domain::messages,
    model::{
        content::{InfoCard, InfoCardSection, Message, MessageData, Notification},
        orders::Order,
    },
};

const MAX_CODE_LEN: usize = 32;

/// The stored spelling of `code`, or NotFound for a code no food bank has.
pub async fn food_bank_code(state: &Context, code: &str) -> Result<String> {
    let code = code.trim();
    if code.is_empty() || code.len() > MAX_CODE_LEN {
        return Err(Error::Invalid(format!("A food bank code has 1 to {MAX_CODE_LEN} characters.").into()));
    }
    state.store.food_bank_code(code).await?.ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))
}

/// The public info cards shown everywhere, plus the food bank's (`code` as stored), with
/// their rich text cleaned.
pub async fn info_cards(state: &Context, code: Option<&str>, lang: Lang) -> Result<Vec<InfoCard>> {
    Ok(state.store.info_cards(code, lang).await?.into_iter().map(info_card).collect())
}

fn info_card(c: InfoCardRow) -> InfoCard {
    InfoCard {
        id: c.id,
        title: c.title,
        images: c.images,
        description: c.description,
        action_button_text: c.action_button_text,
        modal_title: c.modal_title,
        modal_content: c.modal_content.as_deref().map(rich_text::sanitize),
        order: c.sort_order,
        section: c.section.map(|s| InfoCardSection {
            id: s.id,
            name: s.name,
            order: s.sort_order,
            hide_title: s.hide_title,
        }),
        text_color: c.text_color,
        background_color: c.background_color,
    }
}

fn notification_message(n: NotificationRow) -> Message {
    let note = Notification {
        id: n.id,
        title: n.title,
        description: n.description,
        details: n.details.as_deref().map(rich_text::sanitize),
        created: n.created,
        food_bank_code: n.food_bank_code,
    };
    Message { data: MessageData::Notification(note), is_read: n.is_read }
}

/// The day and start of an order's pickup or delivery, for soonest-first order.
fn starts(o: &Order) -> (Option<chrono::NaiveDate>, Option<chrono::NaiveTime>) {
    match (&o.pickup_time, &o.delivery_time) {
        (Some(p), _) => (Some(p.pickup_day), Some(p.pickup_start_time)),
        (None, Some(d)) => (Some(d.delivery_day), Some(d.delivery_start_time)),
        (None, None) => (None, None),
    }
}

/// The shopper's upcoming orders (soonest first), then the notifications for them and the food
/// bank; a visitor (`user_id` None) gets the general notifications only.
pub async fn messages_for(
    state: &Context,
    food_bank_code: Option<&str>,
    user_id: Option<i64>,
    lang: Lang,
) -> Result<Vec<Message>> {
    let code = match food_bank_code.filter(|c| !c.trim().is_empty()) {
        Some(c) => Some(self::food_bank_code(state, c).await?),
        None => None,
    };
    let mut out = Vec::new();
    if let Some(user_id) = user_id {
        // `isUpcoming` is `domain::orders::OrderFacts::is_upcoming`, the rule of `upcoming_orders`.
        let mut upcoming: Vec<Order> =
            super::orders::list(state, user_id).await?.into_iter().filter(|o| o.is_upcoming).collect();
        upcoming.sort_by_key(|o| (starts(o), o.id));
        out.extend(upcoming.into_iter().map(|o| Message { data: MessageData::Order(Box::new(o)), is_read: false }));
    }
    let notes = state.store.notifications(code.as_deref(), user_id, state.clock.now(), lang).await?;
    out.extend(notes.into_iter().map(notification_message));
    Ok(out)
}

/// Marks notification `id` read for the shopper; NotFound when there is no such notification.
pub async fn mark_read(state: &Context, user_id: i64, id: i64) -> Result<()> {
    if state.store.mark_notification_read(user_id, id, state.clock.now()).await? {
        Ok(())
    } else {
        Err(Error::not_found(&messages::MESSAGE_NOT_FOUND))
    }
}
