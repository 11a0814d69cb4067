//! A food bank admin's content (`/staff/content`, `/api/v1/staff/content`): info cards (in
//! sections, which all food banks share) and notifications to the food bank's shoppers (their
//! Messages), each in English and optionally the app's other languages, tagged with the food
//! bank's code. A notification shows from its start to its end, judged by the server's clock
//! where shoppers read it. The rich text is kept as typed and cleaned by `rich_text` wherever it
//! is shown: the admin's preview here is that same cleaning. Each write carries its audit entry
//! (`card.create|update`, `notice.create|update`); the triggers bump the `content` cache scope.
use crate::service::{Context, Error, Result, rich_text, staff::Staff};
use crate::{
    catalog::Lang,
    db::repo::{
        audit::AuditEntry,
        staff::content::{CardRow, NoticeRow, Texts},
    },
    domain::{
        Id,
        audit::AuditAction,
        messages,
        network::{ContentTexts, content_errors},
        staff::FoodBankAdmin,
        time::place_time,
    },
    model::staff_content::{
        AdminCard, AdminContent, AdminNotice, AdminSection, CardForm, ContentText, ContentVersion, NoticeForm,
    },
};
use chrono::{DateTime, Utc};
use chrono_tz::Tz;
use serde_json::Value;
use std::collections::HashMap;

