//! Files embedded at build time: hashed client bundles under /assets/ and the
//! contents of static/ (manifest, icons, favicon).
use axum::{
    body::Body,
    http::{HeaderValue, header},
    response::Response,
};
use std::{collections::HashMap, sync::LazyLock};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded_files.rs"));
}

static FILES: LazyLock<HashMap<&'static str, &'static [u8]>> =
    LazyLock::new(|| embedded::FILES.iter().copied().collect());

fn content_type(path: &str) -> &'static str {
    match path.rsplit_once('.').map(|(_, ext)| ext) {
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("json") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("png") => "image/png",
        Some("svg") => "image/svg+xml",
        Some("ico") => "image/x-icon",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("webp") => "image/webp",
        Some("txt") => "text/plain; charset=utf-8",
        Some("map") => "application/json",
        _ => "application/octet-stream",
    }
}

/// The embedded file at `path`, if any.
pub fn file(path: &str) -> Option<Response> {
    let bytes = *FILES.get(path)?;
    // Hashed names never change content, so browsers may keep them for good.
    // The service worker must be re-checked on every visit, or updates stall.
    let cache = if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if path == "/sw.js" {
        "no-cache"
    } else {
        "public, max-age=3600"
    };
    let mut res = Response::new(Body::from(bytes));
    let h = res.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(path)));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Some(res)
}

/// Whether `path` names an embedded file.
pub fn exists(path: &str) -> bool {
    FILES.contains_key(path)
}
