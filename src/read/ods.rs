//! Checks before calamine reads an OpenDocument spreadsheet, for what calamine 0.38 would not
//! survive. [`check_content`]: `content.xml` must be well-formed XML (calamine loops forever on a
//! table whose end tag is misspelt or missing, `</table:t)ble>`, found by fuzzing), refused with
//! where its XML breaks. [`check_sheets`]: no `<table:table>` left open and no sheet whose valued
//! cells span more than [`limits::MAX_TABLE_CELLS`] from A1 (calamine builds the whole span: a
//! value at A1 and one at (9000, 9000) took 5 GB); the part is streamed once through a budget
//! of [`limits::MAX_ZIP_PART`] bytes, whatever it declares, and nothing is kept but counts.

use crate::error::Error;
use crate::read::limits;
use quick_xml::events::Event;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

/// The most of `content.xml` read (uncompressed); a larger part is refused as too large.
pub const CONTENT_LIMIT: u64 = 256 << 20;

/// Refuses the `.ods` at `path` when its `content.xml` is not well-formed XML (an error, end
/// tags that do not match, elements left open) or is larger than [`CONTENT_LIMIT`]. A file that
/// is not a zip, or has no `content.xml`, is left for calamine to report.
pub fn check_content(path: &Path) -> Result<(), Error> {
    let bad = |message: String| Error::Workbook {
        path: path.to_path_buf(),
        message,
    };
    let Ok(file) = File::open(path) else {
        return Ok(());
    };
    let Ok(mut archive) = zip::ZipArchive::new(BufReader::new(file)) else {
        return Ok(());
    };
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(());
    };
    if content.size() > CONTENT_LIMIT {
        return Err(bad(format!(
            "its content.xml holds {} bytes, more than the {CONTENT_LIMIT} read",
            content.size()
        )));
    }
    let mut reader = quick_xml::Reader::from_reader(BufReader::new(content.take(CONTENT_LIMIT)));
    reader.config_mut().check_end_names = true;
    let mut buffer = Vec::new();
    let mut open = 0usize;
    loop {
        match reader.read_event_into(&mut buffer) {
            Ok(Event::Start(_)) => open += 1,
            Ok(Event::End(_)) => open = open.saturating_sub(1),
            Ok(Event::Eof) if open == 0 => return Ok(()),
            Ok(Event::Eof) => {
                return Err(bad(format!(
                    "its content.xml ends with {open} elements still open"
                )));
            }
            Ok(_) => {}
            Err(error) => {
                return Err(bad(format!(
                    "its content.xml is not well-formed XML at byte {}: {error}",
                    reader.error_position()
                )));
            }
        }
        buffer.clear();
    }
}

/// The longest tag kept whole; the rest of a longer one (a long formula) is not looked at.
const TAG_LIMIT: usize = 16 * 1024;

/// Refuses the OpenDocument in `archive` (the file at `path`) when its `content.xml` leaves a
/// table open or spans a sheet too large (see the module note); other archives pass.
pub fn check_sheets(
    archive: &mut zip::ZipArchive<BufReader<File>>,
    path: &Path,
) -> Result<(), Error> {
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(());
    };
    let mut reader = content.take(limits::MAX_ZIP_PART);
    let mut scan = Scan::default();
    let mut chunk = vec![0u8; 1 << 16];
    loop {
        match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(read) => chunk[..read].iter().for_each(|&byte| scan.feed(byte)),
            Err(_) => return Ok(()),
        }
    }
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    if let Some((rows, cols)) = scan.too_large {
        return Err(Error::TooLarge {
            what: format!("a sheet of {file}"),
            size: format!(
                "its cells span {} rows of {} columns from A1",
                limits::thousands(u128::from(rows)),
                limits::thousands(u128::from(cols))
            ),
            limit: format!(
                "{} cells",
                limits::thousands(limits::MAX_TABLE_CELLS as u128)
            ),
            advice: "; delete what lies far from the puzzle, or copy the puzzle to a sheet of \
                     its own"
                .into(),
        });
    }
    match scan.open_tables {
        0 => Ok(()),
        _ => Err(Error::Workbook {
            path: path.to_path_buf(),
            message: "unreadable workbook: its content.xml opens a <table:table> that it never \
                      closes"
                .into(),
        }),
    }
}

