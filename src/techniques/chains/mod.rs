//! Chains: X-chains, XY-chains, remote pairs, continuous and discontinuous nice loops and
//! alternating inference chains (AICs), plain or grouped.
//!
//! One inference graph ([`graph::Graph`]: candidates, and for grouped chains region∩line groups
//! and almost locked sets, with strong and weak links) and one breadth-first chain search
//! ([`search::Search`]) serve every kind; a kind only chooses which links the graph holds and how
//! a chain's ends are read:
//!
//! - an AIC `A = … = B` proves A or B, so any candidate weakly linked to both goes (X-chains are
//!   AICs of one digit's house links, XY-chains of bivalue cells);
//! - a discontinuous nice loop closes an AIC at one candidate: `T - A = … = B - T` removes T,
//!   `T = … = T` places T (its cell's other candidates go);
//! - a continuous nice loop `A = … = B - A` makes every weak link strong: whatever sees both ends
//!   of any of its weak links goes, and an ALS in the loop locks its other digits (with a cell
//!   it forces, each digit it takes from that cell is in the ALS or in the cell).
//!
//! Each chain is one step, found by its shortest chain and listed shortest first. Explanations
//! are in Eureka notation: `AIC: (4)r1c1=r1c5-(4=7)r3c5-(7)r3c8=r7c8 ⇒ r7c1<>4`.
//!
//! The search is bounded by chain length and ALS size ([`Limits::chain_links`],
//! [`Limits::chain_als_cells`], [`Limits::remote_pair_cells`]), smaller on larger grids, so that it
//! stays interactive up to 25x25.

mod graph;
mod remote;
mod search;

use crate::core::step::{Figure, LinkKind, Role};
use crate::core::{ChainKind, Limits, Link, State, Step, Technique};
use crate::explain;
use crate::model::explanation::Node;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;
use graph::{Graph, Links, NodeKind};
use search::{LANES, Search, Sweep, release_lanes, zeroed_lanes};
use std::collections::{BTreeMap, HashSet};

/// Fewest links in the AIC at the heart of a chain: one strong link alone is a locked candidate
/// or a pair, not a chain.
const MIN_LINKS: usize = 3;

/// Chains of `kind`, grouped (with group and ALS nodes; loops and AICs only) or not, shortest
/// first, one step per chain.
pub fn find(state: &State, kind: ChainKind, grouped: bool, sink: &mut Sink) {
    let technique = Technique::Chain { kind, grouped };
    let links = links_for(kind, grouped, state.limits());
    let graph = Graph::of(state, links);
    let mut order = InOrder::new(&graph, technique, sink);
    let found = match kind {
        ChainKind::RemotePair => remote::chains(&graph, state.limits().remote_pair_cells),
        ChainKind::ContinuousLoop => continuous_loops(&graph),
        ChainKind::DiscontinuousLoop => discontinuous_loops(&graph),
        _ => return aics(&graph, kind != ChainKind::Aic, &mut order),
    };
    order.take(found, 0);
    order.finish();
}

/// Hands chains to a sink in the order steps are listed: simple chains before those that pass a
/// node twice (valid but roundabout), each shortest first, then by what they remove, then in the
/// order found (by start, then as the start's search met them); one step per set of
/// eliminations. A search that knows when no shorter chain is left to find hands on the chains
/// found so far ([`InOrder::settle`]), so that a sink that wants one chain stops the search early.
struct InOrder<'s, 't, 'g> {
    graph: &'g Graph,
    technique: Technique,
    sink: &'s mut Sink<'t>,
    /// Chains found and not handed on, each with its place in the order found.
    waiting: Vec<(Found, (u32, usize))>,
    reported: HashSet<Vec<Candidate>>,
}

impl<'s, 't, 'g> InOrder<'s, 't, 'g> {
    fn new(graph: &'g Graph, technique: Technique, sink: &'s mut Sink<'t>) -> Self {
        InOrder {
            graph,
            technique,
            sink,
            waiting: Vec::new(),
            reported: HashSet::new(),
        }
    }

    /// Takes `chains`, found in this order by the search from `start` (or, for chains not
    /// searched start by start, all of them, with any `start`); a grouped technique keeps only
    /// those through a group or an ALS (the others are plain chains).
    fn take(&mut self, chains: Vec<Found>, start: u32) {
        let graph = self.graph;
        let grouped = matches!(self.technique, Technique::Chain { grouped: true, .. });
        let through_group = |f: &Found| {
            f.nodes
                .iter()
                .any(|&n| graph.nodes[n as usize].kind != NodeKind::Candidate)
        };
        let kept = chains.into_iter().filter(|f| !grouped || through_group(f));
        let ranked = kept.enumerate().map(|(i, f)| (f, (start, i)));
        self.waiting.extend(ranked);
    }

    /// Hands on the simple chains of at most `links` links waiting, in order, when no chain
    /// still to be found is that short. Returns whether the sink wants more.
    fn settle(&mut self, links: usize) -> bool {
        self.hand_on(Some(links))
    }

    /// Hands on every chain waiting, in order: no more are to be found.
    fn finish(&mut self) {
        self.hand_on(None);
    }

    /// Sorts the chains waiting and hands on those in front: the simple ones of at most
    /// `links` links, or all. Returns whether the sink wants more.
    fn hand_on(&mut self, links: Option<usize>) -> bool {
        self.waiting.sort_by_cached_key(|(f, found_at)| {
            (!f.is_simple(), f.length, f.eliminations.clone(), *found_at)
        });
        let ready = |f: &Found| links.is_none_or(|most| f.is_simple() && f.length <= most);
        let count = self.waiting.iter().take_while(|(f, _)| ready(f)).count();
        for (chain, _) in self.waiting.drain(..count) {
            if self.reported.insert(chain.eliminations.clone())
                && !(self.sink)(chain.step(self.graph, self.technique))
            {
                return false;
            }
        }
        true
    }
}

