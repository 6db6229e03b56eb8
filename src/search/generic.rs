//! The engine for every layout: any size from 1 to 100, boxes of any shape, jigsaw regions, Latin
//! squares, extra houses and Killer cages, seen only through [`Layout::houses`],
//! [`Layout::houses_of`], [`Layout::peers`] and [`Layout::cages`].
//!
//! The state is one candidate set per cell and, for every house and digit, the number of cells of
//! the house where the digit can still go. Propagation runs until nothing changes: naked singles (a
//! cell with one candidate leaves its peers), hidden singles (a house-digit with one place puts the
//! digit there) and locked candidates (a house-digit whose places all lie in another house clears
//! the rest of that house). A Killer cage whose cells changed keeps only the candidates that some
//! assignment of distinct digits adding up to its sum uses. A cell whose candidates changed
//! narrows those of the touching cells its consecutive bars (or their absence, where every bar
//! is drawn) bind it to: each keeps the digits some candidate of the cell allows. A cell with no
//! candidate or a house-digit with no place is a contradiction.
//!
//! Branching looks at the smallest choice, as exact-cover search does: the cells with the fewest
//! candidates and the house-digits with the fewest places. Among those it takes the one whose
//! constraints have failed most often so far (the "weighted degree" rule, which keeps the search on
//! the hard part of the grid; without it some 25x25 puzzles take minutes). Each branch is binary:
//! put the digit there, or take it from there and choose again. Every change goes on a trail, so
//! backtracking undoes it without copying the grid.

use super::work::{self, cost};
use super::{Bits, Deadline, Solutions};
use crate::model::cage::{cage_bounds, cage_options};
use crate::model::{Cell, Digit, DigitSet, Grid, Layout};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// How the search takes its branches.
pub(super) enum Order {
    /// For counting: options in order, and no restarts.
    Exhaustive,
    /// For one solution: options in order; a search that runs long without a solution starts
    /// again, and goes another way, as the failures it counted steer it.
    First,
    /// For a random solution: options in an order drawn from a generator seeded with this seed; a
    /// search that runs long starts again with fresh draws and its failure counts cleared (they
    /// would lead it back the same way).
    Random(u64),
}

/// When a search stops before it is complete.
pub(super) struct Stop {
    /// Branches (decisions) the search may take, without restarts: after them it gives up.
    pub branches: u64,
    /// Dead ends the search may meet, over all its restarts: after them it hands over. A search
    /// for one solution in order, on a grid with many open candidates, may meet more
    /// (`CANDIDATES_PER_DEAD_END`).
    pub failures: u64,
    /// When it gives up.
    pub deadline: Deadline,
}

/// How a search ended.
pub(super) enum Ended {
    /// It found every solution, or as many as asked for.
    Finished,
    /// It took [`Stop::branches`] branches.
    OutOfBranches,
    /// It met [`Stop::failures`] dead ends; here are the candidates after propagation at the
    /// root, for another engine to start from.
    HandedOver(Vec<u128>),
    /// It reached [`Stop::deadline`].
    OutOfTime,
}

impl Order {
    /// The seed of a random order.
    pub(super) fn seed(&self) -> Option<u64> {
        match self {
            Order::Random(seed) => Some(*seed),
            _ => None,
        }
    }
}

/// Searches `layout` from `candidates` (one set per cell; digits above the size are ignored),
/// reporting solutions to `found`, until it finishes or meets `stop`.
///
/// Restarts (with [`Order::First`] and [`Order::Random`]) cut the heavy tail of filling nearly
/// empty grids, where most orders succeed straight away and a few get lost for minutes. Each
/// allows twice the branches of the one before, so the search stays complete.
pub(super) fn search(
    layout: &Layout,
    candidates: &[DigitSet],
    order: Order,
    stop: Stop,
    found: &mut Solutions,
) -> Ended {
    let (restarts, rng) = match order {
        Order::Exhaustive => (false, None),
        Order::First => (true, None),
        Order::Random(seed) => (true, Some(StdRng::seed_from_u64(seed))),
    };
    let mut state = State::new(layout, candidates, rng);
    if !(state.consistent && state.propagate()) {
        return Ended::Finished;
    }
    let root = state.trail.len();
    let root_candidates = state.cands.clone();
    let mut stop = stop;
    // Only the search in order waits longer for the handover: measured, drawing the options at
    // random fills nearly empty grids far less often (an empty 49x49 not in 20 s).
    if matches!(order, Order::First) {
        let patience = state.open_candidates() / CANDIDATES_PER_DEAD_END;
        stop.failures = stop.failures.max(patience);
    }
    let mut budget = match restarts {
        true => (2 * state.open as u64).max(MIN_BUDGET),
        false => stop.branches,
    };
    let ended = loop {
        match state.run(budget, !restarts, &stop, found) {
            Run::Restart => {}
            Run::Done => break Ended::Finished,
            Run::Budget => break Ended::OutOfBranches,
            Run::Failures => break Ended::HandedOver(root_candidates),
            Run::Deadline => break Ended::OutOfTime,
        }
        state.undo(root);
        if state.rng.is_some() {
            state.failures.fill(0);
        }
        budget = budget.saturating_mul(2);
    };
    state.count_work();
    ended
}

