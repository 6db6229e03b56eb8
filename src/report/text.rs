//! The text the commands print, for every puzzle kind: `solve`'s summary, `explain`'s log and
//! `check`'s verdicts.

use super::{
    PuzzleReport, SolveReport, Status, Tally, count_verdict, numbered_step, step_counts, step_log,
    verdict, worded_step,
};
use std::fmt::Write;

/// `solve`'s text: `summary: verdict`, the difficulty (for kinds that rate it), the step counts
/// and the grid.
pub fn solve(solve: &impl SolveReport) -> String {
    let mut text = format!("{}: {}\n", solve.summary(), verdict(solve));
    if let Some(difficulty) = solve.difficulty() {
        text += &format!("{difficulty}\n");
    }
    text += &format!("{}\n{}\n", step_counts(solve), solve.grid_text());
    text
}

/// `explain`'s text: the summary, the numbered steps (each after the grid it starts from, with
/// `grids`; each followed by what its line sums up, with `full`), the verdict, the difficulty
/// and the step counts.
pub fn explain(solve: &impl SolveReport, grids: bool, full: bool, words: bool) -> String {
    let mut text = format!("{}\n", solve.summary());
    if grids {
        let names = solve.names();
        let before = solve.grids_before_steps();
        for (i, (grid, step)) in before.iter().zip(solve.steps()).enumerate() {
            let mut told = numbered_step(step, &(i + 1).to_string(), &names, full, 3);
            if words {
                told += &worded_step(solve, step, &names, 3);
            }
            let _ = write!(text, "{grid}\n{told}\n");
        }
    } else {
        text += &step_log(solve, full, words);
    }
    text += &format!("{}\n", verdict(solve));
    if let Some(difficulty) = solve.difficulty() {
        text += &format!("{difficulty}\n");
    }
    text += &format!("{}\n", step_counts(solve));
    text
}

/// `check`'s line for a puzzle whose search came to `count` (within a time limit of `seconds`):
/// `summary: verdict`.
pub fn check_line(puzzle: &impl PuzzleReport, count: Tally, seconds: f64) -> String {
    format!("{}: {}\n", puzzle.summary(), count_verdict(count, seconds))
}

/// `check`'s totals over several entries, from how many had each status.
pub fn check_totals(count: impl Fn(Status) -> usize) -> String {
    let total: usize = Status::ALL.iter().map(|&s| count(s)).sum();
    let mut text = format!(
        "{total} puzzles: {} unique, {} with several solutions, {} without solution",
        count(Status::Unique),
        count(Status::Multiple),
        count(Status::None)
    );
    for status in [Status::Invalid, Status::Undecided] {
        if count(status) > 0 {
            let _ = write!(text, ", {} {}", count(status), status.word());
        }
    }
    let sheets = count(Status::NoPuzzle);
    if sheets > 0 {
        let word = if sheets == 1 { "sheet" } else { "sheets" };
        let _ = write!(text, "; {sheets} {word} with no puzzle");
    }
    text + "\n"
}
