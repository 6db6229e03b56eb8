//! Fish: X-Wing, Swordfish, Jellyfish and the larger fish of big grids, basic, finned, sashimi,
//! Franken and mutant.
//!
//! Basic fish: for one digit, `n` base lines (rows, or columns) whose places all lie in `n` cover lines of the
//! other orientation remove the digit from the cover lines outside the base lines. Places are bit
//! masks of line positions (one `u128` fits any size up to 100), and the combinations come from
//! [`tight_sets`], the routine naked and hidden subsets use too.
//!
//! Every other fish comes from one general search ([`general`]) over base and cover houses with
//! fins, parameterised by the houses allowed: rows and columns (finned and sashimi fish), rows or
//! columns with regions (Franken), any houses (mutant). Fins need not share a box: a cell loses the
//! digit only if it shares some house — row, column, box or jigsaw region — with every fin.

mod general;

use crate::core::{FishKind, Scope, Searched, State, Step, Technique};
use crate::explain;
use crate::model::{Candidate, Cell, Digit, Explanation, GridHouses, House, HouseKind};
use crate::techniques::Sink;
use crate::techniques::common::{cell_list, each_digit, eliminations_text, tight_sets};
use general::{Found, Spec};
use std::collections::BTreeMap;

/// Basic fish of `n` base lines, rows first, then columns; on overlapping grids, the lines of one
/// grid at a time.
pub fn basic(state: &State, n: usize, sink: &mut Sink) {
    let grids = line_groups(state);
    each_digit(state, Technique::BasicFish(n as u8), sink, |digit, sink| {
        grids.iter().all(|(rows, columns)| {
            [(rows, columns), (columns, rows)]
                .into_iter()
                .all(|(base_lines, cover_lines)| {
                    basic_of(state, n, digit, base_lines, cover_lines, sink)
                })
        })
    });
}

/// The rows and the columns of each grid: all of them on one grid; on overlapping grids, each
/// grid's own, where rows do not overlap each other and neither do columns, as fish need.
fn line_groups(state: &State) -> Vec<(Vec<usize>, Vec<usize>)> {
    let layout = state.layout();
    match layout.grid_houses() {
        Some(grids) => (grids.iter())
            .map(|g| (g.rows.clone(), g.columns.clone()))
            .collect(),
        None => {
            let houses = layout.houses();
            let lines = |kind| -> Vec<usize> {
                (0..houses.len())
                    .filter(|&h| houses[h].kind == kind)
                    .collect()
            };
            vec![(lines(HouseKind::Row), lines(HouseKind::Column))]
        }
    }
}

/// Basic fish of `digit` with `n` of `base_lines` as base sets and the crossing `cover_lines` as
/// covers; returns whether `sink` asked for more.
fn basic_of(
    state: &State,
    n: usize,
    digit: Digit,
    base_lines: &[usize],
    cover_lines: &[usize],
    sink: &mut Sink,
) -> bool {
    let houses = state.layout().houses();
    // Each base line with its place among the base lines.
    let mut bases = Vec::new();
    let mut masks = Vec::new();
    for (place, &line) in base_lines.iter().enumerate() {
        let mask = positions(state, &houses[line], digit);
        if (1..=n as u32).contains(&mask.count_ones()) {
            bases.push((line, place));
            masks.push(mask);
        }
    }
    tight_sets(&masks, n, &mut |chosen, union| {
        // Bit i of a line is its i-th cell, which lies on the i-th crossing line.
        let in_base = chosen.iter().fold(0u128, |m, &i| m | 1 << bases[i].1);
        let mut eliminations: Vec<Candidate> = bits(union)
            .flat_map(|i| {
                let line = &houses[cover_lines[i]];
                let outside = positions(state, line, digit) & !in_base;
                bits(outside).map(move |j| Candidate::new(line.cells[j], digit))
            })
            .collect();
        if eliminations.is_empty() {
            return true;
        }
        let base: Vec<usize> = chosen.iter().map(|&i| bases[i].0).collect();
        let cover: Vec<usize> = bits(union).map(|i| cover_lines[i]).collect();
        eliminations.sort_unstable();
        let mut step = Step::new(Technique::BasicFish(n as u8));
        step.pattern = base
            .iter()
            .flat_map(|&line| houses[line].cells.iter())
            .filter(|&&c| state.candidates(c).contains(digit))
            .map(|&c| Candidate::new(c, digit))
            .collect();
        step.pattern.sort_unstable();
        step.explanation = explain!(
            "{} on {} in {} / {} ⇒ {}",
            step.technique.name(),
            digit,
            house_list(houses, &base),
            house_list(houses, &cover),
            eliminations_text(&eliminations)
        );
        step.eliminations = eliminations.into();
        step.base = base.into();
        step.cover = cover.into();
        sink(step)
    })
}