/// How [`State::run`] ended.
enum Run {
    /// The search is complete, or `found` is full.
    Done,
    /// The budget of a restart ran out: start again.
    Restart,
    /// The budget of a search without restarts ran out.
    Budget,
    /// Too many dead ends.
    Failures,
    /// The deadline passed.
    Deadline,
}

/// Branches between two looks at the clock (and counts of the work done).
const CLOCK_EVERY: u64 = 256;

/// The fewest branches a search with restarts takes before it may start again.
const MIN_BUDGET: u64 = 256;

/// A search for one solution in order ([`Order::First`]) may meet a dead end per this many open
/// candidates at the root before it hands over, if that is more than [`Stop::failures`].
/// Filling a nearly empty grid meets thousands of dead ends (an empty 36x36 of 6x6 boxes about
/// 1,700, 49x49 about 20,000), which restarts get past in a second or two, while the SAT solver,
/// whose encoding has a variable per open candidate, takes seconds to minutes on such grids
/// (empty 36x36: 3 s; 49x49: 54 s). A puzzle with few open candidates keeps the plain limit, so
/// the hard ones still go to the SAT solver as soon as before.
const CANDIDATES_PER_DEAD_END: u64 = 4;

/// The search state, with the trail that undoes it.
struct State<'a> {
    layout: &'a Layout,
    size: usize,
    /// Candidates of each cell, bit `d` for digit index `d`.
    cands: Vec<u128>,
    /// `places[house * size + digit]`: how many cells of the house can still hold the digit.
    places: Vec<u32>,
    /// Cells with two candidates or more.
    open: usize,
    /// False when the starting candidates already leave a cell or a house-digit empty.
    consistent: bool,
    /// Each change of a cell's candidates, with the value it replaced.
    trail: Vec<(usize, u128)>,
    /// Cells that became single, whose digit is still to be removed from their peers.
    singles: Vec<usize>,
    /// House-digits that came down to one place, to be placed there.
    hidden: Vec<(usize, usize)>,
    /// House-digits whose places changed, few enough to lie within another house.
    locked: Vec<(usize, usize)>,
    /// The most cells two houses share: house-digits with more places cannot be locked.
    overlap: u32,
    /// Scratch list of houses for the locked-candidate check.
    shared: Vec<usize>,
    /// Cages whose cells changed, to be checked against their sums.
    cages: Vec<usize>,
    /// Whether each cage is in `cages`.
    queued: Vec<bool>,
    /// Cells with consecutive bars (or borders without one that say something) whose
    /// candidates changed, to narrow their neighbours'.
    bordered: Vec<usize>,
    /// Whether each cell is in `bordered` (empty without bars).
    border_queued: Vec<bool>,
    /// `failures[house * size + digit]`: contradictions the house-digit took part in, which
    /// guide the choice of branches.
    failures: Vec<u64>,
    /// Dead ends met so far, over all restarts.
    dead_ends: u64,
    /// Branches taken and not yet counted as work.
    uncounted: u64,
    rng: Option<StdRng>,
}

/// A branching option: a cell (which digit?) or a house-digit (`house * size + digit`: where?).
#[derive(Clone, Copy)]
enum Branch {
    Cell(usize),
    Places(usize),
}

