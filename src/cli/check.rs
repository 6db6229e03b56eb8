//! `gridlogic check`: each puzzle's size, layout, givens and number of solutions.

use super::args::InputArgs;
use super::{CommandResult, exit_code, stdout};
use gridlogic::read::Puzzles;
use gridlogic::report::{PuzzleReport, count_verdict};
use std::io::Write;

/// Options of `check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
}

pub fn run(args: &Args) -> CommandResult {
    match args.input.read()? {
        Puzzles::Sudoku(puzzles) => check(&puzzles),
        Puzzles::Shikaku(puzzles) => check(&puzzles),
    }
}

/// One line per puzzle, `summary: verdict`, and totals when there are several.
fn check(puzzles: &[impl PuzzleReport]) -> CommandResult {
    let mut out = stdout();
    let mut counts = [0; 3];
    for puzzle in puzzles {
        let solutions = puzzle.count_solutions(2);
        counts[solutions] += 1;
        writeln!(out, "{}: {}", puzzle.summary(), count_verdict(solutions))?;
    }
    let [none, unique, several] = counts;
    if puzzles.len() > 1 {
        writeln!(
            out,
            "{} puzzles: {unique} unique, {several} with several solutions, {none} without solution",
            puzzles.len()
        )?;
    }
    out.flush()?;
    Ok(exit_code(unique == puzzles.len()))
}
