//! The general fish search behind finned, sashimi, Franken and mutant fish: for one digit, `n`
//! base houses whose candidates, apart from a few fins, lie in `n` cover houses.
//!
//! If no fin is true, each base house holds the digit in a distinct covered cell, and those `n`
//! cells fill all `n` cover houses. So the digit goes from every cover cell outside the base
//! houses, and from every base cell in two cover houses (cannibalism) — unless a fin is true: only
//! cells that see every fin lose it. Candidates in two base houses (endo fins) count as fins.
//!
//! Candidates of the digit are numbered, and sets of them are fixed-width bit sets
//! ([`Bits`]); the width is picked from the number of candidates, so 9x9 grids use two words.
//!
//! Most sets of base houses make no fish that removes anything. Before their covers are sought,
//! a quick test ([`Board::some_target_coverable`]) asks, for each candidate a fish on them could
//! remove, whether the base candidates that do not see it could be covered at all: on top1465
//! it leaves about one set in seventy to the search for covers.

use crate::core::{Scope, State};
use crate::model::{Cell, Digit};
use crate::search::work::{self, cost};

/// Which houses may serve as base and cover sets, and how many fins a fish may have.
pub(super) struct Spec<'a> {
    /// Size: number of base (and cover) houses.
    pub n: usize,
    /// Houses allowed as base sets.
    pub base: &'a [usize],
    /// Houses allowed as cover sets.
    pub cover: &'a [usize],
    /// Most fins (endo fins included).
    pub max_fins: usize,
    /// Most endo fins (candidates in two base houses).
    pub max_endo_fins: usize,
}

/// A fish found: its houses, fins and eliminations, as cells of the digit.
pub(super) struct Found {
    /// Base houses, ascending.
    pub base: Vec<usize>,
    /// Cover houses, ascending.
    pub cover: Vec<usize>,
    /// The base candidates (fins included).
    pub body: Vec<Cell>,
    /// The fins.
    pub fins: Vec<Cell>,
    /// Cells that lose the digit.
    pub eliminations: Vec<Cell>,
}

/// Calls `found` with every fish of `digit` that one of `specs` allows (searched in turn) and that
/// eliminates something, until it returns `false`. With [`Scope::Lost`], only fish with a base
/// house that holds one of the lost cells are tried (see [`State::search_digit`]): any other fish
/// was there before the cells lost the digit, with the same body and fins and as many
/// eliminations or more.
pub(super) fn search(
    state: &State,
    digit: Digit,
    specs: &[Spec],
    scope: &Scope,
    found: &mut dyn FnMut(Found) -> bool,
) -> bool {
    search_with(state, digit, specs, scope, true, found)
}

/// [`search`], with the quick test that rules out most bases before their covers are sought
/// ([`Board::some_target_coverable`]) or without it (`quick`): both find the same fish, in the
/// same order.
fn search_with(
    state: &State,
    digit: Digit,
    specs: &[Spec],
    scope: &Scope,
    quick: bool,
    found: &mut dyn FnMut(Found) -> bool,
) -> bool {
    let layout = state.layout();
    let cells: Vec<Cell> = layout
        .cells()
        .filter(|&c| state.candidates(c).contains(digit))
        .collect();
    let touched = touched_houses(state, scope);
    match cells.len() {
        0..=128 => Board::<2>::new(state, cells, quick).search_each(specs, &touched, found),
        129..=256 => Board::<4>::new(state, cells, quick).search_each(specs, &touched, found),
        257..=640 => Board::<10>::new(state, cells, quick).search_each(specs, &touched, found),
        _ => Board::<157>::new(state, cells, quick).search_each(specs, &touched, found),
    }
}

/// Per house of the layout: whether a fish with it as a base must be tried in `scope`.
fn touched_houses(state: &State, scope: &Scope) -> Vec<bool> {
    let layout = state.layout();
    match scope {
        Scope::All => vec![true; layout.houses().len()],
        Scope::Lost(cells) => {
            let mut touched = vec![false; layout.houses().len()];
            for &cell in cells {
                for &house in layout.houses_of(cell) {
                    touched[house] = true;
                }
            }
            touched
        }
    }
}

/// A set of candidate numbers, `W` words wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Bits<const W: usize>([u64; W]);

