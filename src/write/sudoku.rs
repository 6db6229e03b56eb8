//! The annotated Sudoku workbook, described from a solve: "Solution" (the solved grid where the
//! puzzle was typed, each deduced digit under the number of its step and filled by the kind of
//! that step, the texts typed around the grid, a legend and a summary: see [`solution`]), "Steps" (the step log as a filterable table linking to the cells),
//! "Puzzle" (the givens with region borders), "Candidates" (pencil marks after the givens) and,
//! on request, one sheet per step showing the candidates it works on.

mod solution;

use super::palette;
use super::{
    Align, Book, Borders, CellSpec, Content, Font, HEADING, Line, Print, Rgb, Run, Sheet, Style,
    TABLE_LINK, TABLE_TEXT, area_borders, legend, step_table, swatch, wrapped_lines,
};
use crate::core::step::{Link, Role};
use crate::core::{State, Step};
use crate::engine::Solve;
use crate::model::explanation::Cage as CageName;
use crate::model::{
    Candidate, Cell, Digit, DigitSet, Explanation, Grid, HouseKind, Layout, Names, Origin, Parity,
    Puzzle, Regions,
};
use crate::report::StepReport;
use crate::report::rated::RatedSolve;
use crate::report::words;

/// Where a puzzle that did not come from a sheet is placed: B3 (zero-based row 2, column 1).
const DEFAULT_ANCHOR: (usize, usize) = (2, 1);

/// The Steps table's columns and their widths in pixels: about 1,370 in all, so that the sheet,
/// printed a landscape page wide, keeps its wrapped text at three quarters of its size.
const STEP_COLUMNS: [(&str, u32); 9] = [
    ("Step", 40),
    ("Technique", 150),
    ("Family", 100),
    ("Digits", 50),
    ("Placements", 80),
    ("Eliminations", 150),
    ("Explanation", 300),
    ("Filled cells", 60),
    ("In words", 440),
];

/// Where the grid of the candidate sheets starts: B4, under a title and a line of text.
const CANDIDATE_ANCHOR: (usize, usize) = (3, 1);

/// The printable width of an upright page in pixels: A4's 595 points less two half-inch
/// margins, 96 pixels to 72 points.
const PAGE_WIDTH_PX: u32 = 697;

/// Width of the margin column left of a printable grid.
const MARGIN_PX: u32 = 24;

/// What goes into the workbook besides the four fixed sheets.
#[derive(Debug, Clone, Default)]
pub struct BookOptions {
    /// The input's file name, for the summary.
    pub source: String,
    /// How many of the first steps get a sheet of their own (`usize::MAX` for all).
    pub step_sheets: usize,
}

impl BookOptions {
    /// Options for a puzzle read from the file named `source`, without step sheets.
    pub fn new(source: impl Into<String>) -> BookOptions {
        BookOptions {
            source: source.into(),
            step_sheets: 0,
        }
    }
}

/// Describes the workbook of `rated` (its summary shows Sudoku Explainer's rating when the
/// solve has one).
pub fn book(rated: &RatedSolve, options: &BookOptions) -> Book {
    let view = View {
        rated: Some(rated),
        ..View::new(&rated.solve.puzzle, &rated.solve)
    };
    let mut sheets = vec![
        view.solution_sheet(options),
        view.steps_sheet(options.step_sheets),
        view.puzzle_sheet(),
        view.candidates_sheet(),
    ];
    sheets.extend(view.step_sheets(options.step_sheets));
    Book { sheets }
}

/// A printable puzzle and its answer: sheet `names.0` holds a title line, the line of text
/// `lines[0]` and the givens at the puzzle's place; the hidden sheet `names.1` holds the title,
/// `lines[1]` and `solution`, givens in bold. `solve` is a solve of `puzzle`.
pub fn puzzle_and_answer(
    puzzle: &Puzzle,
    solve: &Solve,
    solution: &Grid,
    names: (&str, &str),
    title: &str,
    lines: &[String; 2],
) -> [Sheet; 2] {
    let view = View::new(puzzle, solve);
    let mut shown = view.grid_sheet(names.0, puzzle.givens());
    let mut answer = view.grid_sheet(names.1, solution);
    for (sheet, line) in [&mut shown, &mut answer].into_iter().zip(lines) {
        sheet.text(0, 1, title, HEADING);
        sheet.text(1, 1, line, Style::default());
        // A narrow margin column, so that the page is taller than wide and prints upright.
        sheet.column_width(0, MARGIN_PX);
    }
    answer.hidden = true;
    [shown, answer]
}

/// Everything the sheets are drawn from.
struct View<'a> {
    puzzle: &'a Puzzle,
    solve: &'a Solve,
    /// The solve with the ratings asked for, for the summary (workbooks of solves only).
    rated: Option<&'a RatedSolve>,
    /// Zero-based sheet row and column of the grid's top-left cell.
    anchor: (usize, usize),
    /// The step that placed each cell, by cell index.
    placed_by: Vec<Option<usize>>,
    /// Digits as numbers (typed in a sheet) rather than symbols: as the puzzle writes them
    /// ([`Puzzle::writes_numbers`]).
    numeric: bool,
    /// Pixel size of a solution cell.
    cell_px: u32,
    /// Whether every empty cell has a parity mark, so that the odd cells are shown plain.
    odd_plain: bool,
}

