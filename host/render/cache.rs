//! Rendered markup of pages that are the same for everyone. The key carries the
//! data version, so a write that changes public data makes old entries unreachable;
//! the time to live bounds pages whose content depends on the clock (pickup times).
use super::Rendered;
use moka::future::Cache;
use std::{sync::Arc, time::Duration};

#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct CacheKey {
    pub url: String,
    pub data_version: u64,
    pub lang: crate::catalog::Lang,
}

#[derive(Clone, Debug)]
pub struct CachedPage {
    pub route: &'static str,
    pub status: u16,
    pub payload: Arc<str>,
    pub rendered: Rendered,
    /// Structured data for the head (schema.org JSON-LD), already escaped.
    pub head_json_ld: Vec<String>,
}

#[derive(Clone)]
pub struct RenderCache {
    inner: Cache<CacheKey, Arc<CachedPage>>,
}

impl RenderCache {
    pub fn new(max_bytes: u64, ttl: Duration) -> Self {
        let inner = Cache::builder()
            .weigher(|_k: &CacheKey, v: &Arc<CachedPage>| {
                (v.payload.len() + v.rendered.html.len()).try_into().unwrap_or(u32::MAX)
            })
            .max_capacity(max_bytes)
            .time_to_live(ttl)
            .build();
        Self { inner }
    }
    pub async fn get(&self, key: &CacheKey) -> Option<Arc<CachedPage>> {
        self.inner.get(key).await
    }
    pub async fn put(&self, key: CacheKey, page: Arc<CachedPage>) {
        self.inner.insert(key, page).await
    }
}
