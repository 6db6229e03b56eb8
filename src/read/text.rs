//! Text input: one-line puzzles (the format of public collections), CSV/TSV tables, and grids
//! drawn in plain text with separators such as `4 0 0 | 0 7 8 | 0 0 3` and `------+------`.
//!
//! Trailing blocks of labels, each after a blank line, are split off: a region map (a label in
//! every cell, N regions of N connected cells) and extra-house maps (labels in some cells, each
//! label on N cells; `.`, `-`, `0` or nothing elsewhere).

use crate::error::Error;
use crate::model::{Symbols, Variant};
use crate::read::table::Table;
use crate::read::{limits, regions};

/// What a text file holds.
#[derive(Debug)]
pub enum TextInput {
    /// Puzzles written one per line (a header and blank lines dropped), or why a line holds
    /// none.
    Lines(Vec<Result<LinePuzzle, BadLine>>),
    /// A table to find the grid in, and the label blocks that follow it.
    Table {
        /// The table.
        table: Table,
        /// One label per cell, row-major, from the trailing region map.
        region_labels: Option<Vec<String>>,
        /// One label (or empty marker) per cell, row-major, for each extra-house map.
        extra_labels: Vec<Vec<String>>,
    },
}

/// A puzzle written on one line: `N² symbols [region labels] [solution] [variants] [anything
/// else]`, or the fields a header names.
#[derive(Debug, Clone)]
pub struct LinePuzzle {
    /// 1-based line number.
    pub line: usize,
    /// N.
    pub size: usize,
    /// The cells as written.
    pub cells: LineCells,
    /// Whether the line says `latin`: a grid without regions.
    pub latin: bool,
    /// One region label per cell, when the line carries a region map.
    pub region_labels: Option<Vec<String>>,
    /// The solution the line gives, as written.
    pub solution: Option<String>,
    /// The line's id, from a header's `id` column.
    pub id: Option<String>,
    /// The variants named in a field after the puzzle's (`x`, `windoku`).
    pub variants: Vec<Variant>,
}

/// The cells of a one-line puzzle as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineCells {
    /// One symbol a cell (`4...78..3`).
    Symbols(Vec<char>),
    /// Numbers separated by spaces, `0` for empty: the form `generate` writes grids larger than
    /// the one-character alphabet in.
    Numbers(Vec<String>),
}

