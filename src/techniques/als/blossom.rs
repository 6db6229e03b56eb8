//! Death blossom: a stem cell whose every candidate d has a petal, an ALS holding d only in cells
//! that see the stem. Whichever digit the stem takes, that petal loses it and is locked on its
//! other digits; so a digit z (not in the stem) held by every petal lies in one of the petals, and
//! every cell seeing all places of z in all petals loses it. Petals may overlap.

use super::{Als, CellSet, Graph, eliminations_of, restricted_common, set_text};
use crate::core::step::{Figure, Role};
use crate::core::{State, Step, Technique};
use crate::explain;
use crate::model::{Candidate, Cell, Digit, DigitSet, Explanation};
use crate::techniques::Sink;
use crate::techniques::common::eliminations_text;

/// Death blossoms whose stem has exactly `petals` candidates.
pub fn death_blossom(state: &State, petals: usize, sink: &mut Sink) {
    if petals < 2 {
        return;
    }
    let graph = Graph::of(state, state.limits().als_cells);
    let mut choices = petal_choices(state, petals, &graph.sets);
    // Per stem digit, its petals that hold z: one list each, refilled for every stem and z.
    let mut lists: Vec<Vec<&Als>> = vec![Vec::new(); petals];
    for stem in state.layout().cells() {
        let digits = state.candidates(stem);
        let Some(choices) = choices[stem.index()].take() else {
            continue;
        };
        if choices.iter().any(Vec::is_empty) {
            continue;
        }
        let all = DigitSet::full(state.size()).without(digits);
        for z in all.iter() {
            for (list, choice) in lists.iter_mut().zip(&choices) {
                list.clear();
                list.extend(choice.iter().copied().filter(|s| s.digits.contains(z)));
            }
            let blossom = Blossom { state, stem, z };
            if !blossom.grow(&lists, &mut Vec::new(), None, sink) {
                return;
            }
        }
    }
}

/// By cell, for a stem (a cell with exactly `petals` candidates), per candidate d in order, the
/// ALSs of `sets` (in their order) that may be its petal: they hold d only in cells that see
/// the stem. Found from each ALS's cells that see its places of a digit, rather than by asking
/// every ALS about every stem.
fn petal_choices<'s>(state: &State, petals: usize, sets: &'s [Als]) -> Vec<Option<Petals<'s>>> {
    let mut choices: Vec<Option<Petals>> = state
        .all_candidates()
        .iter()
        .map(|digits| (digits.len() == petals).then(|| vec![Vec::new(); petals]))
        .collect();
    for set in sets {
        for d in set.digits.iter() {
            for stem in set.seers(d).iter() {
                if let Some(lists) = &mut choices[stem.index()] {
                    let digits = state.candidates(stem);
                    let at = digits.iter().position(|e| e == d).expect("a seer holds d");
                    lists[at].push(set);
                }
            }
        }
    }
    choices
}

/// Per candidate of a stem, the ALSs that may be its petal.
type Petals<'s> = Vec<Vec<&'s Als>>;

/// The search for petals around one stem, for one digit z.
struct Blossom<'a> {
    state: &'a State,
    stem: Cell,
    z: Digit,
}