impl<const W: usize> Bits<W> {
    const EMPTY: Self = Bits([0; W]);

    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }

    fn zip(self, other: Self, op: impl Fn(u64, u64) -> u64) -> Self {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0) {
            *o = op(*o, b);
        }
        out
    }

    fn or(self, other: Self) -> Self {
        self.zip(other, |a, b| a | b)
    }

    fn and(self, other: Self) -> Self {
        self.zip(other, |a, b| a & b)
    }

    fn minus(self, other: Self) -> Self {
        self.zip(other, |a, b| a & !b)
    }

    fn contains(self, i: usize) -> bool {
        self.0[i / 64] & 1 << (i % 64) != 0
    }

    fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    fn len(self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    fn first(self) -> Option<usize> {
        self.0
            .iter()
            .position(|&w| w != 0)
            .map(|k| k * 64 + self.0[k].trailing_zeros() as usize)
    }

    /// Whether `f` holds for some number in the set, asked lowest first.
    fn any(self, mut f: impl FnMut(usize) -> bool) -> bool {
        for (k, &word) in self.0.iter().enumerate() {
            let mut rest = word;
            while rest != 0 {
                if f(k * 64 + rest.trailing_zeros() as usize) {
                    return true;
                }
                rest &= rest - 1;
            }
        }
        false
    }

    fn iter(self) -> impl Iterator<Item = usize> {
        (0..W).flat_map(move |k| {
            let mut word = self.0[k];
            std::iter::from_fn(move || {
                (word != 0).then(|| {
                    let i = word.trailing_zeros() as usize;
                    word &= word - 1;
                    k * 64 + i
                })
            })
        })
    }
}

/// One digit's candidates: which lie in each house, and which see each other.
struct Board<'s, const W: usize> {
    cells: Vec<Cell>,
    /// Per candidate: the houses of its cell, ascending.
    houses_of: Vec<&'s [usize]>,
    /// Per house (by index into the layout's houses): its candidates.
    houses: Vec<Bits<W>>,
    /// Per candidate: the candidates that share a house with it.
    peers: Vec<Bits<W>>,
    /// Every candidate.
    all: Bits<W>,
    /// Whether bases go through the quick test before their covers are sought.
    quick: bool,
}

impl<'s, const W: usize> Board<'s, W> {
    fn new(state: &'s State, cells: Vec<Cell>, quick: bool) -> Self {
        let layout = state.layout();
        let mut houses = vec![Bits::EMPTY; layout.houses().len()];
        for (i, &cell) in cells.iter().enumerate() {
            for &h in layout.houses_of(cell) {
                houses[h] = houses[h].with(i);
            }
        }
        // Without cages a cell's peers are the cells of its houses: a few unions.
        let peers = match layout.cages().is_empty() {
            true => (cells.iter().enumerate())
                .map(|(i, &c)| {
                    (layout.houses_of(c).iter())
                        .fold(Bits::EMPTY, |set, &h| set.or(houses[h]))
                        .minus(Bits::EMPTY.with(i))
                })
                .collect(),
            false => {
                let mut number = vec![usize::MAX; layout.cell_count()];
                for (i, c) in cells.iter().enumerate() {
                    number[c.index()] = i;
                }
                let numbered =
                    |c: &Cell| (number[c.index()] != usize::MAX).then(|| number[c.index()]);
                (cells.iter())
                    .map(|&c| {
                        layout
                            .peers(c)
                            .iter()
                            .filter_map(numbered)
                            .fold(Bits::EMPTY, Bits::with)
                    })
                    .collect()
            }
        };
        Board {
            houses_of: cells.iter().map(|&c| layout.houses_of(c)).collect(),
            all: (0..cells.len()).fold(Bits::EMPTY, |set, i| set.with(i)),
            cells,
            houses,
            peers,
            quick,
        }
    }

    /// Searches fish of each of `specs` in turn, until `found` returns `false`.
    fn search_each(
        &self,
        specs: &[Spec],
        touched: &[bool],
        found: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        specs.iter().all(|spec| self.search(spec, touched, found))
    }

