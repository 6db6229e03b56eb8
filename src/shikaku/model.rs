//! The Shikaku puzzle: a grid of `rows` × `cols` cells, its clues (numbers in cells) and where it
//! came from; rectangles; and the candidate rectangles of each clue.

use crate::error::Error;
use crate::explain;
use crate::model::explanation::Part;
use crate::model::{Explanation, Names, Origin, cell_name, sheet_address};
use serde::Serialize;
use std::fmt;

/// A number in a cell: the area of the rectangle that must contain it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct Clue {
    /// Zero-based row.
    pub row: usize,
    /// Zero-based column.
    pub col: usize,
    /// The number (the rectangle's area).
    pub number: usize,
}

/// A rectangle of cells, zero-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Rect {
    /// First row.
    pub top: usize,
    /// First column.
    pub left: usize,
    /// Number of rows.
    pub height: usize,
    /// Number of columns.
    pub width: usize,
}

impl Rect {
    /// Number of cells.
    pub fn area(&self) -> usize {
        self.height * self.width
    }

    /// One past the last row.
    pub fn bottom(&self) -> usize {
        self.top + self.height
    }

    /// One past the last column.
    pub fn right(&self) -> usize {
        self.left + self.width
    }

    /// Whether cell (`row`, `col`) is inside.
    pub fn contains(&self, row: usize, col: usize) -> bool {
        (self.top..self.bottom()).contains(&row) && (self.left..self.right()).contains(&col)
    }

    /// Whether the two rectangles share a cell.
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.top < other.bottom()
            && other.top < self.bottom()
            && self.left < other.right()
            && other.left < self.right()
    }

    /// The cells as (row, column), in reading order.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (self.top..self.bottom()).flat_map(move |r| (self.left..self.right()).map(move |c| (r, c)))
    }
}

impl fmt::Display for Rect {
    /// `r2c3-r3c5`, or `r2c3` for a single cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&cell_name(self.top, self.left))?;
        if self.area() > 1 {
            write!(f, "-{}", cell_name(self.bottom() - 1, self.right() - 1))?;
        }
        Ok(())
    }
}

/// A rectangle in an explanation: `r2c3-r3c5`, with its range `(C2:E3)` on a sheet.
impl From<Rect> for Explanation {
    fn from(rect: Rect) -> Explanation {
        Explanation::from(Part::Area {
            top: rect.top,
            left: rect.left,
            bottom: rect.bottom() - 1,
            right: rect.right() - 1,
        })
    }
}

/// A cell in an explanation: `r4c3`, with its address `(C4)` on a sheet.
pub fn cell(row: usize, col: usize) -> Explanation {
    let one = Rect {
        top: row,
        left: col,
        height: 1,
        width: 1,
    };
    one.into()
}

/// A Shikaku puzzle, validated: every clue positive, the clues adding up to the area, and every
/// clue with at least one candidate rectangle.
#[derive(Debug, Clone, PartialEq)]
pub struct Shikaku {
    rows: usize,
    cols: usize,
    clues: Vec<Clue>,
    origin: Origin,
    /// Index of the clue in each cell, row-major.
    clue_at: Vec<Option<usize>>,
}

