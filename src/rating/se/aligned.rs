//! Sudoku Explainer's aligned pair (6.2) and triplet (7.5) exclusion: for a few cells, every
//! combination of their candidates that two of them seeing each other share, or that empties a
//! cell they all see, is excluded; a candidate no remaining combination uses goes.

use super::Sink;
use super::grid::{Grid, combinations, members, peers_of, sees, values};
use super::hint::{Hint, Rule};
use std::ops::ControlFlow;

/// A cell that may take part: two candidates or more, no peer left with one, and some peers
/// of two to `degree` candidates (its excluders, in Sudoku Explainer's peer order and as a
/// set).
struct Base {
    cell: usize,
    excluders: Vec<usize>,
    mask: u128,
}

/// Aligned exclusion of `degree` (2 or 3) cells: the first two among the bases (row by row),
/// the third among the cells either of them sees.
pub(super) fn aligned_exclusion(grid: &Grid, degree: usize, sink: Sink) -> ControlFlow<()> {
    let bases = bases(grid, degree);
    if bases.len() < degree {
        return ControlFlow::Continue(());
    }
    let mut index_of = [usize::MAX; 81];
    for (i, base) in bases.iter().enumerate() {
        index_of[base.cell] = i;
    }
    for pair in combinations(2, bases.len()) {
        let mut two = members(pair).map(|i| &bases[i]);
        let (Some(first), Some(second)) = (two.next(), two.next()) else {
            continue;
        };
        if degree == 2 {
            exclude(
                grid,
                &[first.cell, second.cell],
                first.mask & second.mask,
                sink,
            )?;
            continue;
        }
        // The excluders of either cell that are bases themselves, without the two (at most
        // 40, kept on the stack: this runs for every pair of bases).
        let mut twin = [0usize; 40];
        let mut count = 0;
        let second_only = (second.excluders.iter()).filter(|&&c| first.mask & 1 << c == 0);
        for &c in first.excluders.iter().chain(second_only) {
            if index_of[c] != usize::MAX && c != first.cell && c != second.cell {
                twin[count] = c;
                count += 1;
            }
        }
        let twin = &twin[..count];
        for tail in combinations(degree - 2, twin.len()) {
            let mut cells = [first.cell, second.cell, 0];
            let mut common = first.mask & second.mask;
            for (slot, cell) in members(tail).map(|i| twin[i]).enumerate() {
                cells[2 + slot] = cell;
                common &= bases[index_of[cell]].mask;
            }
            exclude(grid, &cells[..degree], common, sink)?;
        }
    }
    ControlFlow::Continue(())
}

/// The cells that may take part, row by row.
fn bases(grid: &Grid, degree: usize) -> Vec<Base> {
    let mut bases = Vec::new();
    for cell in 0..81 {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        let peers = peers_of(cell).iter().map(|&p| p as usize);
        if peers.clone().any(|p| grid.cands[p].count_ones() == 1) {
            continue;
        }
        let excluders: Vec<usize> = peers
            .filter(|&p| (2..=degree as u32).contains(&grid.cands[p].count_ones()))
            .collect();
        if !excluders.is_empty() {
            let mask = excluders.iter().fold(0u128, |acc, &c| acc | 1 << c);
            bases.push(Base {
                cell,
                excluders,
                mask,
            });
        }
    }
    bases
}

/// The hint of `cells` with the excluding cells `common` (at least two), if it removes
/// anything.
fn exclude(grid: &Grid, cells: &[usize], common: u128, sink: Sink) -> ControlFlow<()> {
    if common.count_ones() < 2 {
        return ControlFlow::Continue(());
    }
    let mut excluding = [0u16; 20];
    let mut count = 0;
    let mut rest = common;
    while rest != 0 {
        excluding[count] = grid.cands[rest.trailing_zeros() as usize];
        count += 1;
        rest &= rest - 1;
    }
    let mut used = [0u16; 3];
    let mut chosen = [0u8; 3];
    let mut full = [0u16; 3];
    for (f, &c) in full.iter_mut().zip(cells) {
        *f = grid.cands[c];
    }
    let mut search = Combinations {
        cells,
        full: &full[..cells.len()],
        excluding: &excluding[..count],
        chosen: &mut chosen,
        used: &mut used,
    };
    search.mark(0);
    if used[..cells.len()] == full[..cells.len()] {
        return ControlFlow::Continue(());
    }
    let removals = cells
        .iter()
        .zip(used)
        .map(|(&c, u)| (c as u8, grid.cands[c] & !u))
        .collect();
    let difficulty = if cells.len() == 2 { 6.2 } else { 7.5 };
    let hint = Hint::removing(Rule::AlignedExclusion(cells.len()), difficulty, removals);
    if hint.is_worth() {
        sink(hint)?;
    }
    ControlFlow::Continue(())
}

/// The search for allowed combinations of the candidates of `cells` (`full`).
struct Combinations<'a> {
    cells: &'a [usize],
    full: &'a [u16],
    excluding: &'a [u16],
    chosen: &'a mut [u8; 3],
    /// The candidates of each cell some allowed combination uses.
    used: &'a mut [u16; 3],
}

impl Combinations<'_> {
    /// Marks the candidates allowed combinations use, choosing the values of the cells from
    /// `depth` on: two cells that see each other may not share a value, and no excluding cell
    /// may be left without a candidate. Returns `true` to stop once every candidate is used.
    fn mark(&mut self, depth: usize) -> bool {
        if depth == self.cells.len() {
            let set = self.chosen[..depth]
                .iter()
                .fold(0u16, |acc, &v| acc | 1 << v);
            if self.excluding.iter().all(|&e| e & !set != 0) {
                for (u, &v) in self.used.iter_mut().zip(&self.chosen[..depth]) {
                    *u |= 1 << v;
                }
                // Element by element: a slice comparison calls memcmp, slower for three.
                return (self.used.iter().zip(self.full)).all(|(u, f)| u == f);
            }
            return false;
        }
        for value in values(self.full[depth]) {
            let cells = self.cells;
            let clash = (0..depth).any(|i| self.chosen[i] == value && sees(cells[i], cells[depth]));
            if !clash {
                self.chosen[depth] = value;
                if self.mark(depth + 1) {
                    return true;
                }
            }
        }
        false
    }
}
