//! Generated puzzles written out: the workbook (one printable sheet per puzzle with a title, its
//! level and the givens with region borders, then one hidden answer sheet per puzzle that also
//! names the hardest step), a PDF booklet, a CSV grid, or text with one puzzle per line.

use super::booklet::{self, Item, Setup};
use super::sudoku::puzzle_and_answer;
use super::{Book, Input, Sheet, Style, Target, palette, refusal, write_atomically, xlsx};
use crate::error::Error;
use crate::generate::{self, Generated};
use crate::model::{Names, Origin};
use crate::render;
use std::path::Path;

/// What a file of generated puzzles is, by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Output {
    /// `.xlsx`: printable sheets with hidden answers.
    Workbook,
    /// `.pdf`: a booklet, the solutions at the back.
    Pdf,
    /// `.csv`: one puzzle as a grid, `0` for empty, its region labels after it when needed.
    Csv,
    /// Any other name: text, one puzzle per line after a comment line.
    Text,
}

impl Output {
    /// The kind of `path`; other workbook formats are refused.
    pub fn of(path: &Path) -> Result<Output, Error> {
        let extension = path
            .extension()
            .map(|e| e.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("xlsx") => Ok(Output::Workbook),
            Some("pdf") => Ok(Output::Pdf),
            Some("csv") => Ok(Output::Csv),
            Some("xlsm" | "xlsb" | "xls" | "ods") => Err(refusal(
                path,
                "puzzles are written as .xlsx, .pdf, .csv or text (.txt); give it one of those \
                 names",
            )),
            _ => Ok(Output::Text),
        }
    }
}

/// Checks, before any work, that `count` puzzles may be written to `path`: a known kind, one
/// puzzle for a CSV grid, not one of `inputs` (a region map) and not an existing file unless
/// `force`.
pub fn check_target(
    path: &Path,
    count: usize,
    force: bool,
    inputs: &[Input],
) -> Result<Target, Error> {
    let target = Target::checked(path, force, inputs)?;
    if Output::of(path)? == Output::Csv && count > 1 {
        return Err(refusal(
            path,
            "a CSV file holds one puzzle grid; use .txt (one per line) or .xlsx for several",
        ));
    }
    Ok(target)
}

/// Writes `puzzles` (generated with `seed`, as `header` says, their regions from `regions_file`
/// when given) to `target`, in the kind its name asks for; a PDF laid out as `setup` says.
pub fn save(
    target: &Target,
    puzzles: &[Generated],
    seed: u64,
    header: &str,
    setup: Setup,
    regions_file: Option<&Path>,
) -> Result<(), Error> {
    match Output::of(&target.path)? {
        Output::Workbook => xlsx::save(&book(puzzles, seed), target),
        Output::Pdf => {
            let items = puzzles
                .iter()
                .enumerate()
                .map(|(i, g)| Item::sudoku(&format!("Puzzle {}", i + 1), &g.rated))
                .collect::<Result<Vec<_>, _>>()?;
            let title = header.trim_start_matches(['#', ' ']);
            booklet::save(&items, setup, title, target)
        }
        Output::Csv => {
            let first = puzzles.first().map(|g| render::puzzle_csv(&g.puzzle));
            write_atomically(target, first.unwrap_or_default().as_bytes())
        }
        Output::Text => write_atomically(
            target,
            generate::text(header, puzzles, regions_file).as_bytes(),
        ),
    }
}

/// Where a generated grid starts: B4, under a title and a rating line.
pub const GENERATED_ORIGIN: Origin = Origin::Sheet {
    sheet: None,
    top: 3,
    left: 1,
};

/// Describes the workbook of `puzzles`; `seed` is the seed they were generated with.
pub fn book(puzzles: &[Generated], seed: u64) -> Book {
    let numbered = puzzles.len() > 1;
    let name = |base: &str, i: usize| match numbered {
        true => format!("{base} {}", i + 1),
        false => base.to_string(),
    };
    let (mut shown, mut answers) = (Vec::new(), Vec::new());
    for (i, generated) in puzzles.iter().enumerate() {
        let puzzle = generated.puzzle.clone().with_origin(GENERATED_ORIGIN);
        let title = format!("{} — level {}", name("Puzzle", i), generated.rating.level);
        // The hardest step would give the puzzle away: only the answer names it.
        let lines = [
            format!("{}; seed {seed}", generated.outline()),
            format!("{}; seed {seed}", generated.describe()),
        ];
        let [puzzle_sheet, answer] = puzzle_and_answer(
            &puzzle,
            &generated.rated.solve,
            &generated.solution,
            (&name("Puzzle", i), &name("Solution", i)),
            &title,
            &lines,
        );
        shown.push(puzzle_sheet);
        answers.push(mark_focus(answer, generated));
    }
    shown.extend(answers);
    Book { sheets: shown }
}

/// The answer sheet of a practice puzzle with the step where its technique first applies: the
/// cells of the step's pattern shaded, those it removes candidates from in another shade, and
/// under the grid a line with the step's number and explanation. Other puzzles' sheets are left
/// as they are.
fn mark_focus(mut answer: Sheet, generated: &Generated) -> Sheet {
    let Some(step) = generated
        .focus
        .and_then(|i| generated.rated.solve.steps.get(i))
    else {
        return answer;
    };
    let (top, left) = match GENERATED_ORIGIN {
        Origin::Sheet { top, left, .. } => (top, left),
        _ => (0, 0),
    };
    let layout = generated.puzzle.layout();
    let n = layout.size();
    let shade = |sheet: &mut Sheet, cell: crate::model::Cell, fill| {
        let at = ((top + cell.row(n)) as u32, (left + cell.col(n)) as u16);
        if let Some(spec) = sheet.cells.get_mut(&at) {
            spec.style.fill = Some(fill);
        }
    };
    for candidate in step.pattern.iter().chain(&step.placements) {
        shade(&mut answer, candidate.cell, palette::PATTERN);
    }
    for candidate in step.eliminations.iter() {
        shade(&mut answer, candidate.cell, palette::TARGET);
    }
    let puzzle = &generated.puzzle;
    let symbols = (!puzzle.writes_numbers()).then(|| puzzle.symbols());
    let names = Names::new(layout, symbols).at_sheet(top, left);
    let number = generated.focus.unwrap_or_default() + 1;
    let line = format!(
        "Step {number} ({}; shaded: its pattern in yellow, the cells it removes candidates from \
         in pink): {}",
        step.technique,
        step.explanation.render(&names)
    );
    answer.text(top + n + 1, left, line, Style::default());
    answer
}
