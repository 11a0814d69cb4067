//! What every handler shares: the services' context (which the app's state derefs to), and the
//! HTTP side's own parts (configuration, renderer, render cache, assets, message catalog).
use crate::{
    catalog::Catalog,
    config::Config,
    db::repo::Store,
    infra::{
        auth::{Tokens, Verifier},
        clock::{Clock, SystemClock},
        hasher::Hasher,
        metrics::Metrics,
        ratelimit::{RateLimits, TrustedProxy},
        scoped_cache::ScopedCache,
    },
    mail::Mailer,
    render::{APP_CSS, AssetManifest, CriticalCss, RenderCache, Renderer},
    service,
};
use axum::extract::FromRef;
use std::{
    ops::Deref,
    sync::{
        Arc,
        atomic::{AtomicU8, Ordering},
    },
    time::Duration,
};

pub struct Shared {
    pub config: Config,
    pub renderer: Arc<dyn Renderer>,
    pub cache: RenderCache,
    pub manifest: AssetManifest,
    /// The app's stylesheet by rule, for the part of it each document inlines.
    pub critical_css: CriticalCss,
    pub catalog: Catalog,
    pub services: service::Context,
    /// What `/readyz` answers: starting, ready, or draining after a stop signal.
    pub readiness: Readiness,
    /// The main listener's connections per client address (tests read the counts).
    pub open_connections: Arc<crate::connections::OpenConnections>,
    /// The HSDS directory export (`/api/hsds`), built once while its scopes hold.
    pub hsds: ScopedCache<Arc<service::hsds::Dataset>>,
}

/// Whether a load balancer should send this host requests (`/readyz`): not while it starts (its
/// migrations are applied and its render engines loaded before it serves, so a host that answers
/// at all is past that), yes once it serves, and no again as soon as it is told to stop, while the
/// requests it has finish.
#[derive(Clone, Default)]
pub struct Readiness(Arc<AtomicU8>);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Starting,
    Ready,
    Draining,
}

impl Readiness {
    pub fn phase(&self) -> Phase {
        match self.0.load(Ordering::SeqCst) {
            0 => Phase::Starting,
            1 => Phase::Ready,
            _ => Phase::Draining,
        }
    }

    /// Ready, unless already draining: a stop signal is never taken back.
    pub fn ready(&self) {
        let _ = self.0.compare_exchange(0, 1, Ordering::SeqCst, Ordering::SeqCst);
    }

    pub fn drain(&self) {
        self.0.store(2, Ordering::SeqCst);
    }
}

/// The services see only their context: a handler passes `&state` where a service takes
/// `&service::Context`, and `state.store` (`tokens`, `hasher`, ...) reads the context's.
impl Deref for Shared {
    type Target = service::Context;
    fn deref(&self) -> &service::Context {
        &self.services
    }
}

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl Deref for AppState {
    type Target = Shared;
    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(config: Config, renderer: Arc<dyn Renderer>, store: Store, tokens: Tokens) -> Self {
        Self::with_clock(config, renderer, store, tokens, Arc::new(SystemClock))
    }

    /// The state with a clock of the caller's (tests move a `TestClock` past a grace period).
    pub fn with_clock(
        config: Config,
        renderer: Arc<dyn Renderer>,
        store: Store,
        tokens: Tokens,
        clock: Arc<dyn Clock>,
    ) -> Self {
        let manifest = AssetManifest::embedded();
        let rate_limits = Arc::new(RateLimits::new(config.registrations_per_hour, &store));
        let files = crate::infra::files::FileStore::configured(
            config.file_store,
            config.files_dir.as_deref(),
            &config.data_dir,
            &store,
        );
        // Checked against the database's cache scopes on every hit; the minute bounds what
        // depends on the clock alone.
        let cache = RenderCache::new(64 << 20, Duration::from_secs(60));
        let metrics =
            Arc::new(Metrics::new(renderer.clone(), cache.clone(), store.clone(), service::outbox::MAX_ATTEMPTS));
        let services = service::Context {
            files,
            metrics,
            store,
            tokens: Arc::new(tokens),
            hasher: Arc::new(Hasher::default()),
            mailer: Arc::new(Mailer::new(&config.mail, &config.data_dir)),
            sms: crate::sms::SmsGateway::new(&config.sms).map(Arc::new),
            geocoder: crate::geocoder::Geocoder::new(&config.geocoder).map(Arc::new),
            rate_limits,
            public_url: config.public_url.clone(),
            clock,
            mail_written: Arc::new(tokio::sync::Notify::new()),
        };
        let open_connections = Arc::new(crate::connections::OpenConnections::new(
            config.connections.max_per_address,
            config.trusted_proxy,
        ));
        Self(Arc::new(Shared {
            open_connections,
            // As the render cache: the minute bounds what depends on the date alone.
            hsds: ScopedCache::new(Duration::from_secs(60)),
            config,
            renderer,
            cache,
            readiness: Readiness::default(),
            catalog: Catalog::embedded(manifest.texts_by_route()),
            manifest,
            critical_css: CriticalCss::new(APP_CSS),
            services,
        }))
    }
}