impl<'a> View<'a> {
    fn new(puzzle: &'a Puzzle, solve: &'a Solve) -> View<'a> {
        // A puzzle from a sheet is shown where it was typed, any other at B3.
        let anchor = match puzzle.origin() {
            Origin::Sheet { top, left, .. } => (*top, *left),
            _ => DEFAULT_ANCHOR,
        };
        let mut placed_by = vec![None; puzzle.layout().cell_count()];
        for (i, step) in solve.steps.iter().enumerate() {
            for p in &step.placements {
                placed_by[p.cell.index()] = Some(i);
            }
        }
        let cell_px = match puzzle.size() {
            0..=9 => 40,
            10..=16 => 32,
            17..=25 => 28,
            _ => 24,
        };
        let markings = puzzle.layout().markings();
        let odd_plain = (puzzle.layout().cells())
            .all(|c| puzzle.givens().get(c).is_some() || markings.parity(c).is_some());
        View {
            puzzle,
            solve,
            rated: None,
            anchor,
            placed_by,
            numeric: puzzle.writes_numbers(),
            cell_px,
            odd_plain,
        }
    }

    fn size(&self) -> usize {
        self.puzzle.size()
    }

    /// Rows and columns of the sheet the grid spans: N x N, wider when grids overlap.
    fn extent(&self) -> (usize, usize) {
        self.layout().extent()
    }

    /// An explanation as the workbook shows it: cells with their addresses here, digits as the
    /// grid shows them.
    fn text(&self, explanation: &Explanation) -> String {
        let symbols = (!self.numeric).then(|| self.puzzle.symbols());
        let (top, left) = self.anchor;
        explanation.render(&Names::new(self.layout(), symbols).at_sheet(top, left))
    }

    fn layout(&self) -> &Layout {
        self.puzzle.layout()
    }

    /// A digit as the cell shows it: a number, or the puzzle's symbol.
    fn digit_content(&self, digit: Digit) -> Content {
        if self.numeric {
            Content::Number(digit.get() as f64)
        } else {
            Content::Text(self.puzzle.symbols().write(digit))
        }
    }

    /// A digit inside a candidate list.
    fn digit_text(&self, digit: Digit) -> String {
        if self.numeric {
            digit.get().to_string()
        } else {
            self.puzzle.symbols().write(digit)
        }
    }

    /// The sheet row and column of a grid cell, for a grid anchored at `anchor`.
    fn at(&self, cell: Cell, anchor: (usize, usize)) -> (usize, usize) {
        let (row, col) = self.layout().position(cell);
        (anchor.0 + row, anchor.1 + col)
    }

    /// Thin lines between cells, thick ones on region edges and around the grid; a Killer's
    /// cage edges medium dashed where they part cells of one region (a region's edge stays
    /// thick, cage edge or not: the cages' fills tell them apart there); a consecutive puzzle's
    /// bars thick in their own colour, on both cells' sides of the border. Overlapping grids'
    /// cells next to a gap get a thick edge there, as on the grid's outside.
    fn borders(&self, cell: Cell) -> Borders {
        let layout = self.layout();
        let (row, col) = layout.position(cell);
        let borders = area_borders(row, col, self.extent(), |r, c| {
            layout.cell_at(r, c).and_then(|cell| layout.region_of(cell))
        });
        let markings = layout.markings();
        if layout.cages().is_empty() && !markings.has_bars() {
            return borders;
        }
        // Cages and bars are on one N x N grid only, where the position is the cell's row and
        // column. The sides in the order top, right, bottom, left.
        let n = self.size();
        let neighbours = [
            row.checked_sub(1).map(|r| (r, col)),
            (col + 1 < n).then_some((row, col + 1)),
            (row + 1 < n).then_some((row + 1, col)),
            col.checked_sub(1).map(|c| (row, c)),
        ];
        let mut lines = [borders.top, borders.right, borders.bottom, borders.left];
        for (line, neighbour) in lines.iter_mut().zip(neighbours) {
            let Some(other) = neighbour.map(|(r, c)| Cell::at(r, c, n)) else {
                continue;
            };
            if markings.bar(n, cell, other) {
                *line = Line::Bar;
            } else if !layout.cages().is_empty()
                && layout.cage_of(other) != layout.cage_of(cell)
                && *line == Line::Thin
            {
                *line = Line::MediumDashed;
            }
        }
        let [top, right, bottom, left] = lines;
        Borders {
            top,
            right,
            bottom,
            left,
        }
    }

    /// The cage whose sum `cell` shows: the cage of which it is the first cell.
    fn cage_sum_at(&self, cell: Cell) -> Option<usize> {
        let layout = self.layout();
        let cage = &layout.cages()[layout.cage_of(cell)?];
        (cage.cells[0] == cell).then_some(cage.sum)
    }

    /// The note naming the cage whose first cell is `cell`: `Cage 17 (r1c1, r1c2)`.
    fn cage_note(&self, cell: Cell) -> Option<String> {
        let layout = self.layout();
        let id = layout.cage_of(cell)?;
        self.cage_sum_at(cell)?;
        let name = self.text(&Explanation::from(CageName(id)));
        let mut chars = name.chars();
        chars
            .next()
            .map(|first| first.to_uppercase().chain(chars).collect())
    }

    /// Square columns and rows of `px` for a grid at `anchor` (gaps between overlapping grids
    /// too, so that the grids line up).
    fn size_grid(&self, sheet: &mut Sheet, anchor: (usize, usize), width: u32, height: u32) {
        let (rows, cols) = self.extent();
        for i in 0..cols {
            sheet.column_width(anchor.1 + i, width);
        }
        for i in 0..rows {
            sheet.row_height(anchor.0 + i, height);
        }
    }

    /// The style of a grid cell: `fill` (a step's, a region's) shaded by the cell's parity mark
    /// where it shows one (see [`View::parity_shading`]).
    fn digit_style(&self, font: Font, fill: Option<Rgb>, cell: Cell) -> Style {
        let fill = match self.parity_shading(cell) {
            Some(shading) => Some(palette::shaded(fill, shading)),
            None => fill,
        };
        Style {
            font,
            fill,
            align: Align::Centre,
            wrap: false,
            borders: self.borders(cell),
        }
    }

    /// The grey that `cell`'s parity mark lays over its fill: [`palette::EVEN_CELL`] on even
    /// cells, [`palette::ODD_CELL`] on odd ones where some empty cell has no mark (where every
    /// empty cell has one, odd cells stay plain, as janko.at prints them).
    fn parity_shading(&self, cell: Cell) -> Option<Rgb> {
        match self.layout().markings().parity(cell)? {
            Parity::Even => Some(palette::EVEN_CELL),
            Parity::Odd => (!self.odd_plain).then_some(palette::ODD_CELL),
        }
    }

    /// Legend rows of the puzzle's marks (none without marks): even and odd cells with their
    /// counts, and the bars; `over_fills` says how a shading shows under the fills of steps.
    fn marks_legend(&self, over_fills: bool) -> Vec<(CellSpec, String, String)> {
        let layout = self.layout();
        let markings = layout.markings();
        let count = |parity| {
            let cells = layout
                .cells()
                .filter(|&c| markings.parity(c) == Some(parity));
            cells.count()
        };
        let tint = match over_fills {
            true => "; under a step's fill, a darker tint of it",
            false => "",
        };
        let mut rows = Vec::new();
        let (even, odd) = (count(Parity::Even), count(Parity::Odd));
        if even > 0 {
            let text = format!(
                "{even} {} marked even, each holding an even digit{tint}",
                plural(even, "cell", "cells")
            );
            rows.push((
                swatch(Some(palette::EVEN_CELL), "", Font::PLAIN),
                "Even".into(),
                text,
            ));
        }
        if odd > 0 {
            let (fill, how) = match self.odd_plain {
                true => (None, "; the plain cells, as every empty cell is marked"),
                false => (Some(palette::ODD_CELL), tint),
            };
            let text = format!(
                "{odd} {} marked odd, each holding an odd digit{how}",
                plural(odd, "cell", "cells")
            );
            rows.push((swatch(fill, "", Font::PLAIN), "Odd".into(), text));
        }
        if markings.has_bars() {
            let bars = markings.bars(self.size()).len();
            let mut text = format!(
                "{bars} {} across the border of two cells: their digits differ by 1",
                plural(bars, "bar", "bars")
            );
            if markings.all_bars_drawn() {
                text.push_str("; touching cells without a bar do not");
            }
            let mut sample = swatch(None, "", Font::PLAIN);
            sample.style.borders.right = Line::Bar;
            rows.push((sample, "Bar".into(), text));
        }
        rows
    }

    /// The side of a cell of a printable grid: the grid is a page wide (spreadsheets shrink a
    /// sheet to fit a page, never enlarge it), or the usual cell where that is larger.
    fn print_px(&self) -> u32 {
        (PAGE_WIDTH_PX / self.extent().1 as u32).max(self.cell_px)
    }

    fn steps_sheet(&self, step_sheets: usize) -> Sheet {
        let mut state = State::from_puzzle(self.puzzle);
        let steps = &self.solve.steps;
        let empty = "no steps: the givens fill the grid";
        step_table(&STEP_COLUMNS, steps.len(), empty, |sheet, i| {
            state.apply(&steps[i]);
            let filled = state.values().filled_count();
            self.step_row(sheet, i, &steps[i], filled, i < step_sheets);
        })
    }

    /// The row of step `index`, after which `filled` cells are filled; its number links to its
    /// step sheet when it has one.
    fn step_row(&self, sheet: &mut Sheet, index: usize, step: &Step, filled: usize, linked: bool) {
        let row = index + 1;
        let number = match linked {
            true => Content::Link {
                sheet: step_sheet_name(index),
                cell: (0, 0),
                text: (index + 1).to_string(),
            },
            false => Content::Number((index + 1) as f64),
        };
        sheet.put(
            row,
            0,
            CellSpec::new(number, if linked { TABLE_LINK } else { TABLE_TEXT }),
        );
        // The technique's name leads to its page of the technique guide, by a path relative
        // to the workbook (`file:///` marks a local file to the writer, not an absolute path).
        let technique = Content::Url {
            target: format!("file:///{}", words::guide(step.technique)),
            text: step.technique.name(),
        };
        sheet.put(row, 1, CellSpec::new(technique, TABLE_LINK));
        sheet.text(row, 2, step.technique.family().label(), TABLE_TEXT);
        sheet.text(row, 3, self.step_digits(step), TABLE_TEXT);
        let placements = self.placements_cell(step);
        let style = match placements {
            Content::Link { .. } => TABLE_LINK,
            _ => TABLE_TEXT,
        };
        sheet.put(row, 4, CellSpec::new(placements, style));
        let eliminations = self.candidates_text(&step.eliminations, "<>");
        let explanation = self.text(&step.explanation);
        let told: Vec<String> = words::sudoku_words(step, self.layout())
            .iter()
            .map(|sentence| self.text(sentence))
            .collect();
        let told = told.join("\n");
        let told_lines: usize = told
            .lines()
            .map(|line| wrapped_lines(line, STEP_COLUMNS[8].1))
            .sum();
        let lines = wrapped_lines(&eliminations, STEP_COLUMNS[5].1)
            .max(wrapped_lines(&explanation, STEP_COLUMNS[6].1))
            .max(told_lines);
        if lines > 1 {
            sheet.row_height(row, 20 * lines as u32);
        }
        sheet.text(row, 5, eliminations, TABLE_TEXT);
        sheet.text(row, 6, explanation, TABLE_TEXT);
        sheet.put(
            row,
            7,
            CellSpec::new(Content::Number(filled as f64), TABLE_TEXT),
        );
        sheet.text(row, 8, told, TABLE_TEXT);
    }

    /// The digits a step is about, `3` or `3, 7`.
    fn step_digits(&self, step: &Step) -> String {
        let digits: DigitSet = step
            .placements
            .iter()
            .chain(&step.eliminations)
            .map(|c| c.digit)
            .collect();
        let texts: Vec<String> = digits.iter().map(|d| self.digit_text(d)).collect();
        texts.join(", ")
    }

    /// `r3c5=7, r4c1=2`, linked to the first placement's cell on "Solution".
    fn placements_cell(&self, step: &Step) -> Content {
        let text = self.candidates_text(&step.placements, "=");
        match step.placements.first() {
            Some(first) => {
                let (row, col) = self.at(first.cell, self.anchor);
                Content::Link {
                    sheet: "Solution".to_string(),
                    cell: (row as u32, col as u16),
                    text,
                }
            }
            None => Content::Blank,
        }
    }

    /// `r3c5=7, r4c1=2` or `r1c3<>3`: candidates in `r3c5` notation joined by `relation`.
    fn candidates_text(&self, candidates: &[Candidate], relation: &str) -> String {
        let texts: Vec<String> = candidates
            .iter()
            .map(|c| {
                let cell = self.layout().cell_name(c.cell);
                format!("{cell}{relation}{}", self.digit_text(c.digit))
            })
            .collect();
        texts.join(", ")
    }

    fn puzzle_sheet(&self) -> Sheet {
        self.grid_sheet("Puzzle", self.puzzle.givens())
    }

    /// A printable grid of `values` at the puzzle's place: givens bold, other digits plain, region
    /// borders, and pale region fills where borders alone would not say what the regions are;
    /// extra houses shaded; a Killer's cages outlined with their sums small in their first cells
    /// (in a note when the cell holds a digit).
    fn grid_sheet(&self, name: &str, values: &Grid) -> Sheet {
        let mut sheet = Sheet::new(name);
        sheet.gridlines = false;
        sheet.print = Print::OnePage;
        let px = self.print_px();
        self.size_grid(&mut sheet, self.anchor, px, px);
        let fills = self.region_fills();
        let cage_fills = self.cage_fills();
        let extra: Vec<bool> = self.layout().cells().map(|c| self.in_extra(c)).collect();
        for cell in self.layout().cells() {
            // A Killer's cages are coloured (regions show by their borders, extra houses by
            // name), so that the cages can be told and read back where one crosses a region.
            let cage_fill = self.layout().cage_of(cell).map(|c| cage_fills[c]);
            let fill = match extra[cell.index()] {
                _ if cage_fill.is_some() => cage_fill,
                true => Some(palette::EXTRA_HOUSE),
                false => self
                    .layout()
                    .region_of(cell)
                    .and_then(|r| fills.get(r).copied()),
            };
            if let (None, Some(sum)) = (values.get(cell), self.cage_sum_at(cell)) {
                let mut style = self.digit_style(sum_font(px), fill, cell);
                style.align = Align::TopLeft;
                let (row, col) = self.at(cell, self.anchor);
                sheet.put(row, col, CellSpec::new(Content::Number(sum as f64), style));
                continue;
            }
            let content = values
                .get(cell)
                .map_or(Content::Blank, |d| self.digit_content(d));
            // Digits that are not givens (an answer's) are plain; givens and blanks are bold.
            let deduced = values.get(cell).is_some() && self.puzzle.givens().get(cell).is_none();
            let font = match deduced {
                true => digit_font(px),
                false => digit_font(px).bold(),
            };
            let (row, col) = self.at(cell, self.anchor);
            let mut spec = CellSpec::new(content, self.digit_style(font, fill, cell));
            spec.note = self.cage_note(cell);
            sheet.put(row, col, spec);
        }
        self.put_marks_lines(&mut sheet, px);
        sheet
    }

    /// Under a printable grid, after a blank row, one line per kind of mark the puzzle has: its
    /// sample in the grid's first column, `Even: …` beside it.
    fn put_marks_lines(&self, sheet: &mut Sheet, px: u32) {
        let top = self.anchor.0 + self.extent().0 + 1;
        for (i, (sample, label, text)) in self.marks_legend(false).into_iter().enumerate() {
            let row = top + i;
            sheet.row_height(row, px / 2 + 4);
            sheet.put(row, self.anchor.1, sample);
            sheet.text(
                row,
                self.anchor.1 + 1,
                format!("{label}: {text}"),
                Style::default(),
            );
        }
    }

    /// Whether `cell` is in an extra house (shaded on printable grids).
    fn in_extra(&self, cell: Cell) -> bool {
        let houses = self.layout().houses();
        self.layout()
            .houses_of(cell)
            .iter()
            .any(|&h| houses[h].kind == HouseKind::Extra)
    }

    /// Pale fills for a Killer's cages, touching cages differing, so that a cage that crosses a
    /// region's edge reads as one.
    fn cage_fills(&self) -> Vec<Rgb> {
        let layout = self.layout();
        area_fills(layout, layout.cages().len(), |cell| layout.cage_of(cell))
    }

    /// Pale fills for jigsaw regions and boxes of a shape other than the size's default (so that a
    /// reader sees the regions), neighbours differing; none for default boxes and Latin squares.
    fn region_fills(&self) -> Vec<Rgb> {
        let layout = self.layout();
        let shaded = match layout.regions() {
            Regions::Jigsaw { .. } => true,
            boxes @ Regions::Boxes { .. } => {
                Regions::default_boxes(self.size()).as_ref() != Some(boxes)
            }
            Regions::Latin => false,
        };
        match shaded {
            true => area_fills(layout, self.size(), |cell| layout.region_of(cell)),
            false => Vec::new(),
        }
    }

    fn candidates_sheet(&self) -> Sheet {
        let state = State::from_puzzle(self.puzzle);
        let title = "Candidates after the givens".to_string();
        let line = "Each empty cell lists the digits that none of its houses holds yet.";
        self.candidate_grid_sheet("Candidates", &title, line, &state, None)
    }

    fn step_sheets(&self, count: usize) -> Vec<Sheet> {
        let mut state = State::from_puzzle(self.puzzle);
        let mut sheets = Vec::new();
        for (i, step) in self.solve.steps.iter().enumerate().take(count) {
            let title = format!(
                "Step {} of {}: {}",
                i + 1,
                self.solve.steps.len(),
                step.technique
            );
            let sheet = self.candidate_grid_sheet(
                &step_sheet_name(i),
                &title,
                &self.text(&step.explanation),
                &state,
                Some(step),
            );
            sheets.push(sheet);
            state.apply(step);
        }
        sheets
    }

    /// A sheet with a title, a line of text and the candidate grid of `state`; with a step, its
    /// pattern cells are filled, its candidates coloured, eliminations struck through and
    /// placements shown in green.
    fn candidate_grid_sheet(
        &self,
        name: &str,
        title: &str,
        line: &str,
        state: &State,
        step: Option<&Step>,
    ) -> Sheet {
        let mut sheet = Sheet::new(name);
        sheet.gridlines = false;
        sheet.print = Print::OnePage;
        sheet.text(0, 1, title, HEADING);
        sheet.text(1, 1, line, Style::default());
        if step.is_some() {
            sheet.put(
                0,
                0,
                CellSpec::new(
                    Content::Link {
                        sheet: "Steps".to_string(),
                        cell: (0, 0),
                        text: "Steps".to_string(),
                    },
                    Style::font(Font::LINK),
                ),
            );
        }
        let keypad = Keypad::for_size(self.size(), self);
        let lines = self
            .layout()
            .cells()
            .map(|cell| keypad.lines(state.candidates(cell).len()))
            .max()
            .unwrap_or(1);
        let marks = step
            .map(|step| Marks::of(step, self.layout()))
            .unwrap_or_default();
        // A chain's node numbers take a line above the candidates.
        let lines = lines + usize::from(!marks.nodes.is_empty());
        let (width, height) = keypad.cell_pixels(lines);
        self.size_grid(&mut sheet, CANDIDATE_ANCHOR, width, height);
        let mut below = 0;
        for cell in self.layout().cells() {
            let spec = self.candidate_cell(state, cell, &keypad, &marks);
            let (row, col) = self.at(cell, CANDIDATE_ANCHOR);
            sheet.put(row, col, spec);
            below = below.max(row + 2);
        }
        let mut entries = match step {
            Some(step) => {
                self.put_full_lines(&mut sheet, step, below);
                self.step_legend(&marks)
            }
            None => Vec::new(),
        };
        entries.extend(self.marks_legend(true));
        if !entries.is_empty() {
            let col = CANDIDATE_ANCHOR.1 + self.extent().1 + 1;
            legend(&mut sheet, CANDIDATE_ANCHOR.0, col, &entries);
        }
        sheet
    }

    /// What the colours of a step sheet mean, each with a sample in its look: the marks every
    /// step may use, then those of chains, sets and forcing steps where `marks` has them.
    fn step_legend(&self, marks: &Marks) -> Vec<(CellSpec, String, String)> {
        let sample = self.digit_text(Digit::new(self.size().min(5)));
        let entry = |fill, mark: Option<Mark>, label: &str, text: &str| {
            let shown = if mark.is_some() { sample.as_str() } else { "" };
            let font = mark.map_or(Font::PLAIN, |m| m.font(Font::sized(11.0)));
            (
                swatch(fill, shown, font),
                label.to_string(),
                text.to_string(),
            )
        };
        let mut entries = vec![
            entry(
                Some(palette::PATTERN),
                Some(Mark::Pattern),
                "Pattern",
                "the pattern's cells; its candidates in bold blue",
            ),
            entry(
                Some(palette::FIN),
                Some(Mark::Pattern),
                "Fin",
                "the fin cells of a finned pattern",
            ),
            entry(
                Some(palette::HOUSE),
                None,
                "House",
                "the houses the step works in: a single's house, a fish's base lines",
            ),
            entry(
                Some(palette::TARGET),
                Some(Mark::Eliminated),
                "Elimination",
                "cells that lose candidates; each eliminated candidate struck through in red",
            ),
            entry(
                None,
                Some(Mark::Placed),
                "Placement",
                "the digit the step places, in bold green",
            ),
        ];
        if !marks.nodes.is_empty() {
            let font = Font::sized(11.0).bold().coloured(palette::LINK);
            entries.push((
                swatch(None, &circled(1), font),
                "Chain".to_string(),
                "the chain's nodes in order, numbered above their candidates".to_string(),
            ));
        }
        for (set, fill) in marks.sets.iter().zip(palette::SET_FILLS.iter().cycle()) {
            let cells = set.iter().map(|&c| self.layout().cell_name(c));
            let text = format!(
                "almost locked set {}: N cells holding N+1 digits",
                cells.collect::<Vec<_>>().join(", ")
            );
            entries.push(entry(Some(*fill), Some(Mark::Pattern), "ALS", &text));
        }
        if !marks.assumed.is_empty() {
            let text = "the cell a forcing step assumes a digit in";
            entries.push(entry(Some(palette::ASSUMPTION), None, "Assumption", text));
        }
        if !marks.broken.is_empty() {
            let text = "the cells the contradiction rests on";
            entries.push(entry(
                Some(palette::CONTRADICTION),
                None,
                "Contradiction",
                text,
            ));
        }
        entries
    }

    /// Under a step's grid, from `row` on, what its line sums up (a forcing net's every
    /// implication), one line per row.
    fn put_full_lines(&self, sheet: &mut Sheet, step: &Step, row: usize) {
        let lines = step.full_lines();
        if lines.is_empty() {
            return;
        }
        let story = step.story();
        let mut row = row;
        if !story.is_empty() {
            sheet.text(row, 1, "In short:", HEADING);
            for (i, line) in story.iter().enumerate() {
                sheet.text(row + 1 + i, 1, self.text(line), Style::default());
            }
            row += story.len() + 2;
        }
        sheet.text(row, 1, "Every implication, with its reason:", HEADING);
        for (i, line) in lines.iter().enumerate() {
            sheet.text(row + 1 + i, 1, self.text(line), Style::default());
        }
    }

    fn candidate_cell(
        &self,
        state: &State,
        cell: Cell,
        keypad: &Keypad,
        marks: &Marks,
    ) -> CellSpec {
        let fill = marks.fill(cell);
        if let Some(digit) = state.value(cell) {
            let given = self.puzzle.givens().get(cell).is_some();
            let font = Font::sized(f64::from(keypad.big_points));
            let font = if given {
                font.bold()
            } else {
                font.coloured(0x333333)
            };
            return CellSpec::new(
                self.digit_content(digit),
                self.digit_style(font, fill, cell),
            );
        }
        let mut runs = keypad.runs(state.candidates(cell), |d| {
            marks.font_of(Candidate::new(cell, d), keypad.font)
        });
        if let Some(numbers) = marks.node_numbers(cell) {
            let font = keypad.font.bold().coloured(palette::LINK);
            runs.insert(
                0,
                Run {
                    text: numbers + "\n",
                    font,
                },
            );
        }
        let mut style = self.digit_style(keypad.font, fill, cell);
        style.wrap = true;
        let content = if runs.iter().all(|r| r.text.trim().is_empty()) {
            Content::Blank
        } else {
            Content::Rich(runs)
        };
        CellSpec::new(content, style)
    }
}