impl LineCells {
    /// How many cells.
    pub fn len(&self) -> usize {
        match self {
            LineCells::Symbols(symbols) => symbols.len(),
            LineCells::Numbers(numbers) => numbers.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The text of cell `index` (a symbol is encoded in `buffer`).
    pub fn text<'a>(&'a self, index: usize, buffer: &'a mut [u8; 4]) -> &'a str {
        match self {
            LineCells::Symbols(symbols) => symbols[index].encode_utf8(buffer),
            LineCells::Numbers(numbers) => &numbers[index],
        }
    }

    /// The puzzle as written: its symbols, or its numbers separated by spaces.
    pub fn written(&self) -> String {
        match self {
            LineCells::Symbols(symbols) => symbols.iter().collect(),
            LineCells::Numbers(numbers) => numbers.join(" "),
        }
    }
}

/// A collection line that holds no puzzle, and why.
#[derive(Debug, Clone)]
pub struct BadLine {
    /// 1-based line number.
    pub line: usize,
    /// Its puzzle field as written.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
    /// The line's id, from a header's `id` column.
    pub id: Option<String>,
}

/// Header names of the column that holds the puzzle in a collection (`quizzes,solutions`,
/// `id,puzzle,solution,clues,difficulty`).
const PUZZLE_NAMES: [&str; 8] = [
    "quizzes", "quiz", "puzzles", "puzzle", "givens", "grid", "sudoku", "board",
];
/// Header names of the column that holds the solution.
const SOLUTION_NAMES: [&str; 4] = ["solutions", "solution", "answer", "solved"];
/// The word of a collection line whose puzzle has no regions (a Latin square), as `generate`
/// writes one.
pub const LATIN: &str = "latin";
/// Header names of the column that holds the region labels.
const REGION_NAMES: [&str; 2] = ["regions", "layout"];

/// Which field of a collection line holds what: named by a header such as `quizzes,solutions`
/// or `id,puzzle,solution,clues`, or found by position (`[N] givens [regions] [solution] …`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Fields {
    /// The header's line number, when there is a header.
    pub header_line: Option<usize>,
    /// The header's delimiter; `None` when fields are found by position, separated by any of
    /// space, tab, `,` and `;`.
    delimiter: Option<char>,
    /// The puzzle's field.
    puzzle: usize,
    /// Whether a header names the puzzle's field (`quizzes`, `puzzle`, …).
    named: bool,
    /// The solution's field, when the header names one.
    solution: Option<usize>,
    /// The region labels' field, when the header names one.
    regions: Option<usize>,
    /// The id's field, when the header names one.
    id: Option<usize>,
}

impl Fields {
    /// The fields a header line names, when the line is a header: words only (`quizzes,solutions`).
    /// Only a delimited header (`,`, `;` or tab) names fields; a title of words is skipped and
    /// fields are found by position.
    pub fn of_header(line: &str) -> Option<Fields> {
        let words = |w: &str| w.chars().all(|c| c.is_alphabetic() || c == '_');
        if !line.split([',', ';', '\t', ' ']).all(|w| words(w.trim())) {
            return None;
        }
        let Some(delimiter) = [',', ';', '\t'].into_iter().find(|&d| line.contains(d)) else {
            return Some(Fields::default());
        };
        let names: Vec<String> = line
            .split(delimiter)
            .map(|n| n.trim().to_lowercase())
            .collect();
        let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
        Some(Fields {
            header_line: None,
            delimiter: Some(delimiter),
            puzzle: find(&PUZZLE_NAMES).unwrap_or(0),
            named: find(&PUZZLE_NAMES).is_some(),
            solution: find(&SOLUTION_NAMES),
            regions: find(&REGION_NAMES),
            id: find(&["id"]),
        })
    }

