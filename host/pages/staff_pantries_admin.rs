//! The food bank admin's pantries (`/staff/pantries-admin`; `/staff/pantries/{id}` is a pantry's
//! queue): the list with deactivate and activate, a form adding a pantry, the same form editing
//! one (`?edit=`), its place as latitude and longitude fields (the map's pin fills them once the
//! page is live). The forms post here with the form token (intent `create`, `update`,
//! `deactivate`, `activate`); done, 303 back saying what was saved; refused, the page again with
//! 422 and the refusals at their fields.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    shared::{photo_refusal, row_id},
    staff_guard::{guarded, guarded_action},
};
use crate::{
    domain::{Id, staff::FoodBankAdmin},
    model::staff_pantries::{AdminPantries, PantryForm},
    service::{self as services, staff::Staff, staff::pantries as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-pantries-admin",
    patterns: &["/staff/pantries-admin"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, load),
    action: Some(|ctx| guarded_action(ctx, act)),
};

const SAVED: [&str; 5] = ["created", "updated", "deactivated", "activated", "photo"];

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffPantriesAdminPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    pantries: Option<AdminPantries>,
    /// The pantry whose form is open (`?edit=`).
    #[serde(skip_serializing_if = "Option::is_none")]
    edit: Option<Id>,
    /// What the last form did: `created`, `updated`, `deactivated`, `activated` or `photo`.
    #[serde(skip_serializing_if = "Option::is_none")]
    saved: Option<String>,
    /// The photo form's refusal code, when it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    photo_error: Option<String>,
}

async fn load(ctx: LoadCtx, admin: Staff<FoodBankAdmin>) -> Loaded {
    let query = |key: &str| ctx.query.get(key).map(String::as_str);
    let saved = match query("photo") {
        Some("saved") => Some("photo".to_owned()),
        _ => query("saved").and_then(|s| SAVED.into_iter().find(|k| *k == s)).map(str::to_owned),
    };
    let photo_error = photo_refusal(&ctx.query);
    match service::pantries(&ctx.state, &admin).await {
        Ok(pantries) => {
            let edit = query("edit").and_then(row_id).filter(|id| pantries.pantries.iter().any(|p| p.id == *id));
            Loaded::ok(StaffPantriesAdminPage { pantries: Some(pantries), edit, saved, photo_error })
        }
        Err(error) => {
            tracing::error!(%error, "pantries page not loaded");
            Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffPantriesAdminPage::default())
        }
    }
}

/// A number field: empty is none; text that is no number is refused by the range rule.
fn number(text: &str) -> Option<f64> {
    let text = text.trim();
    (!text.is_empty()).then(|| text.parse::<f64>().unwrap_or(f64::NAN))
}

const FIELDS: [&str; 13] = [
    "pantry",
    "foodBank",
    "name",
    "addressLine1",
    "city",
    "zip",
    "timeZone",
    "phone",
    "instructions",
    "latitude",
    "longitude",
    "restricted",
    "delivery",
];

fn pantry_form(ctx: &ActionCtx) -> PantryForm {
    let f = &ctx.form;
    PantryForm {
        food_bank_id: row_id(f.text("foodBank").trim()),
        name: f.text("name").to_owned(),
        address_line1: f.text("addressLine1").to_owned(),
        city: f.optional("city"),
        zip: f.text("zip").to_owned(),
        time_zone: f.text("timeZone").to_owned(),
        phone: f.optional("phone"),
        instructions: f.optional("instructions"),
        latitude: number(f.text("latitude")),
        longitude: number(f.text("longitude")),
        restricted: f.ticked("restricted"),
        pickup: f.ticked("pickup"),
        delivery: f.ticked("delivery"),
    }
}

async fn act(ctx: ActionCtx, admin: Staff<FoodBankAdmin>) -> Acted {
    let intent = ctx.form.text(super::INTENT).to_owned();
    let pantry = row_id(ctx.form.text("pantry").trim()).unwrap_or(-1);
    let form = pantry_form(&ctx);
    let state = &ctx.state;
    let (done, saved) = match intent.as_str() {
        "create" => (service::create(state, &admin, &form).await, "created"),
        "update" => (service::update(state, &admin, pantry, &form).await, "updated"),
        "deactivate" => (service::set_active(state, &admin, pantry, false).await, "deactivated"),
        "activate" => (service::set_active(state, &admin, pantry, true).await, "activated"),
        _ => return Acted::refused(services::Error::Invalid("Unknown form.".into())),
    };
    match done {
        Ok(p) => Acted::to(format!("/staff/pantries-admin?saved={saved}&edit={}", p.id)),
        Err(error) => {
            let f = &ctx.form;
            let mut keep: Vec<(&'static str, String)> = FIELDS.into_iter().map(|k| (k, f.text(k).to_owned())).collect();
            keep.push(("pickup", if f.ticked("pickup") { "on".into() } else { String::new() }));
            keep.push((super::INTENT, intent));
            Acted::refused(error).keeping(keep)
        }
    }
}
