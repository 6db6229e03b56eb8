//! Sudoku Explainer's uniqueness rules: unique rectangles and loops of types 1 to 4 (4.5, plus
//! 0.1 for six cells, 0.2 for eight, 0.5 for ten and more, plus 0.1 for each cell of a type 3
//! subset beyond two) and the bivalue universal grave of types 1 to 4 (5.6 and 5.7, plus 0.1
//! for each value of a type 3 subset beyond two).

use super::Sink;
use super::basic::common_tuple;
use super::grid::{
    Grid, KINDS, Region, bits, combinations, first, members, peers_of, sees, values,
};
use super::hint::{Hint, Rule};
use std::ops::ControlFlow;

/// A loop found: its type, its cells in order, and what else tells two hints of the same loop
/// apart (for type 3, the subset).
struct Found {
    hint: Hint,
    kind: u8,
    cells: Vec<u8>,
    subset: Option<Subset>,
}

/// A type 3 subset: hidden or naked, its region, its values, and its other cells (naked) or
/// places outside the loop (hidden).
type Subset = (bool, Region, u16, Vec<u8>);

impl Found {
    /// Whether Sudoku Explainer counts the two as the same hint.
    fn same(&self, other: &Found) -> bool {
        self.kind == other.kind
            && self.cells.len() == other.cells.len()
            && other.cells.iter().all(|c| self.cells.contains(c))
            && self.subset == other.subset
    }
}

/// Unique rectangles and loops: every loop through bivalue cells (row by row), the easiest
/// first, ties by type.
pub(super) fn unique_loops(grid: &Grid, sink: Sink) -> ControlFlow<()> {
    let mut found: Vec<Found> = Vec::new();
    for start in 0..81 {
        let cands = grid.cands[start];
        if cands.count_ones() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        let pair = cands;
        search_loops(grid, pair, &mut vec![start as u8], 2, 0, None, &mut loops);
        for cells in loops.into_iter().filter(|l| is_valid_loop(l)) {
            for candidate in loop_hints(grid, pair, &cells) {
                if candidate.hint.is_worth() && !found.iter().any(|f| f.same(&candidate)) {
                    found.push(candidate);
                }
            }
        }
    }
    found.sort_by(|a, b| {
        a.hint
            .difficulty
            .total_cmp(&b.hint.difficulty)
            .then(a.kind.cmp(&b.kind))
    });
    for f in found {
        sink(f.hint)?;
    }
    ControlFlow::Continue(())
}

/// Extends `path` (whose last cell arrived through a region of kind `last`) with cells holding
/// both values of `pair`, changing region kind at each step, and records every path that
/// closes on its first cell after four cells or more. At most two cells may hold other values,
/// or more when they all add the same one value; like Sudoku Explainer, the extra values seen
/// from one cell accumulate over its neighbours.
fn search_loops(
    grid: &Grid,
    pair: u16,
    path: &mut Vec<u8>,
    allowed_extra: i32,
    extra: u16,
    last: Option<usize>,
    loops: &mut Vec<Vec<u8>>,
) {
    let cell = *path.last().expect("a loop has a first cell") as usize;
    let mut extra = extra;
    for (k, kind) in KINDS.into_iter().enumerate() {
        if last == Some(k) {
            continue;
        }
        for &next in Region::of(kind, cell).cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let cands = grid.cands[next as usize];
                if cands & pair != pair {
                    continue;
                }
                extra = (extra | cands) & !pair;
                let size = cands.count_ones();
                if size == 2 || extra.count_ones() == 1 || allowed_extra > 0 {
                    path.push(next);
                    let allowed = allowed_extra - i32::from(size > 2);
                    search_loops(grid, pair, path, allowed, extra, Some(k), loops);
                    path.pop();
                }
            }
        }
    }
}

