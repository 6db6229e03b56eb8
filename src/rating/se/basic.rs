//! Sudoku Explainer's rules up to wings: singles, its "direct" intersections and hidden sets
//! (which place the hidden single they leave), intersections, naked and hidden sets, fish and
//! XY/XYZ-wings, each visiting regions, values and cells in Sudoku Explainer's order.

use super::Sink;
use super::grid::{Grid, Kind, Region, combinations, first, peers_of, values};
use super::hint::{Basis, Hint, Rule};
use std::ops::ControlFlow;

/// Hidden singles: first the last empty cell of a block, column or row (rated 1.0), then a value
/// with one place left in a block (1.2), column or row (1.5).
pub(super) fn hidden_singles(grid: &Grid, sink: Sink) -> ControlFlow<()> {
    for alone_only in [true, false] {
        for kind in [Kind::Block, Kind::Column, Kind::Row] {
            for region in Region::all(kind) {
                for value in 1..=9 {
                    let positions = grid.positions(region, value);
                    if positions.count_ones() != 1 {
                        continue;
                    }
                    let alone = grid.empty_count(region) == 1;
                    if alone == alone_only {
                        let difficulty = match (alone, kind) {
                            (true, _) => 1.0,
                            (false, Kind::Block) => 1.2,
                            (false, _) => 1.5,
                        };
                        let cell = region.cell(first(positions));
                        sink(
                            single(Rule::HiddenSingle, difficulty, cell, value).in_region(region),
                        )?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Naked singles, row by row (2.3).
pub(super) fn naked_singles(grid: &Grid, sink: Sink) -> ControlFlow<()> {
    for cell in 0..81 {
        let cands = grid.cands[cell];
        if cands.count_ones() == 1 {
            sink(single(Rule::NakedSingle, 2.3, cell, first(cands) as u8))?;
        }
    }
    ControlFlow::Continue(())
}

fn single(rule: Rule, difficulty: f64, cell: usize, value: u8) -> Hint {
    Hint::removing(rule, difficulty, Vec::new()).placing(cell, value)
}

/// The pairs of region kinds of intersections: a value confined to the first region's cells
/// in the second leaves the rest of the second.
const INTERSECTIONS: [(Kind, Kind); 4] = [
    (Kind::Block, Kind::Column),
    (Kind::Block, Kind::Row),
    (Kind::Column, Kind::Block),
    (Kind::Row, Kind::Block),
];

/// Pointing (2.6) and claiming (2.8); with `direct`, only those that leave a hidden single in
/// another region of the first kind, which the hint then places (1.7 and 1.9).
pub(super) fn intersections(grid: &Grid, direct: bool, sink: Sink) -> ControlFlow<()> {
    for (kind1, kind2) in INTERSECTIONS {
        for region1 in Region::all(kind1) {
            for region2 in Region::all(kind2) {
                if !region1.crosses(region2) {
                    continue;
                }
                for value in 1..=9 {
                    let positions = grid.positions(region1, value);
                    let confined =
                        super::grid::bits(positions).all(|pos| region2.contains(region1.cell(pos)));
                    if positions.count_ones() <= 1 || !confined {
                        continue;
                    }
                    if direct {
                        following_singles(grid, region1, region2, value, sink)?;
                    } else {
                        let pointing = kind1 == Kind::Block;
                        let hint = locking(grid, region1, region2, value, Rule::Locking(pointing));
                        if hint.is_worth() {
                            sink(hint)?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The direct hints of an intersection: each other region of `region1`'s kind crossing
/// `region2` where the value keeps one place outside `region2`.
fn following_singles(
    grid: &Grid,
    region1: Region,
    region2: Region,
    value: u8,
    sink: Sink,
) -> ControlFlow<()> {
    for region3 in Region::all(region1.kind) {
        if region3 == region1 || !region3.crosses(region2) {
            continue;
        }
        let positions = grid.positions(region3, value);
        if positions.count_ones() <= 1 {
            continue;
        }
        let mut outside = super::grid::bits(positions)
            .map(|pos| region3.cell(pos))
            .filter(|&cell| !region2.contains(cell));
        if let (Some(cell), None) = (outside.next(), outside.next()) {
            let pointing = region1.kind == Kind::Block;
            let rule = Rule::DirectLocking(pointing);
            let hint = locking(grid, region1, region2, value, rule).placing(cell, value);
            if hint.is_worth() {
                sink(hint)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The hint of `value` confined to `region1`'s cells in `region2`.
fn locking(grid: &Grid, region1: Region, region2: Region, value: u8, rule: Rule) -> Hint {
    let removals = region2
        .cells()
        .iter()
        .filter(|&&c| !region1.contains(c as usize))
        .map(|&c| (c, grid.cands[c as usize] & (1 << value)))
        .collect();
    let difficulty = match rule {
        Rule::DirectLocking(true) => 1.7,
        Rule::DirectLocking(false) => 1.9,
        Rule::Locking(true) => 2.6,
        _ => 2.8,
    };
    let mut hint = Hint::removing(rule, difficulty, removals).in_region(region1);
    hint.basis = Basis::Lines {
        value,
        base: vec![region1],
        cover: vec![region2],
    };
    hint
}

/// Hidden sets of `degree` values in a block, column or row (3.4, 4.0, 5.4); with `direct`,
/// only those that leave a hidden single in the region, which the hint then places (2.0, 2.5).
pub(super) fn hidden_sets(grid: &Grid, degree: usize, direct: bool, sink: Sink) -> ControlFlow<()> {
    for kind in [Kind::Block, Kind::Column, Kind::Row] {
        for region in Region::all(kind) {
            let empty = grid.empty_count(region);
            if empty <= degree * 2 && !(direct && empty > degree) {
                continue;
            }
            for combination in combinations(degree, 9) {
                let set = (combination << 1) as u16;
                let mut union = 0;
                let mut each_twice = true;
                for value in values(set) {
                    let positions = grid.positions(region, value);
                    each_twice &= positions.count_ones() > 1;
                    union |= positions;
                }
                if !each_twice || union.count_ones() as usize != degree {
                    continue;
                }
                if let Some(hint) = hidden_set(grid, region, set, union, direct)
                    && hint.is_worth()
                {
                    sink(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The hint of the values `set` confined to the positions `union` of `region`; for a direct
/// hint, the first other value left with one place, or none.
fn hidden_set(grid: &Grid, region: Region, set: u16, union: u16, direct: bool) -> Option<Hint> {
    let degree = set.count_ones() as usize;
    let removals = super::grid::bits(union)
        .map(|pos| region.cell(pos))
        .map(|cell| (cell as u8, grid.cands[cell] & !set))
        .collect();
    if !direct {
        let difficulty = [3.4, 4.0, 5.4][degree - 2];
        let mut hint = Hint::removing(Rule::HiddenSet(degree), difficulty, removals);
        hint.basis = Basis::HiddenSet {
            region,
            values: set,
        };
        return Some(hint.in_region(region));
    }
    let single = (1..=9u8).filter(|v| set & (1 << v) == 0).find_map(|value| {
        let positions = grid.positions(region, value);
        let rest = positions & !union;
        (positions.count_ones() > 1 && rest.count_ones() == 1).then(|| (value, first(rest)))
    });
    single.map(|(value, pos)| {
        let difficulty = [2.0, 2.5, 4.3][degree - 2];
        Hint::removing(Rule::DirectHiddenSet(degree), difficulty, removals)
            .placing(region.cell(pos), value)
            .in_region(region)
    })
}

/// Naked sets of `degree` cells in a block, column or row (3.0, 3.6, 5.0).
pub(super) fn naked_sets(grid: &Grid, degree: usize, sink: Sink) -> ControlFlow<()> {
    for kind in [Kind::Block, Kind::Column, Kind::Row] {
        for region in Region::all(kind) {
            if grid.empty_count(region) < degree * 2 {
                continue;
            }
            for combination in combinations(degree, 9) {
                let positions = combination as u16;
                let cells: Vec<usize> = super::grid::bits(positions)
                    .map(|p| region.cell(p))
                    .collect();
                let Some(set) = common_tuple(cells.iter().map(|&c| grid.cands[c]), degree) else {
                    continue;
                };
                let removals = super::grid::bits(!positions & 0x1ff)
                    .map(|pos| region.cell(pos))
                    .map(|cell| (cell as u8, grid.cands[cell] & set))
                    .collect();
                let difficulty = [3.0, 3.6, 5.0][degree - 2];
                let mut hint = Hint::removing(Rule::NakedSet(degree), difficulty, removals);
                if hint.is_worth() {
                    hint.basis = Basis::NakedSet {
                        cells: cells.iter().map(|&c| c as u8).collect(),
                        values: set,
                    };
                    sink(hint.in_region(region))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The union of `sets` when each holds at least two members and the union holds `degree`
/// (Sudoku Explainer's common tuple).
pub(super) fn common_tuple(sets: impl Iterator<Item = u16>, degree: usize) -> Option<u16> {
    let mut union = 0;
    for set in sets {
        if set.count_ones() <= 1 {
            return None;
        }
        union |= set;
    }
    (union.count_ones() as usize == degree).then_some(union)
}

/// X-wings, swordfish and jellyfish (`degree` 2 to 4; 3.2, 3.8, 5.2): base columns first, then
/// base rows.
pub(super) fn fish(grid: &Grid, degree: usize, sink: Sink) -> ControlFlow<()> {
    for (base_kind, cover_kind) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        let counts: Vec<usize> = (0..=9).map(|v| grid.count_value(v as u8)).collect();
        for combination in combinations(degree, 9) {
            let bases: Vec<Region> = super::grid::bits(combination as u16)
                .map(|i| Region::new(base_kind, i))
                .collect();
            for value in 1..=9u8 {
                if counts[value as usize] + degree * 2 > 9 {
                    continue;
                }
                let positions = bases.iter().map(|&b| grid.positions(b, value));
                let Some(covers) = common_tuple(positions, degree) else {
                    continue;
                };
                let covers: Vec<Region> = super::grid::bits(covers)
                    .map(|i| Region::new(cover_kind, i))
                    .collect();
                let removals = covers
                    .iter()
                    .flat_map(|cover| {
                        let outside = 0x1ff & !(combination as u16);
                        super::grid::bits(outside).map(move |pos| cover.cell(pos))
                    })
                    .map(|cell| (cell as u8, grid.cands[cell] & (1 << value)))
                    .collect();
                let difficulty = [3.2, 3.8, 5.2][degree - 2];
                let mut hint = Hint::removing(Rule::Fish(degree), difficulty, removals);
                if hint.is_worth() {
                    hint.basis = Basis::Lines {
                        value,
                        base: bases.clone(),
                        cover: covers,
                    };
                    sink(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-wings (4.2) or, with `xyz`, XYZ-wings (4.4): a pivot cell, row by row, and two pincers
/// among its peers.
pub(super) fn wings(grid: &Grid, xyz: bool, sink: Sink) -> ControlFlow<()> {
    let pivot_size = if xyz { 3 } else { 2 };
    for pivot in 0..81 {
        let xy = grid.cands[pivot];
        if xy.count_ones() != pivot_size {
            continue;
        }
        for &xz_cell in peers_of(pivot) {
            let xz = grid.cands[xz_cell as usize];
            if xz.count_ones() != 2 || (xy & !xz).count_ones() != 1 {
                continue;
            }
            for &yz_cell in peers_of(pivot) {
                let yz = grid.cands[yz_cell as usize];
                let (union, common) = (xy | xz | yz, xy & xz & yz);
                let shape = yz.count_ones() == 2
                    && union.count_ones() == 3
                    && common.count_ones() == if xyz { 1 } else { 0 };
                if !shape {
                    continue;
                }
                let z = first(xz & yz) as u8;
                let victims = peers_of(xz_cell as usize)
                    .iter()
                    .filter(|&&c| super::grid::sees(c as usize, yz_cell as usize))
                    .filter(|&&c| !xyz || super::grid::sees(c as usize, pivot))
                    .filter(|&&c| c as usize != pivot && c != yz_cell);
                let removals = victims
                    .map(|&c| (c, grid.cands[c as usize] & (1 << z)))
                    .collect();
                let (rule, difficulty) = if xyz {
                    (Rule::XyzWing, 4.4)
                } else {
                    (Rule::XyWing, 4.2)
                };
                let hint = Hint::removing(rule, difficulty, removals);
                if hint.is_worth() {
                    sink(hint)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}
