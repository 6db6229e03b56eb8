//! A puzzle: a layout, the givens, the symbols it was written with, and where it came from.

use crate::error::Error;
use crate::model::digit::{Digit, DigitSet};
use crate::model::explanation::Names;
use crate::model::layout::{Cell, Layout, cell_name};
use serde::Serialize;
use std::sync::Arc;

/// The values of an N x N grid; each cell holds a digit or is empty.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    size: usize,
    values: Vec<u8>,
}

impl Grid {
    /// An empty grid of `size`.
    pub fn empty(size: usize) -> Grid {
        Grid {
            size,
            values: vec![0; size * size],
        }
    }

    /// An empty grid with the cells of `layout`.
    pub fn for_layout(layout: &Layout) -> Grid {
        Grid {
            size: layout.size(),
            values: vec![0; layout.cell_count()],
        }
    }

    /// N.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The digit in `cell`, if any.
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        match self.values[cell.index()] {
            0 => None,
            value => Some(Digit::new(value as usize)),
        }
    }

    /// Puts `digit` into `cell`, or empties it.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        debug_assert!(digit.is_none_or(|d| d.get() <= self.size));
        self.values[cell.index()] = digit.map_or(0, |d| d.get() as u8);
    }

    /// Number of filled cells.
    pub fn filled_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every cell holds a digit.
    pub fn is_complete(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The values row-major, 0 for empty.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// Whether every filled cell of `self` holds the same digit in `other`.
    pub fn agrees_with(&self, other: &Grid) -> bool {
        self.values
            .iter()
            .zip(&other.values)
            .all(|(&a, &b)| a == 0 || a == b)
    }
}

/// The alphabet used to write digits as single characters.
///
/// Value `v` is written as the `v`-th symbol. The default, `123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ`,
/// is the convention of public collections (16x16 uses `1-9A-G`, 25x25 `1-9A-P`); a hexadoku written
/// `0-F` uses `--symbols 0123456789ABCDEF`. Sizes beyond the alphabet are written as numbers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Symbols {
    chars: Vec<char>,
    custom: bool,
}

/// The default symbol alphabet.
pub const DEFAULT_SYMBOLS: &str = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

impl Default for Symbols {
    fn default() -> Symbols {
        Symbols {
            chars: DEFAULT_SYMBOLS.chars().collect(),
            custom: false,
        }
    }
}

impl Symbols {
    /// A custom alphabet; its symbols must be distinct and must not include the empty markers
    /// `.` and `-`.
    pub fn custom(alphabet: &str) -> Result<Symbols, Error> {
        let chars: Vec<char> = alphabet.chars().collect();
        let bad = |reason: String| Error::BadSymbols {
            alphabet: alphabet.to_string(),
            reason,
        };
        if chars.is_empty() {
            return Err(bad("it is empty".into()));
        }
        if let Some(c) = chars
            .iter()
            .find(|c| matches!(c, '.' | '-') || c.is_whitespace())
        {
            return Err(bad(format!(
                "'{c}' marks an empty cell and cannot be a digit"
            )));
        }
        for (i, c) in chars.iter().enumerate() {
            if chars[..i].contains(c) {
                return Err(bad(format!("'{c}' appears twice")));
            }
        }
        Ok(Symbols {
            chars,
            custom: true,
        })
    }

    /// Whether the alphabet was given by the user (then `0` may be a digit).
    pub fn is_custom(&self) -> bool {
        self.custom
    }

    /// How many values can be written as one character.
    pub fn len(&self) -> usize {
        self.chars.len()
    }

    /// Whether the alphabet has no symbols (never true for a valid alphabet).
    pub fn is_empty(&self) -> bool {
        self.chars.is_empty()
    }

    /// The value of a single character, if it is a symbol. Letters of the default alphabet are
    /// matched case-insensitively.
    pub fn value_of(&self, c: char) -> Option<usize> {
        if self.custom {
            return self.chars.iter().position(|&s| s == c).map(|i| i + 1);
        }
        // The default alphabet by arithmetic: this runs for every cell read.
        match c.to_ascii_uppercase() {
            c @ '1'..='9' => Some(c as usize - '0' as usize),
            c @ 'A'..='Z' => Some(c as usize - 'A' as usize + 10),
            _ => None,
        }
    }