/// The tags of an XML text fed byte by byte, as far as tables, rows and cells go.
#[derive(Default)]
struct Scan {
    /// Whether the bytes are inside a tag, after its `<`.
    in_tag: bool,
    /// The tag so far (its first [`TAG_LIMIT`] bytes).
    tag: Vec<u8>,
    /// Tables opened and not closed yet.
    open_tables: usize,
    /// In the current table: rows before the current row, and how many times it repeats.
    row: u64,
    row_repeats: u64,
    /// Columns before the current cell of the current row.
    col: u64,
    /// The rows and columns the current table's valued cells reach.
    rows: u64,
    cols: u64,
    /// The span of the first table found too large.
    too_large: Option<(u64, u64)>,
}

impl Scan {
    fn feed(&mut self, byte: u8) {
        match (self.in_tag, byte) {
            (_, b'<') => {
                self.in_tag = true;
                self.tag.clear();
            }
            (true, b'>') => {
                self.in_tag = false;
                self.tag_ends();
            }
            (true, _) if self.tag.len() < TAG_LIMIT => self.tag.push(byte),
            _ => {}
        }
    }

    /// Takes in the tag just ended.
    fn tag_ends(&mut self) {
        let tag = std::mem::take(&mut self.tag);
        let name_end = tag
            .iter()
            .position(|b| b.is_ascii_whitespace() || *b == b'/' && tag.first() != Some(&b'/'))
            .unwrap_or(tag.len());
        let closes_itself = tag.last() == Some(&b'/');
        match &tag[..name_end] {
            b"table:table" if !closes_itself => {
                self.open_tables += 1;
                (self.row, self.rows, self.cols) = (0, 0, 0);
            }
            b"/table:table" => {
                self.open_tables = self.open_tables.saturating_sub(1);
                self.table_ends();
            }
            b"table:table-row" => {
                self.row_repeats = number(&tag, b"table:number-rows-repeated=\"");
                self.col = 0;
                if closes_itself {
                    self.row = self.row.saturating_add(self.row_repeats);
                }
            }
            b"/table:table-row" => self.row = self.row.saturating_add(self.row_repeats),
            b"table:table-cell" | b"table:covered-table-cell" => {
                let repeats = number(&tag, b"table:number-columns-repeated=\"");
                self.col = self.col.saturating_add(repeats);
                if find(&tag, b"office:value-type=\"").is_some() {
                    self.rows = self.rows.max(self.row.saturating_add(self.row_repeats));
                    self.cols = self.cols.max(self.col);
                }
            }
            _ => {}
        }
        self.tag = tag;
    }

    /// Notes the current table when its valued cells span too much.
    fn table_ends(&mut self) {
        let fits = usize::try_from(self.rows)
            .ok()
            .zip(usize::try_from(self.cols).ok())
            .is_some_and(|(rows, cols)| limits::table_fits(rows, cols));
        if !fits && self.too_large.is_none() {
            self.too_large = Some((self.rows, self.cols));
        }
    }
}

/// Where `needle` starts in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The whole number after `attribute` (which ends with its opening quote) in `tag`, 1 when it
/// is not there or not a number.
fn number(tag: &[u8], attribute: &[u8]) -> u64 {
    let Some(start) = find(tag, attribute).map(|at| at + attribute.len()) else {
        return 1;
    };
    let digits = tag[start..].iter().take_while(|b| b.is_ascii_digit());
    let text: Vec<u8> = digits.copied().collect();
    std::str::from_utf8(&text)
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(1)
}
