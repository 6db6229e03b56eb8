//! The exact solver: counts a puzzle's solutions up to a limit, finds one, or finds a random one.
//!
//! Two engines sit behind one interface, and the choice between them is automatic:
//! - `nine`: a bit-parallel engine for standard Sudoku (9x9, 3x3 boxes, no extra houses), the case
//!   that must be fast, because checking thousands of puzzles is common;
//! - `generic`: an engine for every size from 1 to 100 and every layout (boxes of any shape, jigsaw
//!   regions, Latin squares, extra houses), which knows the grid only through its houses and peers.
//!
//! Both report solutions to a `Solutions` collector, which counts them, keeps the first and says
//! when to stop, and both can start from candidates rather than givens, so that the logical engine
//! can hand over a partly deduced grid ([`count_from_candidates`]). Random solutions always come
//! from the generic engine, whose branching can take its options in a random order.

mod generic;
mod nine;

use crate::model::{Cell, DigitSet, Grid, Layout, Puzzle};

/// How many solutions a search found, and the first of them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Count {
    /// Solutions found; the search stops at the limit, so this is `0..=limit`.
    pub solutions: usize,
    /// The first solution found, if there is any.
    pub first: Option<Grid>,
}

/// Counts the solutions of `puzzle`, stopping at `limit`.
///
/// A limit of 2 tells "no solution", "exactly one" and "two or more" apart, which is what checking a
/// puzzle needs; a limit of 0 searches nothing.
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> Count {
    let mut found = Solutions::new(limit);
    if found.is_full() {
        return found.into_count();
    }
    if nine::applies(puzzle.layout()) {
        nine::search_givens(puzzle.givens(), &mut found);
        return found.into_count();
    }
    count_from_candidates(puzzle.layout(), &candidates_of(puzzle), limit)
}

/// Counts the solutions that keep every digit of a cell within that cell's `candidates`, stopping
/// at `limit`.
///
/// `candidates` holds one set per cell, row-major; digits above the grid's size are ignored. A cell
/// with a single candidate counts as placed; a cell with none makes the count 0. The candidates
/// need not be consistent with each other: the search removes whatever the houses rule out.
pub fn count_from_candidates(layout: &Layout, candidates: &[DigitSet], limit: usize) -> Count {
    assert_eq!(
        candidates.len(),
        layout.cell_count(),
        "one candidate set per cell"
    );
    let mut found = Solutions::new(limit);
    if !found.is_full() {
        if nine::applies(layout) {
            nine::search_candidates(candidates, &mut found);
        } else {
            let order = match limit {
                1 => generic::Order::First,
                _ => generic::Order::Exhaustive,
            };
            generic::search(layout, candidates, order, &mut found);
        }
    }
    found.into_count()
}

/// Like [`count_from_candidates`], but the search of grids other than standard 9x9 gives up after
/// `branches` branches and returns `None`: the count is then unknown. A generator uses it to skip
/// removals whose uniqueness would take long to prove. 9x9 searches are always quick and complete.
pub fn count_within(
    layout: &Layout,
    candidates: &[DigitSet],
    limit: usize,
    branches: u64,
) -> Option<Count> {
    if nine::applies(layout) {
        return Some(count_from_candidates(layout, candidates, limit));
    }
    let mut found = Solutions::new(limit);
    let complete =
        found.is_full() || generic::search_within(layout, candidates, branches, &mut found);
    complete.then(|| found.into_count())
}

/// Any one solution of `puzzle`, or `None` when it has none; the same one on every run.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    count_solutions(puzzle, 1).first
}

/// A solution of `puzzle` picked at random, or `None` when it has none.
///
/// The search takes the options of every branch in an order drawn from a generator seeded with
/// `seed`, so the same puzzle and seed give the same grid on every run, and every solution can come
/// out (though not all with the same probability). It starts again with new draws when it runs
/// long, which keeps nearly empty grids quick up to 36x36; from 49x49 up, filling an empty grid of
/// boxes at random can take very long.
pub fn random_solution(puzzle: &Puzzle, seed: u64) -> Option<Grid> {
    let mut found = Solutions::new(1);
    generic::search(
        puzzle.layout(),
        &candidates_of(puzzle),
        generic::Order::Random(seed),
        &mut found,
    );
    found.first
}

/// The starting candidates of a puzzle: its digit in a given cell, every digit elsewhere.
fn candidates_of(puzzle: &Puzzle) -> Vec<DigitSet> {
    let full = DigitSet::full(puzzle.size());
    puzzle
        .layout()
        .cells()
        .map(|cell: Cell| puzzle.givens().get(cell).map_or(full, DigitSet::single))
        .collect()
}

/// Where the engines report solutions: counts them up to a limit and keeps the first.
struct Solutions {
    limit: usize,
    count: usize,
    first: Option<Grid>,
}

impl Solutions {
    fn new(limit: usize) -> Solutions {
        Solutions {
            limit,
            count: 0,
            first: None,
        }
    }

    /// Records a solution; `grid` builds it, and is only called for the first one.
    fn record(&mut self, grid: impl FnOnce() -> Grid) {
        if self.first.is_none() {
            self.first = Some(grid());
        }
        self.count += 1;
    }

    /// Whether no solution was found yet.
    fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Whether the limit is reached, so the search must stop.
    fn is_full(&self) -> bool {
        self.count >= self.limit
    }

    fn into_count(self) -> Count {
        Count {
            solutions: self.count,
            first: self.first,
        }
    }
}