    /// The single-character symbol of a value, if the alphabet has one.
    pub fn symbol(&self, value: usize) -> Option<char> {
        value
            .checked_sub(1)
            .and_then(|i| self.chars.get(i))
            .copied()
    }

    /// Writes `digit` as its symbol, or as a number when the alphabet is too short.
    pub fn write(&self, digit: Digit) -> String {
        self.symbol(digit.get())
            .map_or_else(|| digit.get().to_string(), String::from)
    }

    /// Whether every digit of a grid of `size` has a one-character symbol.
    pub fn covers(&self, size: usize) -> bool {
        size <= self.chars.len()
    }
}

/// Where a grid came from, so that messages can point at the cell a person typed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Origin {
    /// Built in code; cells are named by `r1c1` only.
    #[default]
    Unknown,
    /// A block of a sheet or a CSV table, with its top-left cell (zero-based).
    Sheet {
        /// The sheet's name (none for CSV).
        sheet: Option<String>,
        /// Zero-based sheet row of the grid's first row.
        top: usize,
        /// Zero-based sheet column of the grid's first column.
        left: usize,
    },
    /// A grid drawn in a text file: the 1-based line of each grid row.
    TextGrid {
        /// Line number of each row.
        lines: Vec<usize>,
    },
    /// A one-line puzzle: the 1-based line in its file.
    Line {
        /// Line number.
        line: usize,
    },
}

impl Origin {
    /// Where grid cell (`row`, `col`) (zero-based) is in the source: `C4`, `line 6`,
    /// `line 12, symbol 31`; `None` when the origin is unknown.
    pub fn locate(&self, row: usize, col: usize, size: usize) -> Option<String> {
        match self {
            Origin::Unknown => None,
            Origin::Sheet { top, left, .. } => Some(sheet_address(top + row, left + col)),
            Origin::TextGrid { lines } => lines.get(row).map(|line| format!("line {line}")),
            Origin::Line { line } => Some(format!("line {line}, symbol {}", row * size + col + 1)),
        }
    }
}

impl Origin {
    /// The top-left cell (zero-based row and column) of a grid read from a workbook's sheet,
    /// where explanations name cells by their address too; `None` for text and CSV.
    pub fn workbook_cell(&self) -> Option<(usize, usize)> {
        match self {
            Origin::Sheet {
                sheet: Some(_),
                top,
                left,
            } => Some((*top, *left)),
            _ => None,
        }
    }

    /// The name of grid cell (`row`, `col`) (zero-based) in error messages, where it is in the
    /// source after it: `r4c3 (C4)`, `r4c3 (line 6)`, or `r4c3` when the origin is unknown.
    pub fn cell_name(&self, row: usize, col: usize, size: usize) -> String {
        let name = cell_name(row, col);
        match self.locate(row, col, size) {
            Some(place) => format!("{name} ({place})"),
            None => name,
        }
    }
}

/// The spreadsheet address of a zero-based (row, column): (3, 2) → `C4`.
pub fn sheet_address(row: usize, col: usize) -> String {
    format!("{}{}", column_name(col), row + 1)
}

/// The spreadsheet name of a zero-based column: 0 → `A`, 27 → `AB`.
pub fn column_name(col: usize) -> String {
    let mut name = Vec::new();
    let mut n = col + 1;
    while n > 0 {
        let rem = (n - 1) % 26;
        name.push(b'A' + rem as u8);
        n = (n - 1) / 26;
    }
    name.reverse();
    String::from_utf8(name).expect("ASCII letters")
}

/// A text typed on a puzzle's sheet outside its grid — a title, a difficulty, a source line —
/// where it was typed, so that an annotated workbook can show it in the same place.
#[derive(Debug, Clone, PartialEq)]
pub struct SheetText {
    /// Zero-based sheet row.
    pub row: usize,
    /// Zero-based sheet column.
    pub col: usize,
    /// The text as the cell shows it.
    pub text: String,
    /// The font size in points, when the sheet says.
    pub points: Option<f64>,
}

