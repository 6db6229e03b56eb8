//! Breadth-first search for alternating chains. A state is a node assumed false ("off") or true
//! ("on"); from an off node a strong link makes its partner on, from an on node a weak link makes
//! its partner off. Starting from a node assumed off, every on state reached at distance `k` is
//! an alternating inference chain of `k` links whose two ends cannot both be false; breadth
//! first, each is found by its shortest chain.

use super::graph::Graph;
use std::cell::RefCell;

thread_local! {
    /// Tables of lane masks let go of, all zero, for the next sweep: a large grid's come to
    /// hundreds of kilobytes each, which allocating and zeroing anew for every chain technique
    /// asked would cost.
    static ZEROED: RefCell<Vec<Vec<u128>>> = const { RefCell::new(Vec::new()) };
}

/// A table of `len` lane masks, all zero.
pub(crate) fn zeroed_lanes(len: usize) -> Vec<u128> {
    let mut table = ZEROED.with_borrow_mut(Vec::pop).unwrap_or_default();
    table.resize(len, 0);
    table
}

/// Hands back a table of lane masks for the next [`zeroed_lanes`]: every mask must be zero.
/// A table let go of while the thread unwinds from a panic is dropped instead, since a search
/// stopped halfway leaves marks in it (and a caller that catches the panic searches on).
pub(crate) fn release_lanes(table: Vec<u128>) {
    if std::thread::panicking() {
        return;
    }
    debug_assert!(table.iter().all(|&m| m == 0), "a table handed back is zero");
    ZEROED.with_borrow_mut(|tables| tables.push(table));
}

/// One breadth-first search from a start node, reusable for many starts.
pub(crate) struct Search<'g> {
    graph: &'g Graph,
    /// Per state: whether, how far and from where the current search reached it (together, so
    /// that one memory access answers).
    reached: Vec<Reached>,
    generation: u32,
    /// The states reached, in order of distance.
    order: Vec<u32>,
}

/// How a search reached a state.
#[derive(Clone, Copy)]
struct Reached {
    /// Search number in which the state was reached.
    mark: u32,
    /// Parent state.
    parent: u32,
    /// Links from the start.
    dist: u32,
}

const NONE: u32 = u32::MAX;

/// The states one link leads to from `state` (node `state / 2`, on when odd): from a node off,
/// its strong partners on; from a node on, its weak partners off.
fn successors(graph: &Graph, state: u32) -> impl Iterator<Item = u32> + '_ {
    let (node, on) = (state / 2, state % 2 == 1);
    let partners = if on {
        &graph.weak[node as usize]
    } else {
        &graph.strong[node as usize]
    };
    partners
        .iter()
        .map(move |&partner| partner * 2 + u32::from(!on))
}

impl<'g> Search<'g> {
    /// A search over `graph`.
    pub fn new(graph: &'g Graph) -> Search<'g> {
        let unreached = Reached {
            mark: 0,
            parent: NONE,
            dist: 0,
        };
        Search {
            graph,
            reached: vec![unreached; graph.nodes.len() * 2],
            generation: 0,
            order: Vec::new(),
        }
    }

    /// The graph searched.
    pub fn graph(&self) -> &'g Graph {
        self.graph
    }

    /// Searches from `start` assumed off, up to `max_links` links.
    pub fn run(&mut self, start: u32, max_links: usize) {
        self.generation += 1;
        self.order.clear();
        self.visit(start * 2, NONE, 0);
        let mut next = 0;
        while next < self.order.len() {
            let state = self.order[next];
            next += 1;
            let dist = self.reached[state as usize].dist;
            if dist as usize >= max_links {
                continue;
            }
            for target in successors(self.graph, state) {
                if self.reached[target as usize].mark != self.generation {
                    self.visit(target, state, dist + 1);
                }
            }
        }
    }

    fn visit(&mut self, state: u32, parent: u32, dist: u32) {
        self.reached[state as usize] = Reached {
            mark: self.generation,
            parent,
            dist,
        };
        self.order.push(state);
    }

