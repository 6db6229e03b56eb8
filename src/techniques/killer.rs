//! Killer cages: what their sums say.
//!
//! - *Cage combination*: the cells of a cage take distinct digits adding up to its sum, so only
//!   the candidates some such set of digits uses stay (`cage 17 at r1c1, r1c2 is 8+9`).
//! - *Cage pointing*: a digit every combination of a cage holds is in the cage, so it leaves
//!   every cell that sees all its places there.
//! - *Cage claiming*: a digit whose places in a house all lie in one cage is in that cage, so
//!   it leaves the cage's cells outside the house, and the combinations without it go.
//! - *Innies and outies* (the 45 rule): a union of houses holds every digit once per house, so
//!   its cells add up to a known total; the cages inside it take their sums from that, and the
//!   cells left over (innies) add up to the rest. The cages that reach out of it add up to the
//!   total plus what lies outside (outies). Such a sum over a few cells narrows their candidates
//!   as a cage's does, except that cells which do not see each other may repeat a digit.
//!
//! Every finder here finds nothing on a grid without cages.

use crate::core::{KillerRule, State, Step, Technique};
use crate::explain;
use crate::model::cage::{Assignments, cage_assignments};
use crate::model::explanation::{Cage as CageName, House, Node};
use crate::model::{Cage, Candidate, Cell, Digit, DigitSet, Explanation, HouseKind, Layout};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, eliminations_text};

/// The most open cells an innie or outie sum may have (more narrow little and cost much).
const SUM_CELLS: usize = 5;

/// The most partial assignments a sum over cells that may repeat digits follows.
const SUM_BUDGET: usize = 1 << 16;

/// The most combinations an explanation lists.
const LISTED: usize = 6;

/// Finds steps of `rule` in `state`.
pub fn find(state: &State, rule: KillerRule, sink: &mut Sink) {
    if state.layout().cages().is_empty() {
        return;
    }
    match rule {
        KillerRule::Combination => combination(state, sink),
        KillerRule::CagePointing => cage_pointing(state, sink),
        KillerRule::CageClaiming => cage_claiming(state, sink),
        KillerRule::Innies => innies(state, sink),
    }
}

/// A cell's digits as bits: its value when placed, else its candidates.
fn bits(state: &State, cell: Cell) -> u128 {
    state
        .value(cell)
        .map_or(state.candidates(cell), DigitSet::single)
        .bits()
}

/// The assignments of `cage` in `state`, keeping only those holding every digit of `required`.
fn assignments(state: &State, cage: &Cage, required: DigitSet) -> Option<Assignments> {
    let cands: Vec<u128> = cage.cells.iter().map(|&c| bits(state, c)).collect();
    cage_assignments(&cands, cage.sum, required.bits())
}

/// The candidates of `cells` that `options` (bits per cell) leave out.
fn left_out(state: &State, cells: &[Cell], options: &[u128]) -> Vec<Candidate> {
    cells
        .iter()
        .zip(options)
        .flat_map(|(&cell, &kept)| {
            let gone = state.candidates(cell).without(DigitSet::from_bits(kept));
            gone.iter().map(move |d| Candidate::new(cell, d))
        })
        .collect()
}

/// Combinations as a person lists them: `8+9`, `1+5+9 or 2+4+9`, the first few of many.
fn combinations_text(combinations: &[u128]) -> Explanation {
    let mut sets: Vec<DigitSet> = combinations
        .iter()
        .map(|&b| DigitSet::from_bits(b))
        .collect();
    sets.sort_unstable_by_key(|set| set.iter().map(Digit::get).collect::<Vec<_>>());
    let shown = sets
        .iter()
        .take(LISTED)
        .map(|set| Explanation::join(set.iter(), "+"));
    let mut text = Explanation::join(shown, " or ");
    if sets.len() > LISTED {
        text.push(format!(" or {} more", sets.len() - LISTED));
    }
    text
}

