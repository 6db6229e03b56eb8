//! Reading puzzles: workbooks, CSV and text files become [`Puzzle`]s.
//!
//! The flow is the same for every source: the file becomes a [`Table`] of raw cells (or a list of
//! one-line puzzles), the grid is located (`--range`, a defined name, or [`detect`]), its cells are
//! read as digits, and the regions are settled (options, a `Regions` sheet, a label block, cell
//! fills, or default boxes).

pub mod cells;
pub mod collection;
pub mod detect;
pub mod drawn;
pub mod killer;
pub mod limits;
pub mod marked;
pub mod marked_sheet;
pub mod overlap;
pub mod pencil;
pub mod regions;
pub mod reglib;
pub mod sniff;
pub mod state;
pub mod table;
pub mod text;

// Workbooks (calamine, zip, quick-xml) are read only with the `native` feature; without it (the
// WebAssembly engine) `workbook` is a stand-in whose `Workbook::open` fails.
#[cfg(feature = "native")]
pub mod cfb;
#[cfg(feature = "native")]
pub mod notes;
#[cfg(feature = "native")]
pub mod ods;
#[cfg(feature = "native")]
pub mod workbook;
#[cfg(not(feature = "native"))]
#[path = "no_workbook.rs"]
pub mod workbook;
#[cfg(feature = "native")]
pub mod xls;

use crate::error::Error;
use crate::model::{
    Cage, Cell, Digit, Grid, Layout, Markings, Marks, Origin, Parity, Puzzle, Regions, Symbols,
    Variant,
};
use crate::search;
use crate::shikaku::model::Shikaku;
use crate::shikaku::read as shikaku_read;
use cells::{CellClass, classify};
use regions::FillRegions;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use table::{Area, RawValue, Table};
use text::{BadLine, LinePuzzle, TextInput};
use workbook::Workbook;

/// Defined names that point at the grid when no `--range` is given.
const GRID_NAMES: [&str; 3] = ["puzzle", "grid", "sudoku"];

/// Sheets that describe the puzzle of another sheet rather than hold one of their own.
const HELPER_SHEETS: [&str; 3] = ["Regions", "Extra", "Cages"];

/// File extensions read as workbooks.
const WORKBOOK_EXTENSIONS: [&str; 5] = ["xlsx", "xlsm", "xlsb", "xls", "ods"];

/// How to read a file; every field is optional.
#[derive(Debug, Clone, Default)]
pub struct ReadOptions {
    /// The one sheet to read (workbooks); without it, every sheet that holds a puzzle (see
    /// [`collection::open`]).
    pub sheet: Option<String>,
    /// The grid's range, `B3:J11`, or a defined name.
    pub range: Option<String>,
    /// Box shape `RxC`, overriding the default.
    pub boxes: Option<String>,
    /// No regions at all: a Latin square.
    pub latin: bool,
    /// A file with one region label per cell.
    pub regions_file: Option<PathBuf>,
    /// The symbol alphabet, e.g. `0123456789ABCDEF`.
    pub symbols: Option<String>,
    /// Variants whose extra houses every puzzle gets (`--variant x`, `--variant windoku`).
    pub variants: Vec<Variant>,
    /// Overlapping grids: a layout's name (`samurai`) or the grids' top-left cells.
    pub layout: Option<String>,
}

/// What a file held: one puzzle, or several for a collection, and anything worth telling.
#[derive(Debug, Clone)]
pub struct Input {
    /// The puzzles, in file order.
    pub puzzles: Vec<Puzzle>,
    /// Things the reader noticed but could work around (e.g. fills that do not form regions).
    pub warnings: Vec<String>,
}

/// Which puzzle a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A Sudoku (of any size and layout).
    Sudoku,
    /// A Shikaku.
    Shikaku,
}

/// The puzzles of a file, all of one kind.
#[derive(Debug, Clone)]
pub enum Puzzles {
    /// Sudoku puzzles.
    Sudoku(Vec<Puzzle>),
    /// Shikaku puzzles.
    Shikaku(Vec<Shikaku>),
}

