//! The food bank network published as Open Referral HSDS 3.0 (issue 54 item 2; `/api/hsds`):
//! each enabled food bank an organization, each of its active pantries a location, pickup at a
//! pantry a service at that location and each active delivery program a home-delivery service,
//! with their weekly hours as schedules (`schedules`). Public data only: restricted pantries say
//! a referral is required and never carry a code; no person appears anywhere.
//!
//! The whole directory is built at once ([`build`]), with the cache scopes it was read from, so the
//! HTTP side keeps one copy and serves every list, record and the bulk zip ([`export`]) from it
//! while those scopes hold.
mod export;
pub mod schedules;

use super::{Context, Error, Result};
use crate::{
    db::{
        Scope,
        repo::hsds::{HsdsDirectory, HsdsFoodBank, HsdsPantry, HsdsProgram},
    },
    domain::{messages, time::local_today},
    model::hsds::{Address, Language, Location, Meta, Organization, Page, Phone, Schedule, Service, ServiceAtLocation},
};
use chrono::{DateTime, Utc};
use schedules::{Hours, Owner};
use std::sync::OnceLock;
use uuid::Uuid;

/// The HSDS version the answers follow (the compiled schemas of its 3.0 branch).
pub const HSDS_VERSION: &str = "3.0";
/// No profile of our own: the canonical HSDS 3.0 schemas, which HSDS's profile guidance names as
/// what every profile modifies.
pub const HSDS_PROFILE: &str = "https://github.com/openreferral/specification/tree/3.0/schema";

pub const DEFAULT_PER_PAGE: usize = 50;
pub const MAX_PER_PAGE: usize = 1000;

/// The published directory: the full records the API answers, and the flat lists of the bulk
/// download.
pub struct Dataset {
    /// Each with its locations and services.
    pub organizations: Vec<Organization>,
    /// Each with its organization, schedules, languages, and its service at a location with
    /// that location.
    pub services: Vec<Service>,
    pub service_at_locations: Vec<ServiceAtLocation>,
    pub locations: Vec<Location>,
    pub schedules: Vec<Schedule>,
    pub generated: DateTime<Utc>,
    zip: OnceLock<Vec<u8>>,
}

/// A built dataset and the cache scopes its data came from.
pub struct Built {
    pub dataset: Dataset,
    pub scopes: Vec<Scope>,
}

/// Stable ids: UUIDv5 of our own ids under a namespace of the deployment's public address, so two
/// deployments' food bank 1 never share an id, and a record keeps its id from export to export.
struct Ids(Uuid);

impl Ids {
    fn new(public_url: &str) -> Self {
        Self(Uuid::new_v5(&Uuid::NAMESPACE_URL, public_url.trim_end_matches('/').as_bytes()))
    }
    fn of(&self, key: &str) -> String {
        Uuid::new_v5(&self.0, key.as_bytes()).to_string()
    }
}

pub fn meta(state: &Context) -> Meta {
    Meta {
        version: HSDS_VERSION,
        profile: HSDS_PROFILE,
        openapi_url: format!("{}/api/hsds/openapi.json", state.public_url.trim_end_matches('/')),
    }
}

/// Reads and builds the whole directory as of `state.clock`.
pub async fn build(state: &Context) -> Result<Built> {
    let now = state.clock.now();
    // The earliest local date anywhere (UTC-12): each owner keeps what has not ended in its zone.
    let closed_from = (now - chrono::Duration::hours(12)).date_naive();
    let directory = state.store.hsds_directory(closed_from).await?;
    let mut scopes = vec![Scope::Directory];
    scopes.extend(directory.food_banks.iter().map(|b| Scope::FoodBank(b.id)));
    scopes.extend(directory.pantries.iter().flat_map(|p| [Scope::Pantry(p.id), Scope::PantryHours(p.id)]));
    scopes.extend(
        directory.watched_programs.iter().flat_map(|id| [Scope::DeliveryProgram(*id), Scope::ProgramHours(*id)]),
    );
    let dataset = Builder { ids: Ids::new(&state.public_url), base: state.public_url.trim_end_matches('/'), now }
        .dataset(&directory);
    Ok(Built { dataset, scopes })
}

struct Builder<'a> {
    ids: Ids,
    base: &'a str,
    now: DateTime<Utc>,
}

