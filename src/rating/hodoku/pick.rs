//! Which step of a type HoDoKu takes when there are several, and the order in which a step's
//! eliminations reach its grid.
//!
//! HoDoKu answers a request for a step type in one of two ways. Most searches return the first
//! step they meet, so the policy ranks gridlogic's steps by where HoDoKu's search meets them
//! ([`first_met`]: boxes before rows before columns for subsets, digit by digit for fish, …).
//! Turbot fish are all collected and the best kept ([`best`]): the most eliminations, then the
//! smallest weighted sum of their cells, then the shortest chain. (X-chains, XY-chains, remote
//! pairs, nice loops, forcing chains, ALS-XZ and ALS chains and wings come from HoDoKu's own
//! searches, in `simple_chains`, `tabling` and `als`.) Cells are numbered 0–80 in reading order
//! and houses 0–26 (rows, columns, boxes), as HoDoKu numbers them.

use super::met;
use super::singles::{cells_of, houses_of};
use super::tabling;
use crate::core::step::Role;
use crate::core::{ChainKind, FishKind, SingleDigitPattern, State, Step, Technique};
use crate::model::{Candidate, Cell};
use crate::techniques;
use std::cmp::Reverse;

/// The step of one of `techniques` (one HoDoKu step type) HoDoKu takes in `state`.
pub fn pick(state: &State, techniques: &[Technique]) -> Option<Step> {
    let first = techniques[0];
    if collects_all(first) {
        let steps = all_of(state, techniques);
        return steps.into_iter().min_by_key(best);
    }
    if !met_in_order(first) {
        return techniques
            .iter()
            .find_map(|&t| techniques::find_first(t, state));
    }
    all_of(state, techniques)
        .into_iter()
        .filter_map(|step| first_met(state, &step).map(|key| (key, step)))
        .min_by(|a, b| a.0.cmp(&b.0))
        .map(|(_, step)| step)
}

/// Every step of `techniques` in `state`.
fn all_of(state: &State, techniques: &[Technique]) -> Vec<Step> {
    techniques
        .iter()
        .flat_map(|&t| techniques::find_all(t, state))
        .collect()
}

/// Whether HoDoKu collects every step of `technique`'s type and keeps the best.
fn collects_all(technique: Technique) -> bool {
    technique == Technique::SingleDigit(SingleDigitPattern::TurbotFish)
}

/// Whether the policy knows where HoDoKu's search meets `technique`'s steps.
fn met_in_order(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::Pointing
            | Technique::Claiming
            | Technique::LockedSubset(_)
            | Technique::NakedSubset(_)
            | Technique::HiddenSubset(_)
            | Technique::BasicFish(_)
            | Technique::Fish(
                FishKind::Finned | FishKind::Sashimi | FishKind::Franken | FishKind::FinnedFranken,
                _
            )
            | Technique::SingleDigit(
                SingleDigitPattern::Skyscraper
                    | SingleDigitPattern::TwoStringKite
                    | SingleDigitPattern::EmptyRectangle
            )
            | Technique::WWing
            | Technique::XyWing
            | Technique::XyzWing
            | Technique::UniqueRectangle(_)
            | Technique::HiddenRectangle
            | Technique::AvoidableRectangle(_)
            | Technique::SueDeCoq
    )
}

