//! The one propagation routine every forcing technique shares: apply assumptions to a copy of the
//! candidate grid, follow their consequences by singles up to a cap, and record for each
//! consequence the earlier ones it rests on, so that an explanation can name the chain.
//!
//! A consequence is a [`Fact`]: a candidate placed or eliminated. Premises are only consequences
//! of the same branch; what the starting state already rules out needs no premise. Propagation
//! stops at the first contradiction, at [`Propagator`]'s cap on implications, or when nothing
//! follows. Every fact recorded follows from the assumptions, so a cap only makes a branch say
//! less, never something false.

use crate::core::State;
use crate::model::{Candidate, Cell, Digit, DigitSet, House, Layout};
use crate::search::work::{self, cost};

/// Which deductions a propagation may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One digit only (Nishio): a placement removes the digit from its peers, and the digit with
    /// one place left in a house goes there.
    Digit(Digit),
    /// Singles that rest on one earlier consequence only: a placement's eliminations, a cell left
    /// with one candidate by one elimination (a bivalue cell), a digit left with one place in a
    /// house by one elimination (a bilocal digit). Each consequence ends one line of implications
    /// from the assumption, at most the given number of implications long.
    Chain(u32),
    /// Every naked and hidden single in every house, whatever it rests on.
    Net,
    /// A net that also uses intersections: a digit whose places in a house all lie in another
    /// house leaves the rest of that other house.
    NetPlus,
    /// A net that, when no single is left, refutes a candidate whose placement leads, by a net,
    /// to a contradiction, and goes on; it tries at most the given number of placements per
    /// branch.
    Nested(u32),
}

/// A candidate asserted true (placed) or false (eliminated).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fact {
    /// The candidate.
    pub candidate: Candidate,
    /// Whether it is placed (`true`) or eliminated (`false`).
    pub holds: bool,
}

impl Fact {
    /// The candidate placed.
    pub fn placed(candidate: Candidate) -> Fact {
        Fact {
            candidate,
            holds: true,
        }
    }

    /// The candidate eliminated.
    pub fn eliminated(candidate: Candidate) -> Fact {
        Fact {
            candidate,
            holds: false,
        }
    }
}

/// One consequence of a branch: the fact and where its premises sit in the branch's pool.
#[derive(Debug, Clone, Copy)]
pub struct Node {
    /// What follows.
    pub fact: Fact,
    /// Why it follows from its premises.
    pub reason: Reason,
    start: u32,
    len: u32,
    /// Implications between the assumptions and this fact.
    pub depth: u32,
}

/// Why a consequence follows from its premises.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reason {
    /// It is an assumption.
    Assumption,
    /// Its cell holds another digit (the premise).
    SameCell,
    /// A peer holds its digit (the premise).
    Peer,
    /// Its cell's other candidates are gone (the premises).
    NakedSingle,
    /// Its digit's other places in the house (index into the layout's houses) are gone.
    HiddenSingle(u32),
    /// Its digit's places in the first house all lie in the second, which holds the cell (the
    /// premises: the digit's other places in the first house are gone).
    Locked(u32, u32),
    /// Placing it leads, by a net from the premises, to a contradiction.
    Refuted,
}

/// What broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    /// A candidate both placed and eliminated.
    Both(Candidate),
    /// A cell with no candidate left.
    EmptyCell(Cell),
    /// A digit with no place left in a house (index into the layout's houses).
    NoPlace(usize, Digit),
}

/// The consequences of some assumptions.
#[derive(Debug, Clone)]
pub struct Branch {
    /// Every consequence, in the order found; the assumptions come first.
    pub nodes: Vec<Node>,
    pool: Vec<u32>,
    /// The contradiction reached, with the nodes it rests on.
    pub contradiction: Option<(Conflict, Vec<u32>)>,
    /// How each [`Reason::Refuted`] node was refuted.
    pub refutations: Vec<Refutation>,
}

/// How a nested net refuted a candidate: the branch, grown from the enclosing branch's first
/// `mark` nodes, that placed the candidate (its node `mark`) and broke.
#[derive(Debug, Clone)]
pub struct Refutation {
    /// The enclosing branch's node that records the elimination.
    pub node: u32,
    /// The enclosing branch's nodes, then the refutation's own from this index on.
    pub mark: u32,
    /// The enclosing branch's first `mark` nodes, the placement and what followed from it.
    pub branch: Branch,
}

impl Branch {
    /// The nodes node `i` rests on (none for an assumption).
    pub fn premises(&self, i: u32) -> &[u32] {
        let node = self.nodes[i as usize];
        &self.pool[node.start as usize..(node.start + node.len) as usize]
    }

    /// Every node that `ends` rest on, directly or not, `ends` included, in the order found.
    pub fn ancestors(&self, ends: &[u32]) -> Vec<u32> {
        self.ancestors_from(ends, 0).0
    }

