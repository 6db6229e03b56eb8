//! Killer cages drawn on a full grid: a random partition into small connected cages whose
//! digits differ, split where a second solution shows the sums leave a choice until one
//! solution is left, then merged pair by pair while the solution stays unique. For an easy or
//! medium Killer, cages are also split until the engine solves it with the techniques of that
//! level, and a merge stays only when it still does. Before the merges, every cage smaller than
//! asked (the splits leave single cells) grows into a neighbour, or takes one of its cells, so
//! that the solution stays unique (and solved); when no neighbour will do, the attempt fails.
//! Merges and growth must be proved unique within a few hundred branches of search: without
//! givens, a Killer's search can take seconds.

use super::dig::Check;
use crate::model::{Cage, Cell, DigitSet, Grid, Layout, components, touching};
use crate::search;
use rand::RngExt;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use std::sync::Arc;

/// The fewest and the most cells of a cage unless asked otherwise: 2 and 5.
pub const DEFAULT_CAGE_SIZES: (usize, usize) = (2, 5);

/// Merges tried per cage once the cages are unique.
const MERGES_PER_CAGE: usize = 2;

/// Cages of `sizes.0` to `sizes.1` cells for `solution` on `layout` with which it is the only
/// solution (the grid then needs no givens) and, with `logic`, that its techniques solve; the
/// layout with them. `None` when a cage too small finds no neighbour to merge into.
pub fn cages(
    layout: &Arc<Layout>,
    solution: &Grid,
    logic: Option<&Check>,
    sizes: (usize, usize),
    rng: &mut StdRng,
) -> Option<Arc<Layout>> {
    let mut owner = partition(layout, solution, sizes, rng);
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
    if !absorb_small(layout, solution, &mut owner, sizes, &solved, rng) {
        return None;
    }
    merge(layout, solution, &mut owner, sizes.1, &solved, rng);
    Some(with_cages(layout, solution, &owner))
}

/// A random partition of the cells into connected groups of up to `sizes.1` cells with distinct
/// digits in `solution` (aiming at 2 to 5 cells, within `sizes`; a group that finds no free
/// neighbour stays smaller): the cage number of each cell.
fn partition(
    layout: &Layout,
    solution: &Grid,
    sizes: (usize, usize),
    rng: &mut StdRng,
) -> Vec<usize> {
    let n = layout.size();
    let mut owner = vec![usize::MAX; layout.cell_count()];
    let mut order: Vec<usize> = (0..layout.cell_count()).collect();
    order.shuffle(rng);
    let mut cages = 0;
    for start in order {
        if owner[start] != usize::MAX {
            continue;
        }
        let target = [2, 2, 2, 3, 3, 3, 4, 4, 5][rng.random_range(0..9)].clamp(sizes.0, sizes.1);
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
        if members.len() < sizes.0 {
            join_neighbour(n, solution, &mut owner, &members, sizes.1);
        }
        cages += 1;
    }
    owner
}