/// Where HoDoKu's search for a first-found step type meets `step`, as a key that sorts the
/// first met first; `None` for a step HoDoKu's search does not find.
fn first_met(state: &State, step: &Step) -> Option<Vec<usize>> {
    let digit = step.eliminations.first()?.digit.get();
    let cells = pattern_cells(step);
    match step.technique {
        // Boxes, digit by digit.
        Technique::Pointing => Some(vec![box_of(cells[0]), digit]),
        // Rows then columns, digit by digit.
        Technique::Claiming => {
            let line = if cells.iter().all(|&c| c / 9 == cells[0] / 9) {
                cells[0] / 9
            } else {
                9 + cells[0] % 9
            };
            Some(vec![line, digit])
        }
        // Boxes, then rows, then columns: the first house holding the cells, and within it
        // the cells in the house's order.
        Technique::LockedSubset(_) | Technique::NakedSubset(_) => {
            let mut key = vec![search_rank(first_house(&cells)?)];
            key.extend(cells);
            Some(key)
        }
        Technique::HiddenSubset(_) => hidden_key(state, step, &cells),
        Technique::BasicFish(_) | Technique::Fish(..) => fish_key(step, digit),
        Technique::SingleDigit(SingleDigitPattern::Skyscraper) => skyscraper_key(step, digit),
        // Digit by digit, the row link before the column link.
        Technique::SingleDigit(SingleDigitPattern::TwoStringKite) => {
            let mut lines: Vec<usize> = step.base.to_vec();
            lines.sort_unstable();
            lines.insert(0, digit);
            Some(lines)
        }
        Technique::WWing => {
            let wings = figure_cells(step, Role::Pincer);
            let low = step.figures.first()?.candidates.first()?.digit.get();
            Some(vec![
                wings[0],
                wings[1],
                usize::from(digit != low),
                step.base[0],
            ])
        }
        Technique::XyWing => {
            let pivot = *figure_cells(step, Role::Pivot).first()?;
            let mut cells = figure_cells(step, Role::Pincer);
            cells.push(pivot);
            cells.sort_unstable();
            let at = cells.iter().position(|&c| c == pivot)?;
            cells.push(at);
            Some(cells)
        }
        Technique::XyzWing => {
            let mut key = figure_cells(step, Role::Pivot);
            key.extend(figure_cells(step, Role::Pincer));
            Some(key)
        }
        Technique::SingleDigit(SingleDigitPattern::EmptyRectangle) => met::empty_rectangle(step),
        Technique::UniqueRectangle(_) => met::unique_rectangle(state, step),
        Technique::HiddenRectangle => met::hidden_rectangle(state, step),
        Technique::AvoidableRectangle(_) => met::avoidable_rectangle(state, step),
        Technique::SueDeCoq => met::sue_de_coq(step),
        _ => Some(cells),
    }
}

