//! The inference graph chains are searched in. A node is a claim "this digit is in one of these
//! cells": a candidate, a group (a digit's candidates in the intersection of a region and a line),
//! or a digit of an almost locked set (its cells holding the digit). Links say:
//!
//! - strong (`=`): at least one of the two nodes is true — the only two places of a digit in a
//!   house, the two digits of a bivalue cell, two digits of one ALS, a digit x of an ALS and
//!   the last candidate of a cell that loses all its others once the ALS lacks x;
//! - weak (`-`): at most one is true — same digit with every cell of one seeing every cell of the
//!   other, or two digits of one cell.
//!
//! Which kinds of link are built is a parameter ([`Links`]), so every chain technique searches
//! the same graph structure.

use crate::core::{Limits, State};
use crate::model::{Candidate, Cell, Digit, DigitSet, HouseKind};
use crate::techniques::common::{Shared, StateKey, shared_reusing};
use smallvec::SmallVec;
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// No node: a candidate no longer in the grid.
const NO_NODE: u32 = u32::MAX;

/// Which links and nodes a chain technique may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Links {
    /// Strong links between the only two places of a digit in a house.
    pub house_strong: bool,
    /// Strong links between the two digits of a bivalue cell.
    pub cell_strong: bool,
    /// Weak links between a digit's candidates that see each other.
    pub house_weak: bool,
    /// Weak links between two digits of one cell.
    pub cell_weak: bool,
    /// Group nodes and ALS nodes, allowed ALS of at most this many cells (0: none).
    pub grouped: Option<usize>,
}

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NodeKind {
    /// One candidate.
    Candidate,
    /// A digit's candidates in a region∩line intersection (two or more).
    Group,
    /// A digit's candidates in an almost locked set (index into `Graph::als`).
    Als(usize),
}

/// A node's or an almost locked set's cells, held in place up to eight (a candidate has one,
/// a group or an ALS a few): graphs are built for every step that reaches the chains, with
/// thousands of nodes and hundreds of sets. Eight cells take no more room than four would with
/// the list's length and place (24 bytes on a 64-bit machine), and take in the five-cell
/// sets as well.
pub(crate) type NodeCells = SmallVec<[Cell; 8]>;

/// A claim: `digit` is in one of `cells`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Node {
    /// The digit.
    pub digit: Digit,
    /// The cells, row-major.
    pub cells: NodeCells,
    /// Candidate, group or ALS digit.
    pub kind: NodeKind,
}

/// Nodes with their strong and weak links.
pub(crate) struct Graph {
    /// The state the graph describes.
    pub state: State,
    /// The nodes: candidates first, then groups, then ALS digits.
    pub nodes: Vec<Node>,
    /// Strong links of each node.
    pub strong: Vec<Vec<u32>>,
    /// Weak links of each node (between nodes that have strong links).
    pub weak: Vec<Vec<u32>>,
    /// The cells of each almost locked set, row-major.
    pub als: Vec<NodeCells>,
    /// The node of each candidate, at `cell * size + digit - 1` (`NO_NODE` for none).
    candidate_ids: Vec<u32>,
    /// Per node, the candidates weakly linked to it, once asked for.
    targets: Vec<OnceCell<Vec<Candidate>>>,
    /// Emptied lists of links and of targets from the graphs before this one, to fill again;
    /// those this graph did not take are handed on with its own to the next.
    spare: Spare,
}

/// Emptied lists, kept to be filled again rather than allocated anew: a graph is built for
/// every step that reaches the chains, with thousands of nodes, each with its lists.
#[derive(Default)]
struct Spare {
    links: Vec<Vec<u32>>,
    targets: RefCell<Vec<Vec<Candidate>>>,
}

impl Spare {
    /// The lists of `graph` (its spare ones too), emptied.
    fn from(graph: Graph) -> Spare {
        let mut links = graph.spare.links;
        links.extend(graph.strong.into_iter().chain(graph.weak));
        links.iter_mut().for_each(Vec::clear);
        let mut targets = graph.spare.targets.into_inner();
        targets.extend(graph.targets.into_iter().filter_map(OnceCell::into_inner));
        targets.iter_mut().for_each(Vec::clear);
        Spare {
            links,
            targets: RefCell::new(targets),
        }
    }

