//! Digging holes: clues are taken out of a full grid, a symmetry orbit at a time in random order,
//! and each removal is kept only when the puzzle still passes the check — a unique solution (by
//! search), or a logical solve within a difficulty level (which proves uniqueness too).

use crate::core::{Level, State, Technique};
use crate::engine;
use crate::model::{Cell, DigitSet, Grid, Layout, Origin, Puzzle};
use crate::rating::{rate, threshold_cells};
use crate::search;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use serde::Serialize;
use std::sync::Arc;

/// Which cells must stay alike: a clue's mirror images are removed with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Symmetry {
    /// Clues anywhere.
    #[default]
    None,
    /// Half-turn: r,c and n+1-r,n+1-c.
    Rotational,
    /// Left-right mirror: r,c and r,n+1-c.
    Mirror,
    /// Main diagonal: r,c and c,r.
    Diagonal,
}

impl Symmetry {
    /// The groups of cells of `layout` that are given or empty together, each listed once;
    /// `None` when the symmetry takes a cell outside the layout's cells (a Windmill has no
    /// mirror image).
    pub fn orbits(self, layout: &Layout) -> Option<Vec<Vec<Cell>>> {
        let (rows, cols) = layout.extent();
        let image = |r: usize, c: usize| match self {
            Symmetry::None => Some((r, c)),
            Symmetry::Rotational => Some((rows - 1 - r, cols - 1 - c)),
            Symmetry::Mirror => Some((r, cols - 1 - c)),
            Symmetry::Diagonal => (rows == cols).then_some((c, r)),
        };
        let mut orbits = Vec::new();
        for cell in layout.cells() {
            let (r, c) = layout.position(cell);
            let (ir, ic) = image(r, c)?;
            // Each pair is listed from its first cell in reading order.
            if (ir, ic) < (r, c) {
                continue;
            }
            let mut orbit = vec![cell];
            if (ir, ic) != (r, c) {
                orbit.push(layout.cell_at(ir, ic)?);
            }
            orbits.push(orbit);
        }
        Some(orbits)
    }
}

/// What a puzzle must pass for a removal to stay.
#[derive(Debug, Clone)]
pub enum Check {
    /// Exactly one solution, proved by a search of bounded length.
    Unique,
    /// Solved by these techniques alone, rated at most this level.
    Logic(Vec<Technique>, Level),
}

impl Check {
    /// Whether the puzzle with these clues passes.
    pub fn passes(&self, layout: &Arc<Layout>, clues: &Grid) -> bool {
        match self {
            Check::Unique => is_unique_quickly(layout, clues),
            Check::Logic(techniques, level) => solves_within(layout, clues, techniques, *level),
        }
    }
}

/// Branches a uniqueness search may take while digging before the removal is given up (the clue
/// stays). Proving uniqueness of a sparse 25x25 grid can take minutes; with this bound a dig
/// takes seconds, and keeps the clues that let propagation and a little search do the work.
const DIG_BRANCHES: u64 = 100;

/// Whether the clues have exactly one solution.
fn is_unique(layout: &Layout, clues: &Grid) -> bool {
    search::count_from_candidates(layout, &clue_candidates(layout, clues), 2).solutions == 1
}

/// Whether the clues are proved to have exactly one solution by a search of bounded length; a
/// search that runs out of branches counts as not proved.
fn is_unique_quickly(layout: &Layout, clues: &Grid) -> bool {
    search::count_within(layout, &clue_candidates(layout, clues), 2, DIG_BRANCHES)
        .is_some_and(|count| count.solutions == 1)
}

/// The digit of each clue, every digit elsewhere: the search rules out the rest.
fn clue_candidates(layout: &Layout, clues: &Grid) -> Vec<DigitSet> {
    let full = DigitSet::full(layout.size());
    layout
        .cells()
        .map(|cell| clues.get(cell).map_or(full, DigitSet::single))
        .collect()
}

/// Whether the techniques solve the clues without help and the solve rates at most `level`.
/// Every technique is sound, so a solve that fills the grid also proves the solution unique.
fn solves_within(
    layout: &Arc<Layout>,
    clues: &Grid,
    techniques: &[Technique],
    level: Level,
) -> bool {
    let puzzle = Puzzle::new(layout.clone(), clues.clone(), Origin::Unknown)
        .expect("clues taken from a solution have no duplicates");
    let mut state = State::from_puzzle(&puzzle);
    let mut steps = Vec::new();
    while !state.is_solved() {
        let Some(step) = engine::next_step(&state, techniques) else {
            return false;
        };
        state.apply(&step);
        steps.push(step);
    }
    rate(&steps, threshold_cells(layout)).level <= level
}