    /// The nodes from `mark` on that `ends` rest on, directly or not, `ends` included, and the
    /// nodes before `mark` those rest on directly; each in the order found. The node at `mark`
    /// (the assumption) always counts, even where `ends` hold without it (a refutation that
    /// needs nothing of its branch).
    pub fn ancestors_from(&self, ends: &[u32], mark: u32) -> (Vec<u32>, Vec<u32>) {
        let mut seen = vec![false; self.nodes.len()];
        let mut stack = ends.to_vec();
        stack.push(mark);
        while let Some(i) = stack.pop() {
            if !std::mem::replace(&mut seen[i as usize], true) && i >= mark {
                stack.extend_from_slice(self.premises(i));
            }
        }
        let (before, from) = (0..self.nodes.len() as u32)
            .filter(|&i| seen[i as usize])
            .partition(|&i| i < mark);
        (from, before)
    }

    /// The node that records `fact`, if the branch reached it.
    pub fn find(&self, fact: Fact) -> Option<u32> {
        self.nodes
            .iter()
            .position(|n| n.fact == fact)
            .map(|i| i as u32)
    }
}

/// The number of `fact` on a grid of `size`, in the order of [`Fact`]: `(cell * size + digit
/// index) * 2 + placed`.
fn fact_number(fact: Fact, size: usize) -> usize {
    let Candidate { cell, digit } = fact.candidate;
    (cell.index() * size + digit.index()) * 2 + usize::from(fact.holds)
}

/// The facts of a branch, for intersecting branches, each numbered by [`fact_number`]: a bit
/// set up to 16x16, where it takes at most 1 KB and intersects a word at a time; the sorted
/// numbers beyond, where a bit set would be far larger than a branch's few facts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactSet {
    size: usize,
    facts: Facts,
}

/// The facts of a [`FactSet`].
#[derive(Debug, Clone, PartialEq, Eq)]
enum Facts {
    /// A bit per fact.
    Bits(Box<[u64]>),
    /// The facts' numbers, ascending.
    Numbers(Vec<usize>),
}

impl FactSet {
    /// The most facts a grid may have for a bit set.
    const MOST_BITS: usize = 16 * 16 * 16 * 2;

    /// The facts `branch` reached, on a grid of `layout`.
    pub fn of(branch: &Branch, layout: &Layout) -> FactSet {
        let size = layout.size();
        let count = layout.cell_count() * size * 2;
        let numbers = branch.nodes.iter().map(|node| fact_number(node.fact, size));
        FactSet::numbered(numbers, size, (count <= Self::MOST_BITS).then_some(count))
    }

    /// The facts numbered `numbers` on a grid of `size`: a bit set of `bits` bits, or the sorted
    /// numbers without.
    fn numbered(numbers: impl Iterator<Item = usize>, size: usize, bits: Option<usize>) -> Self {
        let facts = match bits {
            Some(bits) => {
                let mut words = vec![0u64; bits.div_ceil(64)];
                for n in numbers {
                    words[n / 64] |= 1 << (n % 64);
                }
                Facts::Bits(words.into_boxed_slice())
            }
            None => {
                let mut numbers: Vec<usize> = numbers.collect();
                numbers.sort_unstable();
                Facts::Numbers(numbers)
            }
        };
        FactSet { size, facts }
    }

    /// Keeps only the facts `other` (of the same grid) holds too; whether any is left.
    pub fn retain_common(&mut self, other: &FactSet) -> bool {
        match (&mut self.facts, &other.facts) {
            (Facts::Bits(mine), Facts::Bits(theirs)) => {
                let mut any = 0;
                for (word, theirs) in mine.iter_mut().zip(theirs.iter()) {
                    *word &= theirs;
                    any |= *word;
                }
                any != 0
            }
            (Facts::Numbers(mine), Facts::Numbers(theirs)) => {
                let mut next = theirs.iter().peekable();
                mine.retain(|n| {
                    while next.next_if(|&t| t < n).is_some() {}
                    next.peek() == Some(&n)
                });
                !mine.is_empty()
            }
            _ => unreachable!("fact sets of one grid"),
        }
    }

    /// Whether `fact` is one of the set's.
    pub fn contains(&self, fact: Fact) -> bool {
        let number = fact_number(fact, self.size);
        match &self.facts {
            Facts::Bits(words) => words[number / 64] & (1 << (number % 64)) != 0,
            Facts::Numbers(numbers) => numbers.binary_search(&number).is_ok(),
        }
    }

