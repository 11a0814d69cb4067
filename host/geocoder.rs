//! Where a delivery address is (issue 51): a geocoding service spoken to over HTTP in the shape of
//! the US Census Bureau's one-line address geocoder (`GET {base}/geocoder/locations/onelineaddress`
//! with `address`, `benchmark` and `format=json`; coordinates `x` longitude, `y` latitude in the
//! first of `result.addressMatches`, none when it found no match). Off without a base URL. A
//! service that is slow, down or answers nonsense costs the shopper's save at most the time limit:
//! the address then stands at its ZIP's centre (`geo::LocatedBy::Zip`). The address itself is
//! personal data and never goes in a log line.
use crate::geo::GeoPoint;
use serde::Deserialize;
use std::{fmt, time::Duration};

/// The Census geocoder's address base: its current public one.
pub const CENSUS_BENCHMARK: &str = "Public_AR_Current";

/// The geocoder settings of the `serve` command.
#[derive(Clone, Debug, clap::Args)]
pub struct GeocoderConfig {
    /// The geocoder's base URL (the US Census Bureau's shape, e.g.
    /// `https://geocoding.geo.census.gov`); without one, addresses stand at their ZIP's centre.
    #[arg(long = "geocoder-url", env = "GEOCODER_URL")]
    pub geocoder_url: Option<String>,
    /// How long a save waits for the geocoder before using the ZIP's centre, in milliseconds.
    #[arg(long = "geocoder-timeout-ms", env = "GEOCODER_TIMEOUT_MS", default_value_t = 2000)]
    pub geocoder_timeout_ms: u64,
}

impl Default for GeocoderConfig {
    fn default() -> Self {
        Self { geocoder_url: None, geocoder_timeout_ms: 2000 }
    }
}

/// A configured geocoder.
pub struct Geocoder {
    client: reqwest::Client,
    url: String,
}

impl fmt::Debug for Geocoder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Geocoder({})", self.url)
    }
}

#[derive(Deserialize)]
struct Answer {
    result: AnswerResult,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AnswerResult {
    address_matches: Vec<AddressMatch>,
}

#[derive(Deserialize)]
struct AddressMatch {
    coordinates: Coordinates,
}

#[derive(Deserialize)]
struct Coordinates {
    x: f64,
    y: f64,
}

impl Geocoder {
    /// The configured geocoder; None (off) without a base URL.
    pub fn new(config: &GeocoderConfig) -> Option<Self> {
        let base = config.geocoder_url.as_deref().map(str::trim).filter(|b| !b.is_empty())?;
        let url = format!("{}/geocoder/locations/onelineaddress", base.trim_end_matches('/'));
        let client = reqwest::Client::builder()
            .timeout(Duration::from_millis(config.geocoder_timeout_ms.max(1)))
            .build()
            .map_err(|e| tracing::error!(error = %e, "no HTTP client for the geocoder; geocoding off"))
            .ok()?;
        Some(Self { client, url })
    }

    /// Where the one-line address is, when the service matched it; None when it found no match,
    /// failed or took longer than the time limit.
    pub async fn locate(&self, one_line: &str) -> Option<GeoPoint> {
        let query = [("address", one_line), ("benchmark", CENSUS_BENCHMARK), ("format", "json")];
        let reply = match self.client.get(&self.url).query(&query).send().await {
            Ok(reply) => reply,
            Err(e) => {
                // reqwest's error names the URL, and with it the address: only its kind is logged.
                tracing::warn!(timeout = e.is_timeout(), "the geocoder gave no answer; the ZIP's centre is used");
                return None;
            }
        };
        let status = reply.status();
        if !status.is_success() {
            tracing::warn!(%status, "the geocoder refused; the ZIP's centre is used");
            return None;
        }
        let answer: Answer = match reply.json().await {
            Ok(answer) => answer,
            Err(e) => {
                tracing::warn!(
                    timeout = e.is_timeout(),
                    "the geocoder's answer was unreadable; the ZIP's centre is used"
                );
                return None;
            }
        };
        let first = answer.result.address_matches.into_iter().next()?;
        let (lat, lng) = (first.coordinates.y, first.coordinates.x);
        ((-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng)).then_some(GeoPoint::new(lat, lng))
    }
}
