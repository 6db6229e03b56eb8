//! HoDoKu's ALS-XZ, ALS-XY-Wing and ALS-XY-Chain: which of them HoDoKu takes depends on its
//! list of almost locked sets and how it walks them. It lists the sets house by house (rows,
//! columns, boxes), each house's cell sets in dictionary order, a set once; links two sets only
//! from the earlier to the later (restricted commons between sets that share no cell); takes
//! the first link (ALS-XZ) or pair of links (wing) that removes something; and walks every
//! chain that climbs the list, keeping per set of eliminations the chain with the fewest cells.
//! This module follows those searches (HoDoKu's observable behaviour, written anew) on one list
//! per grid; the step is stated by gridlogic's ALS finder.

use super::singles::{PEERS, cells_in, cells_of, digits_of};
use super::tabling::{grid, last_or, weighted_sum};
use crate::core::{State, Step};
use crate::model::{Candidate, Cell, Digit, DigitSet};
use crate::techniques::als::{chain_through, xz_through};
use smallvec::SmallVec;
use std::cell::RefCell;
use std::cmp::Reverse;
use std::collections::HashSet;
use std::rc::Rc;
use std::sync::LazyLock;

/// The most links of a chain HoDoKu walks.
const MOST_LINKS: usize = 50;

/// An almost locked set: its cells and digits, and per digit where it holds it and which
/// other cells holding it see all those places.
struct Set {
    cells: u128,
    digits: u16,
    holders: [u128; 10],
    seers: [u128; 10],
    /// The cells seeing all the places of some digit of the set: its seers together.
    seen: u128,
}

/// A restricted common: to set `to`, on one digit or two.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Link {
    to: usize,
    digits: [usize; 2],
}

/// What a chain found removes, and the chain.
struct Found {
    eliminations: Vec<(usize, usize)>,
    sets: Vec<usize>,
    links: Vec<usize>,
    cells: u32,
}

/// Cells as bits 0–80.
fn mask(cells: impl IntoIterator<Item = usize>) -> u128 {
    cells.into_iter().fold(0, |m, c| m | 1 << c)
}

/// The ALS-XZ HoDoKu takes in `state`: the first restricted common in list order whose sets
/// remove something (a cell seeing every place of a common digit but the restricted one in
/// both sets; with two restricted commons, also a cell seeing every place of a set's other
/// digit), as a step.
pub(super) fn als_xz(state: &State) -> Option<Step> {
    let listed = listed(state);
    let sets = &listed.sets;
    let cells = |set: &Set| -> Vec<Cell> { cells_in(set.cells).map(Cell::from_index).collect() };
    for (from, out) in listed.links.iter().enumerate() {
        for link in out {
            let (a, b) = (&sets[from], &sets[link.to]);
            if xz_removes(a, b, link) {
                let rccs: DigitSet = (link.digits.iter())
                    .filter(|&&d| d != 0)
                    .map(|&d| Digit::new(d))
                    .collect();
                return xz_through(state, cells(a), cells(b), rccs);
            }
        }
    }
    None
}

/// Whether sets `a` and `b`, linked by `link`, remove something as an ALS-XZ.
fn xz_removes(a: &Set, b: &Set, link: &Link) -> bool {
    let rccs = link.digits.iter().fold(0u16, |m, &d| m | (1 << d)) & !1;
    let doubly = link.digits[1] != 0;
    let common = a.digits & b.digits & if doubly { u16::MAX } else { !rccs };
    let both = digits_of(common).any(|z| a.seers[z] & b.seers[z] != 0);
    let own = |x: &Set, y: &Set| digits_of(x.digits & !rccs).any(|z| x.seers[z] & !y.cells != 0);
    both || (doubly && (own(a, b) || own(b, a)))
}

