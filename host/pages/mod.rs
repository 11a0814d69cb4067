//! The one route table of server-rendered pages. Each page is a URL pattern, the
//! id of its React route (app/src/routes/<id>/) and a Rust loader for its data;
//! the same loader answers the first render and client-side navigation.
mod account;
mod cart;
mod checkout;
mod confirmation;
mod eligibility;
mod home;
mod home_foodbank;
mod home_modal;
mod login;
mod messages;
mod not_found;
mod pantries;
mod pantry;
mod product;
mod products;
mod register;
mod schedule_form;
pub(crate) mod shared;
// Orders.
mod orders;
// Password reset and referral landing.
mod forgot_password;
mod referral;
mod update_password;
// The staff side.
pub(crate) mod staff_audit;
mod staff_codes;
mod staff_content;
mod staff_delivery_schedule;
mod staff_find;
mod staff_guard;
pub use staff_guard::Denied;
mod staff_households;
mod staff_items;
mod staff_pages;
mod staff_pantries_admin;
mod staff_phone_order;
pub(crate) mod staff_pick_list;
mod staff_reports;
mod staff_runs;
mod staff_schedule;
mod staff_second_factor;
mod staff_settings;
mod staff_stock;
mod staff_team;
mod staff_today;

use crate::{db::Scope, state::AppState};
use axum::http::StatusCode;
use serde::Serialize;
use serde_json::{Value, value::RawValue};
use std::{collections::HashMap, future::Future, pin::Pin};
use utoipa::{
    ToSchema,
    openapi::{RefOr, schema::Schema},
};

pub struct LoadCtx {
    pub state: AppState,
    /// The page's language, for content that comes in several.
    pub lang: crate::catalog::Lang,
    pub params: HashMap<String, String>,
    pub query: HashMap<String, String>,
    /// What a form posted for the page to show (`Acted::Show`): a search, which is personal data
    /// and so never in the address, its history, a referrer or a log line. Empty on a GET.
    pub posted: HashMap<String, String>,
    /// Who is signed in, from the session cookie verified as the API verifies a bearer token
    /// (revoked tokens included). Always None on public pages: their HTML is shared by everyone.
    pub shopper: Option<Shopper>,
    /// The client's address (as the API's allowances read it), for what a page counts per address.
    pub client: String,
}

/// The signed-in shopper a page is loaded for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shopper {
    pub id: i64,
    /// The session's id (the token's `sid`): the account's list of devices marks this one.
    pub session: std::sync::Arc<str>,
}

pub struct Loaded {
    pub status: StatusCode,
    /// Written once, straight from the page's typed data: a `Value` tree in between cost an
    /// allocation per field and key, then its drop (B-tree inserts, drops and mallocs were among
    /// the host's own top symbols in a perf profile of the shop page).
    pub data: Box<RawValue>,
    /// schema.org objects for the document head (pantry pages are indexed).
    pub json_ld: Vec<Value>,
    /// The address names nothing (an unknown or malformed id): the host answers the Not Found
    /// page instead of this one, so visitors and crawlers get its content with the 404.
    pub not_found_page: bool,
    /// What the data came from: a public page is served from the render cache only while none
    /// of these has been written since it was loaded. Every row the data shows must be in one.
    pub scopes: Vec<Scope>,
    /// A staff page's frame (`model::staff_console::Console`), set by the staff guard.
    pub console: Option<Box<RawValue>>,
    /// Why the staff guard refused the page: the app draws the "not allowed" page instead.
    pub denied: Option<staff_guard::Denied>,
}

impl Loaded {
    pub fn ok(data: impl Serialize) -> Self {
        Self::with_status(StatusCode::OK, data)
    }

    /// The page's typed data becomes JSON once, here: the payload embeds it and the render cache
    /// keeps it, both as JSON.
    pub fn with_status(status: StatusCode, data: impl Serialize) -> Self {
        // Page types are plain structs of strings, numbers and lists: they always serialize.
        let data = serde_json::value::to_raw_value(&data).expect("page data serializes");
        Self {
            status,
            data,
            json_ld: Vec::new(),
            not_found_page: false,
            scopes: Vec::new(),
            console: None,
            denied: None,
        }
    }

