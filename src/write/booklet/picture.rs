//! A grid as it is printed: each cell's text, the areas (regions, rectangles) whose edges are
//! bold, the cells of extra houses shaded, a Killer's cages as dotted outlines inset in their
//! cells with each sum on a white patch, and an even/odd or consecutive puzzle's marks (grey
//! squares in even cells, grey rings in odd ones unless those are the plain ones, bars on their
//! borders); drawn as [`Mark`]s. Overlapping grids are drawn on their sheet, the places
//! between them left blank and the grids' edges bold.

use super::{Mark, Metrics, Point};
use crate::model::markings::Parity;
use crate::model::{Cell, Grid, HouseKind, Puzzle};
use crate::shikaku::Shikaku;
use crate::shikaku::model::Rect;

/// A grid to print.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    rows: usize,
    cols: usize,
    /// Each cell's text, row by row, and whether it is bold.
    texts: Vec<Option<(String, bool)>>,
    /// Each cell's area: bold lines part cells of different areas.
    areas: Vec<Option<usize>>,
    /// Whether each cell is shaded (an extra house's).
    shaded: Vec<bool>,
    /// Each cell's cage (a Killer's puzzle; empty otherwise).
    cages: Vec<Option<usize>>,
    /// The sum each cell shows (the first cell of a cage).
    sums: Vec<Option<usize>>,
    /// Each cell's parity mark drawn: even ones always, odd ones unless every empty cell is
    /// marked (then the plain cells are the odd ones); empty without marks.
    parity: Vec<Option<Parity>>,
    /// The consecutive bars, each as its two cells' indices (the upper or left one first).
    bars: Vec<(usize, usize)>,
    /// Whether some places of the sheet are no cell (overlapping grids): their area is
    /// [`GAP`], and the sheet's edges are drawn as borders rather than as one frame.
    gapped: bool,
}

/// The area of a place that is no cell, and of what lies beyond the sheet: unlike every
/// cell's, so that a bold line parts a grid from a gap.
const GAP: Option<usize> = Some(usize::MAX);

/// The grey of shaded cells (1 is white).
const SHADE: f32 = 0.86;
/// The grey of an even cell's square and an odd cell's ring.
const PARITY_GREY: f32 = 0.78;
/// The grey of the thin lines between cells.
const THIN_GREY: f32 = 0.35;

impl Picture {
    /// The grid of `puzzle` holding `values` (givens bold, other digits plain, written as the
    /// puzzle writes them), its regions bold, its extra houses shaded and an even/odd or
    /// consecutive puzzle's marks drawn (on a solution too, as the puzzle page shows them);
    /// with `cages`, a Killer's cages and sums.
    pub fn sudoku(puzzle: &Puzzle, values: &Grid, cages: bool) -> Picture {
        let layout = puzzle.layout();
        let n = puzzle.size();
        let (rows, cols) = layout.extent();
        // Each place of the sheet, row by row: its cell, none in a gap between grids.
        let places = || (0..rows * cols).map(move |i| layout.cell_at(i / cols, i % cols));
        let place = |cell: Cell| {
            let (row, col) = layout.position(cell);
            row * cols + col
        };
        let text = |cell: Cell| {
            let digit = values.get(cell)?;
            let written = match puzzle.writes_numbers() {
                true => digit.get().to_string(),
                false => puzzle.symbols().write(digit),
            };
            Some((written, puzzle.givens().get(cell).is_some()))
        };
        let extra = |cell: Cell| {
            let houses = layout.houses();
            layout
                .houses_of(cell)
                .iter()
                .any(|&h| houses[h].kind == HouseKind::Extra)
        };
        let killer = cages && !layout.cages().is_empty();
        let markings = layout.markings();
        // Where every empty cell carries a parity mark, the odd ones are left plain (janko.at's
        // way: grey cells even, white cells odd).
        let odd_plain = layout
            .cells()
            .all(|c| puzzle.givens().get(c).is_some() || markings.parity(c).is_some());
        let parity = |cell: Cell| {
            let mark = markings.parity(cell)?;
            (mark == Parity::Even || !odd_plain).then_some(mark)
        };
        let sum = |cell: Cell| {
            let cage = &layout.cages()[layout.cage_of(cell)?];
            (cage.cells[0] == cell).then_some(cage.sum)
        };
        Picture {
            rows,
            cols,
            texts: places().map(|c| c.and_then(text)).collect(),
            areas: places()
                .map(|c| c.map_or(GAP, |c| layout.region_of(c)))
                .collect(),
            shaded: places().map(|c| c.is_some_and(extra)).collect(),
            cages: match killer {
                true => places().map(|c| layout.cage_of(c?)).collect(),
                false => Vec::new(),
            },
            sums: match killer {
                true => places().map(|c| c.and_then(sum)).collect(),
                false => Vec::new(),
            },
            parity: match markings.has_parity() {
                true => places().map(|c| c.and_then(parity)).collect(),
                false => Vec::new(),
            },
            bars: (markings.bars(n).iter())
                .map(|&(a, b)| (place(a), place(b)))
                .collect(),
            gapped: layout.overlap().is_some(),
        }
    }