    /// Splits a line into its fields.
    fn split<'t>(&self, text: &'t str) -> Vec<&'t str> {
        match self.delimiter {
            Some(d) => text.split(d).map(str::trim).collect(),
            None => text
                .split([' ', '\t', ',', ';'])
                .filter(|t| !t.is_empty())
                .collect(),
        }
    }

    /// Reads a collection line: its puzzle, and the regions, solution and id it gives; or says
    /// why it holds no puzzle.
    pub fn line_puzzle(
        &self,
        line: usize,
        text: &str,
        symbols: &Symbols,
    ) -> Result<LinePuzzle, String> {
        let mut tokens = self.split(text);
        // An optional leading size, as in `9 <givens> <regions> <solution> <id>`.
        if self.delimiter.is_none()
            && tokens.len() > 1
            && tokens[0]
                .parse::<usize>()
                .is_ok_and(|n| n.checked_mul(n) == Some(tokens[1].chars().count()))
        {
            tokens.remove(0);
        }
        let latin = tokens.iter().any(|t| t.eq_ignore_ascii_case(LATIN));
        if let Some((size, numbers)) = self.numbers(&tokens, symbols) {
            return Ok(LinePuzzle {
                line,
                size,
                cells: LineCells::Numbers(numbers),
                latin,
                region_labels: None,
                solution: None,
                id: None,
                variants: tokens.iter().filter_map(|t| Variant::parse(t)).collect(),
            });
        }
        let field = |index: Option<usize>| index.and_then(|i| tokens.get(i).copied());
        let givens = field(Some(self.puzzle)).unwrap_or_default();
        let size = puzzle_size(givens, symbols)?;
        let cells: Vec<char> = givens.chars().collect();
        let labels_of = |token: &str| {
            let labels: Vec<String> = token.chars().map(String::from).collect();
            let lettered = token.chars().all(|c| c.is_ascii_alphabetic());
            (labels.len() == cells.len() && lettered && regions::from_labels(&labels, size).is_ok())
                .then_some(labels)
        };
        let is_solution = |token: &&str| {
            token.chars().count() == cells.len()
                && token
                    .chars()
                    .all(|c| symbols.value_of(c).is_some_and(|v| v <= size))
        };
        let (region_labels, solution) = match self.delimiter {
            Some(_) => (
                field(self.regions).and_then(labels_of),
                field(self.solution).filter(|t| !t.is_empty()),
            ),
            None => {
                let labels = tokens.get(1).and_then(|t| labels_of(t));
                let next = 1 + usize::from(labels.is_some());
                (labels, tokens.get(next).copied().filter(is_solution))
            }
        };
        let variants = (tokens.iter().enumerate())
            .filter(|&(i, _)| i != self.puzzle)
            .filter_map(|(_, t)| Variant::parse(t))
            .collect();
        Ok(LinePuzzle {
            line,
            size,
            cells: LineCells::Symbols(cells),
            latin,
            region_labels,
            solution: solution.map(str::to_string),
            id: field(self.id).map(str::to_string),
            variants,
        })
    }

    /// The size and cells of a line that starts with N² numbers separated by spaces, N larger
    /// than the alphabet `symbols` (which one-symbol lines use up to its length) and at most
    /// [`MAX_SIZE`](crate::model::MAX_SIZE): the form `generate` writes such grids in, one
    /// puzzle a line. Only lines without a field delimiter; a number larger than N is left for
    /// the reader to name.
    fn numbers(&self, tokens: &[&str], symbols: &Symbols) -> Option<(usize, Vec<String>)> {
        if self.delimiter.is_some() || self.puzzle != 0 {
            return None;
        }
        let count = tokens
            .iter()
            .take_while(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .count();
        let size = (symbols.len() + 1..=crate::model::MAX_SIZE).find(|n| n * n == count)?;
        Some((
            size,
            tokens[..count].iter().map(|t| t.to_string()).collect(),
        ))
    }

    /// Reads a collection line as [`Fields::line_puzzle`] does, keeping what a bad line's row
    /// shows.
    pub fn read_line(
        &self,
        line: usize,
        text: &str,
        symbols: &Symbols,
    ) -> Result<LinePuzzle, BadLine> {
        self.line_puzzle(line, text, symbols).map_err(|reason| {
            let tokens = self.split(text);
            BadLine {
                line,
                text: tokens
                    .get(self.puzzle)
                    .copied()
                    .unwrap_or_default()
                    .to_string(),
                reason,
                id: self.id.and_then(|i| tokens.get(i)).map(|t| t.to_string()),
            }
        })
    }
}

/// The size of a one-line puzzle (`givens` holds N² cells, N from 3 up), or why it is not one.
fn puzzle_size(givens: &str, symbols: &Symbols) -> Result<usize, String> {
    if givens.is_empty() {
        return Err("the puzzle field is empty".into());
    }
    let length = givens.chars().count();
    // From 3x3 up: a line of four symbols is more likely a row of a drawn grid than a 2x2 puzzle.
    let Some(size) = (3..=symbols.len()).find(|n| n * n == length) else {
        return Err(format!(
            "the puzzle has {length} symbols{}",
            crate::error::one_line_advice(length)
        ));
    };
    let is_cell = |c: char| symbols.value_of(c).is_some() || matches!(c, '.' | '0' | '-');
    if let Some((index, c)) = givens.chars().enumerate().find(|&(_, c)| !is_cell(c)) {
        return Err(format!(
            "symbol {} of the puzzle is '{c}', which is neither a digit nor an empty-cell mark \
             (. 0 -)",
            index + 1
        ));
    }
    Ok(size)
}

/// How the lines of a collection are read, when `lines` (the file's first lines, comments and
/// blank lines dropped, with their line numbers) are one: at least half read as one-line puzzles
/// (or one, under a header that names the puzzle's column), and they are not the rows of one
/// drawn grid (N lines of N symbols). `complete` says whether `lines` are the whole file.
pub fn collection_fields(
    lines: &[(usize, &str)],
    symbols: &Symbols,
    complete: bool,
) -> Option<Fields> {
    let (fields, content) = match lines.split_first() {
        Some((first, rest)) => match Fields::of_header(first.1) {
            Some(fields) => (
                Fields {
                    header_line: Some(first.0),
                    ..fields
                },
                rest,
            ),
            None => (Fields::default(), lines),
        },
        None => return None,
    };
    let read: Vec<LinePuzzle> = content
        .iter()
        .filter_map(|&(line, text)| fields.line_puzzle(line, text, symbols).ok())
        .collect();
    let first = read.first()?;
    // Square lines of N symbols, N in number, are a grid drawn row by row, not N puzzles.
    let drawn_grid = complete
        && content.len() == first.size * first.size
        && first.size * first.size <= symbols.len();
    let enough = fields.named || read.len() * 2 >= content.len();
    (enough && !drawn_grid).then_some(fields)
}

