//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains, death blossoms, and Sue de Coq.
//!
//! An almost locked set (ALS) is N empty cells of one house holding N+1 digits between them: take
//! any one digit away and the others are locked into the cells. Two ALS are linked by a restricted
//! common candidate (RCC): a digit both hold whose every place in one sees its every place in the
//! other, so at most one of them can hold it. [`Graph::build`] collects every ALS up to a size cap
//! ([`Limits::als_cells`]) house by house and computes the RCCs once; every ALS technique works
//! on it.

mod blossom;
mod chain;
mod sue_de_coq;

pub use blossom::death_blossom;
pub use chain::chain;
pub(crate) use chain::{chain_through, xz_through};
pub use sue_de_coq::sue_de_coq;

use crate::core::step::{Figure, Role};
use crate::core::{Limits, State, Technique};
use crate::explain;
use crate::model::explanation::Node;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation};
use crate::techniques::common::{Shared, StateKey, sets_with_union, shared};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The ALS techniques the engine tries, up to the caps of `limits`.
pub fn ordered(limits: &Limits) -> Vec<Technique> {
    let chains = (2..=limits.als_chain_sets).map(|n| Technique::AlsChain(n as u8));
    let blossoms = (2..=limits.blossom_petals).map(|n| Technique::DeathBlossom(n as u8));
    std::iter::once(Technique::SueDeCoq)
        .chain(chains)
        .chain(blossoms)
        .collect()
}

/// A set of cells as a bit set over the grid's cells: two words held in place for grids of up
/// to 128 cells (9x9 and smaller, the ALS graph builds thousands of these), words on the heap
/// beyond.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum CellSet {
    /// Up to 128 cells.
    Small([u64; 2]),
    /// More cells: a word per 64.
    Large(Vec<u64>),
}

impl CellSet {
    /// The empty set for a grid of `cells` cells.
    pub fn new(cells: usize) -> CellSet {
        if cells <= 128 {
            CellSet::Small([0; 2])
        } else {
            CellSet::Large(vec![0; cells.div_ceil(64)])
        }
    }

    fn words(&self) -> &[u64] {
        match self {
            CellSet::Small(words) => words,
            CellSet::Large(words) => words,
        }
    }

    fn words_mut(&mut self) -> &mut [u64] {
        match self {
            CellSet::Small(words) => words,
            CellSet::Large(words) => words,
        }
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.words_mut()[cell.index() / 64] |= 1 << (cell.index() % 64);
    }

    /// The set of a grid of `cells` cells whose bits are `words` (a bit per cell, row-major,
    /// 64 to a word, as the state and the layout keep them).
    pub fn from_words(cells: usize, words: &[u64]) -> CellSet {
        let mut set = CellSet::new(cells);
        (set.words_mut().iter_mut())
            .zip(words)
            .for_each(|(a, &b)| *a = b);
        set
    }

    /// Keeps only the cells also in `other`.
    pub fn intersect_with(&mut self, other: &CellSet) {
        self.intersect_words(other.words());
    }

    /// Keeps only the cells whose bits are set in `words` (as [`CellSet::from_words`] reads
    /// them).
    pub fn intersect_words(&mut self, words: &[u64]) {
        (self.words_mut().iter_mut())
            .zip(words)
            .for_each(|(a, b)| *a &= b);
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words().iter().all(|&w| w == 0)
    }

    /// Whether every cell of `self` is in `other`.
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.words()
            .iter()
            .zip(other.words())
            .all(|(a, b)| a & !b == 0)
    }

    /// The cells, in row-major order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.words().iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    Cell::from_index(w * 64 + i)
                })
            })
        })
    }
}

/// One digit of an ALS: where the ALS holds it, and the cells outside that see all those places
/// and still hold the digit.
#[derive(Debug, Clone)]
struct Places {
    digit: Digit,
    holders: CellSet,
    seers: CellSet,
}

/// An almost locked set: N cells of one house with N+1 digits.
#[derive(Debug, Clone)]
pub(crate) struct Als {
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// The N+1 digits.
    pub digits: DigitSet,
    places: Vec<Places>,
}

impl Als {
    /// The ALS on `cells` (empty cells holding one digit more than they are).
    pub(crate) fn new(state: &State, cells: Vec<Cell>) -> Als {
        let count = state.layout().cell_count();
        let digits = cells
            .iter()
            .fold(DigitSet::EMPTY, |d, &c| d.union(state.candidates(c)));
        let places = digits
            .iter()
            .map(|digit| {
                // The seers start as the cells holding the digit; each holder keeps only its
                // peers among them (a holder is not its own peer).
                let mut holders = CellSet::new(count);
                let mut seers = CellSet::from_words(count, state.digit_cells(digit));
                for &h in cells
                    .iter()
                    .filter(|&&c| state.candidates(c).contains(digit))
                {
                    holders.insert(h);
                    seers.intersect_words(state.layout().peer_words(h));
                }
                Places {
                    digit,
                    holders,
                    seers,
                }
            })
            .collect();
        Als {
            cells,
            digits,
            places,
        }
    }

    fn places(&self, digit: Digit) -> &Places {
        self.places
            .iter()
            .find(|p| p.digit == digit)
            .expect("a digit of the ALS")
    }

    /// The cells of the ALS holding `digit`.
    pub fn holders(&self, digit: Digit) -> &CellSet {
        &self.places(digit).holders
    }

    /// The cells outside the ALS that hold `digit` and see every place of it in the ALS: if the
    /// ALS must hold `digit`, they lose it.
    pub fn seers(&self, digit: Digit) -> &CellSet {
        &self.places(digit).seers
    }

