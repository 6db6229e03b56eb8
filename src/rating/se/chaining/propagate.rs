//! What an assumption implies, as Sudoku Explainer follows it: a potential on turns off the
//! cell's other candidates (unless Nishio) and the value's other places in its regions; a
//! potential off turns on the cell's last candidate (unless Nishio) and the value's last place
//! in a region. Dynamic chains take every potential off out of their own copy of the grid, so
//! later implications see what earlier ones removed (the removals are then among a potential's
//! parents); from level 1, when nothing follows any more, simpler rules applied to that grid
//! may turn more potentials off.

use super::arena::{Cause, Key, NONE, Set, cell_of, key, value_of};
use super::{Branch, Chaining, Search};
use crate::rating::se::Finder;
use crate::rating::se::basic::{fish, hidden_sets, intersections, naked_sets};
use crate::rating::se::grid::{Grid, KINDS, Region, bits, first, values};
use crate::rating::se::hint::Basis;
use std::collections::VecDeque;
use std::ops::ControlFlow;
use std::rc::Rc;

/// The potentials a potential on turns off, with their causes: with `y`, the cell's other
/// candidates; always, the value's other places in the cell's block, row and column.
pub(super) fn on_to_off(grid: &Grid, on: Key, y: bool, out: &mut Vec<(Key, Cause)>) {
    out.clear();
    let (cell, value) = (cell_of(on), value_of(on));
    if y {
        for other in values(grid.cands[cell] & !(1 << value)) {
            out.push((key(cell, other, false), Cause::NakedSingle));
        }
    }
    let mut seen = 0u128;
    for kind in KINDS {
        let region = Region::of(kind, cell);
        for pos in bits(grid.positions(region, value)) {
            let c = region.cell(pos);
            if c != cell && seen & (1 << c) == 0 {
                seen |= 1 << c;
                out.push((key(c, value, false), Cause::Hidden(kind)));
            }
        }
    }
}

/// The potentials a potential off turns on, with their causes: with `y`, the cell's other
/// candidate when it has two; with `x`, the value's other place in a block, row or column
/// where it has two.
pub(super) fn off_to_on(grid: &Grid, off: Key, y: bool, x: bool, out: &mut Vec<(Key, Cause)>) {
    out.clear();
    let (cell, value) = (cell_of(off), value_of(off));
    let cands = grid.cands[cell];
    if y && cands.count_ones() == 2 {
        let other = first(cands & !(1 << value)) as u8;
        out.push((key(cell, other, true), Cause::NakedSingle));
    }
    if x {
        for kind in KINDS {
            let region = Region::of(kind, cell);
            let positions = grid.positions(region, value);
            if positions.count_ones() == 2 {
                let pos = first(positions & !(1 << region.position(cell)));
                let on = key(region.cell(pos), value, true);
                if !out.iter().any(|&(k, _)| k == on) {
                    out.push((on, Cause::Hidden(kind)));
                }
            }
        }
    }
}

