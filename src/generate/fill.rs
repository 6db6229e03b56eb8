//! Full solution grids to dig puzzles from: by randomised search (every layout), or by permuting
//! a patterned grid (boxes and Latin squares only) — the construction of the seed 001 report, which
//! builds a 9x9 grid from permuted 3x3 Latin squares and then swaps rows.

use crate::model::{Cell, Digit, Grid, Layout, Puzzle, Regions};
use crate::search::{self, Deadline};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use std::sync::Arc;

/// A random full grid for `layout` by search, or `None` when the layout has no solution at all
/// (some jigsaw layouts have none) or `deadline` passed first.
pub fn by_search(layout: &Arc<Layout>, rng: &mut StdRng, deadline: Deadline) -> Option<Grid> {
    let empty = Puzzle::new(
        layout.clone(),
        Grid::for_layout(layout),
        crate::model::Origin::Unknown,
    )
    .expect("an empty grid has no duplicates");
    search::random_solution_until(&empty, rng.next_u64(), deadline).first
}

/// A full grid made by permuting a patterned grid: digits, rows within a band of boxes, bands,
/// columns within a stack, stacks, and (for square boxes) a transposition. `None` for jigsaw
/// regions, which have no such pattern.
pub fn by_permutation(layout: &Layout, rng: &mut StdRng) -> Option<Grid> {
    let n = layout.size();
    let (box_rows, box_cols) = match layout.regions() {
        Regions::Boxes { rows, cols } => (*rows, *cols),
        Regions::Latin => (1, n),
        Regions::Jigsaw { .. } => return None,
    };
    // Row r, column c of the pattern holds (box_cols·(r mod box_rows) + r div box_rows + c) mod n:
    // every row, column and box then holds each value once (for Latin squares: (r + c) mod n).
    let pattern = |r: usize, c: usize| (box_cols * (r % box_rows) + r / box_rows + c) % n;
    let rows = grouped_permutation(n / box_rows, box_rows, rng);
    let cols = grouped_permutation(n / box_cols, box_cols, rng);
    let mut digits: Vec<usize> = (1..=n).collect();
    digits.shuffle(rng);
    let transpose = box_rows == box_cols && rng.random_bool(0.5);
    let mut grid = Grid::empty(n);
    for r in 0..n {
        for c in 0..n {
            let value = digits[pattern(rows[r], cols[c])];
            let (row, col) = if transpose { (c, r) } else { (r, c) };
            grid.set(Cell::at(row, col, n), Some(Digit::new(value)));
        }
    }
    Some(grid)
}

/// A permutation of `groups · width` indices that keeps each group of `width` consecutive indices
/// together: the groups are shuffled, and so are the indices within each group.
fn grouped_permutation(groups: usize, width: usize, rng: &mut StdRng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..groups).collect();
    order.shuffle(rng);
    order
        .into_iter()
        .flat_map(|group| {
            let mut members: Vec<usize> = (group * width..(group + 1) * width).collect();
            members.shuffle(rng);
            members
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    fn is_full_solution(layout: Arc<Layout>, grid: &Grid) -> bool {
        let puzzle = Puzzle::new(layout, grid.clone(), crate::model::Origin::Unknown);
        grid.is_complete() && puzzle.is_ok()
    }

    #[test]
    fn permuted_patterns_are_valid_grids_for_every_box_shape() {
        let mut rng = StdRng::seed_from_u64(7);
        for (size, regions) in [
            (4, Regions::Boxes { rows: 2, cols: 2 }),
            (6, Regions::Boxes { rows: 3, cols: 2 }),
            (8, Regions::Boxes { rows: 2, cols: 4 }),
            (9, Regions::Boxes { rows: 3, cols: 3 }),
            (12, Regions::Boxes { rows: 4, cols: 3 }),
            (7, Regions::Latin),
        ] {
            let layout = Arc::new(Layout::new(size, regions).unwrap());
            let grid = by_permutation(&layout, &mut rng).unwrap();
            assert!(is_full_solution(layout, &grid), "{size}");
        }
    }

    #[test]
    fn search_fills_any_layout_and_permutation_refuses_jigsaw_regions() {
        let mut rng = StdRng::seed_from_u64(1);
        for (size, regions) in [
            (6, Regions::Boxes { rows: 2, cols: 3 }),
            (5, Regions::Latin),
        ] {
            let layout = Arc::new(Layout::new(size, regions).unwrap());
            let grid = by_search(&layout, &mut rng, Deadline::NEVER).unwrap();
            assert!(is_full_solution(layout, &grid), "{size}");
        }
        #[rustfmt::skip]
        let region_of = vec![
            0, 0, 0, 1, 1,
            0, 0, 2, 1, 1,
            3, 2, 2, 2, 1,
            3, 3, 2, 4, 4,
            3, 3, 4, 4, 4,
        ];
        let jigsaw = Layout::new(5, Regions::Jigsaw { region_of }).unwrap();
        assert!(by_permutation(&jigsaw, &mut rng).is_none());
    }
}