/// How a step marks the cells and candidates of a step sheet.
#[derive(Default)]
struct Marks {
    /// Cells of the pattern and placements.
    cells: Vec<Cell>,
    /// Cells of fins.
    fin_cells: Vec<Cell>,
    /// Cells of the step's base houses.
    houses: Vec<Cell>,
    /// Cells of each almost locked set, in turn.
    sets: Vec<Vec<Cell>>,
    /// Cells of a forcing step's assumptions.
    assumed: Vec<Cell>,
    /// Cells a forcing step's contradiction rests on.
    broken: Vec<Cell>,
    /// A chain's nodes in order: each node's cells with its number, from 1.
    nodes: Vec<(Cell, usize)>,
    pattern: Vec<Candidate>,
    fins: Vec<Candidate>,
    eliminations: Vec<Candidate>,
    placements: Vec<Candidate>,
}

/// How a candidate looks on a step sheet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    /// Placed by the step: bold green.
    Placed,
    /// Eliminated: bold red, struck through.
    Eliminated,
    /// In the pattern or a fin: bold blue.
    Pattern,
    /// Not part of the step: grey.
    Quiet,
}

impl Mark {
    fn font(self, base: Font) -> Font {
        match self {
            Mark::Placed => base.bold().coloured(palette::PLACED),
            Mark::Eliminated => Font {
                strike: true,
                ..base.bold().coloured(palette::ELIMINATED)
            },
            Mark::Pattern => base.bold().coloured(palette::HIGHLIGHT),
            Mark::Quiet => base.coloured(palette::QUIET),
        }
    }
}

