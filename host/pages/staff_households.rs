//! Households at the door (volunteers and up; issue 49): `/staff/households`, the intake search
//! (`q`: a name, phone, birth date or ZIP) and the form that registers a walk-in household, and
//! `/staff/households/{householdId}`, one household with its visits and orders and the form that
//! records a visit. A search and the intake form carry personal data, so they post (never in the
//! address) and the answer is this page showing what was found; a registration that may be a
//! household already kept shows those (200) with "Same household" and "Different household".
//! Done, 303 to the household; refused, the page again (422) with the refusal at its field.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_guard::{guarded_action, guarded_at, id_param},
};
use crate::{
    domain::{
        Id,
        staff::{PantryStaff, Volunteer},
    },
    model::households::{HouseholdDetail, HouseholdListed},
    service::{
        households::{self as service, DuplicateAnswer, IntakeForm, Registered, VisitForm},
        staff::Staff,
    },
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const LIST: Page = Page {
    id: "staff-households",
    patterns: &["/staff/households"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, list),
    action: Some(|ctx| guarded_action(ctx, intake)),
};

pub const ONE: Page = Page {
    id: "staff-household",
    patterns: &["/staff/households/{householdId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, one),
    action: Some(|ctx| guarded_action(ctx, visit)),
};

/// The intake form's fields, as posted and as kept in it when refused.
const INTAKE_FIELDS: [&str; 12] = [
    "firstName",
    "lastName",
    "birthDate",
    "phone",
    "email",
    "street",
    "postalCode",
    "language",
    "size",
    "children",
    "adults",
    "seniors",
];

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffHouseholdsPage {
    /// What the search typed found; absent before a search.
    #[serde(skip_serializing_if = "Option::is_none")]
    found: Option<Vec<HouseholdListed>>,
    /// The search typed, shown in its box again.
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<String>,
    /// Households the registration may be: staff answer "same" (one of them) or "different".
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicates: Option<Vec<HouseholdListed>>,
    /// The intake form as typed, kept while staff answer about the duplicates.
    #[serde(skip_serializing_if = "Option::is_none")]
    typed: Option<std::collections::BTreeMap<String, String>>,
    /// The pantry the registration is at (the console's working pantry).
    #[serde(skip_serializing_if = "Option::is_none")]
    pantry_id: Option<Id>,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffHouseholdPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    household: Option<HouseholdDetail>,
    /// After a form's 303: `registered`, `visited`, `decided`, `ordered`, `merged` or `edited`.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
    /// After a phone order: its id.
    #[serde(skip_serializing_if = "Option::is_none")]
    ordered: Option<Id>,
    /// The caller may place a phone order at the working pantry (pantry staff and up there).
    can_order: bool,
}

fn pantry(ctx: &LoadCtx) -> Option<Id> {
    ctx.query.get("pantry").and_then(|p| super::shared::row_id(p))
}

fn intake_form(get: impl Fn(&str) -> String) -> IntakeForm {
    IntakeForm {
        first_name: get("firstName"),
        last_name: get("lastName"),
        birth_date: get("birthDate"),
        phone: get("phone"),
        email: get("email"),
        street: get("street"),
        postal_code: get("postalCode"),
        language: get("language"),
        size: get("size"),
        children: get("children"),
        adults: get("adults"),
        seniors: get("seniors"),
    }
}

async fn list(ctx: LoadCtx, staff: Staff<Volunteer>) -> Loaded {
    let pantry_id = pantry(&ctx);
    let mut page = StaffHouseholdsPage { pantry_id, ..Default::default() };
    if let Some(q) = ctx.posted.get("q") {
        match service::search(&ctx.state, &staff, q).await {
            Ok(found) => page.found = Some(found),
            Err(error) => return unavailable(error),
        }
        page.search = Some(q.clone());
    }
    if ctx.posted.contains_key("duplicates") {
        let typed = intake_form(|f| ctx.posted.get(f).cloned().unwrap_or_default());
        match service::duplicates(&ctx.state, &staff, pantry_id.unwrap_or(0), &typed).await {
            Ok(alike) => page.duplicates = Some(alike),
            Err(error) => return unavailable(error),
        }
        page.typed = Some(
            INTAKE_FIELDS.iter().map(|f| ((*f).to_owned(), ctx.posted.get(*f).cloned().unwrap_or_default())).collect(),
        );
    }
    Loaded::ok(page)
}

fn unavailable(error: crate::service::Error) -> Loaded {
    tracing::error!(%error, "households page not loaded");
    Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, StaffHouseholdsPage::default())
}

/// The page's forms by `intent`: `search`, or `register` (with `answer`: none, `different` or
/// `same-<id>`).
async fn intake(ctx: ActionCtx, staff: Staff<Volunteer>) -> Acted {
    if ctx.form.text(super::INTENT) == "search" {
        return Acted::show(vec![("q", ctx.form.text("q").chars().take(100).collect())]);
    }
    let form = intake_form(|f| ctx.form.text(f).to_owned());
    let answer = match ctx.form.text("answer") {
        "different" => DuplicateAnswer::Different,
        same => match same.strip_prefix("same-").and_then(super::shared::row_id) {
            Some(id) => DuplicateAnswer::Same(id),
            None => DuplicateAnswer::Unasked,
        },
    };
    let pantry = super::shared::row_id(ctx.form.text("pantry")).unwrap_or(0);
    let keep: Vec<(&'static str, String)> = INTAKE_FIELDS.iter().map(|f| (*f, ctx.form.text(f).to_owned())).collect();
    match service::register(&ctx.state, &staff, pantry, &form, answer, None).await {
        Ok(Registered::Done(id)) => Acted::to(format!("/staff/households/{id}?done=registered&pantry={pantry}")),
        Ok(Registered::Duplicates(_)) => {
            let mut shown = keep;
            shown.push(("duplicates", "1".to_owned()));
            Acted::show(shown)
        }
        Err(error) => Acted::refused(error).keeping(keep),
    }
}

async fn one(ctx: LoadCtx, staff: Staff<Volunteer>) -> Loaded {
    let id = id_param(&ctx.params, "householdId").unwrap_or(0);
    let done = ctx
        .query
        .get("done")
        .filter(|d| ["registered", "visited", "decided", "ordered", "merged", "edited"].contains(&d.as_str()))
        .cloned();
    let ordered = ctx.query.get("order").and_then(|o| super::shared::row_id(o));
    let can_order = match (pantry(&ctx), Staff::<PantryStaff>::resolve(&ctx.state, staff.user_id).await) {
        (Some(p), Ok(Some(orders))) => orders.reach.has_pantry(p),
        _ => false,
    };
    match service::show(&ctx.state, &staff, id, pantry(&ctx)).await {
        Ok(household) => Loaded::ok(StaffHouseholdPage { household: Some(household), done, ordered, can_order }),
        Err(error) => {
            let status = super::failure_status(&error, "staff household");
            Loaded::with_status(status, StaffHouseholdPage::default())
        }
    }
}

/// The household page's forms by `intent`: `merge` (`other`: a record listed as possibly the same
/// household, merged into this one), `edit` (the intake form's fields, corrected), `decide`
/// (`decisionBasis`: a TEFAP decision today), or
/// the visit: `units.<stock row id>` per item, `pounds`, `tefap` (ticked), `tefapBasis`, and the
/// signature where the food bank asks for one (`signedName` typed, or `signedDrawing`, the path
/// the page's pad drew).
async fn visit(ctx: ActionCtx, staff: Staff<Volunteer>) -> Acted {
    let id = id_param(&ctx.params, "householdId").unwrap_or(0);
    let pantry = super::shared::row_id(ctx.form.text("pantry")).unwrap_or(0);
    if ctx.form.text(super::INTENT) == "merge" {
        let other = super::shared::row_id(ctx.form.text("other")).unwrap_or(0);
        return match service::merge(&ctx.state, &staff, id, other, pantry).await {
            Ok(()) => Acted::to(format!("/staff/households/{id}?done=merged&pantry={pantry}")),
            Err(error) => Acted::refused(error),
        };
    }
    if ctx.form.text(super::INTENT) == "edit" {
        let form = intake_form(|f| ctx.form.text(f).to_owned());
        let keep: Vec<(&'static str, String)> =
            INTAKE_FIELDS.iter().map(|f| (*f, ctx.form.text(f).to_owned())).collect();
        return match service::edit(&ctx.state, &staff, id, pantry, &form).await {
            Ok(()) => Acted::to(format!("/staff/households/{id}?done=edited&pantry={pantry}")),
            Err(error) => Acted::refused(error).keeping(keep),
        };
    }
    if ctx.form.text(super::INTENT) == "decide" {
        let basis = ctx.form.text("decisionBasis").to_owned();
        return match service::decide(&ctx.state, &staff, id, pantry, &basis).await {
            Ok(()) => Acted::to(format!("/staff/households/{id}?done=decided&pantry={pantry}")),
            Err(error) => Acted::refused(error).keeping(vec![("decisionBasis", basis)]),
        };
    }
    let form = VisitForm {
        lines: ctx.form.prefixed("units.").map(|(item, n)| (item.to_owned(), n.to_owned())).collect(),
        pounds: ctx.form.text("pounds").to_owned(),
        tefap: ctx.form.ticked("tefap"),
        tefap_basis: ctx.form.text("tefapBasis").to_owned(),
        signed_name: ctx.form.text("signedName").to_owned(),
        signed_drawing: ctx.form.text("signedDrawing").to_owned(),
    };
    let keep = vec![
        ("pounds", form.pounds.clone()),
        ("tefapBasis", form.tefap_basis.clone()),
        ("signedName", form.signed_name.clone()),
    ];
    match service::record_visit(&ctx.state, &staff, id, pantry, &form, None).await {
        Ok(_) => Acted::to(format!("/staff/households/{id}?done=visited&pantry={pantry}")),
        Err(error) => Acted::refused(error).keeping(keep),
    }
}