/// Parses the text of a file. `place` names it in messages. The text must have passed
/// [`check_text`], which bounds the table built from it.
pub fn parse(text: &str, place: &str, symbols: &Symbols) -> TextInput {
    let all_lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .collect();
    let lines: Vec<(usize, &str)> = all_lines
        .iter()
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .copied()
        .collect();
    let content: Vec<(usize, &str)> = lines
        .iter()
        .filter(|(_, l)| !l.trim().is_empty())
        .copied()
        .collect();
    if let Some(fields) = collection_fields(&content, symbols, true) {
        let puzzles = content
            .iter()
            .filter(|&&(line, _)| Some(line) != fields.header_line)
            .map(|&(line, text)| fields.read_line(line, text, symbols))
            .collect();
        return TextInput::Lines(puzzles);
    }
    // CSV rows keep every line (comments become labels) so that rows match sheet addresses.
    let (rows, addressable) = match delimiter(&lines) {
        Some(delimiter) => (delimited_rows(&all_lines, delimiter), true),
        None => (one_line_grid(drawn_rows(&lines)), false),
    };
    let (rows, region_labels, extra_labels) = split_label_blocks(rows);
    let line_numbers = rows.iter().map(|(line, _)| *line).collect();
    let cells = rows.into_iter().map(|(_, cells)| cells).collect();
    let mut table = Table::from_text_rows(place.to_string(), cells);
    table.addressable = addressable;
    table.lines = line_numbers;
    TextInput::Table {
        table,
        region_labels,
        extra_labels,
    }
}

/// Refuses a text whose lines would make a table of more than [`limits::MAX_TABLE_CELLS`]
/// cells, before anything is built from it. The table is the one [`parse`] builds: of a CSV
/// (fields between `,` `;` or tabs), every line, comments too, each as many cells as it has
/// fields; else the lines that are not `#` comments (a drawing of the grid in comments, as
/// `generate` writes one, counts for nothing), each at most as many cells as characters.
pub fn check_text(text: &str, place: &str) -> Result<(), Error> {
    let all: Vec<&str> = text.lines().collect();
    let content: Vec<(usize, &str)> = (all.iter().enumerate())
        .filter(|(_, l)| !l.trim_start().starts_with('#'))
        .map(|(i, l)| (i + 1, *l))
        .collect();
    let (lines, widest) = match delimiter(&content) {
        Some(delimiter) => {
            let fields = |line: &&str| line.bytes().filter(|&b| b == delimiter).count() + 1;
            (all.len(), all.iter().map(fields).max().unwrap_or(0))
        }
        None => {
            let widest = content.iter().map(|(_, l)| l.chars().count()).max();
            (content.len(), widest.unwrap_or(0))
        }
    };
    if limits::table_fits(lines, widest) {
        return Ok(());
    }
    Err(limits::too_many_cells(
        place.to_string(),
        format!(
            "{} lines of up to {} cells",
            limits::thousands(lines as u128),
            limits::thousands(widest as u128)
        ),
        "; cut the file down to the puzzle",
    ))
}

/// A row of text cells with its 1-based line number; blank rows keep their place.
type Row = (usize, Vec<String>);

/// The field delimiter of a CSV/TSV file: the most frequent of `,` `;` and tab, provided it
/// separates fields on most lines (a comma in a title does not make a file CSV).
fn delimiter(lines: &[(usize, &str)]) -> Option<u8> {
    let content: Vec<&str> = lines
        .iter()
        .map(|(_, l)| *l)
        .filter(|l| !l.trim().is_empty())
        .collect();
    [b',', b';', b'\t']
        .into_iter()
        .map(|d| {
            (
                d,
                content.iter().filter(|l| l.as_bytes().contains(&d)).count(),
            )
        })
        .filter(|&(_, lines_with)| lines_with * 2 > content.len())
        .max_by_key(|&(_, lines_with)| lines_with)
        .map(|(d, _)| d)
}

