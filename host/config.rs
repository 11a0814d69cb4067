//! Runtime configuration, from the command line or the environment.
use crate::render::PoolConfig;
use std::{
    fmt,
    net::{IpAddr, SocketAddr},
    path::PathBuf,
};

#[derive(Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    /// Overrides the embedded SQLite database; may carry a password, so never logged.
    pub database_url: Option<String>,
    /// Origin used for canonical links, e.g. `https://orderahead.example`.
    pub public_url: String,
    /// Leaflet tile URL template; empty disables tiles (tests, offline demos).
    pub tile_url: String,
    pub render: PoolConfig,
    /// SMTP server (its Debug is redacted) and sender; no server means the outbox.
    pub mail: crate::mail::MailConfig,
    /// The SMS gateway (its token redacted in Debug); texting is off without one.
    pub sms: crate::sms::SmsConfig,
    /// The geocoder of delivery addresses; off without a base URL.
    pub geocoder: crate::geocoder::GeocoderConfig,
    /// The reverse proxy whose `X-Forwarded-For` names the client; none: the socket peer does.
    pub trusted_proxy: Option<IpAddr>,
    /// Token signing key from the operator; never logged. None: the data dir's key file.
    pub token_secret: Option<String>,
    /// New accounts per client address per hour.
    pub registrations_per_hour: u32,
    /// Host names the app used to be served from (lowercase, no port): visitors there see the
    /// outdated-address banner pointing at `public_url`.
    pub old_hosts: Vec<String>,
    /// Send documents requested on an old host to the same route on `public_url` (308).
    pub redirect_old_hosts: bool,
    /// Shows the TEFAP guideline testing panel in the residency step (spec §5; testers only).
    pub tefap_testing: bool,
    /// URLs per sitemap file: the protocol's [`SITEMAP_MAX_URLS`]; tests set a few to see the index.
    pub sitemap_page_size: usize,
    /// The header read timeout and the bound on open connections.
    pub connections: crate::connections::ConnectionLimits,
    /// Send each page's stage durations as a `Server-Timing` header (the render bench reads it).
    pub server_timing: bool,
    /// How long after its pickup window an order still waiting becomes No-Show.
    pub no_show_grace: chrono::Duration,
    /// Where uploaded photos live (`infra::files`); None: the database on PostgreSQL, else a directory.
    pub file_store: Option<crate::infra::files::FileBackend>,
    /// The directory store's folder (one the hosts share); None: `<data dir>/files`.
    pub files_dir: Option<PathBuf>,
    /// Where `/metrics` is served (an address only the scraper reaches); None: nowhere.
    pub metrics_bind: Option<SocketAddr>,
    /// How long a stopping host keeps accepting requests with `/readyz` at 503, so the load
    /// balancer sees it leave before its port closes.
    pub drain: std::time::Duration,
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Config")
            .field("bind", &self.bind)
            .field("data_dir", &self.data_dir)
            .field("database_url", &self.database_url.as_ref().map(|_| "<redacted>"))
            .field("public_url", &self.public_url)
            .field("tile_url", &self.tile_url)
            .field("render", &self.render)
            .field("mail", &self.mail)
            .field("sms", &self.sms)
            .field("geocoder", &self.geocoder)
            .field("trusted_proxy", &self.trusted_proxy)
            .field("token_secret", &self.token_secret.as_ref().map(|_| "<redacted>"))
            .field("registrations_per_hour", &self.registrations_per_hour)
            .field("old_hosts", &self.old_hosts)
            .field("redirect_old_hosts", &self.redirect_old_hosts)
            .field("tefap_testing", &self.tefap_testing)
            .field("sitemap_page_size", &self.sitemap_page_size)
            .field("connections", &self.connections)
            .field("server_timing", &self.server_timing)
            .field("no_show_grace", &self.no_show_grace)
            .field("file_store", &self.file_store)
            .field("files_dir", &self.files_dir)
            .field("metrics_bind", &self.metrics_bind)
            .field("drain", &self.drain)
            .finish()
    }
}

/// Default of `--registrations-per-hour`: a household signs up once; a shelter's kiosk or a
/// library's shared network may sign up a few dozen people an hour.
pub const REGISTRATIONS_PER_HOUR: u32 = 20;

/// The sitemap protocol's limit of URLs per file; past it `/sitemap.xml` becomes an index.
pub const SITEMAP_MAX_URLS: usize = 50_000;