    /// An empty list of links.
    fn links(&mut self) -> Vec<u32> {
        self.links.pop().unwrap_or_default()
    }

    /// An empty list of targets.
    fn targets(&self) -> Vec<Candidate> {
        self.targets.borrow_mut().pop().unwrap_or_default()
    }
}

thread_local! {
    /// The last graph built on this thread, and what from.
    static LAST: Shared<(StateKey, Links, Limits), Graph> = const { RefCell::new(None) };
    /// The lists of the graph let go of last ([`Graph::release`]), for the next graph: the
    /// other techniques tried between two steps' chains would otherwise make each step's
    /// graph allocate its thousands of lists anew.
    static SPARE: RefCell<Option<Spare>> = const { RefCell::new(None) };
}

impl Graph {
    /// The graph of `state` with the links `links` allows. The last graph built on this thread
    /// is kept, so the chain techniques tried one after another on the same candidates with the
    /// same links (loops and AICs) share it.
    pub fn of(state: &State, links: Links) -> Rc<Graph> {
        let key = (StateKey::of(state), links, *state.limits());
        shared_reusing(&LAST, key, |old| {
            let spare = old.map(Spare::from).or_else(|| SPARE.take());
            Graph::new(state, links, spare.unwrap_or_default())
        })
    }

    /// Lets go of the graph this thread keeps (see [`Graph::of`]), keeping its lists, emptied,
    /// for the next.
    pub fn release() {
        let last = LAST.with_borrow_mut(Option::take);
        if let Some(graph) = last.and_then(|(_, graph)| Rc::try_unwrap(graph).ok()) {
            SPARE.set(Some(Spare::from(graph)));
        }
    }

    /// Builds the graph of `state` with the links `links` allows, filling `spare` lists first.
    fn new(state: &State, links: Links, spare: Spare) -> Graph {
        // Room for as many nodes as the largest graph before it had: the spare lists are its
        // strong and weak lists, two per node.
        let room = spare.links.len() / 2;
        let mut graph = Graph {
            state: state.clone(),
            nodes: Vec::with_capacity(room),
            strong: Vec::with_capacity(room),
            weak: Vec::with_capacity(room),
            als: Vec::new(),
            candidate_ids: vec![NO_NODE; state.layout().cell_count() * state.size()],
            targets: Vec::new(),
            spare,
        };
        for cell in state.layout().cells() {
            for digit in state.candidates(cell).iter() {
                let id = graph.push(Node {
                    digit,
                    cells: smallvec::smallvec![cell],
                    kind: NodeKind::Candidate,
                });
                let at = graph.candidate_at(Candidate::new(cell, digit));
                graph.candidate_ids[at] = id;
            }
        }
        if let Some(max_als) = links.grouped {
            graph.add_groups(state);
            graph.add_als(state, max_als);
        }
        graph.targets = vec![OnceCell::new(); graph.nodes.len()];
        graph.link_strong(state, links);
        graph.link_weak(links);
        graph
    }

    fn push(&mut self, node: Node) -> u32 {
        self.nodes.push(node);
        let (strong, weak) = (self.spare.links(), self.spare.links());
        self.strong.push(strong);
        self.weak.push(weak);
        (self.nodes.len() - 1) as u32
    }

    /// The node of a candidate.
    pub fn candidate(&self, candidate: Candidate) -> Option<u32> {
        Some(self.candidate_ids[self.candidate_at(candidate)]).filter(|&id| id != NO_NODE)
    }

    /// Where `candidate` is numbered among every candidate the grid could hold (`cell * size +
    /// digit - 1`), for tables indexed by candidate.
    pub fn candidate_at(&self, candidate: Candidate) -> usize {
        candidate.cell.index() * self.state.size() + candidate.digit.get() - 1
    }

    /// Whether `candidate` and node `node` cannot both be true: the node's single cell with
    /// another digit, or the same digit outside the node seeing all its cells.
    fn weak_to(&self, candidate: Candidate, node: u32) -> bool {
        let node = &self.nodes[node as usize];
        if node.digit != candidate.digit {
            return node.cells[..] == [candidate.cell];
        }
        !node.cells.contains(&candidate.cell)
            && node
                .cells
                .iter()
                .all(|&c| self.state.layout().sees(candidate.cell, c))
    }

