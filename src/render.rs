//! Writing grids for people and programs: aligned text with region borders, one-line strings in
//! the collections' format, and JSON documents.

use crate::core::State;
use crate::model::explanation;
use crate::model::markings::Parity;
use crate::model::{
    Cell, Digit, DigitSet, Explanation, Grid, Layout, Marks, Names, Puzzle, Regions, Symbols,
};
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

/// Draws the pencil marks of a state: each empty cell lists its candidates (its last one in
/// brackets, `(7)`, so that it does not read as placed), each filled cell its digit, in columns
/// as wide as their widest entry.
pub fn candidates_text(state: &State, symbols: &Symbols) -> String {
    let entries = |cell| (state.value(cell), state.candidates(cell));
    draw(
        &pencil_texts(state.layout(), entries, symbols),
        state.layout(),
    )
}

/// A person's state as [`crate::read::state`] reads it back: a comment line, the puzzle
/// ([`puzzle_text`]), `candidates:`, then the pencil marks as [`candidates_text`] draws them, a
/// cell without any written `.`.
pub fn state_text(marks: &Marks) -> Result<String, crate::error::Error> {
    let puzzle = marks.puzzle()?;
    let entries = |cell: Cell| (marks.values.get(cell), marks.candidates[cell.index()]);
    let grid = draw(
        &pencil_texts(&marks.layout, entries, &marks.symbols),
        &marks.layout,
    );
    Ok(format!(
        "# gridlogic state: the puzzle, then each cell's digit or candidates ('.': none marked)\n\
         {}\n{}\n{grid}",
        puzzle_text(&puzzle),
        crate::read::state::MARKER,
    ))
}

/// Each cell's text in a pencil-mark grid: its digit, else its candidates (`.` for none, `(7)`
/// for a last candidate not placed yet), from `entries`, a cell's placed digit and candidates.
fn pencil_texts(
    layout: &Layout,
    entries: impl Fn(Cell) -> (Option<Digit>, DigitSet),
    symbols: &Symbols,
) -> Vec<String> {
    let text = |cell| match entries(cell) {
        (Some(digit), _) => symbols.write(digit),
        (None, candidates) if candidates.is_empty() => ".".to_string(),
        // One candidate left, not placed yet: in brackets, apart from a placed digit.
        (None, candidates) if candidates.len() == 1 => {
            format!(
                "({})",
                candidates
                    .iter()
                    .map(|d| symbols.write(d))
                    .collect::<String>()
            )
        }
        (None, candidates) => candidates.iter().map(|d| symbols.write(d)).collect(),
    };
    layout.cells().map(text).collect()
}