/// The ALS-XY-Chain HoDoKu takes in `state`, as a step.
pub(super) fn als_chain(state: &State) -> Option<Step> {
    let listed = listed(state);
    let (sets, links) = (&listed.sets, &listed.links);
    let mut found: Vec<Found> = Vec::new();
    let mut walk = Walk {
        sets,
        links,
        chain: Vec::new(),
        used: Vec::new(),
        found: &mut found,
    };
    for (start, out) in links.iter().enumerate() {
        for link in out {
            let tries: &[[usize; 2]] = if link.digits[1] != 0 {
                &[[link.digits[0], 0], [link.digits[1], 0]]
            } else {
                &[link.digits]
            };
            for &digits in tries {
                walk.chain = vec![start, link.to];
                walk.used = vec![digits];
                walk.extend();
            }
        }
    }
    let weighted = |f: &Found| weighted_sum(&f.eliminations);
    let mut best: Option<&Found> = None;
    for f in &found {
        let better = best.is_none_or(|b| {
            if f.eliminations == b.eliminations {
                (f.sets.len(), f.cells) < (b.sets.len(), b.cells)
            } else {
                (Reverse(f.eliminations.len()), weighted(f))
                    < (Reverse(b.eliminations.len()), weighted(b))
            }
        });
        if better {
            best = Some(f);
        }
    }
    let best = best?;
    let cells_of_set =
        |i: usize| -> Vec<Cell> { cells_in(sets[i].cells).map(Cell::from_index).collect() };
    chain_through(
        state,
        &best
            .sets
            .iter()
            .map(|&i| cells_of_set(i))
            .collect::<Vec<_>>(),
        &best
            .links
            .iter()
            .map(|&d| Digit::new(d))
            .collect::<Vec<_>>(),
        to_candidates(&best.eliminations),
    )
}

/// HoDoKu's sets of one grid and their links.
struct Listed {
    candidates: [u16; 81],
    sets: Vec<Set>,
    links: Vec<Vec<Link>>,
}

thread_local! {
    /// The last sets listed on this thread: the ALS-XZ, ALS-XY-Wing and ALS-XY-Chain requests
    /// in a row read the same list of the same grid.
    static LAST: RefCell<Option<Rc<Listed>>> = const { RefCell::new(None) };
}

/// The sets of `state` and their links; the last ones listed when they are of the same grid.
fn listed(state: &State) -> Rc<Listed> {
    let (candidates, _) = grid(state);
    last_or(
        &LAST,
        |l| l.candidates == candidates,
        || {
            let sets = list(&candidates);
            let links = links(&sets);
            Listed {
                candidates,
                sets,
                links,
            }
        },
    )
}

/// HoDoKu's list of almost locked sets: house by house, each house's empty cells taken in
/// every combination of one to eight in dictionary order; a set of cells once.
fn list(candidates: &[u16]) -> Vec<Set> {
    let mut sets: Vec<Set> = Vec::new();
    let mut listed: HashSet<u128> = HashSet::new();
    let holding: Vec<u128> = (0..10)
        .map(|d| mask((0..81).filter(|&c| candidates[c] & (1 << d) != 0)))
        .collect();
    // The digits of each choice of a house's empty cells, by the choice's mask.
    let mut digits = [0u16; 1 << 9];
    let mut cells = Vec::with_capacity(MOST_CELLS);
    for house in 0..27 {
        let empty: SmallVec<[usize; 9]> = (cells_of(house).into_iter())
            .filter(|&c| candidates[c] != 0)
            .collect();
        // Each choice's digits are those of the choice without its first cell and that cell's.
        for choice in 1..1usize << empty.len() {
            let first = empty[choice.trailing_zeros() as usize];
            digits[choice] = digits[choice & (choice - 1)] | candidates[first];
        }
        for &choice in choices_in_order(empty.len()) {
            let choice = usize::from(choice);
            if digits[choice].count_ones() != choice.count_ones() + 1 {
                continue;
            }
            cells.clear();
            cells.extend(
                (0..empty.len())
                    .filter(|i| choice >> i & 1 == 1)
                    .map(|i| empty[i]),
            );
            if listed.insert(mask(cells.iter().copied())) {
                sets.push(set(candidates, &holding, &cells, digits[choice]));
            }
        }
    }
    sets
}

/// The most cells of a set HoDoKu lists.
const MOST_CELLS: usize = 8;