impl Puzzles {
    /// How many puzzles there are.
    pub fn len(&self) -> usize {
        match self {
            Puzzles::Sudoku(puzzles) => puzzles.len(),
            Puzzles::Shikaku(puzzles) => puzzles.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Reads the puzzles in a file as `kind`, or, without it, guesses the kind: a Shikaku header
/// settles it; else the file is read both ways, and what reads only one way is that kind, while
/// a grid that reads both ways is a Sudoku when the Sudoku has a solution, else a Shikaku.
///
/// What is worth telling on standard error goes to `notes`, even when reading then fails:
/// warnings about the input (`warning: …`), and how the kind was chosen when it was guessed to be
/// Shikaku (`note: …`). Errors are those of the Sudoku reading unless the file is Shikaku.
pub fn read_puzzles(
    path: &Path,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Puzzles, Error> {
    let shown = path.display().to_string();
    if !is_workbook(path) {
        if options.sheet.is_some() {
            return Err(Error::Usage("--sheet applies to workbooks only".into()));
        }
        let text = read_text_file(path)?;
        let place = path.file_name().unwrap_or_default().to_string_lossy();
        return read_text_puzzles(&text, &place, &shown, options, kind, notes);
    }
    let mut book = Workbook::open(path)?;
    read_book_puzzles(&mut book, options, kind, notes)
}

/// Reads the puzzles of the open workbook `book` as [`read_puzzles`] reads a workbook file.
pub fn read_book_puzzles(
    book: &mut Workbook,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Puzzles, Error> {
    let shown = book.path().display().to_string();
    let kind = kind.unwrap_or_else(|| {
        // Both readers read the same open workbook, one after the other.
        let book = std::cell::RefCell::new(&mut *book);
        let sudoku = || read_workbook(&mut book.borrow_mut(), options);
        let shikaku = || shikaku_read::read_book(&mut book.borrow_mut(), options);
        guess_kind(options, None, sudoku, shikaku, &shown, notes)
    });
    match kind {
        Kind::Sudoku => {
            let input = read_workbook(book, options)?;
            notes.extend(input.warnings.iter().map(|w| format!("warning: {w}")));
            Ok(Puzzles::Sudoku(input.puzzles))
        }
        Kind::Shikaku => Ok(Puzzles::Shikaku(shikaku_read::read_book(book, options)?)),
    }
}

/// Reads sheet `sheet` of `book` as one of several puzzle sheets: as [`read_book_puzzles`] with
/// `--sheet` naming it, except that a sheet whose content is not grid-like
/// ([`detect::not_grid_like`]: a sheet of instructions, a generator's settings) holds no grid
/// ([`Error::NoGrid`]); not so when a `Cages` sheet gives a Killer's cages, whose puzzle sheet
/// may hold no digit at all.
pub fn read_puzzle_sheet(
    book: &mut Workbook,
    sheet: &str,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Puzzles, Error> {
    let options = ReadOptions {
        sheet: Some(sheet.to_string()),
        ..options.clone()
    };
    if book.find_sheet(HELPER_SHEETS[2]).is_none() {
        let symbols = Reader::new(&options)?.symbols;
        let table = book.table(sheet)?;
        if let Some(detail) = detect::not_grid_like(&table, &symbols).filter(|_| !table.is_blank())
        {
            return Err(Error::NoGrid {
                place: table.place.clone(),
                detail,
            });
        }
    }
    read_book_puzzles(book, &options, kind, notes)
}

/// Reads the puzzles in a text as [`read_puzzles`] reads a file; `place` names it in messages,
/// `shown` in notes.
pub fn read_text_puzzles(
    text: &str,
    place: &str,
    shown: &str,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<Puzzles, Error> {
    // Before the kind is guessed, which reads the text more than once.
    text::check_text(text, place)?;
    let kind = kind.unwrap_or_else(|| {
        let sudoku = || read_text(text, place, options);
        let shikaku = || shikaku_read::read_text(text, place, options);
        guess_kind(options, Some(text), sudoku, shikaku, shown, notes)
    });
    match kind {
        Kind::Sudoku => Ok(Puzzles::Sudoku(read_text(text, place, options)?.puzzles)),
        Kind::Shikaku => Ok(Puzzles::Shikaku(shikaku_read::read_text(
            text, place, options,
        )?)),
    }
}

/// The kind of an input read without `--kind` (its `text`, unless it is a workbook, and the two
/// ways to read it); a note in `notes` says why when it is Shikaku.
fn guess_kind(
    options: &ReadOptions,
    text: Option<&str>,
    sudoku: impl Fn() -> Result<Input, Error>,
    shikaku: impl Fn() -> Result<Vec<Shikaku>, Error>,
    shown: &str,
    notes: &mut Vec<String>,
) -> Kind {
    let sudoku_options = options.boxes.is_some()
        || options.latin
        || options.regions_file.is_some()
        || options.layout.is_some();
    let killer = text.is_some_and(|t| killer::parse(t).is_some());
    let marked = text.is_some_and(|t| marked::parse(t, &Symbols::default()).is_some());
    let overlapping = text.is_some_and(overlap::is_overlapping);
    let marked_sudoku = killer || marked || overlapping;
    if sudoku_options || options.symbols.is_some() || !options.variants.is_empty() || marked_sudoku
    {
        return Kind::Sudoku;
    }
    let why = if text.is_some_and(shikaku_read::starts_with_header) {
        "it starts with a `rows cols` header"
    } else {
        match (sudoku(), shikaku()) {
            (_, Err(_)) => return Kind::Sudoku,
            (Err(_), Ok(_)) => "it is not a Sudoku and its numbers add up to the grid's area",
            (Ok(input), Ok(_)) => {
                let solvable = input
                    .puzzles
                    .iter()
                    .all(|p| search::count_solutions(p, 1).solutions > 0);
                if solvable {
                    return Kind::Sudoku;
                }
                "its numbers add up to the grid's area and as a Sudoku it has no solution"
            }
        }
    };
    notes.push(format!(
        "note: reading {shown} as Shikaku ({why}); --kind sudoku reads it as Sudoku"
    ));
    Kind::Shikaku
}

/// Whether `path` is read as a workbook (by its extension).
pub fn is_workbook(path: &Path) -> bool {
    WORKBOOK_EXTENSIONS.contains(&extension_of(path).as_str())
}

/// Fails, saying what the file is and what to do, when its first bytes show that it cannot
/// hold a puzzle read by its name: a picture, a PDF, an empty file, text named as a workbook, a
/// password-protected workbook (see [`sniff`]).
pub fn check_content(path: &Path) -> Result<(), Error> {
    let extension = is_workbook(path).then(|| extension_of(path));
    let content = sniff::sniff(&sniff::head(path)?);
    sniff::unfit(content, extension.as_deref()).map_or(Ok(()), Err)
}

/// The extension of `path` in lower case (empty for none).
fn extension_of(path: &Path) -> String {
    path.extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

/// Reads the puzzle or puzzles in a file.
pub fn read_file(path: &Path, options: &ReadOptions) -> Result<Input, Error> {
    check_content(path)?;
    if is_workbook(path) {
        return read_workbook(&mut Workbook::open(path)?, options);
    }
    if options.sheet.is_some() {
        return Err(Error::Usage("--sheet applies to workbooks only".into()));
    }
    let text = read_text_file(path)?;
    let place = path.file_name().unwrap_or_default().to_string_lossy();
    read_text(&text, &place, options)
}

/// The text of a file that is not a workbook.
fn read_text_file(path: &Path) -> Result<String, Error> {
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    String::from_utf8(bytes).map_err(|_| not_text(path))
}

/// The error of an input that is neither UTF-8 text nor a workbook.
fn not_text(path: &Path) -> Error {
    Error::Workbook {
        path: path.to_path_buf(),
        message: "it is neither text (UTF-8) nor a workbook with a known extension \
                  (.xlsx .xlsm .xlsb .xls .ods)"
            .into(),
    }
}

/// Reads the pencil marks in a file: a state (a puzzle, `candidates:` and its pencil marks, see
/// [`state`]), a HoDoKu library line (`:0300:3:<givens>:<deleted>:…`), a pencil-mark grid, or
/// puzzles (their marks right after the givens).
pub fn read_marks(path: &Path, options: &ReadOptions) -> Result<Vec<Marks>, Error> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    if let Some(marks) = marks_of_text(&text, &path.display().to_string(), options)? {
        return Ok(marks);
    }
    let input = read_file(path, options)?;
    Ok(input.puzzles.iter().map(Marks::of_puzzle).collect())
}

/// A person's states in a file, all of one kind.
#[derive(Debug, Clone)]
pub enum States {
    /// Sudoku digits and pencil marks.
    Sudoku(Vec<Marks>),
    /// Shikaku rectangles.
    Shikaku(Vec<shikaku_read::Placed>),
}

/// Reads the states in a file as `kind`, or, without it, as its content says: a Shikaku state
/// (a puzzle, `rectangles:` and its rectangles), what [`read_marks`] reads, or puzzles of the
/// kind [`read_puzzles`] finds (a Shikaku with no rectangle placed yet). A workbook gives the
/// state of one sheet: see [`workbook_state`].
pub fn read_states(
    path: &Path,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<States, Error> {
    if is_workbook(path) {
        return workbook_state(path, options, kind, notes);
    }
    let text = read_text_file(path)?;
    if kind != Some(Kind::Sudoku) {
        let place = path.display().to_string();
        if let Some(placed) = shikaku_read::parse_state(&text, &place) {
            return Ok(States::Shikaku(vec![placed?]));
        }
    }
    if let Some(marks) = marks_of_text(&text, &path.display().to_string(), options)? {
        return Ok(States::Sudoku(marks));
    }
    if kind == Some(Kind::Sudoku) {
        return read_marks(path, options).map(States::Sudoku);
    }
    match read_puzzles(path, options, kind, notes)? {
        Puzzles::Sudoku(puzzles) => Ok(States::Sudoku(
            puzzles.iter().map(Marks::of_puzzle).collect(),
        )),
        Puzzles::Shikaku(puzzles) => Ok(States::Shikaku(
            puzzles
                .into_iter()
                .map(shikaku_read::Placed::empty)
                .collect(),
        )),
    }
}

/// The state of a workbook: the puzzle of the sheet `--sheet` (or a range) picks, else of the
/// first sheet that holds one, the sheets read as the other commands read them
/// ([`collection::open`]). When several sheets hold puzzles, a note in `notes` names the one
/// taken and the others: a hint is about one puzzle, and a person stuck on one of a week's
/// puzzles does not want the others' next steps told.
fn workbook_state(
    path: &Path,
    options: &ReadOptions,
    kind: Option<Kind>,
    notes: &mut Vec<String>,
) -> Result<States, Error> {
    match collection::open(path, options, kind, notes)? {
        collection::Entries::Sudoku(entries) => {
            let puzzle = first_sheet(entries, notes)?;
            Ok(States::Sudoku(vec![Marks::of_puzzle(&puzzle)]))
        }
        collection::Entries::Shikaku(entries) => {
            let puzzle = first_sheet(entries, notes)?;
            Ok(States::Shikaku(vec![shikaku_read::Placed::empty(puzzle)]))
        }
    }
}

/// The puzzle of the first of `entries` that is not a sheet without a grid (or why it is not
/// one); with several, a note in `notes` names the sheet taken and the others.
fn first_sheet<P>(entries: collection::Stream<P>, notes: &mut Vec<String>) -> Result<P, Error> {
    let mut first = None;
    let mut others = Vec::new();
    for entry in entries {
        let entry = entry?;
        if entry.puzzle.as_ref().is_err_and(|i| i.holds_no_puzzle()) {
            continue;
        }
        match first {
            None => first = Some(entry),
            Some(_) => others.push(entry.id.to_string()),
        }
    }
    let first = first.ok_or_else(|| Error::Empty {
        what: "the workbook".into(),
    })?;
    if !others.is_empty() {
        notes.push(format!(
            "note: hint reads sheet {}, the first of {} sheets with a puzzle (the others: {}); \
             pick another with --sheet",
            first.id,
            others.len() + 1,
            others.join(", ")
        ));
    }
    first.puzzle.map_err(|invalid| invalid.error)
}

/// Reads the pencil marks in a text as [`read_marks`] reads a file; `place` names it in messages.
pub fn read_text_marks(
    text: &str,
    place: &str,
    options: &ReadOptions,
) -> Result<Vec<Marks>, Error> {
    if let Some(marks) = marks_of_text(text, place, options)? {
        return Ok(marks);
    }
    let input = read_text(text, place, options)?;
    Ok(input.puzzles.iter().map(Marks::of_puzzle).collect())
}

/// The marks a text writes out itself: a state ([`state`]), a HoDoKu library line or a
/// pencil-mark grid; `None` when it is none of them. `place` names it in messages.
fn marks_of_text(
    text: &str,
    place: &str,
    options: &ReadOptions,
) -> Result<Option<Vec<Marks>>, Error> {
    match state::parse(text, place, options) {
        Some(marks) => Ok(Some(vec![marks?])),
        None => marks_in_text(text),
    }
}

/// The marks of a HoDoKu library line or a pencil-mark grid; `None` when the text is neither.
fn marks_in_text(text: &str) -> Result<Option<Vec<Marks>>, Error> {
    let text = text.trim_start();
    if text.starts_with(':') {
        let line = text.lines().next().unwrap_or_default();
        let case = reglib::Case::parse(line, 1)
            .map_err(|why| Error::Usage(format!("not a HoDoKu library line: {why}")))?;
        return Ok(Some(vec![case.marks]));
    }
    match pencil::parse(text, None) {
        Some(marks) => Ok(Some(vec![marks?])),
        None => Ok(None),
    }
}

/// Whether the first line of `text` that is not blank or a comment is a HoDoKu library line.
fn starts_with_library_line(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with('#'))
        .is_some_and(|line| line.starts_with(':') && reglib::Case::parse(line, 1).is_ok())
}

/// The error of a library line read as a puzzle: it holds a state to find a technique in, which
/// `reglib`, `hint` and `explain --technique` read.
fn library_line() -> Error {
    Error::Unfit {
        what: "holds a case of HoDoKu's regression library (a technique to find in a state with \
               some candidates removed), not a puzzle"
            .into(),
        advice: "run its cases with `gridlogic reglib FILE`, or read its state with `gridlogic \
                 hint FILE` or `gridlogic explain --technique NAME FILE`"
            .into(),
    }
}

/// Reads the puzzle or puzzles in a text (CSV, drawn grid, one per line); `place` names it in
/// messages.
pub fn read_text(text: &str, place: &str, options: &ReadOptions) -> Result<Input, Error> {
    text::check_text(text, place)?;
    let reader = Reader::new(options)?;
    if text.trim().is_empty() {
        return Err(Error::Empty {
            what: format!("file {place}"),
        });
    }
    if starts_with_library_line(text) {
        return Err(library_line());
    }
    if let Some(killers) = killer::parse(text) {
        let puzzles = killers
            .iter()
            .map(|killer| reader.killer_puzzle(killer))
            .collect::<Result<_, _>>()?;
        return Ok(Input {
            puzzles,
            warnings: Vec::new(),
        });
    }
    if let Some(found) = overlap::parse(text, options.layout.is_some()) {
        let puzzles = found
            .iter()
            .map(|puzzle| {
                let origin = Origin::TextGrid {
                    lines: puzzle.lines.clone(),
                };
                reader.overlapping_puzzle(puzzle, origin)
            })
            .collect::<Result<_, _>>()?;
        return Ok(Input {
            puzzles,
            warnings: Vec::new(),
        });
    }
    if options.layout.is_some() {
        return Err(Error::BadLayout {
            reason: format!(
                "--layout reads a grid written as rows of cells, but {place} holds none: write \
                 one character a cell (spaces or * where there is no cell), or the cells \
                 separated by spaces"
            ),
        });
    }
    if let Some(marked) = marked::parse(text, &reader.symbols) {
        let puzzles = marked
            .iter()
            .map(|puzzle| reader.marked_puzzle(puzzle))
            .collect::<Result<_, _>>()?;
        return Ok(Input {
            puzzles,
            warnings: Vec::new(),
        });
    }
    match text::parse(text, place, &reader.symbols) {
        TextInput::Lines(lines) => {
            let puzzles = lines
                .into_iter()
                .map(|line| reader.line_puzzle(line?))
                .collect::<Result<_, _>>()?;
            Ok(Input {
                puzzles,
                warnings: Vec::new(),
            })
        }
        TextInput::Table {
            table,
            region_labels,
            extra_labels,
        } => {
            let area = reader.locate(&table, None)?;
            let size = area.height;
            let labels = region_labels.filter(|labels| labels.len() == size * size);
            let source = labels
                .map(RegionSource::Labels)
                .unwrap_or(RegionSource::None);
            let houses = extra_labels
                .iter()
                .filter(|labels| labels.len() == size * size)
                .map(|labels| regions::extra_houses(labels, size))
                .collect::<Result<Vec<_>, _>>()?
                .concat();
            reader.table_puzzle(&table, area, source, houses, None)
        }
    }
}

/// The sheets of the workbook `book` to read one by one, each as if `--sheet` named it: every
/// visible worksheet but those that describe another's puzzle (`Regions`, `Extra`, `Cages`), and
/// in an annotated workbook gridlogic wrote the sheets of steps and candidates ([`OWN_SHEETS`]),
/// so that it reads back as its Solution and Puzzle sheets. Empty when
/// `--sheet`, `--range` or a defined name (`puzzle`, `grid`, `sudoku`, `shikaku`) picks the grid:
/// the workbook is then read as one, as [`read_puzzles`] reads it.
pub fn puzzle_sheets(book: &Workbook, options: &ReadOptions) -> Vec<String> {
    if options.sheet.is_some() || options.range.is_some() {
        return Vec::new();
    }
    let named = GRID_NAMES
        .iter()
        .chain(&["shikaku"])
        .any(|name| book.defined_range(name).is_some());
    if named {
        return Vec::new();
    }
    let helper = |name: &String| HELPER_SHEETS.iter().any(|h| h.eq_ignore_ascii_case(name));
    let own = book.is_own();
    let steps = |name: &String| own && is_steps_sheet(name);
    book.visible_sheet_names()
        .into_iter()
        .filter(|name| !helper(name) && !steps(name))
        .collect()
}

/// The ends of the names of the sheets of an annotated workbook that hold no puzzle: the step
/// table and the candidates (`Steps`, `Mon Candidates`), and the sheet of each step (`Step 12`).
const OWN_SHEETS: [&str; 2] = ["Steps", "Candidates"];

/// Whether `name` is one of [`OWN_SHEETS`] or a step's sheet, alone or after a puzzle sheet's
/// name (a workbook of several puzzles).
fn is_steps_sheet(name: &str) -> bool {
    let last = name.rsplit(' ').collect::<Vec<_>>();
    match last.as_slice() {
        [number, "Step", ..] => number.parse::<usize>().is_ok(),
        [word, ..] => OWN_SHEETS.contains(word),
        [] => false,
    }
}

fn read_workbook(book: &mut Workbook, options: &ReadOptions) -> Result<Input, Error> {
    let reader = Reader::new(options)?;
    let (sheet, named_area) = reader.choose_sheet(book)?;
    let table = book.table(&sheet)?;
    let cages_sheet = match book.find_sheet(HELPER_SHEETS[2]).filter(|c| *c != sheet) {
        Some(name) => Some(book.table(&name)?),
        None => None,
    };
    if let Some(cages_table) = &cages_sheet {
        let sheet_killer = SheetKiller::read(cages_table)?;
        if let Some(puzzle) = reader.cageless_grid(&table, named_area, &sheet_killer)? {
            return Ok(puzzle);
        }
    }
    if table.is_blank() {
        return Err(Error::Empty {
            what: table.place.clone(),
        });
    }
    // Overlapping grids are found before square ones, whose search would take a block of them.
    if named_area.is_none()
        && options.range.is_none()
        && let Some(input) = reader.overlapping_sheet(&table)?
    {
        return Ok(input);
    }
    let area = reader.locate(&table, named_area)?;
    let source = match book.find_sheet(HELPER_SHEETS[0]).filter(|r| *r != sheet) {
        Some(regions_sheet) => {
            RegionSource::Labels(region_sheet_labels(&book.table(&regions_sheet)?, &area)?)
        }
        None => RegionSource::Fills,
    };
    let houses = match book.find_sheet(HELPER_SHEETS[1]).filter(|r| *r != sheet) {
        Some(extra_sheet) => {
            let labels = extra_sheet_labels(&book.table(&extra_sheet)?, &area)?;
            regions::extra_houses(&labels, area.height)?
        }
        None => Vec::new(),
    };
    let sheet_killer = cages_sheet.as_ref().map(SheetKiller::read).transpose()?;
    reader.table_puzzle(&table, area, source, houses, sheet_killer)
}

/// A Killer's sum grid and cage map on a sheet named `Cages`: the two blocks of the text format
/// one under the other or side by side (words such as headings around them are left out), and
/// where the sums start.
struct SheetKiller {
    killer: killer::KillerText,
    origin: Origin,
}

impl SheetKiller {
    /// The cages, for a grid of `size`; their cells are named where the sums are.
    fn cages(&self, size: usize) -> Result<Vec<Cage>, Error> {
        if size != self.killer.size {
            return Err(Error::Usage(format!(
                "the Cages sheet holds a {n}x{n} Killer, the grid is {size}x{size}",
                n = self.killer.size
            )));
        }
        let origin = &self.origin;
        let name = |cell: Cell| origin.cell_name(cell.row(size), cell.col(size), size);
        self.killer.cages(&name)
    }

    /// Reads the `Cages` sheet `table`.
    fn read(table: &Table) -> Result<SheetKiller, Error> {
        let bad = || {
            Error::Usage(format!(
                "{} must hold a Killer's sum grid and cage map, N x N each, one under the other or \
             side by side (as in ../shared/datasets/killer)",
                table.place
            ))
        };
        let used: Vec<(usize, usize)> = cells_of(&Area {
            top: 0,
            left: 0,
            height: table.rows(),
            width: table.cols(),
        })
        .filter(|&(r, c)| {
            // Headings such as `Sums` are not cells of the blocks.
            let text = table.cell(r, c).value.display();
            !text.trim().is_empty() && text.chars().filter(|c| c.is_alphabetic()).count() < 3
        })
        .collect();
        let top = used.iter().map(|u| u.0).min().ok_or_else(bad)?;
        let left = used.iter().map(|u| u.1).min().ok_or_else(bad)?;
        let bottom = used.iter().map(|u| u.0).max().ok_or_else(bad)?;
        let right = used.iter().map(|u| u.1).max().ok_or_else(bad)?;
        let (height, width) = (bottom - top + 1, right - left + 1);
        // Side by side: N rows; one under the other: N columns.
        let (size, second) = match width > height {
            true => (height, (top, right + 1 - height)),
            false => (width, (bottom + 1 - width, left)),
        };
        let block = |(t, l): (usize, usize)| killer::Block {
            cells: cells_of(&Area::square(t, l, size))
                .map(|(r, c)| table.cell(r, c).value.display().trim().to_string())
                .collect(),
            lines: (t..t + size).map(|r| r + 1).collect(),
        };
        let killer = killer::KillerText::from_blocks(size, block((top, left)), block(second))
            .ok_or_else(bad)?;
        let origin = table.origin(&Area::square(top, left, size));
        Ok(SheetKiller { killer, origin })
    }
}

/// Where the regions of a grid come from when no option says.
enum RegionSource {
    None,
    Fills,
    Labels(Vec<String>),
}

/// How many layouts a reader keeps for reuse (a collection of jigsaws has one per puzzle).
const LAYOUTS_KEPT: usize = 64;

/// What a layout is built from: the size, the regions, the variants and the extra houses of a
/// map.
type LayoutKey = (usize, Regions, Vec<Variant>, Vec<Vec<Cell>>);

/// Reading state shared by every source: the options, parsed once, and the layouts built so far.
struct Reader {
    options: ReadOptions,
    symbols: Symbols,
    layouts: std::cell::RefCell<HashMap<LayoutKey, Arc<Layout>>>,
}

impl Reader {
    fn new(options: &ReadOptions) -> Result<Reader, Error> {
        if options.latin && (options.boxes.is_some() || options.regions_file.is_some()) {
            return Err(Error::Usage(
                "--latin means no regions; it cannot be combined with --box or --regions".into(),
            ));
        }
        if options.boxes.is_some() && options.regions_file.is_some() {
            return Err(Error::Usage(
                "give either --box or --regions, not both".into(),
            ));
        }
        let symbols = match &options.symbols {
            Some(alphabet) => Symbols::custom(alphabet)?,
            None => Symbols::default(),
        };
        Ok(Reader {
            options: options.clone(),
            symbols,
            layouts: Default::default(),
        })
    }

    /// The sheet to read, and the grid's area when a range or defined name gives it.
    fn choose_sheet(&self, book: &Workbook) -> Result<(String, Option<Area>), Error> {
        let names = book.sheet_names();
        let requested = match &self.options.sheet {
            Some(name) => Some(book.find_sheet(name).ok_or_else(|| Error::SheetNotFound {
                sheet: name.clone(),
                available: names.to_vec(),
            })?),
            None => None,
        };
        let named = match &self.options.range {
            Some(range) => Some(self.range_or_name(book, range)?),
            None => GRID_NAMES.iter().find_map(|name| book.defined_range(name)),
        };
        let first = names.first().cloned().ok_or_else(|| Error::Empty {
            what: "the workbook".into(),
        })?;
        Ok(match named {
            Some((Some(sheet), area)) if requested.as_ref().is_none_or(|r| *r == sheet) => {
                let sheet = book
                    .find_sheet(&sheet)
                    .ok_or_else(|| Error::SheetNotFound {
                        sheet,
                        available: names.to_vec(),
                    })?;
                (sheet, Some(area))
            }
            Some((None, area)) => (requested.unwrap_or(first), Some(area)),
            _ => (requested.unwrap_or(first), None),
        })
    }

    fn range_or_name(&self, book: &Workbook, range: &str) -> Result<(Option<String>, Area), Error> {
        table::parse_reference(range).or_else(|err| book.defined_range(range).ok_or(err))
    }

    /// The grid's area on `table`: the given one, `--range`, the square a Killer's dashed cage
    /// outlines lie in, or detection.
    fn locate(&self, table: &Table, named: Option<Area>) -> Result<Area, Error> {
        let given = match (&named, &self.options.range) {
            (Some(area), _) => Some(area.a1()),
            (None, range) => range.clone(),
        };
        let area = match (named, &self.options.range) {
            (Some(area), _) => area,
            (None, Some(range)) => table::parse_reference(range)?.1,
            (None, None) => match drawn::outlined_area(table) {
                Some(area) => area,
                None => detect::find_grid(table, &self.symbols)?,
            },
        };
        if area.height != area.width {
            return Err(Error::NotSquare {
                place: format!("{} at {}", table.place, table.describe(&area)),
                rows: area.height,
                cols: area.width,
            });
        }
        if area.height > crate::model::MAX_SIZE {
            return Err(Error::BadSize { size: area.height });
        }
        if let Some(range) = given {
            check_in_use(table, &area, &range)?;
        }
        check_written(table, &area)?;
        Ok(area)
    }

    /// The puzzle of the grid at `area` of `table`, its regions from `source`, with `houses` as
    /// extra houses and the cages of a `Cages` sheet or drawn on the grid.
    fn table_puzzle(
        &self,
        table: &Table,
        area: Area,
        source: RegionSource,
        houses: Vec<Vec<Cell>>,
        sheet_killer: Option<SheetKiller>,
    ) -> Result<Input, Error> {
        let size = area.height;
        let origin = table.origin(&area);
        check_ragged(table, &area)?;
        let name = |cell: Cell| origin.cell_name(cell.row(size), cell.col(size), size);
        let drawn = match &sheet_killer {
            Some(_) => None,
            None => drawn::read(table, &area, &self.symbols, &name),
        };
        let (grid, letters, readings, source) = match drawn {
            Some(drawn) => {
                let drawn = drawn?;
                let grid = self.drawn_givens(&drawn, table, &area, &origin)?;
                let source = match drawn.by_fills {
                    true => RegionSource::None,
                    false => source,
                };
                (grid, vec![None; size * size], drawn.readings, source)
            }
            None => {
                let (grid, letters) = self.table_grid(table, &area, &origin)?;
                (grid, letters, vec![Vec::new()], source)
            }
        };
        let mut warnings = Vec::new();
        let mut variants = Vec::new();
        let fills: Vec<Option<u32>> = cells_of(&area)
            .map(|(r, c)| table.cell(r, c).fill)
            .collect();
        let from_fills = match source {
            RegionSource::Fills => Some(regions::from_fills(&fills, size)),
            _ => None,
        };
        let (parity, bars) = match readings.iter().all(Vec::is_empty) {
            true => {
                let mean_regions = matches!(
                    from_fills,
                    Some(FillRegions::Regions(_) | FillRegions::Shaded(_))
                );
                // A lettered cell takes no mark of its fill's absence (see `typed_parity`).
                let values: Vec<bool> = (grid.values().iter().zip(&letters))
                    .map(|(&v, letter)| v != 0 || letter.is_some())
                    .collect();
                let parity = marked_sheet::parity(table, &area, &values, mean_regions);
                (parity, marked_sheet::bars(table, &area))
            }
            false => (None, (Vec::new(), false)),
        };
        // Fills that mark parity say nothing of the regions.
        let from_fills = from_fills.filter(|_| parity.is_none());
        let parity = typed_parity(table, &area, letters, parity, &name)?;
        let regions = match source {
            RegionSource::Labels(labels) => Some(regions::from_labels(&labels, size)?),
            _ => match from_fills {
                Some(FillRegions::Regions(regions)) => Some(regions),
                Some(FillRegions::Shaded(shaded)) => {
                    variants = shaded;
                    None
                }
                Some(FillRegions::Unusable(why)) => {
                    warnings.push(format!(
                        "{}: {why}; regions are not taken from fills",
                        table.place
                    ));
                    None
                }
                Some(FillRegions::Plain) | None => None,
            },
        };
        let (bars, coloured) = bars;
        // Lines inside boxes are bars only where they cannot be a jigsaw's edges.
        let jigsaw = matches!(regions, Some(Regions::Jigsaw { .. }));
        let bars = match jigsaw && !coloured {
            true => Vec::new(),
            false => bars,
        };
        let regions = regions.or_else(|| table.calls_latin(&area).then_some(Regions::Latin));
        // A consecutive grid is a Latin square unless the sheet draws its boxes.
        let regions = match regions {
            None if !bars.is_empty() && !marked_sheet::shows_boxes(table, &area, &bars) => {
                Some(Regions::Latin)
            }
            regions => regions,
        };
        let markings = Markings::new(size, parity, &bars, !bars.is_empty());
        let puzzle = self.one_reading(readings, &name, |cages| {
            let found = Found {
                regions: regions.clone(),
                variants: variants.clone(),
                houses: houses.clone(),
                cages,
                markings: markings.clone(),
            };
            self.puzzle(grid.clone(), found, origin.clone())
        })?;
        let puzzle = puzzle.with_texts(table.texts_outside(&area));
        Ok(Input {
            puzzles: vec![puzzle],
            warnings,
        })
    }

    /// The puzzle of the one reading of a drawing's cages (see [`drawn`]), or, when thick
    /// borders leave several, of the one whose puzzle has exactly one solution.
    fn one_reading(
        &self,
        readings: Vec<Vec<Cage>>,
        name: &dyn Fn(Cell) -> String,
        puzzle: impl Fn(Vec<Cage>) -> Result<Puzzle, Error>,
    ) -> Result<Puzzle, Error> {
        if readings.len() == 1 {
            return puzzle(readings.into_iter().next().expect("one reading"));
        }
        let unique: Vec<Puzzle> = readings
            .into_iter()
            .filter_map(|cages| puzzle(cages).ok())
            .filter(|p| search::count_solutions(p, 2).solutions == 1)
            .collect();
        match <[Puzzle; 1]>::try_from(unique) {
            Ok([one]) => Ok(one),
            Err(_) => Err(Error::BadCage {
                cage: format!("the cages drawn from {}", name(Cell::from_index(0))),
                reason: "where cages cross thick borders the drawing can be read in more than \
                         one way; outline each cage with dashed borders all round, also along \
                         box edges"
                    .into(),
            }),
        }
    }

    /// A Killer whose cages are on a `Cages` sheet and whose puzzle sheet `table` holds no grid
    /// (no givens): the puzzle, its cells named where the sums are. `None` when the puzzle
    /// sheet has a grid to read.
    fn cageless_grid(
        &self,
        table: &Table,
        named: Option<Area>,
        sheet: &SheetKiller,
    ) -> Result<Option<Input>, Error> {
        if !table.is_blank() && self.locate(table, named).is_ok() {
            return Ok(None);
        }
        let size = sheet.killer.size;
        let found = Found {
            cages: sheet.cages(size)?,
            ..Found::default()
        };
        let puzzle = self.puzzle(Grid::empty(size), found, sheet.origin.clone())?;
        Ok(Some(Input {
            puzzles: vec![puzzle],
            warnings: Vec::new(),
        }))
    }

    /// The puzzle of a Killer written as text (see [`killer`]).
    fn killer_puzzle(&self, killer: &killer::KillerText) -> Result<Puzzle, Error> {
        let size = killer.size;
        let block = killer.givens.as_ref().unwrap_or(&killer.sums);
        let origin = match killer.delimited {
            true => Origin::Sheet {
                sheet: None,
                top: block.lines[0] - 1,
                left: 0,
            },
            false => Origin::TextGrid {
                lines: block.lines.clone(),
            },
        };
        let mut grid = Grid::empty(size);
        if let Some(givens) = &killer.givens {
            for (index, text) in givens.cells.iter().enumerate() {
                let (r, c) = (index / size, index % size);
                let class = cells::classify_text(text, &self.symbols);
                let digit = self.digit(class, text, size, || origin.cell_name(r, c, size))?;
                grid.set(Cell::from_index(index), digit);
            }
        }
        let name = |cell: Cell| origin.cell_name(cell.row(size), cell.col(size), size);
        let found = Found {
            cages: killer.cages(&name)?,
            variants: killer.variants.clone(),
            ..Found::default()
        };
        self.puzzle(grid, found, origin)
    }

    /// The puzzle of an even/odd or consecutive Sudoku written as text (see [`marked`]).
    fn marked_puzzle(&self, text: &marked::MarkedText) -> Result<Puzzle, Error> {
        let size = text.size;
        let origin = Origin::TextGrid {
            lines: text.lines.clone(),
        };
        let mut grid = Grid::empty(size);
        let mut parity = vec![None; size * size];
        for (index, written) in text.cells.iter().enumerate() {
            let (r, c) = (index / size, index % size);
            if let Some(mark) = marked::parity_letter(written, size, &self.symbols) {
                parity[index] = Some(mark);
                continue;
            }
            let class = cells::classify_text(written, &self.symbols);
            let digit = self.digit(class, written, size, || origin.cell_name(r, c, size))?;
            grid.set(Cell::from_index(index), digit);
        }
        let bars = match &text.masks {
            Some((masks, lines)) => Some(bars_of_masks(masks, lines, size)?),
            None => None,
        };
        let found = Found {
            regions: bars.is_some().then_some(Regions::Latin),
            markings: Markings::new(size, parity, bars.as_deref().unwrap_or(&[]), bars.is_some()),
            ..Found::default()
        };
        self.puzzle(grid, found, origin)
    }

    /// The overlapping Sudoku typed on `table` (see [`overlap::on_sheet`]), with the texts typed
    /// around its grids and in the gaps between them; `None` when the sheet holds none, an
    /// error when `--layout` names one the sheet does not hold.
    fn overlapping_sheet(&self, table: &Table) -> Result<Option<Input>, Error> {
        let layout = self.options.layout.as_deref();
        let Some((area, text)) = overlap::on_sheet(table, &self.symbols, layout)? else {
            return match layout {
                Some(spec) => Err(Error::BadLayout {
                    reason: format!(
                        "--layout {spec}: {} holds no block of cells of that extent (the grids' \
                         cells bordered or typed, the gaps empty)",
                        table.place
                    ),
                }),
                None => Ok(None),
            };
        };
        let puzzle = self.overlapping_puzzle(&text, table.origin(&area))?;
        let layout = puzzle.layout();
        let in_cell = |row: usize, col: usize| {
            let (r, c) = (row.checked_sub(area.top), col.checked_sub(area.left));
            r.zip(c).and_then(|(r, c)| layout.cell_at(r, c)).is_some()
        };
        let texts = (table.texts_outside(&Area::square(0, 0, 0)).into_iter())
            .filter(|t| !in_cell(t.row, t.col))
            .collect();
        Ok(Some(Input {
            puzzles: vec![puzzle.with_texts(texts)],
            warnings: Vec::new(),
        }))
    }

    /// The puzzle of overlapping grids written as text or typed on a sheet, its top-left
    /// position at `origin`.
    fn overlapping_puzzle(
        &self,
        text: &overlap::OverlapText,
        origin: Origin,
    ) -> Result<Puzzle, Error> {
        if self.options.latin || self.options.boxes.is_some() || self.options.regions_file.is_some()
        {
            return Err(Error::Usage(
                "overlapping grids have 3x3 boxes: --latin, --box and --regions do not apply"
                    .into(),
            ));
        }
        let is_given =
            |t: &str| matches!(cells::classify_text(t, &self.symbols), CellClass::Value(_));
        let shape = text.shape(self.options.layout.as_deref(), &is_given)?;
        let (size, cols) = (shape.size(), text.extent.1);
        let layout = Arc::new(Layout::overlapping(shape)?);
        let mut grid = Grid::for_layout(&layout);
        for (index, written) in text.cells.iter().enumerate() {
            let (r, c) = (index / cols, index % cols);
            let name = || origin.cell_name(r, c, cols);
            match (layout.cell_at(r, c), written) {
                (Some(cell), Some(written)) => {
                    let class = cells::classify_text(written, &self.symbols);
                    grid.set(cell, self.digit(class, written, size, name)?);
                }
                (None, Some(written)) if is_given(written) || text.drawn => {
                    return Err(Error::BadValue {
                        cell: name(),
                        value: written.clone(),
                        reason: format!("it lies outside every grid of {}", layout.describe()),
                    });
                }
                (Some(_), None) => {
                    return Err(Error::BadValue {
                        cell: name(),
                        value: String::new(),
                        reason: format!(
                            "it is a cell of {}, but is drawn as a gap",
                            layout.describe()
                        ),
                    });
                }
                (None, _) => {}
            }
        }
        Ok(Puzzle::new(layout, grid, origin)?.with_symbols(self.symbols.clone()))
    }

    /// The givens of a Killer drawn on a sheet: its numbers that are not sums.
    fn drawn_givens(
        &self,
        drawn: &drawn::Drawn,
        table: &Table,
        area: &Area,
        origin: &Origin,
    ) -> Result<Grid, Error> {
        let size = area.height;
        let mut grid = Grid::empty(size);
        for (index, value) in drawn.givens.iter().enumerate() {
            let Some(value) = *value else {
                continue;
            };
            let (r, c) = (index / size, index % size);
            let raw = &table.cell(area.top + r, area.left + c).value;
            let digit = self.digit(CellClass::Value(value), &raw.display(), size, || {
                origin.cell_name(r, c, size)
            })?;
            grid.set(Cell::from_index(index), digit);
        }
        Ok(grid)
    }

    /// The givens of the grid at `area` of `table`, and the parity marks typed in its empty
    /// cells as letters or words (see [`marked::parity_letter`]), row-major.
    fn table_grid(
        &self,
        table: &Table,
        area: &Area,
        origin: &Origin,
    ) -> Result<(Grid, Vec<Option<Parity>>), Error> {
        let size = area.height;
        let mut grid = Grid::empty(size);
        let mut letters = vec![None; size * size];
        for (row, col) in cells_of(area) {
            let raw = &table.cell(row, col).value;
            let (r, c) = (row - area.top, col - area.left);
            let name = || origin.cell_name(r, c, size);
            if let RawValue::Text(text) = raw {
                if let Some(parity) = marked::parity_letter(text, size, &self.symbols) {
                    letters[r * size + c] = Some(parity);
                    continue;
                }
                if let Some(parity) = marked::digit_with_letter(text, size, &self.symbols) {
                    return Err(Error::BadMarking {
                        place: name(),
                        reason: format!(
                            "'{}' puts a digit and the {} mark in one cell; a given needs no \
                             mark: type the digit alone, or the letter alone in an empty cell",
                            text.trim(),
                            parity.word()
                        ),
                    });
                }
            }
            let digit = self.digit(classify(raw, &self.symbols), &raw.display(), size, name)?;
            grid.set(Cell::at(r, c, size), digit);
        }
        Ok((grid, letters))
    }

    /// Reads one cell's class as a digit of a grid of `size`, or explains why it is not one.
    fn digit(
        &self,
        class: CellClass,
        text: &str,
        size: usize,
        name: impl Fn() -> String,
    ) -> Result<Option<Digit>, Error> {
        let bad = |reason: String| Error::BadValue {
            cell: name(),
            value: text.trim().to_string(),
            reason,
        };
        match class {
            CellClass::Blank | CellClass::Empty => Ok(None),
            CellClass::Value(v) if v <= size => Ok(Some(Digit::new(v))),
            CellClass::Value(_) | CellClass::Other => Err(bad(cells::rejection(class, text, size))),
        }
    }

    /// The puzzle of a collection line.
    fn line_puzzle(&self, line: LinePuzzle) -> Result<Puzzle, Error> {
        let origin = Origin::Line { line: line.line };
        let mut grid = Grid::empty(line.size);
        for index in 0..line.cells.len() {
            let (r, c) = (index / line.size, index % line.size);
            let mut buffer = [0; 4];
            let symbol = line.cells.text(index, &mut buffer);
            let class = cells::classify_text(symbol, &self.symbols);
            let digit = self.digit(class, symbol, line.size, || {
                origin.cell_name(r, c, line.size)
            })?;
            grid.set(Cell::from_index(index), digit);
        }
        let regions = match &line.region_labels {
            Some(labels) => Some(regions::from_labels(labels, line.size)?),
            None if line.latin => Some(Regions::Latin),
            None => None,
        };
        let found = Found {
            regions,
            variants: line.variants,
            ..Found::default()
        };
        self.puzzle(grid, found, origin)
    }

    /// Settles the regions (options first, then what the source says, then default boxes), adds
    /// the extra houses (`--variant`, then the source's maps) and cages, and builds the puzzle.
    fn puzzle(&self, grid: Grid, found: Found, origin: Origin) -> Result<Puzzle, Error> {
        let size = grid.size();
        let regions = if self.options.latin {
            Regions::Latin
        } else if let Some(spec) = &self.options.boxes {
            Regions::parse_box(spec, size)?
        } else if let Some(path) = &self.options.regions_file {
            region_file(path, size)?
        } else if let Some(found) = found.regions {
            found
        } else {
            Regions::default_boxes(size).ok_or(Error::NoBoxShape { size })?
        };
        let mut variants = self.options.variants.clone();
        for variant in found.variants {
            if !variants.contains(&variant) {
                variants.push(variant);
            }
        }
        let mut layout = self.layout(size, regions, &variants, &found.houses)?;
        if !found.cages.is_empty() {
            let name = |cell: Cell| origin.cell_name(cell.row(size), cell.col(size), size);
            layout = Arc::new(layout.with_cages(found.cages, &name)?);
        }
        if !found.markings.is_empty() {
            layout = Arc::new(Layout::clone(&layout).with_markings(found.markings));
        }
        Ok(Puzzle::new(layout, grid, origin)?.with_symbols(self.symbols.clone()))
    }

    /// The layout of `regions` with the extra houses of `variants` and `houses`; kept for the
    /// next puzzle of the same shape.
    fn layout(
        &self,
        size: usize,
        regions: Regions,
        variants: &[Variant],
        houses: &[Vec<Cell>],
    ) -> Result<Arc<Layout>, Error> {
        let key = (size, regions.clone(), variants.to_vec(), houses.to_vec());
        if let Some(layout) = self.layouts.borrow().get(&key) {
            return Ok(layout.clone());
        }
        let mut layout = Layout::new(size, regions)?;
        for &variant in variants {
            layout = layout.with_variant(variant)?;
        }
        for cells in houses {
            layout = layout.with_extra_house(cells.clone());
        }
        let layout = Arc::new(layout);
        let mut layouts = self.layouts.borrow_mut();
        if layouts.len() >= LAYOUTS_KEPT {
            layouts.clear();
        }
        layouts.insert(key, layout.clone());
        Ok(layout)
    }
}

/// What a source says about a puzzle besides its grid: its regions, variants, extra houses,
/// cages, even/odd marks and consecutive bars.
#[derive(Debug, Default)]
struct Found {
    regions: Option<Regions>,
    variants: Vec<Variant>,
    houses: Vec<Vec<Cell>>,
    cages: Vec<Cage>,
    markings: Markings,
}

/// The bars of a consecutive Sudoku's masks (one text per cell, with the line of each row): bit
/// 0 (1) the right border, 1 (2) the lower, 2 (4) the left, 3 (8) the upper. Each bar must be
/// claimed by both its cells and stay inside the grid; the message names the cells.
fn bars_of_masks(
    masks: &[String],
    lines: &[usize],
    size: usize,
) -> Result<Vec<(Cell, Cell)>, Error> {
    let origin = Origin::TextGrid {
        lines: lines.to_vec(),
    };
    let name = |index: usize| origin.cell_name(index / size, index % size, size);
    let mut values = Vec::with_capacity(masks.len());
    for (index, text) in masks.iter().enumerate() {
        match text.parse::<u8>().ok().filter(|&m| m < 16) {
            Some(mask) => values.push(mask),
            None => {
                return Err(Error::BadValue {
                    cell: format!("{} of the bar masks", name(index)),
                    value: text.clone(),
                    reason: "a bar mask is a number from 0 to 15 (1 right, 2 below, 4 left, 8 \
                             above, added up)"
                        .into(),
                });
            }
        }
    }
    // Each side of a cell: its bit, the step to the neighbour, whether the neighbour exists, and
    // the neighbour's bit for the same border.
    let mut bars = Vec::new();
    for (index, &mask) in values.iter().enumerate() {
        let (r, c) = (index / size, index % size);
        let sides = [
            (1, "right", c + 1 < size, index + 1, 4),
            (2, "lower", r + 1 < size, index + size, 8),
            (4, "left", c > 0, index.wrapping_sub(1), 1),
            (8, "upper", r > 0, index.wrapping_sub(size), 2),
        ];
        for (bit, side, inside, other, back) in sides {
            if mask & bit == 0 {
                continue;
            }
            if !inside {
                return Err(Error::BadMarking {
                    place: format!("{} of the bar masks", name(index)),
                    reason: format!(
                        "its mask {mask} puts a bar on its {side} border, at the edge of the grid"
                    ),
                });
            }
            if values[other] & back == 0 {
                return Err(Error::BadMarking {
                    place: format!("{} and {} of the bar masks", name(index), name(other)),
                    reason: format!(
                        "the first's mask {mask} puts a bar on its {side} border, but the \
                         second's mask {} has none on that border",
                        values[other]
                    ),
                });
            }
            if bit <= 2 {
                bars.push((Cell::from_index(index), Cell::from_index(other)));
            }
        }
    }
    Ok(bars)
}

/// The parity marks of a grid at `area` of `table`: the `letters` typed in its cells with the
/// marks its fills give (`filled`, from [`marked_sheet::parity`]), row-major. A letter and a fill
/// that disagree are an error naming the cell. Where the fills mark one parity and leave the
/// other to every cell without a fill (janko.at's way), letters of that other parity say the
/// sheet writes it out: the unfilled cells without a letter then have no mark.
fn typed_parity(
    table: &Table,
    area: &Area,
    letters: Vec<Option<Parity>>,
    filled: Option<Vec<Option<Parity>>>,
    name: &dyn Fn(Cell) -> String,
) -> Result<Vec<Option<Parity>>, Error> {
    let Some(filled) = filled else {
        return Ok(letters);
    };
    let has_fill: Vec<bool> = cells_of(area)
        .map(|(r, c)| table.cell(r, c).fill.is_some())
        .collect();
    let plain = (filled.iter().zip(&has_fill)).find_map(|(mark, &fill)| mark.filter(|_| !fill));
    let written_out = plain.is_some_and(|plain| letters.contains(&Some(plain)));
    let mut marks = Vec::with_capacity(letters.len());
    for (index, (letter, mark)) in letters.into_iter().zip(filled).enumerate() {
        let mark = match (letter, mark) {
            (Some(letter), Some(mark)) if letter != mark => {
                return Err(Error::BadMarking {
                    place: name(Cell::from_index(index)),
                    reason: format!(
                        "its letter marks it {} but its fill marks it {}",
                        letter.word(),
                        mark.word()
                    ),
                });
            }
            (Some(letter), _) => Some(letter),
            (None, _) if written_out && !has_fill[index] => None,
            (None, mark) => mark,
        };
        marks.push(mark);
    }
    Ok(marks)
}

/// Refuses a range given for the grid (`range`, at `area`) that holds no cell of the part of
/// `table` in use, naming that part.
fn check_in_use(table: &Table, area: &Area, range: &str) -> Result<(), Error> {
    let reason = match table.used() {
        Some(used) if used.overlaps(area) => return Ok(()),
        Some(used) => format!(
            "it lies outside what {} uses, {}",
            table.place,
            table.describe(&used)
        ),
        None => format!("{} holds nothing", table.place),
    };
    Err(Error::BadRange {
        range: range.to_string(),
        reason,
    })
}

/// Refuses a grid at `area` that reaches past the last row or column of a file that ends where
/// `table` does (CSV and text): a grid cut short, not one with blank rows. A text of one line is
/// neither a grid nor a one-line puzzle, and the message says what each needs.
fn check_written(table: &Table, area: &Area) -> Result<(), Error> {
    let rows = table.rows().saturating_sub(area.top).min(area.height);
    let cols = table.cols().saturating_sub(area.left).min(area.width);
    if !table.bounded || (rows == area.height && cols == area.width) {
        return Ok(());
    }
    let written = Area {
        height: rows.max(1),
        width: cols.max(1),
        ..*area
    };
    if table.addressable || table.rows() > 1 {
        return Err(Error::NotSquare {
            place: format!("{} at {}", table.place, table.describe(&written)),
            rows,
            cols,
        });
    }
    Err(Error::OneLine {
        place: table.place.clone(),
        symbols: cols,
    })
}

/// Fails when text rows of the grid were written with fewer cells than the grid is wide: all of
/// them (the block is not square) or some (the grid is ragged).
fn check_ragged(table: &Table, area: &Area) -> Result<(), Error> {
    let needed = area.left + area.width;
    let length = |r: usize| table.row_lengths.get(r).copied().unwrap_or(needed);
    let rows = area.top..area.top + area.height;
    let Some(short) = rows.clone().find(|&r| length(r) < needed) else {
        return Ok(());
    };
    let found = length(short).saturating_sub(area.left);
    if rows.clone().all(|r| length(r) == length(short)) {
        return Err(Error::NotSquare {
            place: format!(
                "{} at {}",
                table.place,
                table.describe(&Area {
                    width: found,
                    ..*area
                })
            ),
            rows: area.height,
            cols: found,
        });
    }
    Err(Error::Ragged {
        place: format!("{}, {}", table.place, table.locate(short, area.left)),
        row: short - area.top + 1,
        found,
        expected: area.width,
    })
}

fn cells_of(area: &Area) -> impl Iterator<Item = (usize, usize)> + use<> {
    let area = *area;
    (area.top..area.top + area.height)
        .flat_map(move |r| (area.left..area.left + area.width).map(move |c| (r, c)))
}

/// The labels of a `Regions` sheet: at the grid's own address when that block is filled,
/// otherwise the sheet's only block of labels.
fn region_sheet_labels(table: &Table, grid: &Area) -> Result<Vec<String>, Error> {
    sheet_labels(table, grid, true)
}

/// The labels of an `Extra` sheet: at the grid's own address when some are there, otherwise the
/// sheet's only block of labels (unlabelled cells are blank, `.`, `-` or `0`).
fn extra_sheet_labels(table: &Table, grid: &Area) -> Result<Vec<String>, Error> {
    sheet_labels(table, grid, false).map_err(|error| match error {
        Error::BadRegions { reason } => Error::BadExtraHouse { reason },
        other => other,
    })
}

/// The labels of a sheet of labels for the grid at `grid`: at the grid's own address when that
/// block is filled (`full`: every cell; otherwise some), else the sheet's only block of labels.
fn sheet_labels(table: &Table, grid: &Area, full: bool) -> Result<Vec<String>, Error> {
    let label = |(r, c): (usize, usize)| table.cell(r, c).value.display().trim().to_string();
    let at_grid: Vec<String> = cells_of(grid).map(label).collect();
    let filled = at_grid.iter().filter(|l| !l.is_empty()).count();
    if (full && filled == at_grid.len()) || (!full && filled > 0) {
        return Ok(at_grid);
    }
    let used: Vec<(usize, usize)> = cells_of(&Area {
        top: 0,
        left: 0,
        height: table.rows(),
        width: table.cols(),
    })
    .filter(|&(r, c)| !table.cell(r, c).value.is_blank())
    .collect();
    let (top, left) = used
        .iter()
        .fold((usize::MAX, usize::MAX), |(t, l), &(r, c)| {
            (t.min(r), l.min(c))
        });
    let block = Area::square(top.min(table.rows()), left.min(table.cols()), grid.height);
    if used.is_empty()
        || used
            .iter()
            .any(|&(r, c)| !block.contains(&Area::square(r, c, 1)))
    {
        let what = if full {
            "region labels"
        } else {
            "extra-house labels (`.` in the other cells)"
        };
        return Err(Error::BadRegions {
            reason: format!(
                "{} must hold one {n}x{n} block of {what} (at {} like the grid, or alone)",
                table.place,
                grid.a1(),
                n = grid.height
            ),
        });
    }
    Ok(cells_of(&block).map(label).collect())
}

/// The regions of a `--regions` file for an N x N grid (boxes when its labels repeat a box
/// pattern, otherwise a jigsaw map); a bad map's message names the file.
pub fn region_file(path: &Path, size: usize) -> Result<Regions, Error> {
    regions::from_labels(&read_label_file(path, size)?, size).map_err(|error| match error {
        Error::BadRegions { reason } => Error::BadRegions {
            reason: format!("{}: {reason}", path.display()),
        },
        other => other,
    })
}

/// Reads a `--regions` file: N lines of N labels, separated by commas, semicolons, tabs or spaces,
/// or written one character per cell.
fn read_label_file(path: &Path, size: usize) -> Result<Vec<String>, Error> {
    let text = std::fs::read_to_string(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let tokens: Vec<String> = line
                .split([',', ';', '\t', ' '])
                .filter(|t| !t.is_empty())
                .map(str::to_string)
                .collect();
            if tokens.len() == size {
                tokens
            } else {
                line.chars()
                    .filter(|c| !c.is_whitespace())
                    .map(String::from)
                    .collect()
            }
        })
        .collect();
    if let Some((index, row)) = rows.iter().enumerate().find(|(_, row)| row.len() != size) {
        return Err(Error::BadRegions {
            reason: format!(
                "{} line {} has {} labels, expected {size}",
                path.display(),
                index + 1,
                row.len()
            ),
        });
    }
    Ok(rows.concat())
}

impl From<BadLine> for Error {
    fn from(bad: BadLine) -> Error {
        Error::BadLine {
            line: bad.line,
            reason: bad.reason,
        }
    }
}
