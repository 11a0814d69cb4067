//! `/staff/households/{householdId}/order` (pantry staff and up; issue 49 item 4; `window`: a
//! delivery in that window of the food bank's, with its stock): a phone order
//! for the household at the caller's working pantry (`pantry`): a pickup time there (or a delivery
//! window of the food bank, to the household's street), units of the pantry's items, and whether
//! to send the household the confirmation. The form posts here with
//! the key the page made, so a double click places one order; placed, 303 to the household's page;
//! refused, the page again (422) with the rule's message or the field's.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_guard::{guarded_action, guarded_at, id_param},
};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::households::PhoneOrderSheet,
    service::{
        self as services,
        orders::phone::{self, PhoneOrderForm},
        staff::Staff,
    },
};
use serde::Serialize;
use utoipa::ToSchema;

pub const PAGE: Page = Page {
    id: "staff-phone-order",
    patterns: &["/staff/households/{householdId}/order"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, load),
    action: Some(|ctx| guarded_action(ctx, place)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffPhoneOrderPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    sheet: Option<PhoneOrderSheet>,
}

fn pantry_of(text: Option<&str>) -> Id {
    text.and_then(super::shared::row_id).unwrap_or(0)
}

async fn load(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let id = id_param(&ctx.params, "householdId").unwrap_or(0);
    let pantry = pantry_of(ctx.query.get("pantry").map(String::as_str));
    let window = ctx.query.get("window").and_then(|w| super::shared::row_id(w));
    match phone::sheet(&ctx.state, &staff, id, pantry, window).await {
        Ok(sheet) => Loaded::ok(StaffPhoneOrderPage { sheet: Some(sheet) }),
        Err(error) => {
            let status = super::failure_status(&error, "staff phone order");
            Loaded::with_status(status, StaffPhoneOrderPage::default())
        }
    }
}

/// The form: `pantry`, `slot` (`pickup-<id>` or `delivery-<id>`), `units.<stock row id>`,
/// `notify` (ticked) and `key`.
async fn place(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let id = id_param(&ctx.params, "householdId").unwrap_or(0);
    let pantry = pantry_of(Some(ctx.form.text("pantry")));
    let form = PhoneOrderForm {
        slot: ctx.form.text("slot").to_owned(),
        lines: ctx.form.prefixed("units.").map(|(item, n)| (item.to_owned(), n.to_owned())).collect(),
    };
    let notify = ctx.form.ticked("notify");
    // Kept as typed when refused: the units as `id:n` pairs (their field names vary).
    let units: Vec<String> =
        form.lines.iter().filter(|(_, n)| !n.trim().is_empty()).map(|(i, n)| format!("{i}:{n}")).collect();
    let keep = vec![
        ("slot", form.slot.clone()),
        ("units", units.join(",")),
        ("notify", if notify { "1" } else { "" }.to_owned()),
    ];
    let key = Some(ctx.form.text("key").trim().chars().take(255).collect::<String>()).filter(|k| !k.is_empty());
    let placed = match form.submission(pantry) {
        Ok(submission) => phone::place(&ctx.state, &staff, id, &submission, notify, key).await,
        Err(fields) => Err(services::Error::fields(fields)),
    };
    match placed {
        Ok(order) => Acted::to(format!("/staff/households/{id}?done=ordered&order={order}&pantry={pantry}")),
        Err(error) => Acted::refused(error).keeping(keep),
    }
}
