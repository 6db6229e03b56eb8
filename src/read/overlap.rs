//! Overlapping Sudokus (Samurai and its relatives) written as text.
//!
//! Two forms are read:
//! - the form of `../shared/datasets/variants` (janko.at's puzzles): a header line `ROWS COLS`,
//!   then the rows, cells separated by spaces, `-` (or `.`, `0`) for an empty cell. The positions
//!   outside the grids are written `-` too, so the shape comes from `--layout`, a title naming the
//!   layout, or the one layout of that extent whose cells hold every given;
//! - a drawn grid, one character a cell (a digit, or `.`, `-`, `0` for an empty cell), with
//!   spaces or `*` where there is no cell: the grids are those the drawn cells make;
//! - the grid as gridlogic prints it (`solve`'s solution, `generate`'s comments): cells
//!   separated by spaces, `|` between boxes, rules of `-` and `+` between them, blank where there
//!   is no cell; a cell's column is its place in the line, and the grids are those the cells make.
//!
//! A line with letters is a title, and a line starting with `#` a comment; one that names a
//! layout (`Samurai Sudoku No. 4`) settles the shape.
//!
//! On a sheet ([`on_sheet`]) the puzzle is a block of cells as people type one: the grids' cells
//! bordered, the gaps without borders and empty, digits typed as numbers; a text on the sheet
//! naming a layout settles the shape as a title does.

use super::cells::{CellClass, classify, classify_text};
use super::table::{Area, RawValue, Table};
use crate::error::Error;
use crate::model::{Arrangement, Overlap, Symbols, cell_name};

/// The marks of a position outside every grid in a drawn grid (`#` starts a comment line).
const GAPS: [char; 2] = [' ', '*'];

/// An overlapping Sudoku as written: its positions, row by row, and what says its shape.
#[derive(Debug, Clone, PartialEq)]
pub struct OverlapText {
    /// Rows and columns of the positions written.
    pub extent: (usize, usize),
    /// Per position (row-major), what is written there; `None` for a gap drawn as one.
    pub cells: Vec<Option<String>>,
    /// The 1-based line of each row.
    pub lines: Vec<usize>,
    /// Whether the gaps are drawn (one character a cell, or as gridlogic prints the grid), so
    /// that the cells give the shape.
    pub drawn: bool,
    /// The layout a title names.
    pub named: Option<Arrangement>,
}

/// Reads `text` as overlapping Sudokus, or `None` when it is not written as such. Puzzles follow
/// one another, each after its header (the dataset's form) or a title or comment line (drawn, as
/// `generate` writes them); a title line naming a layout holds for the puzzles after it. Without `forced` (a `--layout` given), only what cannot be a single
/// grid is taken: a header whose extent is a named layout's (not 12x12, Butterfly's, which a
/// 12x12 Sudoku shares, unless a title names it), or a drawn grid with gaps.
pub fn parse(text: &str, forced: bool) -> Option<Vec<OverlapText>> {
    let mut named = None;
    let mut blocks: Vec<Block> = Vec::new();
    let mut ended = false;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.trim().is_empty() {
            continue;
        }
        if line.chars().any(char::is_alphabetic) || line.trim_start().starts_with('#') {
            named = Arrangement::named_in(line).or(named);
            // A title or comment after a drawn puzzle's rows ends it.
            ended |= blocks.last().is_some_and(|block| !block.2.is_empty());
            continue;
        }
        if is_rule(line) {
            continue;
        }
        if let Some(extent) = header_extent(line) {
            blocks.push((named, Some(extent), Vec::new()));
            ended = false;
            continue;
        }
        if blocks.is_empty() || ended {
            blocks.push((named, None, Vec::new()));
            ended = false;
        }
        blocks.last_mut()?.2.push((i + 1, line));
    }
    let puzzles = blocks
        .into_iter()
        .map(|(named, header, rows)| block(named, header, &rows, forced))
        .collect::<Option<Vec<_>>>()?;
    (!puzzles.is_empty()).then_some(puzzles)
}