/// Every choice of one to [`MOST_CELLS`] of `count` things (at most nine) as a mask, a bit per
/// thing, in dictionary order: each choice before its extensions, as HoDoKu lists a house's
/// sets. Worked out once: a house's sets are then read from a table rather than searched for
/// each of the thousands of lists.
fn choices_in_order(count: usize) -> &'static [u16] {
    fn extend(count: usize, from: usize, choice: u16, out: &mut Vec<u16>) {
        for i in from..count {
            let next = choice | 1 << i;
            out.push(next);
            if (next.count_ones() as usize) < MOST_CELLS {
                extend(count, i + 1, next, out);
            }
        }
    }
    static CHOICES: LazyLock<[Vec<u16>; 10]> = LazyLock::new(|| {
        std::array::from_fn(|count| {
            let mut out = Vec::new();
            extend(count, 0, 0, &mut out);
            out
        })
    });
    &CHOICES[count]
}

fn set(candidates: &[u16], holding: &[u128], cells: &[usize], digits: u16) -> Set {
    let cells_mask = mask(cells.iter().copied());
    let mut holders = [0u128; 10];
    let mut seers = [0u128; 10];
    for d in digits_of(digits) {
        holders[d] = mask(
            cells
                .iter()
                .copied()
                .filter(|&c| candidates[c] & (1 << d) != 0),
        );
        seers[d] = cells_in(holders[d]).fold(holding[d] & !cells_mask, |m, c| m & PEERS[c]);
    }
    Set {
        cells: cells_mask,
        digits,
        holders,
        seers,
        seen: seers.iter().fold(0, |seen, &s| seen | s),
    }
}

/// Each set's restricted commons with the later sets it shares no cell with, on the first
/// digit (and second) whose places in each see all those in the other.
fn links(sets: &[Set]) -> Vec<Vec<Link>> {
    // A restricted common's places in each set see those in the other, so each set has cells
    // the other's seers hold: a set's partners are among the sets holding a cell it sees, a bit
    // per set for each cell.
    let words = sets.len().div_ceil(64);
    let mut sets_holding = vec![0u64; 81 * words];
    for (j, set) in sets.iter().enumerate() {
        for cell in cells_in(set.cells) {
            sets_holding[cell * words + j / 64] |= 1 << (j % 64);
        }
    }
    let mut near = vec![0u64; words];
    (0..sets.len())
        .map(|i| {
            let a = &sets[i];
            near.fill(0);
            for cell in cells_in(a.seen) {
                let held = &sets_holding[cell * words..(cell + 1) * words];
                near.iter_mut().zip(held).for_each(|(n, h)| *n |= h);
            }
            later_bits(&near, i)
                .filter_map(|j| link(a, &sets[j], j))
                .collect()
        })
        .collect()
}

/// The link from set `a` to set `b` (number `to` in the list): their restricted commons, the
/// first digit (and second) whose places in each see all those in the other, when they share
/// no cell.
fn link(a: &Set, b: &Set, to: usize) -> Option<Link> {
    // Sets apart, or without cells the other's seers hold, have none.
    let apart = a.cells & b.cells != 0 || a.digits & b.digits == 0;
    if apart || a.cells & b.seen == 0 || b.cells & a.seen == 0 {
        return None;
    }
    let mut digits = [0usize; 2];
    for d in digits_of(a.digits & b.digits) {
        let restricted = a.holders[d] & !b.seers[d] == 0 && b.holders[d] & !a.seers[d] == 0;
        if restricted {
            let slot = usize::from(digits[0] != 0);
            digits[slot] = d;
        }
    }
    (digits[0] != 0).then_some(Link { to, digits })
}

/// The numbers above `after` in the bit set `bits` (64 to a word), ascending.
fn later_bits(bits: &[u64], after: usize) -> impl Iterator<Item = usize> + '_ {
    let from = after + 1;
    (from / 64..bits.len()).flat_map(move |k| {
        // The bits of the first word at or below `after` are cleared.
        let mut word = if k == from / 64 {
            bits[k] & (u64::MAX << (from % 64))
        } else {
            bits[k]
        };
        std::iter::from_fn(move || {
            (word != 0).then(|| {
                let i = word.trailing_zeros() as usize;
                word &= word - 1;
                k * 64 + i
            })
        })
    })
}

