//! The solving state: placed digits and the candidates left in every cell. Techniques read it; only
//! the engine changes it, by applying steps.

use crate::core::{Limits, Step, Technique};
use crate::explain;
use crate::model::explanation;
use crate::model::{
    Candidate, Cell, Digit, DigitSet, Explanation, Grid, House, Layout, Marks, Puzzle,
};
use crate::search::Deadline;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Placed digits and pencil marks.
#[derive(Debug, Clone)]
pub struct State {
    layout: Arc<Layout>,
    givens: Grid,
    values: Grid,
    candidates: Vec<DigitSet>,
    unique: bool,
    limits: Limits,
    tally: Tally,
    fruitless: Arc<Mutex<Fruitless>>,
    fruitless_areas: Arc<Mutex<FruitlessAreas>>,
    deadline: Deadline,
}

/// Running counts that make the engine's checks after every step cheap: whether the state is
/// solved, and whether it holds a contradiction at all (which one is then looked up); and each
/// digit's candidate cells as bits, which searches of one digit compare with what they met before.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Tally {
    /// Per house and digit (at `house * size + digit - 1`): the cells that hold the digit,
    /// placed or as a candidate.
    holders: Vec<u16>,
    /// The (house, digit) pairs without a holder, plus the empty cells without a candidate.
    broken: usize,
    /// The empty cells.
    empty: usize,
    /// Per house: its empty cells.
    house_empty: Vec<u32>,
    /// Per house: the digits placed in it.
    house_placed: Vec<DigitSet>,
    /// Per house: the digits exactly one of its cells holds, placed or as a candidate.
    single: Vec<DigitSet>,
    /// Per digit, `words` words from `(digit - 1) * words`: the cells that hold it as a
    /// candidate, a bit per cell (row-major, 64 to a word).
    boards: Vec<u64>,
    /// Words per digit in `boards`.
    words: usize,
}

impl Tally {
    /// `cell` no longer holds `digit` as a candidate.
    fn clear_board(&mut self, cell: Cell, digit: Digit) {
        let i = cell.index();
        self.boards[digit.index() * self.words + i / 64] &= !(1 << (i % 64));
    }

    /// One cell fewer of house `house` holds `digit`; `index` is the pair's place in `holders`.
    #[inline]
    fn lose(&mut self, house: usize, index: usize, digit: Digit) {
        let count = &mut self.holders[index];
        *count -= 1;
        match *count {
            0 => {
                self.broken += 1;
                self.single[house].remove(digit);
            }
            1 => self.single[house].insert(digit),
            _ => {}
        }
    }

    /// One cell more of house `house` holds `digit` (see [`Tally::lose`]).
    #[inline]
    fn gain(&mut self, house: usize, index: usize, digit: Digit) {
        let count = &mut self.holders[index];
        *count += 1;
        match *count {
            1 => {
                self.broken -= 1;
                self.single[house].insert(digit);
            }
            2 => self.single[house].remove(digit),
            _ => {}
        }
    }
}

/// The digits (bit `i` for digit `i + 1`) whose count in `holders` is `count`.
fn digits_held_by(holders: &[u16], count: u16) -> DigitSet {
    // A word of 64 digits at a time: a shift of a u128 costs several instructions.
    let bits = holders
        .chunks(64)
        .enumerate()
        .fold(0u128, |bits, (k, chunk)| {
            let word = (chunk.iter().enumerate())
                .fold(0u64, |word, (i, &n)| word | u64::from(n == count) << i);
            bits | u128::from(word) << (64 * k)
        });
    DigitSet::from_bits(bits)
}

/// What a search of one digit did: whether it found something, and whether to go on.
#[derive(Debug, Clone, Default)]
pub struct Searched {
    /// It reported a step.
    pub found: bool,
    /// The sink asked for more.
    pub go_on: bool,
    /// Another technique it also showed to find nothing on the digit: it searched its patterns
    /// too (in the same scope) and met none (a finned fish search meets the sashimi fish).
    pub fruitless_too: Option<Technique>,
}

/// What a search of one digit must cover: every pattern, or only those that involve a house
/// where the digit lost a candidate since the same search last found nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// Every pattern.
    All,
    /// Only patterns with a house that holds one of these cells (ascending), which held the
    /// digit when the search last found nothing and no longer do.
    Lost(Vec<Cell>),
}

/// Searches of one digit known to find nothing: per technique and digit, the digit's candidate
/// cells (a bit per cell) when the search ran. A search of one digit that depends only on that
/// digit's candidates (a fish, say) finds nothing again while they are the same, so the engine
/// skips it; entries check themselves, so clones of a state may share them.
type Fruitless = HashMap<(Technique, Digit), Vec<u64>>;