/// The step of a Killer rule on `cells`, the eliminations sorted.
fn killer_step(
    state: &State,
    rule: KillerRule,
    cells: &[Cell],
    mut eliminations: Vec<Candidate>,
    explanation: Explanation,
) -> Step {
    eliminations.sort_unstable();
    eliminations.dedup();
    let mut step = Step::new(Technique::Killer(rule));
    step.pattern = state
        .candidates_in(cells, DigitSet::full(state.size()))
        .into();
    step.pattern.retain(|c| !eliminations.contains(c));
    step.explanation = explain!("{} ⇒ {}", explanation, eliminations_text(&eliminations));
    step.eliminations = eliminations.into();
    step
}

/// Cage combination: only the candidates some combination of a cage uses stay.
fn combination(state: &State, sink: &mut Sink) {
    for (id, cage) in state.layout().cages().iter().enumerate() {
        let Some(found) = assignments(state, cage, DigitSet::EMPTY) else {
            continue;
        };
        let eliminations = left_out(state, &cage.cells, &found.options);
        if eliminations.is_empty() {
            continue;
        }
        let says = match found.combinations.len() {
            0 => explain!(
                "Cage combination: no set of distinct digits makes {}",
                CageName(id)
            ),
            _ => explain!(
                "Cage combination: {} can only be {}",
                CageName(id),
                combinations_text(&found.combinations)
            ),
        };
        let mut step = killer_step(
            state,
            KillerRule::Combination,
            &cage.cells,
            eliminations,
            says,
        );
        step.cages.push(id);
        if !sink(step) {
            return;
        }
    }
}

/// Cage pointing: a digit every combination of a cage holds leaves the cells outside the cage
/// that see all its places in it.
fn cage_pointing(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for (id, cage) in layout.cages().iter().enumerate() {
        let Some(found) = assignments(state, cage, DigitSet::EMPTY) else {
            continue;
        };
        let Some(&first) = found.combinations.first() else {
            continue;
        };
        let required = found.combinations.iter().fold(first, |all, &c| all & c);
        let placed: DigitSet = cage.cells.iter().filter_map(|&c| state.value(c)).collect();
        for digit in DigitSet::from_bits(required).without(placed).iter() {
            let places: Vec<Cell> = cage
                .cells
                .iter()
                .copied()
                .filter(|&c| state.candidates(c).contains(digit))
                .collect();
            let eliminations: Vec<Candidate> = layout
                .common_peers(&places)
                .filter(|&c| layout.cage_of(c) != Some(id) && state.candidates(c).contains(digit))
                .map(|c| Candidate::new(c, digit))
                .collect();
            if eliminations.is_empty() {
                continue;
            }
            let says = explain!(
                "Cage pointing: {} holds {} in every combination ({}), and only {} can take it",
                CageName(id),
                digit,
                combinations_text(&found.combinations),
                cell_list(&places)
            );
            let mut step =
                killer_step(state, KillerRule::CagePointing, &places, eliminations, says);
            step.cages.push(id);
            if !sink(step) {
                return;
            }
        }
    }
}

/// Cage claiming: a digit whose places in a house all lie in one cage is in the cage: it
/// leaves the cage's cells outside the house, and the combinations without it go.
fn cage_claiming(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for (house_id, house) in layout.houses().iter().enumerate() {
        for digit in state.missing(house_id).iter() {
            let places = state.places(house, digit);
            let Some(id) = places.first().and_then(|&c| layout.cage_of(c)) else {
                continue;
            };
            if places.len() < 2 || places.iter().any(|&c| layout.cage_of(c) != Some(id)) {
                continue;
            }
            let cage = &layout.cages()[id];
            let cands: Vec<u128> = cage
                .cells
                .iter()
                .map(|&c| match places.contains(&c) {
                    true => bits(state, c),
                    false => bits(state, c) & !DigitSet::single(digit).bits(),
                })
                .collect();
            let required = DigitSet::single(digit).bits();
            let Some(found) = cage_assignments(&cands, cage.sum, required) else {
                continue;
            };
            let eliminations = left_out(state, &cage.cells, &found.options);
            if eliminations.is_empty() {
                continue;
            }
            let says = explain!(
                "Cage claiming: in {}, {} lies only in {}, so the cage holds it: {}",
                House(house_id),
                digit,
                CageName(id),
                combinations_text(&found.combinations)
            );
            let mut step = killer_step(
                state,
                KillerRule::CageClaiming,
                &cage.cells,
                eliminations,
                says,
            );
            step.base.push(house_id);
            step.cages.push(id);
            if !sink(step) {
                return;
            }
        }
    }
}