/// Whether the loop's cells, taken alternately, cover the same regions an even and an odd
/// number of times: each region visited once by each parity, or never.
fn is_valid_loop(cells: &[u8]) -> bool {
    let (mut even, mut odd) = (0u32, 0u32);
    for (i, &cell) in cells.iter().enumerate() {
        let visited = if i % 2 == 0 { &mut even } else { &mut odd };
        for kind in KINDS {
            let region = Region::of(kind, cell as usize);
            let bit = 1 << (kind as usize * 9 + region.index);
            if *visited & bit != 0 {
                return false;
            }
            *visited |= bit;
        }
    }
    even == odd
}

/// The hints of a valid loop, by its number of cells holding more than the pair.
fn loop_hints(grid: &Grid, pair: u16, cells: &[u8]) -> Vec<Found> {
    let extras: Vec<usize> = cells
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| grid.cands[c].count_ones() > 2)
        .collect();
    let difficulty = loop_difficulty(cells.len());
    let found = |kind, hint: Hint, subset| Found {
        hint,
        kind,
        cells: cells.to_vec(),
        subset,
    };
    let rule = |kind| Rule::UniqueLoop {
        cells: cells.len(),
        kind,
    };
    match extras[..] {
        [rescue] => {
            let hint = Hint::removing(rule(1), difficulty, vec![(rescue as u8, pair)]);
            vec![found(1, hint, None)]
        }
        [c1, c2] => {
            let mut hints = Vec::new();
            let others = (grid.cands[c1] | grid.cands[c2]) & !pair;
            if others.count_ones() == 1 {
                hints.push(found(
                    2,
                    type2(grid, pair, &extras, rule(2), difficulty),
                    None,
                ));
            } else if others.count_ones() >= 2 {
                for (hint, subset) in type3(grid, pair, c1, c2, rule(3), difficulty) {
                    hints.push(found(3, hint, Some(subset)));
                }
            }
            if let Some(hint) = type4(grid, pair, c1, c2, rule(4), difficulty) {
                hints.push(found(4, hint, None));
            }
            hints
        }
        [] => Vec::new(),
        _ => vec![found(
            2,
            type2(grid, pair, &extras, rule(2), difficulty),
            None,
        )],
    }
}

/// 4.5, plus 0.1 for six cells, 0.2 for eight, 0.5 for ten and more.
fn loop_difficulty(cells: usize) -> f64 {
    let mut difficulty = 4.5;
    if cells >= 10 {
        difficulty += 0.3;
    }
    if cells >= 8 {
        difficulty += 0.2;
    } else if cells >= 6 {
        difficulty += 0.1;
    }
    difficulty
}

/// Type 2: the extra value of the first extra cell leaves every cell that sees all of them.
fn type2(grid: &Grid, pair: u16, extras: &[usize], rule: Rule, difficulty: f64) -> Hint {
    let value = first(grid.cands[extras[0]] & !pair);
    let removals = peers_of(extras[0])
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| extras.iter().all(|&e| e == c || sees(c, e)))
        .filter(|c| !extras.contains(c))
        .map(|c| (c as u8, grid.cands[c] & (1 << value)))
        .collect();
    Hint::removing(rule, difficulty, removals)
}

/// Type 3: the two extra cells' other values, with other cells of a region they share, form a
/// naked set (the two count as one cell holding those values), or the pair's values with
/// others a hidden set (one of the two cells left out).
fn type3(
    grid: &Grid,
    pair: u16,
    c1: usize,
    c2: usize,
    rule: Rule,
    difficulty: f64,
) -> Vec<(Hint, Subset)> {
    let extra = (grid.cands[c1] | grid.cands[c2]) & !pair;
    let mut hints = Vec::new();
    for degree in extra.count_ones() as usize..=7 {
        for kind in KINDS {
            let region = Region::of(kind, c1);
            if !region.contains(c2) {
                continue;
            }
            let empty = grid.empty_count(region);
            let (i1, i2) = (region.position(c1), region.position(c2));
            if degree * 2 <= empty {
                naked_type3(grid, region, (c1, i1, i2), extra, degree, &mut |found| {
                    hints.push(found)
                });
            }
            if degree * 2 < empty {
                hidden_type3(grid, region, (i1, i2), pair, extra, degree, &mut |found| {
                    hints.push(found)
                });
            }
        }
    }
    hints
        .into_iter()
        .map(|(h, s)| (rated(h, rule, difficulty), s))
        .collect()
}

