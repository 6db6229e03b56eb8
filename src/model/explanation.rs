//! Explanations as data. A step's explanation keeps the cells, digits, houses and rectangles it
//! names apart from its words, so that one renderer ([`Names`]) writes them for the reader at
//! hand: `r3c5` for a puzzle from text or CSV, `r3c5 (E3)` for one read from a workbook sheet or
//! shown in the annotated workbook, digits in the puzzle's own symbols (`G`, not `16`).
//!
//! Explanations are built where a deduction is made, with [`explain!`](crate::explain):
//!
//! ```
//! use gridlogic::explain;
//! use gridlogic::model::explanation::{House, Names};
//! use gridlogic::model::{Cell, Digit, Layout, Symbols};
//!
//! let layout = Layout::with_default_boxes(9).unwrap();
//! let (cell, digit) = (Cell::at(2, 4, 9), Digit::new(7));
//! let text = explain!("Hidden single in {}: {} fits only {}", House(2), digit, cell);
//! let symbols = Symbols::default();
//! let plain = Names::new(&layout, Some(&symbols));
//! assert_eq!(text.render(&plain), "Hidden single in row 3: 7 fits only r3c5");
//! assert_eq!(text.render(&plain.at_sheet(1, 1)), "Hidden single in row 3: 7 fits only r3c5 (F4)");
//! ```

use crate::model::cage::Cage as CageData;
use crate::model::digit::{Digit, DigitSet};
use crate::model::layout::{Cell, House as HouseData, Layout, Unit, cell_name};
use crate::model::overlap::Overlap;
use crate::model::puzzle::{Symbols, sheet_address};
use serde::Serialize;
use smallvec::{SmallVec, smallvec};
use std::borrow::Cow;

/// One piece of an explanation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Part {
    /// Words, written as they are.
    Text {
        /// The words.
        text: Cow<'static, str>,
    },
    /// A cell by name, with its sheet address where the reader has one: `r3c5 (E3)`.
    Cell {
        /// The cell.
        cell: Cell,
    },
    /// A cell inside a chain or net notation, always bare: `r3c5`.
    Node {
        /// The cell.
        cell: Cell,
    },
    /// A digit, in the reader's symbols.
    Digit {
        /// The digit.
        digit: Digit,
    },
    /// A house by name: `row 3`, `box 5`, `region 2`, `the main diagonal`, `window 2`.
    House {
        /// Index into [`Layout::houses`].
        house: usize,
    },
    /// A Killer cage by its sum and cells: `cage 17 at r1c1, r1c2`.
    Cage {
        /// Index into [`Layout::cages`].
        cage: usize,
    },
    /// A claim about a cell, its sheet address after it: `r6c9<>12 (I6)`, `r2c1=3 (A2)`.
    Claim {
        /// The cell.
        cell: Cell,
        /// Whether the cell is said to hold the digits (`=`) or not (`<>`).
        holds: bool,
        /// The digits, run together up to 9x9 and separated by commas beyond.
        digits: DigitSet,
    },
    /// A rectangle of cells by its corners (zero-based, inclusive), with its sheet range where
    /// the reader has one: `r2c3-r3c5 (C2:E3)`, or `r2c3 (C2)` for one cell.
    Area {
        /// Top row.
        top: usize,
        /// Left column.
        left: usize,
        /// Bottom row.
        bottom: usize,
        /// Right column.
        right: usize,
    },
}

/// A sentence (or several) with the things it names kept as data; see the module documentation.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Explanation(Parts);

/// The parts of an explanation, one held in place: an explanation is built for every step, from
/// pieces of one part each (a cell, a digit, a house), which then cost no allocation.
type Parts = SmallVec<[Part; 1]>;

/// A house, for [`explain!`](crate::explain): its index into [`Layout::houses`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct House(pub usize);

/// A Killer cage, for [`explain!`](crate::explain): its index into [`Layout::cages`], named by
/// its sum and cells (`cage 17 at r1c1, r1c2`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cage(pub usize);

/// A cell inside a chain or net notation, for [`explain!`](crate::explain): named `r3c5` without
/// an address, which would make the notation unreadable.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node(pub Cell);

/// A claim about a cell, for [`explain!`](crate::explain): `r6c9<>12 (I6)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    /// The cell.
    pub cell: Cell,
    /// `=` (true) or `<>` (false).
    pub holds: bool,
    /// The digits.
    pub digits: DigitSet,
}

impl Claim {
    /// `cell<>digits`.
    pub fn not(cell: Cell, digits: DigitSet) -> Claim {
        Claim {
            cell,
            holds: false,
            digits,
        }
    }