/// A puzzle's lines as found: the layout its title names, its header's extent, its rows (each
/// with its line number).
type Block<'t> = (
    Option<Arrangement>,
    Option<(usize, usize)>,
    Vec<(usize, &'t str)>,
);

/// One puzzle from its rows, its title's layout and its header's extent.
fn block(
    named: Option<Arrangement>,
    header: Option<(usize, usize)>,
    rows: &[(usize, &str)],
    forced: bool,
) -> Option<OverlapText> {
    if rows.is_empty() || !rows.iter().all(|(_, row)| row.chars().all(is_grid_char)) {
        return None;
    }
    let boxed = rows.iter().any(|(_, row)| row.contains('|'));
    let spaced = rows.iter().all(|(_, row)| is_spaced(row.trim()));
    let found = match (boxed, spaced) {
        (true, _) => printed(rows),
        (false, true) => tokens(rows),
        (false, false) => drawn(rows),
    }?;
    let plausible = forced
        || named.is_some()
        || found.drawn && found.cells.iter().any(Option::is_none) && found.grids_drawn()
        || !found.drawn
            && Arrangement::ALL
                .iter()
                .any(|a| a.shape().extent() == found.extent && found.extent != (12, 12));
    let agrees = header.is_none_or(|extent| extent == found.extent);
    (plausible && agrees && found.extent.0 > 9).then_some(OverlapText { named, ..found })
}

/// Whether `text` holds overlapping grids: written as such, with a shape settled without
/// `--layout` or numbers that do not add up to the grid's area (as a Shikaku's would).
pub fn is_overlapping(text: &str) -> bool {
    let given = |t: &str| t.chars().all(|c| c.is_ascii_digit() && c != '0');
    let not_shikaku = |puzzle: &OverlapText| {
        let numbers = (puzzle.cells.iter().flatten()).filter_map(|t| t.parse::<usize>().ok());
        numbers.sum::<usize>() != puzzle.extent.0 * puzzle.extent.1
    };
    parse(text, false).is_some_and(|found| {
        (found.iter()).all(|puzzle| puzzle.shape(None, &given).is_ok() || not_shikaku(puzzle))
    })
}

/// The extent a header line `ROWS COLS` gives.
fn header_extent(line: &str) -> Option<(usize, usize)> {
    let numbers: Vec<usize> = line
        .split_whitespace()
        .map(|w| w.parse().ok())
        .collect::<Option<_>>()?;
    match numbers[..] {
        [rows, cols] if rows > 0 && cols > 0 => Some((rows, cols)),
        _ => None,
    }
}

/// Whether `c` may be written in a row of an overlapping grid: a digit, an empty mark, a gap,
/// a box's side.
fn is_grid_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '.' | '-' | '|') || GAPS.contains(&c)
}

/// Whether `c` writes a cell (a digit or an empty mark), not a gap or a box's side.
fn is_cell_char(c: char) -> bool {
    is_grid_char(c) && c != '|' && !GAPS.contains(&c)
}

/// Whether a line is a rule drawn between boxes as gridlogic prints a grid (`------+-------+`):
/// dashes, `+` where it crosses a box's side, `|` and spaces.
fn is_rule(line: &str) -> bool {
    line.contains('+') && line.chars().all(|c| matches!(c, '-' | '+' | '|' | ' '))
}

/// Whether a row is written as single characters separated by single spaces.
fn is_spaced(row: &str) -> bool {
    let chars: Vec<char> = row.chars().collect();
    chars.len() > 1
        && chars
            .iter()
            .enumerate()
            .all(|(i, &c)| (i % 2 == 1) == (c == ' '))
}

