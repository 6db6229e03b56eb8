//! A check before calamine reads an OpenDocument spreadsheet, for what calamine 0.38 would not
//! survive, in one pass over `content.xml` (through a budget of [`limits::MAX_ZIP_PART`] bytes,
//! whatever the part declares, keeping nothing but counts):
//! - the XML must be well-formed: calamine loops forever on a table whose end tag is misspelt or
//!   missing (`</table:t)ble>`, found by fuzzing); the error says where the XML breaks;
//! - no sheet's valued cells may span more than [`limits::MAX_TABLE_CELLS`] from A1: calamine
//!   builds the whole span (a value at A1 and one at (9000, 9000) took 5 GB).

use super::limits;
use crate::error::Error;
use quick_xml::events::{BytesStart, Event};
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::Path;

/// Refuses the OpenDocument in `archive` (the file at `path`) when its `content.xml` is not
/// well-formed XML or spans a sheet too large (see the module note); an archive without a
/// `content.xml` passes, for calamine to judge.
pub fn check(archive: &mut zip::ZipArchive<BufReader<File>>, path: &Path) -> Result<(), Error> {
    let Ok(content) = archive.by_name("content.xml") else {
        return Ok(());
    };
    let malformed = |message: String| Error::Workbook {
        path: path.to_path_buf(),
        message,
    };
    let mut reader =
        quick_xml::Reader::from_reader(BufReader::new(content.take(limits::MAX_ZIP_PART)));
    reader.config_mut().check_end_names = true;
    let mut span = Span::default();
    let mut open = 0usize;
    let mut buffer = Vec::new();
    loop {
        let event = reader.read_event_into(&mut buffer).map_err(|error| {
            malformed(format!(
                "its content.xml is not well-formed XML at byte {}: {error}",
                reader.error_position()
            ))
        })?;
        match event {
            Event::Start(tag) => {
                open += 1;
                span.starts(&tag, false);
            }
            Event::Empty(tag) => span.starts(&tag, true),
            Event::End(tag) => {
                open = open.saturating_sub(1);
                if span.ends(tag.name().into_inner()) {
                    return Err(too_large(&span, path));
                }
            }
            Event::Eof if open == 0 => return Ok(()),
            Event::Eof => {
                return Err(malformed(format!(
                    "its content.xml ends with {open} elements still open"
                )));
            }
            _ => {}
        }
        buffer.clear();
    }
}

/// The error of a sheet whose valued cells reach `span`'s rows and columns.
fn too_large(span: &Span, path: &Path) -> Error {
    let file = path.file_name().unwrap_or_default().to_string_lossy();
    Error::TooLarge {
        what: format!("a sheet of {file}"),
        size: format!(
            "its cells span {} rows of {} columns from A1",
            limits::thousands(u128::from(span.rows)),
            limits::thousands(u128::from(span.cols))
        ),
        limit: format!(
            "{} cells",
            limits::thousands(limits::MAX_TABLE_CELLS as u128)
        ),
        advice: "; delete what lies far from the puzzle, or copy the puzzle to a sheet of its own"
            .into(),
    }
}

/// How far the valued cells of the current table reach, counted from its tags.
#[derive(Default)]
struct Span {
    /// Rows before the current row, and how many times the current row repeats.
    row: u64,
    row_repeats: u64,
    /// Columns before the current cell of the current row.
    col: u64,
    /// The rows and columns the table's valued cells reach.
    rows: u64,
    cols: u64,
}

impl Span {
    /// Takes in a start tag (`empty` when it closes itself).
    fn starts(&mut self, tag: &BytesStart, empty: bool) {
        match tag.name().into_inner() {
            "table:table" if !empty => *self = Span::default(),
            "table:table-row" => {
                self.row_repeats = repeats(tag, "table:number-rows-repeated");
                self.col = 0;
                if empty {
                    self.row = self.row.saturating_add(self.row_repeats);
                }
            }
            "table:table-cell" | "table:covered-table-cell" => {
                self.col = self
                    .col
                    .saturating_add(repeats(tag, "table:number-columns-repeated"));
                if matches!(tag.try_get_attribute("office:value-type"), Ok(Some(_))) {
                    self.rows = self.rows.max(self.row.saturating_add(self.row_repeats));
                    self.cols = self.cols.max(self.col);
                }
            }
            _ => {}
        }
    }

    /// Takes in an end tag; whether it ends a table whose valued cells span too much.
    fn ends(&mut self, name: &str) -> bool {
        match name {
            "table:table-row" => {
                self.row = self.row.saturating_add(self.row_repeats);
                false
            }
            "table:table" => {
                let fits = usize::try_from(self.rows)
                    .ok()
                    .zip(usize::try_from(self.cols).ok())
                    .is_some_and(|(rows, cols)| limits::table_fits(rows, cols));
                !fits
            }
            _ => false,
        }
    }
}

/// The whole number of `attribute` in `tag`, 1 when it is not there or not a number.
fn repeats(tag: &BytesStart, attribute: &str) -> u64 {
    match tag.try_get_attribute(attribute) {
        Ok(Some(value)) => value.value.parse().unwrap_or(1),
        _ => 1,
    }
}