    /// Searches fish with at least one base among the `touched` houses.
    fn search(&self, spec: &Spec, touched: &[bool], found: &mut dyn FnMut(Found) -> bool) -> bool {
        let (pool, meets) = self.base_pool(spec);
        let touched: Vec<bool> = pool.iter().map(|&(h, _)| touched[h]).collect();
        let Some(last_touched) = touched.iter().rposition(|&t| t) else {
            return true;
        };
        let mut cover_index = vec![usize::MAX; self.houses.len()];
        for (k, &house) in spec.cover.iter().enumerate() {
            cover_index[house] = k;
        }
        let covers_of = self.covers_of(spec);
        let mut bases = Bases {
            spec,
            pool: &pool,
            touched: &touched,
            last_touched,
            meets: &meets,
            cover_index: &cover_index,
            covers_of: &covers_of,
            held: vec![0; (spec.n + 1) * spec.cover.len()],
            chosen: Vec::with_capacity(spec.n),
            scratch: Scratch::for_spec(spec, self.houses.len()),
            found,
        };
        let go_on = bases.extend(self, 0, Bits::EMPTY, Bits::EMPTY, 0, false);
        work::spend(bases.scratch.nodes * cost::FISH_NODE);
        go_on && !work::spent()
    }

    /// Per candidate, the cover houses of `spec` that hold it, a bit each by their place among
    /// them; empty for a spec of more than 64 covers (whose bases skip the quick test).
    fn covers_of(&self, spec: &Spec) -> Vec<u64> {
        if spec.cover.len() > 64 {
            return Vec::new();
        }
        let mut bits = vec![0u64; self.cells.len()];
        for (k, &house) in spec.cover.iter().enumerate() {
            for i in self.houses[house].iter() {
                bits[i] |= 1 << k;
            }
        }
        bits
    }

    /// The non-empty houses that may serve as bases, each with its deficit: how many of its
    /// candidates no `n` other cover houses can hold, the fewest fins it brings. Beside them, per
    /// such house, how many of its candidates each cover house of `spec` holds: a row of
    /// `spec.cover.len()` counts.
    fn base_pool(&self, spec: &Spec) -> (Vec<(usize, usize)>, Vec<u16>) {
        let mut pool = Vec::with_capacity(spec.base.len());
        let mut meets = Vec::with_capacity(spec.base.len() * spec.cover.len());
        let mut held = Vec::with_capacity(spec.cover.len());
        for &base in spec.base.iter().filter(|&&h| !self.houses[h].is_empty()) {
            let row = meets.len();
            let set = self.houses[base];
            meets.extend(
                spec.cover
                    .iter()
                    .map(|&cover| self.houses[cover].and(set).len() as u16),
            );
            held.clear();
            let others = spec
                .cover
                .iter()
                .zip(&meets[row..])
                .filter(|&(&c, _)| c != base);
            held.extend(others.map(|(_, &count)| usize::from(count)));
            let deficit = set.len().saturating_sub(sum_of_largest(&mut held, spec.n));
            if deficit <= spec.max_fins {
                pool.push((base, deficit));
            } else {
                meets.truncate(row);
            }
        }
        (pool, meets)
    }

    /// Searches the cover sets for the base houses of `bases`; `scratch` lends its buffers.
    fn covers(
        &self,
        spec: &Spec,
        bases: &BaseSet<W>,
        scratch: &mut Scratch,
        found: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let BaseSet { body, endo, .. } = *bases;
        let (pool, held) = (&mut scratch.pool, &mut scratch.held);
        pool.clear();
        held.clear();
        // The pool's covers as bits of `bases.covers_of` (their places among the spec's).
        let mut pool_bits = 0u64;
        for (k, (&house, &count)) in spec.cover.iter().zip(bases.held).enumerate() {
            if count > 0 {
                pool.push(house);
                held.push(usize::from(count));
                // Beyond 64 covers no bits are kept (nor asked for).
                pool_bits |= 1u64.checked_shl(k as u32).unwrap_or(0);
            }
        }
        // Without fins, most bases hold more candidates than `n` covers can, which a count
        // tells quickly; with fins, few do, and the quick test below rules out many more.
        if spec.max_fins == 0 && body.len() > sum_of_largest(held, spec.n) {
            return true;
        }
        let reach = endo
            .iter()
            .fold(self.all, |reach, e| reach.and(self.peers[e]));
        let targets = self.targets(pool, body);
        let reachable = reach.and(targets);
        if reachable.is_empty()
            || (self.quick && !self.some_target_coverable(spec.n, bases, reachable, pool_bits))
        {
            return true;
        }
        let pool = &scratch.pool;
        scratch.state.clear();
        scratch.state.resize(self.houses.len(), Cover::Unusable);
        for &house in pool.iter() {
            scratch.state[house] = Cover::Free;
        }
        scratch.tried.clear();
        scratch.chosen.clear();
        let mut covers = Covers {
            board: self,
            spec,
            base: bases.houses,
            body,
            endo,
            targets,
            chosen: &mut scratch.chosen,
            state: &mut scratch.state,
            tried: &mut scratch.tried,
            nodes: &mut scratch.nodes,
            found,
        };
        let spare_fins = spec.max_fins.saturating_sub(endo.len());
        covers.extend(Bits::EMPTY, Bits::EMPTY, (Bits::EMPTY, spare_fins), reach)
    }

