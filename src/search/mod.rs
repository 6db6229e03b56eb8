//! The exact solver: counts a puzzle's solutions up to a limit, finds one, or finds a random one.
//!
//! Two engines sit behind one interface, and the choice between them is automatic:
//! - `nine`: a bit-parallel engine for standard Sudoku (9x9, 3x3 boxes, no extra houses or cages),
//!   the case that must be fast, because checking thousands of puzzles is common;
//! - `generic`: an engine for every size from 1 to 100 and every layout (boxes of any shape, jigsaw
//!   regions, Latin squares, extra houses, Killer cages), which knows the grid only through its
//!   houses, peers and cages.
//!
//! When the generic engine has met [`HANDOVER_FAILURES`] dead ends without finishing, what is
//! left (the grid after its propagation at the root) goes to a SAT solver, CaDiCaL (`sat`), whose
//! clause learning answers the large, sparse grids where a plain search gets lost for minutes.
//! A search for one solution in order waits longer on a grid with many open candidates (nearly
//! empty ones, which its restarts fill far sooner than the SAT solver does).
//! Extra houses are houses to it too; Killer layouts never go there (the encoding has no sums),
//! nor do layouts with consecutive bars. Even/odd marks narrow the starting candidates of every
//! engine; bars are followed by the generic engine alone.
//!
//! All of them report solutions to a `Solutions` collector, which counts them, keeps the first
//! two and says when to stop, and all can start from candidates rather than givens, so that the
//! logical engine can hand over a partly deduced grid ([`count_from_candidates`]). Random
//! solutions come from the generic engine, whose branching can take its options in a random
//! order, and from the SAT solver with its variables numbered in a random order. Every search can
//! be given a [`Deadline`]; one that passes it stops and says so ([`Count::complete`]).

mod generic;
mod nine;
pub mod work;
// CaDiCaL (C++) comes with the `native` feature; without it the stand-in `sat` takes nothing
// over and the generic engine searches to the end.
#[cfg(feature = "native")]
mod sat;
#[cfg(not(feature = "native"))]
#[path = "no_sat.rs"]
mod sat;
// wasm32-unknown-unknown has no clock (`Instant::now` panics there): a stand-in whose deadlines
// never come.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
#[path = "no_clock.rs"]
mod no_clock;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use no_clock::Instant;

use crate::model::{Cell, DigitSet, Grid, Layout, Puzzle};
use std::borrow::Cow;
use std::time::Duration;

/// How many solutions a search found, and the first two of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Count {
    /// Solutions found; the search stops at the limit, so this is `0..=limit`.
    pub solutions: usize,
    /// The first solution found, if there is any.
    pub first: Option<Grid>,
    /// The second solution found, when the limit let the search find two.
    pub second: Option<Grid>,
    /// Whether the search finished: false when it stopped at its deadline, and then `solutions`
    /// is only how many it had found by then (there may be more, or none may exist).
    pub complete: bool,
}

impl Default for Count {
    /// No solution, found by a search that finished.
    fn default() -> Count {
        Count {
            solutions: 0,
            first: None,
            second: None,
            complete: true,
        }
    }
}

/// The moment a search gives up, or never; it has passed too when the thread works within a
/// budget of work ([`work::within`]) and has spent it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline: the search runs until it finishes.
    pub const NEVER: Deadline = Deadline(None);

    /// The moment `limit` from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline(Instant::now().checked_add(limit))
    }

    /// Whether the moment has come, or the budget of work this thread works within is spent.
    pub fn passed(&self) -> bool {
        work::spent() || self.0.is_some_and(|at| Instant::now() >= at)
    }

    /// The time left (zero once passed), or `None` without a deadline.
    pub fn remaining(&self) -> Option<Duration> {
        self.0
            .map(|at| at.saturating_duration_since(Instant::now()))
    }

    /// Whether there is a deadline at all.
    pub fn is_set(&self) -> bool {
        self.0.is_some()
    }
}