/// Searches of an area known to find nothing: per technique and pair of houses, the
/// candidates of the houses' cells (the first house's, then the second's) when the search ran.
/// A search that reads only those candidates finds nothing again while they are the same; the
/// entries check themselves, so clones of a state may share them.
type FruitlessAreas = HashMap<(Technique, [usize; 2]), Vec<DigitSet>>;

/// What a state's searches of one digit were shown to find nothing on, copied out of it
/// ([`State::fruitless_searches`]) to hand to another state of the same puzzle
/// ([`State::knowing`]), with the bounds the searches ran within
/// ([`Limits::digit_search_bounds`]).
#[derive(Debug, Clone)]
pub struct FruitlessSearches {
    memo: Fruitless,
    bounds: (usize, usize),
}

impl State {
    /// The state right after the givens: every empty cell holds the digits its peers leave open.
    pub fn from_puzzle(puzzle: &Puzzle) -> State {
        State::from_marks(Marks::of_puzzle(puzzle))
    }

    /// The state of a pencil-mark grid: its placed digits and candidates.
    pub fn from_marks(marks: Marks) -> State {
        let size = marks.layout.size();
        let mut state = State {
            limits: Limits::for_size(size),
            tally: Tally::default(),
            layout: marks.layout,
            givens: marks.givens,
            values: marks.values,
            candidates: marks.candidates,
            unique: false,
            fruitless: Arc::default(),
            fruitless_areas: Arc::default(),
            deadline: Deadline::NEVER,
        };
        state.tally = state.count_all();
        state
    }

    /// The running counts of [`Tally`], counted afresh from the cells.
    fn count_all(&self) -> Tally {
        let size = self.size();
        let houses = self.layout.houses();
        let words = self.candidates.len().div_ceil(64);
        let mut tally = Tally {
            holders: vec![0; houses.len() * size],
            broken: 0,
            empty: 0,
            house_empty: vec![0; houses.len()],
            house_placed: vec![DigitSet::EMPTY; houses.len()],
            single: vec![DigitSet::EMPTY; houses.len()],
            boards: vec![0; size * words],
            words,
        };
        for (i, set) in self.candidates.iter().enumerate() {
            for digit in set.iter() {
                tally.boards[digit.index() * words + i / 64] |= 1 << (i % 64);
            }
        }
        for (id, house) in houses.iter().enumerate() {
            let holders = &mut tally.holders[id * size..(id + 1) * size];
            for &cell in &house.cells {
                for digit in self.held(cell).iter() {
                    holders[digit.get() - 1] += 1;
                }
                match self.value(cell) {
                    Some(digit) => tally.house_placed[id].insert(digit),
                    None => tally.house_empty[id] += 1,
                }
            }
            tally.broken += holders.iter().filter(|&&count| count == 0).count();
            tally.single[id] = digits_held_by(holders, 1);
        }
        for cell in self.layout.cells() {
            let empty = self.value(cell).is_none();
            tally.empty += usize::from(empty);
            tally.broken += usize::from(empty && self.candidates(cell).is_empty());
        }
        tally
    }

    /// The same state, known (`true`) or not known to have exactly one solution. Uniqueness
    /// techniques (unique rectangles, BUG+1) only fire on a state known to be unique; whoever
    /// builds the state sets this after checking by search.
    pub fn assuming_unique(mut self, unique: bool) -> State {
        self.unique = unique;
        self
    }

    /// Whether the puzzle is known to have exactly one solution.
    pub fn assumes_unique(&self) -> bool {
        self.unique
    }

    /// The same state with the caps `limits` on the techniques' searches (by default
    /// [`Limits::for_size`] of its size).
    pub fn with_limits(mut self, limits: Limits) -> State {
        self.limits = limits;
        self.fruitless = Arc::default();
        self.fruitless_areas = Arc::default();
        self
    }

    /// What this state's searches of one digit have found nothing on so far, as a copy (the
    /// state's own memo goes on changing with the searches that follow).
    pub fn fruitless_searches(&self) -> FruitlessSearches {
        FruitlessSearches {
            memo: self.fruitless.lock().expect("an intact memo").clone(),
            bounds: self.limits.digit_search_bounds(),
        }
    }

