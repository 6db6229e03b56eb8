//! The annotated Shikaku workbook, described from a solve: "Solution" (every rectangle in a pale
//! colour of its own, neighbours never alike, thick lines around rectangles, the clue number in
//! each with a note naming the step that placed it, and a summary), "Steps" (the step log as a
//! filterable table linking to the clues) and "Puzzle" (the clues as read).

use super::palette::{self, colour_areas};
use super::{
    Align, BOLD_LABEL, Book, CellSpec, Content, Font, Print, Rgb, Sheet, Style, TABLE_LINK,
    TABLE_TEXT, area_borders, side_columns, step_table, summary, wrapped_lines,
};
use crate::model::{Explanation, Names, Origin};
use crate::report::summary_rows;
use crate::shikaku::{Shikaku, Solve, Step, Technique};

/// The Steps table's columns and their widths in pixels.
const STEP_COLUMNS: [(&str, u32); 6] = [
    ("Step", 48),
    ("Deduction", 130),
    ("Clue", 200),
    ("Rectangle", 130),
    ("Candidates removed", 130),
    ("Explanation", 700),
];

/// Describes the workbook of `solve`; `source` names the input file in the summary.
pub fn book(solve: &Solve, source: &str) -> Book {
    let view = View::new(solve);
    Book {
        sheets: vec![
            view.solution_sheet(source),
            view.steps_sheet(),
            view.puzzle_sheet(),
        ],
    }
}

/// A fill for each clue's rectangle in `solve`, so that touching rectangles differ.
pub fn rectangle_fills(solve: &Solve) -> Vec<Rgb> {
    let owners = solve.owners();
    let (rows, cols) = (solve.puzzle.rows(), solve.puzzle.cols());
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); solve.puzzle.clues().len()];
    for row in 0..rows {
        for col in 0..cols {
            for (r, c) in [(row + 1, col), (row, col + 1)] {
                if r >= rows || c >= cols {
                    continue;
                }
                if let (Some(a), Some(b)) = (owners[row][col], owners[r][c])
                    && a != b
                    && !neighbours[a].contains(&b)
                {
                    neighbours[a].push(b);
                    neighbours[b].push(a);
                }
            }
        }
    }
    colour_areas(&neighbours)
}

struct View<'a> {
    solve: &'a Solve,
    /// Zero-based sheet row and column of the grid's top-left cell.
    anchor: (usize, usize),
    /// The clue whose rectangle covers each cell, by row.
    owners: Vec<Vec<Option<usize>>>,
    /// Pixel size of a cell.
    cell_px: u32,
}