/// A Sudoku puzzle: its geometry, its givens, and how it was written.
#[derive(Debug, Clone)]
pub struct Puzzle {
    layout: Arc<Layout>,
    givens: Grid,
    symbols: Symbols,
    origin: Origin,
    /// The texts around the grid on its sheet (none for text input and built puzzles).
    texts: Vec<SheetText>,
}

impl Puzzle {
    /// Makes a puzzle, checking that no digit appears twice in a house.
    ///
    /// The error names both cells, the digit and the house, located through `origin`.
    pub fn new(layout: Arc<Layout>, givens: Grid, origin: Origin) -> Result<Puzzle, Error> {
        assert_eq!(layout.size(), givens.size(), "grid and layout sizes differ");
        assert_eq!(
            layout.cell_count(),
            givens.values().len(),
            "grid and layout cells differ"
        );
        let puzzle = Puzzle {
            layout,
            givens,
            symbols: Symbols::default(),
            origin,
            texts: Vec::new(),
        };
        puzzle.check_duplicates()?;
        puzzle.check_markings()?;
        Ok(puzzle)
    }

    /// Sets the alphabet the puzzle is written with.
    pub fn with_symbols(mut self, symbols: Symbols) -> Puzzle {
        self.symbols = symbols;
        self
    }

    /// The same puzzle said to sit at `origin`, so that messages and explanations name the cells
    /// there (used when a puzzle read from text is written to a workbook).
    pub fn with_origin(mut self, origin: Origin) -> Puzzle {
        self.origin = origin;
        self
    }

    /// The same puzzle with `texts`, the texts around its grid on its sheet.
    pub fn with_texts(mut self, texts: Vec<SheetText>) -> Puzzle {
        self.texts = texts;
        self
    }

    /// The texts typed around the grid on the puzzle's sheet, in sheet order (none unless the
    /// puzzle was read from a workbook's sheet).
    pub fn texts(&self) -> &[SheetText] {
        &self.texts
    }

    fn check_duplicates(&self) -> Result<(), Error> {
        let mut seen: Vec<Option<Cell>> = vec![None; self.size()];
        for house in self.layout.houses() {
            seen.fill(None);
            for &cell in &house.cells {
                let Some(digit) = self.givens.get(cell) else {
                    continue;
                };
                if let Some(first) = seen[digit.index()] {
                    return Err(Error::Duplicate {
                        digit: self.symbols.write(digit),
                        house: house.to_string(),
                        first: self.cell_name(first),
                        second: self.cell_name(cell),
                    });
                }
                seen[digit.index()] = Some(cell);
            }
        }
        for cage in self.layout.cages() {
            let name = |c: Cell| self.cell_name(c);
            let given: Vec<(Cell, Digit)> = cage
                .cells
                .iter()
                .filter_map(|&c| self.givens.get(c).map(|d| (c, d)))
                .collect();
            for (i, &(cell, digit)) in given.iter().enumerate() {
                if let Some(&(first, _)) = given[..i].iter().find(|(_, d)| *d == digit) {
                    return Err(Error::Duplicate {
                        digit: self.symbols.write(digit),
                        house: cage.describe(&name),
                        first: self.cell_name(first),
                        second: self.cell_name(cell),
                    });
                }
            }
            let total: usize = given.iter().map(|(_, d)| d.get()).sum();
            let full = given.len() == cage.cells.len();
            if total > cage.sum || (full && total != cage.sum) {
                return Err(Error::BadCage {
                    cage: cage.describe(&name),
                    reason: format!("its given digits add up to {total}"),
                });
            }
        }
        Ok(())
    }