    /// The nodes reached on, with the number of links to them, nearest first.
    pub fn reached_on(&self) -> impl Iterator<Item = (u32, usize)> + '_ {
        self.order
            .iter()
            .filter(|&&s| s % 2 == 1)
            .map(|&s| (s / 2, self.reached[s as usize].dist as usize))
    }

    /// The chain from the start to `node` reached on: its nodes, start first. Links alternate
    /// strong, weak, strong, … from the start.
    pub fn chain_to(&self, node: u32) -> Vec<u32> {
        let mut chain = Vec::new();
        let mut state = node * 2 + 1;
        while state != NONE {
            chain.push(state / 2);
            state = self.reached[state as usize].parent;
        }
        chain.reverse();
        chain
    }
}

/// Breadth-first searches from up to [`LANES`] starts at once: a bit per start ("lane") in a
/// mask per state, so one pass over the links serves them all. It tells which states each start reaches
/// and how far, but not by which chain: it screens the starts a [`Search`] must then run from.
pub(crate) struct Sweep<'g> {
    graph: &'g Graph,
    /// Per state: the lanes that reached it.
    seen: Vec<u128>,
    /// Per state: the lanes that reached it at the current distance.
    current: Vec<u128>,
    /// Per state: the lanes that reach it at the next distance.
    next: Vec<u128>,
    /// The states with lanes in `current`, and in `next`.
    frontier: Vec<u32>,
    upcoming: Vec<u32>,
    /// The states with lanes in `seen`, cleared one by one before the next run: on a large grid
    /// that costs less than clearing the whole table.
    touched: Vec<u32>,
}

/// The most starts a [`Sweep`] runs at once.
pub(crate) const LANES: usize = 128;

