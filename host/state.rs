//! What every handler shares.
use crate::{
    api::auth::Tokens,
    catalog::Catalog,
    config::Config,
    db::repo::Store,
    pages::PageTable,
    render::{AssetManifest, RenderCache, Renderer},
};
use std::{ops::Deref, sync::Arc, time::Duration};

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
            // Checked against the database's cache scopes on every hit; the minute bounds what
            // depends on the clock alone.
            cache: RenderCache::new(64 << 20, Duration::from_secs(60)),
            pages: PageTable::default(),
            catalog: Catalog::embedded(manifest.namespaces_by_route()),
            manifest,
        }))
    }
}
