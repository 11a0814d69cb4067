//! The rules of the app's stylesheet a server-rendered page uses, inlined in its document (issue
//! 52): the first paint then needs no request beyond the HTML, which fits the first round trip on
//! a slow network, while the whole stylesheet follows without blocking it (the client applies it
//! for what it renders later; a browser without JavaScript gets it through `<noscript>`).
//!
//! A rule is kept when one of its selectors names only classes the page's markup carries.
//! Requirements are read conservatively: what sits inside `(...)` or `[...]` (`:not(.x)`,
//! `:is(.a,.b)`, attribute values) asks for nothing, so such a rule is kept rather than lost, and
//! element, id and attribute selectors are always kept. The inlined rules are the stylesheet's own,
//! in its order, so when the whole sheet arrives nothing on the page changes.
use std::collections::HashSet;

#[derive(Debug)]
enum Item {
    /// A style rule: its text, and per selector the classes that selector needs.
    Rule { text: String, needs: Vec<Vec<String>> },
    /// `@media`/`@supports` and the like: the prelude and the rules inside.
    Group { prelude: String, items: Vec<Item> },
    /// Anything else (`@keyframes`, `@font-face`, `:root` custom properties...): always kept.
    Always(String),
}

/// The app's stylesheet, split into rules once at start-up.
#[derive(Debug)]
pub struct CriticalCss {
    items: Vec<Item>,
}

impl CriticalCss {
    pub fn new(css: &str) -> Self {
        // Inlined in a <style> element: nothing in it may close the element.
        Self { items: parse_items(&css.replace("</", "<\\/")) }
    }

    /// The stylesheet's rules that `html` (server-rendered markup) can use, in the sheet's order.
    pub fn for_html(&self, html: &str) -> String {
        let classes = classes_in(html);
        let mut out = String::new();
        write_items(&self.items, &classes, &mut out);
        out
    }
}

fn write_items(items: &[Item], classes: &HashSet<&str>, out: &mut String) {
    for item in items {
        match item {
            Item::Rule { text, needs } => {
                if needs.iter().any(|sel| sel.iter().all(|c| classes.contains(c.as_str()))) {
                    out.push_str(text);
                }
            }
            Item::Group { prelude, items } => {
                let mut inner = String::new();
                write_items(items, classes, &mut inner);
                if !inner.is_empty() {
                    out.push_str(prelude);
                    out.push('{');
                    out.push_str(&inner);
                    out.push('}');
                }
            }
            Item::Always(text) => out.push_str(text),
        }
    }
}

/// Every class named by a `class="..."` attribute of `html`.
fn classes_in(html: &str) -> HashSet<&str> {
    let mut set = HashSet::new();
    let mut rest = html;
    while let Some(at) = rest.find(" class=\"") {
        let value = &rest[at + 8..];
        let end = value.find('"').unwrap_or(value.len());
        set.extend(value[..end].split_ascii_whitespace());
        rest = &value[end..];
    }
    set
}

/// Where the block opened at `open` (a `{`) closes, skipping strings.
fn block_end(css: &[u8], open: usize) -> usize {
    let mut depth = 0;
    let mut i = open;
    while i < css.len() {
        match css[i] {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            q @ (b'"' | b'\'') => i = string_end(css, i, q),
            b'\\' => i += 1,
            _ => {}
        }
        i += 1;
    }
    css.len().saturating_sub(1)
}

fn string_end(css: &[u8], start: usize, quote: u8) -> usize {
    let mut i = start + 1;
    while i < css.len() && css[i] != quote {
        if css[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i.min(css.len().saturating_sub(1))
}

fn parse_items(css: &str) -> Vec<Item> {
    let bytes = css.as_bytes();
    let mut items = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            q @ (b'"' | b'\'') => i = string_end(bytes, i, q),
            // A statement at-rule (`@charset`, `@import`, `@layer a;`).
            b';' if css[start..i].trim_start().starts_with('@') => {
                items.push(Item::Always(css[start..=i].trim_start().to_string()));
                start = i + 1;
            }
            b'{' => {
                let end = block_end(bytes, i);
                let prelude = css[start..i].trim();
                let body = &css[i + 1..end];
                items.push(if prelude.starts_with("@media") || prelude.starts_with("@supports") {
                    Item::Group { prelude: prelude.to_string(), items: parse_items(body) }
                } else if prelude.starts_with('@') {
                    Item::Always(css[start..=end].trim_start().to_string())
                } else {
                    Item::Rule { text: format!("{prelude}{{{body}}}"), needs: selectors(prelude) }
                });
                i = end;
                start = end + 1;
            }
            _ => {}
        }
        i += 1;
    }
    items
}

/// Per selector of a selector list, the classes it needs.
fn selectors(list: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut current = String::new();
    for ch in list.chars() {
        match ch {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(classes_of(&current));
                current.clear();
            }
            _ if depth == 0 => current.push(ch),
            _ => {}
        }
    }
    out.push(classes_of(&current));
    out
}

/// The classes of one selector, with what was inside brackets already removed.
fn classes_of(selector: &str) -> Vec<String> {
    selector
        .split('.')
        .skip(1)
        .map(|part| {
            part.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect::<String>()
        })
        .filter(|c| !c.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHEET: &str = r#":root{--ink:#111}body{margin:0}.btn{padding:1rem}.card .btn{margin:0}.modal{position:fixed}.a:not(.b){color:red}@media (min-width:40em){.btn{padding:2rem}.modal{inset:0}}@keyframes spin{to{transform:rotate(1turn)}}.x[data-k="a.b{c}"],.btn-small{font-size:.8rem}@supports (display:grid){.grid{display:grid}}"#;

    #[test]
    fn keeps_the_rules_the_markup_can_use_in_the_sheets_order() {
        let css = CriticalCss::new(SHEET);
        let got =
            css.for_html(r#"<main class="card"><button class="btn btn-small">Go</button><p class="a b">x</p></main>"#);
        assert_eq!(
            got,
            r#":root{--ink:#111}body{margin:0}.btn{padding:1rem}.card .btn{margin:0}.a:not(.b){color:red}@media (min-width:40em){.btn{padding:2rem}}@keyframes spin{to{transform:rotate(1turn)}}.x[data-k="a.b{c}"],.btn-small{font-size:.8rem}"#
        );
    }

    #[test]
    fn a_page_without_classes_keeps_only_what_every_page_uses() {
        let css = CriticalCss::new(SHEET);
        assert_eq!(
            css.for_html("<p>plain</p>"),
            ":root{--ink:#111}body{margin:0}@keyframes spin{to{transform:rotate(1turn)}}"
        );
    }

    #[test]
    fn a_descendant_rule_needs_every_class_it_names() {
        let css = CriticalCss::new(".card .btn{margin:0}.grid>.cell{gap:0}");
        assert_eq!(css.for_html(r#"<b class="btn"></b>"#), "");
        assert_eq!(css.for_html(r#"<i class="grid"><b class="cell"></b></i>"#), ".grid>.cell{gap:0}");
    }
}