    /// `cell=digit`.
    pub fn is(cell: Cell, digit: Digit) -> Claim {
        Claim {
            cell,
            holds: true,
            digits: DigitSet::single(digit),
        }
    }
}

/// The words of `template` between its `{}` placeholders, in order (as `split("{}")` gives them,
/// by a plain scan: templates are short, and this runs for every step).
fn pieces(template: &'static str) -> impl Iterator<Item = &'static str> {
    let mut rest = Some(template);
    std::iter::from_fn(move || {
        let text = rest?;
        let bytes = text.as_bytes();
        let placeholder = (1..bytes.len()).find(|&i| bytes[i - 1] == b'{' && bytes[i] == b'}');
        rest = placeholder.map(|i| &text[i + 1..]);
        Some(placeholder.map_or(text, |i| &text[..i - 1]))
    })
}

impl Explanation {
    /// An empty explanation.
    pub fn new() -> Explanation {
        Explanation::default()
    }

    /// Fills `template`'s `{}` placeholders with `args` in order. Use [`explain!`](crate::explain).
    ///
    /// # Panics
    /// When the number of placeholders and arguments differ (a mistake in the code).
    pub fn format<const N: usize>(template: &'static str, args: [Explanation; N]) -> Explanation {
        let mismatch = || format!("explanation template {template:?} for {N} arguments");
        let mut explanation = Explanation(Parts::with_capacity(2 * N + 1));
        let mut pieces = pieces(template);
        for arg in args {
            let piece = pieces.next().unwrap_or_else(|| panic!("{}", mismatch()));
            explanation.push_part(Part::Text { text: piece.into() });
            explanation.append(arg);
        }
        // One piece after each placeholder: one more than the arguments.
        let last = pieces.next().filter(|_| pieces.next().is_none());
        let last = last.unwrap_or_else(|| panic!("{}", mismatch()));
        explanation.push_part(Part::Text { text: last.into() });
        explanation
    }

    /// Appends `more` (words, a cell, a digit, another explanation…).
    pub fn push(&mut self, more: impl Into<Explanation>) -> &mut Explanation {
        self.append(more.into());
        self
    }

    /// Appends the parts of `more`; a lone part (most often) goes without an iterator.
    fn append(&mut self, more: Explanation) {
        match more.0.into_inner() {
            Ok([part]) => self.push_part(part),
            Err(parts) => parts.into_iter().for_each(|part| self.push_part(part)),
        }
    }

    /// Appends one part; words run into the words before them.
    fn push_part(&mut self, part: Part) {
        match (self.0.last_mut(), part) {
            (_, Part::Text { text }) if text.is_empty() => {}
            (Some(Part::Text { text: last }), Part::Text { text }) => last.to_mut().push_str(&text),
            (_, part) => self.0.push(part),
        }
    }

    /// `items` with `separator` between them.
    pub fn join(
        items: impl IntoIterator<Item = impl Into<Explanation>>,
        separator: &'static str,
    ) -> Explanation {
        let mut joined = Explanation::new();
        for (i, item) in items.into_iter().enumerate() {
            if i > 0 {
                joined.push(separator);
            }
            joined.push(item);
        }
        joined
    }

    /// Whether nothing is said.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The parts, in order.
    pub fn parts(&self) -> &[Part] {
        &self.0
    }

    /// The explanation as a reader with `names` reads it.
    pub fn render(&self, names: &Names) -> String {
        let mut text = String::new();
        for part in &self.0 {
            names.write(part, &mut text);
        }
        text
    }
}

impl From<Part> for Explanation {
    fn from(part: Part) -> Explanation {
        let mut explanation = Explanation::new();
        explanation.push_part(part);
        explanation
    }
}

impl From<&'static str> for Explanation {
    fn from(text: &'static str) -> Explanation {
        Explanation(smallvec![Part::Text { text: text.into() }])
    }
}

impl From<String> for Explanation {
    fn from(text: String) -> Explanation {
        Explanation(smallvec![Part::Text { text: text.into() }])
    }
}

impl From<Cell> for Explanation {
    fn from(cell: Cell) -> Explanation {
        Explanation(smallvec![Part::Cell { cell }])
    }
}

impl From<Node> for Explanation {
    fn from(Node(cell): Node) -> Explanation {
        Explanation(smallvec![Part::Node { cell }])
    }
}

impl From<Digit> for Explanation {
    fn from(digit: Digit) -> Explanation {
        Explanation(smallvec![Part::Digit { digit }])
    }
}