    /// The same state, knowing what the searches of one digit on another state of the same
    /// puzzle found nothing on (`known`, from [`State::fruitless_searches`]). Each entry is
    /// checked against the digit's candidates when the search is asked for again, so it holds
    /// whatever steps either state took; it is ignored when the other state's limits bound
    /// those searches otherwise.
    pub fn knowing(self, known: FruitlessSearches) -> State {
        if known.bounds == self.limits.digit_search_bounds() {
            let mut memo = self.fruitless.lock().expect("an intact memo");
            memo.extend(known.memo);
        }
        self
    }

    /// The same state, whose long searches (forcing chains and nets) give up at `deadline`:
    /// a solve's time limit reaches into a step.
    pub fn with_deadline(mut self, deadline: Deadline) -> State {
        self.deadline = deadline;
        self
    }

    /// When its long searches give up.
    pub fn deadline(&self) -> Deadline {
        self.deadline
    }

    /// Whether the deadline has passed: a search that sees it stops and reports nothing.
    pub fn out_of_time(&self) -> bool {
        self.deadline.passed()
    }

    /// The caps on the techniques' searches.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The geometry.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout as shared between this state and those derived from it.
    pub fn shared_layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// N.
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The digit in `cell`, if placed or given.
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.values.get(cell)
    }

    /// The original clues.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// Every placed digit, givens included.
    pub fn values(&self) -> &Grid {
        &self.values
    }

    /// The candidates of `cell` (empty once it is filled).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell.index()]
    }

    /// One candidate set per cell for the exact search: a filled cell's value, else its
    /// candidates.
    pub fn search_candidates(&self) -> Vec<DigitSet> {
        self.layout
            .cells()
            .map(|c| self.value(c).map_or(self.candidates(c), DigitSet::single))
            .collect()
    }

    /// The candidates among `digits` left in `cells`, cell by cell: what a step's pattern shows.
    pub fn candidates_in(&self, cells: &[Cell], digits: DigitSet) -> Vec<Candidate> {
        cells
            .iter()
            .flat_map(|&c| {
                let held = self.candidates(c).intersection(digits);
                held.iter().map(move |d| Candidate::new(c, d))
            })
            .collect()
    }

    /// All candidate sets, row-major.
    pub fn all_candidates(&self) -> &[DigitSet] {
        &self.candidates
    }

    /// Whether every cell is filled.
    pub fn is_solved(&self) -> bool {
        self.empty_cells() == 0
    }

    /// How many cells are empty.
    pub fn empty_cells(&self) -> usize {
        self.tally.empty
    }

    /// The empty cells of `house` that still have `digit` as a candidate.
    pub fn places(&self, house: &House, digit: Digit) -> Vec<Cell> {
        let mut places = Vec::new();
        self.places_into(house, digit, &mut places);
        places
    }

    /// [`State::places`], written into `places` (emptied first), for searches that ask for many
    /// houses and digits in a row.
    pub fn places_into(&self, house: &House, digit: Digit, places: &mut Vec<Cell>) {
        places.clear();
        places.extend(self.each_place(house, digit));
    }

    /// The two places of `digit` in `house` when it has exactly two (a strong link), found
    /// without collecting them.
    pub fn two_places(&self, house: &House, digit: Digit) -> Option<[Cell; 2]> {
        let mut places = self.each_place(house, digit);
        let pair = [places.next()?, places.next()?];
        places.next().is_none().then_some(pair)
    }

    /// The places of [`State::places`], one by one.
    fn each_place<'a>(&'a self, house: &'a House, digit: Digit) -> impl Iterator<Item = Cell> + 'a {
        let holding = move |&cell: &Cell| self.candidates(cell).contains(digit);
        house.cells.iter().copied().filter(holding)
    }

    /// The digits not yet placed in house `house` (an index into the layout's houses).
    pub fn missing(&self, house: usize) -> DigitSet {
        DigitSet::full(self.size()).without(self.tally.house_placed[house])
    }

    /// The number of empty cells in house `house`.
    pub fn empty_in(&self, house: usize) -> usize {
        self.tally.house_empty[house] as usize
    }

    /// How many cells of house `house` hold `digit`, placed or as a candidate: for a digit not
    /// placed there, its places.
    pub fn holders(&self, house: usize, digit: Digit) -> usize {
        usize::from(self.tally.holders[house * self.size() + digit.get() - 1])
    }

    /// The digits not yet placed in house `house` with exactly one place (cell holding the
    /// candidate) left there: its hidden singles.
    pub fn lone_places(&self, house: usize) -> DigitSet {
        self.tally.single[house].without(self.tally.house_placed[house])
    }

    /// The digits that exactly `count` cells of house `house` hold, placed or as a candidate.
    fn held_by(&self, house: usize, count: u16) -> DigitSet {
        let size = self.size();
        digits_held_by(&self.tally.holders[house * size..(house + 1) * size], count)
    }

    /// The cells that hold `digit` as a candidate, a bit per cell (row-major, 64 to a word).
    pub(crate) fn digit_cells(&self, digit: Digit) -> &[u64] {
        let words = self.tally.words;
        &self.tally.boards[digit.index() * words..(digit.index() + 1) * words]
    }

    /// Runs `search`, the search of `technique` on `digit` alone (which reads no candidates of
    /// other digits), unless it is known to find nothing with the digit's candidates as they
    /// are; `search` returns whether it found something and whether to go on. Returns whether
    /// to go on.
    ///
    /// `search` reads no limits but [`Limits::digit_search_bounds`]: what it found nothing on
    /// may be handed to a state with other limits that agree on those ([`State::knowing`]).
    ///
    /// `search` is told its [`Scope`]: when the digit has only lost candidates since the same
    /// search last found nothing, the cells it lost. A search whose patterns only lose
    /// eliminations when candidates outside their houses go (a fish and its base houses) then
    /// need only try patterns with such a house: the others found nothing before and would find
    /// nothing now.
    pub fn search_digit(
        &self,
        technique: Technique,
        digit: Digit,
        search: impl FnOnce(&Scope) -> Searched,
    ) -> bool {
        let board = self.digit_cells(digit);
        let key = (technique, digit);
        let memo = || self.fruitless.lock().expect("an intact memo");
        // The board the search last found nothing on, kept only when this one is within it.
        let (scope, within) = match memo().get(&key) {
            Some(before) if before[..] == *board => return true,
            Some(before) if is_subset(board, before) => {
                (Scope::Lost(lost_cells(before, board)), Some(before.clone()))
            }
            _ => (Scope::All, None),
        };
        let searched = search(&scope);
        // A search the deadline stopped may have missed what is there.
        if !searched.found && !self.out_of_time() {
            let mut memo = memo();
            if let Some(other) = searched.fruitless_too {
                // A search within a scope speaks for the other technique only if that one was
                // known fruitless on the same candidates before.
                let other = (other, digit);
                if within.is_none() || memo.get(&other) == within.as_ref() {
                    memo.insert(other, board.to_vec());
                }
            }
            memo.insert(key, board.to_vec());
        }
        searched.go_on
    }

    /// Runs `search`, the search of `technique` within the two houses `houses` (which reads the
    /// candidates of their cells and no others, and the limits of this state), unless it is
    /// known to find nothing with those candidates as they are; `search` returns whether it
    /// found something and whether to go on. Returns whether to go on.
    pub fn search_area(
        &self,
        technique: Technique,
        houses: [usize; 2],
        search: impl FnOnce() -> Searched,
    ) -> bool {
        let all = self.layout.houses();
        let candidates = || {
            let cells = houses.iter().flat_map(|&h| all[h].cells.iter());
            cells.map(|&c| self.candidates(c))
        };
        let key = (technique, houses);
        let memo = || self.fruitless_areas.lock().expect("an intact memo");
        // Compared in place: only a search that finds nothing stores a copy.
        if memo()
            .get(&key)
            .is_some_and(|before| before.iter().copied().eq(candidates()))
        {
            return true;
        }
        let searched = search();
        // A search the deadline stopped may have missed what is there.
        if !searched.found && !self.out_of_time() {
            memo().insert(key, candidates().collect());
        }
        searched.go_on
    }

    /// Applies a step: places its digits (removing them from peers) and removes its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &Candidate { cell, digit } in &step.placements {
            self.place(cell, digit);
        }
        for &Candidate { cell, digit } in &step.eliminations {
            self.remove(cell, digit);
        }
    }

    fn place(&mut self, cell: Cell, digit: Digit) {
        let (held, was_empty) = (self.held(cell), self.value(cell).is_none());
        self.values.set(cell, Some(digit));
        for candidate in self.candidates(cell).iter() {
            self.tally.clear_board(cell, candidate);
        }
        self.candidates[cell.index()] = DigitSet::EMPTY;
        self.tally_cell(cell, held, DigitSet::single(digit), was_empty);
        for i in 0..self.layout.peers(cell).len() {
            let peer = self.layout.peers(cell)[i];
            if self.candidates[peer.index()].contains(digit) {
                self.remove(peer, digit);
            }
        }
    }

    fn remove(&mut self, cell: Cell, digit: Digit) {
        if !self.candidates[cell.index()].contains(digit) {
            return;
        }
        self.tally.clear_board(cell, digit);
        self.candidates[cell.index()].remove(digit);
        // The cell still holds a digit placed in it; an empty cell may be left with nothing.
        let value = self.value(cell);
        let size = self.size();
        let tally = &mut self.tally;
        if value != Some(digit) {
            for &house in self.layout.houses_of(cell) {
                tally.lose(house, house * size + digit.index(), digit);
            }
        }
        tally.broken += usize::from(value.is_none() && self.candidates[cell.index()].is_empty());
    }

    /// The digits `cell` holds, placed or as candidates.
    fn held(&self, cell: Cell) -> DigitSet {
        let candidates = self.candidates(cell);
        self.value(cell)
            .map_or(candidates, |v| candidates.union(DigitSet::single(v)))
    }

    /// Updates the tally for `cell`, which held `before` (and was empty if `was_empty`) and now
    /// holds `after`.
    fn tally_cell(&mut self, cell: Cell, before: DigitSet, after: DigitSet, was_empty: bool) {
        let size = self.size();
        let tally = &mut self.tally;
        for &house in self.layout.houses_of(cell) {
            for digit in before.without(after).iter() {
                tally.lose(house, house * size + digit.get() - 1, digit);
            }
            for digit in after.without(before).iter() {
                tally.gain(house, house * size + digit.get() - 1, digit);
            }
        }
        let value = self.values.get(cell);
        let is_empty = value.is_none();
        tally.empty = tally.empty + usize::from(is_empty) - usize::from(was_empty);
        if is_empty != was_empty {
            // Steps only fill cells: a filled cell is counted once, from empty.
            let digit = value.expect("a cell filled, never emptied");
            for &house in self.layout.houses_of(cell) {
                tally.house_empty[house] -= 1;
                tally.house_placed[house].insert(digit);
            }
        }
        let stuck = |empty: bool, held: DigitSet| empty && held.is_empty();
        tally.broken = tally.broken + usize::from(stuck(is_empty, after))
            - usize::from(stuck(was_empty, before));
    }

    /// The first sign that the state cannot lead to a solution: an empty cell without candidates,
    /// or a digit with no place left in a house. Described for a person.
    pub fn contradiction(&self) -> Option<Explanation> {
        if self.tally.broken == 0 {
            return None;
        }
        if let Some(cell) = self
            .layout
            .cells()
            .find(|&c| self.value(c).is_none() && self.candidates(c).is_empty())
        {
            return Some(explain!("{} has no candidate left", cell));
        }
        (0..self.layout.houses().len()).find_map(|id| {
            let lost = self.held_by(id, 0).iter().next();
            lost.map(|d| explain!("{} has no place left in {}", d, explanation::House(id)))
        })
    }
}

