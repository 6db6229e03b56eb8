//! The library's error type: every way an input can be unreadable or invalid, or an output
//! unwritable.
//!
//! Each message names the place a person has to look at: the file, the sheet, the cell by its sheet
//! address and as `r4c3`, and the offending value. Puzzles that read fine but have no solution or
//! several are not errors; they are verdicts (see [`crate::search`]).

use std::path::PathBuf;
use thiserror::Error;

/// Everything that can go wrong while reading or validating a puzzle.
#[derive(Debug, Error)]
pub enum Error {
    /// The file could not be read.
    #[error("cannot read {path}: {}", io_reason(source, Access::Read))]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },

    /// A workbook could not be opened or a sheet could not be read.
    #[error("cannot read workbook {path}: {message}")]
    Workbook {
        /// The file.
        path: PathBuf,
        /// What the workbook reader said.
        message: String,
    },

    /// A workbook that its reader cannot make sense of: broken, cut short, or written in a way
    /// gridlogic cannot read.
    #[error(
        "cannot read {path}: the .{extension} file is damaged or in a form gridlogic cannot read \
         ({why}); open it in its spreadsheet program and save it again"
    )]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Its extension, without the dot: `xls`.
        extension: String,
        /// What is wrong, in a person's words: `a record of it ends early`.
        why: String,
    },

    /// The file holds something that cannot be a puzzle, or not under its name: a picture, a
    /// PDF, nothing, text named as a workbook, a password-protected workbook.
    #[error("it {what}: {advice}")]
    Unfit {
        /// What the file is: `is a PNG image, not a puzzle gridlogic can read`.
        what: String,
        /// What to do.
        advice: String,
    },

    /// An output file could not be written.
    #[error("cannot write {path}: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },

    /// The named sheet does not exist.
    #[error(
        "there is no sheet named '{sheet}'; the workbook has: {}",
        quoted(available)
    )]
    SheetNotFound {
        /// The name asked for.
        sheet: String,
        /// The sheets there are.
        available: Vec<String>,
    },

    /// The file or sheet holds nothing.
    #[error("{what} is empty")]
    Empty {
        /// What was empty: `file x.csv`, `sheet 'Sheet1'`.
        what: String,
    },

    /// No square grid could be found.
    #[error("no Sudoku grid found in {place}: {detail}")]
    NoGrid {
        /// The file or sheet.
        place: String,
        /// What was found instead, and what to do.
        detail: String,
    },

    /// Several blocks could be the grid.
    #[error(
        "more than one block in {place} could be the grid:\n{}\nchoose one with --range, e.g. --range {}",
        found.iter().map(|f| format!("  - {f}")).collect::<Vec<_>>().join("\n"),
        suggestion
    )]
    AmbiguousGrid {
        /// The file or sheet.
        place: String,
        /// Each candidate block, described.
        found: Vec<String>,
        /// A range for the first candidate.
        suggestion: String,
    },

    /// A `--range` or defined name could not be used.
    #[error("bad range '{range}': {reason}")]
    BadRange {
        /// The range as given.
        range: String,
        /// Why it cannot be used.
        reason: String,
    },

    /// The grid's rows and columns differ in number.
    #[error("the grid in {place} is not square: {rows} rows of {cols} cells")]
    NotSquare {
        /// Where the grid is.
        place: String,
        /// Rows found.
        rows: usize,
        /// Cells per row found.
        cols: usize,
    },

    /// A text of one line that is neither a grid nor a one-line puzzle (N² symbols): the
    /// message names the count, and the nearest size when it is close to one.
    #[error(
        "{place} is one line of {symbols} symbols{}, a grid N lines of N",
        one_line_advice(*symbols)
    )]
    OneLine {
        /// The file.
        place: String,
        /// How many symbols the line holds.
        symbols: usize,
    },

    /// A row of the grid has the wrong number of cells.
    #[error("{place}: row {row} has {found} cells, expected {expected}")]
    Ragged {
        /// File and line.
        place: String,
        /// 1-based grid row.
        row: usize,
        /// Cells in that row.
        found: usize,
        /// Cells in the other rows.
        expected: usize,
    },

    /// A cell holds something that is not a digit of this grid.
    #[error("cell {cell} holds '{value}': {reason}")]
    BadValue {
        /// The cell: `r4c3 (C4)`.
        cell: String,
        /// The value as written.
        value: String,
        /// Why it is not accepted.
        reason: String,
    },

    /// The same digit appears twice in a house.
    #[error("digit {digit} appears twice in {house}: at {first} and at {second}")]
    Duplicate {
        /// The digit as written.
        digit: String,
        /// The house: `row 4`, `box 2`, `region 5`.
        house: String,
        /// The first cell holding it.
        first: String,
        /// The second cell holding it.
        second: String,
    },

    /// An input past one of the limits of [`crate::read::limits`], refused before the memory
    /// or time it would take is spent.
    #[error("{what} is too large: {size}, and gridlogic reads at most {limit}{advice}")]
    TooLarge {
        /// What: `sheet 'Sheet1' of big.xlsx`, `part xl/worksheets/sheet1.xml of big.xlsx`.
        what: String,
        /// How large it is: `it spans A1:XFD1048576, 17,179,869,184 cells`.
        size: String,
        /// The limit: `1,000,000 cells`.
        limit: String,
        /// What to do, after a `; `, or nothing.
        advice: String,
    },

    /// The grid size is outside 1..=100.
    #[error("a {size}x{size} grid is not supported: sizes 1 to 100 are")]
    BadSize {
        /// The size found.
        size: usize,
    },

    /// The size has no box shape and no region map was given.
    #[error(
        "a {size}x{size} grid cannot be divided into boxes ({size} has no factorisation into two \
         factors greater than 1): give a region map (cell fills, a 'Regions' sheet, a second block \
         of labels, or --regions FILE), or use --latin for a grid without regions"
    )]
    NoBoxShape {
        /// The size.
        size: usize,
    },

    /// A `--box` shape does not fit.
    #[error("bad box shape '{spec}': {reason}")]
    BadBoxShape {
        /// The shape as given.
        spec: String,
        /// Why it does not fit.
        reason: String,
    },

    /// A region map is malformed.
    #[error("bad region map: {reason}")]
    BadRegions {
        /// What is wrong.
        reason: String,
    },

    /// A Killer cage that cannot be: cells outside the grid or in two cages, too many cells,
    /// a sum out of reach.
    #[error("bad {cage}: {reason}")]
    BadCage {
        /// The cage: `cage 17 at r1c1 (B2), r1c2 (C2)`.
        cage: String,
        /// What is wrong.
        reason: String,
    },

    /// An overlapping layout (`--layout`, or the grids found on a sheet) that cannot be.
    #[error("bad layout: {reason}")]
    BadLayout {
        /// What is wrong.
        reason: String,
    },

    /// An extra house (from `--variant` or an extra-house map) that cannot be.
    #[error("bad extra house: {reason}")]
    BadExtraHouse {
        /// What is wrong.
        reason: String,
    },

    /// An even/odd mark or a consecutive bar that cannot be: a bar between cells that do not
    /// touch, a bar one cell's mask claims and the other's does not, a given digit it rules out.
    #[error("bad marking at {place}: {reason}")]
    BadMarking {
        /// The cell or cells: `r1c2 (line 3)`, `r1c2 (line 3) and r1c3 (line 3)`.
        place: String,
        /// What is wrong.
        reason: String,
    },

    /// A `--symbols` alphabet is unusable.
    #[error("bad symbol alphabet '{alphabet}': {reason}")]
    BadSymbols {
        /// The alphabet as given.
        alphabet: String,
        /// What is wrong.
        reason: String,
    },

    /// The Shikaku numbers do not add up to the grid's area.
    #[error(
        "the {clues} numbers add up to {sum}, but the {rows}x{cols} grid has {} cells: the \
         rectangles must cover every cell exactly once",
        rows * cols
    )]
    ShikakuArea {
        /// The sum of the numbers.
        sum: usize,
        /// Grid rows.
        rows: usize,
        /// Grid columns.
        cols: usize,
        /// How many numbers there are.
        clues: usize,
    },

    /// A Shikaku number has no rectangle at all.
    #[error(
        "{clue} fits no rectangle: every {number}-cell rectangle through it leaves the grid or \
         holds another number"
    )]
    ShikakuNoRectangle {
        /// The clue: `the 6 at r2c3 (C2)`.
        clue: String,
        /// Its number.
        number: usize,
    },

    /// No Shikaku grid could be located.
    #[error("no Shikaku grid found in {place}: {detail}")]
    NoShikakuGrid {
        /// The file or sheet.
        place: String,
        /// What was found, and what to do.
        detail: String,
    },

    /// A line of a collection holds no puzzle.
    #[error("line {line}: {reason}")]
    BadLine {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it.
        reason: String,
    },

    /// Options that cannot be used together, or an option that does not apply.
    #[error("{0}")]
    Usage(String),

    /// Sudoku Explainer's or HoDoKu's rating was asked for a puzzle it cannot rate.
    #[error(
        "the {rating} rating (--rating {key}) is for 9x9 puzzles with 3x3 boxes and no extra \
         houses or cages, as {rating} is; this puzzle is {layout}"
    )]
    RatingLayout {
        /// Whose rating: `Sudoku Explainer`, `HoDoKu`.
        rating: &'static str,
        /// The `--rating` value: `se`, `hodoku`.
        key: &'static str,
        /// The puzzle's size, regions and variant: `16x16 with 4x4 boxes`, `9x9 with 3x3 boxes,
        /// both diagonals`.
        layout: String,
    },

    /// No generated puzzle met the request within the attempts allowed (not bad input: exit 1).
    #[error(
        "no puzzle met the request ({request}) in {attempts} attempts; allow more with --attempts, or ask for fewer holes or another level"
    )]
    NotGenerated {
        /// How many attempts were made.
        attempts: usize,
        /// The request, described.
        request: String,
    },

    /// No generated puzzle met the request within the time limit (not bad input: exit 1).
    #[error(
        "undecided within {seconds} s: no puzzle met the request ({request}) in time; allow more with --time-limit"
    )]
    OutOfTime {
        /// The time limit, in seconds.
        seconds: f64,
        /// The request, described.
        request: String,
    },
}

