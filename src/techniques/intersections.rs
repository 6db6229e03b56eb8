//! Intersections: locked candidates (pointing and claiming) and locked pairs and triples.
//!
//! All work on generic houses: a house confining a digit to its overlap with another house clears
//! the rest of that other house, whatever the shapes (boxes of any size, jigsaw regions, extra
//! houses).

use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::explanation::House;
use crate::model::{Candidate, Cell, Digit, HouseKind};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;
use crate::techniques::subsets::{each_naked, explained_naked, naked_removals};

/// Pointing (HoDoKu's Locked Candidates type 1): within a region, a digit's places all lie in one
/// row, column or extra house ⇒ it leaves the rest of that house.
pub fn pointing(state: &State, sink: &mut Sink) {
    locked_candidates(state, Technique::Pointing, sink);
}

/// Claiming (HoDoKu's Locked Candidates type 2): within a row, column or extra house, a digit's
/// places all lie in one region ⇒ it leaves the rest of that region. With extra houses, also
/// between them and lines: within window 1, a digit in one row leaves the rest of the row, and
/// the other way round.
pub fn claiming(state: &State, sink: &mut Sink) {
    locked_candidates(state, Technique::Claiming, sink);
}

/// A digit with at least two places in house A, all inside house B, is removed from B outside A.
/// Pointing takes regions as A and the other houses as B; claiming the other houses as A and
/// regions as B, or any house as B when A or B is an extra house.
fn locked_candidates(state: &State, technique: Technique, sink: &mut Sink) {
    let layout = state.layout();
    let houses = layout.houses();
    let from_region = technique == Technique::Pointing;
    let is_region = |id: usize| houses[id].kind == HouseKind::Region;
    let is_extra = |id: usize| houses[id].kind == HouseKind::Extra;
    let covers = |a: usize, b: usize| match from_region {
        true => !is_region(b),
        false => a != b && (is_region(b) || is_extra(a) || is_extra(b)),
    };
    let mut places = Vec::new();
    for (a, house) in houses.iter().enumerate() {
        if is_region(a) != from_region {
            continue;
        }
        for digit in state.missing(a).iter() {
            // Places all in one other house are at least two, and no more than it shares.
            let count = state.holders(a, digit);
            if count < 2 || count > layout.widest_overlap(a) {
                continue;
            }
            state.places_into(house, digit, &mut places);
            for &b in layout.houses_of(places[0]) {
                if !covers(a, b) || !places.iter().all(|&p| layout.houses_of(p).contains(&b)) {
                    continue;
                }
                if let Some(step) = locked_step(state, technique, a, digit, &places, b)
                    && !sink(step)
                {
                    return;
                }
            }
        }
    }
}

/// The locked candidates step (`technique`, pointing or claiming) where `digit`'s `places` in
/// house `a` all lie in house `b`: the digit leaves `b` outside `a`. `None` when `b` holds it
/// nowhere else.
pub(crate) fn locked_step(
    state: &State,
    technique: Technique,
    a: usize,
    digit: Digit,
    places: &[Cell],
    b: usize,
) -> Option<Step> {
    let layout = state.layout();
    let eliminations: Vec<Candidate> = layout.houses()[b]
        .cells
        .iter()
        .filter(|&&c| state.candidates(c).contains(digit) && !layout.houses_of(c).contains(&a))
        .map(|&c| Candidate::new(c, digit))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let mut step = Step::new(technique);
    step.pattern = places.iter().map(|&c| Candidate::new(c, digit)).collect();
    step.base.push(a);
    step.cover.push(b);
    step.explanation = explain!(
        "{}: in {}, {} lies only in {} ⇒ {}",
        technique.name(),
        House(a),
        digit,
        House(b),
        eliminations_text(&eliminations)
    );
    step.eliminations = eliminations.into();
    Some(step)
}

/// Locked pairs and triples (`n` = 2, 3; larger on jigsaws with wide overlaps): a naked subset
/// inside the overlap of a region and another house, clearing both — reported only when both
/// lose something, as HoDoKu does (otherwise it is a plain naked subset).
pub fn locked_subset(state: &State, n: usize, sink: &mut Sink) {
    let houses = state.layout().houses();
    each_naked(state, n, &mut |subset| {
        let Some(&region) = subset
            .shared
            .iter()
            .find(|&&h| houses[h].kind == HouseKind::Region)
        else {
            return true;
        };
        if subset.shared.len() < 2 {
            // Only the region holds it: nothing outside the region can go.
            return true;
        }
        let mut order = vec![region];
        order.extend(subset.shared.iter().filter(|&&h| h != region));
        let technique = Technique::LockedSubset(n as u8);
        let Some(step) = naked_removals(state, technique, &subset, &order) else {
            return true;
        };
        let outside = step
            .eliminations
            .iter()
            .any(|e| !state.layout().houses_of(e.cell).contains(&region));
        !(step.cover.contains(&region) && outside) || sink(explained_naked(step, &subset))
    });
}

