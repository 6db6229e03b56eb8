//! `gridlogic check`: each puzzle's size, layout, givens and number of solutions.

use super::args::InputArgs;
use super::{CommandResult, exit_code, print};
use gridlogic::read::Puzzles;
use gridlogic::report::{self, PuzzleReport};

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
    let (text, all_unique) = report::text::check(puzzles);
    print(&text)?;
    Ok(exit_code(all_unique))
}