/// A depth-first walk of chains climbing the list.
struct Walk<'a> {
    sets: &'a [Set],
    links: &'a [Vec<Link>],
    chain: Vec<usize>,
    /// The digits each link uses (the second 0 when one).
    used: Vec<[usize; 2]>,
    found: &'a mut Vec<Found>,
}

impl Walk<'_> {
    fn extend(&mut self) {
        if self.used.len() >= 3 {
            self.record();
        }
        if self.used.len() >= MOST_LINKS {
            return;
        }
        let last = *self.chain.last().expect("a chain");
        // After a link on two digits only its first counts as used.
        let before = self.used.last().expect("a link")[0];
        for link in &self.links[last] {
            if self.chain.contains(&link.to) {
                continue;
            }
            let [c1, c2] = link.digits;
            let digits = if c2 == 0 {
                if c1 == before {
                    continue;
                }
                [c1, 0]
            } else if before == c2 {
                [c1, 0]
            } else if before == c1 {
                [c2, 0]
            } else {
                [c1, c2]
            };
            self.chain.push(link.to);
            self.used.push(digits);
            self.extend();
            self.chain.pop();
            self.used.pop();
        }
    }

    /// The eliminations of the chain so far: digits both ends hold but neither end link uses,
    /// from the cells seeing all their places in both ends.
    fn record(&mut self) {
        let (a, e) = (
            &self.sets[self.chain[0]],
            &self.sets[*self.chain.last().expect("a chain")],
        );
        let excluded = [self.used[0], *self.used.last().expect("a link")];
        let mut eliminations = both_ends(a, e, &excluded);
        if eliminations.is_empty() {
            return;
        }
        eliminations.sort_by_key(|&(c, d)| (d, c));
        let cells: u32 = self
            .chain
            .iter()
            .map(|&i| self.sets[i].cells.count_ones())
            .sum();
        let existing = self
            .found
            .iter_mut()
            .find(|f| f.eliminations == eliminations);
        let chain = || Found {
            eliminations: eliminations.clone(),
            sets: self.chain.clone(),
            links: self.used.iter().map(|u| u[0]).collect(),
            cells,
        };
        match existing {
            Some(old) if cells < old.cells => *old = chain(),
            Some(_) => {}
            None => self.found.push(chain()),
        }
    }
}

/// The ALS-XY-Wing HoDoKu takes in `state`: the first pair of restricted commons (in the order
/// of its list of them) through one set, whose outer sets share no cell and both hold a digit
/// neither common is on, seen in both by some cell.
pub(super) fn als_wing(state: &State) -> Option<Step> {
    let listed = listed(state);
    let (sets, links) = (&listed.sets, &listed.links);
    let commons: Vec<(usize, Link)> = (links.iter().enumerate())
        .flat_map(|(from, out)| out.iter().map(move |&link| (from, link)))
        .collect();
    // A wing's two commons share its pivot: only the commons through either set of the first
    // can make a wing with it, and those are listed per set, in the commons' order.
    let mut through: Vec<Vec<usize>> = vec![Vec::new(); sets.len()];
    for (i, &(from, link)) in commons.iter().enumerate() {
        through[from].push(i);
        through[link.to].push(i);
    }
    let mut later = Vec::new();
    for (i, &(a1, r1)) in commons.iter().enumerate() {
        let after = |set: usize| {
            let list = &through[set];
            &list[list.partition_point(|&j| j <= i)..]
        };
        merge(after(a1), after(r1.to), &mut later);
        for &j in &later {
            let (a2, r2) = commons[j];
            let (x1, x2) = ([a1, r1.to], [a2, r2.to]);
            let mut shared = x1.iter().copied().filter(|s| x2.contains(s));
            let (Some(pivot), None) = (shared.next(), shared.next()) else {
                continue;
            };
            if r1.digits[1] == 0 && r2.digits[1] == 0 && r1.digits[0] == r2.digits[0] {
                continue;
            }
            let a = x1[usize::from(x1[0] == pivot)];
            let b = x2[usize::from(x2[0] == pivot)];
            if sets[a].cells & sets[b].cells != 0 {
                continue;
            }
            let used = [r1.digits, r2.digits];
            let eliminations = both_ends(&sets[a], &sets[b], &used);
            if !eliminations.is_empty() {
                let cells = |i: usize| -> Vec<Cell> {
                    cells_in(sets[i].cells).map(Cell::from_index).collect()
                };
                return chain_through(
                    state,
                    &[cells(a), cells(pivot), cells(b)],
                    &[Digit::new(r1.digits[0]), Digit::new(r2.digits[0])],
                    to_candidates(&eliminations),
                );
            }
        }
    }
    None
}

