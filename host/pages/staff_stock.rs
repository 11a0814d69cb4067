//! The stock pages (pantry staff and admins): `/staff/stock` (a pantry's items with on hand, held
//! by open orders and the last movement; a form per item to record stock in or out, the item's
//! limits and the pantry's order-size limit; the CSV export and the import's upload),
//! `/staff/stock/{itemId}` (an item's movements) and `/staff/stock/import/{token}` (an upload's
//! preview with Apply). Their forms post here with the form token: done, 303 back; refused, the
//! page again with 422 and the refusal at its field. The upload itself (a file, multipart) goes
//! to `http::uploads`, which keeps it and sends the browser to its preview page.
use super::{
    Acted, ActionCtx, LoadCtx, Loaded, Page,
    staff_guard::{guarded, guarded_action, guarded_at},
};
use crate::{
    domain::{Id, staff::PantryStaff},
    model::stock::{ImportPreview, LimitRequest, OrderSizeRequest, StockEntryRequest, StockItemHistory, StockList},
    service::{self as services, staff::Staff, stock as service},
};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;

pub const LIST: Page = Page {
    id: "staff-stock",
    patterns: &["/staff/stock"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, list),
    action: Some(|ctx| guarded_action(ctx, act)),
};

pub const ITEM: Page = Page {
    id: "staff-stock-item",
    patterns: &["/staff/stock/{itemId}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded(ctx, item),
    action: Some(|ctx| guarded_action(ctx, act)),
};

pub const IMPORT: Page = Page {
    id: "staff-stock-import",
    patterns: &["/staff/stock/import/{token}"],
    public: false,
    cache_query: &[],
    load: |ctx| guarded_at(ctx, import),
    action: Some(|ctx| guarded_action(ctx, apply)),
};

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffStockPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    stock: Option<StockList>,
    /// After a form's 303: `saved` (stock or limit) or `imported`, with how many rows changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<i64>,
    /// The upload was refused: its refusal code (importTooLarge, importNotCsv).
    #[serde(skip_serializing_if = "Option::is_none")]
    upload_refused: Option<String>,
    /// The part of the name searched for (`q`), and which page of the matching items this is (of
    /// `pages`, [`PAGE_ITEMS`] each): a phone gets a short page, not every item of a large pantry.
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<String>,
    page: usize,
    pages: usize,
    /// Items matching the search, on all pages.
    matching: usize,
    /// This render's key of the stock-in forms (with each item's id): a form posted twice (a
    /// double click, a resend) moves the stock once.
    move_key: String,
}

/// Items on one page of the list: each row carries its own stock-in form, so a page of 50 is
/// about 70 KB of HTML for a phone at the door (100 made 138 KB and a 36-43 ms render).
pub const PAGE_ITEMS: usize = 50;

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffStockItemPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    history: Option<StockItemHistory>,
    #[serde(skip_serializing_if = "Option::is_none")]
    done: Option<String>,
    /// As the list page's.
    move_key: String,
}

#[derive(Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct StaffStockImportPage {
    #[serde(skip_serializing_if = "Option::is_none")]
    preview: Option<ImportPreview>,
    /// The upload is gone (applied, expired or another's).
    gone: bool,
}
fn unavailable<T: Serialize + Default>(error: services::Error, what: &str) -> Loaded {
    tracing::error!(%error, what, "stock page not loaded");
    Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, T::default())
}

async fn list(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let pantry = ctx.query.get("pantry").and_then(|p| super::shared::row_id(p));
    let done = ctx.query.get("done").filter(|d| matches!(d.as_str(), "saved" | "imported")).cloned();
    let changed = ctx.query.get("changed").and_then(|c| c.parse().ok());
    let upload_refused =
        ctx.query.get("uploadRefused").filter(|c| matches!(c.as_str(), "importTooLarge" | "importNotCsv")).cloned();
    let search = ctx.query.get("q").map(|q| q.trim().chars().take(100).collect::<String>()).filter(|q| !q.is_empty());
    let page = ctx.query.get("page").and_then(|p| p.parse::<usize>().ok()).unwrap_or(1).max(1);
    let per_page = PAGE_ITEMS as u64;
    match service::list_page(&ctx.state, &staff, pantry, search.as_deref(), page as u64, per_page).await {
        Ok((stock, matching, page)) => {
            let matching = usize::try_from(matching).unwrap_or(usize::MAX);
            Loaded::ok(StaffStockPage {
                stock: Some(stock),
                done,
                changed,
                upload_refused,
                search,
                page: usize::try_from(page).unwrap_or(1),
                pages: matching.div_ceil(PAGE_ITEMS).max(1),
                matching,
                move_key: new_move_key(),
            })
        }
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => unavailable::<StaffStockPage>(error, "list"),
    }
}

