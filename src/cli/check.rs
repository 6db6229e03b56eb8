//! `gridlogic check`: each puzzle's size, layout, givens and number of solutions.

use super::args::{InputArgs, TimeArgs};
use super::{CommandResult, exit_code, print};
use gridlogic::read::Puzzles;
use gridlogic::report::{self, PuzzleReport};
use std::time::Duration;

/// Options of `check`.
#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    time: TimeArgs,
}

pub fn run(args: &Args) -> CommandResult {
    match args.input.read()? {
        Puzzles::Sudoku(puzzles) => check(&puzzles, |p| args.time.for_size(p.size())),
        Puzzles::Shikaku(puzzles) => check(&puzzles, |_| args.time.given()),
    }
}

/// One line per puzzle, `summary: verdict`, and totals when there are several.
fn check<P: PuzzleReport>(
    puzzles: &[P],
    time_limit: impl Fn(&P) -> Option<Duration>,
) -> CommandResult {
    let (text, all_unique) = report::text::check(puzzles, time_limit);
    print(&text)?;
    Ok(exit_code(all_unique))
}
