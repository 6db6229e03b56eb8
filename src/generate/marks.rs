//! Even/odd marks and consecutive bars drawn from a full grid, as janko.at draws them: every
//! empty cell marked with the parity of its digit, and a bar between every two touching cells
//! whose digits differ by one (so that no bar says "not consecutive"). The dig then runs on a
//! layout whose every cell is marked; once the givens are chosen, a given's mark (its digit says
//! more) is taken off, so the puzzle is written and read back as the dataset's puzzles are.

use crate::model::{Cell, Grid, Layout, Markings, Parity};
use serde::Serialize;

/// The marks a generated puzzle carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct MarkKinds {
    /// Even/odd: each empty cell marked with its digit's parity.
    pub even_odd: bool,
    /// Consecutive: a bar between every two touching cells whose digits differ by one.
    pub consecutive: bool,
}

impl MarkKinds {
    /// Whether the puzzle carries no marks.
    pub fn is_empty(self) -> bool {
        !self.even_odd && !self.consecutive
    }

    /// The variants' names, as `describe` lists them: `even-odd`, `consecutive`.
    pub fn keys(self) -> Vec<&'static str> {
        [
            (self.even_odd, "even-odd"),
            (self.consecutive, "consecutive"),
        ]
        .into_iter()
        .filter_map(|(on, key)| on.then_some(key))
        .collect()
    }

    /// The markings `solution` gives on a grid of `layout`'s size: every cell's parity, except
    /// that of the cells `clues` gives (when it is known), and every consecutive pair barred.
    pub fn markings(self, layout: &Layout, solution: &Grid, clues: Option<&Grid>) -> Markings {
        let given = |cell: Cell| clues.is_some_and(|clues| clues.get(cell).is_some());
        let parity = match self.even_odd {
            true => layout
                .cells()
                .map(|cell| match given(cell) {
                    true => None,
                    false => solution.get(cell).map(Parity::of),
                })
                .collect(),
            false => Vec::new(),
        };
        let bars = match self.consecutive {
            true => consecutive_pairs(layout, solution),
            false => Vec::new(),
        };
        Markings::new(layout.size(), parity, &bars, self.consecutive)
    }
}

/// The pairs of touching cells whose digits differ by one.
fn consecutive_pairs(layout: &Layout, solution: &Grid) -> Vec<(Cell, Cell)> {
    let digit = |cell: Cell| solution.get(cell).map_or(0, |d| d.get());
    Markings::touching_pairs(layout.size())
        .filter(|&(a, b)| digit(a).abs_diff(digit(b)) == 1)
        .collect()
}