    /// The candidates of `digits` in the ALS, for a step's pattern.
    pub fn candidates(&self, digits: DigitSet) -> impl Iterator<Item = Candidate> + '_ {
        self.places
            .iter()
            .filter(move |p| digits.contains(p.digit))
            .flat_map(|p| p.holders.iter().map(move |c| Candidate::new(c, p.digit)))
    }

    /// The set as a figure: every candidate of its cells, row-major.
    pub fn figure(&self) -> Figure {
        let mut all: Vec<Candidate> = self.candidates(self.digits).collect();
        all.sort_unstable();
        Figure::new(Role::Als, all)
    }

    /// `r1c2,r1c3 {1,4,7}`.
    pub fn text(&self) -> Explanation {
        set_text(&self.cells, self.digits)
    }
}

/// Every ALS of the grid up to a size cap, and the restricted common candidates between them.
pub(crate) struct Graph {
    /// The ALS, house by house, smallest first within a house.
    pub sets: Vec<Als>,
    /// For each ALS, the ALS it is linked to and the RCCs of the link, by index.
    pub links: Vec<Vec<(usize, DigitSet)>>,
    /// Per longest ALS chain surveyed: which lengths of chain remove something (see
    /// `chain::lengths_with_steps`), worked out once per graph.
    pub chain_lengths: RefCell<BTreeMap<usize, Vec<bool>>>,
}

thread_local! {
    /// The last graph built on this thread, and what from.
    static LAST: Shared<(StateKey, usize), Graph> = const { RefCell::new(None) };
}

impl Graph {
    /// The graph of `state` with ALS of at most `cap` cells. The last graph built on this thread
    /// is kept, so the ALS techniques tried one after another on the same candidates share it.
    pub fn of(state: &State, cap: usize) -> Rc<Graph> {
        shared(&LAST, (StateKey::of(state), cap), || {
            Graph::build(state, cap)
        })
    }

    /// Lets go of the graph this thread keeps (see [`Graph::of`]).
    pub fn release() {
        LAST.with_borrow_mut(|last| *last = None);
    }

    /// Collects every ALS of at most `cap` cells (each once, from the first house holding all its
    /// cells) and links every pair by its RCCs.
    fn build(state: &State, cap: usize) -> Graph {
        let sets = collect(state, cap);
        // For each digit and cell, the ALS whose first place of the digit is that cell: an ALS
        // linked to `a` by d has its first place of d among the cells seeing all of a's places.
        let cells = state.layout().cell_count();
        let mut first_place: Vec<Vec<Vec<usize>>> = vec![vec![Vec::new(); cells]; state.size()];
        for (i, set) in sets.iter().enumerate() {
            for p in &set.places {
                let first = p.holders.iter().next().expect("a place");
                first_place[p.digit.index()][first.index()].push(i);
            }
        }
        let mut links = vec![Vec::new(); sets.len()];
        for (a, set) in sets.iter().enumerate() {
            let mut found: Vec<(usize, Digit)> = Vec::new();
            for p in &set.places {
                for cell in p.seers.iter() {
                    found.extend(
                        first_place[p.digit.index()][cell.index()]
                            .iter()
                            .filter(|&&b| b > a && sets[b].holders(p.digit).is_subset(&p.seers))
                            .map(|&b| (b, p.digit)),
                    );
                }
            }
            found.sort_unstable();
            for group in found.chunk_by(|x, y| x.0 == y.0) {
                let rccs: DigitSet = group.iter().map(|&(_, d)| d).collect();
                links[a].push((group[0].0, rccs));
                links[group[0].0].push((a, rccs));
            }
        }
        Graph {
            sets,
            links,
            chain_lengths: RefCell::default(),
        }
    }
}

/// Every ALS of `1..=cap` cells, found once each.
fn collect(state: &State, cap: usize) -> Vec<Als> {
    let layout = state.layout();
    let mut sets = Vec::new();
    for (id, house) in layout.houses().iter().enumerate() {
        let cells: Vec<Cell> = house
            .cells
            .iter()
            .copied()
            .filter(|&c| (1..=cap + 1).contains(&state.candidates(c).len()))
            .collect();
        let masks: Vec<u128> = cells.iter().map(|&c| state.candidates(c).bits()).collect();
        for n in 1..=cap.min(cells.len()) {
            sets_with_union(&masks, n, n + 1, &mut |chosen, _| {
                let mut set: Vec<Cell> = chosen.iter().map(|&i| cells[i]).collect();
                set.sort_unstable();
                if layout.common_houses(&set)[0] == id {
                    sets.push(Als::new(state, set));
                }
                true
            });
        }
    }
    sets
}

/// Cells and their digits in ALS notation, the cells without sheet addresses:
/// `r1c2,r1c3 {1,4,7}`.
pub(crate) fn set_text(cells: &[Cell], digits: DigitSet) -> Explanation {
    let cells = Explanation::join(cells.iter().map(|&c| Node(c)), ",");
    let mut braced = Explanation::from("{");
    braced.push(digits).push("}");
    explain!("{} {}", cells, braced)
}

/// The restricted common `digit` of two sets (an ALS or a stem cell, as candidates `a`, and the
/// ALS `b`): its candidates in both, row-major.
pub(crate) fn restricted_common(
    a: impl IntoIterator<Item = Candidate>,
    b: &Als,
    digit: Digit,
) -> Figure {
    let mut both: Vec<Candidate> = a.into_iter().filter(|c| c.digit == digit).collect();
    both.extend(eliminations_of(b.holders(digit), digit));
    both.sort_unstable();
    both.dedup();
    Figure::new(Role::RestrictedCommon, both)
}

/// The candidates of `digit` in `cells`, sorted.
pub(crate) fn eliminations_of(cells: &CellSet, digit: Digit) -> Vec<Candidate> {
    cells.iter().map(|c| Candidate::new(c, digit)).collect()
}
