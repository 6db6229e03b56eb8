//! Writing grids for people and programs: aligned text with region borders, one-line strings in
//! the collections' format, and JSON documents.

use crate::core::State;
use crate::model::{Cell, Grid, Layout, Puzzle, Regions, Symbols};
use serde::Serialize;

/// Draws a grid as aligned text with region borders: `|` between cells of different regions and
/// `-`/`+` lines between rows of different regions. Boxes come out in the familiar
/// `4 . . | . 7 8 | . . 3` form; jigsaw borders follow the regions. Empty cells are `.`.
pub fn grid_text(grid: &Grid, layout: &Layout, symbols: &Symbols) -> String {
    let texts: Vec<String> = layout
        .cells()
        .map(|cell| grid.get(cell).map_or(".".to_string(), |d| symbols.write(d)))
        .collect();
    draw(&texts, layout)
}

/// Draws the pencil marks of a state: each empty cell lists its candidates, each filled cell
/// its digit, in columns as wide as their widest entry.
pub fn candidates_text(state: &State, symbols: &Symbols) -> String {
    let texts: Vec<String> = state
        .layout()
        .cells()
        .map(|cell| match state.value(cell) {
            Some(digit) => symbols.write(digit),
            None => state
                .candidates(cell)
                .iter()
                .map(|d| symbols.write(d))
                .collect(),
        })
        .collect();
    draw(&texts, state.layout())
}

