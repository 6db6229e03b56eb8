//! Inputs read one puzzle at a time: a collection of one-line puzzles (text, or a CSV such as
//! `quizzes,solutions`) is streamed line by line, so that its size does not matter, and every line
//! gives an entry, a puzzle or the reason it is none; any other input (a workbook, a drawn grid, a
//! CSV grid, Shikaku) is read whole as before and gives one entry per puzzle.
//!
//! `-` names standard input.

use super::text::{self, Fields};
use super::workbook::Workbook;
use super::{
    Kind, Puzzles, ReadOptions, Reader, is_workbook, not_text, read_book_puzzles,
    read_puzzle_sheet, read_text_puzzles,
};
use crate::error::Error;
use crate::model::{Origin, Puzzle};
use crate::shikaku::model::Shikaku;
use serde::Serialize;
use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// How many lines are looked at to tell a collection from a grid (at most).
const HEAD_LINES: usize = 1000;
/// How many bytes are looked at to tell a collection from a grid (about).
const HEAD_BYTES: usize = 1 << 20;

/// What names an entry: the input's `id` column, else its line number (or its place among the
/// puzzles of an input that has no lines), or, in a workbook, its sheet and range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Id {
    /// A line number or a place.
    Number(usize),
    /// The input's own id.
    Named(String),
    /// A workbook's sheet and the grid's range on it (none when the sheet could not be read
    /// as a puzzle): `Mon!B4:J12`, `'Week 2'!B4:J12`.
    Sheet {
        /// The sheet's name.
        sheet: String,
        /// The grid's range, `B4:J12`.
        range: Option<String>,
    },
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Id::Number(n) => write!(f, "{n}"),
            Id::Named(name) => f.write_str(name),
            Id::Sheet { sheet, range } => {
                // Quoted as Excel quotes a sheet name in a reference when it is not one word.
                match sheet.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    true => f.write_str(sheet)?,
                    false => write!(f, "'{}'", sheet.replace('\'', "''"))?,
                }
                match range {
                    Some(range) => write!(f, "!{range}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl Serialize for Id {
    /// A number, or a string: the input's id, or the sheet reference as displayed.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Id::Number(n) => serializer.serialize_u64(*n as u64),
            Id::Named(name) => serializer.serialize_str(name),
            Id::Sheet { .. } => serializer.collect_str(self),
        }
    }
}

/// A line that holds no puzzle: what it holds, and why it is not a puzzle.
#[derive(Debug)]
pub struct Invalid {
    /// The puzzle field as written.
    pub text: String,
    /// Why it is not a puzzle.
    pub error: Error,
}

impl Invalid {
    /// Whether this is a sheet of a workbook that holds no grid at all (instructions, a
    /// generator's settings) rather than a puzzle that cannot be read: listed as "no puzzle",
    /// it leaves the exit code alone.
    pub fn holds_no_puzzle(&self) -> bool {
        no_puzzle_detail(&self.error).is_some()
    }
}

/// One puzzle of an input, or why its line is not one.
#[derive(Debug)]
pub struct Entry<P> {
    /// What names it.
    pub id: Id,
    /// The puzzle.
    pub puzzle: Result<P, Invalid>,
    /// The solution the input gives beside the puzzle, as written.
    pub solution: Option<String>,
}

/// Entries in input order; an error ends them (the input could not be read on).
pub type Stream<P> = Box<dyn Iterator<Item = Result<Entry<P>, Error>> + Send>;

/// The entries of an input, all of one kind.
pub enum Entries {
    /// Sudoku puzzles.
    Sudoku(Stream<Puzzle>),
    /// Shikaku puzzles.
    Shikaku(Stream<Shikaku>),
}