    /// The grid of a Shikaku: its numbers bold; with `rects` (the solution), the rectangles
    /// outlined bold.
    pub fn shikaku(puzzle: &Shikaku, rects: Option<&[Rect]>) -> Picture {
        let (rows, cols) = (puzzle.rows(), puzzle.cols());
        let cells = || (0..rows).flat_map(move |r| (0..cols).map(move |c| (r, c)));
        let number = |(r, c)| {
            let clue = puzzle.clues()[puzzle.clue_at(r, c)?];
            Some((clue.number.to_string(), true))
        };
        let area = |(r, c)| rects?.iter().position(|rect| rect.contains(r, c));
        Picture {
            rows,
            cols,
            texts: cells().map(number).collect(),
            areas: cells().map(area).collect(),
            shaded: vec![false; rows * cols],
            cages: Vec::new(),
            sums: Vec::new(),
            parity: Vec::new(),
            bars: Vec::new(),
            gapped: false,
        }
    }

    /// The text of every cell that has one, row by row.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.texts.iter().flatten().map(|(text, _)| text.as_str())
    }

    /// The number of cells along the longer side.
    pub fn side(&self) -> usize {
        self.rows.max(self.cols)
    }

    /// Rows and columns of the sheet.
    pub fn extent(&self) -> (usize, usize) {
        (self.rows, self.cols)
    }

    /// Draws the grid with its top-left corner at `at`, each cell `cell` points square, its
    /// text centred in `fonts`.
    pub fn draw(&self, at: Point, cell: f32, fonts: &dyn Metrics, out: &mut Vec<Mark>) {
        let pen = Pen::new(at, cell);
        self.shade(&pen, out);
        self.mark_parity(&pen, out);
        self.outline_cages(&pen, out);
        self.write_sums(&pen, fonts, out);
        self.write_texts(&pen, fonts, out);
        self.rule(&pen, out);
        self.draw_bars(&pen, out);
    }

    /// The index of cell (`row`, `col`).
    fn at(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    fn shade(&self, pen: &Pen, out: &mut Vec<Mark>) {
        for (i, _) in self.shaded.iter().enumerate().filter(|(_, s)| **s) {
            let (row, col) = (i / self.cols, i % self.cols);
            out.push(Mark::Fill {
                at: pen.corner(row, col),
                width: pen.cell,
                height: pen.cell,
                grey: SHADE,
            });
        }
    }

    /// A grey square inside each even cell, a grey ring inside each odd one drawn.
    fn mark_parity(&self, pen: &Pen, out: &mut Vec<Mark>) {
        let inset = pen.cell * 0.08;
        for (i, mark) in self.parity.iter().enumerate() {
            let corner = pen.corner(i / self.cols, i % self.cols);
            out.push(match mark {
                None => continue,
                Some(Parity::Even) => Mark::Fill {
                    at: Point::new(corner.x + inset, corner.y + inset),
                    width: pen.cell - 2.0 * inset,
                    height: pen.cell - 2.0 * inset,
                    grey: PARITY_GREY,
                },
                Some(Parity::Odd) => Mark::Ring {
                    centre: Point::new(corner.x + pen.cell / 2.0, corner.y + pen.cell / 2.0),
                    radius: pen.cell / 2.0 - inset,
                    width: pen.cell * 0.05,
                    grey: PARITY_GREY,
                },
            });
        }
    }

    /// Each consecutive bar: a short thick black line lying on its two cells' border, over the
    /// grid's lines, on a white one a little larger so that it stands apart from a bold border.
    fn draw_bars(&self, pen: &Pen, out: &mut Vec<Mark>) {
        let (half, width) = (pen.cell * 0.2, pen.cell * 0.12);
        for &(a, b) in &self.bars {
            let corner = pen.corner(b / self.cols, b % self.cols);
            let (middle, along) = match b == a + 1 {
                true => (Point::new(corner.x, corner.y + pen.cell / 2.0), (0.0, 1.0)),
                false => (Point::new(corner.x + pen.cell / 2.0, corner.y), (1.0, 0.0)),
            };
            for (grey, grow) in [(1.0, width * 0.35), (0.0, 0.0)] {
                let reach = half + grow;
                out.push(Mark::Line {
                    from: Point::new(middle.x - along.0 * reach, middle.y - along.1 * reach),
                    to: Point::new(middle.x + along.0 * reach, middle.y + along.1 * reach),
                    width: width + 2.0 * grow,
                    grey,
                    dotted: false,
                });
            }
        }
    }

    /// Each cage's outline, dotted, inset from the cell edges so that it never lies on a
    /// region's border: along every side of a cell that faces another cage, from corner to
    /// corner of the inset outline.
    fn outline_cages(&self, pen: &Pen, out: &mut Vec<Mark>) {
        if self.cages.is_empty() {
            return;
        }
        let inset = pen.inset();
        let same = |row: isize, col: isize, cage: Option<usize>| {
            let inside =
                (0..self.rows as isize).contains(&row) && (0..self.cols as isize).contains(&col);
            inside && self.cages[self.at(row as usize, col as usize)] == cage
        };
        for (i, &cage) in self.cages.iter().enumerate() {
            let (row, col) = ((i / self.cols) as isize, (i % self.cols) as isize);
            // Each side: the outward step, then the step along the side to its far end.
            for (out_step, along) in [((-1, 0), (0, 1)), ((0, 1), (1, 0)), ((1, 0), (0, -1))]
                .into_iter()
                .chain([((0, -1), (-1, 0))])
            {
                if same(row + out_step.0, col + out_step.1, cage) {
                    continue;
                }
                // How far each end reaches past the cell's inset corner: back to the cell edge
                // where the cage goes on along the side, one inset further where it turns a
                // concave corner.
                let reach = |sign: isize| {
                    let next = (row + sign * along.0, col + sign * along.1);
                    let diagonal = (next.0 + out_step.0, next.1 + out_step.1);
                    match (
                        same(next.0, next.1, cage),
                        same(diagonal.0, diagonal.1, cage),
                    ) {
                        (false, _) => 0.0,
                        (true, false) => inset,
                        (true, true) => 2.0 * inset,
                    }
                };
                let (from, to) = pen.side((row, col), out_step, along, [reach(-1), reach(1)]);
                out.push(Mark::Line {
                    from,
                    to,
                    width: pen.cage_width(),
                    grey: 0.0,
                    dotted: true,
                });
            }
        }
    }

    /// Each cage's sum in the top-left corner of its first cell, on a white patch that hides
    /// the dotted outline under it.
    fn write_sums(&self, pen: &Pen, fonts: &dyn Metrics, out: &mut Vec<Mark>) {
        let size = pen.sum_size();
        for (i, sum) in self.sums.iter().enumerate() {
            let Some(sum) = sum else { continue };
            let text = sum.to_string();
            let corner = pen.corner(i / self.cols, i % self.cols);
            let pad = pen.inset() / 2.0;
            let height = fonts.cap_height() * size + 2.0;
            out.push(Mark::Fill {
                at: Point::new(corner.x + pad, corner.y + pad),
                width: fonts.width(&text, size, false) + 2.0,
                height,
                grey: 1.0,
            });
            out.push(Mark::Text {
                at: Point::new(corner.x + pad + 1.0, corner.y + pad + height - 1.0),
                size,
                bold: false,
                text,
            });
        }
    }

    /// Each cell's text, centred (a little lower and smaller under a sum).
    fn write_texts(&self, pen: &Pen, fonts: &dyn Metrics, out: &mut Vec<Mark>) {
        let width = |text: &str, size, bold| fonts.width(text, size, bold);
        for (i, entry) in self.texts.iter().enumerate() {
            let Some((text, bold)) = entry else { continue };
            let summed = self.sums.get(i).is_some_and(Option::is_some);
            let share = if summed { 0.45 } else { 0.58 };
            // Fit long symbols (two digits in a 25x25) across the cell.
            let size = (pen.cell * share).min(pen.cell * 0.8 / width(text, 1.0, *bold));
            let corner = pen.corner(i / self.cols, i % self.cols);
            let middle = corner.y + pen.cell * if summed { 0.6 } else { 0.5 };
            out.push(Mark::Text {
                at: Point::new(
                    corner.x + (pen.cell - width(text, size, *bold)) / 2.0,
                    middle + fonts.cap_height() * size / 2.0,
                ),
                size,
                bold: *bold,
                text: text.clone(),
            });
        }
    }

    /// The lines: thin between all cells, bold where areas meet (drawn last, over everything
    /// else), and bolder round the grid (round each of overlapping grids, bold).
    fn rule(&self, pen: &Pen, out: &mut Vec<Mark>) {
        let thin = |from, to| Mark::Line {
            from,
            to,
            width: pen.thin(),
            grey: THIN_GREY,
            dotted: false,
        };
        // Thin lines run between two cells, not into the gaps.
        let cell = |row: usize, col: usize| self.areas[self.at(row, col)] != GAP;
        for row in 1..self.rows {
            for (start, end) in runs(self.cols, |col| cell(row - 1, col) && cell(row, col)) {
                out.push(thin(pen.corner(row, start), pen.corner(row, end)));
            }
        }
        for col in 1..self.cols {
            for (start, end) in runs(self.rows, |row| cell(row, col - 1) && cell(row, col)) {
                out.push(thin(pen.corner(start, col), pen.corner(end, col)));
            }
        }
        for (from, to) in self.borders() {
            out.push(Mark::Line {
                from: pen.corner(from.0, from.1),
                to: pen.corner(to.0, to.1),
                width: pen.bold(),
                grey: 0.0,
                dotted: false,
            });
        }
        if self.gapped {
            return;
        }
        out.push(Mark::Frame {
            at: pen.corner(0, 0),
            width: pen.cell * self.cols as f32,
            height: pen.cell * self.rows as f32,
            line: pen.bold() * 1.25,
        });
    }

    /// The bold lines inside the grid, as runs of cell edges between different areas, each
    /// from one grid corner (row, column) to another; on a sheet with gaps, along its edges
    /// too, where a cell meets what lies beyond.
    fn borders(&self) -> Vec<((usize, usize), (usize, usize))> {
        let mut lines = Vec::new();
        let area = |row: usize, col: usize| match row < self.rows && col < self.cols {
            true => self.areas[self.at(row, col)],
            false => GAP,
        };
        // Row and column 0 have `usize::MAX` before them (beyond the sheet, wrapped).
        let edges = |count: usize| match self.gapped {
            true => 0..count + 1,
            false => 1..count,
        };
        let across = |row: usize, col: usize| area(row.wrapping_sub(1), col) != area(row, col);
        for row in edges(self.rows) {
            for (start, end) in runs(self.cols, |col| across(row, col)) {
                lines.push(((row, start), (row, end)));
            }
        }
        let down = |row: usize, col: usize| area(row, col.wrapping_sub(1)) != area(row, col);
        for col in edges(self.cols) {
            for (start, end) in runs(self.rows, |row| down(row, col)) {
                lines.push(((start, col), (end, col)));
            }
        }
        lines
    }
}