/// The numbers of two ascending lists, ascending and each once, in `merged` (emptied first).
fn merge(a: &[usize], b: &[usize], merged: &mut Vec<usize>) {
    merged.clear();
    let (mut i, mut j) = (0, 0);
    loop {
        let next = match (a.get(i), b.get(j)) {
            (Some(&x), Some(&y)) => x.min(y),
            (Some(&x), None) | (None, Some(&x)) => x,
            (None, None) => return,
        };
        i += usize::from(a.get(i) == Some(&next));
        j += usize::from(b.get(j) == Some(&next));
        merged.push(next);
    }
}

/// The eliminations of two end sets: each digit both hold that no link in `used` is on, from
/// the cells seeing all its places in both, digit by digit.
fn both_ends(a: &Set, e: &Set, used: &[[usize; 2]]) -> Vec<(usize, usize)> {
    let mut eliminations = Vec::new();
    for d in digits_of(a.digits & e.digits) {
        if !used.iter().any(|u| u.contains(&d)) {
            eliminations.extend(cells_in(a.seers[d] & e.seers[d]).map(|c| (c, d)));
        }
    }
    eliminations
}

fn to_candidates(eliminations: &[(usize, usize)]) -> Vec<Candidate> {
    (eliminations.iter())
        .map(|&(cell, digit)| Candidate::new(Cell::from_index(cell), Digit::new(digit)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{ReadOptions, read_text};

    #[test]
    fn a_houses_choices_are_each_set_of_one_to_eight_once_in_dictionary_order() {
        let binomial = |n: usize, k: usize| (0..k).fold(1, |c, i| c * (n - i) / (i + 1));
        for count in 0..=9 {
            let choices = choices_in_order(count);
            let expected: usize = (1..=count.min(MOST_CELLS))
                .map(|k| binomial(count, k))
                .sum();
            assert_eq!(choices.len(), expected, "{count} things");
            let indices =
                |&c: &u16| -> Vec<usize> { (0..count).filter(|i| c >> i & 1 == 1).collect() };
            let listed: Vec<Vec<usize>> = choices.iter().map(indices).collect();
            assert!(
                listed
                    .iter()
                    .all(|l| !l.is_empty() && l.len() <= MOST_CELLS)
            );
            // Strictly ascending as lists: each once, each before its extensions.
            assert!(listed.windows(2).all(|w| w[0] < w[1]), "{count} things");
        }
    }

    #[test]
    fn links_found_through_the_cells_a_set_sees_are_those_of_every_pair() {
        // A forum puzzle's starting grid.
        let text =
            "..8...5...4...2.9.7.......3.2...4......93.......2.1.6.5.......8.1.6...2...3...7..";
        let puzzle = read_text(text, "test", &ReadOptions::default())
            .expect("a puzzle")
            .puzzles
            .remove(0);
        let state = State::from_puzzle(&puzzle);
        let (candidates, _) = grid(&state);
        let sets = list(&candidates);
        assert!(sets.len() > 150, "{} sets", sets.len());
        let every_pair: Vec<Vec<Link>> = (0..sets.len())
            .map(|i| {
                (i + 1..sets.len())
                    .filter_map(|j| link(&sets[i], &sets[j], j))
                    .collect()
            })
            .collect();
        // 201 sets and 90 links: most pairs have none, which the cells seen must not lose.
        assert!(every_pair.iter().map(Vec::len).sum::<usize>() > 50);
        assert_eq!(links(&sets), every_pair);
    }
}