async fn item(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let Some(id) = ctx.params.get("itemId").and_then(|p| super::shared::row_id(p)) else { return Loaded::not_found() };
    let done = ctx.query.get("done").filter(|d| d.as_str() == "saved").cloned();
    match service::history(&ctx.state, &staff, id).await {
        Ok(history) => Loaded::ok(StaffStockItemPage { history: Some(history), done, move_key: new_move_key() }),
        Err(services::Error::NotFound(_)) => Loaded::not_found(),
        Err(error) => unavailable::<StaffStockItemPage>(error, "item"),
    }
}

async fn import(ctx: LoadCtx, staff: Staff<PantryStaff>) -> Loaded {
    let token = ctx.params.get("token").cloned().unwrap_or_default();
    match service::preview(&ctx.state, &staff, &token).await {
        Ok(preview) => Loaded::ok(StaffStockImportPage { preview: Some(preview), gone: false }),
        Err(services::Error::NotFound(_)) => {
            Loaded::with_status(StatusCode::NOT_FOUND, StaffStockImportPage { preview: None, gone: true })
        }
        Err(error) => unavailable::<StaffStockImportPage>(error, "import"),
    }
}

fn new_move_key() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

/// The posted form's key, when it is one a key can be (as the API's `Idempotency-Key`).
fn move_key(form: &super::FormFields) -> Option<&str> {
    let key = form.text("moveKey");
    let fits = !key.is_empty()
        && key.len() <= crate::model::orders::MAX_IDEMPOTENCY_KEY_LEN
        && key.bytes().all(|b| b.is_ascii_graphic());
    fits.then_some(key)
}

fn number(text: &str) -> i64 {
    // A field that is not a number is out of range, which the service refuses at that field.
    text.trim().parse().unwrap_or(-1)
}

/// The forms of the list and item pages, by `intent`: `entry` (item, reason, units), `limit`
/// (item, scope, value, every), `deleteLimit` (item, limit), `lowAt` (item, lowAt, empty to
/// remove), `orderSize` (pantry, value, empty to remove) and `receive` (see [`receive`]). Done, 303 to `back` (the page it came from).
async fn act(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let form = &ctx.form;
    let item = super::shared::row_id(form.text("item"))
        .or_else(|| ctx.params.get("itemId").and_then(|p| super::shared::row_id(p)));
    let on_item = ctx.params.contains_key("itemId");
    let done = |pantry: Option<Id>| match (on_item, item, pantry) {
        (true, Some(item), _) => format!("/staff/stock/{item}?done=saved"),
        (_, _, Some(p)) => format!("/staff/stock?pantry={p}&done=saved"),
        _ => "/staff/stock?done=saved".to_owned(),
    };
    let state = &ctx.state;
    let not_found = || services::Error::not_found(&crate::domain::messages::ITEM_NOT_FOUND);
    match form.text("intent") {
        "entry" => {
            let Some(item) = item else { return Acted::refused(not_found()) };
            let entry = StockEntryRequest { reason: form.text("reason").to_owned(), units: number(form.text("units")) };
            let keep = vec![
                ("item", item.to_string()),
                ("reason", entry.reason.clone()),
                ("units", form.text("units").to_owned()),
            ];
            match service::record(state, &staff, item, &entry, move_key(form)).await {
                Ok(_) => Acted::to(done(pantry_of_item(state, &staff, item).await)),
                Err(error) => Acted::refused(error).keeping(keep),
            }
        }
        "limit" => {
            let Some(item) = item else { return Acted::refused(not_found()) };
            let every = Some(form.text("every")).filter(|e| !e.trim().is_empty()).map(number);
            let req = LimitRequest { scope: form.text("scope").to_owned(), value: number(form.text("value")), every };
            let keep = vec![
                ("item", item.to_string()),
                ("scope", req.scope.clone()),
                ("value", form.text("value").to_owned()),
                ("every", form.text("every").to_owned()),
            ];
            match service::set_limit(state, &staff, item, &req).await {
                Ok(_) => Acted::to(done(pantry_of_item(state, &staff, item).await)),
                Err(error) => Acted::refused(error).keeping(keep),
            }
        }
        "deleteLimit" => {
            let (Some(item), Some(limit)) = (item, super::shared::row_id(form.text("limit"))) else {
                return Acted::refused(not_found());
            };
            match service::delete_limit(state, &staff, item, limit).await {
                Ok(_) => Acted::to(done(pantry_of_item(state, &staff, item).await)),
                Err(error) => Acted::refused(error),
            }
        }
        "receive" => receive(&ctx, &staff).await,
        "lowAt" => {
            let Some(item) = item else { return Acted::refused(not_found()) };
            let text = form.text("lowAt").trim();
            let low_at = if text.is_empty() { None } else { Some(text.parse::<i32>().unwrap_or(-1)) };
            let Some(pantry) = pantry_of_item(state, &staff, item).await else { return Acted::refused(not_found()) };
            match crate::service::staff::console::set_low_at(state, &staff, pantry, item, low_at).await {
                Ok(()) => Acted::to(done(Some(pantry))),
                Err(error) => Acted::refused(error).keeping(vec![("lowAt", text.to_owned())]),
            }
        }
        "orderSize" => {
            let Some(pantry) = super::shared::row_id(form.text("pantry")) else { return Acted::refused(not_found()) };
            let value = Some(form.text("value")).filter(|v| !v.trim().is_empty()).map(number);
            match service::set_order_size(state, &staff, pantry, &OrderSizeRequest { value }).await {
                Ok(_) => Acted::to(format!("/staff/stock?pantry={pantry}&done=saved")),
                Err(error) => Acted::refused(error).keeping(vec![("value", form.text("value").to_owned())]),
            }
        }
        _ => Acted::refused(services::Error::Invalid("Unknown form.".into())),
    }
}