    /// The first fact that places a digit, else the first fact, in the order of [`Fact`].
    pub fn first_placement_or_fact(&self) -> Option<Fact> {
        let number = match &self.facts {
            Facts::Bits(words) => {
                // Placements are the odd bits.
                const PLACED: u64 = 0xAAAA_AAAA_AAAA_AAAA;
                let first = |mask: u64| {
                    let (at, word) = words.iter().enumerate().find(|(_, w)| *w & mask != 0)?;
                    Some(at * 64 + (word & mask).trailing_zeros() as usize)
                };
                first(PLACED).or_else(|| first(u64::MAX))
            }
            Facts::Numbers(numbers) => {
                let placed = numbers.iter().find(|&&n| n % 2 == 1);
                placed.or(numbers.first()).copied()
            }
        }?;
        let (candidate, holds) = (number / 2, number % 2 == 1);
        let cell = Cell::from_index(candidate / self.size);
        let digit = Digit::from_index(candidate % self.size);
        Some(Fact {
            candidate: Candidate::new(cell, digit),
            holds,
        })
    }
}

/// The open cells of `layout` by their number of `candidates`, fewest first (their placements
/// reach furthest), in the layout's order among equals.
pub fn fewest_candidates_first<'a>(
    layout: &'a Layout,
    candidates: &'a [DigitSet],
) -> impl Iterator<Item = Cell> + 'a {
    (2..=layout.size()).flat_map(move |n| {
        layout
            .cells()
            .filter(move |c| candidates[c.index()].len() == n)
    })
}

/// A propagator's candidates and house counts at one moment.
#[derive(Debug, Clone)]
struct Counts {
    candidates: Vec<DigitSet>,
    placed: Vec<u16>,
    places: Vec<u16>,
}

/// The counts a propagator goes back to by copying them: the state's, where every branch
/// starts, and those where a nested branch tries its refutations.
#[derive(Debug, Clone)]
struct Saved {
    start: Counts,
    mark: Counts,
}

impl Saved {
    /// The most bytes of counts copied back rather than undone node by node: a 9x9, 16x16 or
    /// Samurai branch of more than a few nodes goes back faster by a copy, while a 100x100's
    /// counts are far larger than its branches.
    const MOST_BYTES: usize = 16 * 1024;
}

/// Copies the saved `counts` back into a propagator's.
fn copy_back(counts: &Counts, candidates: &mut [DigitSet], placed: &mut [u16], places: &mut [u16]) {
    candidates.copy_from_slice(&counts.candidates);
    placed.copy_from_slice(&counts.placed);
    places.copy_from_slice(&counts.places);
}

/// What placements tried by nested branches reached without breaking, to spare following them
/// again. What a net reaches from some facts does not depend on the order it follows them in,
/// and grows with them; a set of facts that a net reaches without breaking or reaching the cap
/// holds everything that follows from any part of it. So placing a candidate on a branch whose
/// facts all lie within such a set of that placement's cannot break: the net from it stays
/// within the set. Every branch of one propagator starts from the same state, so the sets serve
/// all of them.
struct Unbroken {
    /// Words of a set of facts, a bit per fact by [`fact_number`].
    words: usize,
    /// Per candidate (`cell * size + digit index`), [`Unbroken::SETS`] slots for what its last
    /// placements reached without breaking: the branch's facts and the placement's own.
    sets: Vec<Option<Box<[u64]>>>,
    /// Per candidate, how many sets were kept (the next goes in slot `kept % SETS`).
    kept: Vec<u32>,
    /// The facts of the branch where the refutations are tried.
    branch: Vec<u64>,
}

impl Unbroken {
    /// The most facts a grid may have for sets to be kept (a 9x9's 1,458 and a Samurai's 6,642
    /// fit): larger sets would cost more to keep and compare than the nets they save.
    const MOST_BITS: usize = 8192;
    /// The sets kept per candidate: a branch may lie within any of them. On forum_hardest one
    /// set spares a third of the placements tried, eight spare half, and more than eight cost
    /// more to compare than they spare.
    const SETS: usize = 8;

    /// Room for the sets of a grid with `facts` facts; `None` for a grid too large.
    fn new(facts: usize) -> Option<Unbroken> {
        (facts <= Self::MOST_BITS).then(|| Unbroken {
            words: facts.div_ceil(64),
            sets: vec![None; facts / 2 * Self::SETS],
            kept: vec![0; facts / 2],
            branch: vec![0; facts.div_ceil(64)],
        })
    }

    /// Takes the facts of `nodes` as the branch's.
    fn set_branch(&mut self, nodes: &[Node], size: usize) {
        self.branch.fill(0);
        for node in nodes {
            let n = fact_number(node.fact, size);
            self.branch[n / 64] |= 1 << (n % 64);
        }
    }

    /// Whether placing candidate `at` on the branch is known not to break: the branch lies
    /// within what an earlier placement of it reached without breaking.
    fn holds_within(&self, at: usize) -> bool {
        let sets = &self.sets[at * Self::SETS..(at + 1) * Self::SETS];
        sets.iter()
            .flatten()
            .any(|set| (self.branch.iter().zip(set.iter())).all(|(branch, set)| branch & !set == 0))
    }

