//! Solving many puzzles at once: on all cores (rayon), with an optional progress bar (indicatif),
//! one CSV row per puzzle in input order.

use crate::core::Outcome;
use crate::engine::{self, Options};
use crate::model::Puzzle;
use crate::rating::rate;
use crate::render::grid_line;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, Write};
use std::time::Instant;

/// The result of solving one puzzle, as a CSV row.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// The puzzle, one line.
    pub puzzle: String,
    /// The solution, one line (empty when not solved).
    pub solution: String,
    /// Solved without backtracking.
    pub logic_only: bool,
    /// Backtracking steps.
    pub backtracks: usize,
    /// Difficulty level.
    pub level: String,
    /// Difficulty score.
    pub score: u32,
    /// The hardest technique used.
    pub hardest: String,
    /// Number of steps.
    pub steps: usize,
    /// Time to solve, in microseconds.
    pub micros: u128,
}

/// Solves every puzzle with the engine, in parallel; rows come back in input order.
pub fn solve_all(puzzles: &[Puzzle], options: &Options, progress: bool) -> Vec<Row> {
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
            let row = solve_one(puzzle, options);
            bar.inc(1);
            row
        })
        .collect();
    bar.finish_and_clear();
    rows
}

fn solve_one(puzzle: &Puzzle, options: &Options) -> Row {
    let start = Instant::now();
    let solve = engine::solve(puzzle, options);
    let micros = start.elapsed().as_micros();
    let rating = rate(&solve.steps, solve.state.layout().cell_count());
    let solved = solve.outcome == Outcome::Solved;
    Row {
        puzzle: grid_line(puzzle.givens(), puzzle.symbols()),
        solution: if solved {
            grid_line(solve.state.values(), puzzle.symbols())
        } else {
            String::new()
        },
        logic_only: solved && solve.backtracks() == 0,
        backtracks: solve.backtracks(),
        level: rating.level.to_string(),
        score: rating.score,
        hardest: rating.hardest.map_or(String::new(), |(t, _)| t.name()),
        steps: solve.steps.len(),
        micros,
    }
}

/// The CSV header of [`write_csv`].
const HEADER: [&str; 9] = [
    "puzzle",
    "solution",
    "logic_only",
    "backtracking_steps",
    "level",
    "score",
    "hardest_technique",
    "steps",
    "microseconds",
];

impl Row {
    /// The row's CSV fields, in [`HEADER`]'s order.
    fn record(&self) -> [String; 9] {
        [
            self.puzzle.clone(),
            self.solution.clone(),
            yes_no(self.logic_only),
            self.backtracks.to_string(),
            self.level.clone(),
            self.score.to_string(),
            self.hardest.clone(),
            self.steps.to_string(),
            self.micros.to_string(),
        ]
    }
}

/// Writes the rows as CSV with a header; returns whether every puzzle was solved.
pub fn write_csv(rows: &[Row], sink: impl Write) -> io::Result<bool> {
    write_records(HEADER, rows.iter().map(Row::record), sink)?;
    Ok(rows.iter().all(|r| !r.solution.is_empty()))
}

/// Writes `header` and then `records` as CSV to `sink` (batch output of every puzzle kind).
pub fn write_records<const N: usize>(
    header: [&str; N],
    records: impl IntoIterator<Item = [String; N]>,
    sink: impl Write,
) -> io::Result<()> {
    let mut writer = csv::Writer::from_writer(sink);
    writer.write_record(header)?;
    for record in records {
        writer.write_record(record)?;
    }
    writer.flush()
}

/// `yes` or `no`, for CSV.
pub fn yes_no(flag: bool) -> String {
    if flag { "yes" } else { "no" }.to_string()
}
