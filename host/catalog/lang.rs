//! The languages of the product: one registry (app/src/i18n/languages.json, read by the app as
//! well) of codes, names in their own script, writing directions and whether the staff side is
//! written in them. Adding a language is a line there and its catalog files (app/src/i18n/<code>.json,
//! host/i18n/api.<code>.json): build.rs embeds whatever the registry names.
use axum::http::{HeaderMap, header};
use serde::Deserialize;
use std::sync::LazyLock;

/// One line of the registry.
#[derive(Debug, Deserialize)]
pub struct Language {
    /// BCP 47 tag as the app writes it (`?lang=`, `<html lang>`, `hreflang`): "en", "zh-Hans".
    pub code: String,
    /// The language's name in itself: what the language switch shows.
    pub name: String,
    /// "ltr" or "rtl".
    pub dir: String,
    /// Whether the staff side is written in it (else staff pages fall back to English).
    pub staff: bool,
    /// Other tags that mean this language in `Accept-Language` ("zh-TW" for Traditional Chinese).
    pub aliases: Vec<String>,
    /// The form fields of staff-written texts in this language: `titleEs`, `bodyZhHans` (English
    /// has the plain `title` and `body`).
    #[serde(skip)]
    fields: (String, String),
}

static REGISTRY: LazyLock<Vec<Language>> = LazyLock::new(|| {
    let mut list: Vec<Language> =
        serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/languages.json")))
            .expect("app/src/i18n/languages.json is a list of languages");
    for (i, language) in list.iter_mut().enumerate() {
        let suffix: String = if i == 0 { String::new() } else { field_suffix(&language.code) };
        language.fields = (format!("title{suffix}"), format!("body{suffix}"));
    }
    assert!(list.len() < 256 && list[0].code == "en" && list[1].code == "es", "English first, then Spanish");
    list
});

/// "zh-Hans" → "ZhHans": a code as the tail of a camelCase field name.
fn field_suffix(code: &str) -> String {
    code.split('-')
        .map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase().to_string() + &chars.as_str().to_ascii_lowercase())
                .unwrap_or_default()
        })
        .collect()
}

/// A language of the registry. English is the fallback for anything missing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(u8);

/// The cookie that remembers a visitor's choice on this device.
pub const LANG_COOKIE: &str = "oa_lang";

impl Lang {
    pub const EN: Lang = Lang(0);
    pub const ES: Lang = Lang(1);

    /// Every language, in the registry's order.
    pub fn all() -> impl Iterator<Item = Lang> + Clone {
        (0..REGISTRY.len() as u8).map(Lang)
    }

    /// Its place in the registry.
    pub(crate) fn index(self) -> usize {
        self.0 as usize
    }

    fn entry(self) -> &'static Language {
        &REGISTRY[self.0 as usize]
    }

    pub fn code(self) -> &'static str {
        &self.entry().code
    }

    pub fn name(self) -> &'static str {
        &self.entry().name
    }

    /// "ltr" or "rtl", for `<html dir>`.
    pub fn dir(self) -> &'static str {
        &self.entry().dir
    }

    /// The form fields of a staff-written text's title and body in this language.
    pub fn content_fields(self) -> (&'static str, &'static str) {
        let (title, body) = &self.entry().fields;
        (title, body)
    }

    /// The language staff pages are written in for someone who chose this one.
    pub fn for_staff(self) -> Lang {
        if self.entry().staff { self } else { Lang::EN }
    }

    /// The language a page at `path` is written in for someone who chose this one: the staff
    /// side is in its own languages only.
    pub fn for_page(self, path: &str) -> Lang {
        let path = path.split(['?', '#']).next().unwrap_or_default();
        if path == "/staff" || path.starts_with("/staff/") { self.for_staff() } else { self }
    }

    /// The language of a code or an alias, in any case ("zh-hant", "ZH-TW").
    pub fn from_code(code: &str) -> Option<Self> {
        Self::all().find(|l| {
            let e = l.entry();
            e.code.eq_ignore_ascii_case(code) || e.aliases.iter().any(|a| a.eq_ignore_ascii_case(code))
        })
    }

    /// The language of a BCP 47 tag, dropping subtags from the end until one is known:
    /// "zh-Hant-TW" → zh-Hant, "es-MX" → es, "zh-CN" → zh-Hans (an alias).
    pub fn from_tag(tag: &str) -> Option<Self> {
        let mut tag = tag.trim();
        loop {
            if let Some(lang) = Self::from_code(tag) {
                return Some(lang);
            }
            tag = &tag[..tag.rfind('-')?];
        }
    }

    /// The page's language: an explicit `lang` query parameter (the stable per-language URL),
    /// else the device's remembered choice, else the browser's `Accept-Language`, else English.
    pub fn negotiate(query_lang: Option<&str>, headers: &HeaderMap) -> Self {
        query_lang
            .and_then(Self::from_code)
            .or_else(|| cookie(headers, LANG_COOKIE).and_then(Self::from_code))
            .or_else(|| headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).and_then(accepted))
            .unwrap_or(Lang::EN)
    }
}

