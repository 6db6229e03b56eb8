//! Subsets: naked subsets (N cells of a house holding only N digits) and hidden subsets (N digits
//! of a house confined to N cells), of any size.
//!
//! Also owns the naked-subset search that locked pairs and triples build on.

use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::Explanation;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, DigitSet, HouseIds};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, eliminations_text, tight_sets};

/// A naked subset: cells whose candidates together are as many digits as there are cells.
pub(crate) struct Naked {
    /// The cells, row-major.
    pub cells: Vec<Cell>,
    /// The digits they hold.
    pub digits: DigitSet,
    /// Every house holding all the cells, ascending.
    pub shared: HouseIds,
}

/// Calls `found` with each naked subset of `n` cells, once (from the first house that holds it),
/// until it returns `false`.
pub(crate) fn each_naked(state: &State, n: usize, found: &mut dyn FnMut(Naked) -> bool) {
    let layout = state.layout();
    let (mut cells, mut masks) = (Vec::new(), Vec::new());
    for (id, house) in layout.houses().iter().enumerate() {
        cells.clear();
        cells.extend(
            (house.cells.iter().copied()).filter(|&c| (1..=n).contains(&state.candidates(c).len())),
        );
        masks.clear();
        masks.extend(cells.iter().map(|&c| state.candidates(c).bits()));
        let go_on = tight_sets(&masks, n, &mut |chosen, union| {
            let mut subset: Vec<Cell> = chosen.iter().map(|&i| cells[i]).collect();
            subset.sort_unstable();
            let shared = layout.common_houses(&subset);
            shared[0] != id
                || found(Naked {
                    cells: subset,
                    digits: DigitSet::from_bits(union),
                    shared,
                })
        });
        if !go_on {
            return;
        }
    }
}

/// The step of a naked subset as `technique`: its digits are removed from the other cells of
/// `houses` (all of which hold the subset); the explanation names those of `houses`, in the
/// order given, where something is removed. `None` when nothing is.
pub(crate) fn naked_step(
    state: &State,
    technique: Technique,
    subset: &Naked,
    houses: &[usize],
) -> Option<Step> {
    let step = naked_removals(state, technique, subset, houses)?;
    Some(explained_naked(step, subset))
}

/// [`naked_step`] before its explanation is written: a finder that may still turn the step
/// down writes it only for the steps it keeps ([`explained_naked`]).
pub(crate) fn naked_removals(
    state: &State,
    technique: Technique,
    subset: &Naked,
    houses: &[usize],
) -> Option<Step> {
    let layout = state.layout();
    let mut step = Step::new(technique);
    for &id in houses {
        let before = step.eliminations.len();
        for &cell in &layout.houses()[id].cells {
            if !subset.cells.contains(&cell) {
                let removed = state.candidates(cell).intersection(subset.digits);
                step.eliminations
                    .extend(removed.iter().map(|d| Candidate::new(cell, d)));
            }
        }
        if step.eliminations.len() > before {
            step.cover.push(id);
        }
    }
    if step.eliminations.is_empty() {
        return None;
    }
    step.eliminations.sort_unstable();
    step.eliminations.dedup();
    step.pattern = state.candidates_in(&subset.cells, subset.digits).into();
    step.base = subset.shared[..].into();
    Some(step)
}

/// `step`, a naked subset's removals ([`naked_removals`]), with its explanation.
pub(crate) fn explained_naked(mut step: Step, subset: &Naked) -> Step {
    let houses = Explanation::join(step.cover.iter().map(|&h| House(h)), " and ");
    step.explanation = explain!(
        "{} {} in {} at {} ⇒ {}",
        step.technique.sentence(),
        subset.digits,
        houses,
        cell_list(&subset.cells),
        eliminations_text(&step.eliminations)
    );
    step
}

/// Naked subsets of `n` cells: their digits are removed from the other cells of every house they
/// share.
pub fn naked(state: &State, n: usize, sink: &mut Sink) {
    each_naked(state, n, &mut |subset| {
        let technique = Technique::NakedSubset(n as u8);
        naked_step(state, technique, &subset, &subset.shared).is_none_or(&mut *sink)
    });
}

/// Hidden subsets of `n` digits: the other digits are removed from the `n` cells that hold them.
pub fn hidden(state: &State, n: usize, sink: &mut Sink) {
    let layout = state.layout();
    let mut positions = vec![0u128; state.size()];
    let (mut digits, mut masks) = (Vec::new(), Vec::new());
    for (id, house) in layout.houses().iter().enumerate() {
        positions.fill(0);
        for (i, &cell) in house.cells.iter().enumerate() {
            for digit in state.candidates(cell).iter() {
                positions[digit.index()] |= 1 << i;
            }
        }
        digits.clear();
        digits.extend(
            (0..positions.len()).filter(|&d| (1..=n as u32).contains(&positions[d].count_ones())),
        );
        masks.clear();
        masks.extend(digits.iter().map(|&d| positions[d]));
        let go_on = tight_sets(&masks, n, &mut |chosen, union| {
            let set = DigitSet::from_bits(chosen.iter().fold(0, |bits, &i| bits | 1 << digits[i]));
            let cells: Vec<Cell> = (0..house.cells.len())
                .filter(|&i| union >> i & 1 == 1)
                .map(|i| house.cells[i])
                .collect();
            let eliminations: Vec<Candidate> = cells
                .iter()
                .flat_map(|&c| {
                    let others = state.candidates(c).without(set);
                    others.iter().map(move |d| Candidate::new(c, d))
                })
                .collect();
            if eliminations.is_empty() || found_earlier(state, id, &cells, set) {
                return true;
            }
            let mut step = Step::new(Technique::HiddenSubset(n as u8));
            step.pattern = state.candidates_in(&cells, set).into();
            step.base.push(id);
            step.cover.push(id);
            step.explanation = explain!(
                "{} {} in {} at {} ⇒ {}",
                step.technique.sentence(),
                set,
                House(id),
                cell_list(&cells),
                eliminations_text(&eliminations)
            );
            step.eliminations = eliminations.into();
            sink(step)
        });
        if !go_on {
            return;
        }
    }
}

