//! The text the commands print, for every puzzle kind: `solve`'s summary, `explain`'s log and
//! `check`'s verdicts.

use super::{
    PuzzleReport, SolveReport, count_verdict, numbered_step, step_counts, step_log, verdict,
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
/// with whether every puzzle has exactly one solution.
pub fn check(puzzles: &[impl PuzzleReport]) -> (String, bool) {
    let mut text = String::new();
    let mut counts = [0; 3];
    for puzzle in puzzles {
        let solutions = puzzle.count_solutions(2);
        counts[solutions] += 1;
        let _ = writeln!(text, "{}: {}", puzzle.summary(), count_verdict(solutions));
    }
    let [none, unique, several] = counts;
    if puzzles.len() > 1 {
        let n = puzzles.len();
        let _ = writeln!(
            text,
            "{n} puzzles: {unique} unique, {several} with several solutions, {none} without solution"
        );
    }
    (text, unique == puzzles.len())
}