/// A type 3 hint's rule and rating: the loop's, plus 0.1 for each subset cell (naked) or
/// each cell outside the loop (hidden) beyond one.
fn rated(hint: Hint, rule: Rule, difficulty: f64) -> Hint {
    Hint {
        rule,
        difficulty: difficulty + hint.difficulty,
        ..hint
    }
}

/// Naked sets of `degree` cells of `region` that hold `c1` (standing for both extra cells,
/// with the values `extra`) and not `c2`.
fn naked_type3(
    grid: &Grid,
    region: Region,
    (c1, i1, i2): (usize, usize, usize),
    extra: u16,
    degree: usize,
    found: &mut dyn FnMut((Hint, Subset)),
) {
    let c2 = region.cell(i2);
    for combination in combinations(degree, 9) {
        let positions: Vec<usize> = bits(combination as u16).collect();
        if !positions.contains(&i1) || positions.contains(&i2) {
            continue;
        }
        let others: Vec<u8> = positions
            .iter()
            .filter(|&&p| p != i1)
            .map(|&p| region.cell(p) as u8)
            .collect();
        let naked = others
            .iter()
            .fold(extra & grid.cands[c1] & grid.cands[c2], |acc, &c| {
                acc | grid.cands[c as usize]
            });
        if naked.count_ones() as usize != degree {
            continue;
        }
        let sets = positions.iter().map(|&p| match p == i1 {
            true => extra,
            false => grid.cands[region.cell(p)],
        });
        let Some(set) = common_tuple(sets, degree) else {
            continue;
        };
        let removals = region
            .cells()
            .iter()
            .filter(|c| !others.contains(c) && **c as usize != c1 && **c as usize != c2)
            .map(|&c| (c, grid.cands[c as usize] & set))
            .collect();
        let bonus = (set.count_ones() - 1) as f64 * 0.1;
        let hint = Hint::removing(Rule::NakedSingle, bonus, removals);
        found((hint, (false, region, set, others)));
    }
}

/// Hidden sets of `degree` values of `region`, the loop's pair among them, whose places
/// (leaving out the second extra cell) number `degree`.
fn hidden_type3(
    grid: &Grid,
    region: Region,
    (i1, i2): (usize, usize),
    pair: u16,
    extra: u16,
    degree: usize,
    found: &mut dyn FnMut((Hint, Subset)),
) {
    let rest: Vec<u8> = values(0x3fe & !pair & !extra).collect();
    if degree - 2 > rest.len() {
        return;
    }
    for combination in combinations(degree - 2, rest.len()) {
        let hidden = bits(combination as u16).fold(pair, |acc, i| acc | 1 << rest[i]);
        let mut union = 0u16;
        let mut each = true;
        for value in bits(combination as u16)
            .map(|i| rest[i])
            .chain(values(pair))
        {
            let positions = grid.positions(region, value) & !(1 << i2);
            each &= positions != 0;
            union |= positions;
        }
        if !each || union.count_ones() as usize != degree {
            continue;
        }
        let places = union & !(1 << i1) & !(1 << i2);
        let removals = bits(places)
            .map(|p| region.cell(p))
            .map(|c| (c as u8, grid.cands[c] & !hidden))
            .collect();
        let bonus = (places.count_ones() as f64 - 1.0) * 0.1;
        let hint = Hint::removing(Rule::NakedSingle, bonus, removals);
        let places = bits(places).map(|p| p as u8).collect();
        found((hint, (true, region, hidden, places)));
    }
}