impl Marks {
    fn of(step: &Step, layout: &Layout) -> Marks {
        let cells_of = |candidates: &[&[Candidate]]| {
            let mut cells: Vec<Cell> = candidates
                .iter()
                .flat_map(|list| list.iter())
                .map(|c| c.cell)
                .collect();
            cells.sort_unstable();
            cells.dedup();
            cells
        };
        let houses = step
            .base
            .iter()
            .flat_map(|&h| layout.houses()[h].cells.iter().copied())
            .collect();
        let cells_in = |role: Role| {
            let figures = step.figures.iter().filter(|f| f.role == role);
            let lists: Vec<&[Candidate]> = figures.map(|f| &f.candidates[..]).collect();
            cells_of(&lists)
        };
        Marks {
            cells: cells_of(&[&step.pattern, &step.placements]),
            fin_cells: cells_of(&[&step.fins]),
            houses,
            sets: step
                .figures
                .iter()
                .filter(|f| f.role == Role::Als)
                .map(|f| cells_of(&[&f.candidates]))
                .collect(),
            assumed: cells_in(Role::Assumption),
            broken: cells_in(Role::Contradiction),
            nodes: chain_nodes(&step.links),
            pattern: step.pattern.to_vec(),
            fins: step.fins.to_vec(),
            eliminations: step.eliminations.to_vec(),
            placements: step.placements.to_vec(),
        }
    }