/// Moves the cells of a group drawn too small into a touching group that has room for them and
/// none of their digits, if there is one.
fn join_neighbour(n: usize, solution: &Grid, owner: &mut [usize], cells: &[usize], max: usize) {
    let held: DigitSet = cells.iter().filter_map(|&i| digit(solution, i)).collect();
    let own = owner[cells[0]];
    let host = cells
        .iter()
        .flat_map(|&i| touching(n, i))
        .map(|j| owner[j])
        .filter(|&o| o != usize::MAX && o != own)
        .find(|&o| {
            let theirs = members(owner, o);
            let digits: DigitSet = theirs.iter().filter_map(|&k| digit(solution, k)).collect();
            theirs.len() + cells.len() <= max && digits.intersection(held).is_empty()
        });
    if let Some(host) = host {
        cells.iter().for_each(|&i| owner[i] = host);
    }
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

/// Branches the search may take to prove that a merge keeps the solution unique; a merge whose
/// proof takes longer is not made. Without givens a Killer's search can take seconds, and a
/// generator tries dozens of merges.
const MERGE_BRANCHES: u64 = 500;

/// Whether the cages of `owner` are proved, within [`MERGE_BRANCHES`] branches of search, to
/// leave `solution` the only solution.
fn is_unique_quickly(layout: &Arc<Layout>, solution: &Grid, owner: &[usize]) -> bool {
    let caged = with_cages(layout, solution, owner);
    let all = vec![DigitSet::full(layout.size()); layout.cell_count()];
    search::count_within(&caged, &all, 2, MERGE_BRANCHES).is_some_and(|count| count.solutions == 1)
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

/// Merges touching cages in random order while the merged cage has at most `max` distinct
/// digits, the solution stays unique and `solved` holds.
fn merge(
    layout: &Arc<Layout>,
    solution: &Grid,
    owner: &mut [usize],
    max: usize,
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
        let both: Vec<usize> = (0..owner.len())
            .filter(|&k| owner[k] == a || owner[k] == b)
            .collect();
        let digits: DigitSet = both.iter().filter_map(|&k| digit(solution, k)).collect();
        if both.len() > max || digits.len() < both.len() {
            continue;
        }
        try_move(layout, solution, owner, (&members(owner, b), a), solved);
    }
}

/// Moves `cells` into cage `to` and keeps the move when the solution stays unique (proved
/// quickly) and `solved` holds; whether it was kept.
fn try_move(
    layout: &Arc<Layout>,
    solution: &Grid,
    owner: &mut [usize],
    (cells, to): (&[usize], usize),
    solved: &dyn Fn(&[usize]) -> bool,
) -> bool {
    let before = owner.to_vec();
    cells.iter().for_each(|&k| owner[k] = to);
    let kept = is_unique_quickly(layout, solution, owner) && solved(owner);
    if !kept {
        owner.copy_from_slice(&before);
    }
    kept
}

/// Grows every cage of fewer than `sizes.0` cells (the splits leave single cells) by one of the
/// moves [`growth_moves`] offers, the first with which the solution stays unique and `solved`
/// holds; false when some cage finds none.
fn absorb_small(
    layout: &Arc<Layout>,
    solution: &Grid,
    owner: &mut [usize],
    sizes: (usize, usize),
    solved: &dyn Fn(&[usize]) -> bool,
    rng: &mut StdRng,
) -> bool {
    while let Some(small) = (0..owner.len())
        .map(|i| owner[i])
        .find(|&cage| members(owner, cage).len() < sizes.0)
    {
        let moves = growth_moves(layout.size(), solution, owner, small, sizes, rng);
        let grown = moves
            .iter()
            .any(|cells| try_move(layout, solution, owner, (cells, small), solved));
        if !grown {
            return false;
        }
    }
    true
}

/// The cells of cage `cage`.
fn members(owner: &[usize], cage: usize) -> Vec<usize> {
    (0..owner.len()).filter(|&k| owner[k] == cage).collect()
}

/// The cells cage `small` may take in, in the order to try them (random among equals): a whole
/// touching cage that is too small as well, one cell of a touching cage that can spare it (it
/// keeps `sizes.0` cells and stays connected), or a whole touching cage. The grown cage keeps
/// at most `sizes.1` cells with distinct digits.
fn growth_moves(
    n: usize,
    solution: &Grid,
    owner: &[usize],
    small: usize,
    sizes: (usize, usize),
    rng: &mut StdRng,
) -> Vec<Vec<usize>> {
    let cells = members(owner, small);
    let held: DigitSet = cells.iter().filter_map(|&k| digit(solution, k)).collect();
    let fits = |taken: &[usize]| {
        let digits: DigitSet = taken.iter().filter_map(|&k| digit(solution, k)).collect();
        cells.len() + taken.len() <= sizes.1
            && digits.len() == taken.len()
            && digits.intersection(held).is_empty()
    };
    let mut touching_cells: Vec<usize> = cells
        .iter()
        .flat_map(|&i| touching(n, i))
        .filter(|&j| owner[j] != small)
        .collect();
    touching_cells.sort_unstable();
    touching_cells.dedup();
    touching_cells.shuffle(rng);
    let mut moves: Vec<(usize, Vec<usize>)> = Vec::new();
    for &t in &touching_cells {
        let theirs = members(owner, owner[t]);
        let rest: Vec<usize> = theirs.iter().copied().filter(|&k| k != t).collect();
        if rest.len() >= sizes.0 && is_connected(n, &rest) && fits(&[t]) {
            moves.push((1, vec![t]));
        }
        if fits(&theirs) && !moves.iter().any(|(_, m)| *m == theirs) {
            let rank = if theirs.len() < sizes.0 { 0 } else { 2 };
            moves.push((rank, theirs));
        }
    }
    moves.sort_by_key(|(rank, _)| *rank);
    moves.into_iter().map(|(_, m)| m).collect()
}

/// Whether `cells` form one connected group.
fn is_connected(n: usize, cells: &[usize]) -> bool {
    let Some(&first) = cells.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut next = 0;
    while let Some(&at) = reached.get(next) {
        next += 1;
        for j in touching(n, at) {
            if cells.contains(&j) && !reached.contains(&j) {
                reached.push(j);
            }
        }
    }
    reached.len() == cells.len()
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
        let caged = cages(&layout, &solution, None, DEFAULT_CAGE_SIZES, &mut rng).unwrap();
        let n = 6;
        for cage in caged.cages() {
            let digits: DigitSet = cage.cells.iter().filter_map(|&c| solution.get(c)).collect();
            assert_eq!(digits.len(), cage.cells.len(), "distinct digits");
            assert!((2..=5).contains(&cage.cells.len()));
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

    /// Cage sizes of the 6x6 Killers drawn for seeds `0..seeds` with `sizes`.
    fn drawn_sizes(seeds: u64, sizes: (usize, usize)) -> Vec<usize> {
        let layout = Arc::new(Layout::with_default_boxes(6).unwrap());
        let mut seen = Vec::new();
        for seed in 0..seeds {
            let mut rng = StdRng::seed_from_u64(seed);
            let solution = fill::by_search(&layout, &mut rng, search::Deadline::NEVER).unwrap();
            if let Some(caged) = cages(&layout, &solution, None, sizes, &mut rng) {
                seen.extend(caged.cages().iter().map(|c| c.cells.len()));
            }
        }
        seen
    }

    #[test]
    fn cages_keep_to_the_sizes_asked_for() {
        let seen = drawn_sizes(200, DEFAULT_CAGE_SIZES);
        assert!(seen.len() > 1000, "most draws give cages");
        assert!(seen.iter().all(|s| (2..=5).contains(s)));
        let seen = drawn_sizes(50, (3, 4));
        assert!(seen.iter().all(|s| (3..=4).contains(s)));
    }
}