    /// The candidates weakly linked to node `n`, row-major: worked out once per node.
    pub fn targets(&self, n: u32) -> &[Candidate] {
        self.targets[n as usize].get_or_init(|| {
            let node = &self.nodes[n as usize];
            let first = node.cells[0];
            let mut targets = self.spare.targets();
            let peers = self.state.layout().peers(first);
            // Room for every peer and every digit of the cell at once (on a 9x9); a larger
            // grid's list grows as it needs.
            targets.reserve((peers.len() + self.state.size()).min(64));
            let add_holding = |targets: &mut Vec<Candidate>, cells: &[Cell]| {
                let holding = cells
                    .iter()
                    .filter(|&&c| self.state.candidates(c).contains(node.digit));
                targets.extend(holding.map(|&c| Candidate::new(c, node.digit)));
            };
            // The peers are sorted: a single cell's other digits go between those before it
            // and those after it, and the list comes out row-major without sorting.
            let (before, after) = peers.split_at(peers.partition_point(|&c| c < first));
            add_holding(&mut targets, before);
            if node.cells.len() == 1 {
                targets.extend(
                    self.state
                        .candidates(first)
                        .iter()
                        .filter(|&d| d != node.digit)
                        .map(|d| Candidate::new(first, d)),
                );
            }
            add_holding(&mut targets, after);
            // A single cell's peers and other digits are all weakly linked to it.
            if node.cells.len() > 1 {
                targets.retain(|&t| self.weak_to(t, n));
            }
            debug_assert!(targets.is_sorted());
            targets
        })
    }