/// Rows of a CSV/TSV file, one per line (blank lines included, so that sheet addresses match what a
/// spreadsheet shows); each line is parsed as CSV, so quoted fields work.
fn delimited_rows(lines: &[(usize, &str)], delimiter: u8) -> Vec<Row> {
    lines
        .iter()
        .map(|&(line, text)| {
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(delimiter)
                .has_headers(false)
                .flexible(true)
                .from_reader(text.as_bytes());
            let cells = reader
                .records()
                .next()
                .and_then(Result::ok)
                .map(|record| record.iter().map(|f| f.trim().to_string()).collect())
                .unwrap_or_default();
            (line, cells)
        })
        .collect()
}

/// Rows of a grid drawn in text. Separator lines are dropped; blank lines separate blocks and are
/// kept as empty rows only between blocks of different width.
fn drawn_rows(lines: &[(usize, &str)]) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    let mut pending_blank: Option<usize> = None;
    for &(line, text) in lines {
        if text.trim().is_empty() {
            pending_blank.get_or_insert(line);
            continue;
        }
        if is_separator(text) {
            continue;
        }
        let cells = drawn_cells(text);
        if let Some(blank) = pending_blank.take() {
            // A blank line inside a grid (between bands) is layout; between blocks of another
            // shape it separates them.
            let continues = rows
                .last()
                .is_some_and(|(_, prev)| prev.len() == cells.len());
            if !continues || label_block_follows(lines, line, cells.len()) {
                rows.push((blank, Vec::new()));
            }
        }
        rows.push((line, cells));
    }
    rows
}

/// A grid written on one line of N² separated symbols or numbers (as `generate` writes grids
/// larger than its one-symbol alphabet), N from 4 to 100, as N rows of N; other rows as they are.
fn one_line_grid(rows: Vec<Row>) -> Vec<Row> {
    let [(line, cells)] = rows.as_slice() else {
        return rows;
    };
    match (4..=100).find(|n| n * n == cells.len()) {
        Some(size) => cells
            .chunks(size)
            .map(|chunk| (*line, chunk.to_vec()))
            .collect(),
        None => rows,
    }
}

/// Whether the lines from `start` to the end form blocks of `width` rows (label blocks).
fn label_block_follows(lines: &[(usize, &str)], start: usize, width: usize) -> bool {
    let rest: Vec<&str> = lines
        .iter()
        .filter(|(line, text)| *line >= start && !text.trim().is_empty() && !is_separator(text))
        .map(|(_, text)| *text)
        .collect();
    !rest.is_empty()
        && rest.len().is_multiple_of(width)
        && rest.iter().all(|t| drawn_cells(t).len() == width)
}

fn is_separator(text: &str) -> bool {
    text.chars().any(|c| matches!(c, '-' | '=' | '+'))
        && text
            .chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|' | '*' | ' ' | '\t'))
}

/// The cells of one drawn row: whitespace-separated tokens when there are several and each is
/// one cell (a symbol or a number such as `12`), otherwise one cell per character (a row of one
/// number, `534678912` or `123`, is a row of digits). `|` separates boxes and is dropped. A line
/// that reads as words (a title such as `Puzzle 3:`) is one label cell.
fn drawn_cells(text: &str) -> Vec<String> {
    if is_label_line(text) {
        return vec![text.trim().to_string()];
    }
    let cleaned = text.replace('|', " ");
    let tokens: Vec<&str> = cleaned.split_whitespace().collect();
    let one_cell =
        |t: &&str| t.chars().count() == 1 || (t.parse::<usize>().is_ok() && !t.starts_with('0'));
    if tokens.len() > 1 && tokens.iter().all(one_cell) {
        tokens.iter().map(|t| t.to_string()).collect()
    } else {
        tokens
            .iter()
            .flat_map(|t| t.chars())
            .map(String::from)
            .collect()
    }
}