/// Draws one text per cell with region borders, each column as wide as its widest text. Where
/// grids overlap, the positions outside them are left blank and the grids' edges are borders.
fn draw(texts: &[String], layout: &Layout) -> String {
    let (rows, cols) = layout.extent();
    let text = |r: usize, c: usize| layout.cell_at(r, c).map_or("", |cell| &texts[cell.index()]);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            (0..rows)
                .map(|r| text(r, c).chars().count())
                .max()
                .unwrap_or(1)
                .max(1)
        })
        .collect();
    let borders = Borders { layout, rows, cols };
    let wide: Vec<bool> = (0..cols.saturating_sub(1))
        .map(|c| (0..rows).any(|r| borders.right_of(r, c)))
        .collect();
    let mut out = String::new();
    for row in 0..rows {
        if row > 0 && (0..cols).any(|c| borders.below(row - 1, c)) {
            out.push_str(borders.rule(row - 1, &widths, &wide).trim_end());
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..cols {
            line.push_str(&format!("{:<width$}", text(row, col), width = widths[col]));
            if col + 1 < cols {
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

/// Which cell edges are region borders: between cells of different regions, and between a cell
/// and a position outside the grids.
struct Borders<'a> {
    layout: &'a Layout,
    rows: usize,
    cols: usize,
}

impl Borders<'_> {
    /// The region at a position: `None` for a cell without one, and `Some(None)` outside the
    /// grids, which differs from every cell.
    fn region(&self, row: usize, col: usize) -> Option<Option<usize>> {
        (self.layout.cell_at(row, col)).map(|cell| self.layout.region_of(cell))
    }

    /// Whether a border runs between (row, col) and the cell to its right.
    fn right_of(&self, row: usize, col: usize) -> bool {
        row < self.rows && col + 1 < self.cols && self.region(row, col) != self.region(row, col + 1)
    }

    /// Whether a border runs between (row, col) and the cell below it.
    fn below(&self, row: usize, col: usize) -> bool {
        row + 1 < self.rows && self.region(row, col) != self.region(row + 1, col)
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
/// beyond the alphabet are written as space-separated numbers with `0` for empty. Overlapping
/// grids' cells come in reading order over the sheet, the positions outside the grids left out.
pub fn grid_line(grid: &Grid, symbols: &Symbols) -> String {
    let size = grid.size();
    let cells = (0..grid.values().len()).map(|i| grid.get(Cell::from_index(i)));
    if symbols.covers(size) {
        // `covers`: every digit has a one-character symbol.
        (cells.map(|d| d.map_or(Some('.'), |d| symbols.symbol(d.get()))))
            .map(|symbol| symbol.expect("a symbol for every digit"))
            .collect()
    } else {
        cells
            .map(|d| d.map_or("0".to_string(), |d| d.get().to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A puzzle on one line in the collections' format, followed by its region labels (one letter
/// per cell) when its regions are not the default boxes of its size, by `latin` when it has no
/// regions, and by its variants (`x`, `windoku`), so that reading the line back gives the same
/// puzzle.
pub fn puzzle_line(puzzle: &Puzzle) -> String {
    let mut line = grid_line(puzzle.givens(), puzzle.symbols());
    if let Some(labels) = region_labels(puzzle.layout()) {
        line = format!("{line} {}", labels.concat());
    }
    if matches!(puzzle.layout().regions(), Regions::Latin) {
        line = format!("{line} {}", crate::read::text::LATIN);
    }
    for variant in puzzle.layout().variants() {
        line = format!("{line} {}", variant.key());
    }
    line
}

/// A puzzle as text that reads back as the same puzzle: a Killer as its sum grid and cage map,
/// an even/odd or consecutive puzzle as its grid (`E` and `O` in marked empty cells) and bar
/// masks, each under an `N N` line (the forms of `../shared/datasets`), any other on one line
/// ([`puzzle_line`]).
pub fn puzzle_text(puzzle: &Puzzle) -> String {
    if let Some(shape) = puzzle.layout().overlap() {
        return overlap_text(puzzle, shape);
    }
    let blocks = killer_blocks(puzzle).map_or_else(|| marked_blocks(puzzle), |b| b.to_vec());
    if blocks.is_empty() {
        return puzzle_line(puzzle);
    }
    let n = puzzle.size();
    let mut lines = vec![format!("{n} {n}")];
    for block in &blocks {
        lines.extend(block.chunks(n).map(|row| row.join(" ")));
    }
    lines.join("\n")
}

/// Overlapping grids drawn one character a cell (`.` for an empty one, a space outside the
/// grids) under a title naming the layout, as [`crate::read::overlap`] reads them back.
fn overlap_text(puzzle: &Puzzle, shape: &crate::model::Overlap) -> String {
    let layout = puzzle.layout();
    let (rows, cols) = shape.extent();
    let title = match shape.name() {
        Some(name) => format!("# {} Sudoku", name.title()),
        None => format!("# {}", shape.describe()),
    };
    let row = |r: usize| -> String {
        let symbol = |c: usize| match layout.cell_at(r, c) {
            None => ' ',
            Some(cell) => (puzzle.givens().get(cell))
                .and_then(|d| puzzle.symbols().symbol(d.get()))
                .unwrap_or('.'),
        };
        (0..cols)
            .map(symbol)
            .collect::<String>()
            .trim_end()
            .to_string()
    };
    std::iter::once(title)
        .chain((0..rows).map(row))
        .collect::<Vec<_>>()
        .join("\n")
}

/// An even/odd or consecutive puzzle's grid, givens as numbers and marked empty cells `E` or
/// `O` (`-` otherwise), and, with bars, each cell's bar mask (1 right, 2 below, 4 left, 8
/// above: janko.at's); none without markings.
fn marked_blocks(puzzle: &Puzzle) -> Vec<Vec<String>> {
    let layout = puzzle.layout();
    let (markings, n) = (layout.markings(), puzzle.size());
    if markings.is_empty() {
        return Vec::new();
    }
    let grid = layout.cells().map(|cell| match puzzle.givens().get(cell) {
        Some(digit) => digit.get().to_string(),
        None => match markings.parity(cell) {
            Some(Parity::Even) => "E".to_string(),
            Some(Parity::Odd) => "O".to_string(),
            None => "-".to_string(),
        },
    });
    let mut blocks = vec![grid.collect()];
    if markings.has_bars() {
        let mask = |cell: Cell| {
            let sides = [(0, 1, 1), (1, 0, 2), (0, -1, 4), (-1, 0, 8)];
            let (row, col) = (cell.row(n) as isize, cell.col(n) as isize);
            let inside =
                |r: isize, c: isize| (0..n as isize).contains(&r) && (0..n as isize).contains(&c);
            (sides.iter())
                .filter(|&&(dr, dc, _)| inside(row + dr, col + dc))
                .filter(|&&(dr, dc, _)| {
                    let other = Cell::at((row + dr) as usize, (col + dc) as usize, n);
                    markings.bar(n, cell, other)
                })
                .map(|&(_, _, bit)| bit)
                .sum::<usize>()
                .to_string()
        };
        blocks.push(layout.cells().map(mask).collect());
    }
    blocks
}

/// A Killer's sum grid (each cage's sum in its first cell, `-` elsewhere) and cage map (each
/// cage numbered from 1 in reading order); `None` without cages.
fn killer_blocks(puzzle: &Puzzle) -> Option<[Vec<String>; 2]> {
    let layout = puzzle.layout();
    if layout.cages().is_empty() {
        return None;
    }
    let mut sums = vec!["-".to_string(); layout.cell_count()];
    let mut labels = vec![".".to_string(); layout.cell_count()];
    for (number, cage) in layout.cages().iter().enumerate() {
        sums[cage.cells[0].index()] = cage.sum.to_string();
        for cell in &cage.cells {
            labels[cell.index()] = (number + 1).to_string();
        }
    }
    Some([sums, labels])
}

/// A puzzle as CSV: one row per grid row, `0` for empty, then after a blank line each the region
/// labels when its regions are not the default boxes of its size, and its extra-house maps (see
/// [`extra_maps`]). A Killer is its givens when it has any, then its sum grid and its cage map
/// (empty cells `-` and `.`), so that it reads back as the text format does.
pub fn puzzle_csv(puzzle: &Puzzle) -> String {
    let n = puzzle.size();
    let givens: Vec<String> = puzzle.givens().values().iter().map(u8::to_string).collect();
    let mut blocks = Vec::new();
    let killer = killer_blocks(puzzle);
    if killer.is_none() || puzzle.givens().filled_count() > 0 {
        blocks.push(givens);
    }
    blocks.extend(region_labels(puzzle.layout()));
    blocks.extend(extra_maps(puzzle.layout()));
    blocks.extend(killer.into_iter().flatten());
    let written: Vec<String> = blocks
        .iter()
        .map(|block| {
            block
                .chunks(n)
                .map(|row| row.join(",") + "\n")
                .collect::<String>()
        })
        .collect();
    // A Latin square says so above its grid, as a person would caption it, and is read back
    // without boxes ([`Regions::says_latin`]); a grid alone reads as a boxed Sudoku.
    let caption = match puzzle.layout().regions() {
        Regions::Latin => format!("{}\n", Regions::Latin.describe()),
        _ => String::new(),
    };
    caption + &written.join("\n")
}

/// The extra houses as label maps, one letter per house and `.` elsewhere; houses that share a
/// cell go to separate maps (the two diagonals of an odd size).
pub fn extra_maps(layout: &Layout) -> Vec<Vec<String>> {
    let letters: Vec<char> = LETTERS.chars().collect();
    let mut maps: Vec<Vec<String>> = Vec::new();
    let mut used: Vec<usize> = Vec::new();
    for house in layout.extra_houses().map(|h| &layout.houses()[h]) {
        let free = maps
            .iter()
            .position(|map| house.cells.iter().all(|c| map[c.index()] == "."));
        let at = free.unwrap_or_else(|| {
            maps.push(vec![".".to_string(); layout.cell_count()]);
            used.push(0);
            maps.len() - 1
        });
        let label = letters[used[at] % letters.len()].to_string();
        used[at] += 1;
        for cell in &house.cells {
            maps[at][cell.index()] = label.clone();
        }
    }
    maps
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

/// A grid as rows of numbers, `0` for empty, `null` outside the grids of overlapping ones, for
/// JSON.
pub fn grid_rows(grid: &Grid, layout: &Layout) -> Vec<Vec<Option<usize>>> {
    sheet_rows(layout, |cell| grid.values()[cell.index()] as usize)
}

/// One number per position of the sheet the layout's cells lie on, from `value`, row by row;
/// `None` outside the grids.
fn sheet_rows(layout: &Layout, value: impl Fn(Cell) -> usize) -> Vec<Vec<Option<usize>>> {
    let (rows, cols) = layout.extent();
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| layout.cell_at(r, c).map(&value))
                .collect()
        })
        .collect()
}

/// The layout part of a JSON document.
#[derive(Debug, Serialize)]
pub struct LayoutJson {
    /// N.
    pub size: usize,
    /// `3x3 boxes`, `jigsaw regions`, `no regions (Latin square)`.
    pub regions: String,
    /// Zero-based region of each cell, row by row (absent for a Latin square; `null` outside
    /// the grids of overlapping ones).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region_map: Option<Vec<Vec<Option<usize>>>>,
    /// Overlapping grids: their layout's name and where they lie (absent for one grid).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlap: Option<OverlapJson>,
    /// The extra houses (diagonals, windows), by name and cells (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub extra_houses: Vec<UnitJson>,
    /// The Killer cages, by sum and cells (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<UnitJson>,
    /// An even/odd puzzle's cells marked even, `r1c1`, row-major (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub even_cells: Vec<String>,
    /// Its cells marked odd (absent when none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub odd_cells: Vec<String>,
    /// A consecutive puzzle's bars (absent when it has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bars: Option<BarsJson>,
}

/// Overlapping grids in a JSON document.
#[derive(Debug, Serialize)]
pub struct OverlapJson {
    /// The layout's name (`samurai`), absent for another arrangement.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'static str>,
    /// Rows and columns of the sheet the grids span.
    pub extent: [usize; 2],
    /// Each grid's top-left cell, `r1c13`, in reading order.
    pub grids: Vec<String>,
}

/// A consecutive puzzle's bars in a JSON document.
#[derive(Debug, Serialize)]
pub struct BarsJson {
    /// Whether every consecutive pair is barred, so that two touching cells without a bar do
    /// not differ by 1.
    pub every_pair_barred: bool,
    /// Each bar's two cells, the upper or left one first, row-major.
    pub pairs: Vec<[String; 2]>,
}

/// An extra house or a cage in a JSON document.
#[derive(Debug, Serialize)]
pub struct UnitJson {
    /// `the main diagonal`, `window 2`; a cage's `cage 17 at r1c1, r1c2`.
    pub name: String,
    /// A cage's sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<usize>,
    /// The cells, `r1c1`, in row-major order.
    pub cells: Vec<String>,
}

impl LayoutJson {
    /// Describes a puzzle's layout.
    pub fn of(puzzle: &Puzzle) -> LayoutJson {
        let layout = puzzle.layout();
        let size = layout.size();
        let region_map = (layout.region_of(Cell::from_index(0)))
            .map(|_| sheet_rows(layout, |cell| layout.region_of(cell).unwrap_or(0)));
        let overlap = layout.overlap().map(|shape| OverlapJson {
            name: shape.name().map(|name| name.key()),
            extent: shape.extent().into(),
            grids: (shape.corners().iter())
                .map(|&(r, c)| crate::model::cell_name(r, c))
                .collect(),
        });
        let cells = |cells: &[Cell]| cells.iter().map(|&c| layout.cell_name(c)).collect();
        let names = Names::new(layout, None);
        let markings = layout.markings();
        let marked = |parity| {
            (layout.cells())
                .filter(|&c| markings.parity(c) == Some(parity))
                .map(|c| layout.cell_name(c))
                .collect()
        };
        LayoutJson {
            size,
            regions: layout.regions().describe(),
            region_map,
            overlap,
            extra_houses: layout
                .extra_houses()
                .map(|h| UnitJson {
                    name: layout.houses()[h].to_string(),
                    sum: None,
                    cells: cells(&layout.houses()[h].cells),
                })
                .collect(),
            cages: layout
                .cages()
                .iter()
                .enumerate()
                .map(|(id, cage)| UnitJson {
                    name: Explanation::from(explanation::Cage(id)).render(&names),
                    sum: Some(cage.sum),
                    cells: cells(&cage.cells),
                })
                .collect(),
            even_cells: marked(Parity::Even),
            odd_cells: marked(Parity::Odd),
            bars: markings.has_bars().then(|| BarsJson {
                every_pair_barred: markings.all_bars_drawn(),
                pairs: (markings.bars(size).iter())
                    .map(|&(a, b)| [layout.cell_name(a), layout.cell_name(b)])
                    .collect(),
            }),
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