    /// A cell's fill: a forcing step's assumption or contradiction, else fin, else an almost
    /// locked set's (one fill per set), else pattern, else losing candidates, else in a base
    /// house.
    fn fill(&self, cell: Cell) -> Option<Rgb> {
        let set = self.sets.iter().position(|set| set.contains(&cell));
        if self.assumed.contains(&cell) {
            Some(palette::ASSUMPTION)
        } else if self.broken.contains(&cell) {
            Some(palette::CONTRADICTION)
        } else if self.fin_cells.contains(&cell) {
            Some(palette::FIN)
        } else if let Some(set) = set {
            Some(palette::SET_FILLS[set % palette::SET_FILLS.len()])
        } else if self.cells.contains(&cell) {
            Some(palette::PATTERN)
        } else if self.eliminations.iter().any(|e| e.cell == cell) {
            Some(palette::TARGET)
        } else if self.houses.contains(&cell) {
            Some(palette::HOUSE)
        } else {
            None
        }
    }

    /// The numbers of the chain nodes `cell` is in, as a line above its candidates: `①⑤`.
    fn node_numbers(&self, cell: Cell) -> Option<String> {
        let numbers: Vec<String> = self
            .nodes
            .iter()
            .filter(|(c, _)| *c == cell)
            .map(|&(_, n)| circled(n))
            .collect();
        (!numbers.is_empty()).then(|| numbers.concat())
    }

