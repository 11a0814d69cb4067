//! A household's signature for a walk-in visit, where the food bank requires one (issue 49 item
//! 3): the name typed (the way a keyboard signs), or strokes drawn on the screen, kept as an SVG
//! path of moves and lines in a 300 by 100 box.

/// The most characters a drawn signature keeps (a few hundred points).
pub const MAX_DRAWN: usize = 20_000;
/// The most characters of a typed one.
pub const MAX_TYPED: usize = 100;
/// The drawing box, in the path's units.
pub const BOX: (f64, f64) = (300.0, 100.0);

/// A signature as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Signature {
    Typed(String),
    Drawn(String),
}

impl Signature {
    /// The stored kind: `typed` or `drawn`.
    pub fn kind(&self) -> &'static str {
        match self {
            Signature::Typed(_) => "typed",
            Signature::Drawn(_) => "drawn",
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Signature::Typed(t) | Signature::Drawn(t) => t,
        }
    }
}

/// Why a signature was not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureProblem {
    /// Neither typed nor drawn.
    Missing,
    /// Typed longer than [`MAX_TYPED`].
    TooLong,
    /// A drawing that is not a path of moves and lines inside the box, or too long.
    BadDrawing,
}

/// The signature from the form's two fields: a drawing (`drawn`, as the page's pad writes it)
/// wins over a typed name, which a person without a pointer (or without JavaScript) types.
pub fn parse_signature(typed: &str, drawn: &str) -> Result<Signature, SignatureProblem> {
    let drawn = drawn.trim();
    if !drawn.is_empty() {
        return drawing(drawn).map(|d| Signature::Drawn(d.to_owned())).ok_or(SignatureProblem::BadDrawing);
    }
    let typed = typed.split_whitespace().collect::<Vec<_>>().join(" ");
    match typed.chars().count() {
        0 => Err(SignatureProblem::Missing),
        n if n > MAX_TYPED => Err(SignatureProblem::TooLong),
        _ => Ok(Signature::Typed(typed)),
    }
}

/// The path when it is `M x y` followed by `L x y` or `M x y` steps, every point inside the
/// box, with at least one line: nothing else can reach the page that shows it again.
fn drawing(path: &str) -> Option<&str> {
    if path.len() > MAX_DRAWN {
        return None;
    }
    let mut words = path.split_ascii_whitespace();
    let mut lines = 0;
    let mut first = true;
    while let Some(command) = words.next() {
        match (command, first) {
            ("M", _) => {}
            ("L", false) => lines += 1,
            _ => return None,
        }
        first = false;
        for limit in [BOX.0, BOX.1] {
            let n: f64 = words.next()?.parse().ok()?;
            if !(n.is_finite() && (0.0..=limit).contains(&n)) {
                return None;
            }
        }
    }
    (lines > 0).then_some(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_name_is_kept_with_its_spacing_tidied() {
        assert_eq!(parse_signature("  Ana   María López ", ""), Ok(Signature::Typed("Ana María López".into())));
        assert_eq!(parse_signature("   ", ""), Err(SignatureProblem::Missing));
        assert_eq!(parse_signature(&"a".repeat(101), ""), Err(SignatureProblem::TooLong));
    }

    #[test]
    fn a_drawing_is_only_moves_and_lines_inside_the_box() {
        let ok = "M 10 20 L 30.5 40 L 50 60 M 70 80 L 90 95";
        assert_eq!(parse_signature("", ok), Ok(Signature::Drawn(ok.into())));
        assert_eq!(parse_signature("Ana", ok).map(|s| s.kind()), Ok("drawn"), "a drawing wins over a typed name");
        for bad in [
            "M 10 20",
            "L 10 20 L 30 40",
            "M 10 20 L 400 40",
            "M 10 20 L 30 -1",
            "M 10 20 L 30",
            "M 10 20 C 1 2 3 4 5 6",
            "M 10 20 L 30 40\"/><script>",
            "M 10 20 L NaN 40",
        ] {
            assert_eq!(parse_signature("Ana", bad), Err(SignatureProblem::BadDrawing), "{bad}");
        }
        let long = format!("M 1 1{}", " L 2 2".repeat(4000));
        assert_eq!(parse_signature("", &long), Err(SignatureProblem::BadDrawing));
    }
}
