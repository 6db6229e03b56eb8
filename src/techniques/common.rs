//! What the technique families share: the one combination routine of subsets, fish,
//! uniqueness and almost locked sets ([`sets_with_union`]), a digit's strong links, the candidates that see a group of cells,
//! and the wording of digits, cells and eliminations in explanations.

use crate::core::{Searched, State, Technique};
use crate::model::explanation::Claim;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation, Layout};
use crate::techniques::Sink;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::thread::LocalKey;

/// Calls `found` with every choice of `n` of `masks` (as increasing indices) whose union has
/// exactly `bits` bits, and that union. Branches whose union already has more than `bits` bits
/// are cut, and one index buffer serves every combination. Stops, returning `false`, as soon as
/// `found` does.
///
/// With `bits` = `n` this is the "N things confined to N places" rule of naked subsets (cells as
/// candidate masks), hidden subsets (digits as position masks), fish (base lines as position
/// masks) and unique rectangle subsets; with `bits` = `n + 1` it finds almost locked sets.
pub(crate) fn sets_with_union(
    masks: &[u128],
    n: usize,
    bits: usize,
    found: &mut dyn FnMut(&[usize], u128) -> bool,
) -> bool {
    fn extend(
        masks: &[u128],
        (n, bits): (usize, usize),
        start: usize,
        union: u128,
        chosen: &mut SmallVec<[usize; 8]>,
        found: &mut dyn FnMut(&[usize], u128) -> bool,
    ) -> bool {
        if chosen.len() == n {
            return union.count_ones() as usize != bits || found(chosen, union);
        }
        for i in start..=masks.len() - (n - chosen.len()) {
            let next = union | masks[i];
            if next.count_ones() as usize > bits {
                continue;
            }
            chosen.push(i);
            let go_on = extend(masks, (n, bits), i + 1, next, chosen, found);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
    if n == 0 || masks.len() < n {
        return true;
    }
    extend(masks, (n, bits), 0, 0, &mut SmallVec::new(), found)
}

/// [`sets_with_union`] of `n` masks on `n` bits: N things confined to N places.
pub(crate) fn tight_sets(
    masks: &[u128],
    n: usize,
    found: &mut dyn FnMut(&[usize], u128) -> bool,
) -> bool {
    sets_with_union(masks, n, n, found)
}

/// Two cells that are a digit's only places in some house.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct StrongLink {
    /// The two cells, row-major.
    pub cells: [Cell; 2],
    /// Every house in which they are the only places, ascending (rows, columns, regions).
    pub houses: Vec<usize>,
}

impl StrongLink {
    /// The cell at the other end from `cell`.
    pub fn other(&self, cell: Cell) -> Cell {
        if self.cells[0] == cell {
            self.cells[1]
        } else {
            self.cells[0]
        }
    }
}

/// Runs `search` (the search of `technique` on one digit, which reads no candidates of other
/// digits) for each digit in turn, passing its steps to `sink`, until one of them asks for no
/// more; a digit on which the search found nothing before, with the same candidates, is skipped
/// (see [`State::search_digit`]).
pub(crate) fn each_digit(
    state: &State,
    technique: Technique,
    sink: &mut Sink,
    mut search: impl FnMut(Digit, &mut Sink) -> bool,
) {
    for digit in (1..=state.size()).map(Digit::new) {
        let go_on = state.search_digit(technique, digit, |_| {
            let mut found = false;
            let go_on = search(digit, &mut |step| {
                found = true;
                sink(step)
            });
            Searched {
                found,
                go_on,
                ..Searched::default()
            }
        });
        if !go_on {
            return;
        }
    }
}

/// Every digit's strong links (see [`strong_links`]), at index `digit - 1`.
pub(crate) struct StrongLinks(Vec<Vec<StrongLink>>);

impl StrongLinks {
    /// The strong links of `digit`, each pair of cells once.
    pub fn of(&self, digit: Digit) -> &[StrongLink] {
        &self.0[digit.get() - 1]
    }
}

thread_local! {
    /// The strong links of the last state asked about on this thread.
    static STRONG_LINKS: Shared<StateKey, StrongLinks> = const { RefCell::new(None) };
}

/// The strong links of every digit of `state`. The last table built on this thread is kept, so
/// the single-digit patterns and colourings tried one after another on the same candidates
/// share it.
pub(crate) fn all_strong_links(state: &State) -> Rc<StrongLinks> {
    shared(&STRONG_LINKS, StateKey::of(state), || {
        StrongLinks(
            (1..=state.size())
                .map(|d| strong_links(state, Digit::new(d)))
                .collect(),
        )
    })
}

/// Every strong link of `digit`, each pair of cells once.
fn strong_links(state: &State, digit: Digit) -> Vec<StrongLink> {
    let mut links: Vec<StrongLink> = Vec::new();
    for (id, house) in state.layout().houses().iter().enumerate() {
        if let Some([a, b]) = state.two_places(house, digit) {
            match links.iter_mut().find(|link| link.cells == [a, b]) {
                Some(link) => link.houses.push(id),
                None => links.push(StrongLink {
                    cells: [a, b],
                    houses: vec![id],
                }),
            }
        }
    }
    links
}

/// The candidates `digit` in cells outside `cells` that see every one of `cells`, row-major.
pub(crate) fn seen_by_all(state: &State, digit: Digit, cells: &[Cell]) -> Vec<Candidate> {
    state
        .layout()
        .common_peers(cells)
        .filter(|&c| state.candidates(c).contains(digit))
        .map(|c| Candidate::new(c, digit))
        .collect()
}

/// Cells as a list: `r4c1, r4c8`.
pub(crate) fn cell_list(cells: &[Cell]) -> Explanation {
    Explanation::join(cells.iter().copied(), ", ")
}

/// Eliminations grouped by cell in row-major order: `r4c3<>2, r4c5<>26` (digits of a cell run
/// together up to 9x9 and separated by commas beyond, `r1c1<>10,12`).
pub(crate) fn eliminations_text(eliminations: &[Candidate]) -> Explanation {
    let mut sorted = eliminations.to_vec();
    sorted.sort_unstable();
    let claims = sorted.chunk_by(|a, b| a.cell == b.cell).map(|group| {
        let digits: DigitSet = group.iter().map(|c| c.digit).collect();
        Claim::not(group[0].cell, digits)
    });
    Explanation::join(claims, ", ")
}

/// A thread's slot for the last structure built from a state (a graph of links, say) and what
/// it was built from.
pub(crate) type Shared<K, V> = RefCell<Option<(K, Rc<V>)>>;

/// The value kept in `slot` if it was built from `key`, else a new one from `build`, kept in its
/// place: techniques tried one after another on the same candidates share one structure.
pub(crate) fn shared<K: PartialEq, V>(
    slot: &'static LocalKey<Shared<K, V>>,
    key: K,
    build: impl FnOnce() -> V,
) -> Rc<V> {
    shared_reusing(slot, key, |_| build())
}

/// [`shared`], where `build` is handed the value it replaces when nothing else holds it, to
/// reuse its memory.
pub(crate) fn shared_reusing<K: PartialEq, V>(
    slot: &'static LocalKey<Shared<K, V>>,
    key: K,
    build: impl FnOnce(Option<V>) -> V,
) -> Rc<V> {
    slot.with_borrow_mut(|last| match last {
        Some((k, value)) if *k == key => value.clone(),
        _ => {
            // The old structure goes first, so that two are never held at once.
            let old = last
                .take()
                .and_then(|(_, value)| Rc::try_unwrap(value).ok());
            let value = Rc::new(build(old));
            *last = Some((key, value.clone()));
            value
        }
    })
}

/// What a structure built from a state depends on: its houses and candidates. The layout is
/// held, not copied: states of one puzzle share it, so it is compared by address first.
pub(crate) struct StateKey {
    layout: Arc<Layout>,
    candidates: Vec<DigitSet>,
}

impl StateKey {
    /// The key of `state`.
    pub fn of(state: &State) -> StateKey {
        StateKey {
            layout: state.shared_layout().clone(),
            candidates: state.all_candidates().to_vec(),
        }
    }
}

impl PartialEq for StateKey {
    fn eq(&self, other: &StateKey) -> bool {
        let same_layout = Arc::ptr_eq(&self.layout, &other.layout)
            || self.layout.houses() == other.layout.houses();
        same_layout && self.candidates == other.candidates
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Step, Technique};
    use crate::model::{HouseKind, Layout, Regions};
    use crate::techniques::testing::state;

    #[test]
    fn a_shared_structure_is_rebuilt_only_for_other_candidates() {
        thread_local! {
            static LAST: Shared<StateKey, usize> = const { RefCell::new(None) };
        }
        let layout = Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap();
        let before = state(layout, &[(1, 1, "12"), (1, 2, "12")]);
        let builds = std::cell::Cell::new(0);
        let build = || {
            builds.set(builds.get() + 1);
            builds.get()
        };
        assert_eq!(*shared(&LAST, StateKey::of(&before), build), 1);
        assert_eq!(*shared(&LAST, StateKey::of(&before.clone()), build), 1);
        let mut after = before.clone();
        let mut step = Step::new(Technique::Backtracking);
        step.eliminations
            .push(Candidate::new(Cell::from_index(0), Digit::new(2)));
        after.apply(&step);
        assert_eq!(*shared(&LAST, StateKey::of(&after), build), 2);
        assert_eq!(builds.get(), 2);
        // The same houses in a layout built apart serve alike; other houses do not.
        let twin = state(
            Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap(),
            &[(1, 1, "12"), (1, 2, "12")],
        );
        assert_eq!(*shared(&LAST, StateKey::of(&twin), build), 3);
        assert_eq!(*shared(&LAST, StateKey::of(&before), build), 3);
        let latin = state(
            Layout::new(4, Regions::Latin).unwrap(),
            &[(1, 1, "12"), (1, 2, "12")],
        );
        assert_eq!(*shared(&LAST, StateKey::of(&latin), build), 4);
    }

    #[test]
    fn a_replaced_structure_is_handed_back_unless_still_held() {
        thread_local! {
            static LAST: Shared<StateKey, Vec<u8>> = const { RefCell::new(None) };
        }
        let layout = || Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap();
        let [a, b, c] = ["12", "13", "14"].map(|marks| state(layout(), &[(1, 1, marks)]));
        let handed = std::cell::RefCell::new(Vec::new());
        let build = |old: Option<Vec<u8>>| {
            handed.borrow_mut().push(old.clone());
            vec![handed.borrow().len() as u8]
        };
        drop(shared_reusing(&LAST, StateKey::of(&a), build));
        let held = shared_reusing(&LAST, StateKey::of(&b), build);
        shared_reusing(&LAST, StateKey::of(&c), build);
        assert_eq!(*handed.borrow(), [None, Some(vec![1]), None]);
        assert_eq!(*held, [2]);
    }

    #[test]
    fn each_digit_skips_a_digit_searched_in_vain_on_the_same_candidates() {
        let four = || Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap();
        let technique = Technique::SingleDigit(crate::core::SingleDigitPattern::Skyscraper);
        // Digit 2 yields a step each time; the others nothing. Returns the digits searched and
        // the steps the sink took, the sink asking for no more after `wanted`.
        let run = |at: &State, wanted: usize| {
            let (mut searched, mut taken) = (Vec::new(), 0);
            each_digit(
                at,
                technique,
                &mut |_| {
                    taken += 1;
                    taken < wanted
                },
                |digit, sink| {
                    searched.push(digit.get());
                    digit.get() != 2 || sink(Step::new(technique))
                },
            );
            (searched, taken)
        };
        let marks = [(1, 1, "12"), (1, 2, "12")];
        let before = state(four(), &marks);
        assert_eq!(run(&before, 9), (vec![1, 2, 3, 4], 1));
        assert_eq!(run(&before, 9), (vec![2], 1), "1, 3 and 4 were fruitless");
        let twin = before.clone();
        assert_eq!(run(&twin, 9), (vec![2], 1), "clones share what is known");
        // Digit 1 loses a candidate: searched again (3 and 4 still skipped).
        let mut after = before.clone();
        let mut step = Step::new(Technique::Backtracking);
        step.eliminations
            .push(Candidate::new(Cell::from_index(0), Digit::new(1)));
        after.apply(&step);
        assert_eq!(run(&after, 9), (vec![1, 2], 1));
        // On a state searched afresh, a sink that wants no more stops the digits after.
        let fresh = state(four(), &marks);
        assert_eq!(run(&fresh, 1), (vec![1, 2], 1));
    }

    #[test]
    fn strong_links_are_a_digits_only_two_places_in_a_house() {
        // 4x4: 1 is missing from r1c3 and r1c4, so row 1 holds it only in r1c1 and r1c2, and
        // the top right box only in r2c3 and r2c4; every other house holds it three or four
        // times. Digit 2 is everywhere: no strong link.
        let layout = Layout::new(4, Regions::Boxes { rows: 2, cols: 2 }).unwrap();
        let state = state(layout, &[(1, 3, "234"), (1, 4, "234")]);
        let links = all_strong_links(&state);
        let cell = |row: usize, col: usize| Cell::at(row - 1, col - 1, 4);
        let described: Vec<_> = links
            .of(Digit::new(1))
            .iter()
            .map(|link| {
                let houses = &state.layout().houses();
                let kinds: Vec<_> = link.houses.iter().map(|&h| houses[h].kind).collect();
                let cells: Vec<_> = link
                    .houses
                    .iter()
                    .map(|&h| houses[h].cells.clone())
                    .collect();
                (link.cells, kinds, cells)
            })
            .collect();
        assert_eq!(
            described,
            [
                (
                    [cell(1, 1), cell(1, 2)],
                    vec![HouseKind::Row],
                    vec![(1..=4).map(|c| cell(1, c)).collect::<Vec<_>>()]
                ),
                (
                    [cell(2, 3), cell(2, 4)],
                    vec![HouseKind::Region],
                    vec![vec![cell(1, 3), cell(1, 4), cell(2, 3), cell(2, 4)]]
                ),
            ]
        );
        assert!(links.of(Digit::new(2)).is_empty());
    }
}