/// A union of disjoint houses the 45 rule is applied to.
struct Union {
    /// The houses (indices into the layout's).
    houses: Vec<usize>,
    /// Whether each cell is in the union.
    inside: Vec<bool>,
}

/// The unions the 45 rule looks at, smallest first: every house, then runs of 2 to N-1
/// consecutive rows and columns, then pairs of regions side by side.
fn unions(layout: &Layout) -> Vec<Union> {
    let houses = layout.houses();
    let size = layout.size();
    let of_kind = |kind: HouseKind| -> Vec<usize> {
        (0..houses.len())
            .filter(|&h| houses[h].kind == kind)
            .collect()
    };
    let mut sets: Vec<Vec<usize>> = (0..houses.len()).map(|h| vec![h]).collect();
    let regions = of_kind(HouseKind::Region);
    for pair in regions
        .iter()
        .enumerate()
        .flat_map(|(i, &a)| regions[i + 1..].iter().map(move |&b| [a, b]))
    {
        let touching = houses[pair[0]].cells.iter().any(|&a| {
            houses[pair[1]].cells.iter().any(|&b| {
                let (ra, ca, rb, cb) = (a.row(size), a.col(size), b.row(size), b.col(size));
                ra.abs_diff(rb) + ca.abs_diff(cb) == 1
            })
        });
        if touching {
            sets.push(pair.to_vec());
        }
    }
    for lines in [of_kind(HouseKind::Row), of_kind(HouseKind::Column)] {
        for length in 2..lines.len() {
            sets.extend(lines.windows(length).map(<[usize]>::to_vec));
        }
    }
    sets.sort_by_key(Vec::len);
    sets.into_iter()
        .map(|houses_in| {
            let mut inside = vec![false; layout.cell_count()];
            for &h in &houses_in {
                for cell in &houses[h].cells {
                    inside[cell.index()] = true;
                }
            }
            Union {
                houses: houses_in,
                inside,
            }
        })
        .collect()
}

/// The union named for a person: `row 3`, `rows 1-3`, `box 1 and box 2`.
fn union_text(layout: &Layout, houses: &[usize]) -> Explanation {
    let all = layout.houses();
    let (first, last) = (&all[houses[0]], &all[houses[houses.len() - 1]]);
    let lines = houses.len() > 1
        && matches!(first.kind, HouseKind::Row | HouseKind::Column)
        && houses.iter().all(|&h| all[h].kind == first.kind);
    if lines {
        let kind = if first.kind == HouseKind::Row {
            "rows"
        } else {
            "columns"
        };
        return format!("{kind} {}-{}", first.number + 1, last.number + 1).into();
    }
    Explanation::join(houses.iter().map(|&h| House(h)), " and ")
}

/// What the 45 rule says about a union: cells (`plus`) minus cells (`minus`) add up to `value`.
struct Equation {
    /// Cells counted in: innies.
    plus: Vec<Cell>,
    /// Cells counted out: outies.
    minus: Vec<Cell>,
    /// What `plus` minus `minus` adds up to.
    value: i64,
    /// The sums of the cages reaching out of the union counted by their outside cells.
    reaching: usize,
}

/// What the 45 rule says about a union of houses.
struct Rule45 {
    /// What the union holds: 1 + 2 + … + N per house.
    total: usize,
    /// The sum of the cages inside it.
    inner: usize,
    /// The cages inside it or reaching out of it.
    cages: Vec<usize>,
    /// Its equations.
    equations: Vec<Equation>,
}

