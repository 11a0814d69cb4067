//! /pantries?zip=|lat=&lng=[&radius=&sort=]: the pantry selector's list, found with the same
//! geocoding, radius search and valid-time rules as GET /api/v1/locations.
use super::{LoadCtx, LoadFuture, Loaded, Page};
use crate::{
    db::Scope,
    domain::{
        pickup::times_for_list_card,
        places::{SEARCH_RADII_MILES, search_radius},
    },
    geo::GeoPoint,
    model::locations::PantryLocation,
    service::places::{pantries_near, point, zip_point},
};
use axum::http::StatusCode;
use serde_json::{Value, json};

// Public: the list shows the directory and each listed pantry and its food bank (cache scopes),
// and the clock, which the cache's time to live bounds.
pub const PAGE: Page = Page { id: "pantries", patterns: &["/pantries"], public: true, load };

/// The searched point from `zip`, or from `lat` and `lng`; Err(zip) when the zip is unknown.
pub(super) fn center(q: &std::collections::HashMap<String, String>) -> Option<Result<GeoPoint, String>> {
    if let Some(zip) = q.get("zip").map(|z| z.trim()).filter(|z| !z.is_empty()) {
        return Some(zip_point(zip).map_err(|_| zip.to_owned()));
    }
    let lat = q.get("lat")?.parse::<f64>().ok()?;
    let lng = q.get("lng")?.parse::<f64>().ok()?;
    point(lat, lng).ok().map(Ok)
}

/// A pantry as its card in the list shows it: the times of its first days only, with
/// `morePickupTimes` when the card's View More has others to fetch; no photos or instructions.
fn list_card(mut pantry: PantryLocation) -> Value {
    let times = &mut pantry.pantry_location_pickup_times;
    let keep = times_for_list_card(times.iter().map(|t| t.pickup_day));
    let more = keep < times.len();
    times.truncate(keep);
    let mut card = json!(pantry);
    if let Some(card) = card.as_object_mut() {
        card.remove("attachmentCollection");
        card.remove("pickupInstructions");
        card.insert("morePickupTimes".into(), json!(more));
    }
    card
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let q = &ctx.query;
        // An unsupported radius falls back to the default rather than failing the page.
        let radius =
            q.get("radius").and_then(|r| search_radius(r.parse::<f64>().ok())).unwrap_or(SEARCH_RADII_MILES[0]);
        let sort = if q.get("sort").map(String::as_str) == Some("closest") { "closest" } else { "soonest" };
        let base = |status: &str| -> Value {
            json!({
                "status": status,
                "zip": q.get("zip").cloned().unwrap_or_default(),
                "radius": radius,
                "radii": SEARCH_RADII_MILES,
                "sort": sort,
                "pantries": [],
            })
        };
        let at = match center(q) {
            None => return Loaded::ok(base("noLocation")),
            Some(Err(_)) => return Loaded::ok(base("badZip")),
            Some(Ok(at)) => at,
        };
        let mut data = base("ok");
        data["lat"] = json!(at.lat);
        data["lng"] = json!(at.lng);
        match pantries_near(&ctx.state, at, Some(radius), None).await {
            Ok(pantries) => {
                let mut scopes = vec![Scope::Directory, Scope::Catalog];
                for p in &pantries {
                    scopes.extend([Scope::Pantry(p.id), Scope::FoodBank(p.food_bank_id)]);
                }
                data["pantries"] = pantries.into_iter().map(list_card).collect();
                Loaded::ok(data).showing(scopes)
            }
            Err(error) => {
                tracing::warn!(%error, "pantries page: search failed");
                data["status"] = json!("error");
                Loaded::with_status(StatusCode::SERVICE_UNAVAILABLE, data)
            }
        }
    })
}