/// The step of a chain another search found: its nodes in order, each a digit in one cell or a
/// group of cells (a region∩line group), the kind of each link (`true` strong) and what it
/// removes; `None` when a node is not in the chain graph of `technique`.
pub(crate) fn chain_step(
    state: &State,
    technique: Technique,
    nodes: &[(Digit, Vec<Cell>)],
    strong: &[bool],
    eliminations: Vec<Candidate>,
) -> Option<Step> {
    let Technique::Chain { kind, grouped } = technique else {
        return None;
    };
    let graph = Graph::of(state, links_for(kind, grouped, state.limits()));
    let ids = nodes
        .iter()
        .map(|(digit, cells)| match cells[..] {
            [cell] => graph.candidate(Candidate::new(cell, *digit)),
            _ => (0..graph.nodes.len() as u32).find(|&n| {
                let node = &graph.nodes[n as usize];
                node.kind == NodeKind::Group && node.digit == *digit && node.cells[..] == cells[..]
            }),
        })
        .collect::<Option<Vec<u32>>>()?;
    let found = Found {
        length: ids.len() - 1,
        nodes: ids,
        strong: strong.to_vec(),
        eliminations,
    };
    Some(found.step(&graph, technique))
}

/// Lets go of the chain graph this thread keeps for the next chain technique (see
/// `Graph::of`).
pub(crate) fn release_graph() {
    Graph::release();
}

/// The links chains of `kind` may use: one digit's house links for X-chains, bivalue cells
/// linked by a digit for XY-chains and remote pairs, everything for loops and AICs.
fn links_for(kind: ChainKind, grouped: bool, limits: &Limits) -> Links {
    let full = Links {
        house_strong: true,
        cell_strong: true,
        house_weak: true,
        cell_weak: true,
        grouped: grouped.then_some(limits.chain_als_cells),
    };
    match kind {
        ChainKind::XChain => Links {
            cell_strong: false,
            cell_weak: false,
            ..full
        },
        ChainKind::XyChain | ChainKind::RemotePair => Links {
            house_strong: false,
            cell_weak: false,
            ..full
        },
        _ => full,
    }
}

/// A chain found: its nodes, the kind of each link (`true` strong), what it removes.
struct Found {
    /// Links, for ordering (a discontinuous loop counts its two closing links).
    length: usize,
    nodes: Vec<u32>,
    strong: Vec<bool>,
    eliminations: Vec<Candidate>,
}

impl Found {
    /// An AIC's nodes with links strong, weak, …, strong.
    fn alternating(nodes: Vec<u32>, eliminations: Vec<Candidate>) -> Found {
        let strong = (0..nodes.len() - 1).map(|i| i % 2 == 0).collect();
        Found {
            length: nodes.len() - 1,
            nodes,
            strong,
            eliminations,
        }
    }

    /// Whether no node appears twice (a loop's first node closes it, last).
    fn is_simple(&self) -> bool {
        let open = match self.nodes.split_last() {
            Some((last, rest)) if rest.first() == Some(last) => rest,
            _ => &self.nodes[..],
        };
        let mut seen = HashSet::new();
        open.iter().all(|n| seen.insert(n))
    }

    fn step(&self, graph: &Graph, technique: Technique) -> Step {
        let mut step = Step::new(technique);
        step.eliminations = self.eliminations[..].into();
        step.links = self
            .nodes
            .windows(2)
            .zip(&self.strong)
            .flat_map(|(pair, &strong)| links_between(graph, pair[0], pair[1], strong))
            .collect();
        step.figures = figures(graph, &self.nodes);
        let linked = step.links.iter().flat_map(|l| l.from.iter().chain(&l.to));
        let figured = step.figures.iter().flat_map(|f| &f.candidates);
        step.pattern = linked.chain(figured).copied().collect();
        step.pattern.sort_unstable();
        step.pattern.dedup();
        step.explanation = explain!(
            "{}: {} ⇒ {}",
            technique.name(),
            eureka(graph, &self.nodes, &self.strong),
            eliminations_text(&self.eliminations)
        );
        step
    }
}

/// The candidates of node `n`.
fn node_candidates(graph: &Graph, n: u32) -> Vec<Candidate> {
    let node = &graph.nodes[n as usize];
    node.cells
        .iter()
        .map(|&c| Candidate::new(c, node.digit))
        .collect()
}

/// The candidates of almost locked set `id`'s cells that hold one of `digits`.
fn als_candidates(graph: &Graph, id: usize, digits: DigitSet) -> Vec<Candidate> {
    let state = &graph.state;
    graph.als[id]
        .iter()
        .flat_map(|&c| {
            let held = state.candidates(c).intersection(digits);
            held.iter().map(move |d| Candidate::new(c, d))
        })
        .collect()
}

/// The links a person reads between chain nodes `a` and `b` (`strong` or weak in the search).
/// One link, but for an ALS digit joined to a cell it forces, which is three: the ALS digit to
/// the set's digits the cell would lose (inside the set), those to the cell's same digits
/// (weak), and those to the cell's last digit (strong, within the cell); in reverse from the
/// cell's side. Eureka writes them `(5=469)r2c1235-(469=7)r2c7`.
fn links_between(graph: &Graph, a: u32, b: u32, strong: bool) -> Vec<Link> {
    let link = |from, to, kind| Link { from, to, kind };
    let (na, nb) = (&graph.nodes[a as usize], &graph.nodes[b as usize]);
    let forced = match (na.kind, nb.kind) {
        (NodeKind::Als(id), NodeKind::Candidate) if strong => Some((id, forced_set(graph, b))),
        (NodeKind::Candidate, NodeKind::Als(id)) if strong => Some((id, forced_set(graph, a))),
        (NodeKind::Als(x), NodeKind::Als(y)) if x == y => {
            return vec![link(
                node_candidates(graph, a),
                node_candidates(graph, b),
                LinkKind::Als,
            )];
        }
        _ => None,
    };
    let kind = if strong {
        LinkKind::Strong
    } else {
        LinkKind::Weak
    };
    let Some((id, digits)) = forced else {
        return vec![link(
            node_candidates(graph, a),
            node_candidates(graph, b),
            kind,
        )];
    };
    let (als_node, cell_node) = match na.kind {
        NodeKind::Als(_) => (a, b),
        _ => (b, a),
    };
    let cell = graph.nodes[cell_node as usize].cells[0];
    let in_set = als_candidates(graph, id, digits);
    let in_cell: Vec<Candidate> = digits.iter().map(|d| Candidate::new(cell, d)).collect();
    let mut links = vec![
        link(
            node_candidates(graph, als_node),
            in_set.clone(),
            LinkKind::Als,
        ),
        link(in_set, in_cell.clone(), LinkKind::Weak),
        link(in_cell, node_candidates(graph, cell_node), LinkKind::Strong),
    ];
    if als_node == b {
        links.reverse();
        for l in &mut links {
            std::mem::swap(&mut l.from, &mut l.to);
        }
    }
    links
}