    /// The candidates weakly linked to both `a` and `b` (what a strong inference between them
    /// eliminates), row-major.
    pub fn common_targets(&self, a: u32, b: u32) -> impl Iterator<Item = Candidate> + '_ {
        let mut left = self.targets(a).iter().peekable();
        self.targets(b)
            .iter()
            .filter(move |&t| {
                while left.next_if(|&l| l < t).is_some() {}
                left.peek() == Some(&t)
            })
            .copied()
    }

    /// What ALS `id` removes once it is known to hold every digit but `x` or `z`: each of its
    /// other digits from the cells outside it that see all the ALS's cells holding that digit.
    pub fn als_locked_targets(&self, id: usize, x: Digit, z: Digit) -> Vec<Candidate> {
        self.als_digits(id)
            .iter()
            .filter(|&d| d != x && d != z)
            .flat_map(|d| self.locked_targets(id, d, None))
            .collect()
    }

    /// What a continuous loop removes through the strong link between ALS digit node `als`
    /// (digit x) and the candidate `forced` it forces (cell C, digit y). Exactly one holds:
    /// the ALS lacks x (so it holds its other digits and C is y), or C is another of its
    /// candidates d (so the ALS lacks d and holds the rest, x included). Either way the ALS's
    /// digits other than x and C's candidates are locked in it, and each of C's other
    /// candidates is in the ALS or in C.
    pub fn als_forced_targets(&self, als: u32, forced: u32) -> Vec<Candidate> {
        let (node, target) = (&self.nodes[als as usize], &self.nodes[forced as usize]);
        let NodeKind::Als(id) = node.kind else {
            return Vec::new();
        };
        let cell = target.cells[0];
        let mut others = self.state.candidates(cell);
        others.remove(target.digit);
        self.als_digits(id)
            .iter()
            .filter(|&d| d != node.digit)
            .flat_map(|d| self.locked_targets(id, d, others.contains(d).then_some(cell)))
            .collect()
    }

    /// The digits of ALS `id`.
    fn als_digits(&self, id: usize) -> DigitSet {
        self.als[id]
            .iter()
            .fold(DigitSet::EMPTY, |s, &c| s.union(self.state.candidates(c)))
    }

    /// The candidates of `digit` outside ALS `id` that see all its cells holding the digit
    /// (and `with`, a cell that may hold it instead).
    fn locked_targets(&self, id: usize, digit: Digit, with: Option<Cell>) -> Vec<Candidate> {
        let state = &self.state;
        let cells = &self.als[id];
        let mut places: NodeCells = cells
            .iter()
            .copied()
            .filter(|&c| state.candidates(c).contains(digit))
            .collect();
        places.extend(with);
        state
            .layout()
            .peers(places[0])
            .iter()
            .filter(|&&c| state.candidates(c).contains(digit))
            .filter(|c| !cells.contains(c) && !places.contains(c))
            .filter(|&&c| places.iter().all(|&p| self.state.layout().sees(c, p)))
            .map(|&c| Candidate::new(c, digit))
            .collect()
    }

    /// Group nodes: for each region and line, each digit with two or more candidates in their
    /// intersection.
    fn add_groups(&mut self, state: &State) {
        let layout = state.layout();
        let houses = layout.houses();
        let mut lines = Vec::new();
        for region in houses.iter().filter(|h| h.kind == HouseKind::Region) {
            // Only the lines through the region, in the houses' order: on an overlapping layout
            // most lines miss most regions.
            lines.clear();
            lines.extend(region.cells.iter().flat_map(|&c| {
                let through = layout.houses_of(c).iter().copied();
                through.filter(|&h| matches!(houses[h].kind, HouseKind::Row | HouseKind::Column))
            }));
            lines.sort_unstable();
            lines.dedup();
            for line in lines.iter().map(|&h| &houses[h]) {
                let cells: Vec<Cell> = line
                    .cells
                    .iter()
                    .copied()
                    .filter(|c| region.cells.contains(c))
                    .collect();
                for digit in (1..=state.size()).map(Digit::new) {
                    let places: NodeCells = cells
                        .iter()
                        .copied()
                        .filter(|&c| state.candidates(c).contains(digit))
                        .collect();
                    if places.len() >= 2 {
                        self.push(Node {
                            digit,
                            cells: places,
                            kind: NodeKind::Group,
                        });
                    }
                }
            }
        }
    }

    /// ALS nodes: every almost locked set of 2..=`max_cells` cells within a house (n cells
    /// holding n+1 digits), one node per digit, its digits strongly linked to each other.
    fn add_als(&mut self, state: &State, max_cells: usize) {
        let layout = state.layout();
        for (index, house) in layout.houses().iter().enumerate() {
            let open: Vec<Cell> = house
                .cells
                .iter()
                .copied()
                .filter(|&c| state.candidates(c).len() >= 2)
                .collect();
            let mut chosen = Vec::new();
            each_subset(&open, max_cells, 0, &mut chosen, &mut |cells| {
                let digits = cells
                    .iter()
                    .fold(DigitSet::EMPTY, |s, &c| s.union(state.candidates(c)));
                // A set within several houses is taken in the first of them.
                let first_house = || layout.common_houses(cells).first() == Some(&index);
                if cells.len() >= 2 && digits.len() == cells.len() + 1 && first_house() {
                    let mut sorted = NodeCells::from_slice(cells);
                    sorted.sort_unstable();
                    self.als.push(sorted);
                }
                // Adding cells adds digits at least as fast as it can reach n+1 of them.
                digits.len() <= max_cells + 1
            });
        }
        let mut work = AlsWork {
            peers: CellMarks::new(layout),
            covered: vec![DigitSet::EMPTY; layout.cell_count()],
            touched: Vec::new(),
        };
        let mut ids = Vec::new();
        for id in 0..self.als.len() {
            let cells = self.als[id].clone();
            let digits = cells
                .iter()
                .fold(DigitSet::EMPTY, |s, &c| s.union(state.candidates(c)));
            ids.clear();
            for digit in digits.iter() {
                ids.push(
                    self.push(Node {
                        digit,
                        cells: cells
                            .iter()
                            .copied()
                            .filter(|&c| state.candidates(c).contains(digit))
                            .collect(),
                        kind: NodeKind::Als(id),
                    }),
                );
            }
            for &a in &ids {
                let strong = &mut self.strong[a as usize];
                strong.reserve(ids.len());
                strong.extend(ids.iter().filter(|&&b| b != a));
            }
            self.link_forced_cells(state, id, &ids, &mut work);
        }
    }

    /// Strong links from ALS `id` (its digit nodes `ids`) to the cells it forces. Without a
    /// digit x, the ALS holds all its other digits, so a cell outside it that sees all the
    /// places of those digits loses them: a cell of three or more candidates left with one, y,
    /// gives the link "x in the ALS or y in the cell". Only for x the cell lacks (with x it
    /// would be "x in the ALS or in the cell", which costs more search than it finds), and
    /// not for bivalue cells (there the same inference is two links: `ALS-x = ALS-d - cell-d =
    /// cell-y`).
    fn link_forced_cells(&mut self, state: &State, id: usize, ids: &[u32], work: &mut AlsWork) {
        let covered = &mut work.covered;
        let touched = &mut work.touched;
        for &n in ids {
            let node = &self.nodes[n as usize];
            work.peers.mark_common_peers(state.layout(), &node.cells);
            for &cell in &work.peers.cells {
                if state.candidates(cell).contains(node.digit) && !self.als[id].contains(&cell) {
                    if covered[cell.index()].is_empty() {
                        touched.push(cell);
                    }
                    covered[cell.index()].insert(node.digit);
                }
            }
        }
        touched.sort_unstable();
        for cell in touched.drain(..) {
            let digits = std::mem::take(&mut covered[cell.index()]);
            let candidates = state.candidates(cell);
            let left = candidates.without(digits).as_single();
            let Some(y) = left.filter(|_| candidates.len() >= 3) else {
                continue;
            };
            let forced = self.candidate(Candidate::new(cell, y)).unwrap();
            for &n in ids {
                if !candidates.contains(self.nodes[n as usize].digit) {
                    push_unique(&mut self.strong[n as usize], forced);
                    push_unique(&mut self.strong[forced as usize], n);
                }
            }
        }
    }

    fn link_strong(&mut self, state: &State, links: Links) {
        if links.cell_strong {
            for cell in state.layout().cells() {
                let digits: Vec<Digit> = state.candidates(cell).iter().collect();
                if let [a, b] = digits[..] {
                    self.link_both(Candidate::new(cell, a), Candidate::new(cell, b));
                }
            }
        }
        if !links.house_strong {
            return;
        }
        // The groups within each house, by digit: a group's cells are places of its digit, so
        // the groups among a digit's places in a house are those of that digit within it.
        let layout = state.layout();
        let per_house = state.size() + 1;
        let mut groups: Vec<Vec<u32>> = vec![Vec::new(); layout.houses().len() * per_house];
        for n in 0..self.nodes.len() as u32 {
            let node = &self.nodes[n as usize];
            if node.kind == NodeKind::Group {
                for house in layout.common_houses(&node.cells) {
                    groups[house * per_house + node.digit.get()].push(n);
                }
            }
        }
        let (mut places, mut inside) = (Vec::new(), Vec::new());
        for (index, house) in layout.houses().iter().enumerate() {
            for digit in (1..=state.size()).map(Digit::new) {
                state.places_into(house, digit, &mut places);
                if places.len() < 2 {
                    continue;
                }
                inside.clear();
                inside.extend(
                    places
                        .iter()
                        .filter_map(|&c| self.candidate(Candidate::new(c, digit))),
                );
                inside.extend_from_slice(&groups[index * per_house + digit.get()]);
                for (i, &a) in inside.iter().enumerate() {
                    for &b in &inside[i + 1..] {
                        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
                        // The sizes first: most pairs fail them, and they cost less.
                        let cover = na.cells.len() + nb.cells.len() == places.len();
                        if cover && na.cells.iter().all(|c| !nb.cells.contains(c)) {
                            push_unique(&mut self.strong[a as usize], b);
                            push_unique(&mut self.strong[b as usize], a);
                        }
                    }
                }
            }
        }
    }

    fn link_both(&mut self, a: Candidate, b: Candidate) {
        if let (Some(a), Some(b)) = (self.candidate(a), self.candidate(b)) {
            push_unique(&mut self.strong[a as usize], b);
            push_unique(&mut self.strong[b as usize], a);
        }
    }

    fn link_weak(&mut self, links: Links) {
        let count = self.nodes.len() as u32;
        let mut weak = Vec::new();
        for a in 0..count {
            let node = &self.nodes[a as usize];
            weak.clear();
            if node.kind == NodeKind::Candidate && self.linked(a) {
                let cell = node.cells[0];
                if links.cell_weak {
                    weak.extend(
                        self.state
                            .candidates(cell)
                            .iter()
                            .filter(|&d| d != node.digit)
                            .filter_map(|d| self.candidate(Candidate::new(cell, d))),
                    );
                }
                if links.house_weak {
                    weak.extend(
                        self.state
                            .layout()
                            .peers(cell)
                            .iter()
                            .filter_map(|&c| self.candidate(Candidate::new(c, node.digit))),
                    );
                }
            }
            weak.retain(|&b| self.linked(b));
            self.weak[a as usize].extend_from_slice(&weak);
        }
        if links.grouped.is_some() {
            self.link_weak_groups();
        }
    }

    /// Weak links of group and ALS nodes: same digit, disjoint, every cell seeing every cell.
    fn link_weak_groups(&mut self) {
        let first_group = self
            .nodes
            .iter()
            .position(|n| n.kind != NodeKind::Candidate)
            .unwrap_or(self.nodes.len()) as u32;
        let count = self.nodes.len() as u32;
        let cell_count = self.state.layout().cell_count();
        // Group and ALS nodes by digit and first cell: a partner's cells all see the node's.
        let size = self.state.size();
        let by_first = ByFirstCandidate::new(
            cell_count * size,
            (first_group..count).map(|g| (g, self.candidate_at(self.first_candidate(g)))),
        );
        let mut seen = CellMarks::new(self.state.layout());
        let (mut groups, mut partners) = (Vec::new(), Vec::new());
        for g in first_group..count {
            if !self.linked(g) {
                continue;
            }
            let node = &self.nodes[g as usize];
            let digit = node.digit;
            seen.mark_common_peers(self.state.layout(), &node.cells);
            // The targets of a node of several cells are its common peers holding the digit
            // (those of one cell also take its other digits): kept while at hand.
            if node.cells.len() > 1 {
                let holding = |c: &&Cell| self.state.candidates(**c).contains(digit);
                let mut targets = self.spare.targets();
                targets
                    .extend((seen.cells.iter().filter(holding)).map(|&c| Candidate::new(c, digit)));
                self.targets[g as usize]
                    .set(targets)
                    .expect("targets worked out once");
            }
            groups.clear();
            for &c in &seen.cells {
                let at = self.candidate_at(Candidate::new(c, digit));
                groups.extend(by_first.at(at).iter().copied().filter(|&o| {
                    let other = &self.nodes[o as usize];
                    other.cells.iter().all(|&c| seen.holds(c))
                }));
            }
            groups.sort_unstable();
            partners.clear();
            partners.extend(
                seen.cells
                    .iter()
                    .filter_map(|&c| self.candidate(Candidate::new(c, digit)))
                    .chain(groups.iter().copied())
                    .filter(|&o| o != g && self.linked(o)),
            );
            for &o in &partners {
                if o < first_group {
                    self.weak[o as usize].push(g);
                }
            }
            self.weak[g as usize].extend_from_slice(&partners);
        }
    }

    /// The candidate of a node's first cell.
    fn first_candidate(&self, node: u32) -> Candidate {
        let node = &self.nodes[node as usize];
        Candidate::new(node.cells[0], node.digit)
    }

    /// Whether a node has a strong link. Only such nodes can be reached true, or be left once
    /// reached false, so weak links are kept between them alone.
    fn linked(&self, node: u32) -> bool {
        !self.strong[node as usize].is_empty()
    }
}

