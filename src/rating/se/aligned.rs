//! Sudoku Explainer's aligned pair (6.2) and triplet (7.5) exclusion: for a few cells, every
//! combination of their candidates that two of them seeing each other share, or that empties a
//! cell they all see, is excluded; a candidate no remaining combination uses goes.

use super::Sink;
use super::grid::{Grid, combinations, members, peers_of, sees, values};
use super::hint::{Hint, Rule};
use std::ops::ControlFlow;

/// Aligned exclusion of `degree` (2 or 3) cells.
pub(super) fn aligned_exclusion(grid: &Grid, degree: usize, sink: Sink) -> ControlFlow<()> {
    let (bases, excluders) = bases(grid, degree);
    if bases.len() < degree {
        return ControlFlow::Continue(());
    }
    let base_set: u128 = bases.iter().fold(0, |acc, &c| acc | 1 << c);
    let mask = |list: &[usize]| list.iter().fold(0u128, |acc, &c| acc | 1 << c);
    for pair in combinations(2, bases.len()) {
        let mut two = members(pair).map(|i| (bases[i], &excluders[i]));
        let (Some((cell0, excl0)), Some((cell1, excl1))) = (two.next(), two.next()) else {
            continue;
        };
        if degree == 2 {
            let common = mask(excl0) & mask(excl1);
            exclude(grid, &[cell0, cell1], common, sink)?;
            continue;
        }
        let mut twin: Vec<usize> = excl0.clone();
        twin.extend(excl1.iter().filter(|c| !excl0.contains(c)));
        twin.retain(|&c| base_set & 1 << c != 0 && c != cell0 && c != cell1);
        if twin.len() < degree - 2 {
            continue;
        }
        for tail in combinations(degree - 2, twin.len()) {
            let mut cells = vec![cell0, cell1];
            cells.extend(members(tail).map(|i| twin[i]));
            let common = cells.iter().fold(!0u128, |acc, &c| {
                let index = bases.iter().position(|&b| b == c).expect("a base cell");
                acc & mask(&excluders[index])
            });
            exclude(grid, &cells, common, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells that may take part (two candidates or more, no peer left with one), row by row,
/// each with its peers of two to `degree` candidates (when it has any).
fn bases(grid: &Grid, degree: usize) -> (Vec<usize>, Vec<Vec<usize>>) {
    let mut cells = Vec::new();
    let mut excluders = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let peers = peers_of(cell).iter().map(|&p| p as usize);
        let sizes: Vec<(usize, u32)> = peers.map(|p| (p, grid.cands[p].count_ones())).collect();
        let list: Vec<usize> = sizes
            .iter()
            .filter(|&&(_, n)| n >= 2 && n as usize <= degree)
            .map(|&(p, _)| p)
            .collect();
        if !sizes.iter().any(|&(_, n)| n == 1) && !list.is_empty() {
            cells.push(cell);
            excluders.push(list);
        }
    }
    (cells, excluders)
}

/// The hint of `cells` with the excluding cells `common` (at least two), if it removes
/// anything.
fn exclude(grid: &Grid, cells: &[usize], common: u128, sink: Sink) -> ControlFlow<()> {
    if common.count_ones() < 2 {
        return ControlFlow::Continue(());
    }
    let excluding: Vec<u16> = (0..81)
        .filter(|&c| common & 1 << c != 0)
        .map(|c| grid.cands[c])
        .collect();
    let options: Vec<Vec<u8>> = cells
        .iter()
        .map(|&c| values(grid.cands[c]).collect())
        .collect();
    let mut used = vec![0u16; cells.len()];
    let mut chosen = vec![0u8; cells.len()];
    allowed(cells, &options, &excluding, &mut chosen, 0, &mut used);
    let removals = cells
        .iter()
        .zip(&used)
        .map(|(&c, &u)| (c as u8, grid.cands[c] & !u))
        .collect();
    let difficulty = if cells.len() == 2 { 6.2 } else { 7.5 };
    let hint = Hint::removing(Rule::AlignedExclusion(cells.len()), difficulty, removals);
    if hint.is_worth() {
        sink(hint)?;
    }
    ControlFlow::Continue(())
}

/// Marks in `used` the candidates of each cell that some allowed combination uses, choosing
/// the values of the cells from `depth` on.
fn allowed(
    cells: &[usize],
    options: &[Vec<u8>],
    excluding: &[u16],
    chosen: &mut [u8],
    depth: usize,
    used: &mut [u16],
) {
    if depth == cells.len() {
        let set = chosen.iter().fold(0u16, |acc, &v| acc | 1 << v);
        if excluding.iter().all(|&e| e & !set != 0) {
            for (u, &v) in used.iter_mut().zip(chosen.iter()) {
                *u |= 1 << v;
            }
        }
        return;
    }
    for &value in &options[depth] {
        let clash = (0..depth).any(|i| chosen[i] == value && sees(cells[i], cells[depth]));
        if !clash {
            chosen[depth] = value;
            allowed(cells, options, excluding, chosen, depth + 1, used);
        }
    }
}