impl<'a> State<'a> {
    fn new(layout: &'a Layout, candidates: &[DigitSet], rng: Option<StdRng>) -> State<'a> {
        let size = layout.size();
        let full = DigitSet::full(size).bits();
        let cands: Vec<u128> = candidates.iter().map(|set| set.bits() & full).collect();
        let mut places = vec![0; layout.houses().len() * size];
        for (house, members) in layout.houses().iter().enumerate() {
            for cell in &members.cells {
                for digit in Bits(cands[cell.index()]) {
                    places[house * size + digit] += 1;
                }
            }
        }
        let singles: Vec<usize> = (0..cands.len())
            .filter(|&c| cands[c].count_ones() == 1)
            .collect();
        let hidden = (0..places.len())
            .filter(|&i| places[i] == 1)
            .map(|i| (i / size, i % size))
            .collect();
        let mut overlap = 1;
        for (house, members) in layout.houses().iter().enumerate() {
            let mut common = vec![0; layout.houses().len()];
            for cell in &members.cells {
                for &other in layout.houses_of(*cell) {
                    common[other] += 1;
                }
            }
            common[house] = 0;
            overlap = overlap.max(common.into_iter().max().unwrap_or(0));
        }
        let locked = (0..places.len())
            .filter(|&i| (2..=overlap).contains(&places[i]))
            .map(|i| (i / size, i % size))
            .collect();
        let cage_count = layout.cages().len();
        let bordered: Vec<usize> = match layout.markings().has_bars() {
            true => (0..cands.len()).collect(),
            false => Vec::new(),
        };
        State {
            border_queued: vec![true; bordered.len()],
            bordered,
            layout,
            size,
            locked,
            overlap,
            shared: Vec::new(),
            cages: (0..cage_count).collect(),
            queued: vec![true; cage_count],
            open: cands.iter().filter(|c| c.count_ones() > 1).count(),
            consistent: cands.iter().all(|&c| c != 0) && places.iter().all(|&p| p != 0),
            cands,
            places,
            trail: Vec::new(),
            singles,
            hidden,
            rng,
            failures: vec![0; layout.houses().len() * size],
            dead_ends: 0,
            uncounted: 0,
        }
    }

    /// Narrows a cell's candidates to `new` (a subset), keeping the counts and the work queues up to
    /// date. False on a contradiction; the change is on the trail either way.
    fn restrict(&mut self, cell: usize, new: u128) -> bool {
        let old = self.cands[cell];
        self.trail.push((cell, old));
        self.cands[cell] = new;
        let houses = self.layout.houses_of(Cell::from_index(cell));
        let mut ok = new != 0;
        if !ok {
            // The cell is empty: every house-digit it could have served shares the blame.
            for &house in houses {
                for digit in Bits(old) {
                    self.failures[house * self.size + digit] += 1;
                }
            }
        }
        for digit in Bits(old & !new) {
            for &house in houses {
                let index = house * self.size + digit;
                self.places[index] -= 1;
                match self.places[index] {
                    0 => {
                        ok = false;
                        self.failures[index] += 1;
                    }
                    1 => self.hidden.push((house, digit)),
                    n if n <= self.overlap => self.locked.push((house, digit)),
                    _ => {}
                }
            }
        }
        if new.count_ones() == 1 && old.count_ones() > 1 {
            self.open -= 1;
            self.singles.push(cell);
        }
        if let Some(cage) = self.layout.cage_of(Cell::from_index(cell))
            && !self.queued[cage]
        {
            self.queued[cage] = true;
            self.cages.push(cage);
        }
        if self.border_queued.get(cell) == Some(&false) {
            self.border_queued[cell] = true;
            self.bordered.push(cell);
        }
        ok
    }

    /// Draws every conclusion of singles and locked candidates; false on a contradiction (the work
    /// queues are then emptied).
    fn propagate(&mut self) -> bool {
        let ok = self.drain();
        if !ok {
            self.singles.clear();
            self.hidden.clear();
            self.locked.clear();
            for cage in self.cages.drain(..) {
                self.queued[cage] = false;
            }
            for cell in self.bordered.drain(..) {
                self.border_queued[cell] = false;
            }
        }
        ok
    }

    /// Works through the queues until they are empty; false on a contradiction.
    fn drain(&mut self) -> bool {
        loop {
            if let Some(cell) = self.singles.pop() {
                let digit = self.cands[cell];
                for peer in self.layout.peers(Cell::from_index(cell)) {
                    let peer = peer.index();
                    let cands = self.cands[peer];
                    if cands & digit != 0 && !self.restrict(peer, cands & !digit) {
                        return false;
                    }
                }
            } else if let Some((house, digit)) = self.hidden.pop() {
                let bit = 1 << digit;
                let Some(cell) = self.layout.houses()[house]
                    .cells
                    .iter()
                    .map(|cell| cell.index())
                    .find(|&cell| self.cands[cell] & bit != 0)
                else {
                    return false;
                };
                if self.cands[cell] != bit && !self.restrict(cell, bit) {
                    return false;
                }
            } else if let Some((house, digit)) = self.locked.pop() {
                if !self.lock(house, digit) {
                    return false;
                }
            } else if let Some(cage) = self.cages.pop() {
                self.queued[cage] = false;
                if !self.add_up(cage) {
                    return false;
                }
            } else if let Some(cell) = self.bordered.pop() {
                self.border_queued[cell] = false;
                if !self.follow_borders(cell) {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    /// Keeps in the cells of `cage` only the candidates that an assignment of distinct digits
    /// adding up to its sum uses. False on a contradiction.
    fn add_up(&mut self, cage: usize) -> bool {
        let cage = &self.layout.cages()[cage];
        let cands: Vec<u128> = cage.cells.iter().map(|c| self.cands[c.index()]).collect();
        let options =
            cage_options(&cands, cage.sum).unwrap_or_else(|| cage_bounds(&cands, cage.sum));
        for (cell, (&old, new)) in cage.cells.iter().zip(cands.iter().zip(options)) {
            if new != old && !self.restrict(cell.index(), new) {
                return false;
            }
        }
        true
    }

    /// Keeps in each cell that `cell`'s borders bind it to only the digits some candidate of
    /// `cell` allows across the border. False on a contradiction.
    fn follow_borders(&mut self, cell: usize) -> bool {
        let layout = self.layout;
        let held = DigitSet::from_bits(self.cands[cell]);
        for (other, relation) in layout.markings().related(self.size, Cell::from_index(cell)) {
            let other = other.index();
            let kept = self.cands[other] & relation.supported(held, self.size).bits();
            if kept != self.cands[other] && !self.restrict(other, kept) {
                return false;
            }
        }
        true
    }

    /// Locked candidates: when every place of `digit` in `house` lies in another house too, the
    /// digit goes in that part of the other house and nowhere else in it. False on a contradiction.
    fn lock(&mut self, house: usize, digit: usize) -> bool {
        if self.places[house * self.size + digit] < 2 {
            return true;
        }
        let bit = 1 << digit;
        let houses = self.layout.houses();
        let mut places = houses[house]
            .cells
            .iter()
            .filter(|cell| self.cands[cell.index()] & bit != 0);
        let first = places.next().expect("two places or more");
        self.shared.clear();
        self.shared.extend(
            self.layout
                .houses_of(*first)
                .iter()
                .filter(|&&h| h != house),
        );
        for cell in places {
            let of = self.layout.houses_of(*cell);
            self.shared.retain(|h| of.contains(h));
            if self.shared.is_empty() {
                return true;
            }
        }
        for i in 0..self.shared.len() {
            let other = self.shared[i];
            for cell in &houses[other].cells {
                let cands = self.cands[cell.index()];
                if cands & bit != 0
                    && !self.layout.houses_of(*cell).contains(&house)
                    && !self.restrict(cell.index(), cands & !bit)
                {
                    return false;
                }
            }
        }
        true
    }

    /// The candidates of the cells with two or more.
    fn open_candidates(&self) -> u64 {
        (self.cands.iter())
            .map(|c| c.count_ones() as u64)
            .filter(|&n| n > 1)
            .sum()
    }

    /// Counts the branches taken since the last count as work, each as a look over the grid.
    fn count_work(&mut self) {
        let cells = self.cands.len() as u64;
        work::spend(self.uncounted * cells * cost::BRANCH_PER_CELL);
        self.uncounted = 0;
    }

    /// Searches from the current (propagated) state, reporting solutions to `found`, until the
    /// search is complete or `found` is full. Stops early when `budget` branches were taken
    /// without a solution (with `strict`, even after one), or at `stop`'s dead ends or
    /// deadline; the state is then somewhere below the starting point.
    fn run(&mut self, budget: u64, strict: bool, stop: &Stop, found: &mut Solutions) -> Run {
        // The branches taken: the trail length before each, and the cell and digit it fixed.
        let mut branches: Vec<(usize, usize, u32)> = Vec::new();
        let mut taken = 0;
        let mut ok = true;
        loop {
            if ok {
                if self.open == 0 {
                    found.record(|| self.grid());
                    if found.is_full() {
                        return Run::Done;
                    }
                } else {
                    if taken == budget && (strict || found.is_empty()) {
                        return if strict { Run::Budget } else { Run::Restart };
                    }
                    if taken % CLOCK_EVERY == 0 {
                        self.count_work();
                        if stop.deadline.passed() {
                            return Run::Deadline;
                        }
                    }
                    taken += 1;
                    self.uncounted += 1;
                    let (cell, digit) = self.choose();
                    branches.push((self.trail.len(), cell, digit));
                    ok = self.restrict(cell, 1 << digit) && self.propagate();
                    continue;
                }
            } else {
                self.dead_ends += 1;
                if self.dead_ends >= stop.failures {
                    return Run::Failures;
                }
            }
            // Backtrack: the last digit tried is wrong for its cell; remove it and carry on.
            let Some((mark, cell, digit)) = branches.pop() else {
                return Run::Done;
            };
            self.undo(mark);
            let rest = self.cands[cell] & !(1 << digit);
            ok = self.restrict(cell, rest) && self.propagate();
        }
    }

    /// Undoes every change made after the trail had `mark` entries.
    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (cell, old) = self.trail.pop().expect("trail longer than mark");
            let new = self.cands[cell];
            for digit in Bits(old & !new) {
                for &house in self.layout.houses_of(Cell::from_index(cell)) {
                    self.places[house * self.size + digit] += 1;
                }
            }
            if new.count_ones() == 1 && old.count_ones() > 1 {
                self.open += 1;
            }
            self.cands[cell] = old;
        }
    }

    /// The cell and digit to branch on. The options are the open cells (a branch per candidate)
    /// and the house-digits not placed yet (a branch per place). Those with the fewest branches
    /// come first, and among them the one whose constraints failed most often so far (the
    /// "weighted degree" rule, which steers the search to the hard part of the grid): for a cell,
    /// the failures of the house-digits it can still serve; for a house-digit, its own. With a
    /// generator, the digit (or the place) to try is drawn at random.
    fn choose(&mut self) -> (usize, u32) {
        let fewest = |counts: &mut dyn Iterator<Item = u32>| counts.filter(|&n| n > 1).min();
        let fewest_cands = fewest(&mut self.cands.iter().map(|c| c.count_ones()));
        let fewest_places = fewest(&mut self.places.iter().copied());
        let fewest = fewest_cands
            .into_iter()
            .chain(fewest_places)
            .min()
            .expect("an open cell");
        let mut best: Option<(u64, Branch)> = None;
        for (cell, &cands) in self.cands.iter().enumerate() {
            if cands.count_ones() == fewest {
                let score =
                    self.layout
                        .houses_of(Cell::from_index(cell))
                        .iter()
                        .fold(0, |sum, house| {
                            sum + Bits(cands)
                                .map(|digit| self.failures[house * self.size + digit])
                                .sum::<u64>()
                        });
                if best.is_none_or(|(top, _)| score > top) {
                    best = Some((score, Branch::Cell(cell)));
                }
            }
        }
        for (index, &places) in self.places.iter().enumerate() {
            if places == fewest && best.is_none_or(|(top, _)| self.failures[index] > top) {
                best = Some((self.failures[index], Branch::Places(index)));
            }
        }
        let pick = self.pick(fewest as usize);
        match best.expect("an option with the fewest branches").1 {
            Branch::Cell(cell) => {
                let digit = Bits(self.cands[cell])
                    .nth(pick)
                    .expect("counted candidates");
                (cell, digit as u32)
            }
            Branch::Places(index) => {
                let (house, digit) = (index / self.size, index % self.size);
                let cell = self.layout.houses()[house]
                    .cells
                    .iter()
                    .map(|cell| cell.index())
                    .filter(|&cell| self.cands[cell] >> digit & 1 != 0)
                    .nth(pick)
                    .expect("counted places");
                (cell, digit as u32)
            }
        }
    }

    /// Which of `count` options to try first: the first one, or a random one.
    fn pick(&mut self, count: usize) -> usize {
        self.rng
            .as_mut()
            .map_or(0, |rng| rng.random_range(0..count))
    }

    /// The grid of a solved state.
    fn grid(&self) -> Grid {
        let mut grid = Grid::for_layout(self.layout);
        for (cell, &cands) in self.cands.iter().enumerate() {
            let digit = Digit::from_index(cands.trailing_zeros() as usize);
            grid.set(Cell::from_index(cell), Some(digit));
        }
        grid
    }
}