/// The figures of a chain's nodes: each almost locked set with all its candidates, each group,
/// once each in the order first met.
fn figures(graph: &Graph, nodes: &[u32]) -> Vec<Figure> {
    let mut figures: Vec<Figure> = Vec::new();
    for &n in nodes {
        let node = &graph.nodes[n as usize];
        let figure = match node.kind {
            NodeKind::Candidate => continue,
            NodeKind::Group => Figure::new(Role::Group, node_candidates(graph, n)),
            NodeKind::Als(id) => Figure::new(
                Role::Als,
                als_candidates(graph, id, DigitSet::full(graph.state.size())),
            ),
        };
        if !figures.contains(&figure) {
            figures.push(figure);
        }
    }
    figures
}

/// The nodes a chain may start or end at: candidates and groups.
fn ends(graph: &Graph) -> impl Iterator<Item = u32> + '_ {
    (0..graph.nodes.len() as u32).filter(|&n| is_end(graph, n))
}

/// Whether a chain may start or end at node `n`: a candidate or a group.
fn is_end(graph: &Graph, n: u32) -> bool {
    !matches!(graph.nodes[n as usize].kind, NodeKind::Als(_))
}

/// AICs between two ends in different cells (of one digit when `same_digit`), one per pair of
/// ends, removing what sees both ends, handed to `order`. A start's chains are no shorter than
/// the first its sweep found, so the starts are searched in that order: once those of one length
/// are done, every chain that short is known and handed on. The starts of the shortest chains
/// are found first, by a sweep that goes no deeper than they lie ([`Reach::Shortest`]); a sink
/// that wants more chains than they give has every start swept again for the longer ones.
fn aics(graph: &Graph, same_digit: bool, order: &mut InOrder) {
    let mut search = Search::new(graph);
    let max = graph.state.limits().chain_links;
    let later = sharing_later(graph, |n| is_end(graph, n));
    let starts: Vec<u32> = ends(graph).filter(|&n| later[n as usize]).collect();
    let hits = |lanes: &mut Lanes, end: u32, links: usize, reached: u128| {
        if links < MIN_LINKS || !is_end(graph, end) {
            return 0;
        }
        let mut open = reached & lanes.below(end);
        if same_digit {
            open &= lanes.of_digit(graph.nodes[end as usize].digit);
        }
        lanes.sharing_target(end, open)
    };
    let shortest = screened(graph, starts.clone(), max, Reach::Shortest, hits);
    let Some(fewest) = shortest.first().map(|k| k.first) else {
        // No start was hit: the sweep went to the end for every one.
        return order.finish();
    };
    if !aics_by_tier(&mut search, &shortest, same_digit, order) {
        return;
    }
    let mut longer = screened(graph, starts, max, Reach::All, hits);
    longer.retain(|k| k.first > fewest);
    longer.sort_by_key(|k| (k.first, k.start));
    if aics_by_tier(&mut search, &longer, same_digit, order) {
        order.finish();
    }
}

/// Searches `starts` (in order of their first hit) for AICs and hands each tier's chains on
/// once its starts are done ([`InOrder::settle`]). Returns whether the sink wants more.
fn aics_by_tier(
    search: &mut Search,
    starts: &[Kept],
    same_digit: bool,
    order: &mut InOrder,
) -> bool {
    for tier in starts.chunk_by(|a, b| a.first == b.first) {
        for kept in tier {
            order.take(aics_from(search, kept, same_digit), kept.start);
        }
        if !order.settle(tier[0].first) {
            return false;
        }
    }
    true
}

/// The AICs `search` finds from `start` to a later end (of the same digit when `same_digit`)
/// that remove something, in the order it meets their ends.
fn aics_from(search: &mut Search, kept: &Kept, same_digit: bool) -> Vec<Found> {
    let (graph, start) = (search.graph(), kept.start);
    search.run(start, kept.last);
    let chains = search.reached_on().filter_map(|(end, dist)| {
        let (a, b) = (&graph.nodes[start as usize], &graph.nodes[end as usize]);
        if end <= start
            || dist < MIN_LINKS
            || !is_end(graph, end)
            || (same_digit && a.digit != b.digit)
            || (a.cells.len() == 1 && a.cells == b.cells)
        {
            return None;
        }
        let eliminations: Vec<Candidate> = graph.common_targets(start, end).collect();
        (!eliminations.is_empty()).then(|| Found::alternating(search.chain_to(end), eliminations))
    });
    chains.collect()
}

/// Discontinuous nice loops, the shortest for each candidate removed or placed.
fn discontinuous_loops(graph: &Graph) -> Vec<Found> {
    let max = graph.state.limits().chain_links;
    // A start either reaches itself true (a candidate placed) or removes what it shares with
    // a later end.
    let later = sharing_later(graph, |_| true);
    let possible = (0..graph.nodes.len() as u32)
        .filter(|&n| later[n as usize] || graph.nodes[n as usize].kind == NodeKind::Candidate);
    let starts = screened(
        graph,
        possible.collect(),
        max,
        Reach::All,
        |lanes, end, links, reached| {
            if links < MIN_LINKS {
                return 0;
            }
            let placed = match graph.nodes[end as usize].kind {
                NodeKind::Candidate => reached & lanes.of_node(end),
                _ => 0,
            };
            let open = reached & lanes.below(end);
            placed | lanes.sharing_target(end, open)
        },
    );
    discontinuous_loops_from(graph, &starts)
}

