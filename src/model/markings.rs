//! Markings printed on a grid beside its digits: even/odd shading and consecutive bars.
//!
//! An *even/odd* Sudoku shades cells: a cell marked even holds an even digit, one marked odd an
//! odd digit. A *consecutive* Sudoku draws a bar across the border of two touching cells whose
//! digits differ by one; where the puzzle says so (janko.at's do), every such pair is barred, so
//! two touching cells without a bar do *not* differ by one. These are not houses and make no
//! cells peers: the search ([`crate::search`]) and the techniques of `techniques::marks` read
//! them, and every other technique stays sound because it only uses the houses.
//!
//! (Not to be confused with pencil marks, [`crate::model::Marks`].)

use crate::model::digit::{Digit, DigitSet};
use crate::model::layout::Cell;
use serde::Serialize;

/// What a parity mark says of its cell's digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Parity {
    /// The cell holds an even digit.
    Even,
    /// The cell holds an odd digit.
    Odd,
}

impl Parity {
    /// The parity of `digit`.
    pub fn of(digit: Digit) -> Parity {
        match digit.get() % 2 {
            0 => Parity::Even,
            _ => Parity::Odd,
        }
    }

    /// The digits of a grid of `size` with this parity.
    pub fn digits(self, size: usize) -> DigitSet {
        DigitSet::full(size)
            .iter()
            .filter(|&d| Parity::of(d) == self)
            .collect()
    }

    /// `even` or `odd`.
    pub fn word(self) -> &'static str {
        match self {
            Parity::Even => "even",
            Parity::Odd => "odd",
        }
    }
}

/// What the border of two touching cells says of their digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// A bar: the digits differ by one.
    Consecutive,
    /// No bar on a puzzle whose bars are all drawn: the digits do not differ by one.
    NotConsecutive,
}

impl Relation {
    /// Whether digits `a` and `b` of two touching cells keep the relation.
    pub fn allows(self, a: usize, b: usize) -> bool {
        (a.abs_diff(b) == 1) == (self == Relation::Consecutive)
    }

    /// The digits of a cell that keep the relation with some digit of `other` (the touching
    /// cell's candidates) other than themselves: the two cells share a row or a column, so their
    /// digits differ anyway.
    pub fn supported(self, other: DigitSet, size: usize) -> DigitSet {
        let bits = other.bits();
        let full = DigitSet::full(size).bits();
        let kept = match self {
            Relation::Consecutive => (bits << 1 | bits >> 1) & full,
            Relation::NotConsecutive => match other.len() {
                // Three digits or more always leave one that is neither d-1, d nor d+1.
                0..=3 => {
                    let mut kept = 0u128;
                    for d in 0..size {
                        let near = 0b111u128 << d >> 1;
                        if bits & !near != 0 {
                            kept |= 1 << d;
                        }
                    }
                    kept
                }
                _ => full,
            },
        };
        DigitSet::from_bits(kept)
    }
}

/// A bar's side of a cell, as a bit of [`Markings`]' per-cell masks.
const RIGHT: u8 = 1;
/// The border with the cell below.
const BELOW: u8 = 2;

/// The markings of an N x N grid: a parity per cell (or none) and the consecutive bars.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Markings {
    /// Per cell, row-major, its parity mark; empty when no cell has one.
    parity: Vec<Option<Parity>>,
    /// Per cell, row-major, the bars on its right ([`RIGHT`]) and lower ([`BELOW`]) borders;
    /// empty when there are none and their absence says nothing.
    bars: Vec<u8>,
    /// Whether every consecutive pair is barred, so that a border without a bar is a rule too.
    all_bars_drawn: bool,
}

impl Markings {
    /// No markings.
    pub fn none() -> Markings {
        Markings::default()
    }

    /// Markings of a grid of `size`: `parity` per cell (row-major, or empty), the pairs of
    /// touching cells with a bar between them, and whether every consecutive pair is barred.
    /// Pairs must touch (the caller has checked; see [`Markings::touch`]).
    pub fn new(
        size: usize,
        parity: Vec<Option<Parity>>,
        bars: &[(Cell, Cell)],
        all_bars_drawn: bool,
    ) -> Markings {
        let parity = match parity.iter().any(Option::is_some) {
            true => parity,
            false => Vec::new(),
        };
        let mut masks = vec![
            0u8;
            if bars.is_empty() && !all_bars_drawn {
                0
            } else {
                size * size
            }
        ];
        for &(a, b) in bars {
            let (first, second) = if a < b { (a, b) } else { (b, a) };
            debug_assert!(Markings::touch(size, first, second));
            masks[first.index()] |= match second.index() - first.index() {
                1 => RIGHT,
                _ => BELOW,
            };
        }
        Markings {
            parity,
            bars: masks,
            all_bars_drawn,
        }
    }