    /// Refuses givens that break a marking: an odd digit in a cell marked even (or the other
    /// way round), touching givens that a bar says are consecutive and are not, or that differ
    /// by one across a border without a bar where every bar is drawn.
    fn check_markings(&self) -> Result<(), Error> {
        let markings = self.layout.markings();
        let size = self.size();
        let Some((cell, other)) = markings.first_broken(size, self.givens.values()) else {
            return Ok(());
        };
        let written = |c: Cell| {
            self.givens
                .get(c)
                .map_or_else(String::new, |d| self.symbols.write(d))
        };
        let reason = match other {
            None => {
                let parity = markings
                    .parity(cell)
                    .expect("a broken cell has a parity mark");
                format!(
                    "it is marked {} but {} is given there",
                    parity.word(),
                    written(cell)
                )
            }
            Some(other) => {
                let (a, b) = (written(cell), written(other));
                match markings.bar(size, cell, other) {
                    true => format!(
                        "a bar says their digits differ by 1, but {a} and {b} are given there"
                    ),
                    false => format!(
                        "every bar is drawn and none is between them, so their digits cannot \
                         differ by 1, but {a} and {b} are given there"
                    ),
                }
            }
        };
        let place = match other {
            None => self.cell_name(cell),
            Some(other) => format!("{} and {}", self.cell_name(cell), self.cell_name(other)),
        };
        Err(Error::BadMarking { place, reason })
    }

    /// Whether the puzzle writes its digits as numbers (typed in a sheet or CSV, or up to 9x9)
    /// rather than as symbols (text with letters, or a custom alphabet).
    pub fn writes_numbers(&self) -> bool {
        let from_table = matches!(self.origin, Origin::Sheet { .. });
        !self.symbols.is_custom() && (self.size() <= 9 || from_table)
    }

