//! Killer cages drawn on a sheet: outlined with dashed (or dotted) borders, or coloured, each
//! cage a patch of one fill; the sum is the number in the cage, written small when the grid
//! also has givens, or the number in a note on one of its cells.
//!
//! Cells joined by an edge without a dashed border, a thick border or a change of fill are in
//! one cage. A thick border is also a region's edge, and a cage may cross it: a part left
//! without a number belongs to a part with a number it reaches across such edges (where the
//! fill goes on, when the fills colour the cages, as gridlogic's own workbooks do). Where that
//! leaves a choice, every reading whose cages are connected and whose sums their cells can make
//! is kept, and the reader takes the one whose puzzle has exactly one solution.

use crate::error::Error;
use crate::model::{Cage, Cell, Symbols, components, touching};
use crate::read::cells::{CellClass, classify};
use crate::read::table::{Area, Edge, Table};

/// A Killer read off a sheet: its cages and the givens among its numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// The readings of the cages (one, unless thick borders leave a choice), each in order of
    /// the cages' first cells.
    pub readings: Vec<Vec<Cage>>,
    /// The values of the cells that hold a given (numbers that are not sums), row-major.
    pub givens: Vec<Option<usize>>,
    /// Whether the cages are coloured patches, outlined or not (the fills then say nothing
    /// else).
    pub by_fills: bool,
}

/// Which edges of a cell are which sides of [`Edge`] arrays: top, right, bottom, left.
const TOP: usize = 0;
const RIGHT: usize = 1;
const BOTTOM: usize = 2;
const LEFT: usize = 3;

/// The grid at `area` of `table` read as a Killer, or `None` when nothing outlines cages: no
/// dashed edge inside it, and no fills that make patches holding one number each. `name` names
/// grid cells in messages.
pub fn read(
    table: &Table,
    area: &Area,
    symbols: &Symbols,
    name: &dyn Fn(Cell) -> String,
) -> Option<Result<Drawn, Error>> {
    let n = area.height;
    let at = |cell: usize| table.cell(area.top + cell / n, area.left + cell % n);
    let numbers: Vec<Option<usize>> = (0..n * n)
        .map(|i| match classify(&at(i).value, symbols) {
            CellClass::Value(v) => Some(v),
            _ => None,
        })
        .collect();
    let between = |a: usize, b: usize| edge_between(table, area, a, b);
    let dashed = (0..n * n).any(|a| touching(n, a).any(|b| between(a, b) == Edge::Dashed));
    let fill = |i: usize| at(i).fill;
    let patches = fill_patches(n, &fill, &numbers);
    if !dashed && !patches {
        return None;
    }
    // Cells join unless a dashed or thick border, or (without dashed borders) a fill change,
    // parts them.
    let joined = |a: usize, b: usize| match between(a, b) {
        Edge::Dashed | Edge::Thick => false,
        _ => dashed || fill(a) == fill(b),
    };
    let group = components(n, &joined);
    let points: Vec<Option<f64>> = (0..n * n).map(|i| at(i).points).collect();
    let noted: Vec<Option<usize>> = (0..n * n)
        .map(|i| at(i).note.as_deref().and_then(first_number))
        .collect();
    let unnoted: Vec<Option<usize>> = (0..n * n)
        .map(|i| numbers[i].filter(|_| noted[i].is_none()))
        .collect();
    let in_cells = sums_of(&unnoted, &points);
    let sums: Vec<Option<usize>> = (0..n * n).map(|i| noted[i].or(in_cells[i])).collect();
    // A cage crosses a thick border where its fill goes on, or anywhere when the fills are not
    // the cages' (dashed outlines without them).
    let crossable = |a: usize, b: usize| {
        between(a, b) == Edge::Thick && (fill(a) == fill(b) || (dashed && !patches))
    };
    let groupings = readings(n, &group, &sums, &crossable);
    if groupings.is_empty() {
        let orphan = unsummed(n, &group, &sums).first().copied();
        let cells: Vec<String> = (0..n * n)
            .filter(|&i| orphan.is_none_or(|o| group[i] == o))
            .map(|i| name(Cell::from_index(i)))
            .collect();
        let reason = match orphan {
            Some(_) => {
                "it has no sum: write the number in its first cell, or outline it with \
                        dashed borders all round"
            }
            None => "their sums cannot be made by the cells drawn around them",
        };
        let cage = match orphan {
            Some(_) => format!("cage at {}", cells.join(", ")),
            None => format!("cages drawn at {} to {}", cells[0], cells[cells.len() - 1]),
        };
        return Some(Err(Error::BadCage {
            cage,
            reason: reason.into(),
        }));
    }
    let readings = groupings
        .iter()
        .map(|grouping| cages_of(n, grouping, &sums, name))
        .collect::<Result<Vec<_>, _>>();
    let givens = (0..n * n)
        .map(|i| numbers[i].filter(|_| in_cells[i].is_none()))
        .collect();
    Some(readings.map(|readings| Drawn {
        readings,
        givens,
        by_fills: patches,
    }))
}

