//! What search engines read: `/robots.txt`, the sitemap (one file, or past the protocol's limit
//! an index of numbered files), and the canonical and alternate-language links of each page.
use crate::service::rich_text::escape;
use crate::{catalog::Lang, db::repo::sitemap::SitemapPantry, render::Alternate, state::AppState};
use axum::{
    Router,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use chrono::{DateTime, SecondsFormat, Utc};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap))
        // A whole-segment parameter: the router has no `{n}.xml` suffix patterns.
        .route("/sitemap-{file}", get(numbered_sitemap))
}

/// A page's stable address in a language: English at its plain URL, others with `?lang=`.
pub fn in_language(page_url: &str, lang: Lang) -> String {
    match lang {
        Lang::EN => page_url.to_owned(),
        other => format!("{page_url}?lang={}", other.code()),
    }
}

/// The alternate-language links of the page at `page_url` (no query): one per language, then
/// `x-default` (English). The one place they are made, so adding a language is one change.
pub fn alternates(page_url: &str) -> Vec<Alternate> {
    let mut out: Vec<Alternate> =
        Lang::all().map(|lang| Alternate { hreflang: lang.code(), href: in_language(page_url, lang) }).collect();
    out.push(Alternate { hreflang: "x-default", href: in_language(page_url, Lang::EN) });
    out
}

/// The origin links are built on, without a trailing slash.
fn origin(state: &AppState) -> &str {
    state.config.public_url.trim_end_matches('/')
}

async fn robots(State(state): State<AppState>) -> Response {
    // The public pages are open; personal pages, the cart and checkout, and the data calls are not
    // worth a crawl (`/account` also covers the details page itself, not only `/account/...`).
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /account\nDisallow: /cart\nDisallow: /api/\nDisallow: /_data\n\n\
         Sitemap: {}/sitemap.xml\n",
        origin(&state)
    );
    text_response("text/plain; charset=utf-8", body)
}

/// One `<url>` (or, in an index, `<sitemap>`) entry.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    loc: String,
    lastmod: Option<DateTime<Utc>>,
    /// The page in every language (a page's URLs list them all, as search engines ask).
    alternates: Vec<Alternate>,
}