/// Nodes listed by their first candidate (their first cell and their digit, numbered as
/// [`Graph::candidate_at`]), ascending for each.
struct ByFirstCandidate {
    /// Where each candidate's nodes start in `nodes` (one more entry than candidates).
    starts: Vec<u32>,
    nodes: Vec<u32>,
}

impl ByFirstCandidate {
    /// Indexes `nodes` (ids ascending, each with its first candidate's number) among `count`
    /// candidates.
    fn new(count: usize, nodes: impl Iterator<Item = (u32, usize)> + Clone) -> Self {
        let mut starts = vec![0u32; count + 1];
        for (_, first) in nodes.clone() {
            starts[first + 1] += 1;
        }
        for i in 0..count {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut listed = vec![0u32; starts[count] as usize];
        for (id, first) in nodes {
            listed[next[first] as usize] = id;
            next[first] += 1;
        }
        ByFirstCandidate {
            starts,
            nodes: listed,
        }
    }

    /// The nodes whose first candidate is numbered `at`.
    fn at(&self, at: usize) -> &[u32] {
        &self.nodes[self.starts[at] as usize..self.starts[at + 1] as usize]
    }
}

/// Buffers for linking the almost locked sets to the cells they force, reused from one set to
/// the next.
struct AlsWork {
    peers: CellMarks,
    /// Per cell, the digits some node of the set removes from it (empty again after each set).
    covered: Vec<DigitSet>,
    /// The cells whose `covered` is not empty.
    touched: Vec<Cell>,
}

/// The common peers of a set of cells, marked for quick membership tests and listed row-major;
/// reused from one set to the next.
struct CellMarks {
    /// How the common peers are marked.
    marks: Marks,
    /// The common peers of the current set, row-major.
    cells: Vec<Cell>,
}

/// The marks of [`CellMarks`]: the common peers of the current set, a bit per cell, found by a
/// word-wise AND of the cells' peers: in one number on grids of up to 128 cells (9x9 to 11x11,
/// [`crate::model::Layout::peer_bits`]), in words beyond ([`crate::model::Layout::peer_words`]).
enum Marks {
    Bits(u128),
    Words(Vec<u64>),
}

impl CellMarks {
    /// Marks for the cells of `layout`: one number when its peers fit one (at most 128 cells),
    /// words beyond.
    fn new(layout: &crate::model::Layout) -> CellMarks {
        if layout.peer_bits(Cell::from_index(0)).is_some() {
            CellMarks::bitwise()
        } else {
            CellMarks::by_words()
        }
    }