    fn font_of(&self, candidate: Candidate, base: Font) -> Font {
        let mark = if self.placements.contains(&candidate) {
            Mark::Placed
        } else if self.eliminations.contains(&candidate) {
            Mark::Eliminated
        } else if self.fins.contains(&candidate) || self.pattern.contains(&candidate) {
            Mark::Pattern
        } else {
            Mark::Quiet
        };
        mark.font(base)
    }
}

/// How candidates are laid out in a cell: a keypad (`1 2 3` / `4 5 6` / `7 8 9`) up to 9x9, a
/// wrapped line beyond.
struct Keypad {
    /// Symbols of the digits 1..=N as the candidate lists show them.
    symbols: Vec<String>,
    /// Digits per keypad row; 0 for a wrapped line.
    columns: usize,
    /// The candidates' font.
    font: Font,
    /// Points of a filled cell's digit.
    big_points: u16,
}

impl Keypad {
    fn for_size(size: usize, view: &View) -> Keypad {
        let symbols = (1..=size).map(|d| view.digit_text(Digit::new(d))).collect();
        let keypad = size <= 9;
        Keypad {
            symbols,
            columns: if keypad {
                (size as f64).sqrt().ceil() as usize
            } else {
                0
            },
            font: Font {
                monospace: true,
                ..Font::sized(if keypad { 9.0 } else { 7.0 })
            },
            big_points: if keypad { 20 } else { 14 },
        }
    }

