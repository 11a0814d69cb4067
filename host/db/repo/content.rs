//! Info cards and notifications, with who has read which notification.
use super::{Store, StoreResult};
use crate::catalog::Lang;
use crate::db::entity::{food_bank, info_card, info_card_section, notification, notification_read};
use chrono::{DateTime, Utc};
use sea_orm::{
    ColumnTrait, Condition, EntityTrait, ExprTrait, QueryFilter, QueryOrder, QuerySelect, Set, sea_query::Expr,
};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// A public info card, its texts in the asked language (rich text as stored).
#[derive(Debug, Clone, PartialEq)]
pub struct InfoCardRow {
    pub id: i64,
    pub title: String,
    /// Image URLs, as stored.
    pub images: Value,
    pub description: Option<String>,
    pub action_button_text: Option<String>,
    pub modal_title: Option<String>,
    /// HTML, uncleaned.
    pub modal_content: Option<String>,
    pub sort_order: i32,
    pub section: Option<InfoCardSectionRow>,
    pub text_color: Option<String>,
    pub background_color: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InfoCardSectionRow {
    pub id: i64,
    pub name: String,
    pub sort_order: i32,
    pub hide_title: bool,
}

/// An unexpired notification in the asked language, and whether the reader has read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotificationRow {
    pub id: i64,
    pub title: String,
    pub description: Option<String>,
    /// HTML, uncleaned.
    pub details: Option<String>,
    pub created: DateTime<Utc>,
    /// `None` for notifications shown everywhere.
    pub food_bank_code: Option<String>,
    pub is_read: bool,
}

/// `field` of a row in `lang` from its `translations`, else the row's own text.
fn localized(own: String, translations: &Option<Value>, lang: Lang, field: &str) -> String {
    translations
        .as_ref()
        .and_then(|t| t.get(lang.code())?.get(field)?.as_str())
        .filter(|text| !text.trim().is_empty())
        .map_or(own, str::to_owned)
}

fn localized_opt(own: Option<String>, translations: &Option<Value>, lang: Lang, field: &str) -> Option<String> {
    own.map(|text| localized(text, translations, lang, field))
}

/// General rows (no food bank code), plus `code`'s when given.
fn general_or(column: impl ColumnTrait, code: Option<&str>) -> Condition {
    let mut any = Condition::any().add(column.is_null());
    if let Some(code) = code {
        any = any.add(column.eq(code));
    }
    any
}

impl<C: sea_orm::ConnectionTrait> Store<C> {
    /// A message in one shopper's Messages (news of their order), its other languages'
    /// texts in `translations` (`{"es": {"title": ..., "description": ..., "details": ...}}`);
    /// `details` is rich text (cleaned on the way out), such as a link to act on the news.
    pub async fn add_personal_message(
        &self,
        user_id: i64,
        title: &str,
        description: &str,
        details: Option<&str>,
        translations: Value,
        at: DateTime<Utc>,
    ) -> StoreResult<()> {
        let row = notification::ActiveModel {
            title: Set(title.to_owned()),
            description: Set(Some(description.to_owned())),
            details: Set(details.map(str::to_owned)),
            food_bank_code: Set(None),
            created_at: Set(at),
            expires_at: Set(None),
            translations: Set(Some(translations)),
            user_id: Set(Some(user_id)),
            ..Default::default()
        };
        notification::Entity::insert(row).exec_without_returning(&self.db).await?;
        Ok(())
    }
}

impl Store {
    /// The stored spelling of a food bank code, matched ignoring case.
    pub async fn food_bank_code(&self, code: &str) -> StoreResult<Option<String>> {
        Ok(food_bank::Entity::find()
            .filter(Expr::cust("upper(code)").eq(code.to_uppercase()))
            .select_only()
            .column(food_bank::Column::Code)
            .into_tuple::<String>()
            .one(&self.db)
            .await?)
    }