/// The first whole number in a note: `17` in `Cage: 17`.
fn first_number(note: &str) -> Option<usize> {
    note.split(|c: char| !c.is_ascii_digit())
        .find(|part| !part.is_empty())
        .and_then(|part| part.parse().ok())
}

/// Where a Killer drawn on `table` is: the bordered square around its dashed cage edges, when
/// there are any.
pub fn outlined_area(table: &Table) -> Option<Area> {
    let cells = || (0..table.rows()).flat_map(|r| (0..table.cols()).map(move |c| (r, c)));
    cells().find(|&(r, c)| table.cell(r, c).edges.contains(&Edge::Dashed))?;
    let bordered: Vec<(usize, usize)> = cells()
        .filter(|&(r, c)| table.cell(r, c).bordered)
        .collect();
    let top = bordered.iter().map(|b| b.0).min()?;
    let left = bordered.iter().map(|b| b.1).min()?;
    let bottom = bordered.iter().map(|b| b.0).max()?;
    let right = bordered.iter().map(|b| b.1).max()?;
    (bottom - top == right - left).then(|| Area::square(top, left, bottom - top + 1))
}

/// The border between neighbouring grid cells `a` and `b`: the stronger of the two cells' sides
/// (dashed over thick over thin).
fn edge_between(table: &Table, area: &Area, a: usize, b: usize) -> Edge {
    let n = area.height;
    let cell = |i: usize| table.cell(area.top + i / n, area.left + i % n);
    let (first, second) = (a.min(b), a.max(b));
    let (out, into) = match second - first {
        1 => (RIGHT, LEFT),
        _ => (BOTTOM, TOP),
    };
    let sides = [cell(first).edges[out], cell(second).edges[into]];
    [Edge::Dashed, Edge::Thick, Edge::Thin]
        .into_iter()
        .find(|e| sides.contains(e))
        .unwrap_or(Edge::None)
}

/// Whether the fills make more than `n` patches that each hold exactly one number: cages
/// coloured rather than outlined.
fn fill_patches(n: usize, fill: &dyn Fn(usize) -> Option<u32>, numbers: &[Option<usize>]) -> bool {
    if (0..n * n).all(|i| fill(i).is_none()) {
        return false;
    }
    let group = components(n, &|a, b| fill(a) == fill(b));
    let count = group.iter().max().map_or(0, |m| m + 1);
    let mut held = vec![0; count];
    for (i, number) in numbers.iter().enumerate() {
        held[group[i]] += usize::from(number.is_some());
    }
    count > n && held.iter().all(|&h| h == 1)
}

/// Which numbers are sums: those written smaller than the largest numbers when the sizes
/// differ, every number when they do not.
fn sums_of(numbers: &[Option<usize>], points: &[Option<f64>]) -> Vec<Option<usize>> {
    let size = |i: usize| points[i].unwrap_or(11.0);
    let largest = (0..numbers.len())
        .filter(|&i| numbers[i].is_some())
        .map(size)
        .fold(f64::MIN, f64::max);
    let mixed = (0..numbers.len()).any(|i| numbers[i].is_some() && size(i) < largest - 0.5);
    (0..numbers.len())
        .map(|i| numbers[i].filter(|_| !mixed || size(i) < largest - 0.5))
        .collect()
}

/// The most readings tried when thick borders leave a choice.
const MAX_READINGS: usize = 256;

/// The groups (numbers of `group`) without a sum.
fn unsummed(n: usize, group: &[usize], sums: &[Option<usize>]) -> Vec<usize> {
    let count = group.iter().max().map_or(0, |m| m + 1);
    let mut summed = vec![false; count];
    for i in 0..n * n {
        summed[group[i]] |= sums[i].is_some();
    }
    (0..count).filter(|&g| !summed[g]).collect()
}

