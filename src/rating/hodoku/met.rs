//! Where HoDoKu's searches for rectangles, empty rectangles and Sue de Coq meet a step: keys that
//! sort the step HoDoKu's search returns first before the others (see [`super::pick`]).

use super::singles::{cells_of, houses_of};
use crate::core::State;
use crate::core::Step;
use crate::core::step::Role;
use crate::model::{Cell, Digit, DigitSet};

/// Whether `digit` may still go in `cell` as HoDoKu's uniqueness searches see it: the cell is
/// empty and no filled cell it sees holds the digit (a candidate removed by logic still counts).
fn allowed(state: &State, cell: usize, digit: Digit) -> bool {
    let placed = |c: usize| state.value(Cell::from_index(c));
    placed(cell).is_none()
        && houses_of(cell)
            .iter()
            .all(|&h| cells_of(h).iter().all(|&c| placed(c) != Some(digit)))
}

/// The corners and digits of a rectangle step, from its deadly pattern.
fn rectangle_of(step: &Step) -> Option<([usize; 4], [Digit; 2])> {
    let deadly = step.figures.iter().find(|f| f.role == Role::Deadly)?;
    let mut cells: Vec<usize> = deadly.candidates.iter().map(|c| c.cell.index()).collect();
    cells.sort_unstable();
    cells.dedup();
    let mut digits: Vec<Digit> = deadly.candidates.iter().map(|c| c.digit).collect();
    digits.sort_unstable();
    digits.dedup();
    Some((cells.try_into().ok()?, digits.try_into().ok()?))
}

/// Where HoDoKu's rectangle search first meets the rectangle of a unique or hidden rectangle
/// step: `[start, partner, third corner]`. The search takes every cell with two candidates in
/// reading order as a start, its pair as the rectangle's digits; a partner in its box on its
/// row or column; the other two corners along the start's column or row. It looks at a set of
/// four corners once, with the pair of the start that meets it first; `None` when that pair is
/// not the step's.
fn rectangle_met(state: &State, step: &Step) -> Option<Vec<usize>> {
    let (corners, digits) = rectangle_of(step)?;
    for start in (0..81).filter(|&c| state.value(Cell::from_index(c)).is_none()) {
        let pair: Vec<Digit> = state.candidates(Cell::from_index(start)).iter().collect();
        let &[one, two] = pair.as_slice() else {
            continue;
        };
        let [row, column, square] = houses_of(start);
        for partner in cells_of(square) {
            let shares_row = houses_of(partner)[0] == row;
            if partner == start
                || !(shares_row || houses_of(partner)[1] == column)
                || !allowed(state, partner, one)
                || !allowed(state, partner, two)
            {
                continue;
            }
            let walked = if shares_row { column } else { row };
            for third in cells_of(walked) {
                if houses_of(third)[2] == square {
                    continue;
                }
                let fourth = if shares_row {
                    third / 9 * 9 + partner % 9
                } else {
                    partner / 9 * 9 + third % 9
                };
                if !(allowed(state, third, one)
                    && allowed(state, fourth, one)
                    && allowed(state, fourth, two))
                {
                    continue;
                }
                let mut met = [start, partner, third, fourth];
                met.sort_unstable();
                if met == corners {
                    return ([one, two] == digits).then(|| vec![start, partner, third]);
                }
            }
        }
    }
    None
}

/// A unique rectangle is met at its rectangle; a type 3 then by its house (row, column, box)
/// and its naked subset's cells in dictionary order.
pub(super) fn unique_rectangle(state: &State, step: &Step) -> Option<Vec<usize>> {
    let mut key = rectangle_met(state, step)?;
    let (corners, _) = rectangle_of(step)?;
    key.extend(step.base.first());
    key.extend(subset_cells(step, &corners));
    Some(key)
}

/// The cells of a step's pattern outside `corners`, ascending, each counted from 1 so that a
/// set sorts before its extensions.
fn subset_cells(step: &Step, corners: &[usize]) -> Vec<usize> {
    let mut cells: Vec<usize> = (step.pattern.iter())
        .map(|c| c.cell.index())
        .filter(|c| !corners.contains(c))
        .collect();
    cells.sort_unstable();
    cells.dedup();
    cells.iter().map(|c| c + 1).collect()
}