/// A language is written as its code.
impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.code())
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

/// The first of our languages in an `Accept-Language` list, by quality then order; each tag falls
/// back along its subtags ("es-MX" → es) and aliases ("zh-CN" → zh-Hans).
pub(crate) fn accepted(header: &str) -> Option<Lang> {
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
            Some((q, i, Lang::from_tag(tag)?))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|r| r.2)
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

    fn lang(code: &str) -> Lang {
        Lang::from_code(code).unwrap()
    }

    #[test]
    fn the_url_beats_the_cookie_which_beats_the_browser() {
        let all = headers(&[(header::COOKIE, "a=1; oa_lang=en"), (header::ACCEPT_LANGUAGE, "es-US,es;q=0.9")]);
        assert_eq!(Lang::negotiate(Some("es"), &all), Lang::ES);
        assert_eq!(Lang::negotiate(None, &all), Lang::EN);
        let browser_only = headers(&[(header::ACCEPT_LANGUAGE, "es-US,es;q=0.9,en;q=0.8")]);
        assert_eq!(Lang::negotiate(None, &browser_only), Lang::ES);
        assert_eq!(Lang::negotiate(Some("de"), &HeaderMap::new()), Lang::EN);
        assert_eq!(Lang::negotiate(Some("ko"), &all), lang("ko"));
    }

    #[test]
    fn accept_language_goes_by_quality_then_order() {
        assert_eq!(accepted("de-DE, es;q=0.5, en;q=0.7"), Some(Lang::EN));
        assert_eq!(accepted("de, es-MX"), Some(Lang::ES));
        assert_eq!(accepted("es;q=0, en"), Some(Lang::EN));
        assert_eq!(accepted("de, nl"), None);
        assert_eq!(accepted("es;q=abc"), None);
        assert_eq!(accepted("ar-EG, en;q=0.8"), Some(lang("ar")));
        assert_eq!(accepted("en;q=0.5, fr-CA;q=0.9"), Some(lang("fr")));
    }

    #[test]
    fn regional_tags_fall_back_to_their_script_or_language() {
        assert_eq!(accepted("zh-CN"), Some(lang("zh-Hans")));
        assert_eq!(accepted("zh"), Some(lang("zh-Hans")));
        assert_eq!(accepted("zh-TW,zh;q=0.9"), Some(lang("zh-Hant")));
        assert_eq!(accepted("zh-Hant-HK"), Some(lang("zh-Hant")));
        assert_eq!(accepted("zh-Hans-US"), Some(lang("zh-Hans")));
        assert_eq!(accepted("fil-PH"), Some(lang("tl")));
        assert_eq!(accepted("vi-VN"), Some(lang("vi")));
        assert_eq!(lang("ZH-hant").code(), "zh-Hant");
    }

    #[test]
    fn the_registry_names_each_language_in_itself_with_its_direction() {
        assert_eq!(Lang::all().count(), 12);
        assert_eq!(lang("ar").dir(), "rtl");
        assert!(Lang::all().filter(|l| l.dir() == "rtl").all(|l| l == lang("ar")));
        assert_eq!(lang("ko").name(), "한국어");
        assert_eq!(lang("ar").for_staff(), Lang::EN);
        assert_eq!(Lang::ES.for_staff(), Lang::ES);
        assert_eq!(lang("ko").for_page("/staff/orders?x=1"), Lang::EN);
        assert_eq!(lang("ko").for_page("/staff"), Lang::EN);
        assert_eq!(lang("ko").for_page("/staffing"), lang("ko"));
        assert_eq!(Lang::ES.for_page("/staff/today"), Lang::ES);
        assert_eq!(Lang::EN.content_fields(), ("title", "body"));
        assert_eq!(Lang::ES.content_fields(), ("titleEs", "bodyEs"));
        assert_eq!(lang("zh-Hant").content_fields(), ("titleZhHant", "bodyZhHant"));
        let codes: std::collections::HashSet<_> = Lang::all().map(Lang::code).collect();
        assert_eq!(codes.len(), Lang::all().count(), "codes are unique");
    }

    #[test]
    fn query_lang_reads_the_parameter() {
        assert_eq!(query_lang("/pantries?zip=43215&lang=es"), Some("es"));
        assert_eq!(query_lang("/pantries?language=es"), None);
        assert_eq!(query_lang("/lang=es"), None);
    }
}
