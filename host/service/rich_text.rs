//! The rich text of info cards and notifications, cleaned on the way out by `ammonia` (an
//! html5ever parser with an allow-list), because the app renders it as HTML: p, br, strong, em,
//! ul, ol, li, h2-h4, and a with an http, https or mailto href. Every other tag is dropped (its
//! text kept), every other attribute is dropped, and script-like elements go with their content.
use ammonia::Builder;
use std::sync::LazyLock;

const ALLOWED: [&str; 11] = ["p", "br", "strong", "em", "ul", "ol", "li", "a", "h2", "h3", "h4"];
/// Elements whose content is code or markup of its own, never text to show.
const DROPPED_WITH_CONTENT: [&str; 14] = [
    "script", "style", "iframe", "object", "embed", "noscript", "template", "textarea", "title", "xmp", "noembed",
    "noframes", "select", "head",
];

static CLEANER: LazyLock<Builder<'static>> = LazyLock::new(|| {
    let mut b = Builder::empty();
    b.add_tags(ALLOWED)
        .add_tag_attributes("a", ["href"])
        .add_url_schemes(["http", "https", "mailto"])
        .clean_content_tags(DROPPED_WITH_CONTENT.into_iter().collect())
        // Links to other sites do not get a handle on the app's window.
        .link_rel(Some("noopener noreferrer"));
    b
});

pub fn sanitize(input: &str) -> String {
    CLEANER.clean(input).to_string()
}

/// Text made safe inside XML or HTML (element content and quoted attributes).
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn allowed_formatting_is_kept() {
        let html = "<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em>.<br>Next</p><ul><li>a</li></ul><ol><li>b</li></ol><h3>x</h3><h4>y</h4>";
        assert_eq!(sanitize(html), html);
    }

    #[test]
    fn seeded_content_is_unchanged() {
        let html = "<ul><li>Items with a limit show how many you can take.</li><li>Bring a bag if you can.</li></ul>";
        assert_eq!(sanitize(html), html);
        assert_eq!(sanitize("Plain text, no tags."), "Plain text, no tags.");
        assert_eq!(sanitize(""), "");
    }

    #[test]
    fn scripts_and_their_content_are_removed() {
        assert_eq!(sanitize("<p>a<script>alert(1)</script>b</p>"), "<p>ab</p>");
        assert_eq!(sanitize("<SCRIPT type=x>alert('</p>')</ScRiPt >ok"), "ok");
        assert_eq!(sanitize("<style>p{}</style><iframe src=x></iframe>t"), "t");
        assert_eq!(sanitize("x<script>never closed"), "x");
        assert!(!sanitize("<svg><circle onload=alert(1)></circle></svg>z").contains('<'));
    }

    #[test]
    fn other_tags_are_dropped_keeping_their_text() {
        assert_eq!(sanitize("<div class=x><span>hi</span></div>"), "hi");
        assert_eq!(sanitize("<img src=x onerror=alert(1)>after"), "after");
        assert_eq!(sanitize("<h1>big</h1><h5>small</h5>"), "bigsmall");
    }

    #[test]
    fn attributes_are_stripped_except_safe_hrefs() {
        assert_eq!(sanitize("<p onclick=\"alert(1)\" style='x'>t</p>"), "<p>t</p>");
        let link = |href: &str| format!("<a href=\"{href}\" rel=\"noopener noreferrer\">");
        assert!(
            sanitize("<a href=\"https://example.org/a?b=1&amp;c=2\" onclick=x target=_blank>go</a>")
                .starts_with(&link("https://example.org/a?b=1&amp;c=2"))
        );
        assert!(sanitize("<a href='mailto:help@example.org'>m</a>").starts_with(&link("mailto:help@example.org")));
        assert!(sanitize("<a href=http://example.org>u</a>").starts_with(&link("http://example.org")));
        for bad in ["javascript:alert(1)", " JaVaScRiPt:alert(1)", "jav&#x61;script:alert(1)", "data:text/html,x"] {
            let out = sanitize(&format!("<a href=\"{bad}\">j</a>"));
            assert!(!out.contains("href"), "{bad}: {out}");
        }
        assert!(!sanitize("<a href=\"https://x.org/\"onmouseover=\"y\">q</a>").contains("onmouseover"));
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(sanitize("1 < 2 & 3 > 2"), "1 &lt; 2 &amp; 3 &gt; 2");
        assert_eq!(sanitize("a <3 b"), "a &lt;3 b");
        assert!(!sanitize("<<script>x</script>p>").contains("<p"));
    }

    #[test]
    fn structure_is_balanced() {
        assert_eq!(sanitize("<p><strong>open"), "<p><strong>open</strong></p>");
        assert_eq!(sanitize("<ul><li>a</ul>b"), "<ul><li>a</li></ul>b");
        assert_eq!(sanitize("</p>stray</em>"), "<p></p>stray");
    }

    #[test]
    fn comments_and_declarations_are_removed() {
        assert_eq!(sanitize("<!DOCTYPE html><!-- <script>x</script> -->t"), "t");
        assert_eq!(sanitize("a<!-- never closed"), "a");
    }
}