impl Builder<'_> {
    fn dataset(&self, d: &HsdsDirectory) -> Dataset {
        let mut organizations = Vec::new();
        let mut all_services = Vec::new();
        let mut all_locations = Vec::new();
        let mut all_sals = Vec::new();
        let mut all_schedules = Vec::new();
        for bank in &d.food_banks {
            let pantries: Vec<&HsdsPantry> = d.pantries.iter().filter(|p| p.food_bank_id == bank.id).collect();
            let programs: Vec<&HsdsProgram> = d.programs.iter().filter(|p| p.food_bank_id == bank.id).collect();
            let org = self.organization(bank, !programs.is_empty());
            let locations: Vec<Location> = pantries.iter().map(|p| self.location(p, &org.id)).collect();
            let mut services = Vec::new();
            for (pantry, location) in pantries.iter().zip(&locations) {
                if pantry.offers_pickup {
                    services.push(self.pickup(bank, pantry, location, &org));
                }
            }
            services.extend(programs.iter().map(|p| self.delivery(bank, p, &org)));
            for s in &services {
                all_sals.extend(s.service_at_locations.iter().map(ServiceAtLocation::listed));
                all_schedules.extend(s.schedules.iter().cloned());
                for sal in &s.service_at_locations {
                    all_schedules.extend(sal.schedules.iter().cloned());
                }
            }
            all_locations.extend(locations.iter().cloned());
            let nested: Vec<Service> = services.iter().map(|s| Service { organization: None, ..s.clone() }).collect();
            organizations.push(Organization { locations, services: nested, ..org });
            all_services.extend(services);
        }
        Dataset {
            organizations,
            services: all_services,
            service_at_locations: all_sals,
            locations: all_locations,
            schedules: all_schedules,
            generated: self.now,
            zip: OnceLock::new(),
        }
    }

    fn organization(&self, bank: &HsdsFoodBank, delivers: bool) -> Organization {
        let how = if delivers { "pick them up at a pantry or have them delivered" } else { "pick them up at a pantry" };
        Organization {
            id: self.ids.of(&format!("organization:{}", bank.id)),
            name: bank.name.clone(),
            description: format!(
                "{} runs a network of food pantries. People order free groceries online and {how}.",
                bank.name
            ),
            website: bank.home_page_url.clone().filter(|u| u.starts_with("https://") || u.starts_with("http://")),
            locations: Vec::new(),
            services: Vec::new(),
        }
    }

    fn location(&self, p: &HsdsPantry, organization_id: &str) -> Location {
        let id = self.ids.of(&format!("location:{}", p.id));
        let addresses = p
            .address
            .iter()
            .map(|a| Address {
                id: self.ids.of(&format!("address:{}", p.id)),
                location_id: id.clone(),
                address_1: a.line1.clone(),
                address_2: a.line2.clone(),
                city: a.city.clone(),
                state_province: a.state.clone(),
                postal_code: a.postal_code.clone(),
                country: iso_country(&a.country),
                address_type: "physical",
            })
            .collect();
        let phones = p
            .phone
            .iter()
            .filter(|n| !n.trim().is_empty())
            .map(|n| Phone {
                id: self.ids.of(&format!("phone:{}", p.id)),
                location_id: id.clone(),
                number: n.clone(),
                kind: "voice",
            })
            .collect();
        Location {
            location_type: "physical",
            organization_id: organization_id.to_owned(),
            name: p.label.clone(),
            description: None,
            latitude: p.latitude,
            longitude: p.longitude,
            addresses,
            phones,
            id,
        }
    }

    fn languages(&self, service_id: &str) -> Vec<Language> {
        // The languages the online ordering is offered in (the pantries' spoken ones are not recorded).
        crate::catalog::Lang::all()
            .map(|lang| (lang.code(), lang.name()))
            .map(|(code, name)| Language {
                id: self.ids.of(&format!("language:{service_id}:{code}")),
                service_id: service_id.to_owned(),
                name,
                code,
                note: "The online ordering is offered in this language.".to_owned(),
            })
            .collect()
    }

    fn pickup(&self, bank: &HsdsFoodBank, p: &HsdsPantry, location: &Location, org: &Organization) -> Service {
        let id = self.ids.of(&format!("service:pickup:{}", p.id));
        let sal_id = self.ids.of(&format!("service_at_location:{}", p.id));
        let url = format!("{}/pantries/{}", self.base, p.id);
        let today = local_today(self.now, p.tz);
        let hours = Hours {
            owner: Owner::ServiceAtLocation(&sal_id),
            tz: p.tz,
            today,
            rows: &p.hours,
            closed: &p.closed,
            link: Some(url.clone()),
            attending: "In person: collect an order placed online at its pickup time.",
            without_hours: "Pickup times are published on the pantry's page, where orders choose one.",
        };
        let sal = ServiceAtLocation {
            id: sal_id.clone(),
            service_id: id.clone(),
            location_id: location.id.clone(),
            // The pantry's pickup instructions are about this service there, not the place.
            description: Some(
                p.pickup_instructions
                    .clone()
                    .filter(|t| !t.trim().is_empty())
                    .unwrap_or_else(|| format!("Food pickup at {}", p.label)),
            ),
            schedules: schedules::schedules(&hours, &|key| self.ids.of(key)),
            location: Some(location.clone()),
        };
        Service {
            organization_id: org.id.clone(),
            name: format!("Food pickup at {}", p.label),
            description: format!(
                "Free groceries from {}: order online, choose a pickup time, and collect the order at {}.",
                bank.name, p.label
            ),
            application_process: format!("Order online at {url}, choose a pickup time, then collect the order at the pantry."),
            url,
            status: "active",
            fees_description: "Free.",
            eligibility_description: p.is_restricted.then(|| {
                format!(
                    "A referral is required: ordering at this pantry needs a referral code from {} or one of its partner agencies.",
                    bank.name
                )
            }),
            last_modified: Some(p.modified),
            schedules: Vec::new(),
            service_at_locations: vec![sal],
            languages: self.languages(&id),
            organization: Some(org.listed()),
            id,
        }
    }

    fn delivery(&self, bank: &HsdsFoodBank, program: &HsdsProgram, org: &Organization) -> Service {
        let id = self.ids.of(&format!("service:delivery:{}", program.id));
        let url = format!("{}/", self.base);
        let hours = Hours {
            owner: Owner::Service(&id),
            tz: bank.tz,
            today: local_today(self.now, bank.tz),
            rows: &program.hours,
            closed: &[],
            link: Some(url.clone()),
            attending: "At home: an order placed online is delivered in its window.",
            without_hours: "Delivery windows are offered when an order is placed.",
        };
        Service {
            organization_id: org.id.clone(),
            name: format!("Home delivery: {}", program.name),
            description: format!(
                "Free groceries from {} delivered to the home: order online and choose a delivery window.",
                bank.name
            ),
            application_process: format!("Order online at {url} and choose home delivery and a window."),
            status: "active",
            fees_description: "Free.",
            eligibility_description: Some(format!(
                "Home delivery is for households {} has approved: a referral code from the food bank unlocks it.",
                bank.name
            )),
            last_modified: None,
            schedules: schedules::schedules(&hours, &|key| self.ids.of(key)),
            service_at_locations: Vec::new(),
            languages: self.languages(&id),
            organization: Some(org.listed()),
            url,
            id,
        }
    }
}

