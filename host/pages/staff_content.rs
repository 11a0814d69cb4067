//! The food bank admin's content (`/staff/content`): its info cards and notifications, each with a
//! preview in English and Spanish as shoppers will see it (the rich text cleaned by the server),
//! and the forms adding a card (in a section or a new one) and a notification with the window it
//! shows in (typed in the food bank's time zone). The forms post here with the form token (intent
//! `card`, `notice`); done, 303 back; refused, the page again with 422 and the refusals at their
//! fields.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::row_id,
    staff_pages::{Denied, HasDenied, guarded, guarded_action},
};
use crate::{
    domain::staff::FoodBankAdmin,
    model::staff_content::{AdminContent, CardForm, NoticeForm},
    service::{self as services, staff::Staff, staff_content as service},
};
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-content",
    patterns: &["/staff/content"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded::<StaffContentPage, _, _, _>(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffContentPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    denied: Option<Denied>,
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<AdminContent>,
    /// The food bank's IANA time zone, in which the window's times are typed and shown.
    #[serde(skip_serializing_if = "Option::is_none")]
    time_zone: Option<String>,
    /// What the last form did: `card` or `notice`.
    #[serde(skip_serializing_if = "Option::is_none")]
    saved: Option<String>,
}

impl HasDenied for StaffContentPage {
    fn denied(denied: Denied) -> Self {
        Self { denied: Some(denied), ..Self::default() }
    }
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let saved = ctx.query.get("saved").filter(|s| matches!(s.as_str(), "card" | "notice")).cloned();
    let zone = service::food_bank_zone(&ctx.state, &admin).await;
    match (service::content(&ctx.state, &admin).await, zone) {
        (Ok(content), Ok(zone)) => Loaded::ok(StaffContentPage {
            denied: None,
            content: Some(content),
            time_zone: Some(zone.name().to_owned()),
            saved,
        }),
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

const FIELDS: [&str; 8] = ["title", "body", "titleEs", "bodyEs", "sectionId", "newSection", "startsAt", "endsAt"];

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let intent = ctx.form.text(super::INTENT).to_owned();
    let f = &ctx.form;
    let state = &ctx.state;
    let done = match intent.as_str() {
        "card" => {
            let form = CardForm {
                title: f.text("title").to_owned(),
                body: f.optional("body"),
                title_es: f.optional("titleEs"),
                body_es: f.optional("bodyEs"),
                section_id: row_id(f.text("sectionId").trim()),
                new_section: f.optional("newSection"),
                new_section_es: f.optional("newSectionEs"),
                sort_order: None,
            };
            service::create_card(state, &admin, &form).await.map(|_| ())
        }
        "notice" => {
            let zone = service::food_bank_zone(state, &admin).await.unwrap_or(chrono_tz::UTC);
            let form = NoticeForm {
                title: f.text("title").to_owned(),
                body: f.optional("body"),
                title_es: f.optional("titleEs"),
                body_es: f.optional("bodyEs"),
                starts_at: instant(f.text("startsAt"), zone),
                ends_at: instant(f.text("endsAt"), zone),
            };
            service::create_notice(state, &admin, &form).await.map(|_| ())
        }
        _ => return Acted::refused(services::Error::Invalid("Unknown form.".into())),
    };
    match done {
        Ok(()) => Acted::to(format!("/staff/content?saved={intent}")),
        Err(error) => {
            let mut keep: Vec<(&'static str, String)> = FIELDS.into_iter().map(|k| (k, f.text(k).to_owned())).collect();
            keep.push((super::INTENT, intent));
            Acted::refused(error).keeping(keep)
        }
    }
}
