//! Overlapping Sudokus (Samurai and its relatives) written as text.
//!
//! Two forms are read:
//! - the form of `../shared/datasets/variants` (janko.at's puzzles): a header line `ROWS COLS`,
//!   then the rows, cells separated by spaces, `-` (or `.`, `0`) for an empty cell. The positions
//!   outside the grids are written `-` too, so the shape comes from `--layout`, a title naming the
//!   layout, or the one layout of that extent whose cells hold every given;
//! - a drawn grid, one character a cell (a digit, or `.`, `-`, `0` for an empty cell), with
//!   spaces or `*` where there is no cell: the grids are those the drawn cells make.
//!
//! A line with letters is a title, and a line starting with `#` a comment; one that names a
//! layout (`Samurai Sudoku No. 4`) settles the shape.

use crate::error::Error;
use crate::model::{Arrangement, Overlap, cell_name};

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
    /// Whether the gaps are drawn (one character a cell), so that the cells give the shape.
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
    let spaced = rows.iter().all(|(_, row)| is_spaced(row.trim()));
    let found = match spaced {
        true => tokens(rows),
        false => drawn(rows),
    }?;
    let plausible = forced
        || named.is_some()
        || found.drawn && found.cells.iter().any(Option::is_none)
        || Arrangement::ALL
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

/// Whether `c` may be written in a row of an overlapping grid: a digit, an empty mark, a gap.
fn is_grid_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '.' | '-') || GAPS.contains(&c)
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

impl OverlapText {
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
    fn single_grids_are_left_to_other_readers() {
        let nine = ["1 - - - - - - - -"; 9].join("\n");
        assert_eq!(parse(&format!("9 9\n{nine}"), false), None);
        let twelve = ["- - - - - - - - - - - 1"; 12].join("\n");
        assert_eq!(parse(&twelve, false), None);
        assert!(parse(&format!("Butterfly\n{twelve}"), false).is_some());
    }
}