    /// Width of a wrapped line, in characters.
    const LINE_CHARS: usize = 14;

    /// How many text lines a cell with `count` candidates takes.
    fn lines(&self, count: usize) -> usize {
        if self.columns > 0 {
            self.symbols.len().div_ceil(self.columns)
        } else {
            let width = self.symbols.last().map_or(1, String::len) + 1;
            (count * width).div_ceil(Keypad::LINE_CHARS).max(1)
        }
    }

    /// Cell width and height in pixels for `lines` lines of candidates.
    fn cell_pixels(&self, lines: usize) -> (u32, u32) {
        if self.columns > 0 {
            let width = (self.columns * 2 * 8 + 8) as u32;
            let height = (lines * 13 + 8) as u32;
            let side = width.max(height).max(36);
            (side, side)
        } else {
            (96, (lines * 11 + 8).max(40) as u32)
        }
    }

    /// The candidate list as rich-text runs, each candidate in the font `font_of` gives it.
    fn runs(&self, candidates: DigitSet, font_of: impl Fn(Digit) -> Font) -> Vec<Run> {
        let mut runs: Vec<Run> = Vec::new();
        let mut push = |text: String, font: Font| match runs.last_mut() {
            Some(last) if last.font == font => last.text.push_str(&text),
            _ => runs.push(Run { text, font }),
        };
        let plain = self.font.coloured(palette::QUIET);
        if self.columns > 0 {
            // Every keypad line is as wide as the first, so that centring keeps the columns.
            let positions = self.symbols.len().div_ceil(self.columns) * self.columns;
            for i in 0..positions {
                if i > 0 {
                    let gap = if i % self.columns == 0 { "\n" } else { " " };
                    push(gap.to_string(), plain);
                }
                let digit = Digit::new(i + 1);
                match self.symbols.get(i) {
                    Some(symbol) if candidates.contains(digit) => {
                        push(symbol.clone(), font_of(digit))
                    }
                    _ => push(" ".to_string(), plain),
                }
            }
        } else {
            for (i, digit) in candidates.iter().enumerate() {
                if i > 0 {
                    push(" ".to_string(), plain);
                }
                push(self.symbols[digit.index()].clone(), font_of(digit));
            }
        }
        runs
    }
}

