//! An allow-list HTML sanitiser for the rich text of info cards and notifications.
//!
//! The content is our own, but it is shown with `dangerouslySetInnerHTML`-style
//! rendering, so anything outside a few formatting tags is removed on the way out:
//! p, br, strong, em, ul, ol, li, h2-h4, and a with an http, https or mailto href.
//! Every other tag is dropped (its text kept), every attribute but that href is
//! dropped, and the content of script-like elements is dropped with them.

const ALLOWED: &[&str] = &["p", "br", "strong", "em", "ul", "ol", "li", "a", "h2", "h3", "h4"];
const VOID: &[&str] = &["br"];
/// Elements whose content is code or markup of its own, never text to show.
const DROPPED_WITH_CONTENT: &[&str] = &[
    "script", "style", "iframe", "object", "embed", "noscript", "template", "textarea", "title", "xmp", "noembed",
    "noframes", "svg", "math", "select", "head",
];
const SAFE_SCHEMES: &[&str] = &["http://", "https://", "mailto:"];

pub fn sanitize(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    let mut open: Vec<&'static str> = Vec::new();
    let mut rest = input;
    while let Some(lt) = rest.find('<') {
        push_text(&mut out, &rest[..lt]);
        rest = &rest[lt..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |i| &after[i + 3..]);
            continue;
        }
        if rest.starts_with("<!") || rest.starts_with("<?") {
            rest = rest.find('>').map_or("", |i| &rest[i + 1..]);
            continue;
        }
        let closing = rest[1..].starts_with('/');
        let name_start = if closing { 2 } else { 1 };
        let name_len = rest[name_start..].bytes().take_while(u8::is_ascii_alphanumeric).count();
        // A tag name starts with a letter; "<3" or "< b" is text.
        if !rest[name_start..].starts_with(|c: char| c.is_ascii_alphabetic()) {
            out.push_str("&lt;");
            rest = &rest[1..];
            continue;
        }
        let name = rest[name_start..name_start + name_len].to_ascii_lowercase();
        let Some((attributes, after)) = split_tag(&rest[name_start + name_len..]) else {
            // An unterminated tag swallows the rest, as a browser would.
            rest = "";
            break;
        };
        rest = after;
        if !closing && DROPPED_WITH_CONTENT.contains(&name.as_str()) {
            rest = skip_element(rest, &name);
            continue;
        }
        let Some(tag) = ALLOWED.iter().copied().find(|t| *t == name) else { continue };
        if closing {
            if let Some(at) = open.iter().rposition(|t| *t == tag) {
                for t in open.drain(at..).rev() {
                    push_close(&mut out, t);
                }
            }
        } else if VOID.contains(&tag) {
            out.push_str("<br>");
        } else {
            out.push('<');
            out.push_str(tag);
            if tag == "a"
                && let Some(href) = safe_href(attributes)
            {
                out.push_str(" href=\"");
                push_escaped(&mut out, href, true);
                out.push('"');
            }
            out.push('>');
            open.push(tag);
        }
    }
    push_text(&mut out, rest);
    for t in open.into_iter().rev() {
        push_close(&mut out, t);
    }
    out
}

fn push_close(out: &mut String, tag: &str) {
    out.push_str("</");
    out.push_str(tag);
    out.push('>');
}

/// The attribute text of a tag and what follows its `>`; `None` when no `>` ends it.
/// A `>` inside a quoted attribute value does not end the tag.
fn split_tag(s: &str) -> Option<(&str, &str)> {
    let mut quote = None;
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '>') => return Some((&s[..i], &s[i + 1..])),
            _ => {}
        }
    }
    None
}

/// What follows the end tag of `name`, matched ignoring case; nothing if it never ends.
fn skip_element<'a>(s: &'a str, name: &str) -> &'a str {
    let closer = format!("</{name}");
    let lower = s.to_ascii_lowercase();
    let Some(at) = lower.find(&closer) else { return "" };
    let after = &s[at + closer.len()..];
    after.find('>').map_or("", |i| &after[i + 1..])
}

/// The `href` of an `<a>`'s attribute text, if its scheme is on the allow-list.
fn safe_href(attributes: &str) -> Option<&str> {
    let mut s = attributes;
    loop {
        s = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '/');
        if s.is_empty() {
            return None;
        }
        let name_len = s.find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '/').unwrap_or(s.len()).max(1);
        let name = &s[..name_len];
        s = s[name_len..].trim_start();
        let value = if let Some(v) = s.strip_prefix('=') {
            let v = v.trim_start();
            let (value, rest) = match v.chars().next() {
                Some(q @ ('"' | '\'')) => match v[1..].find(q) {
                    Some(end) => (&v[1..1 + end], &v[2 + end..]),
                    None => (&v[1..], ""),
                },
                _ => {
                    let end = v.find(|c: char| c.is_ascii_whitespace()).unwrap_or(v.len());
                    (&v[..end], &v[end..])
                }
            };
            s = rest;
            value
        } else {
            ""
        };
        if name.eq_ignore_ascii_case("href") {
            let value = value.trim();
            let lower = value.to_ascii_lowercase();
            return SAFE_SCHEMES.iter().any(|scheme| lower.starts_with(scheme)).then_some(value);
        }
    }
}