/// Whether `path` names standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// Opens an input (`-` for standard input) as entries of `kind`, or of the kind guessed as
/// [`read_puzzles`] does. A collection of one-line puzzles is streamed; what the reader notices
/// goes to `notes`.
pub fn open(
    path: &Path,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Entries, Error> {
    if !is_stdin(path) {
        super::check_content(path)?;
    }
    if is_workbook(path) && !is_stdin(path) {
        return workbook_entries(path, options, kind, notes);
    }
    if options.sheet.is_some() {
        return Err(Error::Usage("--sheet applies to workbooks only".into()));
    }
    let (name, source): (PathBuf, Box<dyn BufRead + Send>) = if is_stdin(path) {
        (
            "standard input".into(),
            Box::new(BufReader::new(io::stdin())),
        )
    } else {
        let io_error = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let file = File::open(path).map_err(io_error)?;
        (path.to_path_buf(), Box::new(BufReader::new(file)))
    };
    let mut lines = Lines {
        source,
        number: 0,
        name: name.clone(),
    };
    let (head, complete) = lines.head()?;
    let head_text: Vec<(usize, &str)> = head
        .iter()
        .map(|(n, bytes)| std::str::from_utf8(bytes).map(|t| (*n, t.trim_end())))
        .collect::<Result<_, _>>()
        .map_err(|_| not_text(&name))?;
    let content: Vec<(usize, &str)> = head_text
        .iter()
        .filter(|(_, t)| !t.trim().is_empty() && !t.trim_start().starts_with('#'))
        .copied()
        .collect();
    let reader = Reader::new(options)?;
    // Overlapping grids' rows (`.58..4.6.   .9.6..84.`) could pass for one-line puzzles.
    let head_lines: Vec<&str> = head_text.iter().map(|(_, t)| *t).collect();
    let overlapping =
        options.layout.is_some() || super::overlap::parse(&head_lines.join("\n"), false).is_some();
    if kind != Some(Kind::Shikaku)
        && !overlapping
        && let Some(fields) = text::collection_fields(&content, &reader.symbols, complete)
    {
        return Ok(Entries::Sudoku(Box::new(Collection {
            head: head.into_iter(),
            lines,
            fields,
            reader,
        })));
    }
    let mut bytes: Vec<u8> = head.into_iter().flat_map(|(_, line)| line).collect();
    lines
        .source
        .read_to_end(&mut bytes)
        .map_err(|source| Error::Io {
            path: name.clone(),
            source,
        })?;
    let text = String::from_utf8(bytes).map_err(|_| not_text(&name))?;
    let place = name.file_name().unwrap_or_default().to_string_lossy();
    let shown = name.display().to_string();
    Ok(whole(read_text_puzzles(
        &text, &place, &shown, options, kind, notes,
    )?))
}

/// The entries of a workbook: the puzzle of every sheet that holds one ([`puzzle_sheets`]), or
/// the workbook read as one when an option or a defined name picks the grid or at most one sheet
/// holds a grid. A blank sheet is passed over; a sheet without a grid (text, a few settings:
/// see [`super::read_puzzle_sheet`]) holds no puzzle, an entry of its own among several
/// ([`Invalid::holds_no_puzzle`]) and a note beside one; a sheet whose grid cannot be read is an
/// invalid entry, named by the sheet. The sheets are read as the kind of the first that reads,
/// unless `kind` is given.
fn workbook_entries(
    path: &Path,
    options: &ReadOptions,
    mut kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Entries, Error> {
    // The workbook is opened once, and its sheets read from it one after another.
    let mut book = Workbook::open(path)?;
    let mut read = Vec::new();
    let mut sheet_notes = Vec::new();
    for sheet in super::puzzle_sheets(&book, options) {
        let result = read_puzzle_sheet(&mut book, &sheet, options, kind, &mut sheet_notes);
        match &result {
            Err(Error::Empty { .. }) => continue,
            Ok(puzzles) => kind = kind.or(Some(kind_of(puzzles))),
            Err(_) => {}
        }
        read.push((sheet, result));
    }
    let holds_puzzle = |(_, result): &(String, Result<Puzzles, Error>)| !matches!(result, Err(error) if no_puzzle_detail(error).is_some());
    let puzzle_sheets = read.iter().filter(|sheet| holds_puzzle(sheet)).count();
    if puzzle_sheets == 0 {
        // As the first sheet reads (the workbook's error, unless options pick the grid).
        return Ok(whole(read_book_puzzles(&mut book, options, kind, notes)?));
    }
    notes.append(&mut sheet_notes);
    if puzzle_sheets == 1 {
        let mut one = None;
        for (sheet, result) in read {
            match result {
                Err(error) if no_puzzle_detail(&error).is_some() => {
                    notes.push(format!("note: {}", no_puzzle_line(&sheet, &error)))
                }
                result => one = Some(result),
            }
        }
        return Ok(whole(one.expect("one sheet holds a puzzle")?));
    }
    Ok(sheet_entries(read, kind.unwrap_or(Kind::Sudoku)))
}

/// What a sheet read as one of several lacks to hold a puzzle (the detail of a grid not found),
/// or `None` when `error` says something else: such a sheet is not a puzzle, and not an invalid
/// one either.
pub fn no_puzzle_detail(error: &Error) -> Option<&str> {
    match error {
        Error::NoGrid { detail, .. } | Error::NoShikakuGrid { detail, .. } => Some(detail),
        _ => None,
    }
}

/// `sheet 'Notes': no puzzle: no cell holds a digit …`, for a sheet `sheet` read as one of
/// several whose `error` says it holds no grid.
fn no_puzzle_line(sheet: &str, error: &Error) -> String {
    let id = Id::Sheet {
        sheet: sheet.to_string(),
        range: None,
    };
    format!(
        "sheet {id}: no puzzle: {}",
        no_puzzle_detail(error).unwrap_or_default()
    )
}

/// The kind of `puzzles`.
fn kind_of(puzzles: &Puzzles) -> Kind {
    match puzzles {
        Puzzles::Sudoku(_) => Kind::Sudoku,
        Puzzles::Shikaku(_) => Kind::Shikaku,
    }
}

/// Entries of `kind` from each sheet's puzzles or why it holds none, in sheet order.
fn sheet_entries(read: Vec<(String, Result<Puzzles, Error>)>, kind: Kind) -> Entries {
    /// The entries of the puzzles `pick` takes from each sheet.
    fn entries<P: Send + 'static>(
        read: Vec<(String, Result<Puzzles, Error>)>,
        pick: fn(Puzzles) -> Option<Vec<P>>,
        id: fn(&P) -> Id,
    ) -> Stream<P> {
        Box::new(read.into_iter().flat_map(move |(sheet, result)| {
            let entries: Vec<Entry<P>> = match result {
                // Read with the kind fixed, a sheet holds puzzles of that kind or none.
                Ok(puzzles) => pick(puzzles)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|puzzle| Entry {
                        id: id(&puzzle),
                        puzzle: Ok(puzzle),
                        solution: None,
                    })
                    .collect(),
                Err(error) => vec![Entry {
                    id: Id::Sheet {
                        sheet: sheet.clone(),
                        range: None,
                    },
                    puzzle: Err(Invalid { text: sheet, error }),
                    solution: None,
                }],
            };
            entries.into_iter().map(Ok)
        }))
    }
    match kind {
        Kind::Sudoku => Entries::Sudoku(entries(
            read,
            |puzzles| match puzzles {
                Puzzles::Sudoku(puzzles) => Some(puzzles),
                Puzzles::Shikaku(_) => None,
            },
            |p| entry_id(p.origin(), (p.size(), p.size()), 1),
        )),
        Kind::Shikaku => Entries::Shikaku(entries(
            read,
            |puzzles| match puzzles {
                Puzzles::Shikaku(puzzles) => Some(puzzles),
                Puzzles::Sudoku(_) => None,
            },
            |p| entry_id(p.origin(), (p.rows(), p.cols()), 1),
        )),
    }
}