/// Every URL the sitemap lists: the home page, then each pantry page. Pages that only mean
/// something with a query (the pantry search, the shop) or for one shopper are left out.
fn entries(origin: &str, pantries: &[SitemapPantry]) -> Vec<Entry> {
    // Home's content (info cards) carries no change time, so it has no lastmod.
    let pages = std::iter::once((format!("{origin}/"), None))
        .chain(pantries.iter().map(|p| (format!("{origin}/pantries/{}", p.id), Some(p.last_modified))));
    pages
        .flat_map(|(page, lastmod)| {
            let alternates = alternates(&page);
            Lang::all()
                .map(|lang| Entry { loc: in_language(&page, lang), lastmod, alternates: alternates.clone() })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// `/sitemap.xml`: all URLs when they fit in one file, else the index of the numbered files.
fn main_file(origin: &str, entries: &[Entry], page_size: usize) -> String {
    if entries.len() <= page_size {
        return urlset(entries);
    }
    let files: Vec<Entry> = entries
        .chunks(page_size.max(1))
        .enumerate()
        .map(|(i, chunk)| Entry {
            loc: format!("{origin}/sitemap-{}.xml", i + 1),
            lastmod: chunk.iter().filter_map(|e| e.lastmod).max(),
            alternates: Vec::new(),
        })
        .collect();
    document("sitemapindex", "sitemap", &files)
}

/// `/sitemap-{n}.xml` (n from 1), which exists only when the URLs are split.
fn numbered_file(entries: &[Entry], page_size: usize, n: usize) -> Option<String> {
    if entries.len() <= page_size || n == 0 {
        return None;
    }
    entries.chunks(page_size.max(1)).nth(n - 1).map(urlset)
}

fn urlset(entries: &[Entry]) -> String {
    document("urlset", "url", entries)
}

fn document(root: &str, item: &str, entries: &[Entry]) -> String {
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<{root} xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
         xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
    );
    for e in entries {
        xml.push_str(&format!("<{item}><loc>{}</loc>", escape(&e.loc)));

        if let Some(at) = e.lastmod {
            xml.push_str(&format!("<lastmod>{}</lastmod>", at.to_rfc3339_opts(SecondsFormat::Secs, true)));
        }
        for a in &e.alternates {
            xml.push_str(&format!(
                "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{}\"/>",
                a.hreflang,
                escape(&a.href)
            ));
        }
        xml.push_str(&format!("</{item}>\n"));
    }
    xml.push_str(&format!("</{root}>\n"));
    xml
}

async fn load_entries(state: &AppState) -> Result<Vec<Entry>, Response> {
    match crate::service::places::sitemap_pantries(state).await {
        Ok(pantries) => Ok(entries(origin(state), &pantries)),
        Err(error) => {
            tracing::warn!(%error, "sitemap: pantries failed to load");
            Err((StatusCode::SERVICE_UNAVAILABLE, "temporarily unavailable").into_response())
        }
    }
}

async fn sitemap(State(state): State<AppState>) -> Response {
    match load_entries(&state).await {
        Ok(entries) => xml_response(main_file(origin(&state), &entries, state.config.sitemap_page_size)),
        Err(unavailable) => unavailable,
    }
}

async fn numbered_sitemap(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let Some(n) = file.strip_suffix(".xml").and_then(|n| n.parse::<usize>().ok()) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match load_entries(&state).await {
        Ok(entries) => match numbered_file(&entries, state.config.sitemap_page_size, n) {
            Some(xml) => xml_response(xml),
            None => StatusCode::NOT_FOUND.into_response(),
        },
        Err(unavailable) => unavailable,
    }
}

fn xml_response(body: String) -> Response {
    text_response("application/xml", body)
}

fn text_response(content_type: &'static str, body: String) -> Response {
    let mut res = body.into_response();
    res.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    // Crawlers come back now and then; an hour old is fresh enough and spares the database.
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::SITEMAP_MAX_URLS;
    use chrono::TimeZone;

    fn pantries(n: i64) -> Vec<SitemapPantry> {
        (1..=n)
            .map(|id| SitemapPantry { id, last_modified: Utc.with_ymd_and_hms(2026, 3, id as u32, 12, 0, 0).unwrap() })
            .collect()
    }

    #[test]
    fn one_file_lists_home_and_pantries_in_each_language_with_lastmod() {
        let all = entries("https://oa.example", &pantries(2));
        let xml = main_file("https://oa.example", &all, SITEMAP_MAX_URLS);
        assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset "), "{xml}");
        let langs = Lang::all().count();
        assert_eq!(xml.matches("<url>").count(), 3 * langs, "home and 2 pantries, in every language: {xml}");
        assert!(xml.contains("<url><loc>https://oa.example/</loc><xhtml:link"), "{xml}");
        assert!(xml.contains("<url><loc>https://oa.example/?lang=es</loc><xhtml:link"), "{xml}");
        assert!(
            xml.contains("<url><loc>https://oa.example/pantries/2</loc><lastmod>2026-03-02T12:00:00Z</lastmod>"),
            "{xml}"
        );
        assert!(
            xml.contains(r#"<xhtml:link rel="alternate" hreflang="es" href="https://oa.example/pantries/2?lang=es"/>"#),
            "{xml}"
        );
        assert!(xml.contains("<url><loc>https://oa.example/pantries/1?lang=zh-Hant</loc>"), "{xml}");
        assert!(
            xml.contains(r#"<xhtml:link rel="alternate" hreflang="ar" href="https://oa.example/pantries/2?lang=ar"/>"#),
            "{xml}"
        );
        assert_eq!(numbered_file(&all, SITEMAP_MAX_URLS, 1), None, "no numbered files when one is enough");
    }

    #[test]
    fn past_the_page_size_the_main_file_is_an_index() {
        // (home + 4 pantries) x 12 languages = 60 URLs, in files of 24: 24, 24 and 12.
        let langs = Lang::all().count();
        assert_eq!(langs, 12);
        let all = entries("https://oa.example", &pantries(4));
        let size = 2 * langs;
        let index = main_file("https://oa.example", &all, size);
        assert!(index.contains("<sitemapindex "), "{index}");
        assert_eq!(index.matches("<loc>").count(), 3, "60 URLs in files of 24: {index}");
        assert!(index.contains(
            "<sitemap><loc>https://oa.example/sitemap-2.xml</loc><lastmod>2026-03-03T12:00:00Z</lastmod></sitemap>"
        ));
        let first = numbered_file(&all, size, 1).unwrap();
        assert!(first.contains("<urlset ") && first.contains("https://oa.example/</loc>"));
        assert_eq!(first.matches("<url>").count(), size);
        let last = numbered_file(&all, size, 3).unwrap();
        assert_eq!(last.matches("<url>").count(), langs);
        assert!(last.contains("/pantries/4<") && last.contains("/pantries/4?lang=es<"));
        assert_eq!(numbered_file(&all, size, 4), None);
        assert_eq!(numbered_file(&all, size, 0), None);
    }

    #[test]
    fn locations_are_escaped() {
        let all = entries("https://oa.example/?a=1&b=<2>", &[]);
        let xml = urlset(&all);
        assert!(xml.contains("<loc>https://oa.example/?a=1&amp;b=&lt;2&gt;/</loc>"), "{xml}");
    }

    #[test]
    fn alternates_name_each_language_and_the_default() {
        let links = alternates("https://oa.example/pantries/3");
        let pairs: Vec<_> = links.iter().map(|a| (a.hreflang, a.href.as_str())).collect();
        assert_eq!(
            pairs,
            [
                ("en", "https://oa.example/pantries/3"),
                ("es", "https://oa.example/pantries/3?lang=es"),
                ("zh-Hans", "https://oa.example/pantries/3?lang=zh-Hans"),
                ("zh-Hant", "https://oa.example/pantries/3?lang=zh-Hant"),
                ("vi", "https://oa.example/pantries/3?lang=vi"),
                ("ko", "https://oa.example/pantries/3?lang=ko"),
                ("tl", "https://oa.example/pantries/3?lang=tl"),
                ("ar", "https://oa.example/pantries/3?lang=ar"),
                ("ht", "https://oa.example/pantries/3?lang=ht"),
                ("ru", "https://oa.example/pantries/3?lang=ru"),
                ("uk", "https://oa.example/pantries/3?lang=uk"),
                ("fr", "https://oa.example/pantries/3?lang=fr"),
                ("x-default", "https://oa.example/pantries/3"),
            ]
        );
    }
}