/// Type 4: one of the pair's values confined, in a region both extra cells share, to those
/// two: the other value leaves both. The last such region counts, the first value first.
fn type4(
    grid: &Grid,
    pair: u16,
    c1: usize,
    c2: usize,
    rule: Rule,
    difficulty: f64,
) -> Option<Hint> {
    let [v1, v2] = [first(pair) as u8, first(pair & (pair - 1)) as u8];
    let (mut lock1, mut lock2) = (false, false);
    for kind in KINDS {
        let region = Region::of(kind, c1);
        if !region.contains(c2) {
            continue;
        }
        let others = region
            .cells()
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2);
        let seen = others.fold(0, |acc, c| acc | grid.cands[c]);
        lock1 |= seen & (1 << v1) == 0;
        lock2 |= seen & (1 << v2) == 0;
    }
    let removed = match (lock1, lock2) {
        (true, _) => v2,
        (false, true) => v1,
        _ => return None,
    };
    let mask = 1 << removed;
    let removals = vec![(c1 as u8, mask), (c2 as u8, mask)];
    Some(Hint::removing(rule, difficulty, removals))
}

/// The bivalue universal grave: when every unsolved cell but a few (the "BUG cells") would hold
/// two candidates, each value twice in each region, one of the few's extra values is true.
pub(super) fn bug(grid: &Grid, sink: Sink) -> ControlFlow<()> {
    let Some(grave) = Grave::of(grid) else {
        return ControlFlow::Continue(());
    };
    let cells = &grave.cells;
    let common = grave.common.as_deref().unwrap_or(&[]);
    if cells.len() == 1 {
        let removals = vec![(cells[0] as u8, grid.cands[cells[0]] & !grave.all)];
        return sink(Hint::removing(Rule::Bug(1), 5.6, removals));
    }
    if grave.all.count_ones() == 1 {
        bug2(grid, &grave, common, sink)?;
        if cells.len() == 2 {
            bug4(grid, &grave, sink)?;
        }
    } else if !common.is_empty() {
        if cells.len() == 2 {
            bug4(grid, &grave, sink)?;
        }
        bug3(grid, &grave, common, sink)?;
    }
    ControlFlow::Continue(())
}

/// The BUG cells, the extra values of each, all of them, and the cells that see every BUG cell
/// (none found yet: `None`).
struct Grave {
    cells: Vec<usize>,
    extras: Vec<u16>,
    all: u16,
    common: Option<Vec<usize>>,
}

