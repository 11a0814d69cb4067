//! A food bank's content as its admin keeps it (`/staff/content`): the info cards and
//! notifications tagged with its code, the shared card sections, and their writes (inside the
//! service's [`Write`], with the audit entry). The other languages' texts go in the rows'
//! `translations` (migration 10, `{"<code>": {...}}`), which the shoppers' reads prefer in their
//! language; the triggers on these tables bump the `content` cache scope.
use crate::db::repo::{Store, StoreResult};
use crate::{
    catalog::Lang,
    db::entity::{food_bank, info_card, info_card_section, notification},
    domain::Id,
};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait,
    ActiveValue::{NotSet, Set},
    ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};
use serde_json::{Value, json};

/// Texts in one language.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Texts {
    pub title: String,
    pub body: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CardRow {
    pub id: Id,
    pub section_id: Option<Id>,
    pub en: Texts,
    /// The other languages that have a version, in the registry's order.
    pub translations: Vec<(Lang, Texts)>,
    pub sort_order: i32,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NoticeRow {
    pub id: Id,
    pub en: Texts,
    pub translations: Vec<(Lang, Texts)>,
    pub starts_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SectionRow {
    pub id: Id,
    pub name: String,
    pub name_es: Option<String>,
}

/// The versions in `translations` (`{"es": {<title>: ..., <body>: ...}}`) that have a title.
fn versions(translations: &Option<Value>, title: &str, body: &str) -> Vec<(Lang, Texts)> {
    let Some(all) = translations.as_ref() else { return Vec::new() };
    Lang::all()
        .filter(|l| *l != Lang::EN)
        .filter_map(|lang| {
            let one = all.get(lang.code())?;
            let text = |k: &str| one.get(k).and_then(Value::as_str).filter(|t| !t.trim().is_empty()).map(str::to_owned);
            Some((lang, Texts { title: text(title)?, body: text(body) }))
        })
        .collect()
}

fn card_row(c: info_card::Model) -> CardRow {
    CardRow {
        translations: versions(&c.translations, "title", "modalContent"),
        id: c.id,
        section_id: c.section_id,
        en: Texts { title: c.title, body: c.modal_content },
        sort_order: c.sort_order,
    }
}

fn notice_row(n: notification::Model) -> NoticeRow {
    NoticeRow {
        translations: versions(&n.translations, "title", "details"),
        id: n.id,
        en: Texts { title: n.title, body: n.details },
        starts_at: n.starts_at,
        ends_at: n.expires_at,
    }
}

fn card_translations(versions: &[(Lang, Texts)]) -> Option<Value> {
    (!versions.is_empty()).then(|| {
        let all = versions.iter().map(|(lang, t)| {
            (lang.code().to_owned(), json!({ "title": t.title, "modalTitle": t.title, "modalContent": t.body }))
        });
        Value::Object(all.collect())
    })
}

fn notice_translations(versions: &[(Lang, Texts)]) -> Option<Value> {
    (!versions.is_empty()).then(|| {
        let all =
            versions.iter().map(|(lang, t)| (lang.code().to_owned(), json!({ "title": t.title, "details": t.body })));
        Value::Object(all.collect())
    })
}

impl<C: ConnectionTrait> Store<C> {
    /// These food banks' codes, which tag their content rows.
    pub async fn food_bank_codes(&self, ids: Vec<Id>) -> StoreResult<Vec<(Id, String)>> {
        Ok(food_bank::Entity::find()
            .filter(food_bank::Column::Id.is_in(ids))
            .select_only()
            .columns([food_bank::Column::Id, food_bank::Column::Code])
            .order_by_asc(food_bank::Column::Id)
            .into_tuple()
            .all(&self.db)
            .await?)
    }

    pub async fn admin_sections(&self) -> StoreResult<Vec<SectionRow>> {
        Ok(info_card_section::Entity::find()
            .order_by_asc(info_card_section::Column::SortOrder)
            .order_by_asc(info_card_section::Column::Id)
            .all(&self.db)
            .await?
            .into_iter()
            .map(|s| SectionRow {
                name_es: s.translations.as_ref().and_then(|t| t.get("es")?.get("name")?.as_str().map(str::to_owned)),
                id: s.id,
                name: s.name,
            })
            .collect())
    }

    /// The food bank's cards (by order) or only `only`.
    pub async fn admin_cards(&self, food_bank_code: &str, only: Option<Id>) -> StoreResult<Vec<CardRow>> {
        let mut query = info_card::Entity::find().filter(info_card::Column::FoodBankCode.eq(food_bank_code));
        if let Some(id) = only {
            query = query.filter(info_card::Column::Id.eq(id));
        }
        let rows =
            query.order_by_asc(info_card::Column::SortOrder).order_by_asc(info_card::Column::Id).all(&self.db).await?;
        Ok(rows.into_iter().map(card_row).collect())
    }

    /// The food bank's notifications to all its shoppers (not anyone's personal news), newest
    /// first, or only `only`.
    pub async fn admin_notices(&self, food_bank_code: &str, only: Option<Id>) -> StoreResult<Vec<NoticeRow>> {
        let mut query = notification::Entity::find()
            .filter(notification::Column::FoodBankCode.eq(food_bank_code))
            .filter(notification::Column::UserId.is_null());
        if let Some(id) = only {
            query = query.filter(notification::Column::Id.eq(id));
        }
        let rows = query
            .order_by_desc(notification::Column::CreatedAt)
            .order_by_desc(notification::Column::Id)
            .all(&self.db)
            .await?;
        Ok(rows.into_iter().map(notice_row).collect())
    }

    pub async fn insert_section(&self, name: &str, name_es: Option<&str>) -> StoreResult<Id> {
        let row = info_card_section::ActiveModel {
            id: NotSet,
            name: Set(name.to_owned()),
            sort_order: Set(0),
            hide_title: Set(false),
            translations: Set(name_es.map(|n| json!({ "es": { "name": n } }))),
        };
        Ok(info_card_section::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    pub async fn insert_card(
        &self,
        food_bank_code: &str,
        section: Option<Id>,
        en: &Texts,
        versions: &[(Lang, Texts)],
        sort_order: i32,
        now: DateTime<Utc>,
    ) -> StoreResult<Id> {
        let row = info_card::ActiveModel {
            id: NotSet,
            section_id: Set(section),
            title: Set(en.title.clone()),
            images: Set(json!([])),
            description: Set(None),
            action_button_text: Set(None),
            modal_title: Set(Some(en.title.clone())),
            modal_content: Set(en.body.clone()),
            sort_order: Set(sort_order),
            text_color: Set(None),
            background_color: Set(None),
            food_bank_code: Set(Some(food_bank_code.to_owned())),
            is_public: Set(true),
            translations: Set(card_translations(versions)),
            created_at: Set(now),
        };
        Ok(info_card::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    pub async fn update_card(
        &self,
        id: Id,
        section: Option<Id>,
        en: &Texts,
        versions: &[(Lang, Texts)],
        sort_order: i32,
    ) -> StoreResult<()> {
        let row = info_card::ActiveModel {
            id: Set(id),
            section_id: Set(section),
            title: Set(en.title.clone()),
            modal_title: Set(Some(en.title.clone())),
            modal_content: Set(en.body.clone()),
            sort_order: Set(sort_order),
            translations: Set(card_translations(versions)),
            ..Default::default()
        };
        row.update(&self.db).await?;
        Ok(())
    }

    pub async fn insert_notice(
        &self,
        food_bank_code: &str,
        en: &Texts,
        versions: &[(Lang, Texts)],
        window: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
        now: DateTime<Utc>,
    ) -> StoreResult<Id> {
        let row = notification::ActiveModel {
            id: NotSet,
            title: Set(en.title.clone()),
            description: Set(None),
            details: Set(en.body.clone()),
            food_bank_code: Set(Some(food_bank_code.to_owned())),
            created_at: Set(now),
            expires_at: Set(window.1),
            translations: Set(notice_translations(versions)),
            user_id: Set(None),
            starts_at: Set(window.0),
        };
        Ok(notification::Entity::insert(row).exec(&self.db).await?.last_insert_id)
    }

    pub async fn update_notice(
        &self,
        id: Id,
        en: &Texts,
        versions: &[(Lang, Texts)],
        window: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
    ) -> StoreResult<()> {
        let row = notification::ActiveModel {
            id: Set(id),
            title: Set(en.title.clone()),
            details: Set(en.body.clone()),
            expires_at: Set(window.1),
            starts_at: Set(window.0),
            translations: Set(notice_translations(versions)),
            ..Default::default()
        };
        row.update(&self.db).await?;
        Ok(())
    }
}