    fn bitwise() -> CellMarks {
        CellMarks {
            marks: Marks::Bits(0),
            cells: Vec::new(),
        }
    }

    fn by_words() -> CellMarks {
        CellMarks {
            marks: Marks::Words(Vec::new()),
            cells: Vec::new(),
        }
    }

    /// Marks the cells outside `cells` that see every one of them: the cells of
    /// [`crate::model::Layout::common_peers`], in its order (this runs for every group and ALS
    /// node of every graph). No cell is its own peer, so the cells themselves drop out.
    fn mark_common_peers(&mut self, layout: &crate::model::Layout, cells: &[Cell]) {
        self.cells.clear();
        match &mut self.marks {
            Marks::Bits(common) => {
                let peers = |c: &Cell| layout.peer_bits(*c).expect("a grid of 128 cells or fewer");
                *common = cells.iter().fold(u128::MAX, |m, c| m & peers(c));
                let mut rest = *common;
                while rest != 0 {
                    self.cells
                        .push(Cell::from_index(rest.trailing_zeros() as usize));
                    rest &= rest - 1;
                }
            }
            Marks::Words(common) => {
                common.clear();
                common.extend_from_slice(layout.peer_words(cells[0]));
                for &cell in &cells[1..] {
                    let peers = layout.peer_words(cell);
                    common.iter_mut().zip(peers).for_each(|(m, p)| *m &= p);
                }
                for (word, &bits) in common.iter().enumerate() {
                    let mut rest = bits;
                    while rest != 0 {
                        let index = word * 64 + rest.trailing_zeros() as usize;
                        self.cells.push(Cell::from_index(index));
                        rest &= rest - 1;
                    }
                }
            }
        }
    }