/// Digits as a list: `2,6`.
impl From<DigitSet> for Explanation {
    fn from(digits: DigitSet) -> Explanation {
        Explanation::join(digits.iter(), ",")
    }
}

impl From<House> for Explanation {
    fn from(House(house): House) -> Explanation {
        Explanation(smallvec![Part::House { house }])
    }
}

impl From<Cage> for Explanation {
    fn from(Cage(cage): Cage) -> Explanation {
        Explanation(smallvec![Part::Cage { cage }])
    }
}

/// The house or cage two cells share: `row 3`, `cage 17 at r1c1, r1c2`.
impl From<Unit> for Explanation {
    fn from(unit: Unit) -> Explanation {
        match unit {
            Unit::House(house) => House(house).into(),
            Unit::Cage(cage) => Cage(cage).into(),
        }
    }
}

impl From<Claim> for Explanation {
    fn from(claim: Claim) -> Explanation {
        Explanation(smallvec![Part::Claim {
            cell: claim.cell,
            holds: claim.holds,
            digits: claim.digits,
        }])
    }
}

impl From<&Explanation> for Explanation {
    fn from(explanation: &Explanation) -> Explanation {
        explanation.clone()
    }
}

/// Builds an [`Explanation`] from a template whose `{}` placeholders take, in order, words
/// (`&'static str`, `String`), a [`Cell`], a [`Digit`], a [`DigitSet`] (`2,6`), a [`House`], a
/// [`Node`], a [`Claim`] or another explanation:
/// `explain!("Naked single: {} can only be {}", cell, digit)`.
#[macro_export]
macro_rules! explain {
    ($template:literal $(, $arg:expr)* $(,)?) => {
        $crate::model::explanation::Explanation::format(
            $template,
            [$($crate::model::explanation::Explanation::from($arg)),*],
        )
    };
}

/// How a reader names things: the grid's width, its houses, its symbols (or numbers), and where
/// its top-left cell sits on a sheet, if it does.
#[derive(Debug, Clone, Copy)]
pub struct Names<'a> {
    width: usize,
    houses: &'a [HouseData],
    cages: &'a [CageData],
    symbols: Option<&'a Symbols>,
    sheet: Option<(usize, usize)>,
    /// Where the cells are when grids overlap: cells are then named by their sheet position.
    overlap: Option<&'a Overlap>,
}