/// Fish of `kind` with `n` base sets, for each digit: rows first, then columns as base sets
/// (Franken: with regions among both; mutant: any houses).
pub fn complex(state: &State, kind: FishKind, n: usize, sink: &mut Sink) {
    let technique = Technique::Fish(kind, n as u8);
    // Finned and sashimi fish come from the same search: each meets the other's.
    let sibling = match kind {
        FishKind::Finned => Some(FishKind::Sashimi),
        FishKind::Sashimi => Some(FishKind::Finned),
        _ => None,
    };
    let pools = house_pools(state, kind);
    if pools.is_empty() {
        return;
    }
    let specs = specs(state, kind, n, &pools);
    for digit in (1..=state.size()).map(Digit::new) {
        let go_on = state.search_digit(technique, digit, |scope| {
            let (mut found, mut sibling_found) = (false, false);
            let go_on = each_fish(state, &specs, digit, scope, &mut |found_kind, fish| {
                found |= found_kind == kind;
                sibling_found |= Some(found_kind) == sibling;
                found_kind != kind || sink(fish_step(state, technique, digit, &fish))
            });
            let fruitless_too = sibling
                .filter(|_| !sibling_found)
                .map(|other| Technique::Fish(other, n as u8));
            Searched {
                found,
                go_on,
                fruitless_too,
            }
        });
        if !go_on {
            return;
        }
    }
}

/// Siamese fish of `kind` (a finned kind) with `n` base sets: two fish on the same digit and base
/// sets with different covers or fins, reported as one step that takes both fish's eliminations —
/// only when each fish adds some the other lacks. A siamese finned fish pairs a finned fish with a
/// finned or sashimi one; a siamese sashimi fish pairs two sashimi fish.
pub fn siamese(state: &State, kind: FishKind, n: usize, sink: &mut Sink) {
    let mut by_base: BTreeMap<(Digit, Vec<usize>), Vec<Kinded>> = BTreeMap::new();
    let alike = |k: FishKind| k == kind || (kind, k) == (FishKind::Finned, FishKind::Sashimi);
    let pools = house_pools(state, kind);
    let specs = specs(state, kind, n, &pools);
    for digit in (1..=state.size()).map(Digit::new) {
        each_fish(
            state,
            &specs,
            digit,
            &Scope::All,
            &mut |found_kind, found| {
                if alike(found_kind) {
                    let key = (digit, found.base.clone());
                    by_base.entry(key).or_default().push((found_kind, found));
                }
                true
            },
        );
    }
    for ((digit, _), fish) in &by_base {
        if state.out_of_time() {
            return;
        }
        for (i, (kind_a, a)) in fish.iter().enumerate() {
            for (kind_b, b) in &fish[i + 1..] {
                if *kind_a != kind && *kind_b != kind {
                    continue;
                }
                let adds = |x: &Found, y: &Found| {
                    x.eliminations.iter().any(|c| !y.eliminations.contains(c))
                };
                if !adds(a, b) || !adds(b, a) {
                    continue;
                }
                let step = siamese_step(state, Technique::SiameseFish(kind, n as u8), *digit, a, b);
                if !sink(step) {
                    return;
                }
            }
        }
    }
}

/// A fish found and its kind.
type Kinded = (FishKind, Found);