/// The cells of the step's figures of `role`, ascending.
fn figure_cells(step: &Step, role: Role) -> Vec<usize> {
    let mut cells: Vec<usize> = step
        .figures
        .iter()
        .filter(|f| f.role == role)
        .flat_map(|f| f.candidates.iter().map(|c| c.cell.index()))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The rank of house `house` in the order HoDoKu's subset searches visit houses: boxes, rows,
/// columns.
fn search_rank(house: usize) -> usize {
    match house {
        18..=26 => house - 18,
        _ => house + 9,
    }
}

/// The first house, in the subset searches' order, that holds all of `cells`.
fn first_house(cells: &[usize]) -> Option<usize> {
    (0..27)
        .filter(|&h| cells.iter().all(|&c| houses_of(c).contains(&h)))
        .min_by_key(|&h| search_rank(h))
}

/// A hidden subset is met in the first house (boxes, rows, columns) that holds its cells and
/// confines its digits to them, at its digits' combination.
fn hidden_key(state: &State, step: &Step, cells: &[usize]) -> Option<Vec<usize>> {
    let digits: Vec<usize> = {
        let mut d: Vec<usize> = step.pattern.iter().map(|c| c.digit.get()).collect();
        d.sort_unstable();
        d.dedup();
        d
    };
    let confined = |house: usize| {
        cells_of(house).into_iter().all(|c| {
            cells.contains(&c)
                || digits.iter().all(|&d| {
                    !state
                        .candidates(Cell::from_index(c))
                        .contains(crate::model::Digit::new(d))
                })
        })
    };
    let house = (0..27)
        .filter(|&h| cells.iter().all(|&c| houses_of(c).contains(&h)) && confined(h))
        .min_by_key(|&h| search_rank(h))?;
    let mut key = vec![search_rank(house)];
    key.extend(digits);
    Some(key)
}

/// Fish are met digit by digit, row-based (rows, or boxes covered by columns) before
/// column-based, then by base and cover houses in house order (a Franken fish's boxes last).
fn fish_key(step: &Step, digit: usize) -> Option<Vec<usize>> {
    let column_based =
        step.base.iter().any(|&h| (9..18).contains(&h)) || step.cover.iter().any(|&h| h < 9);
    let column_based = usize::from(column_based);
    let mut key = vec![digit, column_based];
    key.extend(step.base.iter().copied());
    key.extend(step.cover.iter().copied());
    Some(key)
}

/// Skyscrapers are met row-based for every digit before column-based, and only when the two
/// links' first cells or their second cells are aligned.
fn skyscraper_key(step: &Step, digit: usize) -> Option<Vec<usize>> {
    let lines: Vec<usize> = step.base.iter().copied().collect();
    let column_based = lines[0] >= 9;
    let along = |cell: usize| if column_based { cell / 9 } else { cell % 9 };
    let ends: Vec<Vec<usize>> = lines
        .iter()
        .map(|&line| {
            let mut cells: Vec<usize> = step
                .pattern
                .iter()
                .map(|c| c.cell.index())
                .filter(|&c| houses_of(c).contains(&line))
                .collect();
            cells.sort_unstable();
            cells
        })
        .collect();
    if ends.len() != 2 || ends[0].len() != 2 || ends[1].len() != 2 {
        return None;
    }
    let parallel = along(ends[0][0]) == along(ends[1][0]) || along(ends[0][1]) == along(ends[1][1]);
    let mut sorted = lines.clone();
    sorted.sort_unstable();
    parallel.then(|| vec![usize::from(column_based), digit, sorted[0], sorted[1]])
}

/// The rank of a Turbot fish (most eliminations first, then the smallest weighted sum of its
/// eliminations, then the shortest chain): HoDoKu keeps the first by this rank.
fn best(step: &Step) -> (Reverse<usize>, usize, usize) {
    let eliminations: Vec<(usize, usize)> = (sorted_by_digit(step).iter())
        .map(|c| (c.cell.index(), c.digit.get()))
        .collect();
    let weighted = tabling::weighted_sum(&eliminations);
    (Reverse(eliminations.len()), weighted, step.links.len())
}

/// The eliminations by digit, then cell.
fn sorted_by_digit(step: &Step) -> Vec<Candidate> {
    let mut eliminations = step.eliminations.to_vec();
    eliminations.sort_by_key(|c| (c.digit, c.cell));
    eliminations
}

/// The cells of the step's pattern, ascending, each once.
fn pattern_cells(step: &Step) -> Vec<usize> {
    let mut cells: Vec<usize> = step.pattern.iter().map(|c| c.cell.index()).collect();
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The box of a cell, 0–8.
fn box_of(cell: usize) -> usize {
    houses_of(cell)[2] - 18
}

/// The eliminations of `step` in the order HoDoKu removes them.
pub fn deletion_order(step: &Step) -> Vec<Candidate> {
    match step.technique {
        Technique::LockedSubset(_) | Technique::NakedSubset(_) => naked_order(step),
        // House by house, as the step names them: Sue de Coq's box before its line.
        Technique::SueDeCoq => house_order(step, step.base.iter().rev().copied()),
        Technique::UniqueRectangle(3) => house_order(step, step.base.iter().copied()),
        Technique::Chain {
            kind:
                ChainKind::XChain
                | ChainKind::XyChain
                | ChainKind::RemotePair
                | ChainKind::ContinuousLoop
                | ChainKind::DiscontinuousLoop
                | ChainKind::Aic,
            ..
        }
        | Technique::AlsChain(3..) => sorted_by_digit(step),
        _ => {
            let mut eliminations = step.eliminations.to_vec();
            eliminations.sort_unstable_by_key(|c| (c.cell, c.digit));
            eliminations
        }
    }
}

/// The eliminations house by house in `houses`' order, each house in its cells' order, a
/// candidate once.
fn house_order(step: &Step, houses: impl Iterator<Item = usize>) -> Vec<Candidate> {
    let mut order: Vec<Candidate> = Vec::new();
    for house in houses {
        for cell in cells_of(house) {
            for &removed in step.eliminations.iter().filter(|e| e.cell.index() == cell) {
                if !order.contains(&removed) {
                    order.push(removed);
                }
            }
        }
    }
    order
}

/// A naked subset clears its shared row, then column, then box, each in house order.
fn naked_order(step: &Step) -> Vec<Candidate> {
    let cells = pattern_cells(step);
    let shared = (0..3)
        .map(|kind| houses_of(cells[0])[kind])
        .filter(|&house| cells.iter().all(|&c| houses_of(c).contains(&house)));
    house_order(step, shared)
}