impl Shikaku {
    /// Builds and validates a puzzle. Clues are kept in reading order; their index in that order
    /// is the clue's number in `.sol` files and in every API.
    pub fn new(
        rows: usize,
        cols: usize,
        mut clues: Vec<Clue>,
        origin: Origin,
    ) -> Result<Shikaku, Error> {
        if rows == 0 || cols == 0 {
            return Err(Error::Usage(format!(
                "a Shikaku grid needs at least one row and one column, not {rows}x{cols}"
            )));
        }
        clues.sort_by_key(|c| (c.row, c.col));
        let mut clue_at = vec![None; rows * cols];
        for (i, clue) in clues.iter().enumerate() {
            assert!(clue.row < rows && clue.col < cols, "clue outside the grid");
            clue_at[clue.row * cols + clue.col] = Some(i);
        }
        let puzzle = Shikaku {
            rows,
            cols,
            clues,
            origin,
            clue_at,
        };
        for clue in &puzzle.clues {
            if clue.number == 0 {
                return Err(Error::BadValue {
                    cell: puzzle.cell_name(clue.row, clue.col),
                    value: "0".into(),
                    reason: "a Shikaku number must be a positive whole number".into(),
                });
            }
        }
        let sum: usize = puzzle.clues.iter().map(|c| c.number).sum();
        if sum != rows * cols {
            return Err(Error::ShikakuArea {
                sum,
                rows,
                cols,
                clues: puzzle.clues.len(),
            });
        }
        for (i, clue) in puzzle.clues.iter().enumerate() {
            if puzzle.candidates_of(i).is_empty() {
                return Err(Error::ShikakuNoRectangle {
                    clue: puzzle.clue_name(i),
                    number: clue.number,
                });
            }
        }
        Ok(puzzle)
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The clues, in reading order.
    pub fn clues(&self) -> &[Clue] {
        &self.clues
    }

    /// Where the grid came from.
    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The same puzzle, said to sit at another place (e.g. a workbook's cell).
    pub fn with_origin(mut self, origin: Origin) -> Shikaku {
        self.origin = origin;
        self
    }

    /// The index of the clue in cell (`row`, `col`), if any.
    pub fn clue_at(&self, row: usize, col: usize) -> Option<usize> {
        self.clue_at[row * self.cols + col]
    }

    /// A cell for messages: `r4c3 (C4)`, `r4c3 (line 6)`, or `r4c3`.
    pub fn cell_name(&self, row: usize, col: usize) -> String {
        self.origin.cell_name(row, col, self.cols)
    }

    /// A clue for messages: `the 6 at r2c3 (C2)`.
    pub fn clue_name(&self, clue: usize) -> String {
        let c = self.clues[clue];
        format!("the {} at {}", c.number, self.cell_name(c.row, c.col))
    }

    /// A clue in an explanation: `the 6 at r2c3`, with the cell's address on a sheet.
    pub fn clue_text(&self, clue: usize) -> Explanation {
        let c = self.clues[clue];
        explain!("the {} at {}", c.number.to_string(), cell(c.row, c.col))
    }

    /// How explanations of this puzzle name things on screen and in JSON: cells with their
    /// sheet address when it came from a workbook.
    pub fn names(&self) -> Names<'static> {
        Names::of_width(self.cols).on_sheet(self.origin.workbook_cell())
    }

    /// Where the grid is in its source, for summaries: `sheet 'S' B2:K11`, `lines 2-11`.
    pub fn place(&self) -> String {
        match &self.origin {
            Origin::Sheet { sheet, top, left } => {
                let range = format!(
                    "{}:{}",
                    sheet_address(*top, *left),
                    sheet_address(top + self.rows - 1, left + self.cols - 1)
                );
                match sheet {
                    Some(name) => format!("sheet '{name}' {range}"),
                    None => range,
                }
            }
            Origin::TextGrid { lines } => match (lines.first(), lines.last()) {
                (Some(first), Some(last)) => format!("lines {first}-{last}"),
                _ => "text".into(),
            },
            Origin::Line { line } => format!("line {line}"),
            Origin::Unknown => "grid".into(),
        }
    }

    /// Every rectangle of the clue's area that contains the clue, lies inside the grid and holds
    /// no other clue, ordered by height, then top, then left.
    pub fn candidates_of(&self, clue: usize) -> Vec<Rect> {
        let Clue { row, col, number } = self.clues[clue];
        let mut found = Vec::new();
        for height in (1..=number.min(self.rows)).filter(|h| number % h == 0) {
            let width = number / height;
            if width > self.cols {
                continue;
            }
            for top in (row + 1).saturating_sub(height)..=row.min(self.rows - height) {
                for left in (col + 1).saturating_sub(width)..=col.min(self.cols - width) {
                    let rect = Rect {
                        top,
                        left,
                        height,
                        width,
                    };
                    if self.clues_inside(&rect) == 1 {
                        found.push(rect);
                    }
                }
            }
        }
        found
    }

    /// The candidate rectangles of every clue.
    pub fn candidates(&self) -> Vec<Vec<Rect>> {
        (0..self.clues.len())
            .map(|i| self.candidates_of(i))
            .collect()
    }

    fn clues_inside(&self, rect: &Rect) -> usize {
        let mut n = 0;
        for (r, c) in rect.cells() {
            n += usize::from(self.clue_at(r, c).is_some());
            if n > 1 {
                break;
            }
        }
        n
    }

    /// Whether `rects` (one per clue, in clue order) is a solution: each holds its clue, has its
    /// area, and together they cover every cell once.
    pub fn is_solution(&self, rects: &[Rect]) -> bool {
        if rects.len() != self.clues.len() {
            return false;
        }
        let mut owner = vec![false; self.rows * self.cols];
        for (clue, rect) in self.clues.iter().zip(rects) {
            if rect.area() != clue.number
                || !rect.contains(clue.row, clue.col)
                || rect.bottom() > self.rows
                || rect.right() > self.cols
            {
                return false;
            }
            for (r, c) in rect.cells() {
                if std::mem::replace(&mut owner[r * self.cols + c], true) {
                    return false;
                }
            }
        }
        owner.iter().all(|&o| o)
    }

    /// The solution in the datasets' `.sol` layout: for each cell, the index of the clue whose
    /// rectangle covers it (`None` where no rectangle does).
    pub fn owners(&self, rects: &[Option<Rect>]) -> Vec<Vec<Option<usize>>> {
        let mut grid = vec![vec![None; self.cols]; self.rows];
        for (i, rect) in rects.iter().enumerate() {
            for (r, c) in rect.iter().flat_map(Rect::cells) {
                grid[r][c] = Some(i);
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clue(row: usize, col: usize, number: usize) -> Clue {
        Clue { row, col, number }
    }

    #[test]
    fn candidates_hold_their_clue_only() {
        // 2x3: a 4 at r1c1 and a 2 at r2c3.
        let p = Shikaku::new(2, 3, vec![clue(0, 0, 4), clue(1, 2, 2)], Origin::Unknown).unwrap();
        let four: Vec<String> = p.candidates_of(0).iter().map(|r| r.to_string()).collect();
        assert_eq!(four, ["r1c1-r2c2"]);
        let two: Vec<String> = p.candidates_of(1).iter().map(|r| r.to_string()).collect();
        assert_eq!(two, ["r2c2-r2c3", "r1c3-r2c3"]);
    }

    #[test]
    fn sums_and_unfit_numbers_are_errors() {
        let sum = Shikaku::new(2, 2, vec![clue(0, 0, 3)], Origin::Unknown).unwrap_err();
        assert!(sum.to_string().contains("add up to 3"), "{sum}");
        let unfit =
            Shikaku::new(1, 4, vec![clue(0, 0, 3), clue(0, 1, 1)], Origin::Unknown).unwrap_err();
        assert!(unfit.to_string().contains("the 3 at r1c1"), "{unfit}");
    }
}
