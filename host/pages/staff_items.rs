//! A pantry's items (`/staff/items`, pantry staff and admins): the list with hide and show, a form
//! adding an item (a catalog product or a new one), the same form editing one (`?edit=`), and its
//! photo form (multipart, `http::files`). The forms post here with the form token (intent
//! `create`, `update`, `hide`, `show`); done, 303 back saying what was saved; refused, the page
//! again with 422 and the refusals at their fields.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::{photo_refusal, row_id},
    staff_guard::{guarded_action, guarded_at},
};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::staff_items::{ItemForm, StaffItems},
    service::{self as services, staff::Staff, staff::items as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-items",
    patterns: &["/staff/items"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

/// What a 303 back says was done.
const SAVED: [&str; 5] = ["created", "updated", "hidden", "shown", "photo"];

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffItemsPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    items: Option<StaffItems>,
    /// The item whose form is open (`?edit=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edit: Option<Id>,
    /// What the last form did: `created`, `updated`, `hidden`, `shown` or `photo`.
    #[serde(skip_serializing_if = "Option::is_none")]
    saved: Option<String>,
    /// The photo form's refusal code, when it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    photo_error: Option<String>,
}

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let query = |key: &str| ctx.query.get(key).map(String::as_str);
    let pantry = query("pantry").and_then(row_id);
    let saved = match query("photo") {
        Some("saved") => Some("photo"),
        _ => query("saved").and_then(|s| SAVED.into_iter().find(|k| *k == s)),
    };
    let photo_error = photo_refusal(&ctx.query);
    match service::items(&ctx.state, &staff, pantry).await {
        Ok(items) => {
            let edit = query("edit").and_then(row_id).filter(|id| items.items.iter().any(|i| i.id == *id));
            Loaded::ok(StaffItemsPage { items: Some(items), edit, saved: saved.map(str::to_owned), photo_error })
        }
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => {
            tracing::error!(%error, "items page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffItemsPage::default())
        }
    }
}

/// A posted id: empty is none; anything but an id names nothing (refused as an unknown choice).
fn posted_id(text: &str) -> Option<Id> {
    let text = text.trim();
    (!text.is_empty()).then(|| row_id(text).unwrap_or(-1))
}

/// The form as posted: text that is no number makes a size the rules refuse.
fn item_form(ctx: &ActionCtx) -> ItemForm {
    let f = &ctx.form;
    let amount = f.text("amount").trim();
    ItemForm {
        pantry_id: posted_id(f.text("pantry")),
        product_id: posted_id(f.text("productId")),
        name: f.text("name").to_owned(),
        name_es: Some(f.text("nameEs").to_owned()),
        amount: (!amount.is_empty()).then(|| amount.parse::<f64>().unwrap_or(f64::NAN)),
        unit_id: posted_id(f.text("unitId")),
        category_id: posted_id(f.text("categoryId")),
        source: Some(f.text("source").to_owned()),
    }
}

async fn act(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let intent = ctx.form.text(super::INTENT).to_owned();
    let item = posted_id(ctx.form.text("item")).unwrap_or(-1);
    let form = item_form(&ctx);
    let pantry = form.pantry_id.map(|p| format!("pantry={p}&")).unwrap_or_default();
    let state = &ctx.state;
    let (done, saved) = match intent.as_str() {
        "create" => (service::create(state, &staff, &form).await, "created"),
        "update" => (service::update(state, &staff, item, &form).await, "updated"),
        "hide" => (service::set_active(state, &staff, item, false).await, "hidden"),
        "show" => (service::set_active(state, &staff, item, true).await, "shown"),
        _ => return Acted::refused(services::Error::Invalid("Unknown form.".into())),
    };
    match done {
        Ok(item) => {
            let edit =
                if matches!(saved, "created" | "updated") { format!("&edit={}", item.id) } else { String::new() };
            Acted::to(format!("/staff/items?{pantry}saved={saved}{edit}"))
        }
        Err(error) => {
            let f = &ctx.form;
            let keep = ["item", "productId", "name", "nameEs", "amount", "unitId", "categoryId", "source"];
            Acted::refused(error).keeping(keep.into_iter().map(|k| (k, f.text(k).to_owned())).collect())
        }
    }
}