    /// Whether some of `reachable` (targets that see every endo fin) might go by a fish of `n`
    /// covers from the pool (`pool_bits` of `bases.covers_of`) on `bases`: a quick test that
    /// rules out most bases.
    ///
    /// Every fin sees what a fish removes, so the body candidates that do not see a target `t`
    /// must be covered, and `t` too (twice if it is a cannibal). Candidates no two of which
    /// share a cover of the pool each need a cover of their own: when more than `n` of them are
    /// found among those (greedily, lowest first), `t` cannot go.
    fn some_target_coverable(
        &self,
        n: usize,
        bases: &BaseSet<W>,
        reachable: Bits<W>,
        pool_bits: u64,
    ) -> bool {
        if bases.covers_of.is_empty() {
            return true;
        }
        let covers_of = |i: usize| bases.covers_of[i] & pool_bits;
        let (body, endo) = (bases.body, bases.endo);
        reachable.any(|t| {
            let one = Bits::EMPTY.with(t);
            // A cannibal is in two covers (and no fin).
            let mut count = if body.and(one).is_empty() { 1 } else { 2 };
            let mut used = covers_of(t);
            let must = body.minus(self.peers[t]).minus(endo).minus(one);
            // A candidate in no cover, or one too many needing a cover of its own, rules `t` out.
            let ruled_out = must.any(|x| {
                let own = covers_of(x);
                if own & used != 0 {
                    return false;
                }
                used |= own;
                count += 1;
                own == 0 || count > n
            });
            count <= n && !ruled_out
        })
    }

    /// What any fish on a base with candidates `body` and covers from `pool` could remove: the
    /// candidates of the covers outside the body, and body candidates in two covers (cannibals).
    /// Eliminations also see every fin, so a branch whose fins see none of these finds nothing.
    fn targets(&self, pool: &[usize], body: Bits<W>) -> Bits<W> {
        let (mut once, mut twice) = (Bits::EMPTY, Bits::EMPTY);
        for &h in pool {
            let set = self.houses[h];
            twice = twice.or(once.and(set));
            once = once.or(set);
        }
        once.minus(body).or(twice.and(body))
    }

    fn cells_of(&self, set: Bits<W>) -> Vec<Cell> {
        set.iter().map(|i| self.cells[i]).collect()
    }
}

/// The sum of the `n` largest of `values`, which it may reorder.
fn sum_of_largest(values: &mut [usize], n: usize) -> usize {
    /// Up to this many, the largest are kept in order in one pass (fish are rarely larger).
    const KEPT: usize = 4;
    if values.len() <= n {
        return values.iter().sum();
    }
    if !(1..=KEPT).contains(&n) {
        values.select_nth_unstable_by(n, |a, b| b.cmp(a));
        return values[..n].iter().sum();
    }
    let mut largest = [0; KEPT];
    for &value in values.iter() {
        // Insertion into the kept ones, the smallest last.
        let mut at = n;
        while at > 0 && largest[at - 1] < value {
            if at < n {
                largest[at] = largest[at - 1];
            }
            at -= 1;
        }
        if at < n {
            largest[at] = value;
        }
    }
    largest[..n].iter().sum()
}

/// Buffers of the cover search, kept from one set of base houses to the next.
struct Scratch {
    /// The houses that may cover the base's candidates.
    pool: Vec<usize>,
    /// How many base candidates each of `pool` holds.
    held: Vec<usize>,
    /// Per house of the layout: where it stands in the cover search.
    state: Vec<Cover>,
    /// The covers barred so far.
    tried: Vec<usize>,
    /// The covers chosen.
    chosen: Vec<usize>,
    /// Nodes of the base and cover searches not yet counted as work.
    nodes: u64,
}

