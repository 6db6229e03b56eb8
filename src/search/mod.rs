//! The exact solver: counts a puzzle's solutions up to a limit, finds one, or finds a random one.
//!
//! Two engines sit behind one interface, and the choice between them is automatic:
//! - `nine`: a bit-parallel engine for standard Sudoku (9x9, 3x3 boxes, no extra houses), the
//!   case that must be fast because checking thousands of puzzles is common;
//! - `generic`: an engine for every size from 1 to 100 and every layout (boxes of any shape,
//!   jigsaw regions, Latin squares, extra houses), which sees the grid only through
//!   [`Layout::houses`] and [`Layout::peers`].
//!
//! Both report solutions to a [`Solutions`] collector, which counts them, keeps the first and says
//! when to stop. Both start from candidates rather than givens, so the logical engine can hand over
//! a partly deduced grid ([`count_from_candidates`]).

mod generic;
mod nine;

use crate::model::{Cell, DigitSet, Grid, Layout, Puzzle};
use rand::SeedableRng;
use rand::rngs::StdRng;

/// How many solutions a search found, and the first of them.
#[derive(Debug, Clone, PartialEq, Eq)]
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
/// `candidates` holds one set per cell, row-major. A cell with a single candidate counts as placed;
/// a cell with none makes the count 0. The candidates need not be consistent with each other: the
/// search removes whatever the houses rule out.
pub fn count_from_candidates(layout: &Layout, candidates: &[DigitSet], limit: usize) -> Count {
    assert_eq!(candidates.len(), layout.cell_count(), "one candidate set per cell");
    let mut found = Solutions::new(limit);
    if !found.is_full() {
        if nine::applies(layout) {
            nine::search_candidates(candidates, &mut found);
        } else {
            generic::search(layout, candidates, None, &mut found);
        }
    }
    found.into_count()
}

/// Any one solution of `puzzle`, or `None` when it has none.
pub fn solve(puzzle: &Puzzle) -> Option<Grid> {
    count_solutions(puzzle, 1).first
}

/// A solution of `puzzle` picked at random, or `None` when it has none.
///
/// The search tries the options of every branch in an order drawn from a random generator seeded
/// with `seed`, so the same puzzle and seed give the same grid on every run, and every solution can
/// come out (though not all with the same probability).
pub fn random_solution(puzzle: &Puzzle, seed: u64) -> Option<Grid> {
    let mut found = Solutions::new(1);
    let rng = StdRng::seed_from_u64(seed);
    generic::search(puzzle.layout(), &candidates_of(puzzle), Some(rng), &mut found);
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

pub static GUESSES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
pub static C: [std::sync::atomic::AtomicU64; 6] = [const { std::sync::atomic::AtomicU64::new(0) }; 6];
pub fn bump(i: usize) { C[i].fetch_add(1, std::sync::atomic::Ordering::Relaxed); }
pub fn stats() -> String { format!("guesses {} counters {:?}", GUESSES.swap(0, std::sync::atomic::Ordering::Relaxed), C.iter().map(|c| c.swap(0, std::sync::atomic::Ordering::Relaxed)).collect::<Vec<_>>()) }
