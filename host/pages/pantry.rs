//! /pantries/{id}: pantry detail with its valid pickup times (same rules as GET /api/v1/locations/{id}),
//! indexable: schema.org JSON-LD of the place and its pickup hours goes into the head.
use super::{LoadCtx, LoadFuture, Loaded, Page, failure_status};
use crate::{
    db::Scope,
    model::{locations::PantryLocation, schedules::ClosedNotice},
    service::{self, shop::pantry},
};
use serde::Serialize;
use serde_json::{Value, json};
use utoipa::ToSchema;

pub const PAGE: Page =
    Page { id: "pantry", patterns: &["/pantries/{id}"], public: true, cache_query: &[], load, action: None };

/// The pantry's detail; `pantry` null with `error` when it failed to load.
#[derive(Serialize, ToSchema)]
pub struct PantryPage {
    pantry: Option<PantryLocation>,
    /// Dates the pantry is closed (today or later), with the reason.
    #[serde(rename = "closedDays", skip_serializing_if = "Vec::is_empty")]
    closed_days: Vec<ClosedNotice>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    error: bool,
}

impl PantryPage {
    fn failed() -> Self {
        Self { pantry: None, closed_days: Vec::new(), error: true }
    }
}

/// schema.org FoodEstablishment: address, geo and one opening-hours entry per valid pickup time.
fn json_ld(p: &PantryLocation, public_url: &str) -> Value {
    let a = &p.address;
    let hours: Vec<Value> = p
        .pantry_location_pickup_times
        .iter()
        .map(|t| {
            json!({
                "@type": "OpeningHoursSpecification",
                "validFrom": t.pickup_day.to_string(),
                "validThrough": t.pickup_day.to_string(),
                "dayOfWeek": format!("https://schema.org/{}", t.pickup_day.format("%A")),
                "opens": t.pickup_start_time.format("%H:%M").to_string(),
                "closes": t.pickup_end_time.format("%H:%M").to_string(),
            })
        })
        .collect();
    let mut place = json!({
        "@context": "https://schema.org",
        "@type": "FoodEstablishment",
        "name": p.label,
        "url": format!("{public_url}/pantries/{}", p.id),
        "isAccessibleForFree": true,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": a.address_line1,
            "addressLocality": a.city,
            "addressRegion": a.province,
            "postalCode": a.postal_code,
            "addressCountry": "US",
        },
        "openingHoursSpecification": hours,
    });
    if let (Some(lat), Some(lng)) = (a.latitude, a.longitude) {
        place["geo"] = json!({ "@type": "GeoCoordinates", "latitude": lat, "longitude": lng });
    }
    if let Some(photo) = p.attachment_collection.first() {
        place["image"] = json!(format!("{public_url}{}", photo.attachment.storage_path));
    }
    place
}

fn load(ctx: LoadCtx) -> LoadFuture {
    Box::pin(async move {
        let Some(id) = ctx.params.get("id").and_then(|i| i.parse::<i64>().ok()) else {
            return Loaded::not_found();
        };
        match pantry(&ctx.state, id).await {
            Ok(pantry) => {
                let now = ctx.state.clock.now();
                let closed_days =
                    match service::schedules::closed_notices(&ctx.state, pantry.id, &pantry.time_zone, now).await {
                        Ok(days) => days,
                        Err(error) => {
                            return Loaded::with_status(failure_status(&error, "pantry"), PantryPage::failed());
                        }
                    };
                let ld = json_ld(&pantry, &ctx.state.config.public_url);
                let scopes = [Scope::Pantry(pantry.id), Scope::FoodBank(pantry.food_bank_id), Scope::Catalog];
                Loaded {
                    json_ld: vec![ld],
                    ..Loaded::ok(PantryPage { pantry: Some(pantry), closed_days, error: false })
                }
                .showing(scopes)
            }
            Err(service::Error::NotFound(_)) => Loaded::not_found(),
            Err(error) => Loaded::with_status(failure_status(&error, "pantry"), PantryPage::failed()),
        }
    })
}