/// The equations of the 45 rule over `union`: its innies, its outies (when every innie is in a
/// cage reaching out), and, when that has fewer cells, the mix that takes for each cage
/// reaching out whichever of its parts inside or outside is smaller.
fn equations(layout: &Layout, union: &Union) -> Rule45 {
    let full: usize = (1..=layout.size()).sum();
    let total = full * union.houses.len();
    let (mut inner, mut partial, mut cages) = (0, Vec::new(), Vec::new());
    for (id, cage) in layout.cages().iter().enumerate() {
        let count = cage
            .cells
            .iter()
            .filter(|c| union.inside[c.index()])
            .count();
        if count == cage.cells.len() {
            inner += cage.sum;
        } else if count > 0 {
            partial.push(id);
        }
        if count > 0 {
            cages.push(id);
        }
    }
    let uncaged: Vec<Cell> = layout
        .cells()
        .filter(|&c| union.inside[c.index()] && layout.cage_of(c).is_none())
        .collect();
    let parts = |id: usize, inside: bool| {
        let cells = &layout.cages()[id].cells;
        cells
            .iter()
            .copied()
            .filter(move |c| union.inside[c.index()] == inside)
    };
    // For each cage reaching out, whether it is counted by its outside part.
    let by_outside = |outside: &dyn Fn(usize) -> bool| -> Equation {
        let mut plus = uncaged.clone();
        let mut minus = Vec::new();
        let mut reaching = 0;
        for &id in &partial {
            if outside(id) {
                minus.extend(parts(id, false));
                reaching += layout.cages()[id].sum;
            } else {
                plus.extend(parts(id, true));
            }
        }
        plus.sort_unstable();
        minus.sort_unstable();
        let value = total as i64 - inner as i64 - reaching as i64;
        Equation {
            plus,
            minus,
            value,
            reaching,
        }
    };
    let mut found = vec![by_outside(&|_| false)];
    if uncaged.is_empty() && !partial.is_empty() {
        found.push(by_outside(&|_| true));
        let smaller = |id: usize| parts(id, false).count() < parts(id, true).count();
        let mixed = by_outside(&smaller);
        if partial.iter().any(|&id| smaller(id)) && partial.iter().any(|&id| !smaller(id)) {
            found.push(mixed);
        }
    }
    Rule45 {
        total,
        inner,
        cages,
        equations: found,
    }
}

/// Innies and outies: the 45 rule over every union of [`unions`].
fn innies(state: &State, sink: &mut Sink) {
    let layout = state.layout();
    for union in unions(layout) {
        let rule = equations(layout, &union);
        for equation in &rule.equations {
            let Some(eliminations) = sum_eliminations(state, equation) else {
                continue;
            };
            if eliminations.is_empty() {
                continue;
            }
            let mut cells = [equation.plus.clone(), equation.minus.clone()].concat();
            cells.sort_unstable();
            let mut step = killer_step(
                state,
                KillerRule::Innies,
                &cells,
                eliminations,
                equation_text(layout, &union, &rule, equation),
            );
            step.base = union.houses[..].into();
            step.cages = rule.cages.clone();
            if !sink(step) {
                return;
            }
        }
    }
}

/// `Innies of row 9: it holds 45, the cages inside it 34, so r9c1 + r9c5 = 11`; outies: `…
/// the cages inside it 30 and those reaching out of it 20, so r1c2 + r6c2 = 5`; both: `… so
/// r4c4 - r3c5 = 2`.
fn equation_text(
    layout: &Layout,
    union: &Union,
    rule: &Rule45,
    equation: &Equation,
) -> Explanation {
    let (total, inner) = (rule.total, rule.inner);
    let place = union_text(layout, &union.houses);
    let outies = equation.plus.is_empty();
    let (kind, plus, minus, value) = match (outies, equation.minus.is_empty()) {
        (false, true) => ("Innies", &equation.plus, &equation.minus, equation.value),
        (true, _) => ("Outies", &equation.minus, &equation.plus, -equation.value),
        _ => (
            "Innies and outies",
            &equation.plus,
            &equation.minus,
            equation.value,
        ),
    };
    let mut sides = Explanation::join(plus.iter().map(|&c| Node(c)), " + ");
    for &cell in minus {
        sides.push(explain!(" - {}", Node(cell)));
    }
    let cages = match equation.reaching {
        0 => explain!("the cages inside it {}", inner.to_string()),
        reaching => explain!(
            "the cages inside it {} and those reaching out of it {}",
            inner.to_string(),
            reaching.to_string()
        ),
    };
    explain!(
        "{} of {}: it holds {}, {}, so {} = {}",
        kind,
        place,
        total.to_string(),
        cages,
        sides,
        value.to_string()
    )
}