/// Nodes of the fish search between two counts of the work done.
const COUNT_EVERY: u64 = 1024;

impl Scratch {
    /// Buffers with room for the searches of `spec` on a layout of `houses` houses.
    fn for_spec(spec: &Spec, houses: usize) -> Scratch {
        let covers = spec.cover.len();
        Scratch {
            pool: Vec::with_capacity(covers),
            held: Vec::with_capacity(covers),
            state: Vec::with_capacity(houses),
            tried: Vec::with_capacity(covers),
            chosen: Vec::with_capacity(spec.n),
            nodes: 0,
        }
    }

    /// Counts the nodes searched since the last count as work, now and then; whether the
    /// budget of work the thread works within is spent (the search then stops).
    fn count(&mut self) -> bool {
        if self.nodes < COUNT_EVERY {
            return false;
        }
        work::spend(self.nodes * cost::FISH_NODE);
        self.nodes = 0;
        work::spent()
    }
}

/// The search for base houses: each new one keeps the fins it must bring (its deficit) within the
/// limit, and shares at most the allowed number of endo fins with the others.
struct Bases<'a, 'f> {
    spec: &'a Spec<'a>,
    /// Houses allowed as bases, with their deficits.
    pool: &'a [(usize, usize)],
    /// Per house of the pool: whether it is touched (a fish needs one touched base).
    touched: &'a [bool],
    /// The last touched house of the pool.
    last_touched: usize,
    /// Per house of the pool, how many of its candidates each cover house of the spec holds: a
    /// row of `spec.cover.len()` counts.
    meets: &'a [u16],
    /// Per house of the layout: its index among the spec's cover houses (`usize::MAX` for none).
    cover_index: &'a [usize],
    /// Per candidate, the spec's covers that hold it (see [`BaseSet::covers_of`]).
    covers_of: &'a [u64],
    /// Per number of bases chosen (0 to `n`), a row: how many of the chosen bases' candidates
    /// each cover house of the spec holds.
    held: Vec<u16>,
    chosen: Vec<usize>,
    scratch: Scratch,
    found: &'f mut dyn FnMut(Found) -> bool,
}

impl Bases<'_, '_> {
    /// Chooses the next base from `pool[start..]`; `union` holds the chosen bases' candidates,
    /// `endo` those in two of them, `deficit` the sum of their deficits; `touched`: whether one
    /// of them is touched.
    fn extend<const W: usize>(
        &mut self,
        board: &Board<'_, W>,
        start: usize,
        union: Bits<W>,
        endo: Bits<W>,
        deficit: usize,
        touched: bool,
    ) -> bool {
        let spec = self.spec;
        let depth = self.chosen.len();
        // A node's work grows with the covers it counts (eight at a time), a leaf's with the
        // candidates too (the search for covers tests them).
        self.scratch.nodes += 1 + spec.cover.len() as u64 / 8;
        if depth == spec.n {
            self.scratch.nodes += board.cells.len() as u64 / 2;
            let width = spec.cover.len();
            // A base is no cover: its count goes (the row is filled afresh for the next set).
            let row = &mut self.held[depth * width..];
            for &house in &self.chosen {
                if let Some(count) = row.get_mut(self.cover_index[house]) {
                    *count = 0;
                }
            }
            let bases = BaseSet {
                houses: &self.chosen,
                body: union,
                endo,
                held: &self.held[depth * width..],
                covers_of: self.covers_of,
            };
            return board.covers(spec, &bases, &mut self.scratch, self.found);
        }
        let mut end = (self.pool.len() + depth + 1).saturating_sub(spec.n);
        if !touched {
            end = end.min(self.last_touched + 1);
        }
        let last = depth + 1 == spec.n;
        // And each house tried here.
        self.scratch.nodes += end.saturating_sub(start) as u64;
        if self.scratch.count() {
            return false;
        }
        for i in start..end {
            if last && !touched && !self.touched[i] {
                continue;
            }
            let (house, own) = self.pool[i];
            let set = board.houses[house];
            let shared = union.and(set);
            let endo = endo.or(shared);
            let deficit = deficit + own;
            if endo.len() > spec.max_endo_fins || deficit.saturating_sub(endo.len()) > spec.max_fins
            {
                continue;
            }
            self.count_held(board, i, shared);
            self.chosen.push(house);
            let touched = touched || self.touched[i];
            let go_on = self.extend(board, i + 1, union.or(set), endo, deficit, touched);
            self.chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// Fills the row of held counts for one more base: the chosen bases' row plus that of
    /// `pool[i]`, less its candidates the chosen bases hold already (`shared`).
    fn count_held<const W: usize>(&mut self, board: &Board<'_, W>, i: usize, shared: Bits<W>) {
        let width = self.spec.cover.len();
        let depth = self.chosen.len();
        let (before, after) = self.held.split_at_mut((depth + 1) * width);
        let (now, next) = (&before[depth * width..], &mut after[..width]);
        let meets = &self.meets[i * width..(i + 1) * width];
        for ((next, &now), &meet) in next.iter_mut().zip(now).zip(meets) {
            *next = now + meet;
        }
        for candidate in shared.iter() {
            for &house in board.houses_of[candidate] {
                if let Some(count) = next.get_mut(self.cover_index[house]) {
                    *count -= 1;
                }
            }
        }
    }
}

/// A full set of base houses, as the cover search takes it.
struct BaseSet<'a, const W: usize> {
    /// The base houses, in the order chosen.
    houses: &'a [usize],
    /// Their candidates.
    body: Bits<W>,
    /// The candidates in two of them (endo fins).
    endo: Bits<W>,
    /// Per cover house of the spec: how many of `body` it holds (none for the base houses).
    held: &'a [u16],
    /// Per candidate: the spec's cover houses that hold it, a bit each by their place among
    /// them; empty for a spec of more than 64 covers.
    covers_of: &'a [u64],
}

/// Where a house stands in the search for covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cover {
    /// No cover of these bases: not allowed, a base, or without base candidates.
    Unusable,
    /// May be chosen.
    Free,
    /// Chosen on the current branch.
    Chosen,
    /// Tried for an earlier sibling branch.
    Barred,
}