/// HSDS wants ISO 3166-1 alpha-2; addresses store the alpha-3 code ("USA").
fn iso_country(code: &str) -> String {
    match code.trim().to_ascii_uppercase().as_str() {
        "USA" | "" => "US".to_owned(),
        other => other.to_owned(),
    }
}

/// Page `page` (from 1) of `items`, `per_page` at a time, as HSDS's lists answer.
pub fn page<T>(items: Vec<T>, page: Option<i64>, per_page: Option<i64>) -> Result<Page<T>> {
    let number = page.unwrap_or(1);
    let size = per_page.unwrap_or(DEFAULT_PER_PAGE as i64);
    if number < 1 {
        return Err(Error::Invalid("page must be 1 or more.".into()));
    }
    if size < 1 || size > MAX_PER_PAGE as i64 {
        return Err(Error::Invalid(format!("per_page must be from 1 to {MAX_PER_PAGE}.").into()));
    }
    let (number, size) = (usize::try_from(number).unwrap_or(usize::MAX), usize::try_from(size).unwrap_or(1));
    let total_items = items.len();
    let total_pages = total_items.div_ceil(size).max(1);
    let contents: Vec<T> = items.into_iter().skip(size.saturating_mul(number - 1)).take(size).collect();
    Ok(Page {
        total_items,
        total_pages,
        page_number: number,
        size: contents.len(),
        first_page: number == 1,
        last_page: number >= total_pages,
        empty: contents.is_empty(),
        contents,
    })
}

fn not_found() -> Error {
    Error::not_found(&messages::DIRECTORY_RECORD_NOT_FOUND)
}

impl Dataset {
    pub fn organization(&self, id: &str) -> Result<&Organization> {
        self.organizations.iter().find(|o| o.id == id).ok_or_else(not_found)
    }

    pub fn service(&self, id: &str) -> Result<&Service> {
        self.services.iter().find(|s| s.id == id).ok_or_else(not_found)
    }

    /// The service at a location, fully nested (its schedules, location and service).
    pub fn service_at_location(&self, id: &str) -> Result<serde_json::Value> {
        for service in &self.services {
            if let Some(sal) = service.service_at_locations.iter().find(|s| s.id == id) {
                let mut value = serde_json::to_value(sal).map_err(|e| Error::Internal(e.into()))?;
                value["service"] = serde_json::to_value(service.listed()).map_err(|e| Error::Internal(e.into()))?;
                return Ok(value);
            }
        }
        Err(not_found())
    }

    /// Services, of one organization when `organization_id` is given.
    pub fn services_of(&self, organization_id: Option<&str>) -> Vec<Service> {
        self.services
            .iter()
            .filter(|s| organization_id.is_none_or(|o| s.organization_id == o))
            .map(Service::listed)
            .collect()
    }

    pub fn service_at_locations_of(&self, organization_id: Option<&str>) -> Vec<ServiceAtLocation> {
        let services: Vec<&str> = self
            .services
            .iter()
            .filter(|s| organization_id.is_none_or(|o| s.organization_id == o))
            .map(|s| s.id.as_str())
            .collect();
        self.service_at_locations.iter().filter(|s| services.contains(&s.service_id.as_str())).cloned().collect()
    }

    /// The bulk download, made once per dataset.
    pub fn zip(&self) -> Result<&[u8]> {
        if let Some(bytes) = self.zip.get() {
            return Ok(bytes);
        }
        let bytes = export::zip(self).map_err(Error::Internal)?;
        Ok(self.zip.get_or_init(|| bytes))
    }
}
