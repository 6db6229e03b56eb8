//! Killer cages drawn on a full grid: a random partition into small connected cages whose
//! digits differ, split where a second solution shows the sums leave a choice until one
//! solution is left, then merged pair by pair while the solution stays unique. For an easy or
//! medium Killer, cages are also split until the engine solves it with the techniques of that
//! level, and a merge stays only when it still does.

use super::dig::Check;
use crate::model::{Cage, Cell, DigitSet, Grid, Layout, components, touching};
use crate::search;
use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::sync::Arc;

/// The largest cage drawn or made by merging.
const MAX_CAGE: usize = 5;

/// Merges tried per cage once the cages are unique.
const MERGES_PER_CAGE: usize = 2;

/// Cages for `solution` on `layout` with which it is the only solution (the grid then needs no
/// givens) and, with `logic`, that its techniques solve; the layout with them.
pub fn cages(
    layout: &Arc<Layout>,
    solution: &Grid,
    logic: Option<&Check>,
    rng: &mut StdRng,
) -> Arc<Layout> {
    let mut owner = partition(layout, solution, rng);
    while let Some(other) = second_solution(layout, solution, &owner) {
        let differing: Vec<Cell> = layout
            .cells()
            .filter(|&c| other.get(c) != solution.get(c))
            .collect();
        let cell = differing[rng.random_range(0..differing.len())];
        split(layout.size(), &mut owner, cell);
    }
    let solved = |owner: &[usize]| {
        logic.is_none_or(|check| {
            check.passes(
                &with_cages(layout, solution, owner),
                &Grid::empty(solution.size()),
            )
        })
    };
    while !solved(&owner) {
        let shared: Vec<Cell> = layout
            .cells()
            .filter(|&c| owner.iter().filter(|&&o| o == owner[c.index()]).count() > 1)
            .collect();
        let cell = shared[rng.random_range(0..shared.len())];
        split(layout.size(), &mut owner, cell);
    }
    merge(layout, solution, &mut owner, &solved, rng);
    with_cages(layout, solution, &owner)
}

/// A random partition of the cells into connected groups of 1 to [`MAX_CAGE`] cells with
/// distinct digits in `solution`: the cage number of each cell.
fn partition(layout: &Layout, solution: &Grid, rng: &mut StdRng) -> Vec<usize> {
    let n = layout.size();
    let mut owner = vec![usize::MAX; layout.cell_count()];
    let mut order: Vec<usize> = (0..layout.cell_count()).collect();
    order.shuffle(rng);
    let mut cages = 0;
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = [2, 2, 2, 3, 3, 3, 4, 4, 5][rng.random_range(0..9)];
        let mut members = vec![start];
        owner[start] = cages;
        while members.len() < target {
            let held: DigitSet = members.iter().filter_map(|&i| digit(solution, i)).collect();
            let mut next: Vec<usize> = members
                .iter()
                .flat_map(|&i| touching(n, i))
                .filter(|&j| owner[j] == usize::MAX)
                .filter(|&j| digit(solution, j).is_some_and(|d| !held.contains(d)))
                .collect();
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                break;
            }
            let chosen = next[rng.random_range(0..next.len())];
            owner[chosen] = cages;
            members.push(chosen);
        }
        cages += 1;
    }
    owner
}

fn digit(solution: &Grid, i: usize) -> Option<crate::model::Digit> {
    solution.get(Cell::from_index(i))
}

/// The layout with the cages of `owner`, their sums taken from `solution`.
fn with_cages(layout: &Layout, solution: &Grid, owner: &[usize]) -> Arc<Layout> {
    let count = owner.iter().max().map_or(0, |m| m + 1);
    let mut cells: Vec<Vec<Cell>> = vec![Vec::new(); count];
    for (i, &o) in owner.iter().enumerate() {
        cells[o].push(Cell::from_index(i));
    }
    cells.retain(|c| !c.is_empty());
    cells.sort_unstable_by_key(|c| c[0]);
    let cages = cells
        .into_iter()
        .map(|cells| {
            let sum = cells
                .iter()
                .filter_map(|&c| solution.get(c))
                .map(|d| d.get())
                .sum();
            Cage::new(cells, sum)
        })
        .collect();
    let name = |c: Cell| layout.cell_name(c);
    Arc::new(
        layout
            .with_cages(cages, &name)
            .expect("cages drawn from a solution fit the grid"),
    )
}