impl Search<'_> {
    /// Whether implications use a cell's candidates (y-links) besides a value's places: all
    /// rules but Nishio.
    fn y_links(&self) -> bool {
        !self.chaining.mode.nishio
    }

    /// What assuming `key` on leads to, worked out once per search.
    pub(super) fn branch_on(&mut self, on: Key) -> Rc<Branch> {
        if let Some(branch) = self.branches.get(&on) {
            return Rc::clone(branch);
        }
        let start = self.arena.push(on, Cause::Assumed, &[]);
        let branch = Rc::new(self.branch(Set::of(&self.arena, start), Set::default()));
        self.branches.insert(on, Rc::clone(&branch));
        branch
    }

    /// Follows the potentials of `on` and `off` until nothing more follows or a potential must
    /// be both on and off (Sudoku Explainer's `doChaining`).
    pub(super) fn branch(&mut self, on: Set, off: Set) -> Branch {
        let mut scratch = std::mem::take(&mut self.scratch);
        let branch = self.follow(on, off, &mut scratch);
        self.scratch = scratch;
        branch
    }

    /// [`Search::branch`], its working lists in `scratch`.
    fn follow(&mut self, mut on: Set, mut off: Set, scratch: &mut Scratch) -> Branch {
        let mode = self.chaining.mode;
        let source = self.grid;
        let mut grid = source.clone();
        let Scratch {
            pending_on,
            pending_off,
            made,
            hidden,
            spans,
            parents,
        } = scratch;
        pending_on.clear();
        pending_on.extend(on.ids());
        pending_off.clear();
        pending_off.extend(off.ids());
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if let Some(p) = pending_on.pop_front() {
                on_to_off(&grid, self.arena.key(p), self.y_links(), made);
                for &(k, cause) in made.iter() {
                    if let Some(opposite) = on.get(k ^ 1) {
                        let id = self.arena.push(k, cause, &[p]);
                        return Branch::absurd(on, off, (opposite, id));
                    } else if !off.contains(k) {
                        let id = self.arena.push(k, cause, &[p]);
                        off.add(k, id);
                        pending_off.push_back(id);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let p_key = self.arena.key(p);
                off_to_on(&grid, p_key, self.y_links(), true, made);
                hidden.clear();
                spans.clear();
                for &(k, cause) in made.iter() {
                    let start = hidden.len();
                    if mode.dynamic {
                        hidden_parents(source, &grid, (k, cause), &off, hidden);
                    }
                    spans.push(start..hidden.len());
                }
                if mode.dynamic {
                    grid.remove(cell_of(p_key), 1 << value_of(p_key));
                }
                for (&(k, cause), span) in made.iter().zip(spans.iter()) {
                    parents.clear();
                    parents.push(p);
                    parents.extend_from_slice(&hidden[span.clone()]);
                    if let Some(opposite) = off.get(k ^ 1) {
                        let id = self.arena.push(k, cause, parents);
                        return Branch::absurd(on, off, (id, opposite));
                    } else if !on.contains(k) {
                        let id = self.arena.push(k, cause, parents);
                        on.add(k, id);
                        pending_on.push_back(id);
                    }
                }
            }
            if pending_on.is_empty() && pending_off.is_empty() && mode.level > 0 {
                for (k, id) in self.advanced(&grid, &off) {
                    if !off.contains(k) {
                        off.add(k, id);
                        pending_off.push_back(id);
                    }
                }
            }
        }
        Branch {
            on,
            off,
            absurd: None,
        }
    }

    /// Potentials off that rules simpler than the search's own find in a branch's `grid`, each
    /// resting on the branch's eliminations the rule needed; the first rule that finds any
    /// gives them all (Sudoku Explainer's "advanced potentials").
    fn advanced(&mut self, grid: &Grid, off: &Set) -> Vec<(Key, u32)> {
        let mut found = Vec::new();
        let basic: [Finder; 4] = [
            |g, s| intersections(g, false, s),
            |g, s| hidden_sets(g, 2, false, s),
            |g, s| naked_sets(g, 2, s),
            |g, s| fish(g, 2, s),
        ];
        for rule in basic {
            let mut hints = Vec::new();
            let _ = rule(grid, &mut |hint| {
                hints.push(hint);
                ControlFlow::Continue(())
            });
            for hint in hints {
                let parents = basis_parents(&hint.basis, self.grid, grid);
                self.add_advanced(&hint.removals, &parents, off, NONE, &mut found);
            }
            if !found.is_empty() {
                return found;
            }
        }
        for inner in nested_rules(self.chaining.mode.level) {
            let search = inner.search(grid);
            for hint in &search.hints {
                let parents = search.rule_parents(hint, self.grid, grid);
                if parents.is_empty() {
                    continue;
                }
                self.arena.nested.push(super::arena::Nested {
                    complexity: hint.complexity,
                    signature: search.signature(hint),
                });
                let nested = (self.arena.nested.len() - 1) as u32;
                self.add_advanced(&hint.removals, &parents, off, nested, &mut found);
            }
            if !found.is_empty() {
                return found;
            }
        }
        found
    }

    /// Adds to `found` a potential off for each candidate of `removals`, in cell order, with
    /// the branch's potentials for `parents` as its parents; nothing when it has no parents.
    fn add_advanced(
        &mut self,
        removals: &[(u8, u16)],
        parents: &[Key],
        off: &Set,
        nested: u32,
        found: &mut Vec<(Key, u32)>,
    ) {
        if parents.is_empty() {
            return;
        }
        let parents: Vec<u32> = parents
            .iter()
            .map(|&k| {
                off.get(k)
                    .expect("a rule's parent is a removal of the branch")
            })
            .collect();
        let mut removals = removals.to_vec();
        removals.sort_by_key(|&(cell, _)| cell);
        for (cell, mask) in removals {
            for value in values(mask) {
                let k = key(cell as usize, value, false);
                let id = self.arena.push_nested(k, Cause::Advanced, &parents, nested);
                found.push((k, id));
            }
        }
    }
}

