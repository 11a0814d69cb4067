//! TEMPORARY (removed before the branch is finished): the old text recognition, to check that
//! every envelope's code and data are what recognising its text gave before.
use crate::domain::{
    messages::REFUSALS,
    refusal::{Reason, RefusalKind, RefusalValue, Slot, split},
};
use std::io::Write;

fn recognize_kind(kind: &'static RefusalKind, text: &str) -> Option<(&'static str, Vec<(&'static str, RefusalValue)>)> {
    let (literals, names) = split(kind.english);
    let mut rest = text.strip_prefix(literals[0])?;
    let mut data = Vec::new();
    for (i, name) in names.iter().enumerate() {
        let next = literals[i + 1];
        let skip = rest.chars().next()?.len_utf8();
        let end = if next.is_empty() && i + 1 == names.len() { rest.len() } else { rest[skip..].find(next)? + skip };
        let raw = &rest[..end];
        let slot = kind.slots.iter().find(|(n, _)| n == name).map(|(_, s)| *s)?;
        let value = match slot {
            Slot::Number => RefusalValue::Number(raw.parse().ok().filter(|_| !raw.starts_with('+'))?),
            Slot::Word(words) => RefusalValue::Text(words.contains(&raw).then(|| raw.to_owned())?),
            Slot::Name => RefusalValue::Text(raw.to_owned()),
        };
        data.push((*name, value));
        rest = &rest[end + next.len()..];
    }
    rest.is_empty().then_some((kind.code, data))
}

pub fn check(reason: &Reason) {
    let text = reason.to_string();
    let old = REFUSALS.iter().find_map(|k| recognize_kind(k, &text));
    let new = reason.refusal().map(|r| (r.code(), r.data.clone()));
    if old != new {
        let mut f = std::fs::OpenOptions::new().create(true).append(true).open("/tmp/h1-mismatch.log").unwrap();
        writeln!(f, "{text:?}: old {old:?} new {new:?}").unwrap();
    }
}