/// The search for cover houses over fixed base houses. Each base candidate, lowest first, is
/// either covered — by the first chosen cover that holds it, so each cover set is met once — or
/// a fin, which no cover may then hold.
struct Covers<'a, 'f, const W: usize> {
    board: &'a Board<'a, W>,
    spec: &'a Spec<'a>,
    base: &'a [usize],
    body: Bits<W>,
    endo: Bits<W>,
    /// Every candidate a fish on these bases could remove: see [`Board::targets`].
    targets: Bits<W>,
    /// The covers chosen, in the order chosen.
    chosen: &'a mut Vec<usize>,
    /// Per house of the layout: where it stands.
    state: &'a mut [Cover],
    /// The covers barred so far, innermost branch last, to lift the bars on the way back.
    tried: &'a mut Vec<usize>,
    /// Nodes searched, counted as work by the search for bases.
    nodes: &'a mut u64,
    found: &'f mut dyn FnMut(Found) -> bool,
}

impl<const W: usize> Covers<'_, '_, W> {
    /// `covered`: candidates in a chosen cover; `twice`: in two; `fins`: fins outside the endo
    /// fins, and how many more fins the limit allows; `reach`: candidates that see every fin.
    fn extend(
        &mut self,
        covered: Bits<W>,
        twice: Bits<W>,
        (fins, spare_fins): (Bits<W>, usize),
        reach: Bits<W>,
    ) -> bool {
        *self.nodes += 1;
        let open = self.body.minus(covered).minus(fins).minus(self.endo);
        // With every candidate covered before the last cover, there is no fish here: those of
        // `n` covers end in `last_cover`.
        let Some(x) = open.first() else {
            return true;
        };
        if self.chosen.len() + 1 == self.spec.n {
            return self.last_cover(covered, twice, (fins, spare_fins), reach, open);
        }
        let go_on = self.cover(x, covered, twice, (fins, spare_fins), reach);
        // Eliminations must see every fin and lie in a cover or the body.
        if !go_on || spare_fins == 0 {
            return go_on;
        }
        let (fins, reach) = (fins.with(x), reach.and(self.board.peers[x]));
        if !self.may_eliminate(fins, reach) {
            return true;
        }
        self.extend(covered, twice, (fins, spare_fins - 1), reach)
    }

