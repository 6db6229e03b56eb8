//! Colours of the annotated workbooks: one fixed fill per technique family (the singles split into
//! three tints on the Solution sheet), a warning fill for backtracking, and pale fills for areas
//! (jigsaw regions, Shikaku rectangles) coloured so that neighbours never share one. The fills are Paul Tol's "light" and "pale" schemes, chosen to stay
//! distinguishable with colour-blindness and to keep black digits readable.

use super::Rgb;
use crate::core::Family;

/// The fill of cells placed by backtracking: a warning red.
pub const BACKTRACKING: Rgb = 0xEE6677;

/// The fill of the cells of extra houses (diagonals, windows) on printable grids: pale cyan.
pub const EXTRA_HOUSE: Rgb = 0xCCEEFF;

/// The shading of cells an even/odd puzzle marks even: a light grey of its own, as janko.at
/// prints them, pale enough for the digits and candidates on it to stay readable.
pub const EVEN_CELL: Rgb = 0xD0D0D0;

/// The shading of cells marked odd on the workbook's grids where some empty cell has no mark
/// (where every empty cell has one, the odd cells stay plain, as janko.at prints them): a grey
/// lighter than the even cells'.
pub const ODD_CELL: Rgb = 0xEEEEEE;

/// A cell's `fill` (white when it has none) under the grey `shading` of a parity mark: each
/// channel multiplied by the grey's, so that a step's fill stays its hue, darkened, and the mark
/// still shows under it.
pub fn shaded(fill: Option<Rgb>, shading: Rgb) -> Rgb {
    let fill = fill.unwrap_or(0xFFFFFF);
    [16, 8, 0]
        .into_iter()
        .map(|shift| {
            let (a, b) = ((fill >> shift) & 0xFF, (shading >> shift) & 0xFF);
            ((a * b + 127) / 255) << shift
        })
        .sum()
}

/// A consecutive puzzle's bars, across the border of two cells whose digits differ by one: a
/// dark wine (Paul Tol's), apart from the black region borders.
pub const BAR: Rgb = 0x882255;

/// The fill of cells whose pattern a step sheet highlights.
pub const PATTERN: Rgb = 0xFFEE99;

/// The fill of cells that lose candidates on a step sheet.
pub const TARGET: Rgb = 0xFFCCCC;

/// Struck-through candidates (eliminations) on step sheets.
pub const ELIMINATED: Rgb = 0xCC3311;

/// Candidates that belong to a step's pattern.
pub const HIGHLIGHT: Rgb = 0x0044AA;

/// The fill of fin cells of finned patterns.
pub const FIN: Rgb = 0xEE8866;

/// The fill of the houses a step works in (a single's house, a fish's base lines).
pub const HOUSE: Rgb = 0xBBCCEE;

/// The fills of a step's almost locked sets on step sheets, one per set in turn (Paul Tol's
/// pale green, lilac-grey and cyan).
pub const SET_FILLS: [Rgb; 3] = [0xCCDDAA, 0xDDCCEE, 0xCCEEFF];

/// The fill of a forcing step's assumed cell on step sheets: pale blue.
pub const ASSUMPTION: Rgb = 0x99DDFF;

/// The fill of the cells a forcing step's contradiction rests on: warning red.
pub const CONTRADICTION: Rgb = BACKTRACKING;

/// Chain links drawn between candidates.
pub const LINK: Rgb = 0x009988;

/// Digits placed by a step.
pub const PLACED: Rgb = 0x117733;

/// Digits and candidates that are not part of the story: grey.
pub const QUIET: Rgb = 0x666666;

/// The fill of cells placed by a full house on the Solution sheet: the palest of the singles'
/// three related cyan tints, which darken with the single's difficulty.
pub const FULL_HOUSE: Rgb = 0xDAF0FB;

/// The fill of cells placed by a hidden single on the Solution sheet.
pub const HIDDEN_SINGLE: Rgb = 0xC2E6F8;