    /// Nothing at this address: served as the Not Found page (spec §2), status 404.
    pub fn not_found() -> Self {
        Self { not_found_page: true, ..Self::with_status(StatusCode::NOT_FOUND, EmptyPage {}) }
    }

    /// The same, showing what these scopes hold.
    pub fn showing(mut self, scopes: impl IntoIterator<Item = Scope>) -> Self {
        self.scopes.extend(scopes);
        self
    }
}

/// The status a page answers when a service fails its loader: the one mapping of every loader,
/// which logs the failures that are ours (5xx). An unknown id is usually the Not Found page
/// instead (`Loaded::not_found`), which the loader decides.
fn failure_status(error: &crate::service::Error, page: &'static str) -> StatusCode {
    use crate::service::Error;
    let status = match error {
        Error::NotFound(_) => StatusCode::NOT_FOUND,
        Error::Invalid(_) | Error::Fields { .. } => StatusCode::BAD_REQUEST,
        Error::Unauthorized(_) => StatusCode::UNAUTHORIZED,
        Error::Forbidden(_) => StatusCode::FORBIDDEN,
        Error::Conflict(_) => StatusCode::CONFLICT,
        Error::Refused { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        Error::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
        Error::Busy | Error::Store(_) | Error::Internal(_) => StatusCode::SERVICE_UNAVAILABLE,
    };
    if status.is_server_error() {
        tracing::warn!(%error, page, "page: load failed");
    }
    status
}

/// The data of a page that needs nothing from the server: `{}`.
#[derive(Serialize, ToSchema)]
pub struct EmptyPage {}

pub type LoadFuture = Pin<Box<dyn Future<Output = Loaded> + Send>>;

/// A form posted to a page's own URL (`application/x-www-form-urlencoded`), its origin and
/// per-form token already checked (`http::forms`): the page's action runs with these.
pub struct ActionCtx {
    pub state: AppState,
    pub lang: crate::catalog::Lang,
    pub params: HashMap<String, String>,
    pub query: HashMap<String, String>,
    /// Signed in by the session cookie, as for a page load.
    pub shopper: Option<Shopper>,
    /// The client's address, for the same allowances the API counts.
    pub ip: String,
    /// The session cookie's token (signed in or not), which signing out revokes.
    pub session_token: Option<String>,
    /// The device cookie of a past sign-in (`api::session_cookie::device_token`).
    pub device: Option<String>,
    /// The User-Agent, which names a new session's device in the account's list.
    pub agent: Option<String>,
    pub form: FormFields,
}

impl ActionCtx {
    /// The client as signing in or up sees it.
    pub fn client(&self) -> crate::service::sessions::Client<'_> {
        crate::service::sessions::Client { ip: &self.ip, device: self.device.as_deref(), agent: self.agent.as_deref() }
    }
}

/// The field naming which of a page's forms was sent, when it has several.
pub const INTENT: &str = "intent";

/// A posted form's fields; a repeated name keeps its first value, save for [`FormFields::all`].
#[derive(Debug, Default)]
pub struct FormFields(HashMap<String, String>, Vec<(String, String)>);

impl FormFields {
    pub fn new(pairs: Vec<(String, String)>) -> Self {
        let mut fields = HashMap::new();
        for (name, value) in &pairs {
            fields.entry(name.clone()).or_insert_with(|| value.clone());
        }
        Self(fields, pairs)
    }

