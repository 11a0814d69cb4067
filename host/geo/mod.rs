//! Offline US ZIP geography: ZIP centroids and counties from Census data, turned into a
//! compact table at build time (app/scripts/zip-table.mjs), plus distance helpers for
//! "pantries near me". Nothing here touches the network.

mod distance;
mod routes;
mod zips;

use std::sync::OnceLock;

use serde::Serialize;

pub use distance::{EARTH_RADIUS_MILES, GridIndex, bounding_box, haversine_miles};
pub use routes::{route, split};
pub use zips::{TableError, ZipInfo, ZipTable};

/// A WGS84 position in decimal degrees.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct GeoPoint {
    pub lat: f64,
    pub lng: f64,
}

impl GeoPoint {
    pub const fn new(lat: f64, lng: f64) -> Self {
        Self { lat, lng }
    }

    /// "39.96,-83.0" (spaces allowed); None when either part is not a number or is out of range.
    pub fn parse_lat_lng(text: &str) -> Option<Self> {
        let (lat, lng) = text.split_once(',')?;
        let lat: f64 = lat.trim().parse().ok()?;
        let lng: f64 = lng.trim().parse().ok()?;
        // The range checks also reject NaN, which `parse` accepts.
        ((-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng)).then_some(Self { lat, lng })
    }
}

/// How an address's coordinates were found: the geocoder matched the address itself, or it stands
/// at its ZIP code's centre (no geocoder, no match, or no answer in time). Stored as its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum LocatedBy {
    Address,
    Zip,
}

impl LocatedBy {
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Address => "address",
            Self::Zip => "zip",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Address, Self::Zip].into_iter().find(|l| l.as_str() == text)
    }
}

static ZIPS_BIN: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/zips.bin"));

/// The table build.rs generated into OUT_DIR, checked once on first use.
pub fn zip_table() -> &'static ZipTable {
    static TABLE: OnceLock<ZipTable> = OnceLock::new();
    // The bytes come from our own build step, so a bad table is a build bug, not a runtime condition.
    TABLE.get_or_init(|| ZipTable::from_bytes(ZIPS_BIN).expect("zips.bin from app/scripts/zip-table.mjs"))
}

/// A 5-digit ZIP, a ZIP+4 ("43215-1234" or "432151234"), or "lat,lng", against the embedded table.
pub fn geocode(text: &str) -> Option<GeoPoint> {
    zip_table().geocode(text)
}