/// How often a host looks for messages another host wrote, and for retries that came due.
const OUTBOX_POLL: Duration = Duration::from_secs(15);
/// How often a host looks for due jobs (each job has its own period; see `service::jobs`).
const JOBS_POLL: Duration = Duration::from_secs(60);

impl AppState {
    /// Starts this host's outbox sender and job runner on the current runtime, for as long as it
    /// runs. Every host starts them: the database makes each message and job run once.
    pub fn start_workers(&self) {
        self.start_sender();
        let host = format!("{}-{}", std::process::id(), uuid::Uuid::new_v4());
        tokio::spawn(service::jobs::run(self.services.clone(), host, self.job_settings(), JOBS_POLL));
    }

    /// Starts this host's outbox sender alone (API tests, which run jobs by hand on their clock).
    pub fn start_sender(&self) {
        let sender = self.sender();
        tokio::spawn(sender.run(self.mail_written.clone(), OUTBOX_POLL, self.metrics.clone()));
    }

    fn job_settings(&self) -> service::jobs::JobSettings {
        service::jobs::JobSettings { no_show_grace: self.config.no_show_grace }
    }

    /// One pass of the outbox's sender, as the worker makes (tests; `orderahead staff add`):
    /// how many messages were sent.
    pub async fn send_due_mail(&self) -> anyhow::Result<usize> {
        Ok(self.sender().send_due().await?.sent)
    }

    /// The outbox's sender: e-mail through the mailer, texts through the gateway when there is one.
    fn sender(&self) -> service::outbox::Sender {
        let courier = crate::sms::Courier { mail: self.mailer.clone(), texts: self.sms.clone() };
        service::outbox::Sender { store: self.store.clone(), transport: Arc::new(courier), clock: self.clock.clone() }
    }

    /// The reminder job's work once, whatever its lease says (tests, the reminder bench): the
    /// messages it added to the outbox.
    pub async fn send_reminders(&self) -> anyhow::Result<u64> {
        Ok(service::reminders::remind_tomorrow(&self.services).await?)
    }

    /// One look for due jobs as host `host`, as the worker makes (tests): the names of the jobs
    /// run, with how many rows each changed.
    pub async fn run_due_jobs(&self, host: &str) -> anyhow::Result<Vec<(&'static str, usize)>> {
        let ran = service::jobs::run_due(&self.services, host, self.job_settings()).await?;
        Ok(ran.into_iter().map(|(job, n)| (job.name(), n)).collect())
    }

    /// The schedule job's work once, whatever its lease says (the schedule bench): every scheduled
    /// pantry's pickup times published for its horizon; the times made.
    pub async fn publish_schedules(&self) -> anyhow::Result<usize> {
        Ok(service::schedules::publish_all(&self.services).await?)
    }

    /// The schedule job's delivery part alone: every scheduled delivery program's windows (benchmarks).
    pub async fn publish_delivery_schedules(&self) -> anyhow::Result<usize> {
        Ok(service::delivery_schedules::publish_all(&self.services).await?)
    }
}

impl FromRef<AppState> for TrustedProxy {
    fn from_ref(state: &AppState) -> Self {
        Self(state.config.trusted_proxy)
    }
}

impl FromRef<AppState> for Verifier {
    fn from_ref(state: &AppState) -> Self {
        Self {
            tokens: state.tokens.clone(),
            store: state.store.clone(),
            trusted_proxy: TrustedProxy::from_ref(state),
            clock: state.clock.clone(),
        }
    }
}