/// The candidates of an equation's open cells that no assignment making it hold uses (cells
/// that see each other take distinct digits, others may repeat one); `None` when the open cells
/// are none or too many, or the assignments too many to follow.
fn sum_eliminations(state: &State, equation: &Equation) -> Option<Vec<Candidate>> {
    let cells = [equation.plus.clone(), equation.minus.clone()].concat();
    let open = cells.iter().filter(|&&c| state.value(c).is_none()).count();
    if open == 0 || open > SUM_CELLS {
        return None;
    }
    let layout = state.layout();
    let cands: Vec<u128> = cells.iter().map(|&c| bits(state, c)).collect();
    let all_peers = cells
        .iter()
        .enumerate()
        .all(|(i, &a)| cells[i + 1..].iter().all(|&b| layout.sees(a, b)));
    let options = match (equation.minus.is_empty(), usize::try_from(equation.value)) {
        (true, Ok(sum)) if all_peers => cage_assignments(&cands, sum, 0)?.options,
        _ => {
            let signs: Vec<i64> = (0..cells.len())
                .map(|i| if i < equation.plus.len() { 1 } else { -1 })
                .collect();
            signed_options(layout, &cells, &cands, &signs, equation.value)?
        }
    };
    Some(left_out(state, &cells, &options))
}

/// The candidates of each of `cells` (with candidates `cands`) that some assignment with
/// `signs[i] * digit` adding up to `value` uses, where only cells that see each other must
/// differ; `None` past [`SUM_BUDGET`] partial assignments.
fn signed_options(
    layout: &Layout,
    cells: &[Cell],
    cands: &[u128],
    signs: &[i64],
    value: i64,
) -> Option<Vec<u128>> {
    let count = cells.len();
    if cands.contains(&0) {
        return Some(vec![0; count]);
    }
    // The least and most the cells from `j` on can add.
    let mut least = vec![0i64; count + 1];
    let mut most = vec![0i64; count + 1];
    for j in (0..count).rev() {
        let low = cands[j].trailing_zeros() as i64 + 1;
        let high = 128 - cands[j].leading_zeros() as i64;
        let (a, b) = (signs[j] * low, signs[j] * high);
        least[j] = least[j + 1] + a.min(b);
        most[j] = most[j + 1] + a.max(b);
    }
    let mut walk = Walk {
        layout,
        cells,
        cands,
        signs,
        least,
        most,
        chosen: Vec::new(),
        options: vec![0; count],
        visits: 0,
    };
    walk.go(0, value).then_some(walk.options)
}

/// A depth-first walk over the assignments of [`signed_options`].
struct Walk<'a> {
    layout: &'a Layout,
    cells: &'a [Cell],
    cands: &'a [u128],
    signs: &'a [i64],
    least: Vec<i64>,
    most: Vec<i64>,
    chosen: Vec<u128>,
    options: Vec<u128>,
    visits: usize,
}