/// The fill of cells placed by a naked single on the Solution sheet.
pub const NAKED_SINGLE: Rgb = 0x9DD3F0;

/// The step numbers above deduced digits on the Solution sheet: a grey dark enough to print.
pub const STEP_NUMBER: Rgb = 0x555555;

/// The fill of cells placed by a technique of `family`.
pub fn family_fill(family: Family) -> Rgb {
    match family {
        Family::Singles => 0x99DDFF,
        Family::Intersections => 0x44BB99,
        Family::Subsets => 0xBBCC33,
        Family::Fish => 0x77AADD,
        Family::SingleDigit => 0xEEDD88,
        Family::Uniqueness => 0xAAAA00,
        Family::Wings => 0xFFAABB,
        Family::Colouring => 0xCCDDAA,
        Family::Chains => 0xEE8866,
        Family::Als => 0xBBCCEE,
        Family::Forcing => 0xDDDDDD,
        Family::Killer => 0xEEEEBB,
        Family::Marks => 0xDDCCEE,
        Family::Backtracking => BACKTRACKING,
    }
}

/// Pale fills for areas, in the order [`colour_areas`] hands them out.
pub const AREA_FILLS: [Rgb; 10] = [
    0xBBCCEE, 0xEEEEBB, 0xCCDDAA, 0xFFCCCC, 0xCCEEFF, 0xDDDDDD, 0xEEDD88, 0xFFAABB, 0x99DDFF,
    0x44BB99,
];

/// A fill for each area such that areas listed as neighbours get different fills, given each
/// area's neighbours. Areas are coloured greedily in "smallest last" order (repeatedly set aside
/// an area with the fewest neighbours left, colour in reverse), which needs at most six fills
/// for any map drawn on a grid; ties go by index, so the result is deterministic.
pub fn colour_areas(neighbours: &[Vec<usize>]) -> Vec<Rgb> {
    let mut left: Vec<usize> = neighbours.iter().map(Vec::len).collect();
    let mut removed = vec![false; neighbours.len()];
    let mut order = Vec::with_capacity(neighbours.len());
    while let Some(area) = (0..neighbours.len())
        .filter(|&a| !removed[a])
        .min_by_key(|&a| left[a])
    {
        removed[area] = true;
        order.push(area);
        for &n in &neighbours[area] {
            left[n] = left[n].saturating_sub(1);
        }
    }
    let mut colour: Vec<usize> = vec![usize::MAX; neighbours.len()];
    for &area in order.iter().rev() {
        let used: Vec<usize> = neighbours[area].iter().map(|&n| colour[n]).collect();
        colour[area] = (0..).find(|c| !used.contains(c)).unwrap_or(0);
    }
    colour
        .into_iter()
        .map(|c| AREA_FILLS[c % AREA_FILLS.len()])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shading_multiplies_each_channel() {
        assert_eq!(shaded(None, EVEN_CELL), EVEN_CELL);
        assert_eq!(shaded(Some(0xFFFFFF), ODD_CELL), ODD_CELL);
        // 0xFF * 0xD0 / 0xFF, 0xEE * 0xD0 / 0xFF = 194.1, 0x99 * 0xD0 / 0xFF = 124.8.
        assert_eq!(shaded(Some(PATTERN), EVEN_CELL), 0xD0C27D);
        assert_eq!(shaded(Some(0x000000), EVEN_CELL), 0x000000);
    }

    #[test]
    fn neighbouring_areas_get_different_fills() {
        // A wheel: area 0 in the middle touches 1..=5, which touch their ring neighbours.
        let mut neighbours = vec![vec![1, 2, 3, 4, 5]];
        for a in 1..=5 {
            let next = a % 5 + 1;
            let prev = (a + 3) % 5 + 1;
            neighbours.push(vec![0, prev, next]);
        }
        let fills = colour_areas(&neighbours);
        for (a, list) in neighbours.iter().enumerate() {
            for &b in list {
                assert_ne!(fills[a], fills[b], "areas {a} and {b}");
            }
        }
    }
}
