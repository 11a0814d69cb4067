//! The server's own texts in the caller's language. The rules' refusals render in English (the
//! spec's texts, in `domain::messages`); on the way out, a failure envelope's `failureReason` and
//! field errors (`api::middleware::localize_failures`) and the stored reference names
//! ([`name_in`]) are looked up in `host/i18n/api.<lang>.json`, whose keys are
//! those English texts, with `{name}` standing for the parts a rule fills in. A text without an
//! entry stays English. `failureCode` and `failureData` are left as they are: the app words coded
//! refusals from its own catalog (`refusal.<code>`), and this table serves the API's other clients.
use crate::catalog::{Lang, SERVER_TEXTS, embedded_file};
use std::{collections::HashMap, sync::LazyLock};

pub struct ServerTexts {
    exact: HashMap<String, String>,
    /// (English template split at its placeholders, placeholder names, Spanish template)
    templates: Vec<(Vec<String>, Vec<String>, String)>,
}

/// Each language's table (None for English, whose texts are the keys, and for a language without one).
static TABLES: LazyLock<Vec<Option<ServerTexts>>> = LazyLock::new(|| {
    Lang::all()
        .map(|lang| {
            let json = embedded_file(SERVER_TEXTS, lang).filter(|_| lang != Lang::EN)?;
            Some(ServerTexts::parse(json).unwrap_or_else(|e| panic!("host/i18n/api.{}.json: {e}", lang.code())))
        })
        .collect()
});

impl ServerTexts {
    pub fn parse(json: &str) -> Result<Self, serde_json::Error> {
        let table: HashMap<String, String> = serde_json::from_str(json)?;
        let mut exact = HashMap::new();
        let mut templates = Vec::new();
        for (english, translated) in table {
            let (literals, names) = split_template(&english);
            if names.is_empty() {
                exact.insert(english, translated);
            } else {
                templates.push((literals, names, translated));
            }
        }
        // Longer literal text first: the most specific template wins.
        templates.sort_by_key(|(literals, _, _)| std::cmp::Reverse(literals.iter().map(String::len).sum::<usize>()));
        Ok(Self { exact, templates })
    }

    pub fn for_lang(lang: Lang) -> Option<&'static Self> {
        TABLES[lang.index()].as_ref()
    }

    pub fn translate(&self, english: &str) -> Option<String> {
        if let Some(hit) = self.exact.get(english) {
            return Some(hit.clone());
        }
        self.templates.iter().find_map(|(literals, names, translated)| {
            let values = match_template(literals, english)?;
            let mut out = translated.clone();
            for (name, value) in names.iter().zip(values) {
                out = out.replace(&format!("{{{name}}}"), value);
            }
            Some(out)
        })
    }
}

/// "a {n} b {m} c" → (["a ", " b ", " c"], ["n", "m"]).
fn split_template(template: &str) -> (Vec<String>, Vec<String>) {
    let mut literals = vec![String::new()];
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}').map(|c| open + c) else { break };
        let name = &rest[open + 1..close];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            literals.last_mut().expect("one literal").push_str(&rest[..=close]);
        } else {
            literals.last_mut().expect("one literal").push_str(&rest[..open]);
            names.push(name.to_owned());
            literals.push(String::new());
        }
        rest = &rest[close + 1..];
    }
    literals.last_mut().expect("one literal").push_str(rest);
    (literals, names)
}

/// The placeholder values when `text` is the template filled in (each value non-empty).
fn match_template<'a>(literals: &[String], text: &'a str) -> Option<Vec<&'a str>> {
    let (first, last) = (literals.first()?, literals.last()?);
    if literals.len() < 2 || text.len() < first.len() + last.len() {
        return None;
    }
    let body = text.strip_prefix(first.as_str())?.strip_suffix(last.as_str())?;
    let mut values = Vec::new();
    let mut rest = body;
    for literal in &literals[1..literals.len() - 1] {
        // Each value is at least one character.
        let skip = rest.chars().next()?.len_utf8();
        let at = rest[skip..].find(literal.as_str())? + skip;
        values.push(&rest[..at]);
        rest = &rest[at + literal.len()..];
    }
    if rest.is_empty() {
        return None;
    }
    values.push(rest);
    Some(values)
}