impl Walk<'_> {
    /// Tries every digit of cell `j` with `left` still to add; false past the budget.
    fn go(&mut self, j: usize, left: i64) -> bool {
        self.visits += 1;
        if self.visits > SUM_BUDGET {
            return false;
        }
        if j == self.cells.len() {
            if left == 0 {
                for (option, &bit) in self.options.iter_mut().zip(&self.chosen) {
                    *option |= bit;
                }
            }
            return true;
        }
        let mut free = self.cands[j];
        for (i, &bit) in self.chosen.iter().enumerate() {
            if self.layout.sees(self.cells[i], self.cells[j]) {
                free &= !bit;
            }
        }
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free &= free - 1;
            let rest = left - self.signs[j] * (bit.trailing_zeros() as i64 + 1);
            if rest < self.least[j + 1] || rest > self.most[j + 1] {
                continue;
            }
            self.chosen.push(bit);
            let within = self.go(j + 1, rest);
            self.chosen.pop();
            if !within {
                return false;
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::core::{KillerRule, State, Technique};
    use crate::model::{Cage, Cell, Layout};
    use crate::techniques::find_all;
    use crate::techniques::testing::{assert_sound, cands, state, text};

    /// Default boxes of `size` with cages of `(cells as (row, column) 1-based, sum)`.
    fn caged(size: usize, cages: &[(&[(usize, usize)], usize)]) -> Layout {
        let cages = cages
            .iter()
            .map(|(cells, sum)| {
                let cells = cells.iter().map(|&(r, c)| Cell::at(r - 1, c - 1, size));
                Cage::new(cells.collect(), *sum)
            })
            .collect();
        let name = |c: Cell| format!("{c:?}");
        Layout::with_default_boxes(size)
            .unwrap()
            .with_cages(cages, &name)
            .unwrap()
    }

    fn steps(rule: KillerRule, s: &State) -> Vec<crate::core::Step> {
        let found = find_all(Technique::Killer(rule), s);
        assert_sound(s, &found);
        found
    }

    #[test]
    fn a_combination_keeps_the_digits_its_sum_can_use() {
        // 7 in two cells of a 4x4 is 3+4 only.
        let s = state(caged(4, &[(&[(1, 1), (1, 2)], 7)]), &[]);
        let found = steps(KillerRule::Combination, &s);
        assert_eq!(found.len(), 1);
        assert_eq!(
            text(&s, &found[0]),
            "Cage combination: cage 7 at r1c1, r1c2 can only be 3+4 ⇒ r1c1<>12, r1c2<>12"
        );
        // Nothing on a grid without cages.
        let plain = state(Layout::with_default_boxes(4).unwrap(), &[]);
        assert!(find_all(Technique::Killer(KillerRule::Combination), &plain).is_empty());
    }

    #[test]
    fn a_digit_every_combination_holds_leaves_what_sees_its_places() {
        // 6 in three cells is 1+2+3: each digit is in the cage, which lies in row 1 and box 1.
        let s = state(caged(9, &[(&[(1, 1), (1, 2), (1, 3)], 6)]), &[]);
        let found = steps(KillerRule::CagePointing, &s);
        assert_eq!(found.len(), 3, "one step per digit");
        let mut ones: Vec<(usize, usize, usize)> = (4..=9).map(|c| (1, c, 1)).collect();
        ones.extend((2..=3).flat_map(|r| (1..=3).map(move |c| (r, c, 1))));
        assert_eq!(found[0].eliminations[..], cands(9, &ones)[..]);
        assert!(text(&s, &found[0]).starts_with(
            "Cage pointing: cage 6 at r1c1, r1c2, r1c3 holds 1 in every combination (1+2+3), \
             and only r1c1, r1c2, r1c3 can take it ⇒"
        ));
    }

    #[test]
    fn a_house_digit_inside_one_cage_is_in_that_cage() {
        // Row 1 holds 9 only in r1c1 and r1c2, both in cage 15: the cage holds 9, so r2c1 is
        // not 9 and the cage is 1+5+9 or 2+4+9.
        let mut marks: Vec<(usize, usize, &str)> = (3..=9).map(|c| (1, c, "12345678")).collect();
        marks.push((2, 1, "123456789"));
        let s = state(caged(9, &[(&[(1, 1), (1, 2), (2, 1)], 15)]), &marks);
        let found = steps(KillerRule::CageClaiming, &s);
        assert_eq!(found.len(), 1);
        assert_eq!(
            text(&s, &found[0]),
            "Cage claiming: in row 1, 9 lies only in cage 15 at r1c1, r1c2, r2c1, so the cage \
             holds it: 1+5+9 or 2+4+9 ⇒ r1c1<>3678, r1c2<>3678, r2c1<>36789"
        );
    }

    #[test]
    fn innies_and_outies_of_a_row_add_up() {
        // Row 1 of a 4x4 holds 10; cage 3 lies inside it, cage 8 reaches out to r2c4: the
        // innies r1c3 + r1c4 make 7 (3+4), the outie r2c4 is 8 - 7 = 1.
        let layout = caged(4, &[(&[(1, 1), (1, 2)], 3), (&[(1, 3), (1, 4), (2, 4)], 8)]);
        let s = state(layout, &[]);
        let found = steps(KillerRule::Innies, &s);
        let texts: Vec<String> = found.iter().map(|step| text(&s, step)).collect();
        assert_eq!(
            texts[..2],
            [
                "Innies of row 1: it holds 10, the cages inside it 3, so r1c3 + r1c4 = 7 ⇒ \
                 r1c3<>12, r1c4<>12",
                "Outies of row 1: it holds 10, the cages inside it 3 and those reaching out of \
                 it 8, so r2c4 = 1 ⇒ r2c4<>234",
            ]
        );
    }
}