impl Grave {
    /// The grave of `grid`, found as Sudoku Explainer does: a value with other than two places
    /// in a region and exactly one of them in a cell of three or more candidates makes that
    /// cell a BUG cell for the value.
    fn of(grid: &Grid) -> Option<Grave> {
        let mut grave = Grave {
            cells: Vec::new(),
            extras: Vec::new(),
            all: 0,
            common: None,
        };
        let mut rest = grid.cands;
        for kind in KINDS {
            for region in Region::all(kind) {
                for value in 1..=9u8 {
                    let positions = grid.positions(region, value);
                    if matches!(positions.count_ones(), 0 | 2) {
                        continue;
                    }
                    let mut big = bits(positions)
                        .map(|p| region.cell(p))
                        .filter(|&c| grid.cands[c].count_ones() >= 3);
                    match (big.next(), big.next()) {
                        (None, _) => return None,
                        (Some(cell), None) => {
                            grave.add(cell, value);
                            rest[cell] &= !(1 << value);
                            let many = grave.cells.len() > 1 && grave.all.count_ones() > 1;
                            if many && grave.common.as_ref().is_some_and(|c| c.is_empty()) {
                                return None;
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        let two_each = (0..81).all(|c| grid.values[c] != 0 || rest[c].count_ones() == 2);
        let rest_grid = Grid::with_candidates(grid.values, rest);
        let twice = KINDS.into_iter().flat_map(Region::all).all(|region| {
            (1..=9).all(|v| matches!(rest_grid.positions(region, v).count_ones(), 0 | 2))
        });
        (two_each && twice).then_some(grave)
    }

    fn add(&mut self, cell: usize, value: u8) {
        let index = match self.cells.iter().position(|&c| c == cell) {
            Some(index) => index,
            None => {
                self.cells.push(cell);
                self.extras.push(0);
                self.cells.len() - 1
            }
        };
        self.extras[index] |= 1 << value;
        self.all |= 1 << value;
        let peers = peers_of(cell).iter().map(|&p| p as usize);
        let common: Vec<usize> = match self.common.take() {
            None => peers.collect(),
            Some(common) => common.into_iter().filter(|&c| sees(c, cell)).collect(),
        };
        let cells = &self.cells;
        self.common = Some(
            common
                .into_iter()
                .filter(|c: &usize| !cells.contains(c))
                .collect(),
        );
    }

    /// The extra values of `cell`.
    fn extras_of(&self, cell: usize) -> u16 {
        let index = self.cells.iter().position(|&c| c == cell);
        index.map_or(0, |i| self.extras[i])
    }
}

/// Type 2: one extra value for every BUG cell; it leaves the cells that see them all (5.7).
fn bug2(grid: &Grid, grave: &Grave, common: &[usize], sink: Sink) -> ControlFlow<()> {
    let bit = 1 << first(grave.all);
    let removals: Vec<(u8, u16)> = common
        .iter()
        .map(|&c| (c as u8, grid.cands[c] & bit))
        .collect();
    let hint = Hint::removing(Rule::Bug(2), 5.7, removals);
    if hint.is_worth() {
        sink(hint)?;
    }
    ControlFlow::Continue(())
}

/// Type 3: the BUG cells, seen as one cell holding all extra values, form a naked set with
/// other cells of a region they share (5.7, plus 0.1 for each value beyond two).
fn bug3(grid: &Grid, grave: &Grave, common: &[usize], sink: Sink) -> ControlFlow<()> {
    for kind in KINDS {
        let region = Region::of(kind, grave.cells[0]);
        if !grave.cells.iter().all(|&c| region.contains(c)) {
            continue;
        }
        let cells: Vec<usize> = common
            .iter()
            .copied()
            .filter(|&c| region.contains(c))
            .collect();
        for degree in 2..=6 {
            if cells.len() < degree {
                continue;
            }
            for combination in combinations(degree - 1, cells.len()) {
                let naked: Vec<usize> = members(combination).map(|i| cells[i]).collect();
                let union = naked.iter().fold(0, |acc, &c| acc | grid.cands[c]);
                if union.count_ones() as usize != degree {
                    continue;
                }
                let sets = naked.iter().map(|&c| grid.cands[c]).chain([grave.all]);
                let Some(set) = common_tuple(sets, degree) else {
                    continue;
                };
                let erasable = cells.iter().filter(|c| !naked.contains(c));
                let removals: Vec<(u8, u16)> =
                    erasable.map(|&c| (c as u8, grid.cands[c] & set)).collect();
                if removals.is_empty() {
                    continue;
                }
                let difficulty = 5.7 + (set.count_ones() - 1) as f64 * 0.1;
                let hint = Hint::removing(Rule::Bug(3), difficulty, removals);
                if hint.is_worth() {
                    sink(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Type 4: two BUG cells in one region sharing one other value: each keeps only its extra
/// values and that one (5.7), once for each region they share.
fn bug4(grid: &Grid, grave: &Grave, sink: Sink) -> ControlFlow<()> {
    let [c1, c2] = [grave.cells[0], grave.cells[1]];
    let shared = grid.cands[c1] & grid.cands[c2] & !grave.all;
    if shared.count_ones() != 1 {
        return ControlFlow::Continue(());
    }
    for kind in KINDS {
        let region = Region::of(kind, c1);
        if !region.contains(c2) {
            continue;
        }
        let keep = |c: usize| grave.extras_of(c) | shared;
        let removals = vec![
            (c1 as u8, grid.cands[c1] & !keep(c1)),
            (c2 as u8, grid.cands[c2] & !keep(c2)),
        ];
        sink(Hint::removing(Rule::Bug(4), 5.7, removals))?;
    }
    ControlFlow::Continue(())
}