/// Entries of puzzles read whole: each named by its sheet and range, its first line, or its
/// place among them.
fn whole(puzzles: Puzzles) -> Entries {
    fn entries<P: Send + 'static>(puzzles: Vec<P>, id: fn(&P, usize) -> Id) -> Stream<P> {
        Box::new(puzzles.into_iter().enumerate().map(move |(i, puzzle)| {
            Ok(Entry {
                id: id(&puzzle, i + 1),
                puzzle: Ok(puzzle),
                solution: None,
            })
        }))
    }
    match puzzles {
        Puzzles::Sudoku(puzzles) => Entries::Sudoku(entries(puzzles, |p, place| {
            entry_id(p.origin(), p.layout().extent(), place)
        })),
        Puzzles::Shikaku(puzzles) => Entries::Shikaku(entries(puzzles, |p, place| {
            entry_id(p.origin(), (p.rows(), p.cols()), place)
        })),
    }
}

/// What names a puzzle of `(rows, cols)` read from `origin`: its sheet and range in a workbook,
/// its first line in a text, else its `place` among the puzzles of its input (from 1).
fn entry_id(origin: &Origin, (rows, cols): (usize, usize), place: usize) -> Id {
    match origin {
        Origin::Sheet {
            sheet: Some(sheet),
            top,
            left,
        } => {
            let area = super::table::Area {
                top: *top,
                left: *left,
                height: rows,
                width: cols,
            };
            Id::Sheet {
                sheet: sheet.clone(),
                range: Some(area.a1()),
            }
        }
        Origin::Line { line } => Id::Number(*line),
        Origin::TextGrid { lines } => Id::Number(lines.first().copied().unwrap_or(place)),
        Origin::Sheet { sheet: None, .. } | Origin::Unknown => Id::Number(place),
    }
}