    /// Keeps what placing candidate `at` on the branch reached without breaking: the branch's
    /// facts and `added`, in place of its oldest set when all slots are taken.
    fn keep(&mut self, at: usize, added: &[Node], size: usize) {
        let words = self.words;
        let slot = at * Self::SETS + self.kept[at] as usize % Self::SETS;
        self.kept[at] += 1;
        let set = self.sets[slot].get_or_insert_with(|| vec![0; words].into_boxed_slice());
        set.copy_from_slice(&self.branch);
        for node in added {
            let n = fact_number(node.fact, size);
            set[n / 64] |= 1 << (n % 64);
        }
    }
}

/// Propagates assumptions on one state; its buffers serve every branch in turn.
pub struct Propagator<'a> {
    state: &'a State,
    /// The state's layout and size, at hand for the inner loops.
    layout: &'a Layout,
    size: usize,
    scope: Scope,
    cap: usize,
    candidates: Vec<DigitSet>,
    /// Placements of each digit in each house (`house * size + digit index`), by the state or
    /// the branch.
    placed: Vec<u16>,
    /// Places left for each digit in each house (`house * size + digit index`).
    places: Vec<u16>,
    /// Node index + 1 of each fact reached (0: not reached), by [`fact_number`].
    reached: Vec<u32>,
    nodes: Vec<Node>,
    pool: Vec<u32>,
    contradiction: Option<(Conflict, Vec<u32>)>,
    refutations: Vec<Refutation>,
    /// Placements a nested branch has tried to refute.
    tried: u32,
    /// A buffer for the premises of a single, kept from one to the next.
    premises: Vec<u32>,
    /// A buffer for a digit's places left in a house, kept from one intersection to the next.
    left: Vec<Cell>,
    /// Whether to record why each fact follows (its premises, and how candidates were refuted);
    /// without, a branch tells only its facts and whether it broke.
    why: bool,
    /// The most nodes and premises a branch has had: each branch's buffers start with that much
    /// room, so that they are allocated once rather than regrown as the branch grows.
    longest: (usize, usize),
    /// The counts to copy back, where copying is cheaper than undoing each node.
    saved: Option<Box<Saved>>,
    /// What placements tried by nested branches reached without breaking, made when first
    /// needed.
    unbroken: Option<Box<Unbroken>>,
}

impl<'a> Propagator<'a> {
    /// A propagator over `state` with the given scope, recording at most `cap` facts per branch.
    pub fn new(state: &'a State, scope: Scope, cap: usize) -> Propagator<'a> {
        let size = state.size();
        let layout = state.layout();
        let mut places = vec![0u16; layout.houses().len() * size];
        let mut placed = vec![0u16; layout.houses().len() * size];
        for (h, house) in layout.houses().iter().enumerate() {
            for &cell in &house.cells {
                for digit in state.candidates(cell).iter() {
                    places[h * size + digit.index()] += 1;
                }
            }
            for digit in DigitSet::full(size).without(state.missing(h)).iter() {
                placed[h * size + digit.index()] = 1;
            }
        }
        let candidates = state.all_candidates().to_vec();
        let bytes = std::mem::size_of_val(&candidates[..]) + 4 * places.len();
        let saved = (bytes <= Saved::MOST_BYTES).then(|| {
            let start = Counts {
                candidates: candidates.clone(),
                placed: placed.clone(),
                places: places.clone(),
            };
            let mark = start.clone();
            Box::new(Saved { start, mark })
        });
        Propagator {
            places,
            state,
            layout,
            size,
            scope,
            cap,
            candidates,
            placed,
            reached: vec![0; layout.cell_count() * size * 2],
            nodes: Vec::new(),
            pool: Vec::new(),
            contradiction: None,
            refutations: Vec::new(),
            tried: 0,
            premises: Vec::new(),
            left: Vec::new(),
            why: true,
            longest: (0, 0),
            saved,
            unbroken: None,
        }
    }

    /// Takes back the buffers of `branch`, one of its branches no longer needed, for the next
    /// branch: most branches are read once and dropped, and each would otherwise allocate its
    /// own.
    pub fn recycle(&mut self, branch: Branch) {
        let Branch {
            mut nodes,
            mut pool,
            ..
        } = branch;
        if self.nodes.capacity() < nodes.capacity() {
            nodes.clear();
            self.nodes = nodes;
        }
        if self.pool.capacity() < pool.capacity() {
            pool.clear();
            self.pool = pool;
        }
    }

    /// The layout of the state it propagates on.
    pub fn layout(&self) -> &'a Layout {
        self.layout
    }

    /// Follows one digit from now on (Nishio), keeping the buffers.
    pub fn set_digit(&mut self, digit: Digit) {
        self.scope = Scope::Digit(digit);
    }

    /// The consequences of `assumptions` (facts about candidates of the state), up to the
    /// first contradiction or the cap.
    pub fn run(&mut self, assumptions: &[Fact]) -> Branch {
        self.why = true;
        self.follow_all(assumptions)
    }