    /// The branches of [`Covers::extend`] with one cover left to choose, in the same order,
    /// without recursion: the last cover holds the lowest `open` candidate, or that candidate is
    /// a fin and the next one is tried; the open candidates outside the last cover are fins.
    fn last_cover(
        &mut self,
        covered: Bits<W>,
        twice: Bits<W>,
        (mut fins, mut spare_fins): (Bits<W>, usize),
        mut reach: Bits<W>,
        mut open: Bits<W>,
    ) -> bool {
        while let Some(x) = open.first() {
            for &house in self.board.houses_of[x] {
                let set = self.board.houses[house];
                let rest = open.minus(set);
                if self.state[house] != Cover::Free
                    || !set.and(fins).is_empty()
                    || rest.len() > spare_fins
                {
                    continue;
                }
                if !self.leaf(house, covered, twice, (fins, rest), reach) {
                    return false;
                }
            }
            if spare_fins == 0 {
                return true;
            }
            (fins, reach, spare_fins) =
                (fins.with(x), reach.and(self.board.peers[x]), spare_fins - 1);
            if !self.may_eliminate(fins, reach) {
                return true;
            }
            open = open.minus(Bits::EMPTY.with(x));
        }
        true
    }

    /// The branches that cover candidate `x` (see [`Covers::extend`]), each by one of the free
    /// houses of its cell, in the layout's order; each is barred for the branches after it.
    fn cover(
        &mut self,
        x: usize,
        covered: Bits<W>,
        twice: Bits<W>,
        fins: (Bits<W>, usize),
        reach: Bits<W>,
    ) -> bool {
        let mark = self.tried.len();
        let mut go_on = true;
        for &house in self.board.houses_of[x] {
            let set = self.board.houses[house];
            if self.state[house] != Cover::Free || !set.and(fins.0).is_empty() {
                continue;
            }
            self.state[house] = Cover::Chosen;
            self.chosen.push(house);
            go_on = self.extend(covered.or(set), twice.or(covered.and(set)), fins, reach);
            self.chosen.pop();
            self.state[house] = Cover::Barred;
            self.tried.push(house);
            if !go_on {
                break;
            }
        }
        for house in self.tried.drain(mark..) {
            self.state[house] = Cover::Free;
        }
        go_on
    }

