//! Solving many puzzles at once, of any kind: on all cores (rayon), with an optional progress bar
//! (indicatif), one CSV row per puzzle in input order.

use crate::core::Outcome;
use crate::report::{PuzzleReport, SolveReport};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, Write};
use std::time::Instant;

/// The result of solving one puzzle, as a CSV row: `puzzle`, the kind's columns about the puzzle
/// (Shikaku: `size`, `clues`), `solution` (`undecided` when the time limit stopped the solve), `logic_only`, `backtracking_steps`, the kind's columns
/// about the solve (Sudoku: `level`, `score`; then `hardest_technique`), `steps`,
/// `microseconds`.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Column names and values, in order.
    pub columns: Vec<(&'static str, String)>,
    /// Whether the puzzle was solved.
    pub solved: bool,
}

impl Row {
    /// The row of `puzzle`, solved as `solve` in `micros` microseconds.
    pub fn of(puzzle: &impl PuzzleReport, solve: &impl SolveReport, micros: u128) -> Row {
        let solved = solve.is_solved();
        // A solve stopped by the time limit says so where its solution would be.
        let solution = match solve.outcome() {
            Outcome::Undecided { .. } => "undecided".to_string(),
            _ => solve.solution_line().unwrap_or_default(),
        };
        let mut columns = vec![("puzzle", puzzle.line())];
        columns.extend(puzzle.batch_columns());
        columns.extend([
            ("solution", solution),
            ("logic_only", yes_no(solved && solve.backtracks() == 0)),
            ("backtracking_steps", solve.backtracks().to_string()),
        ]);
        columns.extend(solve.batch_details());
        columns.extend([
            ("steps", solve.steps().len().to_string()),
            ("microseconds", micros.to_string()),
        ]);
        Row { columns, solved }
    }
}

/// Solves every puzzle with `solve`, in parallel; rows come back in input order. `progress`
/// shows a progress bar on standard error.
pub fn solve_all<P, S>(puzzles: &[P], solve: impl Fn(&P) -> S + Sync, progress: bool) -> Vec<Row>
where
    P: PuzzleReport + Sync,
    S: SolveReport,
{
    let bar = if progress {
        let bar = ProgressBar::new(puzzles.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    let rows = puzzles
        .par_iter()
        .map(|puzzle| {
            let start = Instant::now();
            let solved = solve(puzzle);
            let row = Row::of(puzzle, &solved, start.elapsed().as_micros());
            bar.inc(1);
            row
        })
        .collect();
    bar.finish_and_clear();
    rows
}

/// Writes the rows as CSV with a header (nothing for no rows); returns whether every puzzle was
/// solved.
pub fn write_csv(rows: &[Row], sink: impl Write) -> io::Result<bool> {
    let mut writer = csv::Writer::from_writer(sink);
    if let Some(first) = rows.first() {
        writer.write_record(first.columns.iter().map(|(name, _)| name))?;
    }
    for row in rows {
        writer.write_record(row.columns.iter().map(|(_, value)| value))?;
    }
    writer.flush()?;
    Ok(rows.iter().all(|r| r.solved))
}

/// `yes` or `no`, for CSV.
fn yes_no(flag: bool) -> String {
    if flag { "yes" } else { "no" }.to_string()
}