/// Every way to give each group without a sum to a group with one it reaches across edges
/// `crossable` allows (through other groups without a sum), such that every cage is connected
/// and has a sum its cells can make: each a group number per cell (none when some group
/// without a sum reaches none, or the ways are more than [`MAX_READINGS`]).
fn readings(
    n: usize,
    group: &[usize],
    sums: &[Option<usize>],
    crossable: &dyn Fn(usize, usize) -> bool,
) -> Vec<Vec<usize>> {
    let orphans = unsummed(n, group, sums);
    // For each group without a sum, the groups with one it reaches.
    let reach: Vec<Vec<usize>> = orphans
        .iter()
        .map(|&start| {
            let (mut seen, mut queue, mut found) = (vec![start], vec![start], Vec::new());
            while let Some(g) = queue.pop() {
                for i in (0..n * n).filter(|&i| group[i] == g) {
                    for j in touching(n, i).filter(|&j| crossable(i, j)) {
                        let h = group[j];
                        if seen.contains(&h) {
                            continue;
                        }
                        seen.push(h);
                        match orphans.contains(&h) {
                            true => queue.push(h),
                            false => found.push(h),
                        }
                    }
                }
            }
            found.sort_unstable();
            found
        })
        .collect();
    let ways: usize = reach.iter().map(Vec::len).product();
    if ways == 0 || ways > MAX_READINGS {
        return Vec::new();
    }
    let mut found = Vec::new();
    for mut k in 0..ways {
        let mut grouping = group.to_vec();
        for (orphan, partners) in orphans.iter().zip(&reach) {
            let partner = partners[k % partners.len()];
            k /= partners.len();
            grouping
                .iter_mut()
                .filter(|g| **g == *orphan)
                .for_each(|g| *g = partner);
        }
        if cages_hold(n, &grouping, sums) {
            found.push(grouping);
        }
    }
    found
}

/// Whether every cage of `grouping` is connected and has a sum as many distinct digits of 1 to
/// `n` can make.
fn cages_hold(n: usize, grouping: &[usize], sums: &[Option<usize>]) -> bool {
    let count = grouping.iter().max().map_or(0, |m| m + 1);
    (0..count).all(|g| {
        let cells: Vec<usize> = (0..n * n).filter(|&i| grouping[i] == g).collect();
        let Some(&first) = cells.first() else {
            return true;
        };
        let (mut reached, mut next) = (vec![first], 0);
        while let Some(&i) = reached.get(next) {
            next += 1;
            for j in touching(n, i) {
                if grouping[j] == g && !reached.contains(&j) {
                    reached.push(j);
                }
            }
        }
        let sum = cells.iter().find_map(|&i| sums[i]).unwrap_or(0);
        let (low, high) = Cage::sum_range(cells.len(), n);
        reached.len() == cells.len() && cells.len() <= n && (low..=high).contains(&sum)
    })
}

/// The cages of `group`, each with the one sum among its cells.
fn cages_of(
    n: usize,
    group: &[usize],
    sums: &[Option<usize>],
    name: &dyn Fn(Cell) -> String,
) -> Result<Vec<Cage>, Error> {
    let mut order: Vec<usize> = Vec::new();
    for &g in group {
        if !order.contains(&g) {
            order.push(g);
        }
    }
    let mut cages = Vec::new();
    for g in order {
        let cells: Vec<Cell> = (0..n * n)
            .filter(|&i| group[i] == g)
            .map(Cell::from_index)
            .collect();
        let found: Vec<(Cell, usize)> = cells
            .iter()
            .filter_map(|&c| sums[c.index()].map(|s| (c, s)))
            .collect();
        let listed: Vec<String> = cells.iter().map(|&c| name(c)).collect();
        if let [(_, sum)] = found[..] {
            cages.push(Cage::new(cells, sum));
            continue;
        }
        let sums: Vec<String> = found
            .iter()
            .map(|&(c, s)| format!("{s} at {}", name(c)))
            .collect();
        return Err(Error::BadCage {
            cage: format!("cage at {}", listed.join(", ")),
            reason: format!(
                "it has {} sums ({}); outline each cage with dashed borders",
                found.len(),
                sums.join(", ")
            ),
        });
    }
    Ok(cages)
}