impl<'a> Names<'a> {
    /// Names for a Sudoku `layout`, digits in `symbols` (numbers without), cells without sheet
    /// addresses.
    pub fn new(layout: &'a Layout, symbols: Option<&'a Symbols>) -> Names<'a> {
        Names {
            width: layout.size(),
            houses: layout.houses(),
            cages: layout.cages(),
            symbols,
            sheet: None,
            overlap: layout.overlap(),
        }
    }

    /// Names for a grid of `width` columns without houses or symbols (Shikaku).
    pub fn of_width(width: usize) -> Names<'static> {
        Names {
            width,
            houses: &[],
            cages: &[],
            symbols: None,
            sheet: None,
            overlap: None,
        }
    }

    /// The same names, with cells also given their address on a sheet where the grid's top-left
    /// cell is at zero-based (`top`, `left`).
    pub fn at_sheet(self, top: usize, left: usize) -> Names<'a> {
        self.on_sheet(Some((top, left)))
    }

    /// The same names, with sheet addresses when `sheet` gives the grid's top-left cell.
    pub fn on_sheet(self, sheet: Option<(usize, usize)>) -> Names<'a> {
        Names { sheet, ..self }
    }

    /// A digit as the reader sees it.
    pub fn digit(&self, digit: Digit) -> String {
        match self.symbols {
            Some(symbols) => symbols.write(digit),
            None => digit.get().to_string(),
        }
    }

    /// The zero-based row and column of `cell`: on its grid, or on the sheet when grids overlap.
    fn position(&self, cell: Cell) -> (usize, usize) {
        match self.overlap {
            Some(shape) => shape.position(cell.index()),
            None => (cell.row(self.width), cell.col(self.width)),
        }
    }

    /// A cell's name: `r3c5`, with ` (E3)` after it on a sheet.
    pub fn cell(&self, cell: Cell) -> String {
        let (row, col) = self.position(cell);
        self.addressed(cell_name(row, col), (row, col), (row, col))
    }

    /// `text` followed by the sheet address (or range) of the cells from `first` to `last`
    /// (zero-based, inclusive), when the reader has a sheet.
    fn addressed(&self, text: String, first: (usize, usize), last: (usize, usize)) -> String {
        let Some((top, left)) = self.sheet else {
            return text;
        };
        let start = sheet_address(top + first.0, left + first.1);
        if first == last {
            format!("{text} ({start})")
        } else {
            let end = sheet_address(top + last.0, left + last.1);
            format!("{text} ({start}:{end})")
        }
    }

    fn write(&self, part: &Part, out: &mut String) {
        match part {
            Part::Text { text } => out.push_str(text),
            Part::Cell { cell } => out.push_str(&self.cell(*cell)),
            Part::Node { cell } => {
                let (row, col) = self.position(*cell);
                out.push_str(&cell_name(row, col))
            }
            Part::Digit { digit } => out.push_str(&self.digit(*digit)),
            Part::House { house } => match self.houses.get(*house) {
                Some(house) => out.push_str(&house.to_string()),
                None => out.push_str(&format!("house {}", house + 1)),
            },
            Part::Cage { cage } => match self.cages.get(*cage) {
                Some(cage) => {
                    let name = |c: Cell| {
                        let (row, col) = self.position(c);
                        cell_name(row, col)
                    };
                    out.push_str(&cage.describe(&name));
                }
                None => out.push_str(&format!("cage {}", cage + 1)),
            },
            Part::Claim {
                cell,
                holds,
                digits,
            } => {
                let (row, col) = self.position(*cell);
                let separator = if self.width > 9 { "," } else { "" };
                let digits: Vec<String> = digits.iter().map(|d| self.digit(d)).collect();
                let relation = if *holds { "=" } else { "<>" };
                let claim = format!(
                    "{}{relation}{}",
                    cell_name(row, col),
                    digits.join(separator)
                );
                out.push_str(&self.addressed(claim, (row, col), (row, col)));
            }
            Part::Area {
                top,
                left,
                bottom,
                right,
            } => {
                let mut name = cell_name(*top, *left);
                if (top, left) != (bottom, right) {
                    name = format!("{name}-{}", cell_name(*bottom, *right));
                }
                out.push_str(&self.addressed(name, (*top, *left), (*bottom, *right)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Regions;

    #[test]
    fn templates_split_at_their_placeholders_as_split_does() {
        for template in [
            "",
            "{}",
            "a{}b",
            "{}{}",
            "{} in {}: {} ⇒ {}",
            "{x} {",
            "}{ {}}",
        ] {
            let expected: Vec<&str> = template.split("{}").collect();
            assert_eq!(
                pieces(template).collect::<Vec<_>>(),
                expected,
                "{template:?}"
            );
        }
    }

    #[test]
    fn parts_render_for_text_and_for_a_sheet() {
        let layout = Layout::new(16, Regions::Boxes { rows: 4, cols: 4 }).unwrap();
        let symbols = Symbols::default();
        let names = Names::new(&layout, Some(&symbols));
        let cell = Cell::at(0, 15, 16);
        let digits: DigitSet = [10, 16].into_iter().map(Digit::new).collect();
        let text = explain!(
            "{} in {}: {} ⇒ {}",
            Digit::new(16),
            House(33),
            Node(cell),
            Claim::not(cell, digits)
        );
        assert_eq!(text.render(&names), "G in box 2: r1c16 ⇒ r1c16<>A,G");
        let numbers = Names::new(&layout, None).at_sheet(2, 1);
        assert_eq!(
            text.render(&numbers),
            "16 in box 2: r1c16 ⇒ r1c16<>10,16 (Q3)"
        );
        assert_eq!(Explanation::from(cell).render(&numbers), "r1c16 (Q3)");
    }

    #[test]
    fn areas_name_their_corners_and_their_range() {
        let area = Explanation(smallvec![Part::Area {
            top: 1,
            left: 2,
            bottom: 2,
            right: 4,
        }]);
        assert_eq!(area.render(&Names::of_width(6)), "r2c3-r3c5");
        assert_eq!(
            area.render(&Names::of_width(6).at_sheet(0, 0)),
            "r2c3-r3c5 (C2:E3)"
        );
    }

    #[test]
    fn words_run_together_and_placeholders_must_match() {
        let mut text = explain!("a {} c", "b");
        text.push(" d");
        assert_eq!(text.parts().len(), 1);
        let result = std::panic::catch_unwind(|| explain!("{} and {}", "one"));
        assert!(result.is_err());
        let result = std::panic::catch_unwind(|| explain!("{} and", "one", "two"));
        assert!(result.is_err());
    }
}
