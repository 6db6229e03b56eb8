//! Sudoku Explainer's bidirectional cycles and forcing chains from one candidate, followed
//! without remembering what was removed: x-links (a value's two places in a region), y-links
//! (a cell's two candidates), or both.

use super::arena::{Cause, Key, Set, cell_of, is_on, key, value_of};
use super::propagate::{off_to_on, on_to_off};
use super::{ChainHint, Search, unary_base, unary_sort_key};
use crate::rating::se::grid::peers_of;
use crate::rating::se::hint::Form;
use std::collections::VecDeque;

impl Search<'_> {
    /// The cycles through `value` in `cell` and the forcing chains from it (x-links only when
    /// `x`, y-links only when `y`).
    pub(super) fn unary(&mut self, cell: usize, value: u8, y: bool, x: bool) {
        if self.grid.cands[cell].count_ones() > 2 && !x {
            return;
        }
        let on_key = key(cell, value, true);
        let start = self.arena.push(on_key, Cause::Assumed, &[]);
        let cycles = self.cycles(start, y, x);
        let mut chains = Vec::new();
        if x {
            let on = Set::of(&self.arena, start);
            self.forcing_chains(on, Set::default(), y, on_key, &mut chains);
            let off_start = self.arena.push(on_key ^ 1, Cause::Assumed, &[]);
            let off = Set::of(&self.arena, off_start);
            self.forcing_chains(Set::default(), off, y, on_key ^ 1, &mut chains);
        }
        for end in cycles {
            self.cycle_hint(end, x, y);
        }
        for target in chains {
            let key = self.arena.key(target);
            let flat = self.arena.ancestor_count(target);
            let form = Form::Forcing { x, y, length: flat };
            let removals = self.removals_of(key);
            let sort_key = unary_sort_key(x, y);
            let targets = vec![target];
            let hint = ChainHint::new(form, removals, Some(key), targets, Cause::Assumed, sort_key);
            self.add(hint, flat, unary_base(form));
        }
    }

    /// The potentials equal to `start` reached again, breadth first, after four links or more:
    /// the ends of cycles.
    fn cycles(&mut self, start: u32, y: bool, x: bool) -> Vec<u32> {
        let grid = self.grid;
        let start_key = self.arena.key(start);
        let (mut on, mut off) = (Set::of(&self.arena, start), Set::default());
        let mut pending_on = VecDeque::from([start]);
        let mut pending_off = VecDeque::new();
        let mut ends = Vec::new();
        let mut made = Vec::new();
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            while let Some(p) = pending_on.pop_front() {
                on_to_off(grid, self.arena.key(p), y, &mut made);
                for &(k, cause) in &made {
                    if !self.arena.has_ancestor(p, k) {
                        let id = self.arena.push(k, cause, &[p]);
                        pending_off.push_back(id);
                        off.add(k, id);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                off_to_on(grid, self.arena.key(p), y, x, &mut made);
                for &(k, cause) in &made {
                    let cycle = length >= 4 && k == start_key;
                    let new = !on.contains(k);
                    if cycle || new {
                        let id = self.arena.push(k, cause, &[p]);
                        if cycle {
                            ends.push(id);
                        }
                        if new {
                            pending_on.push_back(id);
                            on.add(k, id);
                        }
                    }
                }
            }
        }
        ends
    }

    /// Follows `on` and `off` and collects, once per key, the potentials that contradict the
    /// assumption `source` (its opposite): forcing chains.
    fn forcing_chains(
        &mut self,
        mut on: Set,
        mut off: Set,
        y: bool,
        source: Key,
        chains: &mut Vec<u32>,
    ) {
        let grid = self.grid;
        let mut scratch = std::mem::take(&mut self.scratch);
        let (pending_on, pending_off, made) = scratch.lists();
        pending_on.extend(on.ids());
        pending_off.extend(off.ids());
        while !pending_on.is_empty() || !pending_off.is_empty() {
            while let Some(p) = pending_on.pop_front() {
                on_to_off(grid, self.arena.key(p), y, made);
                for &(k, cause) in made.iter() {
                    let found = k ^ 1 == source && !self.contains_key(chains, k);
                    let new = !self.arena.has_ancestor(p, k) && !off.contains(k);
                    if found || new {
                        let id = self.arena.push(k, cause, &[p]);
                        if found {
                            chains.push(id);
                        }
                        if new {
                            pending_off.push_back(id);
                            off.add(k, id);
                        }
                    }
                }
            }
            while let Some(p) = pending_off.pop_front() {
                off_to_on(grid, self.arena.key(p), y, true, made);
                for &(k, cause) in made.iter() {
                    let found = k ^ 1 == source && !self.contains_key(chains, k);
                    let new = !on.contains(k);
                    if found || new {
                        let id = self.arena.push(k, cause, &[p]);
                        if found {
                            chains.push(id);
                        }
                        if new {
                            pending_on.push_back(id);
                            on.add(k, id);
                        }
                    }
                }
            }
        }
        self.scratch = scratch;
    }

    fn contains_key(&self, ids: &[u32], key: Key) -> bool {
        ids.iter().any(|&id| self.arena.key(id) == key)
    }

    /// The hint of the cycle ending on `end`: a value leaves every cell outside the cycle that
    /// sees one of its cells where it is on and one where it is off.
    fn cycle_hint(&mut self, end: u32, x: bool, y: bool) {
        let grid = self.grid;
        let mut links = Vec::new();
        let mut current = end;
        while let Some(parent) = self.arena.first_parent(current) {
            links.push(self.arena.key(current));
            current = parent;
        }
        let mut cells: Vec<usize> = Vec::new();
        for &k in &links {
            if !cells.contains(&cell_of(k)) {
                cells.push(cell_of(k));
            }
        }
        let (mut when_on, mut when_off) = ([0u16; 81], [0u16; 81]);
        for &k in &links {
            let bit = 1 << value_of(k);
            let seen = if is_on(k) {
                &mut when_on
            } else {
                &mut when_off
            };
            for &peer in peers_of(cell_of(k)) {
                let peer = peer as usize;
                if !cells.contains(&peer) && grid.cands[peer] & bit != 0 {
                    seen[peer] |= bit;
                }
            }
        }
        let removals = (0..81)
            .map(|c| (c as u8, when_on[c] & when_off[c]))
            .filter(|&(_, m)| m != 0)
            .collect();
        let reversed = self.reversed(end);
        let form = Form::Cycle {
            x,
            y,
            cells: cells.len(),
        };
        let targets = vec![end, reversed];
        let sort_key = unary_sort_key(x, y);
        let hint = ChainHint::new(form, removals, None, targets, Cause::Assumed, sort_key);
        let flat = self.arena.ancestor_count(end);
        self.add(hint, flat, unary_base(form));
    }

    /// The cycle ending on `end` run backwards, each potential turned over (Sudoku Explainer's
    /// reversed cycle); returns its last potential (the start turned over).
    fn reversed(&mut self, end: u32) -> u32 {
        let mut walk = vec![end];
        while let Some(parent) = self.arena.first_parent(*walk.last().expect("a walk")) {
            walk.push(parent);
        }
        let mut previous: Option<u32> = None;
        for &id in &walk {
            let node = self.arena.node(id);
            let parents: Vec<u32> = previous.into_iter().collect();
            previous = Some(self.arena.push(node.key ^ 1, node.cause, &parents));
        }
        previous.expect("a cycle has potentials")
    }
}