    /// Every pair of touching cells of a grid of `size`, the upper or left one first: each cell
    /// with its right neighbour, then the one below it, row-major.
    pub fn touching_pairs(size: usize) -> impl Iterator<Item = (Cell, Cell)> {
        (0..size * size).flat_map(move |i| {
            let (r, c) = (i / size, i % size);
            let right = (c + 1 < size).then(|| (Cell::from_index(i), Cell::from_index(i + 1)));
            let below = (r + 1 < size).then(|| (Cell::from_index(i), Cell::from_index(i + size)));
            right.into_iter().chain(below)
        })
    }

    /// Whether two cells of a grid of `size` share a border.
    pub fn touch(size: usize, a: Cell, b: Cell) -> bool {
        let (ra, ca, rb, cb) = (a.row(size), a.col(size), b.row(size), b.col(size));
        ra.abs_diff(rb) + ca.abs_diff(cb) == 1
    }

    /// Whether there are no markings at all.
    pub fn is_empty(&self) -> bool {
        self.parity.is_empty() && self.bars.is_empty()
    }

    /// Whether some cell has a parity mark.
    pub fn has_parity(&self) -> bool {
        !self.parity.is_empty()
    }

    /// Whether borders say something: bars, or their absence where every bar is drawn.
    pub fn has_bars(&self) -> bool {
        !self.bars.is_empty()
    }

    /// Whether every consecutive pair is barred (a border without a bar is a rule).
    pub fn all_bars_drawn(&self) -> bool {
        self.all_bars_drawn
    }

    /// The parity mark of `cell`, if any.
    pub fn parity(&self, cell: Cell) -> Option<Parity> {
        self.parity.get(cell.index()).copied().flatten()
    }

    /// The digits `cell` may hold by its parity mark on a grid of `size` (all without one).
    pub fn allowed(&self, cell: Cell, size: usize) -> DigitSet {
        self.parity(cell)
            .map_or(DigitSet::full(size), |p| p.digits(size))
    }

    /// Whether a bar lies between two touching cells.
    pub fn bar(&self, size: usize, a: Cell, b: Cell) -> bool {
        let (first, second) = if a < b { (a, b) } else { (b, a) };
        let side = match second.index() - first.index() {
            1 => RIGHT,
            gap if gap == size => BELOW,
            _ => return false,
        };
        self.bars.get(first.index()).is_some_and(|m| m & side != 0)
    }

    /// The bars, each as its two cells (the upper or left one first), row-major.
    pub fn bars(&self, size: usize) -> Vec<(Cell, Cell)> {
        let mut all = Vec::new();
        for (index, &mask) in self.bars.iter().enumerate() {
            let cell = Cell::from_index(index);
            if mask & RIGHT != 0 {
                all.push((cell, Cell::from_index(index + 1)));
            }
            if mask & BELOW != 0 {
                all.push((cell, Cell::from_index(index + size)));
            }
        }
        all
    }

    /// What the border of two touching cells says: consecutive with a bar, not consecutive
    /// without one where every bar is drawn, nothing otherwise.
    pub fn relation(&self, size: usize, a: Cell, b: Cell) -> Option<Relation> {
        if self.bar(size, a, b) {
            Some(Relation::Consecutive)
        } else if self.all_bars_drawn {
            Some(Relation::NotConsecutive)
        } else {
            None
        }
    }