    /// The facts `assumptions` lead to and whether they break, as [`Propagator::run`] finds
    /// them, without why: the branch has no premises (and its contradiction none), no
    /// refutations. Premises change nothing a net derives, so this is [`Propagator::run`]'s
    /// branch without them, found faster; a chain's singles count their premises, so chains are
    /// followed with them.
    pub fn run_quickly(&mut self, assumptions: &[Fact]) -> Branch {
        self.why = matches!(self.scope, Scope::Chain(_));
        self.follow_all(assumptions)
    }

    /// [`Propagator::run_quickly`]'s branch, unless it breaks: then [`Propagator::run`]'s, with
    /// why, to explain the contradiction (the same facts follow, in the same order).
    pub fn run_explaining_breaks(&mut self, assumptions: &[Fact]) -> Branch {
        let branch = self.run_quickly(assumptions);
        match branch.contradiction {
            Some(_) => {
                self.recycle(branch);
                self.run(assumptions)
            }
            None => branch,
        }
    }

    /// Follows `assumptions`, recording why each fact follows or not as `why` says.
    fn follow_all(&mut self, assumptions: &[Fact]) -> Branch {
        self.nodes.reserve(self.longest.0);
        if self.why {
            self.pool.reserve(self.longest.1);
        }
        for &fact in assumptions {
            self.add(fact, Reason::Assumption, &[], 0);
        }
        self.follow(0);
        self.tried = 0;
        while matches!(self.scope, Scope::Nested(_)) && self.open() && self.refute() {
            self.follow(self.nodes.len() - 1);
        }
        self.longest.0 = self.longest.0.max(self.nodes.len());
        self.longest.1 = self.longest.1.max(self.pool.len());
        let branch = Branch {
            nodes: std::mem::take(&mut self.nodes),
            pool: std::mem::take(&mut self.pool),
            contradiction: self.contradiction.take(),
            refutations: std::mem::take(&mut self.refutations),
        };
        match &self.saved {
            Some(saved) => {
                for node in &branch.nodes {
                    self.reached[fact_number(node.fact, self.size)] = 0;
                }
                copy_back(
                    &saved.start,
                    &mut self.candidates,
                    &mut self.placed,
                    &mut self.places,
                );
            }
            None => {
                for node in branch.nodes.iter().rev() {
                    self.undo(node.fact);
                }
            }
        }
        branch
    }

    /// Whether the branch may go on: no contradiction, and the cap not reached.
    fn open(&self) -> bool {
        self.contradiction.is_none() && self.nodes.len() < self.cap
    }

    /// Derives what follows from the nodes from `next` on, and from what they lead to; counts
    /// the work (the facts followed).
    fn follow(&mut self, mut next: usize) {
        let first = next;
        while next < self.nodes.len() && self.open() {
            self.process(next as u32);
            next += 1;
        }
        work::spend((next - first) as u64 * cost::FACT);
    }

    /// Finds a candidate whose placement leads, by a net from the branch so far, to a
    /// contradiction, and records its elimination resting on the branch's facts that
    /// contradiction used, and how it broke. Whether it found one.
    fn refute(&mut self) -> bool {
        let Scope::Nested(most) = self.scope else {
            return false;
        };
        let layout = self.layout;
        let mark = self.nodes.len();
        // Every placement is tried from this mark: its counts are copied back after each.
        if let Some(saved) = &mut self.saved {
            let mark = &mut saved.mark;
            mark.candidates.copy_from_slice(&self.candidates);
            mark.placed.copy_from_slice(&self.placed);
            mark.places.copy_from_slice(&self.places);
        }
        if self.unbroken.is_none() {
            self.unbroken = Unbroken::new(self.reached.len()).map(Box::new);
        }
        if let Some(unbroken) = &mut self.unbroken {
            unbroken.set_branch(&self.nodes, self.size);
        }
        let candidates = &self.candidates;
        let tries: Vec<Candidate> = fewest_candidates_first(layout, candidates)
            .flat_map(|cell| {
                let options = candidates[cell.index()];
                options.iter().map(move |digit| Candidate::new(cell, digit))
            })
            .collect();
        for candidate in tries {
            if self.tried >= most || self.state.out_of_time() {
                return false;
            }
            self.tried += 1;
            if (self.unbroken.as_ref())
                .is_some_and(|u| u.holds_within(self.candidate_number(candidate)))
            {
                continue;
            }
            let why = self.why;
            self.why = false;
            let broke = self.try_placing(candidate, mark);
            self.why = why;
            if !broke {
                continue;
            }
            if !why {
                self.add(Fact::eliminated(candidate), Reason::Refuted, &[], 0);
                return true;
            }
            // Again, with why: the same facts follow, in the same order.
            self.try_placing(candidate, mark);
            let branch = Branch {
                nodes: self.nodes.clone(),
                pool: self.pool.clone(),
                contradiction: self.contradiction.take(),
                refutations: Vec::new(),
            };
            self.truncate(mark);
            self.record_refutation(candidate, branch, mark as u32);
            return true;
        }
        false
    }

