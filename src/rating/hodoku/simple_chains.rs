//! HoDoKu's search for X-chains, XY-chains and remote pairs.
//!
//! HoDoKu walks these chains depth first and keeps every one that removes something; which one
//! it takes depends on what that walk meets, so the policy walks as HoDoKu does:
//!
//! - **Links.** From a candidate, in this order: for XY-chains and remote pairs, the cell's other
//!   candidate when the cell is bivalue (strong); then the same digit in the other cells of its
//!   row, column and box (the box without the cells already in the row or column), each house in
//!   its own order. An X-chain's house link is strong when the house holds the digit twice; an
//!   XY-chain's goes only to bivalue cells and a remote pair's only to cells of the same pair, and
//!   both count as weak.
//! - **Walk.** From every candidate of every empty cell, in reading order, along a strong link
//!   first; then weak and strong in turn, a weak place taking either kind. XY-chains and remote
//!   pairs change digit only within a cell (their strong places) and change cell only between
//!   cells (their weak places). No cell is passed twice; coming back to the first cell ends the
//!   branch. Chains reach at most node 20.
//! - **Results.** Whenever a strong place lands on the first node's digit: an X-chain or
//!   XY-chain removes that digit from the cells seeing both ends (an X-chain back at its first
//!   cell places the digit there, so all its peers lose it); a remote pair of at least four cells
//!   removes both digits from the cells seeing two of its cells an odd number of cells (three or
//!   more) apart, but HoDoKu reads a remote pair only when its ends see a common cell holding
//!   the first digit.
//! - **Choice.** A chain is kept unless one no longer removed the same candidates; then the most
//!   eliminations, the smallest weighted sum of them ([`tabling::weighted_sum`]) and, for the
//!   same eliminations, the shortest chain, the first met among equals.
//!
//! Written from HoDoKu's documented behaviour and by comparing its solve paths; no HoDoKu code
//! is copied or translated.

use super::singles::{PEERS, cells_in, digits_of, house_mask, houses_of};
use super::tabling;
use crate::core::{ChainKind, State, Step, Technique};
use crate::model::{Candidate, Cell, Digit};
use crate::techniques::chains;
use std::cmp::Ordering;
use std::collections::HashMap;

/// The index of the last node a chain may reach.
const LAST_NODE: usize = 20;

/// The chain of `kind` (an X-chain, an XY-chain or a remote pair) HoDoKu takes in `state`.
pub(super) fn find(state: &State, kind: ChainKind) -> Option<Step> {
    let (candidates, _) = tabling::grid(state);
    let mut walk = Walk::new(kind, &candidates);
    for (cell, &mask) in candidates.iter().enumerate() {
        for digit in digits_of(mask) {
            walk.chain.push((cell, digit));
            walk.visited = 1 << cell;
            walk.extend();
            walk.chain.clear();
        }
    }
    let best = walk
        .found
        .into_iter()
        .reduce(|best, next| match compare(&next, &best) {
            Ordering::Less => next,
            _ => best,
        })?;
    step_of(state, kind, &best)
}

/// A link from a candidate: the candidate it reaches, and whether it is strong.
#[derive(Debug, Clone, Copy)]
struct Link {
    cell: usize,
    digit: usize,
    strong: bool,
}

/// A chain that removes something: its nodes as (cell, digit) and its eliminations as
/// (cell, digit), by digit then cell.
#[derive(Debug)]
struct Found {
    nodes: Vec<(usize, usize)>,
    eliminations: Vec<(usize, usize)>,
}

/// The depth-first walk: the links of every candidate, the chain walked so far, its cells, and
/// the chains found with, for each set of eliminations, the shortest chain kept for it.
struct Walk<'a> {
    kind: ChainKind,
    candidates: &'a [u16; 81],
    /// The links of every candidate `cell * 10 + digit`, one after another: those of candidate
    /// `i` at `links[starts[i]..starts[i + 1]]`.
    links: Vec<Link>,
    starts: Vec<usize>,
    chain: Vec<(usize, usize)>,
    visited: u128,
    found: Vec<Found>,
    shortest: HashMap<Vec<(usize, usize)>, usize>,
}