/// Whether a house before `id` also confines `digits` to `cells` (the same step, found there).
fn found_earlier(state: &State, id: usize, cells: &[Cell], digits: DigitSet) -> bool {
    let houses = state.layout().houses();
    state
        .layout()
        .common_houses(cells)
        .into_iter()
        .take_while(|&h| h < id)
        .any(|h| {
            houses[h]
                .cells
                .iter()
                .all(|c| cells.contains(c) || state.candidates(*c).intersection(digits).is_empty())
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::{cands, jigsaw4, state, text};

    fn six() -> Layout {
        Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap()
    }

    #[test]
    fn tight_sets_finds_exactly_the_unions_of_n_bits() {
        // Masks 0b011, 0b110, 0b101 pairwise give unions of 3 bits; all three together give 3.
        let masks = [0b011, 0b110, 0b101, 0b1000];
        let mut seen = Vec::new();
        tight_sets(&masks, 3, &mut |chosen, union| {
            seen.push((chosen.to_vec(), union));
            true
        });
        assert_eq!(seen, [(vec![0, 1, 2], 0b111)]);
    }

    #[test]
    fn naked_triple_in_a_row_of_a_six_by_six() {
        // r1c1, r1c3, r1c5 hold only 1, 2, 3 between them; they share only row 1 (c1-3 are box 1,
        // c5 is box 2), so 1, 2, 3 leave the other cells of row 1: c2, c4, c6. No other house
        // has three cells with three digits, and no two cells hold just two.
        let s = state(six(), &[(1, 1, "12"), (1, 3, "23"), (1, 5, "13")]);
        let steps = find_all(Technique::NakedSubset(3), &s);
        assert_eq!(steps.len(), 1);
        let expected: Vec<_> = [2, 4, 6]
            .iter()
            .flat_map(|&c| (1..=3).map(move |d| (1, c, d)))
            .collect();
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert_eq!(
            text(&s, &steps[0]),
            "Naked triple 1,2,3 in row 1 at r1c1, r1c3, r1c5 ⇒ r1c2<>123, r1c4<>123, r1c6<>123"
        );
        assert!(find_all(Technique::NakedSubset(2), &s).is_empty());
    }

    #[test]
    fn naked_pair_in_a_jigsaw_clears_both_shared_houses_once() {
        // r2c2 and r2c4 hold only 3 and 4 and share row 2 and region 2 (r1c4, r2c2-4). Row 2
        // loses 3 and 4 in r2c1 and r2c3, region 2 in r1c4 and r2c3: one step, found once.
        let s = state(jigsaw4(), &[(2, 2, "34"), (2, 4, "34")]);
        let steps = find_all(Technique::NakedSubset(2), &s);
        assert_eq!(steps.len(), 1);
        let expected = [
            (1, 4, 3),
            (1, 4, 4),
            (2, 1, 3),
            (2, 1, 4),
            (2, 3, 3),
            (2, 3, 4),
        ];
        assert_eq!(steps[0].eliminations[..], cands(4, &expected)[..]);
        assert_eq!(
            text(&s, &steps[0]),
            "Naked pair 3,4 in row 2 and region 2 at r2c2, r2c4 ⇒ r1c4<>34, r2c1<>34, r2c3<>34"
        );
    }

    #[test]
    fn hidden_pair_in_a_row_of_a_six_by_six() {
        // In row 1, 5 and 6 fit only r1c2 and r1c6, so those two cells lose 1-4. In every other
        // house 5 and 6 have more than two places (column 2 and box 1 include row 2).
        let marks: Vec<_> = [1, 3, 4, 5].iter().map(|&c| (1, c, "1234")).collect();
        let s = state(six(), &marks);
        let steps = find_all(Technique::HiddenSubset(2), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            text(&s, &steps[0]),
            "Hidden pair 5,6 in row 1 at r1c2, r1c6 ⇒ r1c2<>1234, r1c6<>1234"
        );
        assert_eq!(steps[0].eliminations.len(), 8);
    }

    #[test]
    fn hidden_subset_confined_in_two_houses_is_reported_once() {
        // 5 and 6 are gone from r1c3-6 and r2c1-3, so they fit only r1c1 and r1c2 both in row 1
        // and in box 1: one step (from row 1), removing 1-4 from those cells. Elsewhere 5 and 6
        // keep at least three places (row 2 and box 2 in c4-6, each column in rows 2-6).
        let mut marks: Vec<_> = (3..=6).map(|c| (1, c, "1234")).collect();
        marks.extend((1..=3).map(|c| (2, c, "1234")));
        let s = state(six(), &marks);
        let steps = find_all(Technique::HiddenSubset(2), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].base[..], [0]);
        let expected: Vec<_> = (1..=2)
            .flat_map(|c| (1..=4).map(move |d| (1, c, d)))
            .collect();
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
    }
}
