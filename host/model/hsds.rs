//! The Open Referral HSDS 3.0 shapes the directory export answers (`/api/hsds`), in HSDS's own
//! snake_case field names. Only the fields we have data for: every other HSDS field is optional
//! and left out rather than sent empty. Their schemas are HSDS's compiled JSON Schemas (vendored in
//! `tests/fixtures/hsds/`), so these types derive no OpenAPI schema of ours.
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Organization {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub website: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub locations: Vec<Location>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub services: Vec<Service>,
}

impl Organization {
    /// The one-to-one fields alone, as HSDS's list answers carry it.
    pub fn listed(&self) -> Self {
        Self { locations: Vec::new(), services: Vec::new(), ..self.clone() }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Location {
    pub id: String,
    pub location_type: &'static str,
    pub organization_id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    pub latitude: f64,
    pub longitude: f64,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub addresses: Vec<Address>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub phones: Vec<Phone>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Address {
    pub id: String,
    pub location_id: String,
    pub address_1: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address_2: Option<String>,
    pub city: String,
    pub state_province: String,
    pub postal_code: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub address_type: &'static str,
}

/// A pantry's public phone line (never a person's).
#[derive(Debug, Clone, Serialize)]
pub struct Phone {
    pub id: String,
    pub location_id: String,
    pub number: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
}

#[derive(Debug, Clone, Serialize)]
pub struct Language {
    pub id: String,
    pub service_id: String,
    pub name: &'static str,
    /// ISO 639-1.
    pub code: &'static str,
    pub note: String,
}

/// When a service is open: a weekly recurrence (`freq`, `byday`) for a validity period, a single
/// extra day (`valid_from` = `valid_to`, no `freq`), or a closed range (no hours; see
/// `service::hsds::schedules` for how closed days are expressed).
#[derive(Debug, Clone, Serialize)]
pub struct Schedule {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub service_at_location_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_from: Option<NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub valid_to: Option<NaiveDate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dtstart: Option<NaiveDate>,
    /// The UTC offset, in hours, that the times are written at (HSDS's `timezone` is a number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timezone: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wkst: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub freq: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub byday: Option<String>,
    pub description: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub opens_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closes_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schedule_link: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub attending_type: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ServiceAtLocation {
    pub id: String,
    pub service_id: String,
    pub location_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schedules: Vec<Schedule>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<Location>,
}

impl ServiceAtLocation {
    pub fn listed(&self) -> Self {
        Self { schedules: Vec::new(), location: None, ..self.clone() }
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct Service {
    pub id: String,
    pub organization_id: String,
    pub name: String,
    pub description: String,
    pub url: String,
    pub status: &'static str,
    pub application_process: String,
    pub fees_description: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eligibility_description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_modified: Option<DateTime<Utc>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub schedules: Vec<Schedule>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub service_at_locations: Vec<ServiceAtLocation>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<Language>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub organization: Option<Organization>,
}

impl Service {
    pub fn listed(&self) -> Self {
        Self {
            schedules: Vec::new(),
            service_at_locations: Vec::new(),
            languages: Vec::new(),
            organization: None,
            ..self.clone()
        }
    }
}

/// A page of a list, as HSDS's API answers one.
#[derive(Debug, Clone, Serialize)]
pub struct Page<T> {
    pub total_items: usize,
    pub total_pages: usize,
    pub page_number: usize,
    pub size: usize,
    pub first_page: bool,
    pub last_page: bool,
    pub empty: bool,
    pub contents: Vec<T>,
}

/// `GET /api/hsds/`: which HSDS this API speaks and where its OpenAPI document is.
#[derive(Debug, Clone, Serialize)]
pub struct Meta {
    pub version: &'static str,
    pub profile: &'static str,
    pub openapi_url: String,
}