/// The positions of rows written as tokens separated by spaces: every row as long.
fn tokens(rows: &[(usize, &str)]) -> Option<OverlapText> {
    let split: Vec<Vec<String>> = rows
        .iter()
        .map(|(_, row)| row.split_whitespace().map(str::to_string).collect())
        .collect();
    let cols = split[0].len();
    if !split.iter().all(|row| row.len() == cols) {
        return None;
    }
    Some(OverlapText {
        extent: (rows.len(), cols),
        cells: split.into_iter().flatten().map(Some).collect(),
        lines: rows.iter().map(|(line, _)| *line).collect(),
        drawn: false,
        named: None,
    })
}

/// The positions of rows drawn one character a cell, gaps included; short rows end in gaps.
fn drawn(rows: &[(usize, &str)]) -> Option<OverlapText> {
    let cols = rows.iter().map(|(_, row)| row.chars().count()).max()?;
    let cells = rows
        .iter()
        .flat_map(|(_, row)| {
            let mut chars: Vec<Option<String>> = row
                .chars()
                .map(|c| (!GAPS.contains(&c)).then(|| c.to_string()))
                .collect();
            chars.resize(cols, None);
            chars
        })
        .collect();
    Some(OverlapText {
        extent: (rows.len(), cols),
        cells,
        lines: rows.iter().map(|(line, _)| *line).collect(),
        drawn: true,
        named: None,
    })
}

/// The positions of rows as gridlogic prints them: cells separated by spaces, `|` between boxes,
/// blank where there is no cell. The columns are the places in the line where some row writes a
/// cell, read as a drawn grid ([`drawn`]); `None` when a row writes a box's side at one of them.
fn printed(rows: &[(usize, &str)]) -> Option<OverlapText> {
    let rows_chars: Vec<Vec<char>> = rows.iter().map(|(_, row)| row.chars().collect()).collect();
    let mut places: Vec<usize> = (rows_chars.iter())
        .flat_map(|chars| (0..chars.len()).filter(|&i| is_cell_char(chars[i])))
        .collect();
    places.sort_unstable();
    places.dedup();
    let at = |chars: &[char], place: usize| chars.get(place).copied().unwrap_or(' ');
    let columns: Vec<String> = (rows_chars.iter())
        .map(|chars| places.iter().map(|&p| at(chars, p)).collect())
        .collect();
    if columns.iter().any(|row| row.contains('|')) {
        return None;
    }
    let lines = rows.iter().zip(&columns);
    drawn(
        &lines
            .map(|(&(line, _), row)| (line, row.as_str()))
            .collect::<Vec<_>>(),
    )
}

impl OverlapText {
    /// Whether the drawn cells make 9x9 grids (a Shikaku's rows of clues and spaces do not).
    fn grids_drawn(&self) -> bool {
        let cols = self.extent.1;
        let is_cell = |r: usize, c: usize| self.cells[r * cols + c].is_some();
        Overlap::of_shape(9, (3, 3), self.extent, &is_cell).is_ok()
    }

    /// The shape of the puzzle: `layout` when given (a `--layout` value), else the layout a
    /// title names, else the grids the drawn cells make, else the one named layout of the
    /// text's extent whose cells hold every given (`is_given` says which texts are givens).
    pub fn shape(
        &self,
        layout: Option<&str>,
        is_given: &dyn Fn(&str) -> bool,
    ) -> Result<Overlap, Error> {
        let (rows, cols) = self.extent;
        let at = |r: usize, c: usize| &self.cells[r * cols + c];
        let shape = match (layout, self.named) {
            (Some(spec), _) => Overlap::parse(spec)?,
            (None, Some(name)) => name.shape(),
            (None, None) if self.drawn => {
                return Overlap::of_shape(9, (3, 3), self.extent, &|r, c| at(r, c).is_some());
            }
            (None, None) => return self.fitting(is_given),
        };
        if shape.extent() != self.extent {
            let (lr, lc) = shape.extent();
            return Err(Error::BadLayout {
                reason: format!(
                    "the grid is {rows}x{cols}, but {} spans {lr}x{lc}",
                    shape.describe()
                ),
            });
        }
        Ok(shape)
    }

