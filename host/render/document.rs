//! The HTML document around the server-rendered markup.
use askama::Template;

/// A page's `<link rel="alternate" hreflang>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alternate {
    pub hreflang: &'static str,
    pub href: String,
}

#[derive(Template)]
#[template(path = "document.html")]
pub struct Document<'a> {
    pub lang: &'a str,
    /// "ltr" or "rtl": the language's direction, which the whole layout follows.
    pub dir: &'a str,
    pub title: &'a str,
    pub description: &'a str,
    pub canonical: &'a str,
    /// `<link rel="alternate" hreflang>` of the page (see `http::seo::alternates`).
    pub alternates: &'a [Alternate],
    pub theme_color: &'a str,
    pub nonce: &'a str,
    /// The stylesheet's rules the markup uses ([`super::CriticalCss`]), inlined so the first
    /// paint waits for no other request; `styles` then load without blocking it.
    pub critical_css: &'a str,
    pub styles: &'a [String],
    pub preloads: &'a [String],
    /// Already escaped with [`escape_json_for_html`].
    pub head_json_ld: &'a [String],
    /// Markup from the renderer (trusted: React escapes what it renders).
    pub root_html: &'a str,
    /// Already escaped with [`escape_json_for_html`].
    pub payload_json: &'a str,
    /// The app's entry, and `preloads` its and the route's modules: the document's boot script
    /// fetches them after the first paint (issue 52: two dozen module requests in the head took
    /// the first round trips of a slow network from the page's own markup).
    pub entry: &'a str,
}

/// Makes JSON safe inside a `<script>` element: `</script>`, `<!--` and HTML
/// entities cannot appear, and U+2028/U+2029 (line terminators in old JS
/// parsers) are escaped. All of these only occur inside JSON strings, where the
/// `\uXXXX` forms mean the same.
pub fn escape_json_for_html(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 64);
    // Byte-wise: every character replaced is ASCII or starts with 0xE2, so the runs between them
    // are copied whole (a page's payload is tens of KB, and is escaped on every render).
    let bytes = json.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        let escaped = match bytes[i] {
            b'<' => Some(("\\u003c", 1)),
            b'>' => Some(("\\u003e", 1)),
            b'&' => Some(("\\u0026", 1)),
            0xE2 if bytes[i + 1..].starts_with(&[0x80, 0xA8]) => Some(("\\u2028", 3)),
            0xE2 if bytes[i + 1..].starts_with(&[0x80, 0xA9]) => Some(("\\u2029", 3)),
            _ => None,
        };
        match escaped {
            Some((with, len)) => {
                out.push_str(&json[copied..i]);
                out.push_str(with);
                i += len;
                copied = i;
            }
            None => i += 1,
        }
    }
    out.push_str(&json[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_script_breakers_and_line_separators() {
        let json =
            serde_json::json!({"a": "</script><!-- & \u{2028}\u{2029}", "b": "café – ≠ \u{2027}\u{202A}"}).to_string();
        let safe = escape_json_for_html(&json);
        assert!(!safe.contains('<') && !safe.contains('>') && !safe.contains('&'));
        assert!(!safe.contains('\u{2028}') && !safe.contains('\u{2029}'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back["a"], "</script><!-- & \u{2028}\u{2029}");
        assert_eq!(back["b"], "café – ≠ \u{2027}\u{202A}", "other characters pass as they are");
        assert!(safe.contains("café – ≠ \u{2027}\u{202A}"));
    }
}