impl Blossom<'_> {
    /// Chooses a petal for each remaining stem digit while some cell still sees every place of z
    /// in the petals chosen (`seen`); reports each full blossom. Returns `false` to stop.
    fn grow<'s>(
        &self,
        lists: &[Vec<&'s Als>],
        chosen: &mut Vec<&'s Als>,
        seen: Option<&CellSet>,
        sink: &mut Sink,
    ) -> bool {
        let Some((list, rest)) = lists.split_first() else {
            return self.report(chosen, sink);
        };
        for &petal in list {
            let mut cells = petal.seers(self.z).clone();
            if let Some(seen) = seen {
                cells.intersect_with(seen);
            }
            if cells.is_empty() {
                continue;
            }
            chosen.push(petal);
            let go_on = self.grow(rest, chosen, Some(&cells), sink);
            chosen.pop();
            if !go_on {
                return false;
            }
        }
        true
    }

    /// The stem as the pivot, then each petal (once) and the restricted common it shares with
    /// the stem.
    fn figures(&self, petals: &[&Als]) -> Vec<Figure> {
        let stem_digits = self.state.candidates(self.stem);
        let stem: Vec<Candidate> = stem_digits
            .iter()
            .map(|d| Candidate::new(self.stem, d))
            .collect();
        let mut figures = vec![Figure::new(Role::Pivot, stem.iter().copied())];
        for (d, petal) in stem_digits.iter().zip(petals) {
            let figure = petal.figure();
            if !figures.contains(&figure) {
                figures.push(figure);
            }
            figures.push(restricted_common(stem.iter().copied(), petal, d));
        }
        figures
    }

    /// Reports the blossom of `petals` with every digit it eliminates, unless a smaller digit
    /// than z eliminates something too (the same blossom is then reported from that digit).
    fn report(&self, petals: &[&Als], sink: &mut Sink) -> bool {
        let state = self.state;
        let stem_digits = state.candidates(self.stem);
        let common = petals
            .iter()
            .fold(DigitSet::full(state.size()), |d, p| {
                d.intersection(p.digits)
            })
            .without(stem_digits);
        let mut eliminations: Vec<Candidate> = Vec::new();
        let mut zs = DigitSet::EMPTY;
        for z in common.iter() {
            let mut cells = petals[0].seers(z).clone();
            petals[1..]
                .iter()
                .for_each(|p| cells.intersect_with(p.seers(z)));
            if !cells.is_empty() {
                if zs.is_empty() && z != self.z {
                    return true;
                }
                zs.insert(z);
                eliminations.extend(eliminations_of(&cells, z));
            }
        }
        eliminations.sort_unstable();
        let mut step = Step::new(Technique::DeathBlossom(petals.len() as u8));
        step.pattern = petals
            .iter()
            .flat_map(|p| p.candidates(p.digits))
            .chain(stem_digits.iter().map(|d| Candidate::new(self.stem, d)))
            .collect();
        step.pattern.sort_unstable();
        step.pattern.dedup();
        step.figures = self.figures(petals);
        let branches = stem_digits
            .iter()
            .zip(petals)
            .map(|(d, p)| explain!("{} → {}", d, p.text()));
        step.explanation = explain!(
            "{}: stem {}: {}, Z={} ⇒ {}",
            step.technique.name(),
            set_text(&[self.stem], stem_digits),
            Explanation::join(branches, "; "),
            zs,
            eliminations_text(&eliminations)
        );
        step.eliminations = eliminations.into();
        sink(step)
    }
}

#[cfg(test)]
mod tests {
    use crate::core::Technique;
    use crate::core::step::Role;
    use crate::model::{Layout, Regions};
    use crate::techniques::find_all;
    use crate::techniques::testing::assert_sound;
    use crate::techniques::testing::{cands, roles, state, text};

    #[test]
    fn death_blossom_in_a_latin_square() {
        // Stem r1c1 {1,2}: if 1, r1c3 {1,5} is 5; if 2, r3c1 {2,5} is 5. r3c3 sees both.
        let layout = Layout::new(6, Regions::Latin).unwrap();
        let s = state(layout, &[(1, 1, "12"), (1, 3, "15"), (3, 1, "25")]);
        let steps = find_all(Technique::DeathBlossom(2), &s);
        assert_sound(&s, &steps);
        let wanted = cands(6, &[(3, 3, 5)]);
        let step = steps
            .iter()
            .find(|s| s.eliminations[..] == wanted[..])
            .unwrap();
        assert_eq!(
            text(&s, step),
            "Death Blossom (2 petals): stem r1c1 {1,2}: 1 → r1c3 {1,5}; 2 → r3c1 {2,5}, Z=5 \
             ⇒ r3c3<>5"
        );
        assert_eq!(
            roles(step),
            [
                (Role::Pivot, cands(6, &[(1, 1, 1), (1, 1, 2)])),
                (Role::Als, cands(6, &[(1, 3, 1), (1, 3, 5)])),
                (Role::RestrictedCommon, cands(6, &[(1, 1, 1), (1, 3, 1)])),
                (Role::Als, cands(6, &[(3, 1, 2), (3, 1, 5)])),
                (Role::RestrictedCommon, cands(6, &[(1, 1, 2), (3, 1, 2)])),
            ]
        );
    }
}