/// Draws one text per cell with region borders, each column as wide as its widest text.
fn draw(texts: &[String], layout: &Layout) -> String {
    let size = layout.size();
    let widths: Vec<usize> = (0..size)
        .map(|c| {
            (0..size)
                .map(|r| texts[r * size + c].chars().count())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let borders = Borders { layout, size };
    let wide: Vec<bool> = (0..size.saturating_sub(1))
        .map(|c| (0..size).any(|r| borders.right_of(r, c)))
        .collect();
    let mut out = String::new();
    for row in 0..size {
        if row > 0 && (0..size).any(|c| borders.below(row - 1, c)) {
            out.push_str(borders.rule(row - 1, &widths, &wide).trim_end());
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..size {
            line.push_str(&format!(
                "{:<width$}",
                texts[row * size + col],
                width = widths[col]
            ));
            if col + 1 < size {
                line.push_str(match (wide[col], borders.right_of(row, col)) {
                    (false, _) => " ",
                    (true, true) => " | ",
                    (true, false) => "   ",
                });
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// Which cell edges are region borders.
struct Borders<'a> {
    layout: &'a Layout,
    size: usize,
}

impl Borders<'_> {
    fn region(&self, row: usize, col: usize) -> Option<usize> {
        self.layout.region_of(Cell::at(row, col, self.size))
    }

    /// Whether a border runs between (row, col) and the cell to its right.
    fn right_of(&self, row: usize, col: usize) -> bool {
        row < self.size && col + 1 < self.size && self.region(row, col) != self.region(row, col + 1)
    }

    /// Whether a border runs between (row, col) and the cell below it.
    fn below(&self, row: usize, col: usize) -> bool {
        row + 1 < self.size && self.region(row, col) != self.region(row + 1, col)
    }

    /// The rule drawn between `row` and the next row.
    fn rule(&self, row: usize, widths: &[usize], wide: &[bool]) -> String {
        let segment =
            |col: usize| (if self.below(row, col) { "-" } else { " " }).repeat(widths[col]);
        let mut line = segment(0);
        for (col, &is_wide) in wide.iter().enumerate() {
            line.push_str(&self.joint(row, col, is_wide));
            line.push_str(&segment(col + 1));
        }
        line
    }

    /// Where the rule below `row` crosses the gap between `col` and the next column.
    fn joint(&self, row: usize, col: usize, wide: bool) -> String {
        let (here, next) = (self.below(row, col), self.below(row, col + 1));
        let vertical = self.right_of(row, col) || self.right_of(row + 1, col);
        let centre = match (vertical, here || next) {
            (true, true) => '+',
            (true, false) => '|',
            (false, true) if here && next => '-',
            _ => ' ',
        };
        let dash = |on: bool| if on { '-' } else { ' ' };
        if wide {
            [dash(here), centre, dash(next)].iter().collect()
        } else {
            centre.to_string()
        }
    }
}

/// Writes a grid on one line in the collections' format: one symbol per cell, `.` for empty. Sizes
/// beyond the alphabet are written as space-separated numbers with `0` for empty.
pub fn grid_line(grid: &Grid, symbols: &Symbols) -> String {
    let size = grid.size();
    let cells = (0..size * size).map(|i| grid.get(Cell::from_index(i)));
    if symbols.covers(size) {
        cells
            .map(|d| d.map_or(".".to_string(), |d| symbols.write(d)))
            .collect()
    } else {
        cells
            .map(|d| d.map_or("0".to_string(), |d| d.get().to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A puzzle on one line in the collections' format, followed by its region labels (one letter
/// per cell) when its regions are not the default boxes of its size, so that reading the line
/// back gives the same puzzle.
pub fn puzzle_line(puzzle: &Puzzle) -> String {
    let line = grid_line(puzzle.givens(), puzzle.symbols());
    match region_labels(puzzle.layout()) {
        Some(labels) => format!("{line} {}", labels.concat()),
        None => line,
    }
}

/// A puzzle as CSV: one row per grid row, `0` for empty, then a blank line and the region labels
/// when its regions are not the default boxes of its size.
pub fn puzzle_csv(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let mut out = String::new();
    for row in grid_rows(puzzle.givens()) {
        let cells: Vec<String> = row.iter().map(u8::to_string).collect();
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    if let Some(labels) = region_labels(puzzle.layout()) {
        out.push('\n');
        for row in labels.chunks(n) {
            out.push_str(&row.join(","));
            out.push('\n');
        }
    }
    out
}

/// The region labels of a layout on one line (one letter per cell), when its regions are not the
/// default boxes of its size.
pub fn region_line(layout: &Layout) -> Option<String> {
    region_labels(layout).map(|labels| labels.concat())
}

/// Region labels: one letter per region, lower case first.
const LETTERS: &str = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The label of every cell's region, row-major; `None` for default boxes and Latin squares, or
/// when there are more regions than labels.
fn region_labels(layout: &Layout) -> Option<Vec<String>> {
    let default = Regions::default_boxes(layout.size());
    let plain =
        matches!(layout.regions(), Regions::Latin) || Some(layout.regions()) == default.as_ref();
    let letters: Vec<char> = LETTERS.chars().collect();
    if plain || layout.size() > letters.len() {
        return None;
    }
    layout
        .cells()
        .map(|cell| layout.region_of(cell).map(|r| letters[r].to_string()))
        .collect()
}

/// A grid as rows of numbers, `0` for empty, for JSON.
pub fn grid_rows(grid: &Grid) -> Vec<Vec<u8>> {
    grid.values()
        .chunks(grid.size())
        .map(<[u8]>::to_vec)
        .collect()
}

/// The layout part of a JSON document.
#[derive(Debug, Serialize)]
pub struct LayoutJson {
    /// N.
    pub size: usize,
    /// `3x3 boxes`, `jigsaw regions`, `no regions (Latin square)`.
    pub regions: String,
    /// Zero-based region of each cell, row by row (absent for a Latin square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region_map: Option<Vec<Vec<usize>>>,
}

impl LayoutJson {
    /// Describes a puzzle's layout.
    pub fn of(puzzle: &Puzzle) -> LayoutJson {
        let layout = puzzle.layout();
        let size = layout.size();
        let region_map = layout.region_of(Cell::from_index(0)).map(|_| {
            (0..size)
                .map(|r| {
                    (0..size)
                        .map(|c| layout.region_of(Cell::at(r, c, size)).unwrap_or(0))
                        .collect()
                })
                .collect()
        });
        LayoutJson {
            size,
            regions: layout.regions().describe(),
            region_map,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid_of(line: &str, size: usize) -> Grid {
        let mut grid = Grid::empty(size);
        for (i, c) in line.chars().enumerate() {
            if let Some(v) = Symbols::default().value_of(c) {
                grid.set(Cell::from_index(i), Some(crate::model::Digit::new(v)));
            }
        }
        grid
    }

    #[test]
    fn boxes_are_drawn_the_familiar_way() {
        let layout = Layout::with_default_boxes(4).unwrap();
        let text = grid_text(
            &grid_of("1.3.....2.......", 4),
            &layout,
            &Symbols::default(),
        );
        assert_eq!(
            text,
            "1 . | 3 .\n. . | . .\n----+----\n2 . | . .\n. . | . .\n"
        );
    }

    #[test]
    fn jigsaw_borders_follow_the_regions() {
        let map = "aaababbbccddccdd"
            .bytes()
            .map(|b| (b - b'a') as u16)
            .collect();
        let layout = Layout::new(4, Regions::Jigsaw { region_of: map }).unwrap();
        let text = grid_text(&Grid::empty(4), &layout, &Symbols::default());
        assert_eq!(
            text,
            ".   .   . | .\n  +-------+\n. | .   .   .\n--+---+------\n.   . | .   .\n.   . | .   .\n"
        );
    }

    #[test]
    fn lines_use_symbols_or_numbers() {
        let grid = grid_of("1.G", 16);
        let line = grid_line(&grid, &Symbols::default());
        assert_eq!(&line[..3], "1.G");
        assert_eq!(line.len(), 256);
        let big = Grid::empty(36);
        assert!(grid_line(&big, &Symbols::default()).starts_with("0 0 "));
    }
}