/// The discontinuous nice loops the searches from `starts` find, the shortest for each
/// candidate removed or placed.
fn discontinuous_loops_from(graph: &Graph, starts: &[Kept]) -> Vec<Found> {
    let mut search = Search::new(graph);
    // Keyed by the candidate and whether it is placed.
    let mut best: BTreeMap<(Candidate, bool), Found> = BTreeMap::new();
    let rank = |f: &Found| (!f.is_simple(), f.length);
    // A loop of `length` links ranks no better than a simple one that long.
    let beaten = |best: &BTreeMap<_, Found>, target, length| {
        best.get(&target)
            .is_some_and(|b| rank(b) <= (false, length))
    };
    let keep = |best: &mut BTreeMap<_, Found>, target: (Candidate, bool), found: Found| {
        if best.get(&target).is_none_or(|b| rank(b) > rank(&found)) {
            best.insert(target, found);
        }
    };
    for &Kept { start, last, .. } in starts {
        search.run(start, last);
        for (end, dist) in search.reached_on() {
            let node = &graph.nodes[end as usize];
            if dist < MIN_LINKS {
                continue;
            }
            if end == start && node.kind == NodeKind::Candidate {
                let (cell, digit) = (node.cells[0], node.digit);
                let others = graph.state.candidates(cell).iter().filter(|&d| d != digit);
                let eliminations = others.map(|d| Candidate::new(cell, d)).collect();
                keep(
                    &mut best,
                    (Candidate::new(cell, digit), true),
                    Found::alternating(search.chain_to(end), eliminations),
                );
            } else if end > start {
                for target in graph.common_targets(start, end) {
                    let Some(t) = graph.candidate(target) else {
                        continue;
                    };
                    if beaten(&best, (target, false), dist + 2) {
                        continue;
                    }
                    let mut found = Found::alternating(search.chain_to(end), vec![target]);
                    found.nodes.insert(0, t);
                    found.nodes.push(t);
                    found.strong.insert(0, false);
                    found.strong.push(false);
                    found.length += 2;
                    keep(&mut best, (target, false), found);
                }
            }
        }
    }
    best.into_values().collect()
}

/// The starts, among `starts` (ascending), from which a search may find a chain, each with the
/// fewest and the most links at which it was hit ([`Kept`]): swept [`LANES`] at a time
/// ([`Sweep`]), `hits(lanes, node, links, reached)` is asked for each node reached on at `links`
/// links with the lanes that reach it there (`reached`), and returns those it hits. `hits` must
/// hit a start at the length of every chain its search would find; the others are left out, so
/// only the searches that find something are run, no further than their last hit, and they find
/// what they would have found in a search from every start. With [`Reach::Shortest`], only the
/// starts hit at the fewest links, in order.
fn screened(
    graph: &Graph,
    starts: Vec<u32>,
    max_links: usize,
    reach: Reach,
    hits: impl Fn(&mut Lanes, u32, usize, u128) -> u128,
) -> Vec<Kept> {
    let mut sweep = Sweep::new(graph);
    let mut lanes = Lanes::new(graph);
    let mut kept = Vec::new();
    // How deep the sweep goes: with `Reach::Shortest`, no deeper than the fewest links hit yet.
    let mut deepest = max_links;
    for batch in starts.chunks(LANES) {
        lanes.assign(batch);
        let (mut first, mut last) = ([0; LANES], [0; LANES]);
        sweep.run(batch, deepest, |node, links, reached| {
            let mut hit = hits(&mut lanes, node, links, reached);
            let go_on = reach == Reach::All || hit == 0;
            while hit != 0 {
                let lane = hit.trailing_zeros() as usize;
                if first[lane] == 0 {
                    first[lane] = links;
                }
                last[lane] = links;
                hit &= hit - 1;
            }
            go_on
        });
        for (lane, &start) in batch.iter().enumerate() {
            if first[lane] > 0 {
                kept.push(Kept {
                    start,
                    first: first[lane],
                    last: last[lane],
                });
                if reach == Reach::Shortest {
                    deepest = deepest.min(first[lane]);
                }
            }
        }
        lanes.clear();
    }
    if reach == Reach::Shortest {
        // A start's last hit lies beyond where its sweep stopped.
        kept.retain(|k| k.first == deepest);
        kept.iter_mut().for_each(|k| k.last = max_links);
    }
    kept
}

/// How far [`screened`] follows the starts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// Every start as far as its chains go.
    All,
    /// No start further than the fewest links at which any start is hit: only those starts are
    /// kept, and how far their chains go is left open (`last` is the longest a chain may be).
    Shortest,
}

/// A start [`screened`] kept: its search finds chains of `first` to `last` links only, and a
/// breadth-first search reaches the nodes within `last` links by the same chains whether or not
/// it goes further.
#[derive(Clone, Copy)]
struct Kept {
    start: u32,
    first: usize,
    last: usize,
}

/// The starts of one sweep, a bit (lane) each, and what a search's hits are tested against.
struct Lanes<'g> {
    graph: &'g Graph,
    /// The starts, ascending: start `i` is lane `1 << i`.
    starts: Vec<u32>,
    /// Per node: its lane, if it is a start.
    lane_of: Vec<u128>,
    /// Per digit: the lanes whose starts are of that digit.
    by_digit: Vec<u128>,
    /// Per candidate ([`Graph::candidate_at`]): the lanes whose start it is weakly linked to,
    /// among the lanes in `known`.
    targeted: Vec<u128>,
    /// The lanes whose starts' targets are in `targeted`: those asked about so far.
    known: u128,
}

