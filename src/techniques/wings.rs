//! Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing.
//!
//! Each is a handful of cells that between them force one digit `z` into at least one of the cells
//! of the pattern that hold it; `z` then leaves every cell that sees all of those. "Sees" is
//! shared house membership from the layout, so boxes, jigsaw regions and Latin squares are served
//! alike. (Remote pairs are chains, not wings.)

use crate::engine::state::State;
use crate::engine::step::{Candidate, Step, Technique};
use crate::model::{Cell, Digit, DigitSet, Layout};
use crate::techniques::Sink;
use crate::techniques::subsets::{cell_list, digit_list, eliminations_text};
use std::collections::HashSet;

/// The most four-cell patterns a WXYZ-Wing search examines in one call, so that the search
/// stays interactive on 25x25 grids full of small cells.
pub const WXYZ_MAX_PATTERNS: usize = 200_000;

/// XY-Wing: pivot `{x,y}`, pincers `{x,z}` and `{y,z}` that see the pivot; `z` leaves the cells
/// seeing both pincers.
pub fn xy_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for pivot in layout.cells() {
        let held = state.candidates(pivot);
        if held.len() != 2 {
            continue;
        }
        let (x, y) = pair(held);
        let pincers = bivalue_peers(state, pivot);
        for &a in &pincers {
            let with_a = state.candidates(a);
            if !with_a.contains(x) || with_a.contains(y) {
                continue;
            }
            let z = with_a.without(held).first().expect("a pincer holds two digits");
            let wanted: DigitSet = [y, z].into_iter().collect();
            for &b in pincers.iter().filter(|&&b| state.candidates(b) == wanted) {
                let eliminations = seen_by_all(state, z, &[a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let detail = format!(
                    "{x}/{y}/{z}: pivot {}, pincers {} and {}",
                    state.name(pivot),
                    state.name(a),
                    state.name(b)
                );
                let step = wing_step(state, Technique::XyWing, &[pivot, a, b], detail, eliminations);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// XYZ-Wing: pivot `{x,y,z}`, pincers `{x,z}` and `{y,z}` that see the pivot; `z` leaves the
/// cells seeing the pivot and both pincers.
pub fn xyz_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for pivot in layout.cells() {
        let held = state.candidates(pivot);
        if held.len() != 3 {
            continue;
        }
        let pincers: Vec<Cell> = bivalue_peers(state, pivot)
            .into_iter()
            .filter(|&c| state.candidates(c).without(held).is_empty())
            .collect();
        for (i, &a) in pincers.iter().enumerate() {
            for &b in &pincers[i + 1..] {
                let (with_a, with_b) = (state.candidates(a), state.candidates(b));
                if with_a == with_b || with_a.union(with_b) != held {
                    continue;
                }
                let z = with_a.intersection(with_b).first().expect("the pincers share z");
                let eliminations = seen_by_all(state, z, &[pivot, a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let (x, y) = (only(with_a, z), only(with_b, z));
                let detail = format!(
                    "{x}/{y}/{z}: pivot {}, pincers {} and {}",
                    state.name(pivot),
                    state.name(a),
                    state.name(b)
                );
                let step =
                    wing_step(state, Technique::XyzWing, &[pivot, a, b], detail, eliminations);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// W-Wing: two cells `{x,y}` that do not see each other, joined by a strong link on `x` (a house
/// where `x` has exactly two places, one seen by each cell): one of them is `y`, so `y` leaves
/// the cells seeing both.
pub fn w_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    let bivalue: Vec<Cell> = layout
        .cells()
        .filter(|&c| state.candidates(c).len() == 2)
        .collect();
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let held = state.candidates(a);
            if state.candidates(b) != held || sees(layout, a, b) {
                continue;
            }
            for (x, y) in [pair(held), swap(pair(held))] {
                let eliminations = seen_by_all(state, y, &[a, b]);
                if eliminations.is_empty() {
                    continue;
                }
                let Some((house, ends)) = strong_link(state, x, a, b) else {
                    continue;
                };
                let detail = format!(
                    "{y}/{x}: {} and {} joined by the strong link on {x} in {} ({} = {})",
                    state.name(a),
                    state.name(b),
                    state.house_name(house),
                    state.name(ends[0]),
                    state.name(ends[1])
                );
                let mut step = wing_step(state, Technique::WWing, &[a, b], detail, eliminations);
                step.pattern.extend(ends.map(|c| Candidate::new(c, x)));
                step.pattern.sort_unstable();
                step.base.push(house);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// WXYZ-Wing: four cells that see one another in a connected way and hold four digits between
/// them, every digit but one (`z`) restricted (its cells in the pattern all see one another).
/// The four cells cannot all take restricted digits, so one of them is `z`: `z` leaves the cells
/// seeing every cell of the pattern that holds it.
pub fn wxyz_wing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for cells in wxyz_patterns(state) {
        let digits = cells
            .iter()
            .fold(DigitSet::EMPTY, |d, &c| d.union(state.candidates(c)));
        let unrestricted: Vec<Digit> = digits
            .iter()
            .filter(|&d| !all_see_each_other(layout, &holding(state, &cells, d)))
            .collect();
        let [z] = unrestricted[..] else {
            continue;
        };
        let eliminations = seen_by_all(state, z, &holding(state, &cells, z));
        if eliminations.is_empty() {
            continue;
        }
        let detail = format!(
            "{} in {}: only {z} is unrestricted",
            digit_list(digits),
            cell_list(state, &cells)
        );
        if !sink(wing_step(
            state,
            Technique::WxyzWing,
            &cells,
            detail,
            eliminations,
        )) {
            return;
        }
    }
}

/// The connected four-cell sets of cells holding two to four candidates and four digits in all,
/// sorted, each once, at most [`WXYZ_MAX_PATTERNS`] of them examined.
fn wxyz_patterns(state: &State) -> Vec<[Cell; 4]> {
    let layout = state.layout();
    let small = |c: Cell| (2..=4).contains(&state.candidates(c).len());
    let mut found: HashSet<[Cell; 4]> = HashSet::new();
    let mut budget = WXYZ_MAX_PATTERNS;
    for seed in layout.cells().filter(|&c| small(c)) {
        let mut chosen = vec![seed];
        grow(state, &small, &mut chosen, &mut found, &mut budget);
        if budget == 0 {
            break;
        }
    }
    let mut patterns: Vec<[Cell; 4]> = found.into_iter().collect();
    patterns.sort_unstable();
    patterns
}

/// Extends `chosen` by peers of its cells, later than its first cell, while the digits stay at
/// most four; records the sets of four.
fn grow(
    state: &State,
    small: &dyn Fn(Cell) -> bool,
    chosen: &mut Vec<Cell>,
    found: &mut HashSet<[Cell; 4]>,
    budget: &mut usize,
) {
    if chosen.len() == 4 {
        let mut key = [chosen[0], chosen[1], chosen[2], chosen[3]];
        key.sort_unstable();
        found.insert(key);
        *budget = budget.saturating_sub(1);
        return;
    }
    let layout = state.layout();
    let digits = chosen
        .iter()
        .fold(DigitSet::EMPTY, |d, &c| d.union(state.candidates(c)));
    let mut next: Vec<Cell> = chosen
        .iter()
        .flat_map(|&c| layout.peers(c).iter().copied())
        .filter(|&c| c > chosen[0] && !chosen.contains(&c) && small(c))
        .filter(|&c| digits.union(state.candidates(c)).len() <= 4)
        .collect();
    next.sort_unstable();
    next.dedup();
    for cell in next {
        if *budget == 0 {
            return;
        }
        chosen.push(cell);
        grow(state, small, chosen, found, budget);
        chosen.pop();
    }
}

/// A house (and its two places) where `x` has exactly two places, neither `a` nor `b`, one seen
/// by `a` and the other by `b`.
fn strong_link(state: &State, x: Digit, a: Cell, b: Cell) -> Option<(usize, [Cell; 2])> {
    let layout = state.layout();
    layout.houses().iter().enumerate().find_map(|(id, house)| {
        let places = state.places(house, x);
        let [p, q] = places[..] else {
            return None;
        };
        if [p, q].iter().any(|c| *c == a || *c == b) {
            return None;
        }
        if sees(layout, a, p) && sees(layout, b, q) {
            Some((id, [p, q]))
        } else if sees(layout, a, q) && sees(layout, b, p) {
            Some((id, [q, p]))
        } else {
            None
        }
    })
}

/// The step of a wing of `technique` on `cells`: `{name} {detail} ⇒ {eliminations}`.
fn wing_step(
    state: &State,
    technique: Technique,
    cells: &[Cell],
    detail: String,
    eliminations: Vec<Candidate>,
) -> Step {
    let mut step = Step::new(technique);
    step.pattern = cells
        .iter()
        .flat_map(|&c| state.candidates(c).iter().map(move |d| Candidate::new(c, d)))
        .collect();
    step.pattern.sort_unstable();
    step.explanation = format!(
        "{technique} {detail} ⇒ {}",
        eliminations_text(state, &eliminations)
    );
    step.eliminations = eliminations;
    step
}

/// The candidates `digit` in cells outside `cells` that see every one of `cells`, sorted.
pub(crate) fn seen_by_all(state: &State, digit: Digit, cells: &[Cell]) -> Vec<Candidate> {
    let layout = state.layout();
    layout
        .peers(cells[0])
        .iter()
        .copied()
        .filter(|&c| state.candidates(c).contains(digit) && !cells.contains(&c))
        .filter(|&c| cells[1..].iter().all(|&other| sees(layout, c, other)))
        .map(|c| Candidate::new(c, digit))
        .collect()
}

/// Whether `a` and `b` share a house.
pub(crate) fn sees(layout: &Layout, a: Cell, b: Cell) -> bool {
    layout.peers(a).binary_search(&b).is_ok()
}

/// Whether every two of `cells` share a house.
fn all_see_each_other(layout: &Layout, cells: &[Cell]) -> bool {
    cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| sees(layout, a, b)))
}

/// The cells among `cells` that hold `digit`.
fn holding(state: &State, cells: &[Cell], digit: Digit) -> Vec<Cell> {
    cells
        .iter()
        .copied()
        .filter(|&c| state.candidates(c).contains(digit))
        .collect()
}

/// The peers of `cell` with exactly two candidates.
fn bivalue_peers(state: &State, cell: Cell) -> Vec<Cell> {
    state
        .layout()
        .peers(cell)
        .iter()
        .copied()
        .filter(|&c| state.candidates(c).len() == 2)
        .collect()
}

/// The two digits of a two-digit set, ascending.
fn pair(digits: DigitSet) -> (Digit, Digit) {
    let mut it = digits.iter();
    let first = it.next().expect("two digits");
    (first, it.next().expect("two digits"))
}

fn swap((a, b): (Digit, Digit)) -> (Digit, Digit) {
    (b, a)
}

/// The digit of a two-digit set other than `digit`.
fn only(digits: DigitSet, digit: Digit) -> Digit {
    digits
        .without(DigitSet::single(digit))
        .first()
        .expect("two digits")
}
