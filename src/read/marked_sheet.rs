//! Even/odd marks and consecutive bars drawn on a sheet, as people and gridlogic's workbooks draw
//! them.
//!
//! **Parity** is read from the grid's fills. A legend near the grid (a text outside it naming
//! `even`/`gerade`/`pair` or `odd`/`ungerade`/`impair`) says what a fill means: the fill of the
//! legend's own cell or of the cell left of it (a swatch), or, for a legend without a colour
//! (`grey = even`), the one fill of the grid. Without a legend only grey shading counts, as
//! janko.at prints it: the grey cells even, or with two greys the darker even and the lighter
//! odd. Where one fill marks one parity, every empty cell without it has the other (janko.at's
//! way: grey even, white odd); with two fills, unfilled cells have no mark. A given in a filled
//! cell carries the mark (and breaks it, an error, when its digit has the other parity).
//!
//! **Bars** are borders between two cells of the grid drawn apart from its other lines: in a
//! colour of their own (any colour but black or automatic, used on fewer than half of the
//! grid's inner borders), or, on a grid without lines between the cells of a box, any border
//! drawn between two cells inside a box. As janko.at prints them, every consecutive pair is
//! then barred.

use super::marked::{EVEN_WORDS, ODD_WORDS};
use super::table::{Area, Edge, RawValue, Table};
use crate::model::{Cell, Markings, Parity, Regions};
use std::collections::BTreeMap;

/// How far from the grid (rows or columns) a legend is looked for.
const LEGEND_REACH: usize = 12;

/// The parity marks the fills of the grid at `area` of `table` give, row-major, when they give
/// any (see the module's description). `values` says which grid cells hold a digit.
/// Without a legend, fills that `mean_regions` (they form the regions or extra houses) are no
/// marks.
pub fn parity(
    table: &Table,
    area: &Area,
    values: &[bool],
    mean_regions: bool,
) -> Option<Vec<Option<Parity>>> {
    let fills: Vec<Option<u32>> = grid_cells(area)
        .map(|(r, c)| table.cell(r, c).fill)
        .collect();
    let mut colours: Vec<u32> = fills.iter().flatten().copied().collect();
    colours.sort_unstable();
    colours.dedup();
    if colours.is_empty() || colours.len() > 2 {
        return None;
    }
    let legend = legend(table, area);
    if legend.is_empty() && mean_regions {
        return None;
    }
    let meaning = meanings(&colours, &legend)?;
    // Some empty cell must carry a fill: a shading of givens alone is a look, not marks.
    let marks_empty = fills.iter().zip(values).any(|(f, &v)| f.is_some() && !v);
    if !marks_empty {
        return None;
    }
    let plain = match colours.len() {
        1 => Some(other(meaning[&colours[0]])),
        _ => None,
    };
    let marks = fills
        .iter()
        .zip(values)
        .map(|(fill, &value)| match fill {
            Some(colour) => Some(meaning[colour]),
            None if !value => plain,
            None => None,
        })
        .collect();
    Some(marks)
}

/// What each fill of the grid means, from the legend, or without one from the greys; `None`
/// when the fills are not parity marks.
fn meanings(colours: &[u32], legend: &[(Parity, Option<u32>)]) -> Option<BTreeMap<u32, Parity>> {
    let mut meaning: BTreeMap<u32, Parity> = BTreeMap::new();
    for &(parity, colour) in legend {
        if let Some(colour) = colour.filter(|c| colours.contains(c)) {
            meaning.entry(colour).or_insert(parity);
        }
    }
    let colourless = legend.iter().find(|(_, colour)| colour.is_none());
    match (colours, meaning.len()) {
        (_, n) if n == colours.len() => {}
        ([one], 0) => {
            let parity = match (colourless, legend.is_empty()) {
                (Some(&(parity, _)), _) => parity,
                (None, true) if is_grey(*one) => Parity::Even,
                _ => return None,
            };
            meaning.insert(*one, parity);
        }
        ([a, b], 1) => {
            let (known, unknown) = match meaning.contains_key(a) {
                true => (*a, *b),
                false => (*b, *a),
            };
            meaning.insert(unknown, other(meaning[&known]));
        }
        ([a, b], 0) if legend.is_empty() && is_grey(*a) && is_grey(*b) => {
            let (darker, lighter) = match a & 0xFF < b & 0xFF {
                true => (*a, *b),
                false => (*b, *a),
            };
            meaning.insert(darker, Parity::Even);
            meaning.insert(lighter, Parity::Odd);
        }
        _ => return None,
    }
    Some(meaning)
}

