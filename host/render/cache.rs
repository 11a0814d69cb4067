//! Rendered markup of pages that are the same for everyone, kept with the versions of the cache
//! scopes their data came from (`db::Scope`). A hit is served only while those versions still
//! hold: one query per hit against the database every host writes to, so a write from anywhere
//! (this host, another one, an operator's SQL) shows at once, and only the pages showing what it
//! changed are re-rendered. The time to live bounds what depends on the clock alone (pickup times
//! that pass, notifications that expire).
use super::renderer::Rendered;
use crate::db::{
    Scope,
    repo::{ScopeMark, Store},
};
use moka::future::Cache;
use std::{
    sync::{
        Arc,
        atomic::{AtomicU64, Ordering},
    },
    time::Duration,
};

#[derive(Clone, Debug, Hash, PartialEq, Eq)]
pub struct CacheKey {
    pub url: String,
    pub lang: crate::catalog::Lang,
}

#[derive(Clone, Debug)]
pub struct CachedPage {
    pub route: &'static str,
    pub status: u16,
    /// The payload as the document carries it: flagged server-rendered, escaped for a script
    /// element (made once, not on every hit).
    pub payload_json: String,
    pub rendered: Rendered,
    /// The stylesheet's rules the rendered markup uses, inlined in the document.
    pub critical_css: String,
    /// Structured data for the head (schema.org JSON-LD), already escaped.
    pub head_json_ld: Vec<String>,
    /// The scopes the page shows, with their versions as the page's data was read.
    pub scopes: Vec<(Scope, i64)>,
}

/// What the cache did since it started (for tests and diagnostics).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CacheStats {
    /// Pages served from the cache.
    pub hits: u64,
    /// Public pages asked for and not served from the cache (not kept, expired or outdated).
    pub misses: u64,
    /// Pages found but outdated: one of their scopes has been written since.
    pub stale: u64,
    /// Pages not kept: one of their scopes was written while they loaded.
    pub raced: u64,
}

#[derive(Default)]
struct Counters {
    hits: AtomicU64,
    misses: AtomicU64,
    stale: AtomicU64,
    raced: AtomicU64,
}

#[derive(Clone)]
pub struct RenderCache {
    inner: Cache<CacheKey, Arc<CachedPage>>,
    counters: Arc<Counters>,
    /// Where the database was at the last versions read that returned (each read takes one in
    /// the same query). Any mark older than a load's start is a safe one for it: a version
    /// written since may or may not be in what the load read, so a page showing one is served
    /// but not kept, and the read that refused it brings the mark forward.
    recent: Arc<std::sync::Mutex<Option<ScopeMark>>>,
}

impl RenderCache {
    pub fn new(max_bytes: u64, ttl: Duration) -> Self {
        let inner = Cache::builder()
            .weigher(|_k: &CacheKey, v: &Arc<CachedPage>| {
                (v.payload_json.len() + v.rendered.html.len()).try_into().unwrap_or(u32::MAX)
            })
            .max_capacity(max_bytes)
            .time_to_live(ttl)
            .build();
        Self { inner, counters: Arc::default(), recent: Arc::default() }
    }

    /// A mark for a load about to start, without a query: the last one a versions read returned.
    /// None before the first (the caller then reads one from the store).
    pub fn recent_mark(&self) -> Option<ScopeMark> {
        self.recent.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    fn saw(&self, mark: Option<ScopeMark>) {
        if let Some(mark) = mark {
            *self.recent.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = Some(mark);
        }
    }

    /// The page kept for `key`, if the versions of its scopes in `store` are still those it was
    /// rendered at (read in one query). An outdated page is dropped; so is the answer when the
    /// versions cannot be read (the loader then says what is wrong).
    pub async fn get(&self, key: &CacheKey, store: &Store) -> Option<Arc<CachedPage>> {
        let Some(page) = self.inner.get(key).await else {
            self.counters.misses.fetch_add(1, Ordering::Relaxed);
            return None;
        };
        if !page.scopes.is_empty() {
            let scopes: Vec<Scope> = page.scopes.iter().map(|(scope, _)| *scope).collect();
            let read = store.scope_versions_marked(&scopes, None).await.map(|(versions, mark)| {
                self.saw(mark);
                versions
            });
            match read {
                Ok(now)
                    if now.iter().map(|(version, _)| version).eq(page.scopes.iter().map(|(_, version)| version)) => {}
                Ok(_) => {
                    self.counters.stale.fetch_add(1, Ordering::Relaxed);
                    self.counters.misses.fetch_add(1, Ordering::Relaxed);
                    self.inner.invalidate(key).await;
                    return None;
                }
                Err(error) => {
                    tracing::warn!(%error, url = key.url, "render cache: scope versions unreadable");
                    self.counters.misses.fetch_add(1, Ordering::Relaxed);
                    return None;
                }
            }
        }
        self.counters.hits.fetch_add(1, Ordering::Relaxed);
        Some(page)
    }

    /// The versions to keep with a page whose loader named `scopes` and started after `mark`.
    /// None when one of them was written since the mark: the loader may or may not have read that
    /// write, so the page is served but not kept.
    pub async fn versions_since(&self, store: &Store, scopes: &[Scope], mark: &ScopeMark) -> Option<Vec<(Scope, i64)>> {
        let mut scopes = scopes.to_vec();
        scopes.sort_unstable();
        scopes.dedup();
        match store.scope_versions_marked(&scopes, Some(mark)).await {
            Ok((versions, now)) => {
                self.saw(now);
                let kept: Option<Vec<i64>> = versions.into_iter().map(|(v, older)| older.then_some(v)).collect();
                if kept.is_none() {
                    self.counters.raced.fetch_add(1, Ordering::Relaxed);
                }
                Some(scopes.into_iter().zip(kept?).collect())
            }
            Err(error) => {
                tracing::warn!(%error, "render cache: scope versions unreadable");
                None
            }
        }
    }

    pub async fn put(&self, key: CacheKey, page: Arc<CachedPage>) {
        self.inner.insert(key, page).await
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats {
            hits: self.counters.hits.load(Ordering::Relaxed),
            misses: self.counters.misses.load(Ordering::Relaxed),
            stale: self.counters.stale.load(Ordering::Relaxed),
            raced: self.counters.raced.load(Ordering::Relaxed),
        }
    }
}