    /// The fields whose names start with `prefix`, the rest of each name with its value, in the
    /// form's order (one number per row of a table: `units.12`).
    pub fn prefixed<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.1.iter().filter_map(move |(n, v)| Some((n.strip_prefix(prefix)?, v.as_str())))
    }

    /// Every value sent under the name, in the form's order (the ticked boxes of a list).
    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.1.iter().filter(move |(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The field's text, "" when the form did not send it.
    pub fn text(&self, name: &str) -> &str {
        self.0.get(name).map_or("", String::as_str)
    }

    /// The field as an optional text, as the JSON bodies carry them: absent or blank is None.
    pub fn optional(&self, name: &str) -> Option<String> {
        Some(self.text(name).to_owned()).filter(|v| !v.trim().is_empty())
    }

    /// A checkbox: browsers send ticked ones only.
    pub fn ticked(&self, name: &str) -> bool {
        self.0.contains_key(name)
    }
}

/// What a page's action answered.
pub enum Acted {
    /// Done: 303 to this same-site path (post/redirect/get), the session cookie changed as said.
    Redirect { to: String, session: SessionChange },
    /// Refused as the API refuses it (`http::forms` answers the error as the API would): the page
    /// again, showing why at the form's fields, with the values to keep in them (never a password).
    Refused { error: crate::service::Error, values: Vec<(&'static str, String)> },
    /// The page itself (200), its loader given these fields as `LoadCtx::posted`: a search.
    Show { fields: Vec<(&'static str, String)> },
}

pub enum SessionChange {
    Keep,
    /// Signed in: the cookie carries this session's token, and the device cookie its e-mail.
    Set(crate::service::sessions::NewSession),
    Clear,
}

impl Acted {
    pub fn to(path: impl Into<String>) -> Self {
        Self::Redirect { to: path.into(), session: SessionChange::Keep }
    }

    pub fn refused(error: impl Into<crate::service::Error>) -> Self {
        Self::Refused { error: error.into(), values: Vec::new() }
    }

    pub fn show(fields: Vec<(&'static str, String)>) -> Self {
        Self::Show { fields }
    }

    pub fn keeping(self, values: Vec<(&'static str, String)>) -> Self {
        match self {
            Self::Refused { error, .. } => Self::Refused { error, values },
            done => done,
        }
    }
}

pub type ActionFuture = Pin<Box<dyn Future<Output = Acted> + Send>>;

/// `text` as a query parameter's value (`returnTo=`), percent-encoded.
fn query_value(text: &str) -> String {
    serde_urlencoded::to_string([("", text)]).map(|s| s[1..].to_owned()).unwrap_or_default()
}

/// `text` as one path segment: what a query value encodes, with spaces as %20.
fn path_segment(text: &str) -> String {
    query_value(text).replace('+', "%20")
}

pub struct Page {
    pub id: &'static str,
    pub patterns: &'static [&'static str],
    /// Same HTML for everyone, so it may come from the render cache. Only other pages are told
    /// who is signed in (`LoadCtx::shopper`), so a shopper's data never reaches the cache.
    pub public: bool,
    /// A public page's query parameters that its loader reads: its cache key and its loader see
    /// these alone (and `lang`), so no other parameter makes a new cache entry or reaches the
    /// shared HTML. Empty on other pages, which are never cached and see their whole query.
    pub cache_query: &'static [&'static str],
    pub load: fn(LoadCtx) -> LoadFuture,
    /// What a form posted to the page does; a page without one answers a POST with 405.
    pub action: Option<fn(ActionCtx) -> ActionFuture>,
}

impl Page {
    /// `url` as this page is loaded and cached at: a public page's path with only the parameters
    /// of `cache_query` and `lang`, in that order (a repeated one keeps its order, so the loader
    /// reads the same value), as the request spelled them.
    pub fn cache_url<'a>(&self, url: &'a str) -> std::borrow::Cow<'a, str> {
        let Some((path, query)) = url.split_once('?').filter(|_| self.public) else {
            return url.into();
        };
        let rank = |pair: &str| {
            let name = pair.split_once('=').map_or(pair, |(name, _)| name);
            self.cache_query.iter().chain(&["lang"]).position(|kept| *kept == name)
        };
        let mut kept: Vec<(usize, &str)> = query.split('&').filter_map(|p| Some((rank(p)?, p))).collect();
        kept.sort_by_key(|(rank, _)| *rank);
        let query: Vec<&str> = kept.into_iter().map(|(_, pair)| pair).collect();
        if query.is_empty() { path.into() } else { format!("{path}?{}", query.join("&")).into() }
    }
}

fn pages() -> Vec<Page> {
    vec![
        home::PAGE,
        home_modal::PAGE,
        home_foodbank::PAGE,
        pantries::PAGE,
        pantry::PAGE,
        products::PAGE,
        product::PAGE,
        cart::PAGE,
        checkout::PAGE,
        confirmation::PAGE,
        // Account area.
        login::PAGE,
        register::PAGE,
        eligibility::PAGE,
        account::PAGE,
        // Orders.
        orders::LIST,
        orders::ORDER,
        orders::CANCEL,
        orders::TIME,
        orders::LOCATION,
        // Password reset and referral landing.
        forgot_password::PAGE,
        update_password::PAGE,
        referral::PAGE,
        messages::PAGE,
        // The staff side.
        staff_today::PAGE,
        staff_find::PAGE,
        staff_pages::QUEUE,
        staff_pages::ORDER,
        staff_pages::CHECK_IN,
        staff_households::LIST,
        staff_households::ONE,
        staff_phone_order::PAGE,
        staff_pick_list::PAGE,
        staff_team::PAGE,
        staff_schedule::PAGE,
        staff_delivery_schedule::PAGE,
        staff_runs::BOARD,
        staff_runs::SHEET,
        staff_items::PAGE,
        staff_audit::PAGE,
        staff_stock::LIST,
        staff_stock::IMPORT,
        staff_stock::ITEM,
        staff_reports::REPORTS,
        staff_reports::TEFAP,
        staff_pantries_admin::PAGE,
        staff_codes::PAGE,
        staff_content::PAGE,
        staff_settings::PAGE,
        staff_second_factor::PAGE,
    ]
}

/// The pages' data types with the types they refer to, for the OpenAPI document's components:
/// the app's route components take their data as these generated types.
pub fn schemas() -> Vec<(String, RefOr<Schema>)> {
    fn add<T: ToSchema>(out: &mut Vec<(String, RefOr<Schema>)>) {
        out.push((T::name().into_owned(), T::schema()));
        T::schemas(out);
    }
    let mut out = Vec::new();
    add::<EmptyPage>(&mut out);
    add::<account::AccountPage>(&mut out);
    add::<checkout::CheckoutPage>(&mut out);
    add::<confirmation::ConfirmationPage>(&mut out);
    add::<eligibility::EligibilityPage>(&mut out);
    add::<forgot_password::ForgotPasswordPage>(&mut out);
    add::<home::HomePage>(&mut out);
    add::<home_foodbank::HomeFoodBankPage>(&mut out);
    add::<home_modal::HomeModalPage>(&mut out);
    add::<login::LoginPage>(&mut out);
    add::<messages::MessagesPage>(&mut out);
    add::<orders::OrdersPage>(&mut out);
    add::<orders::OrderPage>(&mut out);
    add::<orders::OrderLocationPage>(&mut out);
    add::<pantries::PantriesPage>(&mut out);
    add::<pantry::PantryPage>(&mut out);
    add::<product::ProductPage>(&mut out);
    add::<products::ShopPage>(&mut out);
    add::<referral::ReferralPage>(&mut out);
    add::<register::RegisterPage>(&mut out);
    add::<update_password::UpdatePasswordPage>(&mut out);
    add::<staff_today::StaffTodayPage>(&mut out);
    add::<staff_find::StaffFindPage>(&mut out);
    add::<crate::model::staff_console::Console>(&mut out);
    add::<staff_guard::Denied>(&mut out);
    add::<staff_pages::StaffQueuePage>(&mut out);
    add::<staff_pages::StaffOrderPage>(&mut out);
    add::<staff_pages::StaffCheckInPage>(&mut out);
    add::<staff_pick_list::StaffPickListPage>(&mut out);
    add::<staff_team::StaffTeamPage>(&mut out);
    add::<staff_households::StaffHouseholdsPage>(&mut out);
    add::<staff_households::StaffHouseholdPage>(&mut out);
    add::<staff_phone_order::StaffPhoneOrderPage>(&mut out);
    add::<staff_schedule::StaffSchedulePage>(&mut out);
    add::<staff_delivery_schedule::StaffDeliverySchedulePage>(&mut out);
    add::<staff_runs::StaffRunsPage>(&mut out);
    add::<staff_runs::StaffRunPage>(&mut out);
    add::<staff_items::StaffItemsPage>(&mut out);
    add::<staff_audit::StaffAuditPage>(&mut out);
    add::<staff_stock::StaffStockPage>(&mut out);
    add::<staff_stock::StaffStockItemPage>(&mut out);
    add::<staff_stock::StaffStockImportPage>(&mut out);
    add::<staff_reports::StaffReportsPage>(&mut out);
    add::<staff_reports::StaffTefapPage>(&mut out);
    add::<staff_pantries_admin::StaffPantriesAdminPage>(&mut out);
    add::<staff_codes::StaffCodesPage>(&mut out);
    add::<staff_content::StaffContentPage>(&mut out);
    add::<staff_settings::StaffSettingsPage>(&mut out);
    add::<staff_second_factor::StaffSecondFactorPage>(&mut out);
    out
}

pub struct PageTable {
    /// Each pattern's page, by its index in `pages`, with the pattern itself (the metrics' label).
    router: matchit::Router<(usize, &'static str)>,
    pages: Vec<Page>,
}

/// The route table, built once.
pub fn table() -> &'static PageTable {
    static TABLE: std::sync::LazyLock<PageTable> = std::sync::LazyLock::new(PageTable::default);
    &TABLE
}

impl Default for PageTable {
    fn default() -> Self {
        let pages = pages();
        let mut router = matchit::Router::new();
        for (i, page) in pages.iter().enumerate() {
            for pattern in page.patterns {
                router.insert(*pattern, (i, *pattern)).unwrap_or_else(|e| panic!("route {pattern}: {e}"));
            }
        }
        Self { router, pages }
    }
}

impl PageTable {
    /// The page answering addresses that name nothing.
    pub fn not_found(&self) -> &Page {
        &not_found::PAGE
    }

    /// The page for a path, with its path parameters; Not Found when none matches.
    pub fn resolve(&self, path: &str) -> (&Page, HashMap<String, String>) {
        match self.router.at(path) {
            Ok(m) => {
                let params = m.params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
                (&self.pages[m.value.0], params)
            }
            Err(_) => (&not_found::PAGE, HashMap::new()),
        }
    }

    /// The page pattern a path matches, if any (a bounded label for the metrics, unlike the path).
    pub fn pattern(&self, path: &str) -> Option<&'static str> {
        self.router.at(path).ok().map(|m| m.value.1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_paths_are_not_found() {
        let table = PageTable::default();
        assert_eq!(table.resolve("/").0.id, "home");
        assert_eq!(table.resolve("/nope/at/all").0.id, "not-found");
    }

    #[test]
    fn public_pages_are_cached_on_the_parameters_they_read() {
        let table = PageTable::default();
        let at = |url: &str| table.resolve(url.split('?').next().unwrap()).0.cache_url(url).into_owned();
        assert_eq!(at("/?n=1&utm_source=x"), "/");
        assert_eq!(at("/pantries?junk=1&sort=closest&zip=43215&lang=es"), "/pantries?zip=43215&sort=closest&lang=es");
        assert_eq!(at("/products?pantry=3&pantry=4&x"), "/products?pantry=3&pantry=4");
        assert_eq!(at("/pantries/19?u=7"), "/pantries/19");
        // Never cached: the loader sees the whole query.
        assert_eq!(at("/account/login?returnTo=%2F&x=1"), "/account/login?returnTo=%2F&x=1");
    }

    #[test]
    fn reset_links_and_referral_pages_are_never_cached() {
        let table = PageTable::default();
        for (path, id) in [
            ("/account/forgot-password", "forgot-password"),
            ("/account/update-password/tok/123456", "update-password"),
            ("/referral", "referral"),
            ("/referral/FAITH2026", "referral"),
        ] {
            let (page, _) = table.resolve(path);
            assert_eq!((page.id, page.public), (id, false), "{path}");
        }
        assert_eq!(table.resolve("/account/update-password/tok/123456").1["code"], "123456");
    }

    #[test]
    fn pages_showing_a_shoppers_data_are_never_public() {
        let table = PageTable::default();
        for path in [
            "/account",
            "/account/orders",
            "/account/orders/12",
            "/account/orders/12/time",
            "/messages",
            "/cart/confirmation/12",
        ] {
            assert!(!table.resolve(path).0.public, "{path}");
        }
    }
}