/// The houses fish of `kind` may take, per orientation: those allowed as base sets and those
/// allowed as covers (rows first: finned and sashimi fish rows and columns, Franken with regions
/// among both, mutant any houses); none for Franken and mutant fish of a layout without regions.
fn house_pools(state: &State, kind: FishKind) -> Vec<(Vec<usize>, Vec<usize>)> {
    let houses = state.layout().houses();
    let complex = !matches!(kind, FishKind::Finned | FishKind::Sashimi);
    if complex && !houses.iter().any(|h| h.kind == HouseKind::Region) {
        return Vec::new();
    }
    let of = |kinds: &[HouseKind]| -> Vec<usize> {
        (0..houses.len())
            .filter(|&h| kinds.contains(&houses[h].kind))
            .collect()
    };
    if let Some(grids) = state.layout().grid_houses() {
        return grids.iter().flat_map(|g| grid_pools(g, kind)).collect();
    }
    let (row, column, region) = (HouseKind::Row, HouseKind::Column, HouseKind::Region);
    match kind {
        FishKind::Finned | FishKind::Sashimi => {
            vec![(of(&[row]), of(&[column])), (of(&[column]), of(&[row]))]
        }
        FishKind::Franken | FishKind::FinnedFranken => vec![
            (of(&[row, region]), of(&[column, region])),
            (of(&[column, region]), of(&[row, region])),
        ],
        FishKind::Mutant | FishKind::FinnedMutant => {
            vec![((0..houses.len()).collect(), (0..houses.len()).collect())]
        }
    }
}

/// The house pools of [`house_pools`] within one grid of overlapping grids.
fn grid_pools(grid: &GridHouses, kind: FishKind) -> Vec<(Vec<usize>, Vec<usize>)> {
    let join = |parts: &[&Vec<usize>]| -> Vec<usize> {
        let mut all: Vec<usize> = parts.iter().flat_map(|p| p.iter().copied()).collect();
        all.sort_unstable();
        all
    };
    let (rows, columns, regions) = (&grid.rows, &grid.columns, &grid.regions);
    match kind {
        FishKind::Finned | FishKind::Sashimi => {
            vec![
                (rows.clone(), columns.clone()),
                (columns.clone(), rows.clone()),
            ]
        }
        FishKind::Franken | FishKind::FinnedFranken => vec![
            (join(&[rows, regions]), join(&[columns, regions])),
            (join(&[columns, regions]), join(&[rows, regions])),
        ],
        FishKind::Mutant | FishKind::FinnedMutant => {
            let every = join(&[rows, columns, regions]);
            vec![(every.clone(), every)]
        }
    }
}

/// The searches for fish of `kind` and size `n` on the house `pools` of [`house_pools`], with
/// the fins `kind` allows.
fn specs<'a>(
    state: &State,
    kind: FishKind,
    n: usize,
    pools: &'a [(Vec<usize>, Vec<usize>)],
) -> Vec<Spec<'a>> {
    let limits = state.limits();
    let fins = if kind.is_finned() { limits.fins } else { 0 };
    pools
        .iter()
        .map(|(base, cover)| Spec {
            n,
            base,
            cover,
            max_fins: fins,
            max_endo_fins: fins.min(limits.endo_fins),
        })
        .collect()
}

/// Calls `found` with each fish of `digit` that one of `specs` allows and that eliminates
/// something, with its kind, until it returns `false`; returns whether it never did. The search
/// stays within `scope`; it also meets fish of simpler kinds.
fn each_fish(
    state: &State,
    specs: &[Spec],
    digit: Digit,
    scope: &Scope,
    found: &mut dyn FnMut(FishKind, Found) -> bool,
) -> bool {
    let houses = state.layout().houses();
    general::search(state, digit, specs, scope, &mut |fish| {
        classify(houses, &fish).is_none_or(|k| found(k, fish))
    })
}

/// The kind of a fish found by the general search; `None` for a basic fish.
fn classify(houses: &[House], fish: &Found) -> Option<FishKind> {
    let within =
        |ids: &[usize], kinds: &[HouseKind]| ids.iter().all(|&h| kinds.contains(&houses[h].kind));
    let (row, column, region) = (HouseKind::Row, HouseKind::Column, HouseKind::Region);
    let oriented = |b: HouseKind, c: HouseKind, extra: &[HouseKind]| {
        within(&fish.base, &[&[b], extra].concat()) && within(&fish.cover, &[&[c], extra].concat())
    };
    let finned = !fish.fins.is_empty();
    if oriented(row, column, &[]) || oriented(column, row, &[]) {
        if !finned {
            return None;
        }
        let sashimi = fish.base.iter().any(|&h| {
            houses[h]
                .cells
                .iter()
                .filter(|c| fish.body.contains(c) && !fish.fins.contains(c))
                .count()
                <= 1
        });
        return Some(if sashimi {
            FishKind::Sashimi
        } else {
            FishKind::Finned
        });
    }
    let franken = oriented(row, column, &[region]) || oriented(column, row, &[region]);
    Some(match (franken, finned) {
        (true, false) => FishKind::Franken,
        (true, true) => FishKind::FinnedFranken,
        (false, false) => FishKind::Mutant,
        (false, true) => FishKind::FinnedMutant,
    })
}