impl<'g> Lanes<'g> {
    fn new(graph: &'g Graph) -> Lanes<'g> {
        let size = graph.state.size();
        Lanes {
            graph,
            starts: Vec::with_capacity(LANES),
            lane_of: zeroed_lanes(graph.nodes.len()),
            by_digit: vec![0; size + 1],
            targeted: zeroed_lanes(graph.state.layout().cell_count() * size),
            known: 0,
        }
    }

    /// Gives the lanes to `starts`.
    fn assign(&mut self, starts: &[u32]) {
        self.starts.extend_from_slice(starts);
        for (lane, &start) in starts.iter().enumerate() {
            self.lane_of[start as usize] = 1 << lane;
            self.by_digit[self.graph.nodes[start as usize].digit.get()] |= 1 << lane;
        }
    }

    /// Takes the lanes back.
    fn clear(&mut self) {
        for (lane, &start) in self.starts.iter().enumerate() {
            self.lane_of[start as usize] = 0;
            if self.known >> lane & 1 == 1 {
                for &t in self.graph.targets(start) {
                    self.targeted[self.graph.candidate_at(t)] = 0;
                }
            }
        }
        self.by_digit.fill(0);
        self.starts.clear();
        self.known = 0;
    }

    /// The lane of `node`, if it is a start; else none.
    fn of_node(&self, node: u32) -> u128 {
        self.lane_of[node as usize]
    }

    /// The lanes whose starts come before `node`.
    fn below(&self, node: u32) -> u128 {
        let count = self.starts.partition_point(|&s| s < node);
        if count == LANES {
            u128::MAX
        } else {
            (1 << count) - 1
        }
    }

    /// The lanes whose starts are of `digit`.
    fn of_digit(&self, digit: Digit) -> u128 {
        self.by_digit[digit.get()]
    }

    /// The lanes of `lanes` whose starts share a weakly linked candidate with `node` (what an
    /// AIC between them removes).
    fn sharing_target(&mut self, node: u32, lanes: u128) -> u128 {
        let graph = self.graph;
        let mut unknown = lanes & !self.known;
        while unknown != 0 {
            let lane = unknown.trailing_zeros() as usize;
            unknown &= unknown - 1;
            for &t in graph.targets(self.starts[lane]) {
                self.targeted[graph.candidate_at(t)] |= 1 << lane;
            }
        }
        self.known |= lanes;
        if lanes == 0 {
            return 0;
        }
        let targets = graph.targets(node).iter();
        lanes & targets.fold(0, |m, &t| m | self.targeted[graph.candidate_at(t)])
    }
}

impl Drop for Lanes<'_> {
    /// Hands the tables back, zero once the lanes are taken back ([`Lanes::clear`]).
    fn drop(&mut self) {
        self.clear();
        release_lanes(std::mem::take(&mut self.lane_of));
        release_lanes(std::mem::take(&mut self.targeted));
    }
}

/// Per node: whether a later node (a higher number) that `partner` accepts shares a weakly
/// linked candidate with it, so that a chain between them may remove something. A chain is
/// searched from its lower end, so a start without such a partner ends no chain that removes.
fn sharing_later(graph: &Graph, partner: impl Fn(u32) -> bool) -> Vec<bool> {
    let mut targeted = vec![false; graph.state.layout().cell_count() * graph.state.size()];
    let mut later = vec![false; graph.nodes.len()];
    for node in (0..graph.nodes.len() as u32).rev() {
        let targets = graph.targets(node);
        later[node as usize] = targets.iter().any(|&t| targeted[graph.candidate_at(t)]);
        if partner(node) {
            for &t in targets {
                targeted[graph.candidate_at(t)] = true;
            }
        }
    }
    later
}

/// Continuous nice loops through a candidate: an AIC whose ends are weakly linked, closed.
fn continuous_loops(graph: &Graph) -> Vec<Found> {
    let max = graph.state.limits().chain_links;
    let candidates = (0..graph.nodes.len() as u32)
        .filter(|&n| graph.nodes[n as usize].kind == NodeKind::Candidate)
        .collect();
    let starts = screened(
        graph,
        candidates,
        max - 1,
        Reach::All,
        |lanes, end, links, reached| {
            if links < MIN_LINKS {
                return 0;
            }
            let weak = graph.weak[end as usize].iter();
            reached & weak.fold(0, |m, &w| m | lanes.of_node(w))
        },
    );
    continuous_loops_from(graph, &starts)
}

/// The continuous nice loops the searches from `starts` find, each once.
fn continuous_loops_from(graph: &Graph, starts: &[Kept]) -> Vec<Found> {
    let mut search = Search::new(graph);
    let mut seen: HashSet<Vec<u32>> = HashSet::new();
    let mut found = Vec::new();
    // The nodes weakly linked to the current start, which close a loop from it (weak links go
    // both ways): marked, since a large grid's group and ALS nodes have long lists of them.
    let mut closes = vec![false; graph.nodes.len()];
    for &Kept { start, last, .. } in starts {
        search.run(start, last);
        let partners = &graph.weak[start as usize];
        partners.iter().for_each(|&w| closes[w as usize] = true);
        for (end, dist) in search.reached_on() {
            debug_assert_eq!(
                closes[end as usize],
                graph.weak[end as usize].contains(&start)
            );
            if dist < MIN_LINKS || !closes[end as usize] {
                continue;
            }
            let mut nodes = search.chain_to(end);
            if nodes[1..].contains(&start) {
                continue;
            }
            let mut key = nodes.clone();
            key.sort_unstable();
            if !seen.insert(key) {
                continue;
            }
            nodes.push(start);
            let eliminations = loop_eliminations(graph, &nodes);
            if !eliminations.is_empty() {
                let mut strong: Vec<bool> = (0..nodes.len() - 1).map(|i| i % 2 == 0).collect();
                *strong.last_mut().unwrap() = false;
                found.push(Found {
                    length: nodes.len() - 1,
                    nodes,
                    strong,
                    eliminations,
                });
            }
        }
        partners.iter().for_each(|&w| closes[w as usize] = false);
    }
    found
}

