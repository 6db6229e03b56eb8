//! The text the commands print, for every puzzle kind: `solve`'s summary, `explain`'s log and
//! `check`'s verdicts.

use super::{
    PuzzleReport, SolveReport, count_verdict, numbered_step, step_counts, step_log, verdict,
};
use crate::search::Deadline;
use std::fmt::Write;
use std::time::Duration;

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
pub fn explain(solve: &impl SolveReport, grids: bool, full: bool) -> String {
    let mut text = format!("{}\n", solve.summary());
    if grids {
        let names = solve.names();
        let before = solve.grids_before_steps();
        for (i, (grid, step)) in before.iter().zip(solve.steps()).enumerate() {
            let step = numbered_step(step, &(i + 1).to_string(), &names, full, 3);
            let _ = write!(text, "{grid}\n{step}\n");
        }
    } else {
        text += &step_log(solve, full);
    }
    text += &format!("{}\n", verdict(solve));
    if let Some(difficulty) = solve.difficulty() {
        text += &format!("{difficulty}\n");
    }
    text += &format!("{}\n", step_counts(solve));
    text
}

/// `check`'s text: `summary: verdict` for each puzzle, and the totals when there are several;
/// with whether every puzzle has exactly one solution. Each puzzle's search stops after the time
/// limit that `time_limit` gives for its size (none: no limit).
pub fn check<P: PuzzleReport>(
    puzzles: &[P],
    time_limit: impl Fn(&P) -> Option<Duration>,
) -> (String, bool) {
    let mut text = String::new();
    let mut counts = [0; 3];
    let mut undecided = 0;
    for puzzle in puzzles {
        let limit = time_limit(puzzle);
        let deadline = limit.map_or(Deadline::NEVER, Deadline::after);
        let count = puzzle.count_solutions(2, deadline);
        match count.complete {
            true => counts[count.solutions] += 1,
            false => undecided += 1,
        }
        let seconds = limit.map_or(0.0, |limit| limit.as_secs_f64());
        let _ = writeln!(
            text,
            "{}: {}",
            puzzle.summary(),
            count_verdict(count, seconds)
        );
    }
    let [none, unique, several] = counts;
    if puzzles.len() > 1 {
        let n = puzzles.len();
        let _ = write!(
            text,
            "{n} puzzles: {unique} unique, {several} with several solutions, {none} without solution"
        );
        let _ = match undecided {
            0 => writeln!(text),
            _ => writeln!(text, ", {undecided} undecided within the time limit"),
        };
    }
    (text, unique == puzzles.len())
}
