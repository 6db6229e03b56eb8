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

use crate::core::{Scope, State};
use crate::model::{Cell, Digit};

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
    let layout = state.layout();
    let cells: Vec<Cell> = layout
        .cells()
        .filter(|&c| state.candidates(c).contains(digit))
        .collect();
    let touched = touched_houses(state, scope);
    match cells.len() {
        0..=128 => Board::<2>::new(state, cells).search_each(specs, &touched, found),
        129..=256 => Board::<4>::new(state, cells).search_each(specs, &touched, found),
        257..=640 => Board::<10>::new(state, cells).search_each(specs, &touched, found),
        _ => Board::<157>::new(state, cells).search_each(specs, &touched, found),
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
}

impl<'s, const W: usize> Board<'s, W> {
    fn new(state: &'s State, cells: Vec<Cell>) -> Self {
        let layout = state.layout();
        let mut number = vec![usize::MAX; layout.cell_count()];
        for (i, c) in cells.iter().enumerate() {
            number[c.index()] = i;
        }
        let houses = layout
            .houses()
            .iter()
            .map(|h| {
                h.cells
                    .iter()
                    .filter(|c| number[c.index()] != usize::MAX)
                    .fold(Bits::EMPTY, |set, c| set.with(number[c.index()]))
            })
            .collect();
        let peers = cells
            .iter()
            .map(|&c| {
                layout
                    .peers(c)
                    .iter()
                    .filter(|p| number[p.index()] != usize::MAX)
                    .fold(Bits::EMPTY, |set, p| set.with(number[p.index()]))
            })
            .collect();
        Board {
            houses_of: cells.iter().map(|&c| layout.houses_of(c)).collect(),
            all: (0..cells.len()).fold(Bits::EMPTY, |set, i| set.with(i)),
            cells,
            houses,
            peers,
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
        let mut held = Vec::with_capacity(spec.cover.len());
        let pool: Vec<(usize, usize)> = spec
            .base
            .iter()
            .map(|&h| (h, self.deficit(spec, h, self.houses[h], &mut held)))
            .filter(|&(h, deficit)| !self.houses[h].is_empty() && deficit <= spec.max_fins)
            .collect();
        let touched: Vec<bool> = pool.iter().map(|&(h, _)| touched[h]).collect();
        let Some(last_touched) = touched.iter().rposition(|&t| t) else {
            return true;
        };
        let mut bases = Bases {
            spec,
            pool: &pool,
            touched: &touched,
            last_touched,
            chosen: Vec::with_capacity(spec.n),
            scratch: Scratch::default(),
            found,
        };
        bases.extend(self, 0, Bits::EMPTY, Bits::EMPTY, 0, false)
    }

    /// How many of `set` (candidates of house `base`) no `n` cover houses can hold: the fewest
    /// fins it brings. `held` lends its buffer.
    fn deficit(&self, spec: &Spec, base: usize, set: Bits<W>, held: &mut Vec<usize>) -> usize {
        held.clear();
        for &cover in spec.cover.iter().filter(|&&c| c != base) {
            held.push(self.houses[cover].and(set).len());
        }
        set.len().saturating_sub(sum_of_largest(held, spec.n))
    }

    /// Searches the cover sets for the base houses `base`; `scratch` lends its buffers.
    fn covers(
        &self,
        spec: &Spec,
        base: &[usize],
        (body, endo): (Bits<W>, Bits<W>),
        scratch: &mut Scratch,
        found: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        let (pool, held) = (&mut scratch.pool, &mut scratch.held);
        pool.clear();
        held.clear();
        for &house in spec.cover.iter().filter(|h| !base.contains(h)) {
            let count = self.houses[house].and(body).len();
            if count > 0 {
                pool.push(house);
                held.push(count);
            }
        }
        if body.len() > sum_of_largest(held, spec.n) + spec.max_fins {
            return true;
        }
        let reach = endo
            .iter()
            .fold(self.all, |reach, e| reach.and(self.peers[e]));
        let targets = self.targets(pool, body);
        if reach.and(targets).is_empty() {
            return true;
        }
        scratch.pool_index.clear();
        scratch.pool_index.resize(self.houses.len(), usize::MAX);
        for (j, &house) in pool.iter().enumerate() {
            scratch.pool_index[house] = j;
        }
        scratch.barred.clear();
        scratch.barred.resize(pool.len(), false);
        scratch.tried.clear();
        let mut covers = Covers {
            board: self,
            spec,
            base,
            body,
            endo,
            targets,
            pool: &scratch.pool,
            pool_index: &scratch.pool_index,
            chosen: Vec::with_capacity(spec.n),
            barred: &mut scratch.barred,
            tried: &mut scratch.tried,
            found,
        };
        covers.extend(Bits::EMPTY, Bits::EMPTY, Bits::EMPTY, reach)
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
        if value > largest[n - 1] {
            let at = largest[..n].partition_point(|&l| l >= value);
            largest.copy_within(at..n - 1, at + 1);
            largest[at] = value;
        }
    }
    largest[..n].iter().sum()
}

/// Buffers of the cover search, kept from one set of base houses to the next.
#[derive(Default)]
struct Scratch {
    /// The houses that may cover the base's candidates.
    pool: Vec<usize>,
    /// How many base candidates each of `pool` holds.
    held: Vec<usize>,
    /// Per house, its index in `pool` (`usize::MAX` for none).
    pool_index: Vec<usize>,
    /// Per house of `pool`: tried for an earlier sibling branch.
    barred: Vec<bool>,
    /// The houses of `pool` barred so far.
    tried: Vec<usize>,
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
        if self.chosen.len() == spec.n {
            let bases = (union, endo);
            return board.covers(spec, &self.chosen, bases, &mut self.scratch, self.found);
        }
        let mut end = (self.pool.len() + self.chosen.len() + 1).saturating_sub(spec.n);
        if !touched {
            end = end.min(self.last_touched + 1);
        }
        let last = self.chosen.len() + 1 == spec.n;
        for i in start..end {
            if last && !touched && !self.touched[i] {
                continue;
            }
            let (house, own) = self.pool[i];
            let set = board.houses[house];
            let endo = endo.or(union.and(set));
            let deficit = deficit + own;
            if endo.len() > spec.max_endo_fins || deficit.saturating_sub(endo.len()) > spec.max_fins
            {
                continue;
            }
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
    pool: &'a [usize],
    /// Per house, its index in `pool` (`usize::MAX` for none).
    pool_index: &'a [usize],
    /// Every candidate a fish on these bases could remove: see [`Board::targets`].
    targets: Bits<W>,
    chosen: Vec<usize>,
    /// Covers already tried for an earlier sibling branch.
    barred: &'a mut [bool],
    /// The covers barred so far, innermost branch last, to lift the bars on the way back.
    tried: &'a mut Vec<usize>,
    found: &'f mut dyn FnMut(Found) -> bool,
}

impl<const W: usize> Covers<'_, '_, W> {
    /// `covered`: candidates in a chosen cover; `twice`: in two; `fins`: fins outside the endo
    /// fins; `reach`: candidates that see every fin.
    fn extend(&mut self, covered: Bits<W>, twice: Bits<W>, fins: Bits<W>, reach: Bits<W>) -> bool {
        let open = self.body.minus(covered).minus(fins).minus(self.endo);
        let Some(x) = open.first() else {
            return self.chosen.len() < self.spec.n || self.report(covered, twice, fins, reach);
        };
        // With every cover chosen, the open candidates can only be fins.
        if self.chosen.len() == self.spec.n {
            if open.len() + fins.len() + self.endo.len() > self.spec.max_fins {
                return true;
            }
            let reach = open
                .iter()
                .fold(reach, |r, fin| r.and(self.board.peers[fin]));
            return self.report(covered, twice, fins.or(open), reach);
        }
        let mark = self.tried.len();
        let mut go_on = true;
        // The covers that hold x are among the houses of its cell, in the pool's order.
        for &house in self.board.houses_of[x].iter() {
            let j = self.pool_index[house];
            if j == usize::MAX || self.barred[j] || self.chosen.contains(&j) {
                continue;
            }
            let set = self.board.houses[house];
            if !set.and(fins).is_empty() {
                continue;
            }
            self.chosen.push(j);
            go_on = self.extend(covered.or(set), twice.or(covered.and(set)), fins, reach);
            self.chosen.pop();
            self.barred[j] = true;
            self.tried.push(j);
            if !go_on {
                break;
            }
        }
        while self.tried.len() > mark {
            let j = self.tried.pop().expect("a barred cover");
            self.barred[j] = false;
        }
        // Eliminations must see every fin and lie in a cover or the body.
        let fins_full = fins.len() + self.endo.len() >= self.spec.max_fins;
        if !go_on || fins_full {
            return go_on;
        }
        let (fins, reach) = (fins.with(x), reach.and(self.board.peers[x]));
        if !self.may_eliminate(fins, reach) {
            return true;
        }
        self.extend(covered, twice, fins, reach)
    }

