//! What every handler shares: the services' context (which the app's state derefs to), and the
//! HTTP side's own parts (configuration, renderer, render cache, assets, message catalog).
use crate::{
    catalog::Catalog,
    config::Config,
    db::repo::Store,
    infra::{
        auth::{Tokens, Verifier},
        hasher::Hasher,
        ratelimit::{RateLimits, TrustedProxy},
    },
    mail::Mailer,
    render::{AssetManifest, RenderCache, Renderer},
    service,
};
use axum::extract::FromRef;
use std::{ops::Deref, sync::Arc, time::Duration};

pub struct Shared {
    pub config: Config,
    pub renderer: Arc<dyn Renderer>,
    pub cache: RenderCache,
    pub manifest: AssetManifest,
    pub catalog: Catalog,
    pub services: service::Context,
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
        let manifest = AssetManifest::embedded();
        let rate_limits = Arc::new(RateLimits::new(config.registrations_per_hour, &store));
        let services = service::Context {
            store,
            tokens: Arc::new(tokens),
            hasher: Arc::new(Hasher::default()),
            mailer: Arc::new(Mailer::new(&config.mail, &config.data_dir)),
            rate_limits,
            public_url: config.public_url.clone(),
        };
        Self(Arc::new(Shared {
            config,
            renderer,
            // Checked against the database's cache scopes on every hit; the minute bounds what
            // depends on the clock alone.
            cache: RenderCache::new(64 << 20, Duration::from_secs(60)),
            catalog: Catalog::embedded(manifest.namespaces_by_route()),
            manifest,
            services,
        }))
    }
}

impl FromRef<AppState> for TrustedProxy {
    fn from_ref(state: &AppState) -> Self {
        Self(state.config.trusted_proxy)
    }
}

impl FromRef<AppState> for Verifier {
    fn from_ref(state: &AppState) -> Self {
        Self { tokens: state.tokens.clone(), store: state.store.clone(), trusted_proxy: TrustedProxy::from_ref(state) }
    }
}
