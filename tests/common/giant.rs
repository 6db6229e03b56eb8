//! Giant Sudoku instances for tests and benchmarks (`tests/giant.rs`, `benches/giant.rs`), made
//! here from scratch so that the set does not depend on the program under test, and an
//! independent validator of solutions.
//!
//! A full grid: the pattern grid (row r, column c holds `(w·(r mod h) + r div h + c) mod n` for
//! boxes of h rows and w columns), its digits, rows within bands, bands, columns within stacks and
//! stacks permuted, then `20·n` cycle swaps: two rows of one band exchange their digits along the
//! cycle of columns that keeps both rows whole (or two columns of one stack, the same way). Such
//! a swap keeps every row, column and box whole, and after many of them little of the pattern is
//! left.
//!
//! Holes spread evenly: a second such grid marks the holes, the cells where it shows one of `k`
//! digits drawn at random, so every row, column and box has exactly `k` holes (the "balanced"
//! instances of the quasigroup-with-holes literature, the hardest kind for a given ratio).

use gridlogic::model::{Cell, Digit, Grid, Layout, Origin, Puzzle};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use std::sync::Arc;

/// One generated instance.
pub struct Instance {
    /// `25x25 40% seed 1`.
    pub name: String,
    pub size: usize,
    /// Given cells in percent.
    pub given: usize,
    pub seed: u64,
    pub puzzle: Puzzle,
    /// The full grid the givens come from (one solution; there may be others).
    pub planted: Grid,
}

/// The benchmark set of the issue: sizes 25 to 100, 40%, 50% and 60% given, `seeds` seeds each.
pub fn benchmark_set(seeds: u64) -> Vec<Instance> {
    let mut set = Vec::new();
    for size in [25, 36, 49, 64, 81, 100] {
        for given in [40, 50, 60] {
            for seed in 1..=seeds {
                set.push(instance(size, given, seed));
            }
        }
    }
    set
}

/// The instance of `size` (a square: boxes of side √size) with `given` percent of cells given.
pub fn instance(size: usize, given: usize, seed: u64) -> Instance {
    let side = (1..=size).find(|s| s * s >= size).expect("a side");
    assert_eq!(side * side, size, "square sizes only");
    let mut rng = StdRng::seed_from_u64(seed * 1000 + size as u64 * 10 + given as u64);
    let planted = full_grid(size, side, &mut rng);
    let marks = full_grid(size, side, &mut rng);
    let holes_per_house = (size * (100 - given) + 50) / 100;
    let mut digits: Vec<usize> = (0..size).collect();
    digits.shuffle(&mut rng);
    let holes = &digits[..holes_per_house];
    let mut givens = Grid::empty(size);
    for index in 0..size * size {
        if !holes.contains(&marks[index]) {
            givens.set(
                Cell::from_index(index),
                Some(Digit::from_index(planted[index])),
            );
        }
    }
    let layout = Arc::new(Layout::with_default_boxes(size).expect("a boxed size"));
    let planted_grid = {
        let mut grid = Grid::empty(size);
        for (index, &value) in planted.iter().enumerate() {
            grid.set(Cell::from_index(index), Some(Digit::from_index(value)));
        }
        grid
    };
    Instance {
        name: format!("{size}x{size} {given}% seed {seed}"),
        size,
        given,
        seed,
        puzzle: Puzzle::new(layout, givens, Origin::Unknown).expect("givens of a full grid"),
        planted: planted_grid,
    }
}

/// A random full grid of boxes `side` x `side`, row-major, values 0..n.
fn full_grid(n: usize, side: usize, rng: &mut StdRng) -> Vec<usize> {
    let pattern = |r: usize, c: usize| (side * (r % side) + r / side + c) % n;
    let rows = grouped(n, side, rng);
    let cols = grouped(n, side, rng);
    let mut digits: Vec<usize> = (0..n).collect();
    digits.shuffle(rng);
    let mut grid: Vec<usize> = (0..n * n)
        .map(|i| digits[pattern(rows[i / n], cols[i % n])])
        .collect();
    for _ in 0..20 * n {
        let transpose = rng.random_range(0..2) == 1;
        let band = rng.random_range(0..n / side);
        let first = band * side + rng.random_range(0..side);
        let mut second = band * side + rng.random_range(0..side - 1);
        if second >= first {
            second += 1;
        }
        let start = rng.random_range(0..n);
        let at = |line: usize, i: usize| match transpose {
            false => line * n + i,
            true => i * n + line,
        };
        swap_cycle(&mut grid, n, start, |i| at(first, i), |i| at(second, i));
    }
    grid
}

/// Swaps the digits of two parallel lines of one band along the cycle through position `start`:
/// the first line's digit there goes to the second, whose digit then has to leave the first line
/// from where it already stood, and so on until the cycle closes.
fn swap_cycle(
    grid: &mut [usize],
    n: usize,
    start: usize,
    first: impl Fn(usize) -> usize,
    second: impl Fn(usize) -> usize,
) {
    let closing = grid[first(start)];
    let mut i = start;
    loop {
        let (a, b) = (grid[first(i)], grid[second(i)]);
        grid[first(i)] = b;
        grid[second(i)] = a;
        if b == closing {
            return;
        }
        i = (0..n)
            .find(|&j| j != i && grid[first(j)] == b)
            .expect("the digit stands elsewhere in the first line");
    }
}

/// A permutation of 0..n that keeps groups of `side` together (rows within bands, bands).
fn grouped(n: usize, side: usize, rng: &mut StdRng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / side).collect();
    groups.shuffle(rng);
    let mut order = Vec::with_capacity(n);
    for group in groups {
        let mut inner: Vec<usize> = (0..side).collect();
        inner.shuffle(rng);
        order.extend(inner.into_iter().map(|i| group * side + i));
    }
    order
}

/// Whether `grid` solves `puzzle`, checked from the definition alone: every cell filled with a
/// value 1..=n, the givens kept, and every row, column and box (boxes of side √n) holding each
/// value once. Written without the library's layouts, houses or checks.
pub fn is_valid_solution(puzzle: &Puzzle, grid: &Grid) -> bool {
    let n = puzzle.size();
    let side = (1..=n).find(|s| s * s >= n).expect("a side");
    let values = grid.values();
    let givens = puzzle.givens().values();
    if values.len() != n * n
        || values.iter().any(|&v| v == 0 || v as usize > n)
        || givens.iter().zip(values).any(|(&g, &v)| g != 0 && g != v)
    {
        return false;
    }
    let once = |cells: &mut dyn Iterator<Item = usize>| {
        let mut seen = vec![false; n + 1];
        for i in cells {
            if std::mem::replace(&mut seen[values[i] as usize], true) {
                return false;
            }
        }
        true
    };
    (0..n).all(|line| {
        let (band, stack) = (line / side * side, line % side * side);
        once(&mut (0..n).map(|c| line * n + c))
            && once(&mut (0..n).map(|r| r * n + line))
            && once(&mut (0..n).map(|k| (band + k / side) * n + stack + k % side))
    })
}
