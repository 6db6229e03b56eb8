//! Sudoku Explainer's multiple and dynamic forcing chains from one cell: for each candidate,
//! what assuming it on and off implies (a contradiction removes or places it; what both imply
//! holds), what every place of the value in each region implies (region forcing chains), and
//! what every candidate of the cell implies (cell forcing chains).

use super::arena::{Cause, Key, Set, key};
use super::{Branch, ChainHint, Search};
use crate::rating::se::grid::{KINDS, Region, bits, first, values};
use crate::rating::se::hint::Form;
use std::rc::Rc;

impl Search<'_> {
    /// Every hint that starts from `cell`.
    pub(super) fn cell_chains(&mut self, cell: usize) {
        let mode = self.chaining.mode;
        let cands = self.grid.cands[cell];
        let size = cands.count_ones();
        let mut outcomes: Vec<Rc<Branch>> = Vec::new();
        for value in values(cands) {
            let double = size >= 3 && !mode.nishio && mode.dynamic;
            let contradiction = mode.dynamic || mode.nishio;
            let on = self.binary(cell, value, double, contradiction);
            if !mode.nishio {
                self.region_chains(cell, value, &on);
            }
            outcomes.push(on);
        }
        if mode.nishio || !(size == 2 || (mode.multiple && size > 2)) {
            return;
        }
        self.reductions(&outcomes, Form::Cell, Cause::NakedSingle);
    }

    /// Assumes `value` in `cell` on, then off: a contradiction proves the opposite (when
    /// `contradiction`); with `double`, what both assumptions imply holds. Returns what the
    /// assumption on led to.
    fn binary(&mut self, cell: usize, value: u8, double: bool, contradiction: bool) -> Rc<Branch> {
        let (on_key, off_key) = (key(cell, value, true), key(cell, value, false));
        let on = self.branch_on(on_key);
        if contradiction && let Some((a, b)) = on.absurd {
            let removals = self.removals_of(off_key);
            self.binary_hint(removals, a, b, Some(off_key), true);
        }
        let start = self.arena.push(off_key, Cause::Assumed, &[]);
        let off = self.branch(Set::default(), Set::of(&self.arena, start));
        if contradiction && let Some((a, b)) = off.absurd {
            let removals = self.removals_of(on_key);
            self.binary_hint(removals, a, b, Some(on_key), true);
        }
        if double {
            for (k, from_on) in on.on.iter() {
                if let Some(from_off) = off.on.get(k) {
                    let removals = self.removals_of(k);
                    self.binary_hint(removals, from_on, from_off, Some(k), false);
                }
            }
            for (k, from_on) in on.off.iter() {
                if let Some(from_off) = off.off.get(k) {
                    let removals = self.removals_of(k);
                    self.binary_hint(removals, from_on, from_off, Some(k), false);
                }
            }
        }
        on
    }

    /// A contradiction (`absurd`) or double implication, its two chains ending on `on_end` and
    /// `off_end`.
    fn binary_hint(
        &mut self,
        removals: Vec<(u8, u16)>,
        on_end: u32,
        off_end: u32,
        result: Option<Key>,
        absurd: bool,
    ) {
        let flat = self.arena.ancestor_count(on_end) + self.arena.ancestor_count(off_end);
        let form = Form::Binary { absurd };
        let targets = vec![on_end, off_end];
        let sort_key = if absurd { 7 } else { 1 };
        let hint = ChainHint::new(form, removals, result, targets, Cause::Assumed, sort_key);
        let base = self.chaining.mode.base();
        self.add(hint, flat, base);
    }

    /// Region forcing chains of `value`, for each region where `cell` is the value's first
    /// place (and the value has two places, or more for multiple chains).
    fn region_chains(&mut self, cell: usize, value: u8, on: &Rc<Branch>) {
        let mode = self.chaining.mode;
        for kind in KINDS {
            let region = Region::of(kind, cell);
            let positions = self.grid.positions(region, value);
            let size = positions.count_ones();
            let worth = size == 2 || (mode.multiple && size > 2);
            if !worth || region.cell(first(positions)) != cell {
                continue;
            }
            let branches: Vec<Rc<Branch>> = bits(positions)
                .map(|pos| match region.cell(pos) {
                    c if c == cell => Rc::clone(on),
                    other => self.branch_on(key(other, value, true)),
                })
                .collect();
            self.reductions(&branches, Form::Region, Cause::Hidden(kind));
        }
    }

    /// The cell or region forcing chains of `branches` (one per candidate or place): every
    /// potential all of them turn on, then every potential all of them turn off.
    fn reductions(&mut self, branches: &[Rc<Branch>], form: Form, assumed: Cause) {
        for on_side in [true, false] {
            let mut common = side(&branches[0], on_side).clone();
            for branch in &branches[1..] {
                common.retain(side(branch, on_side));
            }
            for (target, _) in common.iter() {
                let chains = branches
                    .iter()
                    .map(|b| side(b, on_side).get(target).expect("a common potential"))
                    .collect();
                self.reduction(form, target, chains, assumed);
            }
        }
    }

    /// A cell or region forcing chain: every chain (one per candidate or place) reaches
    /// `target`.
    fn reduction(&mut self, form: Form, target: Key, chains: Vec<u32>, assumed: Cause) {
        let flat = chains.iter().map(|&c| self.arena.ancestor_count(c)).sum();
        let removals = self.removals_of(target);
        let sort_key = if form == Form::Cell { 5 } else { 6 };
        let hint = ChainHint::new(form, removals, Some(target), chains, assumed, sort_key);
        let base = self.chaining.mode.base();
        self.add(hint, flat, base);
    }
}

/// The potentials a branch turned on (`on_side`) or off.
fn side(branch: &Branch, on_side: bool) -> &Set {
    if on_side { &branch.on } else { &branch.off }
}