/// A line of an input with its number (from 1), as bytes (a line need not be UTF-8).
type NumberedLine = (usize, Vec<u8>);

/// The lines of an input, numbered from 1, as bytes.
struct Lines {
    source: Box<dyn BufRead + Send>,
    number: usize,
    name: PathBuf,
}

impl Lines {
    /// The first lines (up to [`HEAD_LINES`] or about [`HEAD_BYTES`]), and whether they are all.
    fn head(&mut self) -> Result<(Vec<NumberedLine>, bool), Error> {
        let (mut head, mut bytes) = (Vec::new(), 0);
        while head.len() < HEAD_LINES && bytes < HEAD_BYTES {
            match self.next() {
                Some(line) => {
                    let line = line?;
                    bytes += line.1.len();
                    head.push(line);
                }
                None => return Ok((head, true)),
            }
        }
        Ok((head, false))
    }
}

impl Iterator for Lines {
    type Item = Result<NumberedLine, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        let mut line = Vec::new();
        match self.source.read_until(b'\n', &mut line) {
            Ok(0) => None,
            Ok(_) => {
                self.number += 1;
                Some(Ok((self.number, line)))
            }
            Err(source) => Some(Err(Error::Io {
                path: self.name.clone(),
                source,
            })),
        }
    }
}

/// A collection streamed line by line: the lines already looked at, then the rest.
struct Collection {
    head: std::vec::IntoIter<NumberedLine>,
    lines: Lines,
    fields: Fields,
    reader: Reader,
}

impl Collection {
    /// The entry of a line that is neither blank, a comment nor the header.
    fn entry(&self, line: usize, text: &str) -> Entry<Puzzle> {
        match self.fields.read_line(line, text, &self.reader.symbols) {
            Ok(read) => Entry {
                id: read.id.clone().map_or(Id::Number(line), Id::Named),
                solution: read.solution.clone(),
                puzzle: {
                    let written = read.cells.written();
                    self.reader.line_puzzle(read).map_err(|error| Invalid {
                        text: written,
                        error,
                    })
                },
            },
            Err(bad) => Entry {
                id: bad.id.clone().map_or(Id::Number(line), Id::Named),
                solution: None,
                puzzle: Err(Invalid {
                    text: bad.text.clone(),
                    error: bad.into(),
                }),
            },
        }
    }
}

impl Iterator for Collection {
    type Item = Result<Entry<Puzzle>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let (line, bytes) = match self.head.next() {
                Some(line) => line,
                None => match self.lines.next()? {
                    Ok(line) => line,
                    Err(error) => return Some(Err(error)),
                },
            };
            let Ok(text) = std::str::from_utf8(&bytes) else {
                return Some(Ok(Entry {
                    id: Id::Number(line),
                    solution: None,
                    puzzle: Err(Invalid {
                        text: String::from_utf8_lossy(&bytes).trim().to_string(),
                        error: Error::BadLine {
                            line,
                            reason: "the line is not UTF-8 text".into(),
                        },
                    }),
                }));
            };
            let text = text.trim_end();
            let skipped = text.trim().is_empty()
                || text.trim_start().starts_with('#')
                || Some(line) == self.fields.header_line;
            if !skipped {
                return Some(Ok(self.entry(line, text)));
            }
        }
    }
}