/// The cells in board `before` and not in `now` (boards as [`State::digit_cells`]).
fn lost_cells(before: &[u64], now: &[u64]) -> Vec<Cell> {
    let mut cells = Vec::new();
    for (k, (&b, &n)) in before.iter().zip(now).enumerate() {
        let mut word = b & !n;
        while word != 0 {
            let index = k * 64 + word.trailing_zeros() as usize;
            cells.push(Cell::from_index(index));
            word &= word - 1;
        }
    }
    cells
}

/// Whether every bit of `set` is in `of` (equal lengths).
fn is_subset(set: &[u64], of: &[u64]) -> bool {
    set.iter().zip(of).all(|(&s, &o)| s & !o == 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::FishKind;
    use crate::model::HouseKind;
    use crate::read::{ReadOptions, read_text};

    /// A 17-clue puzzle and its solution (checked against the `sudoku` crate below).
    const PUZZLE: &str =
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000";
    const SOLUTION: &str =
        "693784512487512936125963874932651487568247391741398625319475268856129743274836159";

    #[test]
    fn the_solution_is_the_sudoku_crates() {
        let solved = sudoku::Sudoku::from_str_line(PUZZLE)
            .expect("a puzzle")
            .solution()
            .expect("one solution");
        assert_eq!(solved.to_str_line().to_string(), SOLUTION);
    }

    fn puzzle_state() -> State {
        let puzzle = read_text(PUZZLE, "test", &ReadOptions::default())
            .expect("a puzzle")
            .puzzles
            .remove(0);
        State::from_puzzle(&puzzle)
    }

    fn solution_digit(cell: Cell) -> Digit {
        let symbol = SOLUTION.as_bytes()[cell.index()];
        Digit::new(usize::from(symbol - b'0'))
    }

    /// The contradiction and solved checks done the slow way: every cell and every house.
    fn slow_checks(state: &State) -> (bool, bool) {
        let layout = state.layout();
        let empty_cell = layout
            .cells()
            .any(|c| state.value(c).is_none() && state.candidates(c).is_empty());
        let empty_house = layout.houses().iter().any(|house| {
            let (some, _) = placeable(state, house);
            !slow_missing(state, house).without(some).is_empty()
        });
        let solved = layout.cells().all(|c| state.value(c).is_some());
        (empty_cell || empty_house, solved)
    }

    /// The digits with at least one place (candidate cell) in `house`, and those with two or
    /// more, from its cells.
    fn placeable(state: &State, house: &House) -> (DigitSet, DigitSet) {
        house.cells.iter().fold(
            (DigitSet::EMPTY, DigitSet::EMPTY),
            |(some, several), &cell| {
                let here = state.candidates(cell);
                (some.union(here), several.union(some.intersection(here)))
            },
        )
    }

    /// The digits not placed in `house`, from its cells.
    fn slow_missing(state: &State, house: &House) -> DigitSet {
        let placed: DigitSet = house.cells.iter().filter_map(|&c| state.value(c)).collect();
        DigitSet::full(state.size()).without(placed)
    }

    /// Per house, from its cells: the empty cells, the digits not placed, and those of them
    /// with one place.
    fn slow_houses(state: &State) -> Vec<(usize, DigitSet, DigitSet)> {
        let houses = state.layout().houses().iter();
        houses
            .map(|house| {
                let empty = house.cells.iter().filter(|&&c| state.value(c).is_none());
                let missing = slow_missing(state, house);
                let (some, several) = placeable(state, house);
                (
                    empty.count(),
                    missing,
                    missing.intersection(some.without(several)),
                )
            })
            .collect()
    }

    /// The same from the running tally.
    fn fast_houses(state: &State) -> Vec<(usize, DigitSet, DigitSet)> {
        (0..state.layout().houses().len())
            .map(|id| (state.empty_in(id), state.missing(id), state.lone_places(id)))
            .collect()
    }

    /// The same checks read from the running tally alone (`contradiction` would fall back on
    /// the full scan when the tally says broken).
    fn fast_checks(state: &State) -> (bool, bool) {
        (state.tally.broken > 0, state.tally.empty == 0)
    }

    fn one(technique: Technique, candidate: Candidate, place: bool) -> Step {
        let mut step = Step::new(technique);
        if place {
            step.placements.push(candidate);
        } else {
            step.eliminations.push(candidate);
        }
        step
    }

    #[test]
    fn the_running_tally_agrees_with_a_full_scan_while_solving() {
        let mut state = puzzle_state();
        assert_eq!(fast_checks(&state), (false, false));
        for cell in state.layout().cells() {
            if state.value(cell).is_none() {
                let placed = Candidate::new(cell, solution_digit(cell));
                state.apply(&one(Technique::Backtracking, placed, true));
                assert_eq!(
                    fast_checks(&state),
                    slow_checks(&state),
                    "after placing {cell:?}"
                );
                assert_eq!(fast_houses(&state), slow_houses(&state));
                assert_eq!(state.tally, state.count_all(), "kept up as counted afresh");
            }
        }
        assert_eq!(fast_checks(&state), (false, true));
    }

    #[test]
    fn the_running_tally_sees_every_contradiction_an_elimination_makes() {
        // Removing the wrong candidates of r1c1 one by one leaves the state sound; removing the
        // solution's own candidate then leaves r1c1 without a candidate.
        let mut state = puzzle_state();
        let first = Cell::from_index(0);
        let wrong: Vec<Digit> = state
            .candidates(first)
            .iter()
            .filter(|&d| d != solution_digit(first))
            .collect();
        for digit in wrong {
            let removed = Candidate::new(first, digit);
            state.apply(&one(Technique::Backtracking, removed, false));
            assert_eq!(fast_checks(&state), slow_checks(&state));
            assert_eq!(fast_houses(&state), slow_houses(&state));
        }
        assert!(state.contradiction().is_none());
        let right = Candidate::new(first, solution_digit(first));
        state.apply(&one(Technique::Backtracking, right, false));
        assert_eq!(
            state.tally,
            state.count_all(),
            "a cell without candidates counted alike"
        );
        assert_eq!(fast_checks(&state), (true, false));
        assert_eq!(slow_checks(&state), (true, false));
        let reason = state.contradiction().expect("a contradiction");
        let names = crate::model::Names::new(state.layout(), None);
        assert_eq!(reason.render(&names), "r1c1 has no candidate left");
    }

    #[test]
    fn a_filled_cell_that_keeps_candidates_holds_its_own_digit_to_the_end() {
        // Pencil marks may leave candidates in a filled cell: taking its own digit from them
        // leaves its houses holding that digit; taking another one does not.
        let puzzle = read_text(PUZZLE, "test", &ReadOptions::default())
            .expect("a puzzle")
            .puzzles
            .remove(0);
        let mut marks = Marks::of_puzzle(&puzzle);
        let filled = (marks.layout.cells())
            .find(|&c| marks.values.get(c).is_some())
            .expect("a given");
        let own = marks.values.get(filled).unwrap();
        let other = Digit::new(own.get() % 9 + 1);
        marks.candidates[filled.index()] = [own, other].into_iter().collect();
        let mut state = State::from_marks(marks);
        let row = state.layout().houses_of(filled)[0];
        let before = (state.holders(row, own), state.holders(row, other));
        for digit in [own, other] {
            state.apply(&one(
                Technique::Backtracking,
                Candidate::new(filled, digit),
                false,
            ));
            assert_eq!(state.tally, state.count_all(), "after taking {digit}");
        }
        assert_eq!(state.holders(row, own), before.0, "still placed there");
        assert_eq!(state.holders(row, other), before.1 - 1);
        assert_eq!(fast_checks(&state), slow_checks(&state));
    }

    #[test]
    fn a_digit_without_a_place_in_a_house_is_a_contradiction() {
        // Taking r1c1's solution digit from every cell of row 1 that holds it (each keeps other
        // candidates) leaves it no place in row 1, the first house.
        let mut state = puzzle_state();
        let digit = solution_digit(Cell::from_index(0));
        let row: Vec<Cell> = (0..9).map(Cell::from_index).collect();
        for cell in row {
            if state.candidates(cell).contains(digit) {
                assert!(state.candidates(cell).len() > 1);
                let removed = Candidate::new(cell, digit);
                state.apply(&one(Technique::Backtracking, removed, false));
                assert_eq!(fast_checks(&state), slow_checks(&state));
                assert_eq!(fast_houses(&state), slow_houses(&state));
                assert_eq!(state.tally, state.count_all());
            }
        }
        let reason = state.contradiction().expect("a contradiction");
        let names = crate::model::Names::new(state.layout(), None);
        let expected = format!("{} has no place left in row 1", digit.get());
        assert_eq!(reason.render(&names), expected);
    }

    /// What a stub search reports (`found`, and to go on), counting its runs in `runs`.
    fn counted(runs: &std::cell::Cell<usize>, found: bool) -> Searched {
        runs.set(runs.get() + 1);
        Searched {
            found,
            go_on: true,
            ..Searched::default()
        }
    }

    #[test]
    fn a_fruitless_digit_search_is_skipped_until_the_digit_changes() {
        let state = puzzle_state();
        let (technique, digit) = (Technique::BasicFish(2), Digit::new(5));
        let runs = std::cell::Cell::new(0);
        let search = |found| counted(&runs, found);
        state.search_digit(technique, digit, |scope| {
            assert_eq!(scope, &Scope::All, "nothing searched yet");
            search(false)
        });
        state.search_digit(technique, digit, |_| search(false));
        assert_eq!(
            runs.get(),
            1,
            "the second search of the same candidates is skipped"
        );
        // Another digit, another technique: searched.
        state.search_digit(technique, Digit::new(6), |_| search(false));
        state.search_digit(Technique::BasicFish(3), digit, |_| search(false));
        assert_eq!(runs.get(), 3);
        // A change to the digit's candidates, or new caps, and it runs again.
        let mut changed = state.clone();
        let cell = changed
            .layout()
            .cells()
            .find(|&c| changed.candidates(c).contains(digit) && solution_digit(c) != digit)
            .expect("a wrong candidate of 5");
        changed.apply(&one(technique, Candidate::new(cell, digit), false));
        changed.search_digit(technique, digit, |scope| {
            assert_eq!(
                scope,
                &Scope::Lost(vec![cell]),
                "only the cell that lost it"
            );
            search(false)
        });
        assert_eq!(runs.get(), 4);
        let capped = state.clone().with_limits(Limits::for_size(9));
        capped.search_digit(technique, digit, |_| search(false));
        assert_eq!(runs.get(), 5);
        // A search that found something is not remembered.
        let other = Digit::new(7);
        state.search_digit(technique, other, |_| search(true));
        state.search_digit(technique, other, |_| search(true));
        assert_eq!(runs.get(), 7);
    }

    #[test]
    fn a_fruitless_area_search_is_skipped_until_a_cell_of_its_houses_changes() {
        let state = puzzle_state();
        let houses = state.layout().houses();
        // Row 1 and box 1 (the first region), as Sue de Coq crosses them.
        let row = houses
            .iter()
            .position(|h| h.kind == HouseKind::Row)
            .unwrap();
        let region = houses
            .iter()
            .position(|h| h.kind == HouseKind::Region)
            .unwrap();
        let area = [row, region];
        let runs = std::cell::Cell::new(0);
        let search = |found| counted(&runs, found);
        state.search_area(Technique::SueDeCoq, area, || search(false));
        state.search_area(Technique::SueDeCoq, area, || search(false));
        assert_eq!(runs.get(), 1, "the same candidates are not searched again");
        // Another pair of houses, another technique: searched.
        let column = houses
            .iter()
            .position(|h| h.kind == HouseKind::Column)
            .unwrap();
        state.search_area(Technique::SueDeCoq, [column, region], || search(false));
        state.search_area(Technique::XyWing, area, || search(false));
        assert_eq!(runs.get(), 3);
        // A candidate gone outside the houses changes nothing; one gone inside them does.
        let wrong = |cells: &mut dyn Iterator<Item = Cell>| {
            cells
                .flat_map(|c| {
                    state
                        .candidates(c)
                        .iter()
                        .map(move |d| Candidate::new(c, d))
                })
                .find(|c| solution_digit(c.cell) != c.digit)
                .expect("a wrong candidate")
        };
        let inside = |c: Cell| area.iter().any(|&h| houses[h].cells.contains(&c));
        let mut outside_changed = state.clone();
        let far = wrong(&mut state.layout().cells().filter(|&c| !inside(c)));
        outside_changed.apply(&one(Technique::SueDeCoq, far, false));
        outside_changed.search_area(Technique::SueDeCoq, area, || search(false));
        assert_eq!(runs.get(), 3);
        let mut inside_changed = state.clone();
        let near = wrong(&mut state.layout().cells().filter(|&c| inside(c)));
        inside_changed.apply(&one(Technique::SueDeCoq, near, false));
        inside_changed.search_area(Technique::SueDeCoq, area, || search(false));
        assert_eq!(runs.get(), 4);
        // New caps forget; a search that found something is not remembered.
        let capped = state.clone().with_limits(Limits::for_size(9));
        capped.search_area(Technique::SueDeCoq, area, || search(false));
        assert_eq!(runs.get(), 5);
        let other = [column, row];
        state.search_area(Technique::SueDeCoq, other, || search(true));
        state.search_area(Technique::SueDeCoq, other, || search(true));
        assert_eq!(runs.get(), 7);
    }

    #[test]
    fn what_one_state_found_fruitless_is_known_to_another_with_the_same_fins() {
        let (technique, digit) = (Technique::Fish(FishKind::Finned, 3), Digit::new(5));
        let runs = std::cell::Cell::new(0);
        let search = |_: &Scope| {
            runs.set(runs.get() + 1);
            Searched {
                go_on: true,
                ..Searched::default()
            }
        };
        let searched = puzzle_state();
        searched.search_digit(technique, digit, search);
        let known = searched.fruitless_searches();
        // The searched state goes on searching after the copy: the copy does not change.
        searched.search_digit(technique, Digit::new(6), search);
        assert_eq!(runs.get(), 2);
        // Another state of the same puzzle with other caps, but the same fins: skipped.
        let other_caps = Limits {
            chain_als_cells: 0,
            sue_de_coq_sides: 6,
            ..Limits::for_size(9)
        };
        let knowing = puzzle_state()
            .with_limits(other_caps)
            .knowing(known.clone());
        knowing.search_digit(technique, digit, search);
        assert_eq!(runs.get(), 2, "known to find nothing on these candidates");
        knowing.search_digit(technique, Digit::new(6), search);
        assert_eq!(runs.get(), 3, "searched after the copy was taken");
        // Fewer fins: the entry is not taken (a search with fewer fins is another search).
        let fewer_fins = Limits {
            fins: 1,
            ..Limits::for_size(9)
        };
        let unknowing = puzzle_state().with_limits(fewer_fins).knowing(known);
        unknowing.search_digit(technique, digit, |scope| {
            assert_eq!(scope, &Scope::All);
            search(scope)
        });
        assert_eq!(runs.get(), 4);
    }
}
