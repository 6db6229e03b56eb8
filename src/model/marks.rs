//! Candidates and pencil marks: one digit in one cell, and a grid of placed digits with the
//! candidates left in every other cell (what a person pencils in, what a HoDoKu library line or a
//! pencil-mark grid holds).

use crate::model::digit::{Digit, DigitSet};
use crate::model::layout::{Cell, Layout};
use crate::model::puzzle::{Grid, Puzzle, Symbols};
use serde::{Serialize, Serializer};
use std::sync::Arc;

/// One digit in one cell: a placement, an elimination, or a candidate in a pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Candidate {
    /// The cell.
    pub cell: Cell,
    /// The digit.
    pub digit: Digit,
}

impl Candidate {
    /// The candidate `digit` in `cell`.
    pub fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

impl Serialize for Candidate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut s = serializer.serialize_struct("Candidate", 2)?;
        s.serialize_field("cell", &self.cell.index())?;
        s.serialize_field("digit", &self.digit)?;
        s.end()
    }
}

/// A pencil-mark grid: the givens, every placed digit (givens included) and the candidates of
/// each cell (empty for filled cells), with the symbols to write them.
#[derive(Debug, Clone)]
pub struct Marks {
    /// The geometry.
    pub layout: Arc<Layout>,
    /// The original clues.
    pub givens: Grid,
    /// Every placed digit, givens included.
    pub values: Grid,
    /// The candidates of each cell, row-major.
    pub candidates: Vec<DigitSet>,
    /// How digits are written.
    pub symbols: Symbols,
}

impl Marks {
    /// The puzzle of the givens, in the marks' symbols, from no known source.
    pub fn puzzle(&self) -> Result<Puzzle, crate::error::Error> {
        let origin = crate::model::Origin::Unknown;
        let puzzle = Puzzle::new(self.layout.clone(), self.givens.clone(), origin)?;
        Ok(puzzle.with_symbols(self.symbols.clone()))
    }

    /// Marks from placed digits and explicit candidates; candidates of filled cells are dropped.
    pub fn new(
        layout: Arc<Layout>,
        givens: Grid,
        values: Grid,
        mut candidates: Vec<DigitSet>,
    ) -> Marks {
        for cell in layout.cells() {
            if values.get(cell).is_some() {
                candidates[cell.index()] = DigitSet::EMPTY;
            }
        }
        Marks {
            layout,
            givens,
            values,
            candidates,
            symbols: Symbols::default(),
        }
    }

    /// The marks right after the givens: every empty cell holds the digits its peers leave open.
    pub fn of_puzzle(puzzle: &Puzzle) -> Marks {
        let candidates = puzzle.open_digits();
        Marks {
            symbols: puzzle.symbols().clone(),
            ..Marks::new(
                puzzle.layout_arc().clone(),
                puzzle.givens().clone(),
                puzzle.givens().clone(),
                candidates,
            )
        }
    }
}