fn is_label_line(text: &str) -> bool {
    let has_word = text
        .split(|c: char| !c.is_alphabetic())
        .any(|w| w.chars().count() >= 3 && w.chars().any(char::is_lowercase));
    has_word || text.contains(':')
}

/// Region labels and extra-house labels, one list per map.
type LabelBlocks = (Option<Vec<String>>, Vec<Vec<String>>);

/// Splits trailing label blocks off the rows, last first: square blocks after a blank row, each
/// a region map (N labels of N connected cells each; one at most) or an extra-house map (labels
/// on some cells, each on N of them). Returns the rows left, the region labels and the
/// extra-house maps in file order.
fn split_label_blocks(mut rows: Vec<Row>) -> (Vec<Row>, Option<Vec<String>>, Vec<Vec<String>>) {
    let (mut region, mut extras): LabelBlocks = (None, Vec::new());
    while let Some(last_blank) = rows
        .iter()
        .rposition(|(_, cells)| cells.iter().all(|c| c.is_empty()))
    {
        let block = &rows[last_blank + 1..];
        let size = block.len();
        if size == 0
            || rows[..last_blank]
                .iter()
                .all(|(_, c)| c.iter().all(|x| x.is_empty()))
        {
            break;
        }
        let full = block.iter().all(|(_, c)| non_empty(c).len() == size);
        let labels: Vec<String> = block
            .iter()
            .flat_map(|(_, cells)| non_empty(cells))
            .collect();
        let marked: Vec<String> = block.iter().flat_map(|(_, c)| c.clone()).collect();
        if full && region.is_none() && regions::labels_are_connected_regions(&labels, size) {
            region = Some(labels);
        } else if marked.len() == size * size && regions::is_extra_house_map(&marked, size) {
            extras.insert(0, marked);
        } else {
            break;
        }
        rows.truncate(last_blank);
    }
    (rows, region, extras)
}