    /// Public cards: the general ones plus `food_bank_code`'s, by section order, then
    /// card order (general before the food bank's on a tie); cards without a section last.
    pub async fn info_cards(&self, food_bank_code: Option<&str>, lang: Lang) -> StoreResult<Vec<InfoCardRow>> {
        let cards = info_card::Entity::find()
            .filter(info_card::Column::IsPublic.eq(true))
            .filter(general_or(info_card::Column::FoodBankCode, food_bank_code))
            .all(&self.db)
            .await?;
        let section_ids: Vec<i64> =
            cards.iter().filter_map(|c| c.section_id).collect::<HashSet<_>>().into_iter().collect();
        let sections: HashMap<i64, InfoCardSectionRow> = info_card_section::Entity::find()
            .filter(info_card_section::Column::Id.is_in(section_ids))
            .all(&self.db)
            .await?
            .into_iter()
            .map(|s| {
                let name = localized(s.name, &s.translations, lang, "name");
                (s.id, InfoCardSectionRow { id: s.id, name, sort_order: s.sort_order, hide_title: s.hide_title })
            })
            .collect();
        let mut keyed: Vec<_> = cards
            .into_iter()
            .map(|c| {
                let section = c.section_id.and_then(|id| sections.get(&id).cloned());
                let key = (
                    section.as_ref().map_or(i32::MAX, |s| s.sort_order),
                    c.sort_order,
                    c.food_bank_code.is_some(),
                    c.id,
                );
                let tr = &c.translations;
                let card = InfoCardRow {
                    id: c.id,
                    title: localized(c.title, tr, lang, "title"),
                    images: c.images,
                    description: localized_opt(c.description, tr, lang, "description"),
                    action_button_text: localized_opt(c.action_button_text, tr, lang, "actionButtonText"),
                    modal_title: localized_opt(c.modal_title, tr, lang, "modalTitle"),
                    modal_content: localized_opt(c.modal_content, tr, lang, "modalContent"),
                    sort_order: c.sort_order,
                    section,
                    text_color: c.text_color,
                    background_color: c.background_color,
                };
                (key, card)
            })
            .collect();
        keyed.sort_by_key(|(key, _)| *key);
        Ok(keyed.into_iter().map(|(_, c)| c).collect())
    }

    /// Notifications inside their window at `at` (started, unexpired), general plus `food_bank_code`'s, newest first, each with
    /// whether `user_id` has read it.
    pub async fn notifications(
        &self,
        food_bank_code: Option<&str>,
        user_id: Option<i64>,
        at: DateTime<Utc>,
        lang: Lang,
    ) -> StoreResult<Vec<NotificationRow>> {
        // A personal message (the news of the reader's own order) is theirs alone.
        let mine = match user_id {
            Some(id) => {
                Condition::any().add(notification::Column::UserId.is_null()).add(notification::Column::UserId.eq(id))
            }
            None => Condition::all().add(notification::Column::UserId.is_null()),
        };
        let rows = notification::Entity::find()
            .filter(general_or(notification::Column::FoodBankCode, food_bank_code))
            .filter(mine)
            .filter(
                Condition::any()
                    .add(notification::Column::ExpiresAt.is_null())
                    .add(notification::Column::ExpiresAt.gt(at)),
            )
            // A notification scheduled ahead shows from its start.
            .filter(
                Condition::any()
                    .add(notification::Column::StartsAt.is_null())
                    .add(notification::Column::StartsAt.lte(at)),
            )
            .order_by_desc(notification::Column::CreatedAt)
            .order_by_desc(notification::Column::Id)
            .all(&self.db)
            .await?;
        let read: HashSet<i64> = match user_id {
            Some(user_id) if !rows.is_empty() => notification_read::Entity::find()
                .filter(notification_read::Column::UserId.eq(user_id))
                .filter(notification_read::Column::NotificationId.is_in(rows.iter().map(|n| n.id).collect::<Vec<_>>()))
                .select_only()
                .column(notification_read::Column::NotificationId)
                .into_tuple::<i64>()
                .all(&self.db)
                .await?
                .into_iter()
                .collect(),
            _ => HashSet::new(),
        };
        Ok(rows
            .into_iter()
            .map(|n| {
                let tr = &n.translations;
                NotificationRow {
                    is_read: read.contains(&n.id),
                    id: n.id,
                    title: localized(n.title, tr, lang, "title"),
                    description: localized_opt(n.description, tr, lang, "description"),
                    details: localized_opt(n.details, tr, lang, "details"),
                    created: n.created_at,
                    food_bank_code: n.food_bank_code,
                }
            })
            .collect())
    }

    /// Marks a notification read for `user_id`; false when there is no such notification.
    /// Reading it again keeps the first read time.
    pub async fn mark_notification_read(
        &self,
        user_id: i64,
        notification_id: i64,
        at: DateTime<Utc>,
    ) -> StoreResult<bool> {
        // Another shopper's personal message is no more there for this reader than a missing one.
        let found = notification::Entity::find_by_id(notification_id).one(&self.db).await?;
        if found.is_none_or(|n| n.user_id.is_some_and(|owner| owner != user_id)) {
            return Ok(false);
        }
        let row = notification_read::ActiveModel {
            user_id: Set(user_id),
            notification_id: Set(notification_id),
            read_at: Set(at),
        };
        // A notification deleted between the check and the insert fails the foreign key: a 400, never a 500.
        notification_read::Entity::insert(row).on_conflict_do_nothing().exec_without_returning(&self.db).await?;
        Ok(true)
    }
}