impl<'a> View<'a> {
    fn new(solve: &'a Solve) -> View<'a> {
        let puzzle = &solve.puzzle;
        let anchor = match puzzle.origin() {
            Origin::Sheet { top, left, .. } => (*top, *left),
            _ => (2, 1),
        };
        let cell_px = match puzzle.rows().max(puzzle.cols()) {
            0..=15 => 36,
            16..=30 => 28,
            _ => 22,
        };
        View {
            solve,
            anchor,
            owners: solve.owners(),
            cell_px,
        }
    }

    fn puzzle(&self) -> &Shikaku {
        &self.solve.puzzle
    }

    /// An explanation as the workbook shows it: cells with their addresses here.
    fn text(&self, explanation: &Explanation) -> String {
        let (top, left) = self.anchor;
        explanation.render(&Names::of_width(self.puzzle().cols()).at_sheet(top, left))
    }

    fn size(&self) -> (usize, usize) {
        (self.puzzle().rows(), self.puzzle().cols())
    }

    /// Square cells for the grid.
    fn size_grid(&self, sheet: &mut Sheet) {
        let (rows, cols) = self.size();
        for row in 0..rows {
            sheet.row_height(self.anchor.0 + row, self.cell_px);
        }
        for col in 0..cols {
            sheet.column_width(self.anchor.1 + col, self.cell_px);
        }
    }

    fn number_font(&self) -> Font {
        Font::sized(f64::from(self.cell_px) * 0.45).bold()
    }

    fn solution_sheet(&self, source: &str) -> Sheet {
        let mut sheet = Sheet::new("Solution");
        sheet.gridlines = false;
        sheet.print = Print::OnePage;
        self.size_grid(&mut sheet);
        let fills = rectangle_fills(self.solve);
        let (rows, cols) = self.size();
        for row in 0..rows {
            for col in 0..cols {
                let owner = self.owners[row][col];
                let style = Style {
                    font: self.number_font(),
                    fill: owner.map(|clue| fills[clue]),
                    align: Align::Centre,
                    wrap: false,
                    borders: area_borders(row, col, (rows, cols), |r, c| self.owners[r][c]),
                };
                let spec = self.solution_cell(row, col, style);
                sheet.put(self.anchor.0 + row, self.anchor.1 + col, spec);
            }
        }
        let col = self.anchor.1 + cols + 1;
        side_columns(&mut sheet, col);
        sheet.text(
            self.anchor.0,
            col + 1,
            "Each rectangle has a colour of its own; the note on its number names the step that placed it.",
            BOLD_LABEL,
        );
        summary(
            &mut sheet,
            self.anchor.0 + 2,
            col,
            &summary_rows(self.solve, source),
        );
        sheet
    }

    /// The clue's number with its note, or a blank cell in the rectangle's colour. Numbers of
    /// rectangles placed by backtracking are red.
    fn solution_cell(&self, row: usize, col: usize, style: Style) -> CellSpec {
        let Some(clue) = self.puzzle().clue_at(row, col) else {
            return CellSpec::new(Content::Blank, style);
        };
        let number = self.puzzle().clues()[clue].number;
        let step = self.solve.placed_by[clue];
        let guessed =
            step.is_some_and(|i| self.solve.steps[i].technique == Technique::Backtracking);
        let style = match guessed {
            true => Style {
                font: style.font.coloured(palette::ELIMINATED),
                ..style
            },
            false => style,
        };
        let mut spec = CellSpec::new(Content::Number(number as f64), style);
        spec.note = step.map(|i| {
            let explanation = self.text(&self.solve.steps[i].explanation);
            format!("Step {} — {explanation}", i + 1)
        });
        spec
    }

    fn steps_sheet(&self) -> Sheet {
        let steps = &self.solve.steps;
        step_table(&STEP_COLUMNS, steps.len(), "no steps", |sheet, i| {
            self.step_row(sheet, i, &steps[i])
        })
    }

    fn step_row(&self, sheet: &mut Sheet, index: usize, step: &Step) {
        let row = index + 1;
        let clue = self.puzzle().clues()[step.clue];
        sheet.put(
            row,
            0,
            CellSpec::new(Content::Number((index + 1) as f64), TABLE_TEXT),
        );
        sheet.text(row, 1, step.technique.name(), TABLE_TEXT);
        let clue_text = self.text(&self.puzzle().clue_text(step.clue));
        sheet.text(row, 2, clue_text, TABLE_TEXT);
        let (rectangle, style) = match step.placed {
            Some(rect) => (
                Content::Link {
                    sheet: "Solution".to_string(),
                    cell: (
                        (self.anchor.0 + clue.row) as u32,
                        (self.anchor.1 + clue.col) as u16,
                    ),
                    text: rect.to_string(),
                },
                TABLE_LINK,
            ),
            None => (Content::Blank, TABLE_TEXT),
        };
        sheet.put(row, 3, CellSpec::new(rectangle, style));
        let removed = step.removed.len() as f64;
        sheet.put(row, 4, CellSpec::new(Content::Number(removed), TABLE_TEXT));
        let explanation = self.text(&step.explanation);
        let lines = wrapped_lines(&explanation, STEP_COLUMNS[5].1);
        if lines > 1 {
            sheet.row_height(row, 20 * lines as u32);
        }
        sheet.text(row, 5, explanation, TABLE_TEXT);
    }

    fn puzzle_sheet(&self) -> Sheet {
        let mut sheet = Sheet::new("Puzzle");
        sheet.gridlines = false;
        sheet.print = Print::OnePage;
        self.size_grid(&mut sheet);
        let (rows, cols) = self.size();
        for row in 0..rows {
            for col in 0..cols {
                let style = Style {
                    font: self.number_font(),
                    align: Align::Centre,
                    borders: area_borders(row, col, (rows, cols), |_, _| Some(0)),
                    ..Style::PLAIN
                };
                let content = self
                    .puzzle()
                    .clue_at(row, col)
                    .map_or(Content::Blank, |clue| {
                        Content::Number(self.puzzle().clues()[clue].number as f64)
                    });
                sheet.put(
                    self.anchor.0 + row,
                    self.anchor.1 + col,
                    CellSpec::new(content, style),
                );
            }
        }
        sheet
    }
}