fn non_empty(cells: &[String]) -> Vec<String> {
    cells
        .iter()
        .filter(|c| !c.trim().is_empty())
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(text: &str) -> (Table, Option<Vec<String>>) {
        match parse(text, "test", &Symbols::default()) {
            TextInput::Table {
                table,
                region_labels,
                ..
            } => (table, region_labels),
            TextInput::Lines(_) => panic!("read as lines"),
        }
    }

    fn row(table: &Table, r: usize) -> Vec<String> {
        (0..table.cols())
            .map(|c| table.cell(r, c).value.display())
            .collect()
    }

    #[test]
    fn collections_are_read_one_puzzle_per_line() {
        let text = "# comment\n..3.1..2.\n1..3.2...\n";
        // Two lines of nine are a collection of 3x3 puzzles; nine such lines would be a drawn 9x9.
        let TextInput::Lines(puzzles) = parse(text, "t", &Symbols::default()) else {
            panic!("not lines")
        };
        assert_eq!(puzzles.len(), 2);
        let second = puzzles[1].as_ref().unwrap();
        assert_eq!((second.line, second.size), (3, 3));
    }

    #[test]
    fn a_bad_line_in_a_collection_says_what_is_wrong_with_it() {
        let text = "..3.1..2.\n..3.1..2\n1..3.2...\n..3.?..2.\n";
        let TextInput::Lines(lines) = parse(text, "t", &Symbols::default()) else {
            panic!("not lines")
        };
        let reasons: Vec<String> = lines
            .iter()
            .filter_map(|l| l.as_ref().err())
            .map(|bad| format!("{}: {}", bad.line, bad.reason))
            .collect();
        assert_eq!(
            reasons,
            [
                "2: the puzzle has 8 symbols, one short of a 3x3's 9: a puzzle on one line has N² \
                 symbols",
                "4: symbol 5 of the puzzle is '?', which is neither a digit nor an empty-cell \
                 mark (. 0 -)"
            ]
        );
    }

    #[test]
    fn a_header_names_the_puzzle_solution_and_id_columns() {
        let text = "id,clues,puzzle,solution\n7,3,..3.1..2.,213312132\n8,3,1..3.2...,\n";
        let TextInput::Lines(lines) = parse(text, "t", &Symbols::default()) else {
            panic!("not lines")
        };
        let first = lines[0].as_ref().unwrap();
        assert_eq!(first.cells.written(), "..3.1..2.");
        assert_eq!(first.solution.as_deref(), Some("213312132"));
        assert_eq!(first.id.as_deref(), Some("7"));
        let second = lines[1].as_ref().unwrap();
        assert_eq!((second.solution.as_deref(), second.line), (None, 3));
    }

    #[test]
    fn jigsaw_dataset_lines_carry_their_regions() {
        let text = "4 ..43...1.2...... aaababbbccddccdd 2143342112344312 1_4x4\n\
                    4 ...4.2.3.1...... abbbaabcadccdddc 1324421331422431 3_4x4\n";
        let TextInput::Lines(puzzles) = parse(text, "t", &Symbols::default()) else {
            panic!("not lines")
        };
        let first = puzzles[0].as_ref().unwrap();
        assert_eq!(first.cells.written(), "..43...1.2......");
        assert_eq!(
            first.region_labels.as_ref().unwrap().concat(),
            "aaababbbccddccdd"
        );
        assert_eq!(first.solution.as_deref(), Some("2143342112344312"));
        assert!(first.variants.is_empty());
        let TextInput::Lines(x) = parse("..3.1..2.\n1..3.2... x\n", "t", &Symbols::default())
        else {
            panic!("not lines")
        };
        assert_eq!(x[1].as_ref().unwrap().variants, [Variant::X]);
    }

    #[test]
    fn a_line_of_n_squared_numbers_is_a_grid_of_n_rows() {
        let line: Vec<String> = (1..=16).map(|n| (n % 5).to_string()).collect();
        let (grid, _) = table(&format!("# a 4x4\n{}\n", line.join(" ")));
        assert_eq!(grid.rows(), 4);
        assert_eq!(row(&grid, 1), ["0", "1", "2", "3"].map(String::from));
        let (ten, _) = table("1 2 3 4 5 6 7 8 9 10\n");
        assert_eq!(ten.rows(), 1, "ten numbers are not a square");
    }

    #[test]
    fn a_row_of_one_number_is_a_row_of_digits() {
        let (grid, _) = table("1234\n3412\n2143\n4321\n");
        assert_eq!(row(&grid, 1), ["3", "4", "1", "2"].map(String::from));
        let (line, _) = table("123\n");
        assert_eq!(row(&line, 0), ["1", "2", "3"].map(String::from));
        let (numbers, _) = table("10 2 16\n");
        assert_eq!(row(&numbers, 0), ["10", "2", "16"].map(String::from));
    }

    #[test]
    fn drawn_grids_drop_separators_and_split_symbols() {
        let text = "4 0 0 | 0 7 8 | 0 0 3\n------+-------+------\n4..|.78|..3\n";
        let (table, _) = table(text);
        assert_eq!(table.rows(), 2);
        assert_eq!(
            row(&table, 0),
            row(&table, 1)
                .iter()
                .map(|c| if c == "." { "0".into() } else { c.clone() })
                .collect::<Vec<_>>()
        );
        assert_eq!(table.lines, [1, 3]);
    }

    #[test]
    fn a_trailing_label_block_becomes_the_region_map() {
        let text = "1,.,.,.\n.,.,.,.\n.,.,.,.\n.,.,.,2\n\na,a,b,b\na,a,b,b\nc,c,d,d\nc,c,d,d\n";
        let (table, labels) = table(text);
        assert_eq!(table.rows(), 4);
        assert_eq!(labels.unwrap().concat(), "aabbaabbccddccdd");
    }

    #[test]
    fn a_solution_block_is_not_taken_for_regions() {
        let text = "12\n21\n\n12\n21\n";
        let (_, labels) = table(text);
        assert!(labels.is_none());
    }

    #[test]
    fn titles_are_labels_and_csv_keeps_blank_lines() {
        let (table, _) = table("Puzzle 3:\n\n1,2\n2,1\n");
        assert_eq!(row(&table, 0), ["Puzzle 3:".to_string(), String::new()]);
        assert_eq!(table.rows(), 4);
        assert_eq!(row(&table, 2), ["1", "2"]);
    }
}
