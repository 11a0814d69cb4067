//! The app's message catalogs (app/src/i18n/<lang>.json), embedded at build time. The host hands
//! each page the part of its language's catalog that the page's code names (keys listed in the
//! asset manifest), so no page downloads the texts of other pages or other languages; and it
//! writes a few texts itself (the fallback document's title and loading screen).
mod lang;

pub(crate) use lang::cookie;
pub use lang::{LANG_COOKIE, Lang, Language, query_lang};
use serde_json::{Map, Value};
use std::collections::HashMap;

// The registry's catalog files, embedded: `APP_CATALOGS` (code, app/src/i18n/<code>.json) and
// `SERVER_TEXTS` (code, host/i18n/api.<code>.json, for each language that has one), by build.rs.
include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// The embedded catalog file of `lang` (`files` is `APP_CATALOGS` or `SERVER_TEXTS`).
pub(crate) fn embedded_file(files: &'static [(&str, &str)], lang: Lang) -> Option<&'static str> {
    files.iter().find(|(code, _)| *code == lang.code()).map(|(_, json)| *json)
}

pub struct Catalog {
    /// Each language's texts, in the registry's order.
    langs: Vec<HashMap<String, String>>,
    /// Each route's texts in each language, made once at start-up: every payload carries them.
    pages: HashMap<(Lang, String), Value>,
}

impl Catalog {
    /// The embedded catalogs, with the texts of each `(route id, keys)` ready to send.
    pub fn embedded(routes: impl IntoIterator<Item = (String, Vec<String>)>) -> Self {
        let parse = |lang: Lang| -> HashMap<String, String> {
            let json = embedded_file(APP_CATALOGS, lang).expect("build.rs embeds a catalog for every language");
            serde_json::from_str(json)
                .unwrap_or_else(|e| panic!("app/src/i18n/{}.json is a flat object of strings: {e}", lang.code()))
        };
        let mut catalog = Self { langs: Lang::all().map(parse).collect(), pages: HashMap::new() };
        for (route, keys) in routes {
            for lang in Lang::all() {
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
        &self.langs[lang.index()]
    }

    pub fn text<'a>(&'a self, lang: Lang, key: &'a str) -> &'a str {
        self.messages(lang).get(key).or_else(|| self.messages(Lang::EN).get(key)).map(String::as_str).unwrap_or(key)
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
        // English's keys (the fallback) and the language's own: its plural forms ("few", "many")
        // are keys English does not have.
        let own = self.messages(lang).keys().filter(|k| !self.messages(Lang::EN).contains_key(*k));
        self.messages(Lang::EN)
            .keys()
            .chain(own)
            .filter(|k| wanted(k))
            .map(|k| (k.clone(), Value::String(self.text(lang, k).to_owned())))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_holds_its_namespaces_in_the_language_with_english_fallback() {
        let c = Catalog::embedded([("home".to_owned(), vec!["app".to_owned(), "home".to_owned()])]);
        assert_eq!(c.page_texts(Lang::ES, "home")["app.tagline"], c.text(Lang::ES, "app.tagline"));
        assert!(c.page_texts(Lang::EN, "home").get("shell.loading").is_none(), "only the route's namespaces");
        assert!(c.page_texts(Lang::EN, "nowhere").is_null());
        let part = c.part(Lang::ES, &["shell".into(), "app".into()]);
        assert!(part.keys().all(|k| k.starts_with("shell.") || k.starts_with("app.")));
        assert_eq!(part["shell.loading"], c.text(Lang::ES, "shell.loading"));
        assert_ne!(c.text(Lang::ES, "shell.loading"), c.text(Lang::EN, "shell.loading"));
        assert_eq!(c.text(Lang::ES, "no.such.key"), "no.such.key");
    }
}