fn other(parity: Parity) -> Parity {
    match parity {
        Parity::Even => Parity::Odd,
        Parity::Odd => Parity::Even,
    }
}

/// Whether `colour` is a grey: its channels within a few steps of each other.
fn is_grey(colour: u32) -> bool {
    let channels = [colour >> 16 & 0xFF, colour >> 8 & 0xFF, colour & 0xFF];
    let (min, max) = (channels.iter().min(), channels.iter().max());
    max.zip(min).is_some_and(|(max, min)| max - min <= 8)
}

/// The legend's entries near the grid: each text outside it naming one parity, with the fill
/// of its cell or of the cell left of it.
fn legend(table: &Table, area: &Area) -> Vec<(Parity, Option<u32>)> {
    let rows = area.top.saturating_sub(LEGEND_REACH)..area.top + area.height + LEGEND_REACH;
    let cols = area.left.saturating_sub(LEGEND_REACH)..area.left + area.width + LEGEND_REACH;
    let mut entries = Vec::new();
    for row in rows.filter(|&r| r < table.rows()) {
        for col in cols.clone().filter(|&c| c < table.cols()) {
            if area.contains(&Area::square(row, col, 1)) {
                continue;
            }
            let RawValue::Text(text) = &table.cell(row, col).value else {
                continue;
            };
            let Some(parity) = named_parity(text) else {
                continue;
            };
            let left = col.checked_sub(1).map(|c| table.cell(row, c).fill);
            entries.push((parity, table.cell(row, col).fill.or(left.flatten())));
        }
    }
    entries
}

/// The one parity `text` names (English, German or French), if it names exactly one.
fn named_parity(text: &str) -> Option<Parity> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split(|c: char| !c.is_alphabetic()).collect();
    let even = words.iter().any(|w| EVEN_WORDS.contains(w));
    let odd = words.iter().any(|w| ODD_WORDS.contains(w));
    match (even, odd) {
        (true, false) => Some(Parity::Even),
        (false, true) => Some(Parity::Odd),
        _ => None,
    }
}

/// The bars drawn on the grid at `area` of `table` (see the module's description), each as its
/// two cells, the upper or left one first, and whether they are coloured (rather than lines
/// inside boxes that have no others).
pub fn bars(table: &Table, area: &Area) -> (Vec<(Cell, Cell)>, bool) {
    let n = area.height;
    let borders: Vec<Border> = Markings::touching_pairs(n)
        .map(|(a, b)| Border::between(table, area, a, b))
        .collect();
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for colour in borders.iter().filter_map(|b| b.colour) {
        *counts.entry(colour).or_default() += 1;
    }
    let own_colour = |b: &Border| b.colour.is_some_and(|c| counts[&c] * 2 < borders.len());
    let coloured: Vec<(Cell, Cell)> = (borders.iter())
        .filter(|b| own_colour(b))
        .map(|b| b.cells)
        .collect();
    if !coloured.is_empty() {
        return (coloured, true);
    }
    // A grid without lines inside its boxes (or without any inner lines, when it draws no
    // boxes): the lines drawn there are bars.
    let boxes = shows_boxes(table, area, &[]);
    let region = |cell: Cell| default_box(n, cell).filter(|_| boxes);
    let inside: Vec<&Border> = (borders.iter())
        .filter(|b| region(b.cells.0) == region(b.cells.1))
        .collect();
    let drawn: Vec<(Cell, Cell)> = (inside.iter())
        .filter(|b| b.line != Edge::None)
        .map(|b| b.cells)
        .collect();
    match drawn.len() * 2 < inside.len() {
        true => (drawn, false),
        false => (Vec::new(), false),
    }
}