#[cfg(test)]
mod tests {
    use crate::core::Technique;
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::{cands, jigsaw4, state, text};

    fn six() -> Layout {
        Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap()
    }

    #[test]
    fn pointing_and_claiming_with_two_by_three_boxes() {
        // 5 is gone from r2c1-3: in box 1 (r1-2, c1-3) it lies only in row 1, so pointing removes
        // it from r1c4-6. Seen from row 2, 5 lies only in c4-6 = box 2, so claiming removes it
        // from box 2's other row: the same cells. No other house confines 5 or another digit.
        let s = state(six(), &[(2, 1, "12346"), (2, 2, "12346"), (2, 3, "12346")]);
        let expected = cands(6, &[(1, 4, 5), (1, 5, 5), (1, 6, 5)]);
        let pointing = find_all(Technique::Pointing, &s);
        assert_eq!(pointing.len(), 1);
        assert_eq!(pointing[0].eliminations[..], expected[..]);
        assert_eq!(
            text(&s, &pointing[0]),
            "Pointing: in box 1, 5 lies only in row 1 ⇒ r1c4<>5, r1c5<>5, r1c6<>5"
        );
        let claiming = find_all(Technique::Claiming, &s);
        assert_eq!(claiming.len(), 1);
        assert_eq!(claiming[0].eliminations[..], expected[..]);
        assert_eq!(
            text(&s, &claiming[0]),
            "Claiming: in row 2, 5 lies only in box 2 ⇒ r1c4<>5, r1c5<>5, r1c6<>5"
        );
    }

    #[test]
    fn pointing_from_a_jigsaw_region() {
        // Region 1 is r1c1-3 + r2c1; without 1 in r2c1 its 1s lie in row 1, so r1c4 (region 2)
        // loses 1. Row 2 then holds 1 only in r2c2-4 = region 2 minus r1c4: claiming removes the
        // same candidate. Regions 3 and 4 (2x2 squares) confine nothing.
        let s = state(jigsaw4(), &[(2, 1, "234")]);
        let pointing = find_all(Technique::Pointing, &s);
        assert_eq!(pointing.len(), 1);
        assert_eq!(pointing[0].eliminations[..], cands(4, &[(1, 4, 1)])[..]);
        assert_eq!(
            text(&s, &pointing[0]),
            "Pointing: in region 1, 1 lies only in row 1 ⇒ r1c4<>1"
        );
        let claiming = find_all(Technique::Claiming, &s);
        assert_eq!(claiming.len(), 1);
        assert_eq!(
            text(&s, &claiming[0]),
            "Claiming: in row 2, 1 lies only in region 2 ⇒ r1c4<>1"
        );
    }

    #[test]
    fn latin_squares_have_no_intersections() {
        let s = state(
            Layout::new(4, Regions::Latin).unwrap(),
            &[(1, 1, "12"), (1, 2, "12")],
        );
        assert!(find_all(Technique::Pointing, &s).is_empty());
        assert!(find_all(Technique::Claiming, &s).is_empty());
        assert!(find_all(Technique::LockedSubset(2), &s).is_empty());
    }

    #[test]
    fn locked_pair_clears_box_and_row() {
        // r1c1 and r1c2 hold only 1 and 2 and share box 1 and row 1: both digits leave box 1's
        // other cells (r1c3, r2c1-3) and row 1's (r1c3-6).
        let s = state(six(), &[(1, 1, "12"), (1, 2, "12")]);
        let steps = find_all(Technique::LockedSubset(2), &s);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            text(&s, &steps[0]),
            "Locked pair 1,2 in box 1 and row 1 at r1c1, r1c2 ⇒ \
             r1c3<>12, r1c4<>12, r1c5<>12, r1c6<>12, r2c1<>12, r2c2<>12, r2c3<>12"
        );
        assert_eq!(steps[0].cover[..], [12, 0]);
    }

    #[test]
    fn pair_in_a_box_and_row_clearing_only_the_row_is_not_locked() {
        // As above, but box 1's other cells have no 1 or 2: only row 1 loses them, which makes a
        // naked pair and not a locked one.
        let mut marks = vec![(1, 1, "12"), (1, 2, "12"), (1, 3, "3456")];
        marks.extend((1..=3).map(|c| (2, c, "3456")));
        let s = state(six(), &marks);
        assert!(find_all(Technique::LockedSubset(2), &s).is_empty());
        let naked = find_all(Technique::NakedSubset(2), &s);
        assert_eq!(naked.len(), 1);
        assert_eq!(naked[0].cover[..], [0]);
    }
}