    /// Places `candidate` on the branch's first `mark` nodes and follows it by a net; whether it
    /// broke. The placement and what followed stay (and the contradiction) when it broke, and
    /// are undone when it did not.
    fn try_placing(&mut self, candidate: Candidate, mark: usize) -> bool {
        let Scope::Nested(most) = self.scope else {
            unreachable!("refutations belong to nested nets");
        };
        self.scope = Scope::Net;
        self.add(Fact::placed(candidate), Reason::Assumption, &[], 0);
        self.follow(mark);
        self.scope = Scope::Nested(most);
        if self.contradiction.is_some() {
            if !self.why {
                self.contradiction = None;
                self.truncate(mark);
            }
            return true;
        }
        let at = self.candidate_number(candidate);
        if let Some(unbroken) = &mut self.unbroken
            && self.nodes.len() < self.cap
        {
            unbroken.keep(at, &self.nodes[mark..], self.size);
        }
        self.truncate(mark);
        false
    }

    /// Records the elimination of `candidate`, whose placement broke `branch` (grown from the
    /// branch's first `mark` nodes), resting on the nodes before `mark` the contradiction used.
    fn record_refutation(&mut self, candidate: Candidate, branch: Branch, mark: u32) {
        let (_, ends) = branch.contradiction.as_ref().expect("a broken branch");
        let (_, premises) = branch.ancestors_from(ends, mark);
        let depth = premises
            .iter()
            .map(|&p| self.nodes[p as usize].depth + 1)
            .max()
            .unwrap_or(1);
        let node = self.nodes.len() as u32;
        self.add(
            Fact::eliminated(candidate),
            Reason::Refuted,
            &premises,
            depth,
        );
        if self.nodes.len() as u32 > node {
            self.refutations.push(Refutation { node, mark, branch });
        }
    }

    /// Undoes the nodes from `mark` on; within [`Propagator::refute`], which saves the counts
    /// at its mark, by copying them back where that is cheaper.
    fn truncate(&mut self, mark: usize) {
        if let Some(saved) = &self.saved {
            for node in &self.nodes[mark.min(self.nodes.len())..] {
                self.reached[fact_number(node.fact, self.size)] = 0;
            }
            if let Some(first) = self.nodes.get(mark) {
                self.pool.truncate(first.start as usize);
            }
            self.nodes.truncate(mark);
            copy_back(
                &saved.mark,
                &mut self.candidates,
                &mut self.placed,
                &mut self.places,
            );
            return;
        }
        while self.nodes.len() > mark {
            let node = self.nodes.pop().expect("a node");
            self.pool.truncate(node.start as usize);
            self.undo(node.fact);
        }
    }

    /// Undoes what recording `fact` did.
    fn undo(&mut self, fact: Fact) {
        let Candidate { cell, digit } = fact.candidate;
        let key = fact_number(fact, self.size);
        self.reached[key] = 0;
        for &h in self.layout.houses_of(cell) {
            let slot = self.slot(h, digit);
            if fact.holds {
                self.placed[slot] -= 1;
            } else {
                self.places[slot] += 1;
            }
        }
        if !fact.holds {
            self.candidates[cell.index()].insert(digit);
        }
    }

    /// The number of `candidate` among the grid's (`cell * size + digit index`).
    fn candidate_number(&self, candidate: Candidate) -> usize {
        fact_number(Fact::eliminated(candidate), self.size) / 2
    }

    fn node_of(&self, fact: Fact) -> Option<u32> {
        self.reached[fact_number(fact, self.size)].checked_sub(1)
    }

    /// Records `fact`, resting on `premises`, unless it is already known; a fact whose opposite
    /// is known is recorded too and ends the branch in a contradiction.
    fn add(&mut self, fact: Fact, reason: Reason, premises: &[u32], depth: u32) {
        if self.contradiction.is_some() || self.nodes.len() >= self.cap {
            return;
        }
        let Candidate { cell, digit } = fact.candidate;
        let key = fact_number(fact, self.size);
        // An elimination recorded has removed its candidate, so a candidate still there is an
        // elimination not yet known.
        let known = match fact.holds {
            true => self.reached[key] != 0,
            false => !self.candidates[cell.index()].contains(digit),
        };
        if known {
            return;
        }
        // The opposite fact differs in the lowest bit of its number.
        let opposite = self.reached[key ^ 1].checked_sub(1);
        let index = self.push(fact, key, reason, premises, depth);
        // The fact takes effect even when it breaks the branch, so that `undo` undoes it.
        if fact.holds {
            for &h in self.layout.houses_of(cell) {
                let slot = self.slot(h, digit);
                self.placed[slot] += 1;
            }
        } else {
            self.candidates[cell.index()].remove(digit);
            for &h in self.layout.houses_of(cell) {
                let slot = self.slot(h, digit);
                self.places[slot] -= 1;
            }
        }
        if let Some(opposite) = opposite {
            self.contradiction = Some((Conflict::Both(fact.candidate), vec![opposite, index]));
        }
    }