/// The runs of consecutive positions below `count` where `on` holds, as (first, one past last).
fn runs(count: usize, on: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut start = None;
    for i in 0..=count {
        match (start, i < count && on(i)) {
            (None, true) => start = Some(i),
            (Some(first), false) => {
                found.push((first, i));
                start = None;
            }
            _ => {}
        }
    }
    found
}

/// Where a grid's cells are on the page and how big its lines and sums are.
struct Pen {
    origin: Point,
    /// A cell's side, in points.
    cell: f32,
}

impl Pen {
    fn new(origin: Point, cell: f32) -> Pen {
        Pen { origin, cell }
    }

    /// The grid corner at the top left of cell (`row`, `col`).
    fn corner(&self, row: usize, col: usize) -> Point {
        Point::new(
            self.origin.x + col as f32 * self.cell,
            self.origin.y + row as f32 * self.cell,
        )
    }

    fn thin(&self) -> f32 {
        (self.cell * 0.02).clamp(0.25, 0.5)
    }

    fn bold(&self) -> f32 {
        (self.cell * 0.08).clamp(0.8, 2.0)
    }

    fn cage_width(&self) -> f32 {
        (self.cell * 0.035).clamp(0.6, 1.0)
    }

    /// How far a cage's outline lies inside the cell edges: clear of a bold line.
    fn inset(&self) -> f32 {
        (self.cell * 0.11).max(self.bold() / 2.0 + 1.0)
    }

