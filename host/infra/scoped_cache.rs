//! Data kept with the versions of the cache scopes it was read from (`db::Scope`), the render
//! cache's rule for what is not a page (the HSDS export): a kept value is served only while every
//! one of its scopes still has the version it was read at (one query per hit, against the
//! database every host writes to), and a value whose scopes were written while it loaded is
//! served but not kept. The time to live bounds what depends on the clock alone (today's date).
use crate::db::{
    Scope,
    repo::{Store, StoreError},
};
use moka::future::Cache;
use std::{future::Future, sync::Arc, time::Duration};

#[derive(Clone)]
struct Kept<V> {
    value: V,
    scopes: Arc<Vec<(Scope, i64)>>,
}

#[derive(Clone)]
pub struct ScopedCache<V: Clone + Send + Sync + 'static> {
    inner: Cache<&'static str, Kept<V>>,
}

impl<V: Clone + Send + Sync + 'static> ScopedCache<V> {
    pub fn new(ttl: Duration) -> Self {
        Self { inner: Cache::builder().max_capacity(16).time_to_live(ttl).build() }
    }

    /// The value kept under `key` while its scopes hold, else what `load` answers (the value and
    /// the scopes it read), kept unless one of those scopes was written while it loaded.
    pub async fn get_or_load<F, Fut, E>(&self, key: &'static str, store: &Store, load: F) -> Result<V, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<(V, Vec<Scope>), E>>,
        E: From<StoreError>,
    {
        if let Some(kept) = self.inner.get(&key).await {
            let scopes: Vec<Scope> = kept.scopes.iter().map(|(s, _)| *s).collect();
            match store.scope_versions(&scopes).await {
                Ok(now) if now.iter().eq(kept.scopes.iter().map(|(_, v)| v)) => return Ok(kept.value),
                Ok(_) => self.inner.invalidate(&key).await,
                Err(error) => tracing::warn!(%error, key, "scoped cache: scope versions unreadable"),
            }
        }
        let mark = store.scope_mark().await?;
        let (value, mut scopes) = load().await?;
        scopes.sort_unstable();
        scopes.dedup();
        let versions = store.scope_versions_before(&scopes, &mark).await?;
        if let Some(versions) = versions.into_iter().collect::<Option<Vec<i64>>>() {
            let scopes = Arc::new(scopes.into_iter().zip(versions).collect());
            self.inner.insert(key, Kept { value: value.clone(), scopes }).await;
        }
        Ok(value)
    }
}