impl<'g> Sweep<'g> {
    /// A sweep over `graph`.
    pub fn new(graph: &'g Graph) -> Sweep<'g> {
        let states = graph.nodes.len() * 2;
        Sweep {
            graph,
            seen: zeroed_lanes(states),
            current: zeroed_lanes(states),
            next: zeroed_lanes(states),
            frontier: Vec::new(),
            upcoming: Vec::new(),
            touched: Vec::new(),
        }
    }

    /// Searches from `starts` (at most [`LANES`]; start `i` is lane bit `i`), each assumed off,
    /// up to `max_links` links, and calls `reached(node, links, lanes)` for every node reached
    /// on, once per distance, with the lanes that reach it first at that distance: exactly the
    /// nodes and distances [`Search::reached_on`] gives for each start. When a call returns
    /// `false`, the sweep ends with that distance.
    pub fn run(
        &mut self,
        starts: &[u32],
        max_links: usize,
        mut reached: impl FnMut(u32, usize, u128) -> bool,
    ) {
        debug_assert!(starts.len() <= LANES);
        self.forget_seen();
        self.frontier.clear();
        for (lane, &start) in starts.iter().enumerate() {
            let state = start as usize * 2;
            self.seen[state] |= 1 << lane;
            self.current[state] |= 1 << lane;
            self.frontier.push(start * 2);
        }
        self.touched.extend_from_slice(&self.frontier);
        for links in 1..=max_links {
            if self.frontier.is_empty() {
                break;
            }
            self.upcoming.clear();
            for &state in &self.frontier {
                let lanes = std::mem::take(&mut self.current[state as usize]);
                for target in successors(self.graph, state) {
                    let target = target as usize;
                    let new = lanes & !self.seen[target];
                    if new != 0 {
                        if self.next[target] == 0 {
                            self.upcoming.push(target as u32);
                        }
                        self.next[target] |= new;
                        self.seen[target] |= new;
                    }
                }
            }
            let mut go_on = true;
            for &state in self.upcoming.iter().filter(|&&s| s % 2 == 1) {
                go_on &= reached(state / 2, links, self.next[state as usize]);
            }
            self.touched.extend_from_slice(&self.upcoming);
            std::mem::swap(&mut self.frontier, &mut self.upcoming);
            std::mem::swap(&mut self.current, &mut self.next);
            if !go_on {
                break;
            }
        }
        for &state in &self.frontier {
            self.current[state as usize] = 0;
        }
    }

    /// Clears the lanes the last run left in `seen`.
    fn forget_seen(&mut self) {
        for &state in &self.touched {
            self.seen[state as usize] = 0;
        }
        self.touched.clear();
    }
}

impl Drop for Sweep<'_> {
    /// Hands the tables back, zero ([`Sweep::run`] leaves `current` and `next` so).
    fn drop(&mut self) {
        self.forget_seen();
        for table in [&mut self.seen, &mut self.current, &mut self.next] {
            release_lanes(std::mem::take(table));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::graph::{Graph, Links};
    use super::*;
    use crate::techniques::testing::top1465_first;
    use std::collections::BTreeSet;

    /// Every kind of link, with group and ALS nodes (of at most `grouped` cells) or without.
    fn every_link(grouped: Option<usize>) -> Links {
        Links {
            house_strong: true,
            cell_strong: true,
            house_weak: true,
            cell_weak: true,
            grouped,
        }
    }

    #[test]
    fn a_sweep_reaches_what_each_search_reaches_at_the_same_distance() {
        // The first of top1465 after its givens, with every kind of link, groups and ALS.
        let graph = Graph::of(&top1465_first(), every_link(Some(5)));
        let every: Vec<u32> = (0..graph.nodes.len() as u32).collect();
        let (mut search, mut sweep) = (Search::new(&graph), Sweep::new(&graph));
        for max_links in [3, 20] {
            for batch in every.chunks(LANES) {
                let mut swept = BTreeSet::new();
                sweep.run(batch, max_links, |node, links, lanes| {
                    for (lane, &start) in batch.iter().enumerate() {
                        if lanes >> lane & 1 == 1 {
                            assert!(swept.insert((start, node, links)), "reported twice");
                        }
                    }
                    true
                });
                let mut searched = BTreeSet::new();
                for &start in batch {
                    search.run(start, max_links);
                    searched.extend(
                        search
                            .reached_on()
                            .map(|(node, links)| (start, node, links)),
                    );
                }
                assert_eq!(swept, searched);
            }
        }
        assert!(graph.nodes.len() > LANES, "more than one sweep");
    }

    /// Checks the tables of `states` lane masks this thread holds now (those the last sweep
    /// handed back, or none): all zero.
    fn assert_pooled_tables_zero(states: usize) {
        let tables: Vec<Vec<u128>> = (0..3).map(|_| zeroed_lanes(states)).collect();
        for table in &tables {
            assert_eq!(table.len(), states);
            assert!(table.iter().all(|&m| m == 0), "a table came back marked");
        }
        tables.into_iter().for_each(release_lanes);
    }

    #[test]
    fn a_sweep_hands_its_tables_back_zero_for_the_next() {
        let graph = Graph::of(&top1465_first(), every_link(Some(5)));
        let states = graph.nodes.len() * 2;
        let starts: Vec<u32> = (0..LANES as u32).collect();
        let mut reached = 0;
        Sweep::new(&graph).run(&starts, 20, |_, _, lanes| {
            reached += lanes.count_ones();
            true
        });
        assert!(reached > 0, "the sweep marked states");
        assert_pooled_tables_zero(states);
        // Told to end at three links, it goes no further and leaves its tables zero too.
        let mut deepest = 0;
        Sweep::new(&graph).run(&starts, 20, |_, links, _| {
            deepest = deepest.max(links);
            links < 3
        });
        assert_eq!(deepest, 3);
        assert_pooled_tables_zero(states);
    }

    #[test]
    fn a_sweep_stopped_by_a_panic_hands_no_marked_table_on() {
        // The Python package catches a panic and searches on, on the same thread.
        let graph = Graph::of(&top1465_first(), every_link(Some(5)));
        let states = graph.nodes.len() * 2;
        let starts: Vec<u32> = (0..LANES as u32).collect();
        let stopped = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            Sweep::new(&graph).run(&starts, 20, |_, links, _| {
                assert!(links < 3, "stopped halfway");
                true
            })
        }));
        assert!(stopped.is_err());
        assert_pooled_tables_zero(states);
    }
}
