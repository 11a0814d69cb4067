//! What the demo says: info cards in their sections, and notifications (with Spanish texts).
use std::collections::HashMap;

use chrono::Duration;
use sea_orm::{ConnectionTrait, DbErr, Set};
use serde_json::json;

use super::super::super::entity::{info_card, info_card_section, notification};
use super::super::demo_data::{INFO_CARDS, INFO_CARDS_ES, NOTIFICATIONS, NOTIFICATIONS_ES, SECTIONS, SECTIONS_ES};
use super::super::insert_batched;
use super::Seeding;
use super::pictures::picture;

/// The id of the "Bring a bag" notification, which the demo shopper has read (0 if there is none).
pub(super) async fn seed_content<C: ConnectionTrait>(sd: &mut Seeding<'_, C>) -> Result<i64, DbErr> {
    let (db, now) = (sd.db, sd.now);
    let mut section_ids: HashMap<&'static str, i64> = HashMap::new();
    let mut sections = Vec::new();
    for &(name, order, hide_title) in SECTIONS {
        let id = sd.id("info_card_sections").await?;
        section_ids.insert(name, id);
        sections.push(info_card_section::ActiveModel {
            id: Set(id),
            name: Set(name.into()),
            sort_order: Set(order),
            hide_title: Set(hide_title),
            translations: Set(SECTIONS_ES
                .iter()
                .find(|(en, _)| *en == name)
                .map(|(_, es)| json!({ "es": { "name": es } }))),
        });
    }
    insert_batched(db, sections).await?;
    let mut cards = Vec::new();
    for c in INFO_CARDS {
        cards.push(info_card::ActiveModel {
            id: Set(sd.id("info_cards").await?),
            section_id: Set(Some(section_ids[c.section])),
            title: Set(c.title.into()),
            images: Set(json!([picture("cards", c.image)])),
            description: Set(Some(c.description.into())),
            action_button_text: Set(c.action.map(Into::into)),
            modal_title: Set(c.modal_title.map(Into::into)),
            modal_content: Set(c.modal_content.map(Into::into)),
            sort_order: Set(c.order),
            text_color: Set(Some(c.text_color.into())),
            background_color: Set(Some(c.background_color.into())),
            food_bank_code: Set(c.food_bank.map(Into::into)),
            is_public: Set(c.is_public),
            created_at: Set(now - Duration::days(90)),
            translations: Set(INFO_CARDS_ES.iter().find(|(en, _)| *en == c.title).map(|(_, es)| {
                json!({ "es": {
                    "title": es.title,
                    "description": es.description,
                    "actionButtonText": es.action,
                    "modalTitle": es.modal_title,
                    "modalContent": es.modal_content,
                } })
            })),
        });
    }
    sd.summary.info_cards = cards.len();
    insert_batched(db, cards).await?;
    let mut notes = Vec::new();
    let mut bring_a_bag = 0;
    for &(bank, days_ago, title, description, details, expired) in NOTIFICATIONS {
        let id = sd.id("notifications").await?;
        if title == "Bring a bag" {
            bring_a_bag = id;
        }
        let created = now - Duration::days(days_ago);
        notes.push(notification::ActiveModel {
            id: Set(id),
            title: Set(title.into()),
            description: Set(Some(description.into())),
            details: Set(Some(details.into())),
            food_bank_code: Set(bank.map(Into::into)),
            created_at: Set(created),
            expires_at: Set(if expired { Some(created + Duration::days(7)) } else { None }),
            translations: Set(NOTIFICATIONS_ES
                .iter()
                .find(|(en, _)| *en == title)
                .map(|(_, (t, d, html))| json!({ "es": { "title": t, "description": d, "details": html } }))),
            user_id: Set(None),
            starts_at: Set(None),
        });
    }
    sd.summary.notifications = notes.len();
    insert_batched(db, notes).await?;
    Ok(bring_a_bag)
}
