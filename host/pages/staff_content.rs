//! The food bank admin's content (`/staff/content`): its info cards and notifications, each with a
//! preview in English and Spanish as shoppers will see it (the rich text cleaned by the server),
//! and the forms adding a card (in a section or a new one) and a notification with the window it
//! shows in (typed in the food bank's time zone), and the same forms editing one (`?card=`,
//! `?notice=`). The forms post here with the form token (intent `card`, `notice`, `editCard`,
//! `editNotice`); done, 303 back; refused, the page again with 422 and the refusals at their
//! fields.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::row_id,
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_content::{AdminContent, CardForm, NoticeForm},
    service::{self as services, staff::Staff, staff::content as service},
};
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use std::collections::HashMap;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-content",
    patterns: &["/staff/content"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffContentPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<AdminContent>,
    /// The food bank's IANA time zone, in which the window's times are typed and shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_zone: Option<String>,
    /// What the last form did: `card`, `notice`, `cardEdited` or `noticeEdited`.
    #[serde(skip_serializing_if = "Option::is_none")]
    saved: Option<String>,
    /// The card whose form is open (`?card=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edit_card: Option<Id>,
    /// The notification whose form is open (`?notice=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edit_notice: Option<EditNotice>,
    /// The languages a text can be written in besides English, with their forms' fields.
    languages: Vec<ContentLanguage>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ContentLanguage {
    code: &'static str,
    /// In itself ("Español", "한국어").
    name: &'static str,
    title_field: &'static str,
    body_field: &'static str,
}

fn languages() -> Vec<ContentLanguage> {
    crate::catalog::Lang::all()
        .filter(|l| *l != crate::catalog::Lang::EN)
        .map(|lang| {
            let (title_field, body_field) = lang.content_fields();
            ContentLanguage { code: lang.code(), name: lang.name(), title_field, body_field }
        })
        .collect()
}

/// A notification's window as its form's `datetime-local` fields show it, in the food bank's zone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EditNotice {
    id: Id,
    starts_at: Option<String>,
    ends_at: Option<String>,
}

const SAVED: [&str; 4] = ["card", "notice", "cardEdited", "noticeEdited"];

/// An instant as a `datetime-local` field holds it, in `zone`.
fn local_field(at: crate::domain::time::PlaceTime, zone: chrono_tz::Tz) -> String {
    at.with_timezone(&zone).format("%Y-%m-%dT%H:%M").to_string()
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let saved = ctx.query.get("saved").filter(|s| SAVED.contains(&s.as_str())).cloned();
    let asked = |key: &str| ctx.query.get(key).and_then(|v| row_id(v.trim()));
    let zone = service::food_bank_zone(&ctx.state, &admin).await;
    match (service::content(&ctx.state, &admin).await, zone) {
        (Ok(content), Ok(zone)) => {
            let edit_card = asked("card").filter(|id| content.cards.iter().any(|c| c.id == *id));
            let edit_notice =
                asked("notice").and_then(|id| content.notices.iter().find(|n| n.id == id)).map(|n| EditNotice {
                    id: n.id,
                    starts_at: n.starts_at.map(|at| local_field(at, zone)),
                    ends_at: n.ends_at.map(|at| local_field(at, zone)),
                });
            Loaded::ok(StaffContentPage {
                content: Some(content),
                time_zone: Some(zone.name().to_owned()),
                saved,
                edit_card,
                edit_notice,
                languages: languages(),
            })
        }
        (Err(error), _) | (_, Err(error)) => {
            tracing::error!(%error, "content page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffContentPage::default())
        }
    }
}

/// A `datetime-local` field in the food bank's zone. A text that is no time is the earliest
/// instant (a start the window rule accepts, an end it refuses as before the start).
fn instant(text: &str, zone: chrono_tz::Tz) -> Option<DateTime<Utc>> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let parsed = NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S"));
    Some(match parsed {
        Ok(local) => crate::domain::time::local_instant(local.date(), local.time(), zone),
        Err(_) => DateTime::UNIX_EPOCH,
    })
}

/// The fields a refused form shows again as posted (and every language's `content_fields`).
const FIELDS: [&str; 7] = ["id", "title", "body", "sectionId", "newSection", "startsAt", "endsAt"];

/// The other languages' versions as posted (`titleEs`, `bodyKo`...).
fn translations(f: &super::FormFields) -> HashMap<String, Value> {
    crate::catalog::Lang::all()
        .flat_map(|lang| <[&str; 2]>::from(lang.content_fields()))
        .filter_map(|field| Some((field.to_owned(), Value::String(f.optional(field)?))))
        .collect()
}

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let intent = ctx.form.text(super::INTENT).to_owned();
    let f = &ctx.form;
    let state = &ctx.state;
    // An edit names its card or notification; one that is no row is refused as not found.
    let id = row_id(f.text("id").trim()).unwrap_or(-1);
    let card = || CardForm {
        title: f.text("title").to_owned(),
        body: f.optional("body"),
        translations: translations(f),
        section_id: row_id(f.text("sectionId").trim()),
        new_section: f.optional("newSection"),
        new_section_es: f.optional("newSectionEs"),
        sort_order: None,
    };
    let notice = |zone| NoticeForm {
        title: f.text("title").to_owned(),
        body: f.optional("body"),
        translations: translations(f),
        starts_at: instant(f.text("startsAt"), zone),
        ends_at: instant(f.text("endsAt"), zone),
    };
    let zone = || async { service::food_bank_zone(state, &admin).await.unwrap_or(chrono_tz::UTC) };
    let done = match intent.as_str() {
        "card" => service::create_card(state, &admin, &card()).await.map(|_| ()),
        "editCard" => service::update_card(state, &admin, id, &card()).await.map(|_| ()),
        "notice" => service::create_notice(state, &admin, &notice(zone().await)).await.map(|_| ()),
        "editNotice" => service::update_notice(state, &admin, id, &notice(zone().await)).await.map(|_| ()),
        _ => return Acted::refused(services::Error::Invalid("Unknown form.".into())),
    };
    let saved = match intent.as_str() {
        "editCard" => "cardEdited",
        "editNotice" => "noticeEdited",
        other => other,
    };
    match done {
        Ok(()) => Acted::to(format!("/staff/content?saved={saved}")),
        Err(error) => {
            let languages = crate::catalog::Lang::all().flat_map(|lang| <[&str; 2]>::from(lang.content_fields()));
            let mut keep: Vec<(&'static str, String)> =
                FIELDS.into_iter().chain(languages).map(|k| (k, f.text(k).to_owned())).collect();
            keep.push((super::INTENT, intent));
            Acted::refused(error).keeping(keep)
        }
    }
}