/// The admin's food bank whose content is kept: their first (an admin of several keeps the
/// first's; the API and page name no other).
async fn food_bank(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<(Id, String)> {
    let id = *admin.reach.food_banks.first().ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?;
    let code = state.store.food_bank_codes(vec![id]).await?.pop().map(|(_, c)| c);
    Ok((id, code.ok_or_else(|| Error::not_found(&messages::FOOD_BANK_NOT_FOUND))?))
}

/// The zone of the admin's food bank, in which the pages' dates and times are typed.
pub async fn food_bank_zone(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<chrono_tz::Tz> {
    let banks: Vec<Id> = admin.reach.food_banks.iter().copied().collect();
    let zone = state.store.admin_food_banks(banks).await?.into_iter().next().map(|(_, _, tz)| tz);
    Ok(zone.and_then(|z| z.parse().ok()).unwrap_or(chrono_tz::UTC))
}

fn text(t: Texts) -> ContentText {
    ContentText { preview: t.body.as_deref().map(rich_text::sanitize), title: t.title, body: t.body }
}

/// The versions as the admin reads them, and the shopper languages that have none.
fn versions(translations: Vec<(Lang, Texts)>) -> (Vec<ContentVersion>, Vec<String>) {
    let missing = Lang::all()
        .filter(|l| *l != Lang::EN && !translations.iter().any(|(lang, _)| lang == l))
        .map(|l| l.code().to_owned())
        .collect();
    let versions = translations
        .into_iter()
        .map(|(lang, t)| ContentVersion { lang: lang.code().to_owned(), text: text(t) })
        .collect();
    (versions, missing)
}

fn card(c: CardRow) -> AdminCard {
    let (translations, missing) = versions(c.translations);
    AdminCard { id: c.id, section_id: c.section_id, en: text(c.en), translations, missing, sort_order: c.sort_order }
}

/// A notification as the admin reads it, its times in the food bank's zone `tz`.
fn notice(n: NoticeRow, now: DateTime<Utc>, tz: Tz) -> AdminNotice {
    let (translations, missing) = versions(n.translations);
    AdminNotice {
        translations,
        missing,
        showing: n.starts_at.is_none_or(|s| s <= now) && n.ends_at.is_none_or(|e| e > now),
        id: n.id,
        en: text(n.en),
        starts_at: n.starts_at.map(|at| place_time(at, tz)),
        ends_at: n.ends_at.map(|at| place_time(at, tz)),
    }
}

pub async fn content(state: &Context, admin: &Staff<FoodBankAdmin>) -> Result<AdminContent> {
    let (food_bank_id, code) = food_bank(state, admin).await?;
    let tz = food_bank_zone(state, admin).await?;
    let now = state.clock.now();
    let sections = state
        .store
        .admin_sections()
        .await?
        .into_iter()
        .map(|s| AdminSection { id: s.id, name: s.name, name_es: s.name_es })
        .collect();
    Ok(AdminContent {
        food_bank_id,
        sections,
        cards: state.store.admin_cards(&code, None).await?.into_iter().map(card).collect(),
        notices: state.store.admin_notices(&code, None).await?.into_iter().map(|n| notice(n, now, tz)).collect(),
    })
}

fn clean(text: &Option<String>) -> Option<String> {
    text.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned)
}

/// Every language's texts, judged: English, and each other language that has a title.
fn texts(
    title: &str,
    body: &Option<String>,
    translations: &HashMap<String, Value>,
    window: (Option<DateTime<Utc>>, Option<DateTime<Utc>>),
) -> Result<(Texts, Vec<(Lang, Texts)>)> {
    let en = Texts { title: title.trim().to_owned(), body: clean(body) };
    let field = |name: &str| clean(&translations.get(name).and_then(Value::as_str).map(str::to_owned));
    let others: Vec<(Lang, Texts)> = Lang::all()
        .filter(|l| *l != Lang::EN)
        .map(|lang| {
            let (title, body) = lang.content_fields();
            (lang, Texts { title: field(title).unwrap_or_default(), body: field(body) })
        })
        .collect();
    let judged: Vec<ContentTexts> = others
        .iter()
        .map(|(lang, t)| ContentTexts { title: &t.title, body: t.body.as_deref(), fields: lang.content_fields() })
        .collect();
    let errors = content_errors(
        ContentTexts { title: &en.title, body: en.body.as_deref(), fields: Lang::EN.content_fields() },
        &judged,
        window.0,
        window.1,
    );
    if !errors.is_empty() {
        return Err(Error::fields(errors));
    }
    Ok((en, others.into_iter().filter(|(_, t)| !t.title.is_empty()).collect()))
}

fn audit<T: serde::Serialize>(
    admin: &Staff<FoodBankAdmin>,
    bank: Id,
    action: AuditAction,
    subject: String,
    before: Option<&T>,
    after: &T,
) -> AuditEntry {
    AuditEntry::change(admin.user_id, (bank, None), action, subject, before, Some(after))
}

fn card_not_found() -> Error {
    Error::not_found(&messages::INFO_CARD_NOT_FOUND)
}

fn notice_not_found() -> Error {
    Error::not_found(&messages::MESSAGE_NOT_FOUND)
}

/// The card's section: the one chosen, or a new one named by the form.
async fn section_of(tx: &crate::db::repo::Write, form: &CardForm) -> Result<Option<Id>> {
    if let Some(name) = clean(&form.new_section) {
        if name.chars().count() > 100 {
            return Err(Error::fields(vec![crate::domain::forms::FieldError::new(
                "newSection",
                crate::domain::forms::FieldCode::TooLong,
                "At most 100 characters.",
            )]));
        }
        return Ok(Some(tx.insert_section(&name, clean(&form.new_section_es).as_deref()).await?));
    }
    match form.section_id {
        Some(id) if tx.admin_sections().await?.iter().any(|s| s.id == id) => Ok(Some(id)),
        Some(_) => Err(Error::fields(vec![crate::domain::forms::FieldError::new(
            "sectionId",
            crate::domain::forms::FieldCode::Choice,
            "Choose one of the sections.",
        )])),
        None => Ok(None),
    }
}

pub async fn create_card(state: &Context, admin: &Staff<FoodBankAdmin>, form: &CardForm) -> Result<AdminCard> {
    let (bank, code) = food_bank(state, admin).await?;
    let (en, others) = texts(&form.title, &form.body, &form.translations, (None, None))?;
    let now = state.clock.now();
    let (code, en, others) = (&code, &en, &others);
    state
        .store
        .write(|tx| async move {
            let section = section_of(&tx, form).await?;
            let id = tx.insert_card(code, section, en, others, form.sort_order.unwrap_or(0), now).await?;
            let after = tx.admin_cards(code, Some(id)).await?.pop().map(card).ok_or_else(card_not_found)?;
            tx.audit(audit(admin, bank, AuditAction::CardCreate, format!("infoCard:{id}"), None, &after), now).await?;
            Ok(after)
        })
        .await
}

pub async fn update_card(state: &Context, admin: &Staff<FoodBankAdmin>, id: Id, form: &CardForm) -> Result<AdminCard> {
    let (bank, code) = food_bank(state, admin).await?;
    let (en, others) = texts(&form.title, &form.body, &form.translations, (None, None))?;
    let now = state.clock.now();
    let (code, en, others) = (&code, &en, &others);
    state
        .store
        .write(|tx| async move {
            let before = tx.admin_cards(code, Some(id)).await?.pop().map(card).ok_or_else(card_not_found)?;
            let section = section_of(&tx, form).await?;
            tx.update_card(id, section, en, others, form.sort_order.unwrap_or(before.sort_order)).await?;
            let after = tx.admin_cards(code, Some(id)).await?.pop().map(card).ok_or_else(card_not_found)?;
            tx.audit(audit(admin, bank, AuditAction::CardUpdate, format!("infoCard:{id}"), Some(&before), &after), now)
                .await?;
            Ok(after)
        })
        .await
}

pub async fn create_notice(state: &Context, admin: &Staff<FoodBankAdmin>, form: &NoticeForm) -> Result<AdminNotice> {
    let (bank, code) = food_bank(state, admin).await?;
    let window = (form.starts_at, form.ends_at);
    let (en, others) = texts(&form.title, &form.body, &form.translations, window)?;
    let now = state.clock.now();
    let tz = food_bank_zone(state, admin).await?;
    let (code, en, others) = (&code, &en, &others);
    state
        .store
        .write(|tx| async move {
            let id = tx.insert_notice(code, en, others, window, now).await?;
            let after = tx
                .admin_notices(code, Some(id))
                .await?
                .pop()
                .map(|n| notice(n, now, tz))
                .ok_or_else(notice_not_found)?;
            tx.audit(audit(admin, bank, AuditAction::NoticeCreate, format!("notification:{id}"), None, &after), now)
                .await?;
            Ok(after)
        })
        .await
}

pub async fn update_notice(
    state: &Context,
    admin: &Staff<FoodBankAdmin>,
    id: Id,
    form: &NoticeForm,
) -> Result<AdminNotice> {
    let (bank, code) = food_bank(state, admin).await?;
    let window = (form.starts_at, form.ends_at);
    let (en, others) = texts(&form.title, &form.body, &form.translations, window)?;
    let now = state.clock.now();
    let tz = food_bank_zone(state, admin).await?;
    let (code, en, others) = (&code, &en, &others);
    state
        .store
        .write(|tx| async move {
            let before = tx
                .admin_notices(code, Some(id))
                .await?
                .pop()
                .map(|n| notice(n, now, tz))
                .ok_or_else(notice_not_found)?;
            tx.update_notice(id, en, others, window).await?;
            let after = tx
                .admin_notices(code, Some(id))
                .await?
                .pop()
                .map(|n| notice(n, now, tz))
                .ok_or_else(notice_not_found)?;
            tx.audit(
                audit(admin, bank, AuditAction::NoticeUpdate, format!("notification:{id}"), Some(&before), &after),
                now,
            )
            .await?;
            Ok(after)
        })
        .await
}