/// The step of one fish found by the general search.
fn fish_step(state: &State, technique: Technique, digit: Digit, fish: &Found) -> Step {
    let houses = state.layout().houses();
    let candidates = |cells: &[Cell]| -> Vec<Candidate> {
        cells.iter().map(|&c| Candidate::new(c, digit)).collect()
    };
    let mut step = Step::new(technique);
    step.eliminations = candidates(&fish.eliminations).into();
    step.eliminations.sort_unstable();
    step.pattern = candidates(&fish.body).into();
    step.pattern.retain(|c| !fish.fins.contains(&c.cell));
    step.pattern.sort_unstable();
    step.fins = candidates(&fish.fins).into();
    step.fins.sort_unstable();
    step.base = fish.base[..].into();
    step.cover = fish.cover[..].into();
    step.explanation = explain!(
        "{} on {} in {} ⇒ {}",
        technique.name(),
        digit,
        houses_and_fins(houses, fish),
        eliminations_text(&step.eliminations)
    );
    step
}

/// The step of a siamese fish: fish `a` and `b`, on the same digit and base sets, together.
fn siamese_step(state: &State, technique: Technique, digit: Digit, a: &Found, b: &Found) -> Step {
    let mut step = fish_step(state, technique, digit, a);
    let other = fish_step(state, technique, digit, b);
    for (mine, theirs) in [
        (&mut step.eliminations, &other.eliminations),
        (&mut step.fins, &other.fins),
        (&mut step.pattern, &other.pattern),
    ] {
        mine.extend(theirs.iter().copied());
        mine.sort_unstable();
        mine.dedup();
    }
    step.cover.extend(other.cover.iter().copied());
    step.cover.sort_unstable();
    step.cover.dedup();
    let houses = state.layout().houses();
    step.explanation = explain!(
        "{} on {} in {} and in {} ⇒ {}",
        technique.name(),
        digit,
        houses_and_fins(houses, a),
        houses_and_fins(houses, b),
        eliminations_text(&step.eliminations)
    );
    step
}

/// `rows 2,6 / columns 4,8, fin r2c9 (I2)`.
fn houses_and_fins(houses: &[House], fish: &Found) -> Explanation {
    explain!(
        "{} / {}{}",
        house_list(houses, &fish.base),
        house_list(houses, &fish.cover),
        fins_text(&fish.fins)
    )
}

/// `, fin r2c9` or `, fins r2c9, r3c9`; empty without fins.
fn fins_text(fins: &[Cell]) -> Explanation {
    match fins.len() {
        0 => Explanation::new(),
        1 => explain!(", fin {}", fins[0]),
        _ => explain!(", fins {}", cell_list(fins)),
    }
}