    /// Whether some candidate that sees every fin (`reach`) may still go: one in a cover chosen
    /// or still free (neither barred nor holding a fin) outside the body, or a body candidate in
    /// two such covers.
    fn may_eliminate(&self, fins: Bits<W>, reach: Bits<W>) -> bool {
        let mut targets = reach.and(self.targets);
        while let Some(t) = targets.first() {
            targets.0[t / 64] &= !(1 << (t % 64));
            let mut covers = 0;
            for &house in self.board.houses_of[t] {
                covers += usize::from(self.may_hold(house, fins));
            }
            if covers > usize::from(self.body.contains(t)) {
                return true;
            }
        }
        false
    }

    /// Whether `house` is a cover chosen, or one that may still be chosen beside `fins`.
    fn may_hold(&self, house: usize, fins: Bits<W>) -> bool {
        let j = self.pool_index[house];
        j != usize::MAX
            && (self.chosen.contains(&j)
                || (!self.barred[j] && self.board.houses[house].and(fins).is_empty()))
    }

    fn report(&mut self, covered: Bits<W>, twice: Bits<W>, fins: Bits<W>, reach: Bits<W>) -> bool {
        let all_fins = fins.or(self.endo);
        let cannibals = twice.and(self.body).minus(all_fins);
        let eliminations = covered.minus(self.body).or(cannibals).and(reach);
        if eliminations.is_empty() {
            return true;
        }
        let mut base = self.base.to_vec();
        base.sort_unstable();
        let mut cover: Vec<usize> = self.chosen.iter().map(|&j| self.pool[j]).collect();
        cover.sort_unstable();
        (self.found)(Found {
            base,
            cover,
            body: self.board.cells_of(self.body),
            fins: self.board.cells_of(all_fins),
            eliminations: self.board.cells_of(eliminations),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::sum_of_largest;
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};

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