/// A stored English name (reference lists, product categories) in `lang`; names without an entry
/// stay as they are.
pub fn name_in(lang: Lang, name: String) -> String {
    ServerTexts::for_lang(lang).and_then(|t| t.translate(&name)).unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{
        messages::REFUSALS,
        refusal::{Refusal, RefusalValue, Slot},
    };

    fn texts() -> ServerTexts {
        ServerTexts::parse(
            r#"{
                "Login failed": "No se pudo iniciar sesión",
                "There is a limit of {n} items per order": "Hay un límite de {n} artículos por pedido",
                "This item has a limit of {value} every {amount} months": "Este artículo tiene un límite de {value} cada {amount} meses",
                "{name} not found": "No se encontró {name}"
            }"#,
        )
        .unwrap()
    }

    #[test]
    fn exact_texts_and_filled_templates_translate() {
        let t = texts();
        assert_eq!(t.translate("Login failed").as_deref(), Some("No se pudo iniciar sesión"));
        assert_eq!(
            t.translate("There is a limit of 12 items per order").as_deref(),
            Some("Hay un límite de 12 artículos por pedido")
        );
        assert_eq!(
            t.translate("This item has a limit of 2 every 3 months").as_deref(),
            Some("Este artículo tiene un límite de 2 cada 3 meses")
        );
        assert_eq!(t.translate("Pantry not found").as_deref(), Some("No se encontró Pantry"));
    }

    #[test]
    fn unknown_or_partial_texts_stay_english() {
        let t = texts();
        assert_eq!(t.translate("Something new"), None);
        assert_eq!(t.translate("There is a limit of  items per order"), None, "a placeholder matches something");
        assert_eq!(t.translate("There is a limit of 12 items per order, today"), None);
        assert_eq!(t.translate(" not found"), None);
        assert_eq!(
            t.translate("This item has a limit of ¿2 every 3 months").as_deref(),
            Some("Este artículo tiene un límite de ¿2 cada 3 meses"),
            "values may start with any character"
        );
    }

    fn catalog(json: &str) -> HashMap<String, String> {
        serde_json::from_str(json).expect("the app's catalog is a flat object of strings")
    }

    /// The app's catalog text of a coded refusal, filled in as `app/src/lib/refusal.ts` does:
    /// word data in the catalog's language (`refusal.word.<value>`), numbers and names as they are.
    fn app_text(catalog: &HashMap<String, String>, refusal: &Refusal) -> String {
        let mut text = catalog[&format!("refusal.{}", refusal.code())].clone();
        for (name, value) in &refusal.data {
            let value = value.to_string();
            let word = catalog.get(&format!("refusal.word.{value}")).unwrap_or(&value);
            text = text.replace(&format!("{{{name}}}"), word);
        }
        text
    }

    /// The app words refusals by code from its own catalog; for every code and every word its data
    /// may hold, that text is the server's: the code's English, and this table's Spanish for it.
    #[test]
    fn the_app_catalog_words_every_refusal_as_the_server_does() {
        let en = catalog(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/en.json")));
        let es = catalog(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/es.json")));
        for kind in REFUSALS {
            let base: Vec<(&'static str, RefusalValue)> = kind
                .slots
                .iter()
                .map(|(name, slot)| match slot {
                    Slot::Number => (*name, RefusalValue::Number(3)),
                    Slot::Word(words) => (*name, RefusalValue::Text(words[0].into())),
                    Slot::Name => (*name, RefusalValue::Text("Eastside Pantry".into())),
                })
                .collect();
            let mut samples = vec![base.clone()];
            for (i, (_, slot)) in kind.slots.iter().enumerate() {
                if let Slot::Word(words) = slot {
                    for word in *words {
                        let mut data = base.clone();
                        data[i].1 = RefusalValue::Text((*word).into());
                        samples.push(data);
                    }
                }
            }
            for data in samples {
                let refusal = Refusal::new(kind, data);
                let english = refusal.text();
                assert_eq!(app_text(&en, &refusal), english, "{}", kind.code);
                assert_eq!(
                    Some(app_text(&es, &refusal)),
                    ServerTexts::for_lang(Lang::ES).unwrap().translate(&english),
                    "{english}"
                );
            }
        }
    }

    #[test]
    fn the_shipped_table_has_matching_placeholders() {
        let table: HashMap<String, String> =
            serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/host/i18n/api.es.json"))).unwrap();
        assert!(table.len() > 20, "the Spanish table is filled in");
        for (english, spanish) in &table {
            let (_, mut a) = split_template(english);
            let (_, mut b) = split_template(spanish);
            a.sort();
            b.sort();
            assert_eq!(a, b, "{english} / {spanish}");
            assert!(!spanish.trim().is_empty(), "{english}");
        }
    }
}