fn push_text(out: &mut String, text: &str) {
    push_escaped(out, text, false);
}

/// Escapes markup characters; an `&` that already starts a character reference is kept.
fn push_escaped(out: &mut String, text: &str, in_attribute: bool) {
    for (i, c) in text.char_indices() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if in_attribute => out.push_str("&quot;"),
            '&' if !starts_reference(&text[i + 1..]) => out.push_str("&amp;"),
            _ => out.push(c),
        }
    }
}

/// `name;`, `#digits;` or `#xhex;` (what follows an `&`).
fn starts_reference(s: &str) -> bool {
    let (body, digits): (&str, fn(&u8) -> bool) =
        if let Some(hex) = s.strip_prefix("#x").or_else(|| s.strip_prefix("#X")) {
            (hex, u8::is_ascii_hexdigit)
        } else if let Some(dec) = s.strip_prefix('#') {
            (dec, u8::is_ascii_digit)
        } else {
            (s, u8::is_ascii_alphanumeric)
        };
    let n = body.bytes().take_while(digits).count();
    n > 0 && n <= 32 && body.as_bytes().get(n) == Some(&b';')
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn allowed_formatting_is_kept() {
        let html = "<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em>.<br/>Next</p><ul><li>a</li></ul><ol><li>b</li></ol><h3>x</h3><h4>y</h4>";
        assert_eq!(
            sanitize(html),
            "<h2>Title</h2><p>Some <strong>bold</strong> and <em>em</em>.<br>Next</p><ul><li>a</li></ul><ol><li>b</li></ol><h3>x</h3><h4>y</h4>"
        );
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
        assert_eq!(sanitize("<svg><circle onload=alert(1)></circle></svg>z"), "z");
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
        assert_eq!(
            sanitize("<a href=\"https://example.org/a?b=1&amp;c=2\" onclick=x target=_blank>go</a>"),
            "<a href=\"https://example.org/a?b=1&amp;c=2\">go</a>"
        );
        assert_eq!(sanitize("<a href='mailto:help@example.org'>m</a>"), "<a href=\"mailto:help@example.org\">m</a>");
        assert_eq!(sanitize("<a href=http://example.org>u</a>"), "<a href=\"http://example.org\">u</a>");
        assert_eq!(sanitize("<a href=\"javascript:alert(1)\">j</a>"), "<a>j</a>");
        assert_eq!(sanitize("<a href=\" JaVaScRiPt:alert(1)\">j</a>"), "<a>j</a>");
        assert_eq!(sanitize("<a href=\"jav&#x61;script:alert(1)\">j</a>"), "<a>j</a>");
        assert_eq!(sanitize("<a href=\"data:text/html,x\">d</a>"), "<a>d</a>");
        assert_eq!(sanitize("<a title='>' href=\"https://x.org/\">q</a>"), "<a href=\"https://x.org/\">q</a>");
        assert_eq!(sanitize("<a href=\"https://x.org/\"onmouseover=\"y\">q</a>"), "<a href=\"https://x.org/\">q</a>");
        // No backslash escapes in HTML: the second quote opens a value that never ends.
        assert_eq!(sanitize("<a href=\"https://x.org/\\\" x=\">q</a>"), "");
    }

    #[test]
    fn text_is_escaped_and_references_kept() {
        assert_eq!(sanitize("1 < 2 & 3 > 2"), "1 &lt; 2 &amp; 3 &gt; 2");
        assert_eq!(sanitize("&amp; &#39; &#x27; &nbsp; &bogus"), "&amp; &#39; &#x27; &nbsp; &amp;bogus");
        assert_eq!(sanitize("a <3 b"), "a &lt;3 b");
        assert_eq!(sanitize("<<script>x</script>p>"), "&lt;p&gt;");
    }

    #[test]
    fn structure_is_balanced() {
        assert_eq!(sanitize("<p><strong>open"), "<p><strong>open</strong></p>");
        assert_eq!(sanitize("<ul><li>a</ul>b"), "<ul><li>a</li></ul>b");
        assert_eq!(sanitize("</p>stray</em>"), "stray");
        assert_eq!(sanitize("<p>unterminated <a href=\"https://x"), "<p>unterminated </p>");
    }

    #[test]
    fn comments_and_declarations_are_removed() {
        assert_eq!(sanitize("<!DOCTYPE html><!-- <script>x</script> -->t<?php x ?>"), "t");
        assert_eq!(sanitize("a<!-- never closed"), "a");
    }
}
