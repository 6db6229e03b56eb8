//! The SAT engine for the grids the generic search cannot finish: what is left after propagation
//! at the root, encoded for CaDiCaL.
//!
//! The encoding is the "extended" one of the giant-Sudoku SAT literature, built only over what is
//! still open: a variable for each candidate of each cell with two candidates or more (cells
//! already settled, and the digits their houses rule out, get none), and for each open cell and
//! each house-digit not yet placed, "at least one" and "at most one" (pairwise). The redundant half
//! (every digit once per house on top of one digit per cell) is what lets unit propagation draw
//! hidden singles as well as naked ones.
//!
//! Counting goes on in the same solver: after each solution a clause that forbids exactly it
//! (some open cell takes another digit) is added and the solver is asked again, keeping what it
//! learnt. With a seed, the variables are numbered in an order drawn from it, which sends the
//! solver's choices elsewhere: a random solution that the same seed gives again. CaDiCaL itself is
//! deterministic, so the same input gives the same solutions in the same order.

use super::{Bits, Deadline, Solutions};
use crate::model::{Cell, Digit, Grid, Layout};
use rand::SeedableRng;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;

/// Whether the SAT solver is there to take over (not in a build without the `native` feature).
pub(super) const AVAILABLE: bool = true;

/// Searches from `root` (one candidate set per cell, propagated: no house-digit is left without a
/// place and none with one place stays unplaced), reporting solutions to `found` until it is full
/// or no solution is left: true. False when `deadline` passed first.
pub(super) fn search(
    layout: &Layout,
    root: &[u128],
    seed: Option<u64>,
    deadline: Deadline,
    found: &mut Solutions,
) -> bool {
    let encoding = Encoding::new(root, seed);
    let mut solver: cadical::Solver<Clock> = cadical::Solver::new();
    if deadline.is_set() {
        solver.set_callbacks(Some(Clock(deadline)));
    }
    if !encoding.add_clauses(layout, &mut solver, deadline) {
        return false;
    }
    loop {
        match solver.solve() {
            None => return false,
            Some(false) => return true,
            Some(true) => {
                let chosen = encoding.chosen(&solver);
                found.record(|| encoding.grid(layout, &chosen));
                if found.is_full() {
                    return true;
                }
                solver.add_clause(chosen.iter().map(|&var| -var));
            }
        }
    }
}

/// Stops CaDiCaL at the deadline (it asks now and then while it runs).
struct Clock(Deadline);

impl cadical::Callbacks for Clock {
    fn terminate(&mut self) -> bool {
        self.0.passed()
    }
}

/// The variables: one per candidate of each open cell.
struct Encoding<'a> {
    root: &'a [u128],
    /// `first[cell]`: the slot of the cell's lowest candidate; its others follow in digit order.
    first: Vec<usize>,
    /// The SAT variable of each slot (1 and up).
    var: Vec<i32>,
}

impl<'a> Encoding<'a> {
    /// Numbers the candidates of the open cells, in order or (with a seed) in a random order.
    fn new(root: &'a [u128], seed: Option<u64>) -> Encoding<'a> {
        let mut first = Vec::with_capacity(root.len());
        let mut slots = 0;
        for &cands in root {
            first.push(slots);
            if cands.count_ones() > 1 {
                slots += cands.count_ones() as usize;
            }
        }
        let mut var: Vec<i32> = (1..=slots as i32).collect();
        if let Some(seed) = seed {
            var.shuffle(&mut StdRng::seed_from_u64(seed));
        }
        Encoding { root, first, var }
    }

    /// The variable of `digit` (an index) in an open `cell` that has it as a candidate.
    fn var(&self, cell: usize, digit: usize) -> i32 {
        let below = self.root[cell] & ((1u128 << digit) - 1);
        self.var[self.first[cell] + below.count_ones() as usize]
    }

    /// Whether `cell` is still open.
    fn open(&self, cell: usize) -> bool {
        self.root[cell].count_ones() > 1
    }

    /// Adds every clause; false when the deadline passed first.
    fn add_clauses(
        &self,
        layout: &Layout,
        solver: &mut cadical::Solver<Clock>,
        deadline: Deadline,
    ) -> bool {
        let mut vars = Vec::new();
        let mut last = self.var.len() as i32;
        for cell in (0..self.root.len()).filter(|&cell| self.open(cell)) {
            vars.clear();
            vars.extend(Bits(self.root[cell]).map(|digit| self.var(cell, digit)));
            exactly_one(solver, &vars, &mut last);
        }
        for house in layout.houses() {
            if deadline.passed() {
                return false;
            }
            for digit in 0..layout.size() {
                vars.clear();
                vars.extend(
                    house
                        .cells
                        .iter()
                        .map(|cell| cell.index())
                        .filter(|&cell| self.open(cell) && self.root[cell] >> digit & 1 != 0)
                        .map(|cell| self.var(cell, digit)),
                );
                if !vars.is_empty() {
                    exactly_one(solver, &vars, &mut last);
                }
            }
        }
        true
    }

    /// The variables true in the solver's model: one per open cell, in cell order.
    fn chosen(&self, solver: &cadical::Solver<Clock>) -> Vec<i32> {
        (0..self.root.len())
            .filter(|&cell| self.open(cell))
            .map(|cell| {
                Bits(self.root[cell])
                    .map(|digit| self.var(cell, digit))
                    .find(|&var| solver.value(var) == Some(true))
                    .expect("a model gives every open cell a digit")
            })
            .collect()
    }

    /// The solution grid: the root's settled cells and the `chosen` digit of each open cell.
    fn grid(&self, layout: &Layout, chosen: &[i32]) -> Grid {
        let mut grid = Grid::for_layout(layout);
        let mut chosen = chosen.iter();
        for (cell, &cands) in self.root.iter().enumerate() {
            let digit = match self.open(cell) {
                false => cands.trailing_zeros() as usize,
                true => {
                    let var = *chosen.next().expect("one choice per open cell");
                    Bits(cands)
                        .find(|&digit| self.var(cell, digit) == var)
                        .expect("the chosen variable is the cell's")
                }
            };
            grid.set(Cell::from_index(cell), Some(Digit::from_index(digit)));
        }
        grid
    }
}

/// Groups of more variables than this get the sequential "at most one" instead of the pairwise.
const PAIRWISE_UP_TO: usize = 32;

/// Exactly one of `vars` is true: one clause for "at least one"; for "at most one", a clause per
/// pair in a small group, else Sinz's sequential counter, whose auxiliary variable `s_i` says "one
/// of the first i is true" (3 clauses per variable instead of k/2: an empty 100x100 would need
/// 200 million pairs). Unit propagation draws the same conclusions from either.
/// `last` is the highest variable in use, auxiliary ones included.
fn exactly_one(solver: &mut cadical::Solver<Clock>, vars: &[i32], last: &mut i32) {
    solver.add_clause(vars.iter().copied());
    if vars.len() <= PAIRWISE_UP_TO {
        for (i, &a) in vars.iter().enumerate() {
            for &b in &vars[i + 1..] {
                solver.add_clause([-a, -b]);
            }
        }
        return;
    }
    let mut fresh = || {
        *last += 1;
        *last
    };
    let mut before = fresh();
    solver.add_clause([-vars[0], before]);
    for &var in &vars[1..vars.len() - 1] {
        let upto = fresh();
        solver.add_clause([-var, upto]);
        solver.add_clause([-before, upto]);
        solver.add_clause([-var, -before]);
        before = upto;
    }
    solver.add_clause([-vars[vars.len() - 1], -before]);
}