/// What was being done to a file when the system refused: its wording depends on it (a missing
/// file to read is "no such file", a file that cannot be made is "no such folder").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Reading a file.
    Read,
    /// Making or writing a file.
    Write,
}

/// Why the system refused `error`, in a person's words and without its error number (`no such
/// file`, `permission denied`, `the disk is full`), for a message that names the file. Errors the
/// system gives no kind for keep its own description, still without the number.
pub fn io_reason(error: &std::io::Error, access: Access) -> String {
    use std::io::ErrorKind as Kind;
    let reason = match (error.kind(), access) {
        (Kind::NotFound, Access::Read) => "no such file",
        (Kind::NotFound, Access::Write) => "no such folder",
        (Kind::PermissionDenied, _) => "permission denied",
        (Kind::IsADirectory, _) => "it is a folder, not a file",
        (Kind::NotADirectory, _) => "a part of the path is a file, not a folder",
        (Kind::ReadOnlyFilesystem, _) => "the disk is read-only",
        (Kind::StorageFull | Kind::QuotaExceeded, _) => "the disk is full",
        (Kind::FileTooLarge, _) => "the file is larger than the system allows",
        (Kind::InvalidFilename, _) => "the name is too long or has characters the system refuses",
        (Kind::InvalidData, Access::Read) => "it is not text (UTF-8)",
        (Kind::UnexpectedEof, Access::Read) => "it ends early (the file may be cut short)",
        (Kind::AlreadyExists, _) => "a file of that name exists",
        (Kind::BrokenPipe, _) => "the program reading it has stopped",
        (Kind::Interrupted, _) => "interrupted",
        _ => return system_words(error),
    };
    reason.to_string()
}