    /// A sum's size: 8 points at least.
    fn sum_size(&self) -> f32 {
        (self.cell * 0.28).max(8.0)
    }

    /// The inset outline along one side of cell `(row, col)`: the side faces `out_step` and
    /// runs in the direction `along`; its ends reach `reach` (back, forward) past the inset
    /// corners.
    fn side(
        &self,
        (row, col): (isize, isize),
        out_step: (isize, isize),
        along: (isize, isize),
        reach: [f32; 2],
    ) -> (Point, Point) {
        let half = self.cell / 2.0 - self.inset();
        let centre = Point::new(
            self.origin.x + (col as f32 + 0.5) * self.cell,
            self.origin.y + (row as f32 + 0.5) * self.cell,
        );
        let (ox, oy) = (out_step.1 as f32, out_step.0 as f32);
        let (ax, ay) = (along.1 as f32, along.0 as f32);
        let mid = Point::new(centre.x + ox * half, centre.y + oy * half);
        let end = |sign: f32, reach: f32| {
            let length = half + reach;
            Point::new(mid.x + sign * ax * length, mid.y + sign * ay * length)
        };
        (end(-1.0, reach[0]), end(1.0, reach[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_found_to_the_end() {
        assert_eq!(runs(6, |i| i != 2), [(0, 2), (3, 6)]);
        assert_eq!(runs(3, |_| false), []);
    }
}