/// Whether the grid at `area` of `table` draws the default boxes of its size: thick lines on
/// every box edge inside it but bars.
pub fn shows_boxes(table: &Table, area: &Area, bars: &[(Cell, Cell)]) -> bool {
    let n = area.height;
    if default_box(n, Cell::from_index(0)).is_none() {
        return false;
    }
    Markings::touching_pairs(n)
        .filter(|&(a, b)| default_box(n, a) != default_box(n, b))
        .filter(|pair| !bars.contains(pair))
        .all(|(a, b)| Border::between(table, area, a, b).line == Edge::Thick)
}

/// The default box of `cell` on a grid of `n` (none where the size has no boxes).
fn default_box(n: usize, cell: Cell) -> Option<usize> {
    match Regions::default_boxes(n)? {
        Regions::Boxes { rows, cols } => Some(cell.row(n) / rows * (n / cols) + cell.col(n) / cols),
        _ => None,
    }
}

/// The border between two touching cells as the sheet draws it, from either cell's side.
struct Border {
    cells: (Cell, Cell),
    line: Edge,
    colour: Option<u32>,
}

impl Border {
    fn between(table: &Table, area: &Area, a: Cell, b: Cell) -> Border {
        let n = area.height;
        let at = |cell: Cell| table.cell(area.top + cell.row(n), area.left + cell.col(n));
        // Sides are top, right, bottom, left: the right and left sides of a row's pair, the
        // bottom and top of a column's.
        let (side_a, side_b) = match b.index() - a.index() {
            1 => (1, 3),
            _ => (2, 0),
        };
        let (cell_a, cell_b) = (at(a), at(b));
        let line = match cell_a.edges[side_a] {
            Edge::None => cell_b.edges[side_b],
            line => line,
        };
        Border {
            cells: (a, b),
            line,
            colour: cell_a.edge_colours[side_a].or(cell_b.edge_colours[side_b]),
        }
    }
}

/// The cells of `area`, row by row.
fn grid_cells(area: &Area) -> impl Iterator<Item = (usize, usize)> + use<> {
    let area = *area;
    (area.top..area.top + area.height)
        .flat_map(move |r| (area.left..area.left + area.width).map(move |c| (r, c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legend_names_one_parity() {
        assert_eq!(named_parity("grey = even"), Some(Parity::Even));
        assert_eq!(named_parity("Grau: gerade Ziffern"), Some(Parity::Even));
        assert_eq!(named_parity("ungerade"), Some(Parity::Odd));
        assert_eq!(named_parity("Odd: 34 cells"), Some(Parity::Odd));
        assert_eq!(named_parity("grey even, white odd"), None);
        assert_eq!(named_parity("Evening puzzle"), None);
    }

    #[test]
    fn greys_without_a_legend_are_even_the_darker_of_two() {
        let one = meanings(&[0xD0D0D0], &[]).unwrap();
        assert_eq!(one[&0xD0D0D0], Parity::Even);
        assert_eq!(meanings(&[0xFFFF00], &[]), None, "yellow is no parity mark");
        let two = meanings(&[0xD0D0D0, 0xEEEEEE], &[]).unwrap();
        assert_eq!(two[&0xD0D0D0], Parity::Even);
        assert_eq!(two[&0xEEEEEE], Parity::Odd);
        let legend = [(Parity::Odd, None)];
        assert_eq!(
            meanings(&[0xFFFF00], &legend).unwrap()[&0xFFFF00],
            Parity::Odd
        );
        let legend = [(Parity::Odd, Some(0xD0D0D0))];
        let two = meanings(&[0xD0D0D0, 0xEEEEEE], &legend).unwrap();
        assert_eq!(two[&0xEEEEEE], Parity::Even);
    }
}