/// The system's description of `error` without the `(os error N)` that follows it, starting in
/// lower case as the rest of a message does.
fn system_words(error: &std::io::Error) -> String {
    let text = error.to_string();
    let words = match text.find(" (os error ") {
        Some(end) => &text[..end],
        None => &text,
    };
    let mut chars = words.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The library's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The smallest grid written on one line: a 3x3.
const SMALLEST_ONE_LINE: usize = 3;

/// What a line of `symbols` symbols lacks to be a one-line puzzle: `, one short of a 9x9's 81:
/// a puzzle on one line has N² symbols` when a square N² (N from 3) is within N of it, else `:
/// a puzzle on one line has N² symbols (81 for a 9x9, 16 for a 4x4, …)`.
pub(crate) fn one_line_advice(symbols: usize) -> String {
    let rule = "a puzzle on one line has N² symbols";
    match nearest_square(symbols) {
        Some(miss) => format!(", {miss}: {rule}"),
        None => format!(": {rule} (81 for a 9x9, 16 for a 4x4, …)"),
    }
}

/// How `symbols` misses the nearest square N² (N from 3), when it is within N of it:
/// `one short of a 9x9's 81`, `2 more than a 9x9's 81`.
fn nearest_square(symbols: usize) -> Option<String> {
    let below = (SMALLEST_ONE_LINE..)
        .take_while(|n| n * n <= symbols)
        .last()
        .unwrap_or(SMALLEST_ONE_LINE);
    let n = [below, below + 1]
        .into_iter()
        .min_by_key(|n| symbols.abs_diff(n * n))?;
    let square = n * n;
    let gap = symbols.abs_diff(square);
    if gap == 0 || gap > n {
        return None;
    }
    let count = match gap {
        1 => "one".to_string(),
        _ => gap.to_string(),
    };
    let relation = match symbols < square {
        true => "short of",
        false => "more than",
    };
    Some(format!("{count} {relation} a {n}x{n}'s {square}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    #[test]
    fn system_errors_are_said_without_their_numbers() {
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(io_reason(&missing, Access::Read), "no such file");
        assert_eq!(io_reason(&missing, Access::Write), "no such folder");
        // A kind the wording above does not cover: the system's words, lower case, no number.
        let busy = io::Error::from_raw_os_error(16);
        let said = io_reason(&busy, Access::Write);
        assert!(
            !said.contains("os error") && said.starts_with(char::is_lowercase),
            "{said}"
        );
        assert_eq!(io_reason(&io::Error::other("Odd"), Access::Read), "odd");
    }
}
