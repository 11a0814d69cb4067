//! The app's English message catalog (app/src/i18n/en.json), for the few texts
//! the host writes itself: the fallback document's title and loading screen.
use std::collections::HashMap;

pub struct Catalog {
    messages: HashMap<String, String>,
}

impl Catalog {
    pub fn english() -> Self {
        let messages = serde_json::from_str(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/app/src/i18n/en.json")))
            .expect("app/src/i18n/en.json is a flat object of strings");
        Self { messages }
    }

    pub fn text<'a>(&'a self, key: &'a str) -> &'a str {
        self.messages.get(key).map(String::as_str).unwrap_or(key)
    }
}