    fn slot(&self, house: usize, digit: Digit) -> usize {
        house * self.size + digit.index()
    }

    /// Appends `fact`, numbered `key` ([`fact_number`]), to the branch.
    fn push(
        &mut self,
        fact: Fact,
        key: usize,
        reason: Reason,
        premises: &[u32],
        depth: u32,
    ) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            fact,
            reason,
            start: self.pool.len() as u32,
            len: if self.why { premises.len() as u32 } else { 0 },
            depth,
        });
        if self.why {
            self.pool.extend_from_slice(premises);
        }
        self.reached[key] = index + 1;
        index
    }

    /// Derives what follows from node `i` alone or together with earlier nodes.
    fn process(&mut self, i: u32) {
        let node = self.nodes[i as usize];
        let depth = node.depth + 1;
        if let Scope::Chain(longest) = self.scope
            && depth > longest
        {
            return;
        }
        let Candidate { cell, digit } = node.fact.candidate;
        if node.fact.holds {
            if !matches!(self.scope, Scope::Digit(_)) {
                let others = self.candidates[cell.index()].without(DigitSet::single(digit));
                for other in others.iter() {
                    let fact = Fact::eliminated(Candidate::new(cell, other));
                    self.add(fact, Reason::SameCell, &[i], depth);
                }
            }
            for &peer in self.layout.peers(cell) {
                if self.candidates[peer.index()].contains(digit) {
                    let fact = Fact::eliminated(Candidate::new(peer, digit));
                    self.add(fact, Reason::Peer, &[i], depth);
                }
            }
        } else {
            if !matches!(self.scope, Scope::Digit(_)) {
                self.naked_single(cell, depth);
            }
            let locked = matches!(self.scope, Scope::NetPlus);
            for &h in self.layout.houses_of(cell) {
                self.hidden_single(h, digit, depth);
                if locked {
                    self.locked(h, digit, depth);
                }
            }
        }
    }

    /// After an elimination of `digit` in house `h`: when its places left there all lie in
    /// another house too, it leaves that house's other cells.
    fn locked(&mut self, h: usize, digit: Digit, depth: u32) {
        let slot = self.slot(h, digit);
        if self.placed[slot] > 0 || self.places[slot] < 2 {
            return;
        }
        let layout = self.layout;
        let house: &House = &layout.houses()[h];
        let mut left = std::mem::take(&mut self.left);
        left.clear();
        left.extend(
            (house.cells.iter())
                .copied()
                .filter(|c| self.candidates[c.index()].contains(digit)),
        );
        for within in layout.common_houses(&left) {
            if within == h {
                continue;
            }
            let premises: Vec<u32> = if self.why {
                house
                    .cells
                    .iter()
                    .filter(|c| !layout.houses_of(**c).contains(&within))
                    .filter_map(|&c| self.node_of(Fact::eliminated(Candidate::new(c, digit))))
                    .collect()
            } else {
                Vec::new()
            };
            let reason = Reason::Locked(h as u32, within as u32);
            for &cell in &layout.houses()[within].cells {
                if self.candidates[cell.index()].contains(digit) && !left.contains(&cell) {
                    let fact = Fact::eliminated(Candidate::new(cell, digit));
                    self.add(fact, reason, &premises, depth);
                }
            }
        }
        self.left = left;
    }

    /// After an elimination in `cell`: a contradiction if nothing is left, a placement if one
    /// candidate is.
    fn naked_single(&mut self, cell: Cell, depth: u32) {
        let left = self.candidates[cell.index()];
        if left.len() > 1 {
            return;
        }
        let gone = self.state.candidates(cell).without(left);
        let mut premises = std::mem::take(&mut self.premises);
        premises.clear();
        if self.why {
            premises.extend(
                gone.iter()
                    .filter_map(|d| self.node_of(Fact::eliminated(Candidate::new(cell, d)))),
            );
        }
        match left.as_single() {
            None => self.contradiction = Some((Conflict::EmptyCell(cell), premises.clone())),
            Some(last) => {
                if self.allows(premises.len()) {
                    let fact = Fact::placed(Candidate::new(cell, last));
                    self.add(fact, Reason::NakedSingle, &premises, depth);
                }
            }
        }
        self.premises = premises;
    }

    /// After an elimination of `digit` in house `h`: a contradiction if it has no place left, a
    /// placement if it has one.
    fn hidden_single(&mut self, h: usize, digit: Digit, depth: u32) {
        let slot = self.slot(h, digit);
        if self.placed[slot] > 0 || self.places[slot] > 1 {
            return;
        }
        let house: &House = &self.layout.houses()[h];
        let first = house
            .cells
            .iter()
            .copied()
            .find(|c| self.candidates[c.index()].contains(digit));
        let mut premises = std::mem::take(&mut self.premises);
        premises.clear();
        if self.why {
            premises.extend(
                house
                    .cells
                    .iter()
                    .filter(|&&c| Some(c) != first)
                    .filter_map(|&c| self.node_of(Fact::eliminated(Candidate::new(c, digit)))),
            );
        }
        match first {
            None => self.contradiction = Some((Conflict::NoPlace(h, digit), premises.clone())),
            Some(cell) => {
                if self.allows(premises.len()) {
                    let fact = Fact::placed(Candidate::new(cell, digit));
                    self.add(fact, Reason::HiddenSingle(h as u32), &premises, depth);
                }
            }
        }
        self.premises = premises;
    }

    /// Whether a single resting on `premises` consequences may be used.
    fn allows(&self, premises: usize) -> bool {
        !matches!(self.scope, Scope::Chain(_)) || premises == 1
    }
}