/// A solution of the cages of `owner` other than `solution`, if there is one.
fn second_solution(layout: &Arc<Layout>, solution: &Grid, owner: &[usize]) -> Option<Grid> {
    let caged = with_cages(layout, solution, owner);
    let all = vec![DigitSet::full(layout.size()); layout.cell_count()];
    let count = search::count_from_candidates(&caged, &all, 2);
    [count.first, count.second]
        .into_iter()
        .flatten()
        .find(|grid| grid != solution)
}

/// Splits the cage of `cell` in two connected parts: the cells reached first from `cell`, about
/// half of them, and the rest (each part may then fall apart into pieces, each its own cage).
fn split(n: usize, owner: &mut [usize], cell: Cell) {
    let old = owner[cell.index()];
    let members = owner.iter().filter(|&&o| o == old).count();
    let fresh = owner.iter().max().map_or(0, |m| m + 1);
    let mut reached = vec![cell.index()];
    let mut next = 0;
    while reached.len() < members.div_ceil(2) && next < reached.len() {
        let at = reached[next];
        next += 1;
        for j in touching(n, at) {
            if owner[j] == old && !reached.contains(&j) && reached.len() < members.div_ceil(2) {
                reached.push(j);
            }
        }
    }
    for &i in &reached {
        owner[i] = fresh;
    }
    for piece in [old, fresh] {
        separate_pieces(n, owner, piece);
    }
}

/// Gives each connected piece of cage `cage` but the first a cage number of its own.
fn separate_pieces(n: usize, owner: &mut [usize], cage: usize) {
    let piece = components(n, &|a, b| owner[a] == owner[b]);
    let first = (0..owner.len())
        .find(|&i| owner[i] == cage)
        .map(|i| piece[i]);
    let fresh = owner.iter().max().map_or(0, |m| m + 1);
    for i in 0..owner.len() {
        if owner[i] == cage && Some(piece[i]) != first {
            owner[i] = fresh + piece[i];
        }
    }
}

/// Merges touching cages in random order while the merged cage has at most [`MAX_CAGE`]
/// distinct digits, the solution stays unique and `solved` holds.
fn merge(
    layout: &Arc<Layout>,
    solution: &Grid,
    owner: &mut [usize],
    solved: &dyn Fn(&[usize]) -> bool,
    rng: &mut StdRng,
) {
    let n = layout.size();
    let cages = owner.iter().max().map_or(0, |m| m + 1);
    for _ in 0..MERGES_PER_CAGE * cages {
        let i = rng.random_range(0..owner.len());
        let Some(j) = touching(n, i)
            .filter(|&j| owner[j] != owner[i])
            .nth(rng.random_range(0..4))
        else {
            continue;
        };
        let (a, b) = (owner[i], owner[j]);
        let members: Vec<usize> = (0..owner.len())
            .filter(|&k| owner[k] == a || owner[k] == b)
            .collect();
        let digits: DigitSet = members.iter().filter_map(|&k| digit(solution, k)).collect();
        if members.len() > MAX_CAGE || digits.len() < members.len() {
            continue;
        }
        let before = owner.to_vec();
        members.iter().for_each(|&k| owner[k] = a);
        if second_solution(layout, solution, owner).is_some() || !solved(owner) {
            owner.copy_from_slice(&before);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::fill;
    use rand::SeedableRng;

    #[test]
    fn drawn_cages_are_connected_distinct_and_unique() {
        let layout = Arc::new(Layout::with_default_boxes(6).unwrap());
        let mut rng = StdRng::seed_from_u64(5);
        let solution = fill::by_search(&layout, &mut rng, search::Deadline::NEVER).unwrap();
        let caged = cages(&layout, &solution, None, &mut rng);
        let n = 6;
        for cage in caged.cages() {
            let digits: DigitSet = cage.cells.iter().filter_map(|&c| solution.get(c)).collect();
            assert_eq!(digits.len(), cage.cells.len(), "distinct digits");
            assert!(cage.cells.len() <= MAX_CAGE);
            let mut owner = vec![0; 36];
            cage.cells.iter().for_each(|c| owner[c.index()] = 1);
            separate_pieces(n, &mut owner, 1);
            assert!(
                owner.iter().filter(|&&o| o == 1).count() == cage.cells.len(),
                "connected"
            );
        }
        let all = vec![DigitSet::full(n); 36];
        let count = search::count_from_candidates(&caged, &all, 2);
        assert_eq!((count.solutions, count.first), (1, Some(solution)));
    }
}