/// How long a search or a solve may take, as a person asks for it.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum TimeLimit {
    /// The default: no limit up to [`TimeLimit::DEFAULT_ABOVE`]x[`TimeLimit::DEFAULT_ABOVE`],
    /// [`TimeLimit::DEFAULT`] on larger grids.
    #[default]
    BySize,
    /// No limit.
    Unlimited,
    /// This long.
    After(Duration),
}

impl TimeLimit {
    /// The limit on grids larger than [`TimeLimit::DEFAULT_ABOVE`] when none is asked for.
    pub const DEFAULT: Duration = Duration::from_secs(60);
    /// The largest grid size without a limit by default.
    pub const DEFAULT_ABOVE: usize = 36;

    /// The limit on a grid of `size`.
    pub fn for_size(self, size: usize) -> Option<Duration> {
        match self {
            TimeLimit::BySize => (size > TimeLimit::DEFAULT_ABOVE).then_some(TimeLimit::DEFAULT),
            TimeLimit::Unlimited => None,
            TimeLimit::After(limit) => Some(limit),
        }
    }

    /// The limit asked for, without a default (for searches that have none).
    pub fn asked(self) -> Option<Duration> {
        match self {
            TimeLimit::After(limit) => Some(limit),
            _ => None,
        }
    }
}

/// Dead ends (branches that led to a contradiction) the generic engine may meet on a grid before
/// it hands the rest to the SAT solver. Most grids up to 25x25 finish well within them; the ones
/// that do not are those where clause learning wins. A search for one solution ([`solve`]) on a
/// grid with many open candidates may meet more: nearly empty large grids need thousands of dead
/// ends, which its restarts get past far sooner than the SAT solver finds its way.
pub const HANDOVER_FAILURES: u64 = 1000;

/// Counts the solutions of `puzzle`, stopping at `limit`.
///
/// A limit of 2 tells "no solution", "exactly one" and "two or more" apart, which is what checking a
/// puzzle needs; a limit of 0 searches nothing.
pub fn count_solutions(puzzle: &Puzzle, limit: usize) -> Count {
    count_solutions_until(puzzle, limit, Deadline::NEVER)
}

/// Like [`count_solutions`], but stops at `deadline` (the count is then not
/// [`complete`](Count::complete)).
pub fn count_solutions_until(puzzle: &Puzzle, limit: usize, deadline: Deadline) -> Count {
    let mut found = Solutions::new(limit);
    if found.is_full() {
        return found.into_count();
    }
    if nine::applies(puzzle.layout()) && puzzle.layout().markings().is_empty() {
        nine::search_givens(puzzle.givens(), &mut found);
        return found.into_count();
    }
    count_from_candidates_until(puzzle.layout(), &candidates_of(puzzle), limit, deadline)
}

/// Counts the solutions that keep every digit of a cell within that cell's `candidates`, stopping
/// at `limit`.
///
/// `candidates` holds one set per cell, row-major; digits above the grid's size are ignored. A cell
/// with a single candidate counts as placed; a cell with none makes the count 0. The candidates
/// need not be consistent with each other: the search removes whatever the houses rule out.
pub fn count_from_candidates(layout: &Layout, candidates: &[DigitSet], limit: usize) -> Count {
    count_from_candidates_until(layout, candidates, limit, Deadline::NEVER)
}

/// Like [`count_from_candidates`], but stops at `deadline` (the count is then not
/// [`complete`](Count::complete)). Standard 9x9 grids are always searched to the end.
pub fn count_from_candidates_until(
    layout: &Layout,
    candidates: &[DigitSet],
    limit: usize,
    deadline: Deadline,
) -> Count {
    assert_eq!(
        candidates.len(),
        layout.cell_count(),
        "one candidate set per cell"
    );
    let mut found = Solutions::new(limit);
    if found.is_full() {
        return found.into_count();
    }
    let candidates = by_parity(layout, candidates);
    if nine::applies(layout) {
        nine::search_candidates(&candidates, &mut found);
        return found.into_count();
    }
    let order = match limit {
        1 => generic::Order::First,
        _ => generic::Order::Exhaustive,
    };
    exact(layout, &candidates, order, deadline, found)
}