    /// How explanations of this puzzle name things on screen and in JSON: digits as the puzzle
    /// writes them (`G` in a 16x16 from text, `16` in one typed in a sheet), cells with their
    /// sheet address when it came from a workbook.
    pub fn names(&self) -> Names<'_> {
        let symbols = (!self.writes_numbers()).then_some(&self.symbols);
        Names::new(&self.layout, symbols).on_sheet(self.origin.workbook_cell())
    }

    /// The geometry.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The shared geometry, for building related puzzles and grids.
    pub fn layout_arc(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// N.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The given digits.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The alphabet the puzzle was written with.
    pub fn symbols(&self) -> &Symbols {
        &self.symbols
    }

    /// Where the puzzle came from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// A cell's name for messages: `r4c3 (C4)` from a sheet, `r4c3 (line 6)` from text, `r4c3`
    /// otherwise. Rows and columns are 1-based.
    pub fn cell_name(&self, cell: Cell) -> String {
        let (row, col) = self.layout.position(cell);
        self.origin.cell_name(row, col, self.layout.extent().1)
    }

    /// Per cell, the digits that the givens leave possible in it (empty for a given cell): all
    /// but those given in its houses and its cage, gathered house by house.
    pub fn open_digits(&self) -> Vec<DigitSet> {
        let given_in = |cells: &[Cell]| -> DigitSet {
            cells.iter().filter_map(|&c| self.givens.get(c)).collect()
        };
        let houses: Vec<DigitSet> = self
            .layout
            .houses()
            .iter()
            .map(|h| given_in(&h.cells))
            .collect();
        let mut used = vec![DigitSet::EMPTY; self.layout.cell_count()];
        for cage in self.layout.cages() {
            let digits = given_in(&cage.cells);
            for cell in &cage.cells {
                used[cell.index()] = digits;
            }
        }
        let full = DigitSet::full(self.size());
        self.layout
            .cells()
            .map(|cell| match self.givens.get(cell) {
                Some(_) => DigitSet::EMPTY,
                None => full.without(
                    (self.layout.houses_of(cell).iter())
                        .fold(used[cell.index()], |set, &h| set.union(houses[h])),
                ),
            })
            .collect()
    }

    /// Whether `solution` is a complete grid that keeps every given and breaks no house, cage or
    /// marking.
    pub fn is_solution(&self, solution: &Grid) -> bool {
        solution.size() == self.size()
            && solution.values().len() == self.layout.cell_count()
            && solution.is_complete()
            && self.givens.agrees_with(solution)
            && self.layout.houses().iter().all(|house| {
                let digits: DigitSet = house
                    .cells
                    .iter()
                    .filter_map(|&c| solution.get(c))
                    .collect();
                digits.len() == house.cells.len()
            })
            && self.layout.cages().iter().all(|cage| {
                let digits: DigitSet = cage.cells.iter().filter_map(|&c| solution.get(c)).collect();
                let sum: usize = digits.iter().map(Digit::get).sum();
                digits.len() == cage.cells.len() && sum == cage.sum
            })
            && (self.layout.markings())
                .first_broken(self.size(), solution.values())
                .is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_follow_spreadsheet_lettering() {
        assert_eq!(column_name(0), "A");
        assert_eq!(column_name(25), "Z");
        assert_eq!(column_name(26), "AA");
        assert_eq!(column_name(48), "AW");
        assert_eq!(column_name(16383), "XFD");
        assert_eq!(sheet_address(3, 2), "C4");
    }

    #[test]
    fn default_symbols_cover_collections_and_ignore_case() {
        let symbols = Symbols::default();
        assert_eq!(symbols.value_of('9'), Some(9));
        assert_eq!(symbols.value_of('G'), Some(16));
        assert_eq!(symbols.value_of('p'), Some(25));
        assert_eq!(symbols.value_of('0'), None);
        assert_eq!(symbols.write(Digit::new(36)), "36");
        // Every character has the value of its place in the alphabet, letters in either case.
        for c in (0..0x3000).filter_map(char::from_u32) {
            let upper = c.to_ascii_uppercase();
            let place = DEFAULT_SYMBOLS.chars().position(|s| s == upper);
            assert_eq!(symbols.value_of(c), place.map(|i| i + 1), "{c:?}");
        }
    }

    #[test]
    fn custom_symbols_reject_repeats_and_empty_markers() {
        let hex = Symbols::custom("0123456789ABCDEF").unwrap();
        assert_eq!(hex.value_of('0'), Some(1));
        assert_eq!(hex.value_of('F'), Some(16));
        assert!(Symbols::custom("1123").is_err());
        assert!(Symbols::custom("12.4").is_err());
    }

    #[test]
    fn open_digits_leave_out_the_givens_of_every_peer() {
        // A 4x4 X-Sudoku with a cage: the diagonal and the cage make peers beyond the standard
        // houses. The open digits are checked against each cell's peers, one by one.
        let size = 4;
        let at = |row, col| Cell::at(row, col, size);
        let layout = Layout::with_default_boxes(size)
            .unwrap()
            .with_variant(crate::model::layout::Variant::X)
            .unwrap()
            .with_cages(
                vec![crate::model::Cage::new(vec![at(0, 1), at(3, 0)], 5)],
                &|c| format!("{c:?}"),
            )
            .unwrap();
        let mut givens = Grid::empty(size);
        givens.set(at(0, 0), Some(Digit::new(1)));
        givens.set(at(1, 2), Some(Digit::new(2)));
        givens.set(at(3, 0), Some(Digit::new(3)));
        let puzzle = Puzzle::new(Arc::new(layout), givens, Origin::Unknown).unwrap();
        let open = puzzle.open_digits();
        for cell in puzzle.layout().cells() {
            let used: DigitSet = (puzzle.layout().peers(cell).iter())
                .filter_map(|&peer| puzzle.givens().get(peer))
                .collect();
            let expected = match puzzle.givens().get(cell) {
                Some(_) => DigitSet::EMPTY,
                None => DigitSet::full(size).without(used),
            };
            assert_eq!(open[cell.index()], expected, "{cell:?}");
        }
        // r1c2 sees 1 in its row and 3 in its cage mate r4c1; r4c4 sees 3 in its row and 1 on
        // the main diagonal.
        let two_and_four: DigitSet = [2, 4].map(Digit::new).into_iter().collect();
        assert_eq!(open[at(0, 1).index()], two_and_four);
        assert_eq!(open[at(3, 3).index()], two_and_four);
    }
}