/// What a continuous loop (`nodes`, first repeated last, links strong then weak) removes: the
/// candidates weakly linked to both ends of one of its weak links — the cell's other digits for
/// a link within a cell, the digit in cells outside the loop for a link between cells; and an
/// ALS in the loop holds one of its two loop digits, so its other digits are locked in it.
fn loop_eliminations(graph: &Graph, nodes: &[u32]) -> Vec<Candidate> {
    // A loop holds a few dozen candidates at most: sorted lists cost less than hashed sets.
    let mut inside: Vec<Candidate> = nodes
        .iter()
        .flat_map(|&n| {
            let node = &graph.nodes[n as usize];
            node.cells.iter().map(|&c| Candidate::new(c, node.digit))
        })
        .collect();
    inside.sort_unstable();
    inside.dedup();
    let mut cells: Vec<Cell> = inside.iter().map(|c| c.cell).collect();
    cells.dedup();
    let (inside, cells) = (&inside, &cells);
    let mut eliminations: Vec<Candidate> = nodes
        .windows(2)
        .skip(1)
        .step_by(2)
        .flat_map(|pair| {
            let in_cell =
                graph.nodes[pair[0] as usize].digit != graph.nodes[pair[1] as usize].digit;
            graph
                .common_targets(pair[0], pair[1])
                .filter(move |c| in_cell || cells.binary_search(&c.cell).is_err())
        })
        .chain(nodes.windows(2).step_by(2).flat_map(|pair| {
            let (a, b) = (
                &graph.nodes[pair[0] as usize],
                &graph.nodes[pair[1] as usize],
            );
            match (a.kind, b.kind) {
                (NodeKind::Als(x), NodeKind::Als(z)) if x == z => {
                    graph.als_locked_targets(x, a.digit, b.digit)
                }
                (NodeKind::Als(_), NodeKind::Candidate) => {
                    graph.als_forced_targets(pair[0], pair[1])
                }
                (NodeKind::Candidate, NodeKind::Als(_)) => {
                    graph.als_forced_targets(pair[1], pair[0])
                }
                _ => Vec::new(),
            }
        }))
        .filter(|c| inside.binary_search(c).is_err())
        .collect();
    eliminations.sort_unstable();
    eliminations.dedup();
    eliminations
}

/// A chain in Eureka notation: `(4)r1c1=r1c5-(4=7)r3c5-(7)r3c8=r7c8`. Links within one cell or
/// one ALS are written inside the brackets; a digit is repeated only where it changes. A cell
/// forced by an ALS shows the ALS digits it loses: `(5=16)r7c89,r8c9,r9c9-(16=3)r1c9`.
fn eureka(graph: &Graph, nodes: &[u32], strong: &[bool]) -> Explanation {
    let symbol = |s: bool| if s { "=" } else { "-" };
    let node = |i: usize| &graph.nodes[nodes[i] as usize];
    let same_place = |i: usize| match (node(i).kind, node(i + 1).kind) {
        (NodeKind::Candidate, NodeKind::Candidate) => node(i).cells == node(i + 1).cells,
        (NodeKind::Als(a), NodeKind::Als(b)) => a == b,
        _ => false,
    };
    // The digits an ALS takes from the cell it forces across link `i`, if it is such a link.
    let forced = |i: usize| forced_digits(graph, nodes[i], nodes[i + 1]).filter(|_| strong[i]);
    let mut text = Explanation::new();
    let (mut i, mut last_digit, mut last_multi) = (0, None, false);
    while i < nodes.len() {
        let entered = if i > 0 { forced(i - 1) } else { None };
        let mut digits = Explanation::new();
        if let Some(d) = &entered {
            digits.push(d).push("=");
        }
        digits.push(node(i).digit);
        let mut j = i;
        while j + 1 < nodes.len() && same_place(j) {
            digits.push(symbol(strong[j])).push(node(j + 1).digit);
            j += 1;
        }
        let left = if j + 1 < nodes.len() { forced(j) } else { None };
        if let Some(d) = &left {
            digits.push("=").push(d);
        }
        let multi = j > i || entered.is_some() || left.is_some();
        if multi || last_multi || last_digit != Some(node(i).digit) {
            text.push(explain!("({})", digits));
        }
        let cells: &[Cell] = match node(i).kind {
            NodeKind::Als(id) => &graph.als[id],
            _ => &node(i).cells,
        };
        let layout = graph.state.layout();
        let (rows, cols) = layout.extent();
        text.push(cells_text(
            rows.max(cols) > 9,
            &|c| layout.position(c),
            cells,
        ));
        if j + 1 < nodes.len() {
            text.push(symbol(strong[j] && left.is_none()));
        }
        (last_digit, last_multi, i) = (Some(node(j).digit), multi, j + 1);
    }
    text
}

/// When `a` and `b` are an ALS digit and a cell it forces (in either order), the cell's other
/// candidates, which the ALS takes from it, written together (`16`; `10,12` beyond 9x9).
fn forced_digits(graph: &Graph, a: u32, b: u32) -> Option<Explanation> {
    let (na, nb) = (&graph.nodes[a as usize], &graph.nodes[b as usize]);
    let digits = match (na.kind, nb.kind) {
        (NodeKind::Als(_), NodeKind::Candidate) => forced_set(graph, b),
        (NodeKind::Candidate, NodeKind::Als(_)) => forced_set(graph, a),
        _ => return None,
    };
    let sep = if graph.state.size() > 9 { "," } else { "" };
    Some(Explanation::join(digits.iter(), sep))
}

/// The candidates of candidate node `cell`'s cell but its own digit: the digits an ALS takes
/// from the cell when it forces it.
fn forced_set(graph: &Graph, cell: u32) -> DigitSet {
    let node = &graph.nodes[cell as usize];
    let mut digits = graph.state.candidates(node.cells[0]);
    digits.remove(node.digit);
    digits
}