    /// Whether `cell` is a common peer of the current set.
    fn holds(&self, cell: Cell) -> bool {
        match &self.marks {
            Marks::Bits(common) => common >> cell.index() & 1 == 1,
            Marks::Words(common) => common[cell.index() / 64] >> (cell.index() % 64) & 1 == 1,
        }
    }
}

fn push_unique(list: &mut Vec<u32>, id: u32) {
    if !list.contains(&id) {
        list.push(id);
    }
}

/// Calls `found` with every subset of `cells` of at most `max` elements (the empty one too),
/// extending a subset only while `found` returns `true` for it.
fn each_subset(
    cells: &[Cell],
    max: usize,
    start: usize,
    chosen: &mut Vec<Cell>,
    found: &mut dyn FnMut(&[Cell]) -> bool,
) {
    if !found(chosen) || chosen.len() == max {
        return;
    }
    for i in start..cells.len() {
        chosen.push(cells[i]);
        each_subset(cells, max, i + 1, chosen, found);
        chosen.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Layout, Regions};
    use crate::read::{ReadOptions, read_text};
    use crate::techniques::testing::{samurai_start, top1465_first};

    /// A graph as text: its nodes, links, sets and every node's targets.
    fn described(graph: &Graph) -> String {
        let targets: Vec<&[Candidate]> = (0..graph.nodes.len() as u32)
            .map(|n| graph.targets(n))
            .collect();
        format!(
            "{:?} {:?} {:?} {:?} {targets:?}",
            graph.nodes, graph.strong, graph.weak, graph.als
        )
    }

    #[test]
    fn a_graph_built_from_the_lists_of_others_is_the_graph_built_afresh() {
        // The states of two puzzles; AIC links with ALS nodes, and without.
        let forum =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let puzzle = read_text(forum, "forum", &ReadOptions::default())
            .unwrap()
            .puzzles
            .remove(0);
        let states = [top1465_first(), State::from_puzzle(&puzzle)];
        let limits = *states[0].limits();
        for links in [
            super::super::links_for(crate::core::ChainKind::Aic, true, &limits),
            super::super::links_for(crate::core::ChainKind::Aic, false, &limits),
        ] {
            for (before, after) in [(0, 1), (1, 0)] {
                let afresh = described(&Graph::new(&states[after], links, Spare::default()));
                // The other state's graph goes first and is let go of; its lists are kept.
                Graph::release();
                SPARE.set(None);
                drop(Graph::of(&states[before], links));
                Graph::release();
                assert!(SPARE.with_borrow(Option::is_some));
                let handed_on = Graph::of(&states[after], links);
                assert!(handed_on.nodes.len() > 200);
                assert_eq!(afresh, described(&handed_on), "{links:?}");
            }
        }
    }

    #[test]
    fn every_weak_link_goes_both_ways() {
        // Continuous loops close a loop at a start's weak partners (`continuous_loops`), read
        // from the start's own list: each list must hold the nodes whose lists hold it.
        for state in [top1465_first(), samurai_start()] {
            let links = super::super::links_for(
                crate::core::ChainKind::ContinuousLoop,
                true,
                state.limits(),
            );
            let graph = Graph::new(&state, links, Spare::default());
            let kinds: Vec<NodeKind> = graph.nodes.iter().map(|n| n.kind).collect();
            assert!(kinds.iter().any(|k| matches!(k, NodeKind::Als(_))));
            assert!(kinds.contains(&NodeKind::Group));
            for (a, partners) in graph.weak.iter().enumerate() {
                for &b in partners {
                    assert!(graph.weak[b as usize].contains(&(a as u32)), "{a} - {b}");
                }
            }
        }
    }

    #[test]
    fn marked_common_peers_are_the_layouts_by_bits_and_by_words() {
        // 9x9 with the main diagonal as an extra house, so peers go beyond rows, columns and
        // boxes; every set of one to three cells among row 1, r2c1, r2c2 and r3c3.
        let boxes = Layout::new(9, Regions::Boxes { rows: 3, cols: 3 }).unwrap();
        let layout = boxes.with_extra_house((0..9).map(|i| Cell::at(i, i, 9)).collect());
        let mut pool: Vec<Cell> = (0..9).map(|c| Cell::at(0, c, 9)).collect();
        pool.extend([Cell::at(1, 0, 9), Cell::at(1, 1, 9), Cell::at(2, 2, 9)]);
        let mut sets = 0;
        for mut marks in [CellMarks::bitwise(), CellMarks::by_words()] {
            each_subset(&pool, 3, 0, &mut Vec::new(), &mut |cells| {
                if cells.is_empty() {
                    return true;
                }
                let expected: Vec<Cell> = layout.common_peers(cells).collect();
                marks.mark_common_peers(&layout, cells);
                assert_eq!(marks.cells, expected, "common peers of {cells:?}");
                for cell in layout.cells() {
                    assert_eq!(marks.holds(cell), expected.contains(&cell), "{cell:?}");
                }
                sets += 1;
                true
            });
        }
        assert_eq!(sets, 2 * (12 + 66 + 220));
    }
}