/// A hidden rectangle is met at its rectangle, then by the corner opposite the elimination,
/// then the digit kept there: the lower first.
pub(super) fn hidden_rectangle(state: &State, step: &Step) -> Option<Vec<usize>> {
    let mut key = rectangle_met(state, step)?;
    let (corners, digits) = rectangle_of(step)?;
    let removed = step.eliminations.first()?;
    let cell = removed.cell.index();
    let opposite = *corners
        .iter()
        .find(|&&c| c / 9 != cell / 9 && c % 9 != cell % 9)?;
    key.extend([opposite, usize::from(removed.digit == digits[0])]);
    Some(key)
}

/// An empty rectangle is met digit by digit, box by box; in a box by where its row and column
/// cross (from the bottom right corner of the box back to the top left), the row's link before
/// the column's, then along the line by the link's start. HoDoKu's search only takes a link
/// across the line (in the start's column for the row, in its row for the column), and a box
/// with two or more places in the row or the column (not one each, off the crossing).
pub(super) fn empty_rectangle(step: &Step) -> Option<Vec<usize>> {
    let removed = step.eliminations.first()?;
    let digit = removed.digit;
    let (&[region, link_house], &[line, target]) = (&step.base[..], &step.cover[..]) else {
        return None;
    };
    let link = step.links.first()?;
    let start = link.to.first()?.cell.index();
    let along_row = line < 9;
    let across = houses_of(start)[if along_row { 1 } else { 0 }];
    let (row, column) = if along_row {
        (line, target - 9)
    } else {
        (target, line - 9)
    };
    let places: Vec<usize> = (step.pattern.iter())
        .filter(|c| c.digit == digit && houses_of(c.cell.index())[2] == region)
        .map(|c| c.cell.index())
        .collect();
    let in_row = places.iter().filter(|&&c| c / 9 == row).count();
    let in_column = places.iter().filter(|&&c| c % 9 == column).count();
    if link_house != across || !(2..=5).contains(&places.len()) || (in_row < 2 && in_column < 2) {
        return None;
    }
    let cross = (2 - row % 3) * 3 + (2 - column % 3);
    Some(vec![
        digit.get(),
        region,
        cross,
        usize::from(!along_row),
        start,
    ])
}

/// A Sue de Coq is met rows before columns, by line then box, then by its intersection cells,
/// its line cells and its box cells, each in dictionary order. HoDoKu's search only takes a
/// line part with more cells than digits outside the intersection.
pub(super) fn sue_de_coq(step: &Step) -> Option<Vec<usize>> {
    let &[line, region] = &step.base[..] else {
        return None;
    };
    let part = |role: Role| step.figures.iter().find(|f| f.role == role);
    let core: DigitSet = part(Role::Intersection)?
        .candidates
        .iter()
        .map(|c| c.digit)
        .collect();
    let line_part = &part(Role::LineSet)?.candidates;
    let line_digits: DigitSet = line_part.iter().map(|c| c.digit).collect();
    let mut line_cells: Vec<Cell> = line_part.iter().map(|c| c.cell).collect();
    line_cells.dedup();
    if line_cells.len() <= line_digits.without(core).len() {
        return None;
    }
    let mut key = vec![usize::from(line >= 9), line, region];
    for role in [Role::Intersection, Role::LineSet, Role::BoxSet] {
        let figure = step.figures.iter().find(|f| f.role == role)?;
        let mut cells: Vec<usize> = figure.candidates.iter().map(|c| c.cell.index()).collect();
        cells.sort_unstable();
        cells.dedup();
        key.extend(cells.iter().map(|c| c + 1));
        key.push(0);
    }
    Some(key)
}

/// HoDoKu meets an avoidable rectangle from two filled cells of one box: type 1 only when its
/// empty corner holds two candidates, type 2 only when its filled corners share a box. It is
/// met by its corners.
pub(super) fn avoidable_rectangle(state: &State, step: &Step) -> Option<Vec<usize>> {
    let (corners, _) = rectangle_of(step)?;
    let empty: Vec<usize> = (corners.iter().copied())
        .filter(|&c| state.value(Cell::from_index(c)).is_none())
        .collect();
    let found = match empty[..] {
        [one] => state.candidates(Cell::from_index(one)).len() == 2,
        [_, _] => {
            let filled: Vec<usize> = (corners.iter().copied())
                .filter(|c| !empty.contains(c))
                .collect();
            houses_of(filled[0])[2] == houses_of(filled[1])[2]
        }
        _ => false,
    };
    found.then(|| corners.to_vec())
}