    /// The one named layout of the text's extent whose cells hold every given.
    fn fitting(&self, is_given: &dyn Fn(&str) -> bool) -> Result<Overlap, Error> {
        let cols = self.extent.1;
        let givens: Vec<(usize, usize)> = (self.cells.iter().enumerate())
            .filter(|(_, text)| text.as_deref().is_some_and(is_given))
            .map(|(i, _)| (i / cols, i % cols))
            .collect();
        let fits: Vec<Arrangement> = Arrangement::ALL
            .into_iter()
            .filter(|a| {
                let shape = a.shape();
                shape.extent() == self.extent
                    && givens.iter().all(|&(r, c)| shape.cell_at(r, c).is_some())
            })
            .collect();
        let outside = |a: Arrangement| {
            let shape = a.shape();
            (givens.iter())
                .find(|&&(r, c)| shape.cell_at(r, c).is_none())
                .map(|&(r, c)| format!("{} has no cell {}", a.title(), cell_name(r, c)))
        };
        let (rows, cols) = self.extent;
        let reason = match fits[..] {
            [one] => return Ok(one.shape()),
            [] => {
                let same: Vec<String> = (Arrangement::ALL.into_iter())
                    .filter(|a| a.shape().extent() == self.extent)
                    .filter_map(outside)
                    .collect();
                format!(
                    "a {rows}x{cols} grid of overlapping Sudokus fits none of the known layouts \
                     ({}): give the grids' top-left cells with --layout",
                    same.join(", ")
                )
            }
            _ => format!(
                "a {rows}x{cols} grid of overlapping Sudokus could be {}: name it with --layout",
                fits.iter()
                    .map(|a| a.key())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
        };
        Err(Error::BadLayout { reason })
    }
}

/// The overlapping Sudoku typed on `table`, if there is one, and where it is: the first block of
/// touching cells (bordered, or holding a digit or an empty-cell mark) in reading order whose
/// extent is that of `layout` (a `--layout` value), else of the layout a text on the sheet names,
/// else of a named layout other than Butterfly (12x12, a plain Sudoku's size too). Without a
/// layout given or named, the block must have gaps (positions without borders among bordered
/// cells) or, with no borders at all, givens that only one layout holds; else it is left to the
/// reader of single grids. A digit typed in a gap is an error naming its sheet cell.
pub fn on_sheet(
    table: &Table,
    symbols: &Symbols,
    layout: Option<&str>,
) -> Result<Option<(Area, OverlapText)>, Error> {
    let named = sheet_title(table);
    let extents: Vec<(usize, usize)> = match (layout, named) {
        (Some(spec), _) => vec![Overlap::parse(spec)?.extent()],
        (None, Some(name)) => vec![name.shape().extent()],
        (None, None) => (Arrangement::ALL.into_iter())
            .filter(|&a| a != Arrangement::Butterfly)
            .map(|a| a.shape().extent())
            .collect(),
    };
    let settled = layout.is_some() || named.is_some();
    let is_given = |t: &str| matches!(classify_text(t, symbols), CellClass::Value(_));
    for area in blocks(table, symbols) {
        if !extents.contains(&(area.height, area.width)) {
            continue;
        }
        let text = sheet_text(table, symbols, &area, named);
        let gaps = text.drawn && text.cells.iter().any(Option::is_none);
        let plausible = settled || gaps || !text.drawn && text.shape(None, &is_given).is_ok();
        if plausible {
            check_gaps(table, &area, &text, layout, &is_given)?;
            return Ok(Some((area, text)));
        }
    }
    Ok(None)
}

/// The layout the first text on `table` naming one names (a title such as `Samurai Sudoku 12`).
fn sheet_title(table: &Table) -> Option<Arrangement> {
    (0..table.rows())
        .flat_map(|r| (0..table.cols()).map(move |c| (r, c)))
        .find_map(|(r, c)| match &table.cell(r, c).value {
            RawValue::Text(text) => Arrangement::named_in(text),
            _ => None,
        })
}

/// The bounding boxes of the blocks of touching cells of `table` that are part of a grid
/// (bordered, or holding a digit or an empty-cell mark), in reading order of their first cells,
/// then, when there are several, the box around them all (givens typed without borders do not
/// touch).
fn blocks(table: &Table, symbols: &Symbols) -> Vec<Area> {
    let (rows, cols) = (table.rows(), table.cols());
    let part = |r: usize, c: usize| {
        let cell = table.cell(r, c);
        cell.bordered || classify(&cell.value, symbols).is_mark()
    };
    let mut seen = vec![false; rows * cols];
    let mut found = Vec::new();
    for start in 0..rows * cols {
        if seen[start] || !part(start / cols, start % cols) {
            continue;
        }
        seen[start] = true;
        let (mut top, mut left, mut bottom, mut right) = (rows, cols, 0, 0);
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            (top, left, bottom, right) = (top.min(r), left.min(c), bottom.max(r), right.max(c));
            let next = [
                r.checked_sub(1).map(|r| (r, c)),
                (r + 1 < rows).then_some((r + 1, c)),
                c.checked_sub(1).map(|c| (r, c)),
                (c + 1 < cols).then_some((r, c + 1)),
            ];
            for (nr, nc) in next.into_iter().flatten() {
                let j = nr * cols + nc;
                if !seen[j] && part(nr, nc) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        found.push(Area {
            top,
            left,
            height: bottom + 1 - top,
            width: right + 1 - left,
        });
    }
    if found.len() > 1 {
        let top = found.iter().map(|a| a.top).min().unwrap_or(0);
        let left = found.iter().map(|a| a.left).min().unwrap_or(0);
        let bottom = found.iter().map(|a| a.top + a.height).max().unwrap_or(0);
        let right = found.iter().map(|a| a.left + a.width).max().unwrap_or(0);
        found.push(Area {
            top,
            left,
            height: bottom - top,
            width: right - left,
        });
    }
    found
}

/// The positions of the block at `area` as text: with borders on the sheet, a position is a
/// cell when it is bordered or holds a digit or an empty-cell mark, a gap otherwise (a label
/// typed in a gap is not a cell); without, every position is written (blank or not) and the
/// givens settle the shape.
fn sheet_text(
    table: &Table,
    symbols: &Symbols,
    area: &Area,
    named: Option<Arrangement>,
) -> OverlapText {
    let positions = || {
        (area.top..area.top + area.height)
            .flat_map(|r| (area.left..area.left + area.width).map(move |c| table.cell(r, c)))
    };
    let drawn = positions().any(|cell| cell.bordered);
    let cells = positions()
        .map(|cell| {
            let text = cell.value.display().trim().to_string();
            let mark = classify(&cell.value, symbols).is_mark();
            (!drawn || cell.bordered || mark).then_some(text)
        })
        .collect();
    OverlapText {
        extent: (area.height, area.width),
        cells,
        lines: Vec::new(),
        drawn,
        named,
    }
}

/// With borders drawn, a given typed in a gap (a position without borders outside the grids the
/// bordered cells make, or outside the layout given or named): the error names its sheet cell.
fn check_gaps(
    table: &Table,
    area: &Area,
    text: &OverlapText,
    layout: Option<&str>,
    is_given: &dyn Fn(&str) -> bool,
) -> Result<(), Error> {
    if !text.drawn {
        return Ok(());
    }
    let bordered = |r: usize, c: usize| table.cell(area.top + r, area.left + c).bordered;
    let shape = match (layout, text.named) {
        (Some(spec), _) => Overlap::parse(spec)?,
        (None, Some(name)) => name.shape(),
        (None, None) => match Overlap::of_shape(9, (3, 3), text.extent, &bordered) {
            Ok(shape) => shape,
            // Borders that make no grids: the shape is read from what is typed too.
            Err(_) => return Ok(()),
        },
    };
    let cols = text.extent.1;
    let stray = (text.cells.iter().enumerate()).find(|(i, written)| {
        written.as_deref().is_some_and(is_given) && shape.cell_at(i / cols, i % cols).is_none()
    });
    match stray {
        Some((i, written)) => Err(Error::BadValue {
            cell: table.origin(area).cell_name(i / cols, i % cols, cols),
            value: written.clone().unwrap_or_default(),
            reason: format!("it lies outside every grid of {}", shape.describe()),
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Samurai drawn one character a cell, gaps as spaces: its givens are `1` at each grid's
    /// top-left cell.
    fn drawn_samurai() -> String {
        let shape = Arrangement::Samurai.shape();
        (0..21)
            .map(|r| {
                (0..21)
                    .map(|c| match shape.cell_at(r, c) {
                        None => ' ',
                        Some(_) if shape.corners().contains(&(r, c)) => '1',
                        Some(_) => '.',
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_drawn_samurai_gives_its_shape() {
        let found = parse(&drawn_samurai(), false).unwrap().remove(0);
        assert!(found.drawn);
        assert_eq!(found.extent, (21, 21));
        let shape = found.shape(None, &|t| t == "1").unwrap();
        assert_eq!(shape.name(), Some(Arrangement::Samurai));
    }

    #[test]
    fn the_datasets_form_fits_the_one_layout_holding_its_givens() {
        // A 21x21 with a given at r1c1 (a Samurai's or a Sohei's gap? Sohei has no r1c1) and at
        // r1c13 (not a Windmill cell).
        let mut rows = vec![vec!["-"; 21]; 21];
        rows[0][0] = "5";
        rows[0][12] = "7";
        let text = format!(
            "21 21\n{}",
            rows.iter()
                .map(|r| r.join(" "))
                .collect::<Vec<_>>()
                .join("\n")
        );
        let found = parse(&text, false).unwrap().remove(0);
        assert!(!found.drawn);
        let shape = found.shape(None, &|t| t != "-").unwrap();
        assert_eq!(shape.name(), Some(Arrangement::Samurai));
        // With no givens at all, three layouts fit: the message asks for --layout.
        let empty = text.replace(['5', '7'], "-");
        let err = parse(&empty, false).unwrap()[0]
            .shape(None, &|t| t != "-")
            .unwrap_err();
        assert!(
            err.to_string().contains("samurai or windmill or sohei"),
            "{err}"
        );
        // --layout settles it, and must agree with the extent.
        let butterfly = parse(&empty, true).unwrap()[0].shape(Some("butterfly"), &|_| false);
        assert!(butterfly.unwrap_err().to_string().contains("spans 12x12"));
    }

    #[test]
    fn a_printed_grid_is_read_by_the_places_of_its_cells() {
        let rows = [(1, ". 1 . | . . ."), (2, "      | 2 . .")];
        let found = printed(&rows).unwrap();
        assert_eq!(found.extent, (2, 6));
        let written = |t: &str| Some(t.to_string());
        let second_row = [None, None, None, written("2"), written("."), written(".")];
        assert_eq!(found.cells[6..], second_row);
        // A box's side where another row has a cell: not a grid as gridlogic prints one.
        let rows = [(1, ". . . | . . ."), (2, ". . . . | . .")];
        assert_eq!(printed(&rows), None);
        assert!(is_rule("------+-------+       +------") && !is_rule("- - - - - -"));
    }

    #[test]
    fn single_grids_are_left_to_other_readers() {
        let nine = ["1 - - - - - - - -"; 9].join("\n");
        assert_eq!(parse(&format!("9 9\n{nine}"), false), None);
        let twelve = ["- - - - - - - - - - - 1"; 12].join("\n");
        assert_eq!(parse(&twelve, false), None);
        assert!(parse(&format!("Butterfly\n{twelve}"), false).is_some());
    }
}