/// The holes a dig must make: how many, and optionally how many in each of some houses.
#[derive(Debug, Clone, Default)]
pub struct Holes {
    /// Exactly this many empty cells; as many as the check allows when `None`.
    pub total: Option<usize>,
    /// For each house (cells), exactly this many empty cells.
    pub per_house: Option<(Vec<Vec<Cell>>, usize)>,
}

/// Takes clues out of `solution` in random orbit order while `check` passes; `None` when the hole
/// counts asked for cannot be reached.
pub fn dig(
    layout: &Arc<Layout>,
    solution: &Grid,
    symmetry: Symmetry,
    holes: &Holes,
    check: &Check,
    rng: &mut StdRng,
) -> Option<Grid> {
    let mut orbits = symmetry.orbits(layout)?;
    orbits.shuffle(rng);
    let mut clues = solution.clone();
    let mut made = 0;
    let house_of = house_index(layout.cell_count(), holes);
    let mut in_house = vec![0; holes.per_house.as_ref().map_or(0, |(h, _)| h.len())];
    for orbit in orbits {
        if holes.total.is_some_and(|total| made + orbit.len() > total) {
            continue;
        }
        if let Some((_, quota)) = &holes.per_house {
            let mut after = in_house.clone();
            orbit.iter().for_each(|c| after[house_of[c.index()]] += 1);
            if after.iter().any(|n| n > quota) {
                continue;
            }
        }
        orbit.iter().for_each(|&c| clues.set(c, None));
        if check.passes(layout, &clues) {
            made += orbit.len();
            if holes.per_house.is_some() {
                orbit
                    .iter()
                    .for_each(|c| in_house[house_of[c.index()]] += 1);
            }
        } else {
            orbit.iter().for_each(|&c| clues.set(c, solution.get(c)));
        }
    }
    holes
        .total
        .is_none_or(|total| made == total)
        .then_some(clues)
}

/// The quota house of every cell (all 0 without quotas).
fn house_index(cells: usize, holes: &Holes) -> Vec<usize> {
    let mut of = vec![0; cells];
    if let Some((houses, _)) = &holes.per_house {
        for (h, house) in houses.iter().enumerate() {
            house.iter().for_each(|c| of[c.index()] = h);
        }
    }
    of
}

/// Whether no single clue can be taken out without losing uniqueness.
pub fn is_minimal(layout: &Layout, clues: &Grid) -> bool {
    let mut fewer = clues.clone();
    layout.cells().filter(|&c| clues.get(c).is_some()).all(|c| {
        fewer.set(c, None);
        let needed = !is_unique(layout, &fewer);
        fewer.set(c, clues.get(c));
        needed
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Regions;
    use rand::SeedableRng;

    #[test]
    fn orbits_cover_every_cell_once() {
        for (symmetry, count) in [
            (Symmetry::None, 81),
            (Symmetry::Rotational, 41),
            (Symmetry::Mirror, 45),
            (Symmetry::Diagonal, 45),
        ] {
            let orbits = symmetry
                .orbits(&Layout::with_default_boxes(9).unwrap())
                .unwrap();
            assert_eq!(orbits.len(), count, "{symmetry:?}");
            let mut cells: Vec<usize> = orbits.iter().flatten().map(|c| c.index()).collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<_>>(), "{symmetry:?}");
        }
    }

    #[test]
    fn a_dig_with_quotas_empties_each_house_exactly_to_its_quota() {
        let layout = Arc::new(Layout::new(6, Regions::Boxes { rows: 2, cols: 3 }).unwrap());
        let mut rng = StdRng::seed_from_u64(3);
        let solution = crate::generate::fill::by_permutation(&layout, &mut rng).unwrap();
        let houses: Vec<Vec<Cell>> = layout.houses()[12..]
            .iter()
            .map(|h| h.cells.clone())
            .collect();
        let holes = Holes {
            total: Some(12),
            per_house: Some((houses.clone(), 2)),
        };
        let clues = dig(
            &layout,
            &solution,
            Symmetry::None,
            &holes,
            &Check::Unique,
            &mut rng,
        )
        .expect("two holes per box leave a unique 6x6");
        for house in houses {
            assert_eq!(house.iter().filter(|&&c| clues.get(c).is_none()).count(), 2);
        }
        assert!(is_unique(&layout, &clues));
    }
}