/// The cells of a chain's nodes, numbered in chain order from 1 (the first link's start is node
/// 1, each link's end the next); a node's cells once each.
fn chain_nodes(links: &[Link]) -> Vec<(Cell, usize)> {
    let nodes = links.first().map(|l| &l.from).into_iter();
    let nodes = nodes.chain(links.iter().map(|l| &l.to));
    let mut numbered = Vec::new();
    for (i, node) in nodes.enumerate() {
        let mut cells: Vec<Cell> = node.iter().map(|c| c.cell).collect();
        cells.dedup();
        numbered.extend(cells.into_iter().map(|c| (c, i + 1)));
    }
    numbered
}

/// `n` as a circled number, `①` to `⑳`, and `(21)` beyond.
fn circled(n: usize) -> String {
    match n {
        1..=20 => char::from_u32(0x2460 + n as u32 - 1).map_or(String::new(), String::from),
        _ => format!("({n})"),
    }
}

/// A pale fill for each of `count` areas of `layout` (regions, cages: `area` names a cell's),
/// touching areas differing.
fn area_fills(layout: &Layout, count: usize, area: impl Fn(Cell) -> Option<usize>) -> Vec<Rgb> {
    let n = layout.size();
    let mut neighbours: Vec<Vec<usize>> = vec![Vec::new(); count];
    for cell in layout.cells() {
        let (row, col) = (cell.row(n), cell.col(n));
        let next = [(row + 1, col), (row, col + 1)];
        for (r, c) in next.into_iter().filter(|&(r, c)| r < n && c < n) {
            if let (Some(a), Some(b)) = (area(cell), area(Cell::at(r, c, n)))
                && a != b
                && !neighbours[a].contains(&b)
            {
                neighbours[a].push(b);
                neighbours[b].push(a);
            }
        }
    }
    palette::colour_areas(&neighbours)
}

/// The font of digits in cells `px` pixels wide.
fn digit_font(px: u32) -> Font {
    Font::sized(f64::from(px) * 0.45)
}

/// The font of a Killer's sums in cells `px` pixels wide: a fifth of the cell, 9 points at least,
/// so at least 8 on paper (a printable grid is shrunk by a few percent at most to fit its page).
fn sum_font(px: u32) -> Font {
    Font::sized((f64::from(px) * 0.75 * 0.22).max(9.0).round())
}

/// `Step 12`.
fn step_sheet_name(index: usize) -> String {
    format!("Step {}", index + 1)
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}