#[cfg(test)]
mod tests {
    use super::{Branch, Fact, FactSet, Propagator, Scope};
    use crate::model::{Candidate, Cell, Digit};
    use crate::search::work;
    use crate::techniques::testing::top1465_first;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use std::collections::BTreeSet;

    /// What the first fact common to `sets` should be, worked out on plain sets of numbers:
    /// the lowest odd number (a placement), else the lowest.
    fn expected(sets: &[Vec<usize>]) -> Option<(usize, usize, bool)> {
        let mut common: BTreeSet<usize> = sets[0].iter().copied().collect();
        for set in &sets[1..] {
            common.retain(|n| set.contains(n));
        }
        let first = common.iter().find(|&&n| n % 2 == 1).or(common.first())?;
        Some((first / 2 / 9, first / 2 % 9, first % 2 == 1))
    }

    /// The facts of a branch in order, its contradiction, and each refutation's facts.
    fn shape(branch: &Branch) -> (Vec<Fact>, String, Vec<Vec<Fact>>) {
        let facts = |b: &Branch| b.nodes.iter().map(|n| n.fact).collect::<Vec<_>>();
        let refutations = branch.refutations.iter().map(|r| facts(&r.branch));
        (
            facts(branch),
            format!("{:?}", branch.contradiction),
            refutations.collect(),
        )
    }

    #[test]
    fn a_nested_branch_is_the_same_whatever_other_branches_left_behind() {
        // A propagator that has followed other nested branches skips the placements it knows
        // cannot break; each branch must still be what a fresh propagator finds, and the
        // skipping must show in the work counted (the facts followed).
        let state = top1465_first();
        let cells = state.layout().cells();
        let candidates: Vec<Candidate> = cells
            .flat_map(|c| {
                state
                    .candidates(c)
                    .iter()
                    .map(move |d| Candidate::new(c, d))
            })
            .collect();
        let mut shared = Propagator::new(&state, Scope::Nested(2000), 1000);
        let (mut refuted, mut work_shared, mut work_fresh) = (0, 0, 0);
        for &candidate in &candidates {
            for assumption in [Fact::placed(candidate), Fact::eliminated(candidate)] {
                let (kept, spent) = work::within(u64::MAX, || shared.run(&[assumption]));
                let mut fresh = Propagator::new(&state, Scope::Nested(2000), 1000);
                let (alone, spent_alone) = work::within(u64::MAX, || fresh.run(&[assumption]));
                assert_eq!(shape(&kept), shape(&alone), "{assumption:?}");
                refuted += kept.refutations.len();
                work_shared += spent.units;
                work_fresh += spent_alone.units;
            }
        }
        assert!(refuted > 0, "nested branches that refute");
        // Sets were kept, and replaced, and the tries they spared were not followed.
        let unbroken = shared.unbroken.as_ref().expect("placements tried");
        assert!(
            unbroken
                .kept
                .iter()
                .any(|&k| k as usize > super::Unbroken::SETS)
        );
        assert!(
            work_shared * 10 < work_fresh * 9,
            "{work_shared} units of work, {work_fresh} without the sets"
        );
    }

    #[test]
    fn fact_sets_as_bits_and_as_numbers_find_the_common_facts() {
        let mut rng = StdRng::seed_from_u64(5);
        let count = 81 * 9 * 2;
        for _ in 0..300 {
            let parts = rng.random_range(1..4);
            let sets: Vec<Vec<usize>> = (0..parts)
                .map(|_| (0..60).map(|_| rng.random_range(0..count)).collect())
                .collect();
            let want = expected(&sets).map(|(cell, digit, holds)| {
                (
                    Candidate::new(Cell::from_index(cell), Digit::from_index(digit)),
                    holds,
                )
            });
            for bits in [Some(count), None] {
                let of = |set: &Vec<usize>| FactSet::numbered(set.iter().copied(), 9, bits);
                let mut common = of(&sets[0]);
                let mut any = true;
                for set in &sets[1..] {
                    any = common.retain_common(&of(set));
                }
                let first = common.first_placement_or_fact();
                assert_eq!(any, want.is_some() || parts == 1);
                assert_eq!(first.map(|f| (f.candidate, f.holds)), want);
            }
        }
    }
}