/// Houses grouped by kind, in the layout's order: `rows 2,6`, `row 2, box 5`, `columns 4,8`.
/// Plain words: house numbers read the same for every reader, and a run of one kind is named
/// once, which house parts cannot say.
fn house_list(houses: &[House], ids: &[usize]) -> String {
    let mut sorted = ids.to_vec();
    sorted.sort_unstable();
    sorted
        .chunk_by(|&a, &b| houses[a].kind == houses[b].kind)
        .map(|group| {
            let name = houses[group[0]].to_string();
            if !houses[group[0]].named_by_number() {
                return (group.iter().map(|&h| houses[h].to_string()))
                    .collect::<Vec<_>>()
                    .join(", ");
            }
            let kind = name.rsplit_once(' ').map_or(name.as_str(), |(k, _)| k);
            let kind = match (group.len(), kind) {
                (1, kind) => kind.to_string(),
                (_, "box") => "boxes".to_string(),
                (_, kind) => format!("{kind}s"),
            };
            let numbers: Vec<String> = group
                .iter()
                .map(|&h| (houses[h].number + 1).to_string())
                .collect();
            format!("{kind} {}", numbers.join(","))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The positions (bit i = i-th cell) of `digit`'s candidates in `line`.
fn positions(state: &State, line: &House, digit: Digit) -> u128 {
    line.cells
        .iter()
        .enumerate()
        .filter(|&(_, &c)| state.candidates(c).contains(digit))
        .fold(0, |mask, (i, _)| mask | 1 << i)
}

/// The indices of the set bits of `mask`, ascending.
fn bits(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use crate::core::{FishKind, State, Step, Technique};
    use crate::model::{DigitSet, Layout, Regions};
    use crate::search::count_from_candidates;
    use crate::techniques::find_all;
    use crate::techniques::testing::{cands, finned_x_wing_6x6, jigsaw4, state, text};

    /// Checks, by search, that the state has solutions and that no solution holds any candidate
    /// a step eliminates.
    fn assert_sound(s: &State, steps: &[Step]) {
        let all = s.all_candidates().to_vec();
        assert!(count_from_candidates(s.layout(), &all, 1).solutions > 0);
        for step in steps {
            for e in &step.eliminations {
                let mut forced = all.clone();
                forced[e.cell.index()] = DigitSet::single(e.digit);
                let count = count_from_candidates(s.layout(), &forced, 1);
                assert_eq!(count.solutions, 0, "{}", text(s, step));
            }
        }
    }

    /// The one step of `steps` (found in `s`) explained by `explanation`.
    fn explained<'a>(s: &State, steps: &'a [Step], explanation: &str) -> &'a Step {
        let all: Vec<String> = steps.iter().map(|step| text(s, step)).collect();
        let found = all.iter().position(|t| t == explanation);
        found
            .map(|i| &steps[i])
            .unwrap_or_else(|| panic!("{explanation} not among {all:#?}"))
    }

    #[test]
    fn finned_x_wing_whose_fin_sees_the_elimination_through_a_box_of_a_six_by_six() {
        // 2x3 boxes. Row 1 holds 1 in c2, c5; row 4 in c2, c5 and the fin c6. Without the fin,
        // columns 2 and 5 would be an X-Wing; with it, only r3c5, in the fin's box (r3-4, c4-6),
        // loses 1.
        let s = finned_x_wing_6x6();
        let steps = find_all(Technique::Fish(FishKind::Finned, 2), &s);
        let step = explained(
            &s,
            &steps,
            "Finned X-Wing on 1 in rows 1,4 / columns 2,5, fin r4c6 ⇒ r3c5<>1",
        );
        assert_eq!(step.eliminations[..], cands(6, &[(3, 5, 1)])[..]);
        assert_eq!(step.fins[..], cands(6, &[(4, 6, 1)])[..]);
        assert_sound(&s, &steps);
        assert!(find_all(Technique::Fish(FishKind::Sashimi, 2), &s).is_empty());
    }

    #[test]
    fn finned_x_wing_whose_fin_sees_the_elimination_only_through_a_jigsaw_region() {
        // Regions (see `jigsaw4`): r1c1-3 and r2c1 form region 1. Rows 1 and 3 hold 1 in c1, c2,
        // row 1 also in the fin c3. Of the cover cells r2c1, r2c2, r4c1, r4c2 only r2c1 shares a
        // house (region 1) with r1c3; with 2x2 boxes it would not.
        let marks = [(1, 4, "234"), (3, 3, "234"), (3, 4, "234")];
        let s = state(jigsaw4(), &marks);
        let steps = find_all(Technique::Fish(FishKind::Finned, 2), &s);
        let step = explained(
            &s,
            &steps,
            "Finned X-Wing on 1 in rows 1,3 / columns 1,2, fin r1c3 ⇒ r2c1<>1",
        );
        assert_eq!(step.base[..], [0, 2]);
        assert_eq!(step.cover[..], [4, 5]);
        assert_sound(&s, &steps);
    }

    #[test]
    fn franken_x_wing_on_a_row_and_a_box_of_a_six_by_six() {
        // Row 1 holds 1 only in c2, c5; box 4 (r3-4, c4-6) only in column 5. Row 1 and box 4
        // place their 1s in columns 2 and 5, which lose 1 everywhere else.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let mut marks: Vec<_> = [1, 3, 4, 6].iter().map(|&c| (1, c, "23456")).collect();
        marks.extend([
            (3, 4, "23456"),
            (3, 6, "23456"),
            (4, 4, "23456"),
            (4, 6, "23456"),
        ]);
        let s = state(layout, &marks);
        let steps = find_all(Technique::Fish(FishKind::Franken, 2), &s);
        let step = explained(
            &s,
            &steps,
            "Franken X-Wing on 1 in row 1, box 4 / columns 2,5 ⇒ r2c2<>1, r2c5<>1, r3c2<>1, \
             r4c2<>1, r5c2<>1, r5c5<>1, r6c2<>1, r6c5<>1",
        );
        assert!(step.fins.is_empty());
        assert_sound(&s, &steps);
        let finned = find_all(Technique::Fish(FishKind::FinnedFranken, 2), &s);
        assert!(finned.iter().all(|s| !s.fins.is_empty()));
        assert_sound(&s, &finned);
    }

    #[test]
    fn x_wing_in_rows_of_a_six_by_six() {
        // Rows 1 and 4 hold 1 only in columns 2 and 5, so columns 2 and 5 lose 1 in rows 2, 3, 5
        // and 6. Every other line has 1 in at least four places, so there is no other X-Wing.
        let layout = Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap();
        let marks: Vec<_> = [1, 4]
            .iter()
            .flat_map(|&r| [1, 3, 4, 6].map(|c| (r, c, "23456")))
            .collect();
        let s = state(layout, &marks);
        let steps = find_all(Technique::BasicFish(2), &s);
        assert_eq!(steps.len(), 1);
        let expected: Vec<_> = [2, 3, 5, 6]
            .iter()
            .flat_map(|&r| [(r, 2, 1), (r, 5, 1)])
            .collect();
        assert_eq!(steps[0].eliminations[..], cands(6, &expected)[..]);
        assert_eq!(steps[0].base[..], [0, 3]);
        assert_eq!(steps[0].cover[..], [7, 10]);
        assert_eq!(
            text(&s, &steps[0]),
            "X-Wing on 1 in rows 1,4 / columns 2,5 ⇒ r2c2<>1, r2c5<>1, r3c2<>1, r3c5<>1, \
             r5c2<>1, r5c5<>1, r6c2<>1, r6c5<>1"
        );
    }

    #[test]
    fn swordfish_in_columns_of_a_latin_square_and_its_complement() {
        // Columns 1, 3 and 6 hold 2 only in rows {1,3}, {3,5}, {1,5}: rows 1, 3, 5 lose 2 in
        // columns 2, 4, 5. That leaves rows 2, 4, 6 with 2 only in columns 2, 4, 5 — the
        // complementary swordfish, which removes the same nine candidates; rows come first.
        let mut marks = Vec::new();
        for (col, rows) in [(1, [2, 4, 5, 6]), (3, [2, 4, 6, 1]), (6, [2, 3, 4, 6])] {
            marks.extend(rows.map(|r| (r, col, "13456")));
        }
        let s = state(Layout::new(6, Regions::Latin).unwrap(), &marks);
        let steps = find_all(Technique::BasicFish(3), &s);
        assert_eq!(steps.len(), 2);
        let expected: Vec<_> = [1, 3, 5]
            .iter()
            .flat_map(|&r| [2, 4, 5].map(|c| (r, c, 2)))
            .collect();
        assert!(
            steps
                .iter()
                .all(|s| s.eliminations[..] == cands(6, &expected)[..])
        );
        assert!(
            text(&s, &steps[0])
                .starts_with("Swordfish on 2 in rows 2,4,6 / columns 2,4,5 ⇒ r1c2<>2, r1c4<>2")
        );
        assert!(text(&s, &steps[1]).starts_with("Swordfish on 2 in columns 1,3,6 / rows 1,3,5 ⇒"));
        assert!(find_all(Technique::BasicFish(2), &s).is_empty());
    }
}