/// Cells in Eureka style: `r3c5`, `r3c56`, `r12c5`, `r1c23,r2c1` (numbers separated by commas
/// and row groups by semicolons where rows or columns pass 9). Row and column numbers are not
/// digits: they stay numbers whatever the puzzle's symbols. `position` gives a cell's zero-based
/// row and column; `wide` says whether they pass 9.
pub(crate) fn cells_text(
    wide: bool,
    position: &dyn Fn(Cell) -> (usize, usize),
    cells: &[Cell],
) -> Explanation {
    if let [cell] = cells {
        return Node(*cell).into();
    }
    let (sep, group_sep) = if wide { (",", ";") } else { ("", ",") };
    let row = |c: &Cell| position(*c).0;
    let col = |c: &Cell| position(*c).1;
    let numbers = |list: Vec<usize>| {
        list.iter()
            .map(|n| (n + 1).to_string())
            .collect::<Vec<_>>()
            .join(sep)
    };
    let first_col = col(&cells[0]);
    if cells.iter().all(|c| col(c) == first_col) {
        let rows = cells.iter().map(row).collect();
        return format!("r{}c{}", numbers(rows), first_col + 1).into();
    }
    let rows = cells
        .chunk_by(|a, b| row(a) == row(b))
        .map(|line| -> Explanation {
            match line {
                [cell] => Node(*cell).into(),
                _ => {
                    let cols = line.iter().map(col).collect();
                    format!("r{}c{}", row(&line[0]) + 1, numbers(cols)).into()
                }
            }
        });
    Explanation::join(rows, group_sep)
}