/// The working lists of following a branch, kept by the search between branches (it follows
/// thousands, and allocating them each time showed in profiles).
#[derive(Debug, Default)]
pub(super) struct Scratch {
    pending_on: VecDeque<u32>,
    pending_off: VecDeque<u32>,
    made: Vec<(Key, Cause)>,
    hidden: Vec<u32>,
    spans: Vec<std::ops::Range<usize>>,
    parents: Vec<u32>,
}

impl Scratch {
    /// The two queues and the list of implications, empty.
    pub(super) fn lists(
        &mut self,
    ) -> (
        &mut VecDeque<u32>,
        &mut VecDeque<u32>,
        &mut Vec<(Key, Cause)>,
    ) {
        self.pending_on.clear();
        self.pending_off.clear();
        self.made.clear();
        (&mut self.pending_on, &mut self.pending_off, &mut self.made)
    }
}

impl Branch {
    fn absurd(on: Set, off: Set, pair: (u32, u32)) -> Branch {
        Branch {
            on,
            off,
            absurd: Some(pair),
        }
    }
}

/// The potentials off among a dynamic branch's that a potential `on` forced by `cause` needs:
/// the cell's candidates (naked single) or the value's places in the region (hidden single)
/// that `grid` lost since `source` (Sudoku Explainer's hidden parents), added to `out`.
fn hidden_parents(
    source: &Grid,
    grid: &Grid,
    (on, cause): (Key, Cause),
    off: &Set,
    out: &mut Vec<u32>,
) {
    let (cell, value) = (cell_of(on), value_of(on));
    let mut add = |k: Key| out.push(off.get(k).expect("a lost candidate was turned off"));
    match cause {
        Cause::NakedSingle => {
            values(source.cands[cell] & !grid.cands[cell]).for_each(|v| add(key(cell, v, false)))
        }
        Cause::Hidden(kind) => {
            let region = Region::of(kind, cell);
            let gone = source.positions(region, value) & !grid.positions(region, value);
            bits(gone).for_each(|pos| add(key(region.cell(pos), value, false)));
        }
        Cause::Assumed | Cause::Advanced => {}
    }
}

/// The eliminations (in `initial`, not in `current`) an intersection, fish or subset found in
/// `current` needs (Sudoku Explainer's rule parents).
fn basis_parents(basis: &Basis, initial: &Grid, current: &Grid) -> Vec<Key> {
    let lost =
        |cell: usize, value: u8| initial.cands[cell] & !current.cands[cell] & (1 << value) != 0;
    match basis {
        Basis::None => Vec::new(),
        Basis::Lines { value, base, cover } => base
            .iter()
            .flat_map(|b| b.cells().iter().map(|&c| c as usize))
            .filter(|&c| lost(c, *value) && !cover.iter().any(|r| r.contains(c)))
            .map(|c| key(c, *value, false))
            .collect(),
        Basis::HiddenSet {
            region,
            values: set,
        } => {
            let places = values(*set).fold(0, |acc, v| acc | current.positions(*region, v));
            bits(0x1ff & !places)
                .map(|pos| region.cell(pos))
                .flat_map(|c| {
                    values(*set)
                        .filter(move |&v| initial.cands[c] & (1 << v) != 0)
                        .map(move |v| key(c, v, false))
                })
                .collect()
        }
        Basis::NakedSet { cells, values: set } => cells
            .iter()
            .flat_map(|&c| {
                values(initial.cands[c as usize] & !set).map(move |v| key(c as usize, v, false))
            })
            .collect(),
    }
}

/// The chaining rules a branch of `level` may apply when nothing else follows: forcing chains
/// (level 2), multiple forcing chains (3), dynamic chains (4), dynamic chains of level − 3 (5).
fn nested_rules(level: u8) -> Vec<Chaining> {
    let mut rules = Vec::new();
    if level < 4 {
        if level >= 2 {
            rules.push(Chaining::new(false, false, false, 0));
        }
        if level >= 3 {
            rules.push(Chaining::new(true, false, false, 0));
        }
    } else {
        rules.push(Chaining::new(true, true, false, 0));
        if level >= 5 {
            rules.push(Chaining::new(true, true, false, level - 3));
        }
    }
    rules
}
