//! A rule that says no answers a [`Refusal`]: its [`RefusalKind`] (a stable code and the exact
//! English wording, all listed in `messages::REFUSALS`) and the data its wording fills in. The
//! API's failure envelope takes `failureCode` and `failureData` from the value and its English text
//! as `failureReason`; the app words the code from its own catalog, so it never reads English.
//! Failures that are for API clients only (a malformed body, an unknown path) have no code: a
//! [`Reason`] is either kind.
use std::fmt;

/// What one placeholder of a refusal's wording holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// A whole number: a limit, an amount.
    Number,
    /// One of a few fixed English words (a unit such as "days"), which a catalog words in its language.
    Word(&'static [&'static str]),
    /// A name from the data (a pantry's label), shown as it is.
    Name,
}

/// One kind of refusal: its stable code and English wording.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RefusalKind {
    /// camelCase, never changed once published: clients key their texts by it.
    pub code: &'static str,
    /// The exact English text; `{name}` stands for the data of that name.
    pub english: &'static str,
    pub slots: &'static [(&'static str, Slot)],
}

/// A kind whose wording has no placeholders.
pub const fn fixed(code: &'static str, english: &'static str) -> RefusalKind {
    RefusalKind { code, english, slots: &[] }
}

/// A value filled into a refusal's wording.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum RefusalValue {
    Number(i64),
    Text(String),
}

impl fmt::Display for RefusalValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Number(n) => write!(f, "{n}"),
            Self::Text(s) => f.write_str(s),
        }
    }
}

/// One refusal: its kind and the values of its placeholders. Display is the exact English text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub kind: &'static RefusalKind,
    /// In the order the wording names them; empty for a fixed text.
    pub data: Vec<(&'static str, RefusalValue)>,
}

impl Refusal {
    /// `data` names each of the kind's placeholders, in order.
    pub fn new(kind: &'static RefusalKind, data: Vec<(&'static str, RefusalValue)>) -> Self {
        debug_assert!(
            kind.slots.iter().map(|(n, _)| n).eq(data.iter().map(|(n, _)| n)),
            "{} is given the data of its placeholders",
            kind.code
        );
        Self { kind, data }
    }

    pub fn code(&self) -> &'static str {
        self.kind.code
    }

    /// The exact English text.
    pub fn text(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (literals, names) = split(self.kind.english);
        f.write_str(literals[0])?;
        for (name, literal) in names.iter().zip(&literals[1..]) {
            if let Some((_, value)) = self.data.iter().find(|(n, _)| n == name) {
                write!(f, "{value}")?;
            }
            f.write_str(literal)?;
        }
        Ok(())
    }
}

impl From<&'static RefusalKind> for Refusal {
    fn from(kind: &'static RefusalKind) -> Self {
        Self::new(kind, Vec::new())
    }
}

/// "a {n} b {m} c" → (["a ", " b ", " c"], ["n", "m"]).
pub(crate) fn split(template: &'static str) -> (Vec<&'static str>, Vec<&'static str>) {
    let mut literals = Vec::new();
    let mut names = Vec::new();
    let mut rest = template;
    while let (Some(open), Some(close)) = (rest.find('{'), rest.find('}')) {
        literals.push(&rest[..open]);
        names.push(&rest[open + 1..close]);
        rest = &rest[close + 1..];
    }
    literals.push(rest);
    (literals, names)
}

/// Why a request failed, as people read it: a coded refusal, or a plain text for API clients
/// (no code: the app never shows it, e.g. a malformed request).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    Coded(Refusal),
    Plain(String),
}

impl Reason {
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Self::Coded(r) => Some(r),
            Self::Plain(_) => None,
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Coded(r) => r.fmt(f),
            Self::Plain(text) => f.write_str(text),
        }
    }
}

impl From<Refusal> for Reason {
    fn from(r: Refusal) -> Self {
        Self::Coded(r)
    }
}

impl From<&'static RefusalKind> for Reason {
    fn from(kind: &'static RefusalKind) -> Self {
        Self::Coded(kind.into())
    }
}

impl From<String> for Reason {
    fn from(text: String) -> Self {
        Self::Plain(text)
    }
}

impl From<&str> for Reason {
    fn from(text: &str) -> Self {
        Self::Plain(text.to_owned())
    }
}