/// A duration as `--no-show-grace` takes it: minutes (`90`, `90m`) or hours (`2h`).
pub fn parse_grace(text: &str) -> Result<chrono::Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.strip_suffix('h') {
        Some(n) => (n, 60),
        None => (text.strip_suffix('m').unwrap_or(text), 1),
    };
    let n: i64 = number.trim().parse().map_err(|_| format!("{text:?} is not a duration such as 2h or 90m"))?;
    if !(0..=7 * 24 * 60).contains(&(n * unit)) {
        return Err("the grace is between 0 minutes and 7 days".into());
    }
    Ok(chrono::Duration::minutes(n * unit))
}

impl Config {
    /// Settings for tests and benchmarks: no tiles, a throwaway data dir.
    #[cfg(any(test, feature = "test-support"))]
    pub fn for_tests(data_dir: PathBuf) -> Self {
        Self {
            bind: "127.0.0.1:0".parse().unwrap(),
            data_dir,
            database_url: None,
            public_url: "http://localhost".into(),
            tile_url: String::new(),
            // Tests do not spend the cores warming engines up; the pool's own tests do.
            render: PoolConfig { warm_up: 0, ..PoolConfig::default() },
            mail: Default::default(),
            sms: Default::default(),
            geocoder: Default::default(),
            trusted_proxy: None,
            token_secret: None,
            registrations_per_hour: REGISTRATIONS_PER_HOUR,
            old_hosts: Vec::new(),
            redirect_old_hosts: false,
            tefap_testing: false,
            sitemap_page_size: SITEMAP_MAX_URLS,
            connections: Default::default(),
            server_timing: false,
            no_show_grace: crate::domain::order_states::DEFAULT_NO_SHOW_GRACE,
            file_store: None,
            files_dir: None,
            metrics_bind: None,
            drain: std::time::Duration::ZERO,
        }
    }

    /// Whether `host` (a Host header, maybe with a port) is one of the old addresses.
    pub fn is_old_host(&self, host: &str) -> bool {
        let name = match host.rsplit_once(':') {
            Some((name, port)) if port.bytes().all(|b| b.is_ascii_digit()) => name,
            _ => host,
        };
        self.old_hosts.iter().any(|old| old.eq_ignore_ascii_case(name))
    }

    /// `scheme://host[:port]` of the tile server, for the Content-Security-Policy.
    pub fn tile_origin(&self) -> Option<&str> {
        let rest = self.tile_url.split_once("://")?.1;
        let host_len = rest.find('/').unwrap_or(rest.len());
        let scheme_len = self.tile_url.len() - rest.len();
        Some(&self.tile_url[..scheme_len + host_len])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hides_the_database_url_and_token_secret() {
        let mut c = Config::for_tests(PathBuf::from("/tmp"));
        c.database_url = Some("postgres://u:secret@db/x".into());
        c.token_secret = Some("hunter2-signing-key-of-32-bytes!".into());
        let shown = format!("{c:?}");
        assert!(!shown.contains("secret@") && !shown.contains("hunter2"), "{shown}");
    }

    #[test]
    fn grace_is_minutes_or_hours() {
        assert_eq!(parse_grace("2h"), Ok(chrono::Duration::hours(2)));
        assert_eq!(parse_grace("90m"), Ok(chrono::Duration::minutes(90)));
        assert_eq!(parse_grace(" 45 "), Ok(chrono::Duration::minutes(45)));
        assert!(parse_grace("soon").is_err() && parse_grace("-1h").is_err() && parse_grace("800h").is_err());
    }

    #[test]
    fn old_hosts_match_without_port_or_case() {
        let mut c = Config::for_tests(PathBuf::from("/tmp"));
        c.old_hosts = vec!["old.example.org".into()];
        assert!(c.is_old_host("old.example.org"));
        assert!(c.is_old_host("OLD.example.org:8443"));
        assert!(!c.is_old_host("new.example.org"));
        assert!(!c.is_old_host("sub.old.example.org"));
    }

    #[test]
    fn tile_origin_is_scheme_and_host() {
        let mut c = Config::for_tests(PathBuf::from("/tmp"));
        c.tile_url = "https://tile.example.org/{z}/{x}/{y}.png".into();
        assert_eq!(c.tile_origin(), Some("https://tile.example.org"));
        c.tile_url.clear();
        assert_eq!(c.tile_origin(), None);
    }
}
