//! What every handler shares.
use crate::{
    api::auth::Tokens,
    catalog::Catalog,
    config::Config,
    db::repo::Store,
    pages::PageTable,
    render::{AssetManifest, RenderCache, Renderer},
};
use std::{
    ops::Deref,
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

pub struct Shared {
    pub config: Config,
    pub renderer: Arc<dyn Renderer>,
    pub cache: RenderCache,
    pub pages: PageTable,
    pub manifest: AssetManifest,
    pub catalog: Catalog,
    pub store: Store,
    pub tokens: Tokens,
    pub mailer: crate::mail::Mailer,
    pub rate_limits: crate::api::ratelimit::RateLimits,
    pub hasher: crate::api::hasher::Hasher,
    data_version: AtomicU64,
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
        Self(Arc::new(Shared {
            mailer: crate::mail::Mailer::new(&config.mail, &config.data_dir),
            rate_limits: crate::api::ratelimit::RateLimits::new(config.registrations_per_hour),
            hasher: Default::default(),
            config,
            store,
            tokens,
            renderer,
            cache: RenderCache::new(64 << 20, Duration::from_secs(60)),
            pages: PageTable::default(),
            catalog: Catalog::embedded(manifest.namespaces_by_route()),
            manifest,
            data_version: AtomicU64::new(0),
        }))
    }

    /// Part of every render-cache key: bumped by writes that change public pages.
    pub fn data_version(&self) -> u64 {
        self.data_version.load(Ordering::Relaxed)
    }

    pub fn bump_data_version(&self) {
        self.data_version.fetch_add(1, Ordering::Relaxed);
    }
}