    /// Whether some candidate that sees every fin (`reach`) may still go: one in a cover chosen
    /// or still free (neither barred nor holding a fin) outside the body, or a body candidate in
    /// two such covers.
    fn may_eliminate(&self, fins: Bits<W>, reach: Bits<W>) -> bool {
        let mut targets = reach.and(self.targets);
        while let Some(t) = targets.first() {
            targets.0[t / 64] &= !(1 << (t % 64));
            // One cover for a candidate outside the body, two for a cannibal.
            let mut needed = 1 + usize::from(self.body.contains(t));
            for &house in self.board.houses_of[t] {
                needed -= usize::from(self.may_hold(house, fins));
                if needed == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `house` is a cover chosen, or one that may still be chosen beside `fins`.
    fn may_hold(&self, house: usize, fins: Bits<W>) -> bool {
        match self.state[house] {
            Cover::Chosen => true,
            Cover::Free => self.board.houses[house].and(fins).is_empty(),
            Cover::Unusable | Cover::Barred => false,
        }
    }

    /// Reports the fish with `house` as its last cover and `rest`, the base candidates it leaves
    /// open, as more fins beside `fins`, if it eliminates something.
    fn leaf(
        &mut self,
        house: usize,
        covered: Bits<W>,
        twice: Bits<W>,
        (fins, rest): (Bits<W>, Bits<W>),
        reach: Bits<W>,
    ) -> bool {
        let set = self.board.houses[house];
        let (covered, twice, fins) = (covered.or(set), twice.or(covered.and(set)), fins.or(rest));
        let mut eliminations = self.eliminations(covered, twice, fins).and(reach);
        // Each fin of `rest` narrows them to its peers; none left, no fish.
        for fin in rest.iter() {
            if eliminations.is_empty() {
                return true;
            }
            eliminations = eliminations.and(self.board.peers[fin]);
        }
        self.chosen.push(house);
        let go_on = self.report(fins, eliminations);
        self.chosen.pop();
        go_on
    }

    /// What a fish with these covers and fins (besides the endo fins) removes, before the
    /// candidates that do not see every fin are left out.
    fn eliminations(&self, covered: Bits<W>, twice: Bits<W>, fins: Bits<W>) -> Bits<W> {
        let cannibals = twice.and(self.body).minus(fins).minus(self.endo);
        covered.minus(self.body).or(cannibals)
    }

    /// Reports the fish of the covers chosen, with `fins` besides the endo fins, if it removes
    /// something: `eliminations`, which see every fin.
    fn report(&mut self, fins: Bits<W>, eliminations: Bits<W>) -> bool {
        if eliminations.is_empty() {
            return true;
        }
        let mut base = self.base.to_vec();
        base.sort_unstable();
        let mut cover = self.chosen.clone();
        cover.sort_unstable();
        (self.found)(Found {
            base,
            cover,
            body: self.board.cells_of(self.body),
            fins: self.board.cells_of(fins.or(self.endo)),
            eliminations: self.board.cells_of(eliminations),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{Found, Spec, search_with, sum_of_largest};
    use crate::core::{Scope, State, Technique};
    use crate::model::{Digit, HouseKind};
    use crate::read::{ReadOptions, read_text};
    use crate::techniques::find_first;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

    /// The state of each of the 64 top1465 puzzles of the fixture once singles and intersections
    /// are used up: where fish come next.
    fn states_after_simple_techniques() -> Vec<State> {
        let text = include_str!("../../../fixtures/samples/se_ratings_top1465_sample.txt");
        let simple = Technique::SIMPLEST;
        let lines = text.lines().map(|l| l.split_whitespace().next().unwrap());
        let puzzles = lines.map(|line| {
            let read = read_text(line, "top1465", &ReadOptions::default()).expect("a puzzle");
            State::from_puzzle(&read.puzzles[0])
        });
        puzzles
            .map(|mut state| {
                while let Some(step) = simple.iter().find_map(|&t| find_first(t, &state)) {
                    state.apply(&step);
                }
                state
            })
            .collect()
    }

    /// What a fish found is, for comparing searches.
    type Shape = (Vec<usize>, Vec<usize>, Vec<usize>, Vec<usize>);

    fn shape(fish: &Found) -> Shape {
        let cells = |cells: &[crate::model::Cell]| cells.iter().map(|c| c.index()).collect();
        let (base, cover) = (fish.base.clone(), fish.cover.clone());
        (base, cover, cells(&fish.fins), cells(&fish.eliminations))
    }

    #[test]
    fn the_quick_test_rules_out_no_fish() {
        // Finned Franken fish of two and three bases and finned mutant X-Wings, up to five fins,
        // on every digit: the searches with and without the quick test meet the same fish in
        // the same order.
        let mut met = 0;
        for state in states_after_simple_techniques() {
            let houses = state.layout().houses();
            let of = |kinds: &[HouseKind]| -> Vec<usize> {
                (0..houses.len())
                    .filter(|&h| kinds.contains(&houses[h].kind))
                    .collect()
            };
            let (row, column, region) = (HouseKind::Row, HouseKind::Column, HouseKind::Region);
            let (rows_regions, columns_regions) = (of(&[row, region]), of(&[column, region]));
            let every: Vec<usize> = (0..houses.len()).collect();
            let spec = |n, base, cover| Spec {
                n,
                base,
                cover,
                max_fins: 5,
                max_endo_fins: 2,
            };
            let specs = [
                spec(2, &rows_regions, &columns_regions),
                spec(3, &rows_regions, &columns_regions),
                spec(3, &columns_regions, &rows_regions),
                spec(2, &every, &every),
            ];
            for digit in (1..=9).map(Digit::new) {
                let mut fish: [Vec<Shape>; 2] = Default::default();
                for (quick, found) in [true, false].into_iter().zip(&mut fish) {
                    search_with(&state, digit, &specs, &Scope::All, quick, &mut |f| {
                        found.push(shape(&f));
                        true
                    });
                }
                assert_eq!(fish[0], fish[1], "digit {digit:?}");
                met += fish[0].len();
            }
        }
        assert!(met > 100, "only {met} fish met");
    }

    #[test]
    fn the_sum_of_the_largest_values_matches_a_sort() {
        let mut rng = StdRng::seed_from_u64(7);
        for _ in 0..2000 {
            let len = rng.random_range(0..12);
            let mut values: Vec<usize> = (0..len).map(|_| rng.random_range(0..10)).collect();
            let n = rng.random_range(0..7);
            let mut sorted = values.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let expected: usize = sorted.iter().take(n).sum();
            assert_eq!(
                sum_of_largest(&mut values, n),
                expected,
                "{sorted:?}, n = {n}"
            );
        }
    }
}