impl<'a> Walk<'a> {
    fn new(kind: ChainKind, candidates: &'a [u16; 81]) -> Walk<'a> {
        let boards: [u128; 10] = std::array::from_fn(|digit| {
            (0..81)
                .filter(|&c| candidates[c] & 1 << digit != 0)
                .fold(0, |board, c| board | 1 << c)
        });
        let (mut links, mut starts) = (Vec::new(), Vec::with_capacity(81 * 10 + 1));
        for at in 0..81 * 10 {
            starts.push(links.len());
            links_of(kind, candidates, &boards, at / 10, at % 10, &mut links);
        }
        starts.push(links.len());
        Walk {
            kind,
            candidates,
            links,
            starts,
            chain: Vec::with_capacity(LAST_NODE + 1),
            visited: 0,
            found: Vec::new(),
            shortest: HashMap::new(),
        }
    }

    /// Extends the chain by every link its place allows, depth first.
    fn extend(&mut self) {
        let (cell, digit) = *self.chain.last().expect("a chain has a first node");
        let index = self.chain.len();
        let strong_place = index % 2 == 1;
        let start = self.chain[0];
        let at = cell * 10 + digit;
        for l in self.starts[at]..self.starts[at + 1] {
            let link = self.links[l];
            let in_cell = link.cell == cell;
            if (strong_place && !link.strong)
                || (self.kind != ChainKind::XChain && strong_place != in_cell)
            {
                continue;
            }
            let back_at_start = !in_cell && link.cell == start.0;
            if !in_cell && !back_at_start && self.visited & 1 << link.cell != 0 {
                continue;
            }
            self.chain.push((link.cell, link.digit));
            if strong_place && link.digit == start.1 {
                self.check(index);
            }
            if !back_at_start && index < LAST_NODE {
                let before = self.visited;
                self.visited |= 1 << link.cell;
                self.extend();
                self.visited = before;
            }
            self.chain.pop();
        }
    }

    /// Records the chain walked so far, its last node at `index` on the first node's digit,
    /// if it removes something no shorter chain already removed. HoDoKu looks only at chains
    /// whose ends see a common cell holding the first digit: a remote pair whose ends do not
    /// is passed over, whatever its inner cells remove.
    fn check(&mut self, index: usize) {
        if self.kind == ChainKind::RemotePair && index < 7 {
            return;
        }
        let (start, digit) = self.chain[0];
        let ends_see: Vec<(usize, usize)> = (self
            .holding(PEERS[start] & PEERS[self.chain[index].0], digit))
        .map(|c| (c, digit))
        .collect();
        if ends_see.is_empty() {
            return;
        }
        let eliminations = match self.kind {
            ChainKind::RemotePair => self.remote_pair_eliminations(),
            _ => ends_see,
        };
        let kept = self.shortest.get(&eliminations);
        if kept.is_some_and(|&length| length <= index) {
            return;
        }
        self.shortest.insert(eliminations.clone(), index);
        self.found.push(Found {
            nodes: self.chain.clone(),
            eliminations,
        });
    }

    /// What the remote pair walked so far removes: both digits from the cells seeing two of
    /// its cells an odd number (three or more) apart, by digit then cell.
    fn remote_pair_eliminations(&self) -> Vec<(usize, usize)> {
        let cells: Vec<usize> = self.chain.iter().step_by(2).map(|n| n.0).collect();
        let mut seeing = 0u128;
        for (k, &a) in cells.iter().enumerate() {
            for &b in cells.iter().skip(k + 3).step_by(2) {
                seeing |= PEERS[a] & PEERS[b];
            }
        }
        (digits_of(self.candidates[cells[0]]))
            .flat_map(|d| self.holding(seeing, d).map(move |c| (c, d)))
            .collect()
    }

    /// The cells of `mask` holding `digit`, ascending.
    fn holding(&self, mask: u128, digit: usize) -> impl Iterator<Item = usize> + '_ {
        cells_in(mask).filter(move |&c| self.candidates[c] & 1 << digit != 0)
    }
}

/// The links from `digit` in `cell` for chains of `kind`, in HoDoKu's order, added to `links`;
/// `boards` holds each digit's cells as bits.
fn links_of(
    kind: ChainKind,
    candidates: &[u16; 81],
    boards: &[u128; 10],
    cell: usize,
    digit: usize,
    links: &mut Vec<Link>,
) {
    let mask = candidates[cell];
    if digit == 0 || mask & 1 << digit == 0 {
        return;
    }
    let bivalue = |m: u16| m.count_ones() == 2;
    if kind != ChainKind::XChain && bivalue(mask) {
        let other = digits_of(mask & !(1 << digit)).next().expect("bivalue");
        links.push(Link {
            cell,
            digit: other,
            strong: true,
        });
    }
    let [row, column, _] = houses_of(cell);
    for house in houses_of(cell) {
        // A house's cells in its own order are its bits in ascending order.
        let holding = boards[digit] & house_mask(house);
        for other in cells_in(holding & !(1 << cell)) {
            let aligned =
                house >= 18 && (houses_of(other)[0] == row || houses_of(other)[1] == column);
            let target = candidates[other];
            let allowed = match kind {
                ChainKind::XChain => true,
                ChainKind::XyChain => bivalue(target),
                _ => target == mask,
            };
            if !aligned && allowed {
                links.push(Link {
                    cell: other,
                    digit,
                    strong: kind == ChainKind::XChain && holding.count_ones() == 2,
                });
            }
        }
    }
}

/// HoDoKu's order of two found chains: the most eliminations first; for different
/// eliminations, the smaller weighted sum; for the same, the shorter chain.
fn compare(a: &Found, b: &Found) -> Ordering {
    let count = b.eliminations.len().cmp(&a.eliminations.len());
    let then = if a.eliminations == b.eliminations {
        a.nodes.len().cmp(&b.nodes.len())
    } else {
        tabling::weighted_sum(&a.eliminations).cmp(&tabling::weighted_sum(&b.eliminations))
    };
    count.then(then)
}

/// The chain as a gridlogic step: links strong and weak in turn.
fn step_of(state: &State, kind: ChainKind, found: &Found) -> Option<Step> {
    let nodes: Vec<(Digit, Vec<Cell>)> = (found.nodes.iter())
        .map(|&(cell, digit)| (Digit::new(digit), vec![Cell::from_index(cell)]))
        .collect();
    let strong: Vec<bool> = (0..nodes.len() - 1).map(|i| i % 2 == 0).collect();
    let eliminations = (found.eliminations.iter())
        .map(|&(cell, digit)| Candidate::new(Cell::from_index(cell), Digit::new(digit)))
        .collect();
    let technique = Technique::Chain {
        kind,
        grouped: false,
    };
    chains::chain_step(state, technique, &nodes, &strong, eliminations)
}