/// The stock page's one form: a number per row (`units.{item}`), all of them units received (`as`
/// `received`) or counted on the shelf (`count`), kept as an upload of the import's own CSV so the
/// same preview shows every line's change before one transaction applies them all.
async fn receive(ctx: &ActionCtx, staff: &Staff<PantryStaff>) -> Acted {
    let form = &ctx.form;
    let Some(pantry) = super::shared::row_id(form.text("pantry")) else {
        return Acted::refused(services::Error::not_found(&crate::domain::messages::PANTRY_NOT_FOUND));
    };
    let column = if form.text("as") == "count" { "quantity" } else { "received" };
    let mut csv = format!("itemId,{column}\n");
    let mut lines = 0;
    for (item, units) in form.prefixed("units.") {
        let (Some(item), units) = (super::shared::row_id(item), units.trim()) else { continue };
        if units.is_empty() {
            continue;
        }
        // Only a number reaches the file; anything else is a row the preview shows as not one.
        let units = if units.bytes().all(|b| b.is_ascii_digit() || b == b'-') { units } else { "?" };
        csv.push_str(&format!("{item},{units}\n"));
        lines += 1;
    }
    if lines == 0 {
        return Acted::refused(services::Error::refused(&crate::domain::messages::NOTHING_TO_RECEIVE));
    }
    match service::upload(&ctx.state, staff, pantry, csv.as_bytes()).await {
        Ok(preview) => Acted::to(format!("/staff/stock/import/{}", preview.token)),
        Err(error) => Acted::refused(error),
    }
}

async fn pantry_of_item(state: &crate::state::AppState, staff: &Staff<PantryStaff>, item: Id) -> Option<Id> {
    service::history(state, staff, item).await.ok().map(|h| h.pantry_id)
}

/// Apply on the preview page: 303 to the stock page saying how many rows changed; refused (a row
/// with an error, the upload gone), the preview again with the refusal.
async fn apply(ctx: ActionCtx, staff: Staff<PantryStaff>) -> Acted {
    let token = ctx.params.get("token").cloned().unwrap_or_default();
    match service::apply(&ctx.state, &staff, &token).await {
        Ok(done) => Acted::to(format!("/staff/stock?pantry={}&done=imported&changed={}", done.pantry_id, done.changed)),
        Err(error) => Acted::refused(error),
    }
}