/// The digits of a bivalue cell, if it is one.
fn pair_of(state: &State, cell: Cell) -> Option<(Digit, Digit)> {
    let digits: Vec<Digit> = state.candidates(cell).iter().collect();
    match digits[..] {
        [a, b] => Some((a, b)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{DigitSet, Layout, Regions};
    use crate::read::{ReadOptions, read_text};
    use crate::search::count_from_candidates;
    use crate::techniques::find_all;
    use crate::techniques::testing::{samurai_start, state, text, top1465_first};

    const ALL: [ChainKind; 6] = [
        ChainKind::XChain,
        ChainKind::RemotePair,
        ChainKind::XyChain,
        ChainKind::ContinuousLoop,
        ChainKind::DiscontinuousLoop,
        ChainKind::Aic,
    ];

    /// Whether some solution of the state's candidates holds `candidate`.
    fn possible(s: &State, candidate: Candidate) -> bool {
        let mut candidates = s.search_candidates();
        candidates[candidate.cell.index()] = DigitSet::single(candidate.digit);
        count_from_candidates(s.layout(), &candidates, 1).solutions > 0
    }

    /// Every chain step on `s` removes only candidates no solution holds; returns the steps.
    fn all_sound(s: &State) -> Vec<Step> {
        let mut steps = Vec::new();
        for kind in ALL {
            steps.extend(find_all(
                Technique::Chain {
                    kind,
                    grouped: false,
                },
                s,
            ));
        }
        for kind in &ALL[3..] {
            let grouped = Technique::Chain {
                kind: *kind,
                grouped: true,
            };
            steps.extend(find_all(grouped, s));
        }
        for step in &steps {
            for &e in &step.eliminations {
                assert!(!possible(s, e), "{}", text(s, step));
            }
        }
        steps
    }

    /// The chains of `technique` on `s` as its steps must list them: searched from every start
    /// to every length (no sweep screening the starts, no order of search by length), then
    /// sorted as steps are listed (simple first, shortest first, by eliminations, in the order
    /// found), one per set of eliminations.
    fn chains_from_every_start(s: &State, technique: Technique) -> Vec<String> {
        let Technique::Chain { kind, grouped } = technique else {
            unreachable!("a chain technique");
        };
        let graph = Graph::of(s, links_for(kind, grouped, s.limits()));
        let max = s.limits().chain_links;
        let every = |starts: Vec<u32>, last| -> Vec<Kept> {
            let kept = starts.into_iter();
            kept.map(|start| Kept {
                start,
                first: MIN_LINKS,
                last,
            })
            .collect()
        };
        let nodes: Vec<u32> = (0..graph.nodes.len() as u32).collect();
        let is_candidate = |n: &u32| graph.nodes[*n as usize].kind == NodeKind::Candidate;
        let mut found = match kind {
            ChainKind::ContinuousLoop => {
                let candidates = nodes.iter().copied().filter(is_candidate).collect();
                continuous_loops_from(&graph, &every(candidates, max - 1))
            }
            ChainKind::DiscontinuousLoop => discontinuous_loops_from(&graph, &every(nodes, max)),
            _ => {
                let mut search = Search::new(&graph);
                let starts = every(ends(&graph).collect(), max);
                let same_digit = kind != ChainKind::Aic;
                let each = starts.iter().map(|k| aics_from(&mut search, k, same_digit));
                each.flatten().collect()
            }
        };
        let through_group = |f: &Found| !f.nodes.iter().all(is_candidate);
        found.retain(|f| !grouped || through_group(f));
        found.sort_by_cached_key(|f| (!f.is_simple(), f.length, f.eliminations.clone()));
        let mut reported = HashSet::new();
        found.retain(|f| reported.insert(f.eliminations.clone()));
        let steps = found.iter().map(|f| f.step(&graph, technique));
        steps.map(|step| text(s, &step)).collect()
    }

    #[test]
    fn chains_come_in_order_wherever_the_steps_taken_stop() {
        // A 9x9 and a Samurai with only the givens' candidates: many chains of many lengths.
        let kinds = [ChainKind::XChain, ChainKind::XyChain].map(|kind| (kind, false));
        let both = [
            ChainKind::Aic,
            ChainKind::ContinuousLoop,
            ChainKind::DiscontinuousLoop,
        ];
        let kinds = kinds
            .into_iter()
            .chain(both.into_iter().flat_map(|k| [(k, false), (k, true)]));
        // Each kind has three chains or more on the Samurai.
        for (s, fewest) in [(top1465_first(), 0), (samurai_start(), 3)] {
            for (kind, grouped) in kinds.clone() {
                let technique = Technique::Chain { kind, grouped };
                let expected = chains_from_every_start(&s, technique);
                assert!(
                    expected.len() >= fewest,
                    "{technique:?}: {}",
                    expected.len()
                );
                let mut listed = Vec::new();
                find(&s, kind, grouped, &mut |step| {
                    listed.push(text(&s, &step));
                    true
                });
                assert_eq!(listed, expected, "{technique:?}");
                for wanted in 1..=expected.len().min(3) {
                    let mut taken = Vec::new();
                    find(&s, kind, grouped, &mut |step| {
                        taken.push(text(&s, &step));
                        taken.len() < wanted
                    });
                    assert_eq!(taken, expected[..wanted], "{technique:?}");
                }
            }
        }
    }

    #[test]
    fn chains_on_a_six_by_six_jigsaw_remove_only_impossible_candidates() {
        // Janko's chaos sudoku 13 with only the givens' candidates.
        let line = "6 ..............1....2.4....5...36.... \
                    aaaabbcaadbbcccddbcdddebcfffeefffeee";
        let puzzle = read_text(line, "test", &ReadOptions::default())
            .unwrap()
            .puzzles
            .remove(0);
        let s = State::from_puzzle(&puzzle);
        let steps = all_sound(&s);
        let first = |name: &str| {
            steps
                .iter()
                .find(|st| st.technique.name() == name)
                .map(|st| text(&s, st).split(" ⇒").next().unwrap().to_string())
        };
        assert_eq!(
            first("XY-Chain").as_deref(),
            Some("XY-Chain: (1=4)r5c2-(4=2)r6c3-(2=1)r5c4")
        );
        // Groups in a jigsaw region: r23c4 and r12c3.
        assert_eq!(
            first("Grouped AIC").as_deref(),
            Some("Grouped AIC: (6)r1c4=r23c4-r4c3=r12c3")
        );
        // An almost locked set of three cells of column 1 closing a loop with bivalue r4c1.
        assert_eq!(
            first("Grouped Continuous Nice Loop").as_deref(),
            Some("Grouped Continuous Nice Loop: (5=6)r4c1-(6=5)r235c1-(5)r4c1")
        );
    }

    #[test]
    fn an_x_chain_in_a_six_by_six_reads_in_eureka_notation() {
        // Boxes of 2x3. Column 1 holds 1 only in r1c1 and r6c1, row 5 only in r5c2 and r5c6,
        // and r6c1 sees r5c2 in box 5: (1)r1c1=r6c1-r5c2=r5c6, so r1c6, which sees both ends,
        // loses 1. The grid keeps solutions, and no solution has 1 in r1c6.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let mut marks = vec![];
        for r in 2..=5 {
            marks.push((r, 1, "23456"));
        }
        for c in [1, 3, 4, 5] {
            marks.push((5, c, "23456"));
        }
        let s = state(layout, &marks);
        assert!(possible(
            &s,
            Candidate::new(Cell::at(0, 0, 6), Digit::new(1))
        ));
        let steps = find_all(
            Technique::Chain {
                kind: ChainKind::XChain,
                grouped: false,
            },
            &s,
        );
        assert_eq!(
            text(&s, &steps[0]),
            "X-Chain: (1)r1c1=r6c1-r5c2=r5c6 ⇒ r1c6<>1"
        );
        assert_eq!(steps[0].pattern.len(), 4);
        all_sound(&s);
    }

    #[test]
    fn an_als_forcing_a_cell_closes_a_continuous_loop_in_a_six_by_six() {
        // Boxes of 2x3. r12c1 is an ALS on 1,2,3 and r4c1 (2,3,5) sees all its 2s and 3s: without
        // 1 the ALS is the pair 2,3 and r4c1 loses both at once, so (1)r12c1=(5)r4c1. The ALS
        // r14c2 (1,4,5) closes the loop: whatever r4c1 holds, 2 and 3 are in r1c1, r2c1 or r4c1
        // (they leave the rest of column 1), 4 is locked in r14c2, and the weak links remove 1
        // around r1c12 and 5 around r4c12. `all_sound` checks each removal by search.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks = [
            (1, 1, "12"),
            (2, 1, "23"),
            (1, 2, "14"),
            (4, 1, "235"),
            (4, 2, "45"),
        ];
        let s = state(layout, &marks);
        let steps = all_sound(&s);
        let expected = "Grouped Continuous Nice Loop: (5=23)r4c1-(23=1)r12c1-(1=5)r14c2-(5)r4c1 ⇒ \
                        r1c3<>1, r1c4<>1, r1c5<>1, r1c6<>1, r2c2<>14, r2c3<>1, r3c1<>235, \
                        r3c2<>45, r3c3<>5, r4c3<>5, r4c4<>5, r4c5<>5, r4c6<>5, r5c1<>23, \
                        r5c2<>4, r6c1<>23, r6c2<>4";
        assert!(steps.iter().any(|st| text(&s, st) == expected));
    }

    #[test]
    fn a_remote_pair_in_a_six_by_six_removes_both_digits() {
        // Boxes of 2x3. r1c1, r1c5, r4c5, r4c2 hold only 1,2, each seeing the next: r1c1 and
        // r4c2 hold different digits, so the cells seeing both lose 1 and 2.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks = [(1, 1, "12"), (1, 5, "12"), (4, 5, "12"), (4, 2, "12")];
        let s = state(layout, &marks);
        let technique = Technique::Chain {
            kind: ChainKind::RemotePair,
            grouped: false,
        };
        let steps = find_all(technique, &s);
        assert_eq!(
            text(&s, &steps[0]),
            "Remote Pair: (1=2)r1c1-(2=1)r1c5-(1=2)r4c5-(2=1)r4c2 ⇒ r1c2<>12, r2c2<>12, \
             r3c1<>12, r4c1<>12"
        );
        all_sound(&s);
    }
}
