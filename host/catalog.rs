//! The app's message catalogs (app/src/i18n/<lang>.json), embedded at build time. The host hands
//! each page the part of its language's catalog that the page's code names (keys listed in the
//! asset manifest), so no page downloads the texts of other pages or other languages; and it
//! writes a few texts itself (the fallback document's title and loading screen).
use axum::http::{HeaderMap, header};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// The languages of the product. English is the fallback for anything missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    Es,
}

pub const LANGS: [Lang; 2] = [Lang::En, Lang::Es];

/// The cookie that remembers a visitor's choice on this device.
pub const LANG_COOKIE: &str = "oa_lang";

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
        }
    }

    pub fn from_code(code: &str) -> Option<Self> {
        LANGS.into_iter().find(|l| l.code().eq_ignore_ascii_case(code))
    }

    /// The page's language: an explicit `lang` query parameter (the stable per-language URL),
    /// else the device's remembered choice, else the browser's `Accept-Language`, else English.
    pub fn negotiate(query_lang: Option<&str>, headers: &HeaderMap) -> Self {
        query_lang
            .and_then(Self::from_code)
            .or_else(|| cookie(headers, LANG_COOKIE).and_then(Self::from_code))
            .or_else(|| headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(accepted))
            .unwrap_or(Lang::En)
    }
}

/// The language of an API call or a page request, negotiated as for pages (the app's fetches carry
/// the device's cookie and the browser's `Accept-Language`).
impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Lang {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.path_and_query().map_or("", |pq| pq.as_str());
        Ok(Lang::negotiate(query_lang(query), &parts.headers))
    }
}

/// The `lang` parameter of a path's query, if any.
pub fn query_lang(path_and_query: &str) -> Option<&str> {
    let query = path_and_query.split_once('?')?.1;
    query.split('&').find_map(|pair| pair.strip_prefix("lang="))
}

/// The value of cookie `name` in the request's `Cookie` headers.
pub(crate) fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| pair.trim().strip_prefix(name)?.strip_prefix('='))
}

/// The first of our languages in an `Accept-Language` list, by quality then order.
fn accepted(header: &str) -> Option<Lang> {
    let mut ranked: Vec<(f32, usize, Lang)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.trim().split(';');
            let tag = parts.next()?.trim();
            let q = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.parse::<f32>().ok())
                .filter(|q| *q > 0.0)?;
            let primary = tag.split('-').next()?;
            Some((q, i, Lang::from_code(primary)?))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|r| r.2)
}

pub struct Catalog {
    en: HashMap<String, String>,
    es: HashMap<String, String>,
    /// Each route's texts in each language, made once at start-up: every payload carries them.
    pages: HashMap<(Lang, String), Value>,
}

impl Catalog {
    /// The embedded catalogs, with the texts of each `(route id, keys)` ready to send.
    pub fn embedded(routes: impl IntoIterator<Item = (String, Vec<String>)>) -> Self {
        let parse = |json: &str, name: &str| -> HashMap<String, String> {
            serde_json::from_str(json)
                .unwrap_or_else(|e| panic!("app/src/i18n/{name}.json is a flat object of strings: {e}"))
        };
        let mut catalog = Self {
            en: parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/en.json")), "en"),
            es: parse(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/es.json")), "es"),
            pages: HashMap::new(),
        };
        for (route, keys) in routes {
            for lang in LANGS {
                let part = Value::Object(catalog.part(lang, &keys));
                catalog.pages.insert((lang, route.clone()), part);
            }
        }
        catalog
    }

    /// The texts a route's page uses, in `lang` (an object; null for a route it was not given).
    pub fn page_texts(&self, lang: Lang, route: &str) -> &Value {
        static NONE: Value = Value::Null;
        self.pages.get(&(lang, route.to_owned())).unwrap_or(&NONE)
    }

    /// The texts of one namespace in `lang` (none for a namespace the catalog does not have): what a
    /// chunk loaded after its page fetches when the page's payload does not carry them.
    pub fn namespace_texts(&self, lang: Lang, namespace: &str) -> Map<String, Value> {
        self.part(lang, &[namespace.to_owned()])
    }

    fn messages(&self, lang: Lang) -> &HashMap<String, String> {
        match lang {
            Lang::En => &self.en,
            Lang::Es => &self.es,
        }
    }

    pub fn text<'a>(&'a self, lang: Lang, key: &'a str) -> &'a str {
        self.messages(lang).get(key).or_else(|| self.en.get(key)).map(String::as_str).unwrap_or(key)
    }

    /// The texts of the given keys in `lang`, English where a translation is missing: each of
    /// `prefixes` names a key and those under it (`shop` covers `shop.*`, `shop.items` covers
    /// `shop.items.one` and `shop.items.other`).
    fn part(&self, lang: Lang, prefixes: &[String]) -> Map<String, Value> {
        let wanted = |key: &str| {
            prefixes
                .iter()
                .any(|p| key.strip_prefix(p.as_str()).is_some_and(|rest| rest.is_empty() || rest.starts_with('.')))
        };
        self.en
            .keys()
            .filter(|k| wanted(k))
            .map(|k| (k.clone(), Value::String(self.text(lang, k).to_owned())))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        h
    }

    #[test]
    fn the_url_beats_the_cookie_which_beats_the_browser() {
        let all = headers(&[(header::COOKIE, "a=1; oa_lang=en"), (header::ACCEPT_LANGUAGE, "es-US,es;q=0.9")]);
        assert_eq!(Lang::negotiate(Some("es"), &all), Lang::Es);
        assert_eq!(Lang::negotiate(None, &all), Lang::En);
        let browser_only = headers(&[(header::ACCEPT_LANGUAGE, "es-US,es;q=0.9,en;q=0.8")]);
        assert_eq!(Lang::negotiate(None, &browser_only), Lang::Es);
        assert_eq!(Lang::negotiate(Some("fr"), &HeaderMap::new()), Lang::En);
    }

    #[test]
    fn accept_language_goes_by_quality_then_order() {
        assert_eq!(accepted("fr-FR, es;q=0.5, en;q=0.7"), Some(Lang::En));
        assert_eq!(accepted("fr, es-MX"), Some(Lang::Es));
        assert_eq!(accepted("es;q=0, en"), Some(Lang::En));
        assert_eq!(accepted("fr, de"), None);
        assert_eq!(accepted("es;q=abc"), None);
    }

    #[test]
    fn query_lang_reads_the_parameter() {
        assert_eq!(query_lang("/pantries?zip=43215&lang=es"), Some("es"));
        assert_eq!(query_lang("/pantries?language=es"), None);
        assert_eq!(query_lang("/lang=es"), None);
    }

    #[test]
    fn a_part_holds_its_namespaces_in_the_language_with_english_fallback() {
        let c = Catalog::embedded([("home".to_owned(), vec!["app".to_owned(), "home".to_owned()])]);
        assert_eq!(c.page_texts(Lang::Es, "home")["app.tagline"], c.text(Lang::Es, "app.tagline"));
        assert!(c.page_texts(Lang::En, "home").get("shell.loading").is_none(), "only the route's namespaces");
        assert!(c.page_texts(Lang::En, "nowhere").is_null());
        let part = c.part(Lang::Es, &["shell".into(), "app".into()]);
        assert!(part.keys().all(|k| k.starts_with("shell.") || k.starts_with("app.")));
        assert_eq!(part["shell.loading"], c.text(Lang::Es, "shell.loading"));
        assert_ne!(c.text(Lang::Es, "shell.loading"), c.text(Lang::En, "shell.loading"));
        assert_eq!(c.text(Lang::Es, "no.such.key"), "no.such.key");
    }
}