    /// The touching cells of `cell` whose border says something, each with what it says: above,
    /// left, right, below.
    pub fn related(&self, size: usize, cell: Cell) -> impl Iterator<Item = (Cell, Relation)> + '_ {
        let (r, c, i) = (cell.row(size), cell.col(size), cell.index());
        let neighbours = [
            (r > 0).then(|| i - size),
            (c > 0).then(|| i - 1),
            (c + 1 < size).then(|| i + 1),
            (r + 1 < size).then(|| i + size),
        ];
        neighbours
            .into_iter()
            .flatten()
            .filter(|_| self.has_bars())
            .filter_map(move |n| {
                let other = Cell::from_index(n);
                self.relation(size, cell, other).map(|rel| (other, rel))
            })
    }

    /// Whether the complete `values` of a grid of `size` (row-major, 0 for empty) keep every
    /// marking, empty cells keeping them all: the first cell (and the touching one, for a
    /// border) that does not.
    pub fn first_broken(&self, size: usize, values: &[u8]) -> Option<(Cell, Option<Cell>)> {
        for (index, &value) in values.iter().enumerate() {
            if value == 0 {
                continue;
            }
            let cell = Cell::from_index(index);
            if self
                .parity(cell)
                .is_some_and(|p| p != Parity::of(Digit::new(value as usize)))
            {
                return Some((cell, None));
            }
            for (other, relation) in self.related(size, cell) {
                let theirs = values[other.index()];
                if other > cell && theirs != 0 && !relation.allows(value.into(), theirs.into()) {
                    return Some((cell, Some(other)));
                }
            }
        }
        None
    }

    /// A short description for layouts: `38 even/odd cells`, `27 bars (all drawn)`.
    pub fn describe(&self, size: usize) -> Vec<String> {
        let mut parts = Vec::new();
        let marked = self.parity.iter().filter(|p| p.is_some()).count();
        if marked > 0 {
            parts.push(format!("{marked} even/odd cells"));
        }
        if self.has_bars() {
            let bars = self.bars(size).len();
            let s = if bars == 1 { "" } else { "s" };
            match self.all_bars_drawn {
                true => parts.push(format!("{bars} consecutive bar{s} (every one drawn)")),
                false => parts.push(format!("{bars} consecutive bar{s}")),
            }
        }
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[usize]) -> DigitSet {
        digits.iter().map(|&d| Digit::new(d)).collect()
    }

    #[test]
    fn supported_digits_follow_the_relation_digit_by_digit() {
        // Against the definition: d is kept when some e of the other cell, e != d, keeps the
        // relation with it; every subset of 1..=6.
        let size = 6;
        for bits in 0u128..64 {
            let other = DigitSet::from_bits(bits);
            for relation in [Relation::Consecutive, Relation::NotConsecutive] {
                let expected: DigitSet = (1..=size)
                    .filter(|&d| {
                        other
                            .iter()
                            .any(|e| e.get() != d && relation.allows(d, e.get()))
                    })
                    .map(Digit::new)
                    .collect();
                assert_eq!(
                    relation.supported(other, size),
                    expected,
                    "{relation:?} {bits:b}"
                );
            }
        }
        assert_eq!(Relation::Consecutive.supported(set(&[3]), 9), set(&[2, 4]));
        assert_eq!(
            Relation::NotConsecutive.supported(set(&[3]), 9),
            set(&[1, 5, 6, 7, 8, 9])
        );
    }

    #[test]
    fn bars_are_found_from_either_cell() {
        let size = 4;
        let at = |r, c| Cell::at(r, c, size);
        let markings = Markings::new(
            size,
            Vec::new(),
            &[(at(1, 2), at(1, 1)), (at(0, 3), at(1, 3))],
            true,
        );
        assert!(markings.bar(size, at(1, 1), at(1, 2)));
        assert!(markings.bar(size, at(1, 3), at(0, 3)));
        assert!(
            !markings.bar(size, at(0, 3), at(1, 0)),
            "not touching: index gap 1"
        );
        assert_eq!(
            markings.bars(size),
            vec![(at(0, 3), at(1, 3)), (at(1, 1), at(1, 2))]
        );
        let related: Vec<_> = markings.related(size, at(1, 2)).collect();
        assert_eq!(
            related,
            vec![
                (at(0, 2), Relation::NotConsecutive),
                (at(1, 1), Relation::Consecutive),
                (at(1, 3), Relation::NotConsecutive),
                (at(2, 2), Relation::NotConsecutive),
            ]
        );
    }

    #[test]
    fn broken_markings_name_the_cells() {
        let size = 3;
        let at = |r, c| Cell::at(r, c, size);
        let mut parity = vec![None; 9];
        parity[4] = Some(Parity::Even);
        let markings = Markings::new(size, parity, &[(at(0, 0), at(0, 1))], false);
        assert_eq!(
            markings.first_broken(size, &[1, 2, 0, 0, 2, 0, 0, 0, 0]),
            None
        );
        assert_eq!(
            markings.first_broken(size, &[1, 3, 0, 0, 2, 0, 0, 0, 0]),
            Some((at(0, 0), Some(at(0, 1))))
        );
        assert_eq!(
            markings.first_broken(size, &[0, 0, 0, 0, 3, 0, 0, 0, 0]),
            Some((at(1, 1), None))
        );
    }
}