/// The candidates without the digits even/odd marks rule out (the same when there are none).
fn by_parity<'a>(layout: &Layout, candidates: &'a [DigitSet]) -> Cow<'a, [DigitSet]> {
    let markings = layout.markings();
    if !markings.has_parity() {
        return Cow::Borrowed(candidates);
    }
    let size = layout.size();
    (layout.cells())
        .map(|cell| candidates[cell.index()].intersection(markings.allowed(cell, size)))
        .collect()
}

/// The generic engine up to [`HANDOVER_FAILURES`] dead ends, then, if it did not finish, the SAT
/// solver from the generic engine's propagated root (counting again from nothing, so that every
/// solution is counted once). The SAT encoding knows houses (extra houses included) but not Killer
/// cages or consecutive bars, so a layout with either stays with the generic engine to the end.
fn exact(
    layout: &Layout,
    candidates: &[DigitSet],
    order: generic::Order,
    deadline: Deadline,
    mut found: Solutions,
) -> Count {
    let seed = order.seed();
    let encodable = layout.cages().is_empty() && !layout.markings().has_bars();
    let failures = match sat::AVAILABLE && encodable {
        true => HANDOVER_FAILURES,
        false => u64::MAX,
    };
    let stop = generic::Stop {
        branches: u64::MAX,
        failures,
        deadline,
    };
    match generic::search(layout, candidates, order, stop, &mut found) {
        generic::Ended::Finished => found.into_count(),
        generic::Ended::OutOfTime | generic::Ended::OutOfBranches => found.into_incomplete(),
        generic::Ended::HandedOver(root) => {
            let mut found = Solutions::new(found.limit);
            match sat::search(layout, &root, seed, deadline, &mut found) {
                true => found.into_count(),
                false => found.into_incomplete(),
            }
        }
    }
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
    let candidates = by_parity(layout, candidates);
    let mut found = Solutions::new(limit);
    let ended = match found.is_full() {
        true => generic::Ended::Finished,
        false => {
            let stop = generic::Stop {
                branches,
                failures: u64::MAX,
                deadline: Deadline::NEVER,
            };
            generic::search(
                layout,
                &candidates,
                generic::Order::Exhaustive,
                stop,
                &mut found,
            )
        }
    };
    matches!(ended, generic::Ended::Finished).then(|| found.into_count())
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
/// long, which keeps nearly empty grids quick up to 36x36; past [`HANDOVER_FAILURES`] dead ends the
/// SAT solver takes over with its variables numbered in an order drawn from the same seed.
pub fn random_solution(puzzle: &Puzzle, seed: u64) -> Option<Grid> {
    random_solution_until(puzzle, seed, Deadline::NEVER).first
}

/// Like [`random_solution`], but stops at `deadline`: the count says whether the search finished
/// and holds the solution (`solutions` is 0 or 1).
pub fn random_solution_until(puzzle: &Puzzle, seed: u64, deadline: Deadline) -> Count {
    let order = generic::Order::Random(seed);
    let candidates = candidates_of(puzzle);
    exact(
        puzzle.layout(),
        &by_parity(puzzle.layout(), &candidates),
        order,
        deadline,
        Solutions::new(1),
    )
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

/// Where the engines report solutions: counts them up to a limit and keeps the first two.
struct Solutions {
    limit: usize,
    count: usize,
    first: Option<Grid>,
    second: Option<Grid>,
}

impl Solutions {
    fn new(limit: usize) -> Solutions {
        Solutions {
            limit,
            count: 0,
            first: None,
            second: None,
        }
    }

    /// Records a solution; `grid` builds it, and is only called for the first two.
    fn record(&mut self, grid: impl FnOnce() -> Grid) {
        match self.count {
            0 => self.first = Some(grid()),
            1 => self.second = Some(grid()),
            _ => {}
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

    /// The count of a search that finished.
    fn into_count(self) -> Count {
        Count {
            solutions: self.count,
            first: self.first,
            second: self.second,
            complete: true,
        }
    }

    /// The count of a search that stopped at its deadline.
    fn into_incomplete(self) -> Count {
        Count {
            complete: false,
            ..self.into_count()
        }
    }
}

/// The indices of the set bits of a candidate set, lowest first.
pub(super) struct Bits(u128);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(index)
    }
}
